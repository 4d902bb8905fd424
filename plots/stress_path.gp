# plots/stress_path.gp - the path of the contact force in the (Fn, |Ft|) plane, with the law's
# yield surface overlaid when it declares one.
# Variables (set by `lawtester run --plot`): datafile (the record), outfile (PNG), surfacefile
# (NAME-surface.tsv, the law's surface sampled by lawtester, or '' if the law declares none).
# Columns by name: record Fx (N, on particle A, < 0 = compression), Fy Fz (N), contact;
# surface file curve (0: the contact as created, 1: at the end of the run), Fn (N), Ft (N).
# Optional: name (the table's name for the title; default datafile, which `lawtester` may
# set to the table's temporary file).
set terminal pngcairo size 800,600 font ",10"
set output outfile
set datafile separator "\t"
set grid
set key top right
set xlabel "normal force F_N [N]  (< 0 compression, > 0 tension)"
set ylabel "tangential force |F_t| [N]"
set title "stress path: ".(exists("name") ? name : datafile) noenhanced
set yrange [0:*]
fx(c) = (column("contact")>0) ? column("Fx") : NaN   # c unused (gnuplot functions need an argument)
ft(c) = sqrt(column("Fy")**2+column("Fz")**2)
stats datafile using (ft(0)) nooutput
if (STATS_max <= 0) set yrange [0:1]   # no shear force at all (e.g. a normal impact)
if (surfacefile ne '') {
  stats surfacefile using (column("curve")) nooutput
  final = STATS_max > 0   # a curve 1: the surface changed during the run (e.g. a broken bond)
  plot datafile using (fx(0)):(ft(0)) with lines lw 2 lc rgb "blue" title "path", \
       surfacefile using ((column("curve")==0) ? column("Fn") : NaN):"Ft" with lines lw 1.5 lc rgb "red" title "yield surface (contact as created)", \
       for [i=1:final] surfacefile using ((column("curve")==1) ? column("Fn") : NaN):"Ft" with lines lw 1.5 dt 2 lc rgb "dark-red" title "yield surface (end of run)"
} else {
  plot datafile using (fx(0)):(ft(0)) with lines lw 2 lc rgb "blue" title "path"
}
