# plots/probe/yield_points.gp - the yield points of a probe (lawtester.probe_yield) in the plane of
# the normal force Fn and the tangential force Fty, against the law's analytic surface
# |Ft| = ft_max(Fn) drawn on both sides (+/-), as lawtester sampled it (NAME-surface.tsv).
# Variables (set by `lawtester run --plot`): datafile (the probe table), outfile (PNG),
# surfacefile ('' if the law declares none).  Columns by name (README "Yield probes"): yielded,
# broken, Fn, Fty (N, the last elastic state before the first yield), dF (N, the bound).
# Optional: name (the table's name for the title; default datafile, which `lawtester` may
# set to the table's temporary file).
set terminal pngcairo size 800,700 font ",10"
set output outfile
set datafile separator "\t"
set grid
set key top left
set xlabel "normal force F_N [N]  (< 0 compression, > 0 tension)"
set ylabel "tangential force F_{ty} [N]"
set title "yield probe: ".(exists("name") ? name : datafile) noenhanced
stats datafile using (column("yielded")>0 ? column("Fn") : NaN) nooutput
xlo = STATS_min; xhi = STATS_max
stats datafile using (column("yielded")>0 ? column("Fty") : NaN) nooutput
ylo = STATS_min; yhi = STATS_max
span = (xhi - xlo > yhi - ylo ? xhi - xlo : yhi - ylo); span = span > 0 ? span : 1
set xrange [xlo - 0.15*span : xhi + 0.15*span]
set yrange [ylo - 0.15*span : yhi + 0.15*span]
set size ratio -1
yieldpt(c) = (column("yielded")>0 && column("broken")==c) ? column("Fn") : NaN
if (surfacefile ne '') {
  plot surfacefile using ((column("curve")==0) ? column("Fn") : NaN):"Ft" with lines lw 1.5 lc rgb "red" title "analytic surface", \
       surfacefile using ((column("curve")==0) ? column("Fn") : NaN):(-column("Ft")) with lines lw 1.5 lc rgb "red" notitle, \
       datafile using (yieldpt(1)):"Fty" with points pt 7 ps 0.9 lc rgb "blue" title "probed: broke", \
       datafile using (yieldpt(0)):"Fty" with points pt 6 ps 1.1 lc rgb "dark-green" title "probed: yielded"
} else {
  plot datafile using (yieldpt(1)):"Fty" with points pt 7 ps 0.9 lc rgb "blue" title "probed: broke", \
       datafile using (yieldpt(0)):"Fty" with points pt 6 ps 1.1 lc rgb "dark-green" title "probed: yielded"
}
