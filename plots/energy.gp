# plots/energy.gp - the energies of a run (J) against time, in three panels on one time axis:
#  top:    the driver: the work W of the imposed motion and forces, the kinetic energy E_k of
#          the bodies (and the numerical damping, when there is any);
#  middle: the contact: the work done on it, W_c = W - (E_k - E_k0) - damp + E_s0 (E_s0: its
#          stored energy in the first state, so that W_c = stored + dissipated), and the law's
#          energies (stored, e.g. elast; dissipated, cumulative, e.g. plast, visc), brk, form,
#          and `unbooked`, the work on the contact the law did not book, when it is more than
#          0.1 % of the panel (a law that books only part of its energies, or none);
#  bottom: the balance error work - (dkin + dstored + dissipated + damp + brk + form)
#          (docs/energy.md); for a law that books no energies (nobook = 1: a port, a hosted law)
#          not an error but the energy its contact holds or absorbed, and labelled so.
# The contact's energies are a small fraction of the bodies' in most tests: on one axis they
# would be flat lines.  Curves that are zero everywhere are left out (lawtester lists the
# others: econtact, edriver).  Grey lines and the numbers on top: the starts of the stages.
# Variables (`lawtester run --plot`): datafile, outfile, fmt, stylefile, title, params,
# econtact, estored, edriver, kin0, estored0, nobook, nstages, stagetime, stageno
# (src/output/plot_info.h).
if (!exists("titlelines")) titlelines = 2
if (!exists("stylefile")) stylefile = "plots/_style.gp"   # run by hand from the source tree
plot_w = 17; plot_h = 13.5 + 0.42*titlelines
load stylefile
if (!exists("econtact")) econtact = "elast plast"
if (!exists("estored")) estored = "elast"
if (!exists("edriver")) edriver = "work kin"
if (!exists("kin0")) kin0 = 0
if (!exists("estored0")) estored0 = 0
if (!exists("nobook")) nobook = 0
has(list, w) = strstrt(" ".list." ", " ".w." ") > 0
damp_(c) = has(edriver, "damp") ? column("damp") : 0
wc(c) = column("work") - (column("kin") - kin0) - damp_(0) + estored0   # work done on the contact (J)
label_of(w) = w eq "work" ? "W: work of the driver" : \
              w eq "kin" ? "E_{k}: kinetic energy" : \
              w eq "damp" ? "numerical damping" : \
              w eq "brk" ? "brk (at breaking)" : \
              w eq "form" ? "form (at formation)" : \
              has(estored, w) ? sprintf("%s (stored)", w) : sprintf("%s (dissipated)", w)

# the time axis and the energy scale of each panel
stats datafile using "time" nooutput
et = eng(absmax(STATS_min, STATS_max)); tscale = 10.0**(-et); tend = STATS_max
xtic = tick(tend*tscale)
emax_d = 0; emin_d = 0
do for [w in edriver] { stats datafile using (column(w)) nooutput; emax_d = STATS_max > emax_d ? STATS_max : emax_d; emin_d = STATS_min < emin_d ? STATS_min : emin_d }
stats datafile using (wc(0)) nooutput; emax_c = STATS_max > 0 ? STATS_max : 0; emin_c = STATS_min < 0 ? STATS_min : 0
array ebig[words(econtact) > 0 ? words(econtact) : 1]
do for [i=1:words(econtact)] {
  stats datafile using (column(word(econtact, i))) nooutput
  emax_c = STATS_max > emax_c ? STATS_max : emax_c; emin_c = STATS_min < emin_c ? STATS_min : emin_c
  ebig[i] = absmax(STATS_min, STATS_max)
}
stats datafile using "unbooked" nooutput; emax_u = STATS_max; emin_u = STATS_min
show_u = absmax(emin_u, emax_u) > 1e-3*absmax(emin_c, emax_c)   # else round-off: the balance panel shows it
if (show_u) { emax_c = emax_u > emax_c ? emax_u : emax_c; emin_c = emin_u < emin_c ? emin_u : emin_c }
stats datafile using "balance_err" nooutput; emax_b = STATS_max; emin_b = STATS_min
ed = eng(absmax(emin_d, emax_d)); ec = eng(absmax(emin_c, emax_c)); eb = eng(absmax(emin_b, emax_b))
# a curve below 1 % of its panel is a line on the axis: its key says how large it gets
small(i) = ebig[i] < 0.01*absmax(emin_c, emax_c) ? sprintf(" ≤ %.2g %sJ", ebig[i]*10.0**(-eng(ebig[i])), pre(eng(ebig[i]))) : ""

set multiplot title title."\n".params noenhanced font sprintf(",%g", font_pt + 1)
set lmargin at screen 0.13
set rmargin at screen 0.58
set key at screen 0.595, graph 1 left top Left reverse samplen 2 width -1.5 nobox
set xrange [0:tend*tscale]
set xtics xtic
set format x ""
unset xlabel

# the driver
set tmargin at screen 12.4/plot_h
set bmargin at screen 8.65/plot_h
set ylabel sprintf("driver energy (%sJ)", pre(ed))
set ytics tick((emax_d - emin_d)*10.0**(-ed))
eval stage_lines_time
eval stage_labels_time
# (no empty iteration: gnuplot 5.4 would read the file of one and warn)
if (words(edriver) > 0) {
  plot for [w in edriver] datafile using (column("time")*tscale):(column(w)*10.0**(-ed)) with lines title label_of(w)
} else {
  set label 2 "W = E_k = 0 throughout" at graph 0.5, graph 0.5 center
  plot datafile using (column("time")*tscale):(0) with lines lt 1 notitle
}
eval stage_clear

# the contact
set tmargin at screen 8.35/plot_h
set bmargin at screen 4.6/plot_h
set ylabel sprintf("contact energy (%sJ)", pre(ec))
set ytics tick((emax_c - emin_c)*10.0**(-ec))
eval stage_lines_time
# W_c drawn last: its dashes stay visible where it lies on the law's energies (elastic tests)
law_curves = words(econtact) > 0 ? 'for [i=1:words(econtact)] datafile using (column("time")*tscale):(column(word(econtact, i))*10.0**(-ec)) with lines lt i title label_of(word(econtact, i)).small(i) noenhanced, ' : ''
unbooked_curve = show_u ? 'datafile using (column("time")*tscale):(column("unbooked")*10.0**(-ec)) with lines lc rgb "#D55E00" lw 2.5 dt (2, 2) title "unbooked: W_{c} − booked", ' : ''
plot @law_curves @unbooked_curve datafile using (column("time")*tscale):(wc(0)*10.0**(-ec)) with lines lt 7 dt (6, 3) title "W_{c}: work on the contact"
eval stage_clear

# the balance error
set tmargin at screen 4.3/plot_h
set bmargin at screen 1.3/plot_h
set format x "%g"
set format y "%g"
set xlabel sprintf("time t (%ss)", pre(et))
unset key
set ylabel nobook ? sprintf("in the contact (%sJ)", pre(eb)) : sprintf("balance error (%sJ)", pre(eb))
set ytics tick((emax_b - emin_b)*10.0**(-eb))
eval stage_lines_time
plot datafile using (column("time")*tscale):(column("balance_err")*10.0**(-eb)) with lines lt 7 lw 1.5 notitle
unset multiplot
