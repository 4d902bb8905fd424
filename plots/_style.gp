# plots/_style.gp - the house style of every lawtester plot (docs/plots.md).  A script sets
# plot_w and plot_h (cm, the figure's size on paper) and loads this file, which opens the
# terminal of `fmt` (png: pngcairo at 150 dpi, svg, pdf: pdfcairo; default png) on `outfile`
# and sets fonts, line types, grid and key.  Not run by `lawtester run --plot` (the name starts
# with _).
#
# Sizes are those of the printed figure: 8 pt text on a figure plot_w cm wide; a PNG has the
# same layout at 150 dpi (text and lines scaled with it), so PNG, SVG and PDF look alike.
if (!exists("fmt")) fmt = "png"
if (!exists("plot_w")) plot_w = 16.0
if (!exists("plot_h")) plot_h = 10.0
font_name = "DejaVu Sans"
font_pt = 8
dpi = 150.0
set encoding utf8
if (fmt eq "pdf") {
  set terminal pdfcairo enhanced color size plot_w cm, plot_h cm font sprintf("%s,%g", font_name, font_pt) linewidth 1
} else {
  if (fmt eq "svg") {
    # svg sizes are in points (1/72 in)
    set terminal svg enhanced size plot_w/2.54*72, plot_h/2.54*72 font sprintf("%s,%g", font_name, font_pt) linewidth 1 background "white"
  } else {
    set terminal pngcairo enhanced color size plot_w/2.54*dpi, plot_h/2.54*dpi font sprintf("%s,%g", font_name, font_pt) fontscale dpi/72 linewidth dpi/72
  }
}
set output outfile
set datafile separator "\t"
set datafile columnheaders   # the first line names the columns (also for column(NAME) with NAME a variable)

# Okabe & Ito's colour-blind safe palette ([Okabe & Ito 2008], docs/references.md), the yellow left out (it does not
# show on white); lines 1 pt wide (lw 2 of cairo's 0.5 pt unit).
set linetype 1 lc rgb "#0072B2" lw 2 dt solid pt 7 ps 0.7
set linetype 2 lc rgb "#D55E00" lw 2 dt solid pt 5 ps 0.7
set linetype 3 lc rgb "#009E73" lw 2 dt solid pt 9 ps 0.8
set linetype 4 lc rgb "#CC79A7" lw 2 dt solid pt 11 ps 0.8
set linetype 5 lc rgb "#E69F00" lw 2 dt solid pt 13 ps 0.8
set linetype 6 lc rgb "#56B4E9" lw 2 dt solid pt 6 ps 0.8
set linetype 7 lc rgb "#000000" lw 2 dt solid pt 4 ps 0.8
set linetype cycle 7
# reference lines (closed forms, yield surfaces, Coulomb lines): black, thinner, dashed
set style line 20 lc rgb "#000000" lw 1.5 dt (6, 4)
set style line 21 lc rgb "#D55E00" lw 1.5 dt (8, 3, 2, 3)
# stage boundaries: thin grey
set style line 30 lc rgb "#999999" lw 1 dt (3, 3)

set border lw 1
set tics scale 0.8 front
set mxtics
set mytics
set grid xtics ytics lw 0.5 lc rgb "#DDDDDD" dt solid back
set key opaque box lc rgb "#BBBBBB" lw 0.5 samplen 2.5 spacing 1.15 enhanced
set format x "%g"
set format y "%g"
set minussign   # tick labels with the minus sign U+2212, not a hyphen
set title font sprintf("%s,%g", font_name, font_pt + 1)

# Engineering prefixes for axes: eng(m) is the power of ten (a multiple of 3, -18..9) for values
# up to m in magnitude, pre(e) its SI prefix; a script scales a column by 10**-e and writes the
# prefix into the unit, so tick labels stay short (0.5 ms, not 0.0005 s).
eng_(m) = (m > 0 && m < 1e300) ? 3*floor(log10(m)/3 + 1e-9) : 0
eng(m) = eng_(m) < -18 ? -18 : eng_(m) > 9 ? 9 : eng_(m)
pre(e) = e == -18 ? "a" : e == -15 ? "f" : e == -12 ? "p" : e == -9 ? "n" : e == -6 ? "µ" : e == -3 ? "m" : e == 3 ? "k" : e == 6 ? "M" : e == 9 ? "G" : ""
absmax(a, b) = abs(a) > abs(b) ? abs(a) : abs(b)

# The stages (plot_info.h: nstages, stagerow, stagetime, stageno), marked where a stage starts:
# on a time axis a grey line and the stage's number at the top (eval stage_lines_time with
# tscale, the factor of the time axis); on a path a numbered dot (a plot element, stage_dots).
if (!exists("nstages")) nstages = 0
if (!exists("title")) title = (exists("name") ? name : datafile)
if (!exists("params")) params = ""
if (!exists("titlelines")) titlelines = 2
title_cm = 0.3 + 0.42*titlelines   # the height of a multiplot's title (cm)
stage_lines_time = "do for [k=2:nstages] { set arrow 900+k from stagetime[k]*tscale, graph 0 to stagetime[k]*tscale, graph 1 nohead ls 30 back }"
# the numbers above the top panel, each centred on its stage's span (tend: the last time)
stage_mid(k) = ((k < nstages ? stagetime[k+1] : tend) + stagetime[k]) / 2 * tscale
stage_labels_time = "if (nstages > 0) { set label 900 'stage' at graph 1, graph 1 offset char 0.8, char 0.6 left font ',7' tc rgb '#555555' }; do for [k=1:nstages] { set label 900+k sprintf('%d', stageno[k]) at stage_mid(k), graph 1 offset 0, char 0.6 center font ',7' tc rgb '#555555' }"
stage_clear = "unset arrow; unset label"

# A tick step for a data range r: 1, 2, 2.5 or 5 times a power of ten, at most n intervals (gnuplot's
# own choice crowds the labels of a panel a few centimetres wide).
tick_m(r, n) = 10.0**floor(log10(r/n))
tick_f(r, n) = r/n/tick_m(r, n)
tickn(r, n) = r > 0 && r < 1e300 ? tick_m(r, n) * (tick_f(r, n) <= 1.0001 ? 1 : tick_f(r, n) <= 2.0001 ? 2 : tick_f(r, n) <= 2.5001 ? 2.5 : tick_f(r, n) <= 5.0001 ? 5 : 10) : 1
tick(r) = tickn(r, 4)

# Numbered dots where the stages start, on a path (the x and y of a panel: functions mark_x(c),
# mark_y(c) of the row, set by the script; tx, ty: how close two dots may be before they share
# one label "1,2", in the units of the axes).  `eval collect_marks` writes them to the
# datablock $marks; the plot element stage_dots (with its comma) draws them.
array mx[nstages > 0 ? nstages : 1]; array my[nstages > 0 ? nstages : 1]; array mlab[nstages > 0 ? nstages : 1]
mark_at(k) = (mx[k] = mark_x(0), my[k] = mark_y(0), mk = mk + 1)
# A dot close to an earlier one (within 8 tx, 4 ty) but not at it gets its number below the
# dot instead of above ($marks2), so that the two numbers do not run into each other.
collect_marks = "mk = 1; if (nstages > 0) { stats datafile using (mk <= nstages && int($0) == stagerow[mk] ? mark_at(mk) : 0) nooutput }; \
  array mside[nstages > 0 ? nstages : 1]; \
  do for [k=1:nstages] { mlab[k] = sprintf('%d', stageno[k]); mside[k] = 1; do for [j=1:k-1] { if (mlab[j] ne '' && mlab[k] ne '') { \
    if (abs(mx[j]-mx[k]) <= tx && abs(my[j]-my[k]) <= ty) { mlab[j] = mlab[j].','.mlab[k]; mlab[k] = '' } else { if (abs(mx[j]-mx[k]) <= 8*tx && abs(my[j]-my[k]) <= 4*ty) { mside[k] = -mside[j] } } } } }; \
  set print $marks; print 'x\ty\tlabel'; do for [k=1:nstages] { if (mlab[k] ne '' && mside[k] > 0) { print sprintf('%.17g\t%.17g\t%s', mx[k], my[k], mlab[k]) } }; unset print; \
  set print $marks2; print 'x\ty\tlabel'; do for [k=1:nstages] { if (mlab[k] ne '' && mside[k] < 0) { print sprintf('%.17g\t%.17g\t%s', mx[k], my[k], mlab[k]) } }; unset print; \
  stage_dots2 = '' ; do for [k=1:nstages] { if (mlab[k] ne '' && mside[k] < 0) { stage_dots2 = stage_dots2_text } }"
stage_dots2_text = ", $marks2 using 1:2:3 with labels point pt 7 ps 0.45 lc rgb '#000000' offset char 0.4, char -0.6 left font ',7' notitle"
stage_dots2 = ""
# (a conditional text, not an iteration over 1:0: gnuplot 5.4 still reads the file of an empty
# iteration and warns that it has no valid points)
stage_dots = nstages > 0 ? ", $marks using 1:2:3 with labels point pt 7 ps 0.45 lc rgb '#000000' offset char 0.4, char 0.55 left font ',7' notitle" : ""
stage_key = nstages > 0 ? "NaN with points pt 7 ps 0.45 lc rgb '#000000' title 'n: start of stage n', " : ""
stage_note = "if (nstages > 0) { set label 899 '• n: the state stage n starts from' at screen 0.01, screen 0.025 left font ',7' tc rgb '#555555' }"
