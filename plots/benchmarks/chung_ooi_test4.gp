# plots/benchmarks/chung_ooi_test4.gp - Chung & Ooi test 4 (a sphere on a rigid plane at 3.9 m/s,
# incidence theta from the normal, mu = 0.092, e = 0.98; stages/benchmarks/chung_ooi_oblique.lua):
# hertz_mindlin (md) against the rigid-body theory (gross sliding, stick below) and the no-slip
# limit: the tangential restitution of the centre e_t = vt'/vt, the spin after and the recoil
# angle of the contact point.  Not run by --plot (`make benchmarks` runs it).
# Variables: datadir (the -o directory of the stage file), outfile; optional fmt (png, svg, pdf),
# stylefile (default plots/_style.gp).
if (!exists("stylefile")) stylefile = "plots/_style.gp"
plot_w = 16; plot_h = 13
datafile = datadir   # (_style.gp names a default title after it)
load stylefile
data = datadir."/chung-ooi-test4.tsv"
sel(m, v) = strcol("material") eq m ? v : NaN
set multiplot layout 2, 2 title "Chung \\& Ooi test 4, hertz\\_mindlin: rigid plane, 3.9 m/s, μ = 0.092, e = 0.98" font ",9"
set tmargin 2.5
set lmargin 10
set rmargin 3
set xlabel "incidence θ (deg)"
set xrange [0:90]
set xtics 15
set ylabel "e_t = v_t' / v_t (-)"
set yrange [0.5:1.05]
unset key
plot data using (sel("al_oxide", column("theta_deg"))):"et" with linespoints lt 1 title "Al oxide", \
     data using (sel("al_alloy4", column("theta_deg"))):"et" with linespoints lt 2 title "Al alloy", \
     data using (sel("al_oxide", column("theta_deg"))):"et_rigid" with lines ls 20 title "rigid body", \
     data using (sel("al_oxide", column("theta_deg"))):"et_noslip" with lines ls 21 title "no slip, Al oxide"
set ylabel "spin after ω' (rad/s)"
set yrange [0:700]
set ytics 100
unset key
plot data using (sel("al_oxide", column("theta_deg"))):"w" with linespoints lt 1 title "Al oxide", \
     data using (sel("al_alloy4", column("theta_deg"))):"w" with linespoints lt 2 title "Al alloy", \
     data using (sel("al_oxide", column("theta_deg"))):"w_rigid" with lines ls 20 title "rigid body"
set ylabel "contact-point recoil angle (deg)"
set yrange [-20:90]
set ytics 20
set key top left inside Left reverse noopaque samplen 2 font ",7" width -4
plot data using (sel("al_oxide", column("theta_deg"))):"recoil_deg" with linespoints lt 1 title "Al oxide", \
     data using (sel("al_alloy4", column("theta_deg"))):"recoil_deg" with linespoints lt 2 title "Al alloy", \
     data using (sel("al_oxide", column("theta_deg"))):"recoil_rigid_deg" with lines ls 20 title "rigid body", \
     NaN with lines ls 21 title "no slip (e_t), Al oxide"
set ylabel "|e_t − sliding line| (-)"
set logscale y
set format y "10^{%L}"
set yrange [1e-9:1e-1]
set ytics autofreq
set key top right inside Left reverse noopaque samplen 2 font ",7" width -4
sliding(th) = th > 33 ? th : NaN   # the rigid body slides throughout above 32.5 deg
plot data using (sel("al_oxide", sliding(column("theta_deg")))):(abs(column("et") - column("et_rigid"))) with linespoints lt 1 title "Al oxide − rigid body", \
     data using (sel("al_oxide", sliding(column("theta_deg")))):(abs(column("et") - column("et_law"))) with linespoints lt 3 title "Al oxide − law's line", \
     data using (sel("al_alloy4", sliding(column("theta_deg")))):(abs(column("et") - column("et_law"))) with linespoints lt 2 title "Al alloy − law's line"
unset multiplot
