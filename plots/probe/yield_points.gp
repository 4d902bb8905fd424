# plots/probe/yield_points.gp - the yield points of a probe (lawtester.probe_yield) in the plane
# of the compressive normal force -F_N (positive in compression, negative in tension) and the
# tangential force F_ty (signed: the probe's directions go both ways), against the law's
# analytic surface |F_t| = ft_max(F_N) drawn on both sides, as lawtester sampled it
# (NAME-surface.tsv).  Each point is the last elastic state before the first yield.
# Variables (`lawtester run --plot`): datafile (the probe table: yielded, broken, Fn, Fty, N,
# docs/probes.md), outfile, fmt, stylefile, title, params, surfacefile ('' if the law declares
# none) (src/output/plot_info.h).
if (!exists("surfacefile")) surfacefile = ""
if (!exists("stylefile")) stylefile = "plots/_style.gp"   # run by hand from the source tree
plot_w = 12; plot_h = 12
load stylefile
yielded(c) = column("yielded") > 0 ? c : NaN
stats datafile using (yielded(-column("Fn"))):(yielded(column("Fty"))) nooutput
xlo = STATS_min_x; xhi = STATS_max_x; ylo = STATS_min_y; yhi = STATS_max_y
nb = 0; ny = 0
stats datafile using (column("yielded") > 0 && column("broken") > 0 ? 1 : 0) nooutput
nb = STATS_sum
stats datafile using (column("yielded") > 0 && column("broken") == 0 ? 1 : 0) nooutput
ny = STATS_sum
span = (xhi - xlo > yhi - ylo ? xhi - xlo : yhi - ylo); span = span > 0 ? span : 1
e = eng(absmax(absmax(xlo, xhi), absmax(ylo, yhi))); s = 10.0**(-e)
set title title."\n".params noenhanced
set xlabel sprintf("compressive normal force −F_N (%sN)", pre(e))
set ylabel sprintf("tangential force F_{ty} (%sN)", pre(e))
set xrange [(xlo - 0.12*span)*s : (xhi + 0.12*span)*s]
set yrange [(ylo - 0.12*span)*s : (yhi + 0.12*span)*s]
set xtics tick(span*s)
set ytics tick(span*s)
set size ratio -1
set zeroaxis lt 1 lc rgb "#888888" lw 0.5
set key below center horizontal Left reverse samplen 1.5 width 1
pt_of(b) = (column("yielded") > 0 && column("broken") == b) ? -column("Fn")*s : NaN
surf = surfacefile eq '' ? '' : \
  'surfacefile using ((column("curve")==0) ? -column("Fn")*s : NaN):(column("Ft")*s) with lines ls 20 title "analytic surface ±ft_{max}(F_N)", ' . \
  'surfacefile using ((column("curve")==0) ? -column("Fn")*s : NaN):(-column("Ft")*s) with lines ls 20 notitle, '
broke = nb > 0 ? 'datafile using (pt_of(1)):(column("Fty")*s) with points pt 7 ps 0.6 lc rgb "#0072B2" title "probed: broke", ' : ''
flowed = ny > 0 ? 'datafile using (pt_of(0)):(column("Fty")*s) with points pt 6 ps 0.8 lw 1.5 lc rgb "#D55E00" title "probed: yielded", ' : ''
plot @surf @broke @flowed NaN notitle
