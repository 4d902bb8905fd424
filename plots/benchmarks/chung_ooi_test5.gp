# plots/benchmarks/chung_ooi_test5.gp - Chung & Ooi test 5 (a steel sphere on a rigid plane at a
# normal speed of 5 m/s, tangential speeds varied, mu = 0.3, e = 1;
# stages/benchmarks/chung_ooi_oblique.lua) in the normalised variables of Maw, Barber & Fawcett:
# recoil Psi2 against incidence Psi1 of the contact point, hertz_mindlin (md) against the
# rigid-body theory and the no-slip limit.  Not run by --plot (`make benchmarks` runs it).
# Variables: datadir, outfile; optional fmt, stylefile.
if (!exists("stylefile")) stylefile = "plots/_style.gp"
plot_w = 13; plot_h = 10
datafile = datadir   # (_style.gp names a default title after it)
load stylefile
data = datadir."/chung-ooi-test5.tsv"
set title "Chung \\& Ooi test 5: steel on a rigid plane\nv_n = 5 m/s, μ = 0.3, e = 1"
set xlabel "normalised incidence Ψ_1 = κ v_s / (μ v_n) (-)"
set ylabel "normalised recoil Ψ_2 = κ v_s' / (μ v_n) (-)"
set xrange [0:14.5]; set yrange [-3:9]
stats data using "chi" nooutput
chi = STATS_max
rigid(x) = x > 4*chi ? x - 4*chi : 0     # e = 1
set samples 500
set key top left inside Left reverse noopaque samplen 2 font ",7" width -4
plot data using "psi1":"psi2" with linespoints lt 1 title "hertz\\_mindlin (md)", \
     rigid(x) with lines ls 20 title "rigid body: Ψ_2 = Ψ_1 − 4χ, or 0", \
     data using "psi1":"psi2_noslip" with lines ls 21 title "no slip (hertz\\_mindlin, noSlip)"
