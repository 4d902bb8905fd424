# plots/force_path.gp - the force path |Ft| against -Fn, with the Coulomb line |Ft| = tan(phi)|Fn|.
# Variables: datafile (TSV), outfile (PNG), tanphi (friction coefficient, NaN if the law has none).
# Optional: name (the table's name for the title; default datafile, which `lawtester` may
# set to the table's temporary file).
set terminal pngcairo size 700,550 font ",10"
set output outfile
set datafile separator "\t"
set grid
set key top left
set xlabel "normal force -F_N [N]  (compression positive)"
set ylabel "tangential force |F_t| [N]"
set title "force path: ".(exists("name") ? name : datafile) noenhanced
stats datafile using (-column("Fx")) nooutput
fmax = STATS_max > 0 ? STATS_max : 1
set xrange [0:fmax*1.05]
stats datafile using (sqrt(column("Fy")**2+column("Fz")**2)) nooutput
if (STATS_max > 0) { set yrange [0:*] } else { set yrange [0:1] }
if (tanphi == tanphi) {
  plot datafile using ((column("contact")>0) ? -column("Fx") : NaN):(sqrt(column("Fy")**2+column("Fz")**2)) with lines lw 2 title "path", \
       tanphi*x with lines dt 2 lc rgb "red" title sprintf("Coulomb |F_t| = %.4g |F_N|", tanphi)
} else {
  plot datafile using ((column("contact")>0) ? -column("Fx") : NaN):(sqrt(column("Fy")**2+column("Fz")**2)) with lines lw 2 title "path"
}
