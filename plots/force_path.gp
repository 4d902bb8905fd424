# plots/force_path.gp - the path of the contact force: the tangential components F_y, F_z
# (signed, so that a reversal of the shear shows) against the compressive normal force -F_N
# (positive in compression), with the Coulomb lines F_t = ±tan(phi) (-F_N) of the law's
# friction coefficient at the end of the run.  Forces on particle A, contact frame
# (docs/records.md); only states in contact.  Numbered dots: the states the stages start from.
# Variables (`lawtester run --plot`): datafile, outfile, fmt, stylefile, title, params, tanphi
# (NaN if the law has none), tcomp, nstages, stagerow, stageno (src/output/plot_info.h).
if (!exists("tcomp")) tcomp = "y z"
if (!exists("tanphi")) tanphi = NaN
if (!exists("stylefile")) stylefile = "plots/_style.gp"   # run by hand from the source tree
plot_w = 12; plot_h = 11
load stylefile
in_c(c) = column("contact") > 0 ? c : NaN
stats datafile using (in_c(-column("Fx"))) nooutput
fmax = STATS_max > 0 ? STATS_max : 1; fmin = STATS_min < 0 ? STATS_min : 0
ftmax = 0
do for [c in tcomp] { stats datafile using (in_c(column("F".c))) nooutput; ftmax = absmax(ftmax, absmax(STATS_min, STATS_max)) }
cone = tanphi == tanphi ? tanphi*fmax : 0
yspan = ftmax > cone ? ftmax : cone
yspan = yspan > 0 ? yspan : fmax
en = eng(absmax(fmin, fmax)); sn = 10.0**(-en)
et = eng(yspan); st = 10.0**(-et)
set title title."\n".params noenhanced
set xlabel sprintf("compressive normal force −F_N (%sN)", pre(en))
set ylabel sprintf("tangential force (%sN)", pre(et))
set xrange [fmin*sn : fmax*sn*1.05]
set yrange [-yspan*st*1.1 : yspan*st*1.1]
set xtics tick((fmax - fmin)*sn)
set ytics tick(2*yspan*st)
set zeroaxis lt 1 lc rgb "#888888" lw 0.5
set key below center horizontal Left reverse samplen 1.5 width 1
# the stage dots on the first tangential component (on F_N = 0.. when there is none)
c1 = words(tcomp) > 0 ? "F".word(tcomp, 1) : ""
mark_x(c) = -column("Fx")*sn
mark_y(c) = c1 eq "" ? 0 : column(c1)*st
tx = 0.02*(fmax - fmin)*sn; ty = 0.04*yspan*st
eval collect_marks
if (words(tcomp) == 0) { set label 1 "F_y = F_z = 0 throughout" at graph 0.97, graph 0.54 right }
coulomb(x) = x >= 0 ? tanphi*x/sn*st : NaN   # x: -F_N in the units of the axis
set samples 200
# (plot elements, so that no empty iteration leaves a blank line in the key)
path = words(tcomp) > 0 ? \
  'for [i=1:words(tcomp)] datafile using (in_c(-column("Fx"))*sn):(column("F".word(tcomp, i))*st) with lines lt i title "F_".word(tcomp, i)' : \
  'datafile using (in_c(-column("Fx"))*sn):(0) with lines lt 1 title "F_y, F_z"'
limit = tanphi == tanphi ? \
  '[0:fmax*sn] coulomb(x) with lines ls 20 title "Coulomb ±tan φ (−F_N)", [0:fmax*sn] -coulomb(x) with lines ls 20 notitle, ' : ''
plot @limit @stage_key @path @stage_dots @stage_dots2
