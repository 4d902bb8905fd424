# plots/force_displacement.gp - force against displacement, one panel per degree of freedom that
# moves or carries a force: the normal one (compressive force -F_N against overlap -u_N, both
# positive in compression), the tangential ones (F_y against u_y, F_z against u_z, signed, so
# that a cyclic path stays a loop) and the rotational ones that carry a torque (T against the
# rotation phi).  Forces and torques act on particle A, in the contact frame (docs/records.md).
# Numbered dots: the states the stages start from.
# Variables (`lawtester run --plot`): datafile, outfile, fmt, stylefile, title, params, tcomp,
# rcomp (the components that are not zero everywhere), nstages, stagerow, stageno
# (src/output/plot_info.h).
if (!exists("tcomp")) tcomp = "y z"
if (!exists("rcomp")) rcomp = ""
if (!exists("titlelines")) titlelines = 2
npan = 1 + words(tcomp) + words(rcomp)
ncols = npan <= 2 ? npan : npan == 4 ? 2 : 3
nrows = (npan + ncols - 1) / ncols
if (!exists("stylefile")) stylefile = "plots/_style.gp"   # run by hand from the source tree
plot_w = ncols == 1 ? 12.0 : ncols == 2 ? 16.0 : 17.0
plot_h = 0.8 + 0.42*titlelines + 7.0 * nrows
load stylefile
# the panels: displacement column, force column, kind (0 normal, 1 tangential, 2 rotational)
ucol(i) = i == 1 ? "ux" : i <= 1 + words(tcomp) ? "u".word(tcomp, i - 1) : "phi".word(rcomp, i - 1 - words(tcomp))
fcol(i) = i == 1 ? "Fx" : i <= 1 + words(tcomp) ? "F".word(tcomp, i - 1) : "T".word(rcomp, i - 1 - words(tcomp))
kind(i) = i == 1 ? 0 : i <= 1 + words(tcomp) ? 1 : 2
sub(c) = c[strlen(c):strlen(c)]
ulabel(i) = kind(i) == 0 ? "overlap −u_N (%sm)" : kind(i) == 1 ? "displacement u_".sub(ucol(i))." (%sm)" : \
            "rotation φ_".sub(ucol(i))." (%srad)"
flabel(i) = kind(i) == 0 ? "compressive force −F_N (%sN)" : kind(i) == 1 ? "force F_".sub(fcol(i))." (%sN)" : \
            "torque T_".sub(fcol(i))." (%sN m)"
set multiplot layout nrows, ncols title title."\n".params noenhanced font sprintf(",%g", font_pt + 1) \
    margins 2.0/plot_w, 1 - 0.9/plot_w, 1.9/plot_h, 1 - (0.8 + 0.42*titlelines)/plot_h spacing 2.1/plot_w, 2.0/plot_h
unset key
set autoscale noextend
set offsets graph 0.05, graph 0.2, graph 0.1, graph 0.06   # room for the stage numbers
set zeroaxis lt 1 lc rgb "#888888" lw 0.5
eval stage_note
in_c(c) = column("contact") > 0 ? c : NaN
# the normal panel draws the states apart at F_N = 0 (no contact, no force): a force that jumps
# at touch or at separation (an adhesive contact, a breaking bond) then shows as the vertical
# segment it is, and an approach-separation cycle as a closed loop
in_n(c) = column("contact") > 0 ? c : 0
do for [i=1:npan] {
  sg = kind(i) == 0 ? -1 : 1
  u = ucol(i); f = fcol(i)
  stats datafile using (sg*column(u)):(sg*in_c(column(f))) nooutput
  eu = eng(absmax(STATS_min_x, STATS_max_x)); ef = eng(absmax(STATS_min_y, STATS_max_y))
  su = 10.0**(-eu); sf = 10.0**(-ef)
  set xtics tickn((STATS_max_x - STATS_min_x)*su, ncols == 3 ? 2 : 4)
  set ytics tick((STATS_max_y - STATS_min_y)*sf)
  tx = 0.02*(STATS_max_x - STATS_min_x)*su; ty = 0.03*(STATS_max_y - STATS_min_y)*sf
  set xlabel sprintf(ulabel(i), pre(eu))
  set ylabel sprintf(flabel(i), pre(ef))
  mark_x(c) = sg*column(u)*su
  mark_y(c) = sg*column(f)*sf
  eval collect_marks
  # (eval: a macro inside a do-block is expanded when the block is read, before collect_marks)
  if (kind(i) == 0) { eval 'plot datafile using (sg*column(u)*su):(sg*in_n(column(f))*sf) with lines lt 1 notitle '.stage_dots.stage_dots2 } \
  else { eval 'plot datafile using (sg*column(u)*su):(sg*in_c(column(f))*sf) with lines lt 1 notitle '.stage_dots.stage_dots2 }
  unset label 899
}
unset multiplot
