# plots/_verify.gp - one verify case: the recorded curve (the driver's run, a line) and the
# closed form (points), from `lawtester verify --plot DIR`.  Not run by `lawtester run --plot`
# (names starting with '_' are skipped there).
# Variables: datafile (record TSV), analyticfile (closed-form TSV with columns xcol, ycol, or
# ''), outfile (PNG), xcol, ycol (column names, e.g. "ux" and "Fx"), sgn (-1: draw -x, -y so
# that overlap and compression are positive), title.
set terminal pngcairo size 900,600 font ",10"
set output outfile
set datafile separator "\t"
set grid
set key top left
set title title noenhanced
xl = (sgn < 0 ? "-".xcol : xcol).(xcol[1:1] eq "u" ? " [m]" : " [rad]")
yl = (sgn < 0 ? "-".ycol : ycol).(ycol[1:1] eq "F" ? " [N]" : " [N m]")
set xlabel xl noenhanced
set ylabel yl noenhanced
if (strlen(analyticfile) > 0) {
  plot datafile using (column("contact") > 0 ? sgn*column(xcol) : NaN):(sgn*column(ycol)) with lines lw 2 title "recorded", \
       analyticfile using (sgn*column(xcol)):(sgn*column(ycol)) every 4 with points pt 6 ps 0.6 lc rgb "red" title "closed form"
} else {
  plot datafile using (column("contact") > 0 ? sgn*column(xcol) : NaN):(sgn*column(ycol)) with lines lw 2 title "recorded"
}
