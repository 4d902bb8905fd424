# plots/benchmarks/chung_ooi_spin_plane.gp - Chung & Ooi tests 6 (a spinning sphere on a rigid
# plane) and 8 (a spinning sphere of 0.1 m on a free sphere of 0.5 m), normal speed 0.2 m/s,
# mu = 0.4, e = 0.5 (stages/benchmarks/chung_ooi_oblique.lua): tangent of the recoil angle of
# the contact point, vs'/vn', against the tangent of its incidence, vs/vn, for hertz_mindlin
# (md, Tsuji damping unclipped) against the rigid-body theory, hertz_mindlin's own sliding line
# (its friction acts on the whole normal force, tensile tail included) and the no-slip limit.
# Not run by --plot (`make benchmarks` runs it).  Variables: datadir, outfile; optional fmt,
# stylefile.
if (!exists("stylefile")) stylefile = "plots/_style.gp"
plot_w = 18; plot_h = 15
datafile = datadir   # (_style.gp names a default title after it)
load stylefile
sel(m, v) = strcol("material") eq m ? v : NaN
set multiplot layout 2, 2 title "Chung \\& Ooi tests 6 and 8: spin, v_n = 0.2 m/s, μ = 0.4, e = 0.5 (hertz\\_mindlin, md)" font ",9"
set tmargin 2.5
set xlabel "tangent of incidence v_s / v_n (-)"
set ylabel "tangent of recoil v_s' / v_n' (-)"
set xrange [0:11]; set yrange [-2:18]
set key top left inside Left reverse noopaque samplen 2 font ",7" width -4
do for [t in "6 8"] {
  data = datadir."/chung-ooi-test".t.".tsv"
  set title (t eq "6" ? "test 6: on a rigid plane" : "test 8: on a free sphere, R_2 = 5 R_1")
  plot data using (sel("al_alloy", column("x"))):"y" with linespoints lt 1 title "Al alloy", \
       data using (sel("nylon", column("x"))):"y" with linespoints lt 2 title "nylon", \
       data using (sel("al_alloy", column("x"))):"y_rigid" with lines ls 20 title "rigid body", \
       data using (sel("al_alloy", column("x"))):"y_noslip" with lines ls 21 title "no slip, Al alloy", \
       data using (sel("nylon", column("x"))):"y_noslip" with lines lt 2 lw 1 dt (8, 3, 2, 3) title "no slip, nylon"
  unset key
}
# the sliding range: lawtester less the rigid-body line, and hertz_mindlin's own line
slides(x) = column("y_rigid") > 0 ? x : NaN
set ylabel "v_s'/v_n' less the rigid-body line (-)"
set xrange [2:11]; set yrange [-0.75:0.1]
set ytics 0.1
set key bottom right inside Left reverse noopaque samplen 2 font ",7"
do for [t in "6 8"] {
  data = datadir."/chung-ooi-test".t.".tsv"
  set title (t eq "6" ? "test 6: less the rigid-body line" : "test 8: less the rigid-body line")
  plot data using (sel("al_alloy", slides(column("x")))):(column("y") - column("y_rigid")) with linespoints lt 1 title "Al alloy", \
       data using (sel("nylon", slides(column("x")))):(column("y") - column("y_rigid")) with linespoints lt 2 title "nylon", \
       0 with lines ls 20 title "rigid body", \
       data using (sel("al_alloy", slides(column("x")))):(column("y_law") - column("y_gross")) with lines lt 3 lw 1.5 dt (4, 3) title "hertz\\_mindlin's sliding line"
  unset key
}
unset multiplot
