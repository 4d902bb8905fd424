# plots/_verify_generic.gp - one generic check of `lawtester verify --plot DIR` (docs/plots.md):
# top, force against displacement of each of its runs (the normal DoF as overlap -u_N and
# compressive force -F_N, positive in compression; the shear cycle's on shear y, signed); below,
# the energies of its first run against time: the law's (stored, dissipated), the work done on
# the contact W_c = W - (E_k - E_k0) - damp + E_s0 (as plots/energy.gp: the driver's work less
# what went into the bodies, so that W_c = stored + dissipated) and the balance error
# (docs/energy.md).  Not run by `lawtester run --plot` (names starting
# with '_' are skipped there).
# Variables: base (the runs are base.tsv, base-run2.tsv, ...), runs, outfile, fmt, stylefile,
# xcol, ycol, sgn (-1: draw -x, -y, the normal DoF), energies (the law's energy columns),
# estored (those of them that are stored), title.
if (!exists("stylefile")) stylefile = "plots/_style.gp"   # run by hand from the source tree
plot_w = 13; plot_h = 17
load stylefile
file(k) = k == 1 ? base.".tsv" : sprintf("%s-run%d.tsv", base, k)
sub(c) = c[strlen(c):strlen(c)]
lab(c, unit) = c eq "ux" ? "overlap −u_N (%s".unit.")" : c eq "Fx" ? "compressive normal force −F_N (%s".unit.")" : \
               c[1:1] eq "u" ? "tangential displacement u_".sub(c)." (%s".unit.")" : "tangential force F_".sub(c)." (%s".unit.")"
unit(c) = c[1:1] eq "u" ? "m" : "N"
in_c(v) = column("contact") > 0 ? v : NaN

# the scales of the top panel over every run
xmin = 0; xmax = 0; ymin = 0; ymax = 0
do for [k=1:runs] {
  stats file(k) using (in_c(sgn*column(xcol))):(in_c(sgn*column(ycol))) nooutput
  if (STATS_records > 0) {
    xmin = STATS_min_x < xmin ? STATS_min_x : xmin; xmax = STATS_max_x > xmax ? STATS_max_x : xmax
    ymin = STATS_min_y < ymin ? STATS_min_y : ymin; ymax = STATS_max_y > ymax ? STATS_max_y : ymax
  }
}
ex = eng(absmax(xmin, xmax)); ey = eng(absmax(ymin, ymax))
sx = 10.0**(-ex); sy = 10.0**(-ey)

set multiplot title title noenhanced font sprintf(",%g", font_pt + 1)
set autoscale noextend
set offsets graph 0.03, graph 0.03, graph 0.05, graph 0.05
set zeroaxis lt 1 lc rgb "#888888" lw 0.5
set key below center vertical Left reverse samplen 2 maxrows 2   # two rows, the columns side by side
set lmargin 10; set rmargin 3   # both panels: the same plot width

# top: force against displacement
set origin 0, 0.47; set size 1, 0.5
set xtics tick((xmax - xmin)*sx); set ytics tick((ymax - ymin)*sy)
set xlabel sprintf(lab(xcol, unit(xcol)), pre(ex))
set ylabel sprintf(lab(ycol, unit(ycol)), pre(ey))
plot for [k=1:runs] file(k) using (in_c(sgn*column(xcol))*sx):(in_c(sgn*column(ycol))*sy) \
     with lines lt k title (runs == 1 ? "recorded (driver)" : sprintf("run %d", k))

# below: the energies of the first run
stats file(1) every ::0::0 using "kin" nooutput; kin0 = STATS_min
estored0 = 0
do for [w in estored] { stats file(1) every ::0::0 using (column(w)) nooutput; estored0 = estored0 + STATS_min }
wc(c) = column("work") - (column("kin") - kin0) - column("damp") + estored0
curves = energies." wc balance_err"
curve_of(w) = w eq "wc" ? wc(0) : column(w)
emin = 0; emax = 0
do for [w in curves] { stats file(1) using (curve_of(w)) nooutput; emin = STATS_min < emin ? STATS_min : emin; emax = STATS_max > emax ? STATS_max : emax }
stats file(1) using "time" nooutput
et = eng(absmax(STATS_min, STATS_max)); tscale = 10.0**(-et); tend = STATS_max
ee = eng(absmax(emin, emax)); escale = 10.0**(-ee)
set origin 0, 0; set size 1, 0.47
# the key in two columns (a law may book many energies), below the x label
nkey = words(energies) + 2
set key width -4 maxrows int((nkey + 1)/2)
set bmargin 3.5 + 1.3*int((nkey + 1)/2)
set xtics tick(tend*tscale); set ytics tick((emax - emin)*escale)
set xlabel sprintf("time t (%ss)", pre(et))
set ylabel sprintf("energy (%sJ)", pre(ee))
has(list, w) = strstrt(" ".list." ", " ".w." ") > 0
elabel(w) = w eq "wc" ? "W_c: work on contact" : w eq "balance_err" ? "balance error" : \
            has(estored, w) ? w." (stored)" : w." (dissipated)"
# W_c dashed: an elastic law's stored energy equals it, and would hide under a solid line
plot for [i=1:words(energies)] file(1) using (column("time")*tscale):(column(word(energies, i))*escale) \
       with lines lt i title elabel(word(energies, i)), \
     file(1) using (column("time")*tscale):(wc(0)*escale) with lines lt 7 lw 1.5 dt (6, 4) title elabel("wc"), \
     file(1) using (column("time")*tscale):(column("balance_err")*escale) with lines lw 1.5 lc rgb "#777777" title elabel("balance_err")
unset multiplot
