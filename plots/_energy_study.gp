# plots/_energy_study.gp - relative error of each slip-dissipation formula against the time
# step, one panel per path (`make energy-study`; not run by --plot: the name starts with _).
# Variables: datafile (out/energy-study.tsv), outfile (PNG).
set terminal pngcairo size 1500,900 font ",10"
set output outfile
set datafile separator "\t"
set logscale xy
set format y "10^{%L}"
set format x "10^{%L}"
set grid
set key bottom right
set xlabel "time step dt [s]  (v = 1 m/s)"
set ylabel "|plast - exact| / exact"
set yrange [1e-17:1]
floor_ = 1e-16
paths = "onset sliding combined unloading csu"
formulas = "trapezoid path doc code potential"
set multiplot layout 2,3 title "slip dissipation: error against the time step (values below 1e-16 are round-off)"
do for [p in paths] {
  set title p
  plot for [f in formulas] datafile using (strcol(1) eq f && strcol(2) eq p ? column("dt") : NaN):(column("rel_err") > floor_ ? column("rel_err") : floor_) with linespoints title f
}
set title "energy balance of the compress-shear-unload run"
set ylabel "|balance\\_err| / work"
plot for [f in formulas] datafile using (strcol(1) eq f && strcol(2) eq "csu" ? column("dt") : NaN):(abs(column("balance_rel")) > floor_ ? abs(column("balance_rel")) : floor_) with linespoints title f
unset multiplot
