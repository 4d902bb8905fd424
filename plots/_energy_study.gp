# plots/_energy_study.gp - relative error of each slip-dissipation formula against the time
# step, one panel per path, and the energy balance of the compress-shear-unload run
# (`make energy-study`, docs/energy.md; not run by --plot: the name starts with _).
# Variables: datafile (out/energy-study.tsv), outfile; optional fmt (png, svg, pdf) and
# stylefile (default plots/_style.gp).
if (!exists("stylefile")) stylefile = "plots/_style.gp"
plot_w = 17; plot_h = 14
load stylefile
floor_ = 1e-16    # values below are round-off, drawn at the floor
paths = "onset sliding combined unloading csu"
formulas = "trapezoid path doc code potential"
# one datablock $pKfI per panel K and formula I (the table's rows of both are not adjacent, and
# a line through rows filtered by NaN would break at every other row)
do for [k=1:6] {
  do for [i=1:5] {
    f = word(formulas, i); p = k < 6 ? word(paths, k) : "csu"
    eval sprintf("set table $p%df%d", k, i)
    if (k < 6) {
      plot datafile using (column("dt")):(column("rel_err") > floor_ ? column("rel_err") : floor_) with table if (strcol(1) eq f && strcol(2) eq p)
    } else {
      plot datafile using (column("dt")):(abs(column("balance_rel")) > floor_ ? abs(column("balance_rel")) : floor_) with table if (strcol(1) eq f && strcol(2) eq p)
    }
    unset table
  }
}
set datafile nocolumnheaders
set logscale xy
set xrange [6e-8:1.6e-5]
set yrange [3e-17:3]
set ytics 1e-16, 1e4, 1
set mytics 4
set multiplot title "Slip dissipation: relative error against the time step (linear law, v = 1 m/s)" font sprintf(",%g", font_pt + 1)
unset key
do for [k=1:6] {
  col = (k - 1) % 3; row = (k - 1) / 3
  set lmargin at screen 0.13 + col*0.29
  set rmargin at screen 0.13 + col*0.29 + 0.25
  set tmargin at screen 0.80 - row*0.40
  set bmargin at screen 0.80 - row*0.40 - 0.28
  set format x (row == 1 ? "10^{%L}" : "")
  set format y (col == 0 ? "10^{%L}" : "")
  if (row == 1) { set xlabel "time step Δt (s)" } else { unset xlabel }
  if (col == 0) { set ylabel "relative error" } else { unset ylabel }
  set title (k < 6 ? word(paths, k).": plast" : "csu: |balance_err| / work") noenhanced
  cmd = "plot "
  do for [i=1:5] { cmd = cmd.sprintf("%s$p%df%d using 1:2 with linespoints lt %d title '%s'", i > 1 ? ", " : "", k, i, i, word(formulas, i)) }
  eval cmd
}
# the key: one row under the title, drawn by an empty plot across the figure
set lmargin at screen 0.05
set rmargin at screen 0.95
set tmargin at screen 0.93
set bmargin at screen 0.87
unset title; unset xlabel; unset ylabel; unset border; unset tics; unset grid; unset logscale
set xrange [0:1]; set yrange [0:1]
set key inside center center horizontal maxrows 1 Left reverse samplen 2 width 1 nobox
set label 1 "values below 10^{-16} are round-off, drawn at 10^{-16}" at screen 0.98, screen 0.012 right font ",7" tc rgb "#555555"
plot for [i=1:5] NaN with linespoints lt i title word(formulas, i)
unset multiplot
