# plots/moment_rotation.gp - the moments on particle A against the relative rotations: twist Tx
# against phix, bending Ty against phiy and Tz against phiz, signed (a rolling or twisting
# cycle draws its hysteresis loop).  A DoF whose moment stays below 1e-9 of the largest is left
# out; a table without moments gets an empty panel saying so.
# Variables (set by `lawtester run --plot`): datafile (TSV), outfile (PNG).
# Optional: name (the table's name for the title; default datafile, which `lawtester` may
# set to the table's temporary file).
# Columns by name (docs/records.md): phix phiy phiz (rad, integral of the relative rotation rate
# of B with respect to A), Tx Ty Tz (N m, on particle A, local frame), contact.
set terminal pngcairo size 800,600 font ",11"
set output outfile
set datafile separator "\t"
set grid
set key top left box opaque
set xlabel "relative rotation {/Symbol f} [mrad]"
set ylabel "moment on A, M [N m]"
set title "moment-rotation: ".(exists("name") ? name : datafile) noenhanced
set xzeroaxis lt -1 lw 0.5
set yzeroaxis lt -1 lw 0.5
on(c) = (column("contact") > 0) ? column(c) : NaN
stats datafile using (abs(column("Tx"))) nooutput
mx = STATS_max
stats datafile using (abs(column("Ty"))) nooutput
my = STATS_max
stats datafile using (abs(column("Tz"))) nooutput
mz = STATS_max
m = mx > my ? (mx > mz ? mx : mz) : (my > mz ? my : mz)
if (m <= 0) {
  set xrange [-1:1]
  set yrange [-1:1]
  set label 1 "no moment in this record" at 0,0 center
  unset key
  plot NaN notitle
} else {
  set offsets graph 0.04, graph 0.04, graph 0.08, graph 0.08
  cmd = ""
  if (mx > 1e-9 * m) { cmd = cmd.", datafile using (on(\"phix\")*1e3):(on(\"Tx\")) with lines lw 2 lc rgb \"#1b9e77\" title \"twist: T_x({/Symbol f}_x)\"" }
  if (my > 1e-9 * m) { cmd = cmd.", datafile using (on(\"phiy\")*1e3):(on(\"Ty\")) with lines lw 2 lc rgb \"#d95f02\" title \"bending: T_y({/Symbol f}_y)\"" }
  if (mz > 1e-9 * m) { cmd = cmd.", datafile using (on(\"phiz\")*1e3):(on(\"Tz\")) with lines lw 2 lc rgb \"#7570b3\" title \"bending: T_z({/Symbol f}_z)\"" }
  eval("plot ".cmd[3:])
}
