# plots/force_displacement.gp - normal and tangential force against displacement.
# Variables (set by `lawtester run --plot`): datafile (TSV), outfile (PNG), tanphi (or NaN).
# Optional: name (the table's name for the title; default datafile, which `lawtester` may
# set to the table's temporary file).
# Columns by name (README "Records"): ux = uN (m, < 0 in overlap), uy uz (m), Fx (N, < 0 in
# compression, on particle A), Fy Fz (N).  Compression is plotted positive.
set terminal pngcairo size 1200,500 font ",10"
set output outfile
set datafile separator "\t"
set multiplot layout 1,2 title "force-displacement: ".(exists("name") ? name : datafile) noenhanced
set grid
set key top left
set xlabel "overlap -u_N [mm]"
set ylabel "normal force -F_N [N]"
set title "normal"
plot datafile using (-column("ux")*1e3):((column("contact")>0) ? -column("Fx") : NaN) with lines lw 2 title "-Fx"
# a purely normal test has |ut| = |Ft| = 0 throughout: give the empty panel a range of its own
stats datafile using (sqrt(column("uy")**2+column("uz")**2)*1e3):(sqrt(column("Fy")**2+column("Fz")**2)) nooutput
if (STATS_max_x <= 0) { set xrange [0:1] }
if (STATS_max_y <= 0) { set yrange [0:1] }
# a shear along local y alone (uz = Fz = 0 throughout) is plotted signed, so that the loops of a
# cyclic shear keep their shape; otherwise the magnitudes
stats datafile using (abs(column("uz"))):(abs(column("Fz"))) nooutput
if (STATS_max_x == 0 && STATS_max_y == 0) {
  set xlabel "tangential displacement u_y [mm]"
  set ylabel "tangential force F_y [N]"
  set title "tangential (along y)"
  plot datafile using (column("uy")*1e3):((column("contact")>0) ? column("Fy") : NaN) with lines lw 2 title "Fy"
} else {
  set xlabel "tangential displacement |u_t| [mm]"
  set ylabel "tangential force |F_t| [N]"
  set title "tangential"
  plot datafile using (sqrt(column("uy")**2+column("uz")**2)*1e3):((column("contact")>0) ? sqrt(column("Fy")**2+column("Fz")**2) : NaN) with lines lw 2 title "|Ft|"
}
unset multiplot
