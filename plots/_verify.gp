# plots/_verify.gp - one verify case: the recorded curve (the driver's run, a line) and the
# closed form (points), from `lawtester verify --plot DIR`.  Not run by `lawtester run --plot`
# (names starting with '_' are skipped there).  The sign convention of every plot: the normal
# DoF as overlap -u_N and compressive force -F_N (positive in compression), the others signed.
# Variables: datafile (record TSV), analyticfile (closed-form TSV with columns xcol, ycol, or
# ''), outfile, fmt, stylefile, xcol, ycol (column names: ux uy uz phix.. Fx Fy Fz Tx..), sgn
# (-1: draw -x, -y, the normal DoF), title, law, case.
if (!exists("stylefile")) stylefile = "plots/_style.gp"   # run by hand from the source tree
plot_w = 12; plot_h = 10
load stylefile
sub(c) = c[strlen(c):strlen(c)]
lab(c, unit) = c eq "ux" ? "overlap −u_N (%s".unit.")" : c eq "Fx" ? "compressive normal force −F_N (%s".unit.")" : \
               c[1:1] eq "u" ? "tangential displacement u_".sub(c)." (%s".unit.")" : \
               c[1:1] eq "F" ? "tangential force F_".sub(c)." (%s".unit.")" : \
               c[1:3] eq "phi" ? "rotation φ_".sub(c)." (%s".unit.")" : "torque T_".sub(c)." (%s".unit.")"
unit(c) = c[1:1] eq "u" ? "m" : c[1:1] eq "F" ? "N" : c[1:1] eq "p" ? "rad" : "N m"
in_c(v) = column("contact") > 0 ? v : NaN
stats datafile using (in_c(sgn*column(xcol))):(in_c(sgn*column(ycol))) nooutput
ex = eng(absmax(STATS_min_x, STATS_max_x)); ey = eng(absmax(STATS_min_y, STATS_max_y))
sx = 10.0**(-ex); sy = 10.0**(-ey)
set xtics tick((STATS_max_x - STATS_min_x)*sx)
set ytics tick((STATS_max_y - STATS_min_y)*sy)
set autoscale noextend
set offsets graph 0.03, graph 0.03, graph 0.05, graph 0.05
set title title noenhanced
set xlabel sprintf(lab(xcol, unit(xcol)), pre(ex))
set ylabel sprintf(lab(ycol, unit(ycol)), pre(ey))
set zeroaxis lt 1 lc rgb "#888888" lw 0.5
set key below center horizontal Left reverse samplen 2 width 1
closed = strlen(analyticfile) > 0 ? \
  ', analyticfile using (sgn*column(xcol)*sx):(sgn*column(ycol)*sy) every 4 with points pt 6 ps 0.8 lw 1.5 lc rgb "#D55E00" title "closed form"' : ''
plot datafile using (in_c(sgn*column(xcol))*sx):(in_c(sgn*column(ycol))*sy) with lines lt 1 title "recorded (driver)" @closed
