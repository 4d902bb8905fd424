# plots/stress_path.gp - the path of the contact force in the plane of the compressive normal
# force -F_N (positive in compression, negative in tension) and the magnitude of the tangential
# force |F_t|, with the law's yield surface when it declares one, as lawtester sampled it: the
# contact as created and, if it changed during the run (e.g. a broken bond), at the end.
# Forces on particle A, contact frame (docs/records.md); only states in contact.  The same
# sign convention as force_path.gp.  Numbered dots: the states the stages start from.
# Variables (`lawtester run --plot`): datafile, outfile, fmt, stylefile, title, params,
# surfacefile (NAME-surface.tsv: curve, Fn (N, < 0 in compression), Ft (N); '' if the law
# declares no surface), nstages, stagerow, stageno (src/output/plot_info.h).
if (!exists("surfacefile")) surfacefile = ""
if (!exists("stylefile")) stylefile = "plots/_style.gp"   # run by hand from the source tree
plot_w = 12; plot_h = 11
load stylefile
in_c(c) = column("contact") > 0 ? c : NaN
ft(c) = sqrt(column("Fy")**2 + column("Fz")**2)
stats datafile using (in_c(-column("Fx"))):(in_c(ft(0))) nooutput
xlo = STATS_min_x < 0 ? STATS_min_x : 0; xhi = STATS_max_x > 0 ? STATS_max_x : 0; yhi = STATS_max_y > 0 ? STATS_max_y : 0
final = 0
if (surfacefile ne '') {
  # the surface's reach within the path's normal forces (a surface is sampled a little wider)
  stats surfacefile using (-column("Fn")):(column("Ft")) nooutput
  xlo = STATS_min_x < xlo ? STATS_min_x : xlo; xhi = STATS_max_x > xhi ? STATS_max_x : xhi
  yhi = STATS_max_y > yhi ? STATS_max_y : yhi
  stats surfacefile using (column("curve")) nooutput
  final = STATS_max > 0   # a curve 1: the surface changed during the run
}
xhi = xhi > xlo ? xhi : xlo + 1; yhi = yhi > 0 ? yhi : 0.5*(xhi - xlo)
en = eng(absmax(xlo, xhi)); sn = 10.0**(-en)
et = eng(yhi); st = 10.0**(-et)
set title title."\n".params noenhanced
set xlabel sprintf("compressive normal force −F_N (%sN)", pre(en))
set ylabel sprintf("tangential force |F_t| (%sN)", pre(et))
set xrange [xlo*sn - 0.03*(xhi - xlo)*sn : xhi*sn + 0.03*(xhi - xlo)*sn]
set yrange [0 : yhi*st*1.1]
set xtics tick((xhi - xlo)*sn)
set ytics tick(yhi*st)
set zeroaxis lt 1 lc rgb "#888888" lw 0.5
set key below center horizontal Left reverse samplen 1.5 width 1
if (exists("tcomp") && words(tcomp) == 0) { set label 1 "F_t = 0 throughout" at graph 0.97, graph 0.06 right }
mark_x(c) = -column("Fx")*sn
mark_y(c) = ft(0)*st
tx = 0.02*(xhi - xlo)*sn; ty = 0.04*yhi*st
eval collect_marks
surf = surfacefile eq '' ? '' : \
  'surfacefile using ((column("curve")==0) ? -column("Fn")*sn : NaN):(column("Ft")*st) with lines ls 20 title "yield surface, contact as created", '
surf1 = final ? \
  'surfacefile using ((column("curve")==1) ? -column("Fn")*sn : NaN):(column("Ft")*st) with lines ls 21 title "yield surface, end of the run", ' : ''
plot @surf @surf1 @stage_key datafile using (in_c(-column("Fx"))*sn):(in_c(ft(0))*st) with lines lt 1 title "path" @stage_dots @stage_dots2
