# plots/benchmarks/chung_ooi_restitution.gp - Chung & Ooi test 3 (a sphere on a rigid plane at
# 3.9 m/s with a set restitution, stages/benchmarks/chung_ooi_normal.lua): the restitution
# hertz_mindlin gives against the one it is set to (Tsuji's dashpot, alpha(e_n)), and its
# relative error; the closed form is e = e_n (dashed).  Not run by --plot (`make benchmarks`).
# Variables: datadir (the -o directory of the stage file), outfile; optional fmt (png, svg,
# pdf), stylefile (default plots/_style.gp).
if (!exists("stylefile")) stylefile = "plots/_style.gp"
plot_w = 16; plot_h = 7.5
datafile = datadir   # (_style.gp names a default title after it)
load stylefile
data = datadir."/chung-ooi-restitution.tsv"
sel(m, v) = strcol("material") eq m ? v : NaN
set multiplot layout 1, 2 title "Chung \\& Ooi test 3: a sphere on a rigid plane at 3.9 m/s, hertz\\_mindlin" font ",9"
set tmargin 3
set xlabel "restitution set, e_n (-)"
set ylabel "restitution obtained, v_n' / v_n (-)"
set xrange [0:1.05]; set yrange [0:1.05]
set key top left inside Left reverse noopaque samplen 2 font ",7" width -4
plot data using (sel("al_oxide", column("en_set"))):"e_lawtester" with points lt 1 pt 7 ps 0.8 title "Al oxide", \
     data using (sel("cast_iron", column("en_set"))):"e_lawtester" with points lt 2 pt 6 ps 1.8 title "cast iron", \
     x with lines ls 20 title "e = e_n"
set ylabel "relative error |e - e_n| / e_n (-)"
set logscale y
set format y "10^{%L}"
set yrange [1e-17:1e-3]
set key at graph 0.03, graph 0.04 left bottom Left reverse noopaque samplen 2 font ",7" width -8
floor_(v) = v > 1e-13 ? v : 1e-13   # an exact result drawn at the bottom of the axis
plot data using (sel("al_oxide", column("en_set"))):(floor_(column("rel_error"))) with linespoints lt 1 pt 7 ps 0.8 title "Al oxide", \
     data using (sel("cast_iron", column("en_set"))):(floor_(column("rel_error"))) with points lt 2 pt 6 ps 1.8 title "cast iron", \
     1e-4 with lines ls 20 title "verify's tolerance"
unset multiplot
