# plots/probe_pair/section.gp - the yield points of a probe on a pair of DoFs
# (lawtester.probe_yield with `dofs`, or `control = "force"`) in the plane of the pair's forces
# (F_I, F_J: N for DoFs 1-3, N m for the torques 4-6, signed as the record's Fx..Tz: a
# compressive normal force is negative), against the section of the law's declared surface
# through the probe's start state (NAME-surface.tsv: bisection of lt_yield.excess along rays,
# docs/probes.md).  Each point is the last elastic state before the first yield; a cross marks the
# start state (the rays' origin); a direction that did not yield within the probe's limits is
# drawn at its end as a grey plus.
# Variables (`lawtester run --plot`): datafile (the probe table with the pair's columns FI FJ
# dofI dofJ), outfile, fmt, stylefile, title, params, surfacefile (src/output/plot_info.h).
if (!exists("surfacefile")) surfacefile = ""
if (!exists("stylefile")) stylefile = "plots/_style.gp"   # run by hand from the source tree
plot_w = 12; plot_h = 12
load stylefile
# the pair (1-based DoFs, the stage scripts' numbering) and its names and units
stats datafile using (column("dofI")):(column("dofJ")) nooutput
dI = int(STATS_min_x); dJ = int(STATS_min_y)
label(d) = d == 1 ? "normal force F_N" : d == 2 ? "shear force F_{ty}" : d == 3 ? "shear force F_{tz}" : \
           d == 4 ? "twisting moment M_t" : d == 5 ? "bending moment M_{by}" : "bending moment M_{bz}"
dof_unit(d) = d <= 3 ? "N" : "N m"
yielded(c) = column("yielded") > 0 ? c : NaN
# the ranges: the yielded points, or every direction's end when none yielded within the
# probe's limits (e.g. a surface that does not bound this pair's forces)
stats datafile using (column("yielded") > 0 ? 1 : 0) nooutput
nyield = STATS_sum; nrays = STATS_records
if (nyield > 0) {
  stats datafile using (yielded(column("FI"))):(yielded(column("FJ"))) nooutput
} else {
  stats datafile using (column("FI")):(column("FJ")) nooutput
}
xlo = STATS_min_x; xhi = STATS_max_x; ylo = STATS_min_y; yhi = STATS_max_y
# the section, where it is bounded (a ray that never meets the surface has no point)
undefine STATS_*
if (surfacefile ne '') { stats surfacefile using (column("FI")):(column("FJ")) nooutput }
if (exists("STATS_min_x")) {
  xlo = (STATS_min_x < xlo ? STATS_min_x : xlo); xhi = (STATS_max_x > xhi ? STATS_max_x : xhi)
  ylo = (STATS_min_y < ylo ? STATS_min_y : ylo); yhi = (STATS_max_y > yhi ? STATS_max_y : yhi)
}
nb = 0; ny = 0
stats datafile using (column("yielded") > 0 && column("broken") > 0 ? 1 : 0) nooutput
nb = STATS_sum
stats datafile using (column("yielded") > 0 && column("broken") == 0 ? 1 : 0) nooutput
ny = STATS_sum
spx = xhi - xlo > 0 ? xhi - xlo : 1; spy = yhi - ylo > 0 ? yhi - ylo : 1
ex = eng(absmax(xlo, xhi)); sx = 10.0**(-ex)
ey = eng(absmax(ylo, yhi)); sy = 10.0**(-ey)
set title title."\n".params noenhanced
set xlabel sprintf("%s, DoF %d (%s%s)", label(dI), dI, pre(ex), dof_unit(dI))
set ylabel sprintf("%s, DoF %d (%s%s)", label(dJ), dJ, pre(ey), dof_unit(dJ))
set xrange [(xlo - 0.08*spx)*sx : (xhi + 0.08*spx)*sx]
set yrange [(ylo - 0.08*spy)*sy : (yhi + 0.08*spy)*sy]
set xtics tick(spx*sx)
set ytics tick(spy*sy)
set zeroaxis lt 1 lc rgb "#888888" lw 0.5
set key below center vertical Left reverse samplen 1.5 width 1 maxrows 3
pt_of(b) = (column("yielded") > 0 && column("broken") == b) ? column("FI")*sx : NaN
surf = surfacefile eq '' ? '' : \
  'surfacefile using (column("FI")*sx):(column("FJ")*sy) with lines ls 20 title "declared surface: section through the start state", '
broke = nb > 0 ? 'datafile using (pt_of(1)):(column("FJ")*sy) with points pt 7 ps 0.6 lc rgb "#0072B2" title "probed: broke", ' : ''
flowed = ny > 0 ? 'datafile using (pt_of(0)):(column("FJ")*sy) with points pt 6 ps 0.8 lw 1.5 lc rgb "#D55E00" title "probed: yielded", ' : ''
unyielded(c) = column("yielded") > 0 ? NaN : c
ended = nyield < nrays ? sprintf('datafile using (unyielded(column("FI"))*sx):(column("FJ")*sy) with points pt 1 ps 1 lc rgb "#666666" title "not yielded within the probe'."'".'s limits (%d of %d)", ', nrays - nyield, nrays) : ''
# the start state: the first direction's point less its steps of increments (the ray's origin)
start_of(c, dc) = column("k") == 0 ? (column(c) - column("steps")*column(dc)) : NaN
start = 'datafile using (start_of("FI", "dFI")*sx):(start_of("FJ", "dFJ")*sy) with points pt 2 ps 1.2 lw 2 lc rgb "#000000" title "start state", '
plot @surf @broke @flowed @ended @start NaN notitle
