# plots/benchmarks/chung_ooi_test7.gp - Chung & Ooi test 7 (two identical spheres at +-0.2 m/s
# with opposite spins, mu = 0.4, e = 0.5; stages/benchmarks/chung_ooi_spin.lua): the spin after
# against the spin before (closed form: unchanged) and the tangential velocity of the centres
# after (closed form: 0), hertz_mindlin.  Not run by --plot (`make benchmarks` runs it).
# Variables: datadir, outfile; optional fmt, stylefile.
if (!exists("stylefile")) stylefile = "plots/_style.gp"
plot_w = 16; plot_h = 7.5
datafile = datadir   # (_style.gp names a default title after it)
load stylefile
data = datadir."/chung-ooi-test7.tsv"
sel(m, v) = strcol("material") eq m ? v : NaN
set multiplot layout 1, 2 title "Chung \\& Ooi test 7, hertz\\_mindlin: ±0.2 m/s, spins ±ω, μ = 0.4, e = 0.5" font ",9"
set tmargin 3
set lmargin 9
set xlabel "spin before ω (rad/s)"
set xrange [0:23]
set ylabel "spin after ω', sphere A (rad/s)"
set yrange [0:23]
set key top left inside Left reverse noopaque samplen 2 font ",7" width -4
plot data using (sel("al_alloy", column("w"))):"wA_after" with points lt 1 pt 7 ps 0.8 title "Al alloy", \
     data using (sel("copper", column("w"))):"wA_after" with points lt 2 pt 6 ps 1.6 title "copper", \
     x with lines ls 20 title "ω' = ω"
set ylabel "v_t' of sphere A (10^{-15} m/s)"
set yrange [-1:1]
set format y "%g"
set key top right width -1
plot data using (sel("al_alloy", column("w"))):(column("vtA_after")*1e15) with points lt 1 pt 7 ps 0.8 title "Al alloy", \
     data using (sel("copper", column("w"))):(column("vtA_after")*1e15) with points lt 2 pt 6 ps 1.6 title "copper", \
     0 with lines ls 20 title "closed form 0"
unset multiplot
