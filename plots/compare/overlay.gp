# plots/compare/overlay.gp - one compared column of `lawtester compare REF NEW --plot DIR`
# (docs/compare.md): above, the REF and NEW values against the key (NEW interpolated at REF's
# keys or the other way round, as the legend says; NEW times the pair's factor, in REF's units);
# below, their difference NEW − REF with the tolerance atol + rtol max|REF| as a dashed band.
# Units are those of the REF table; the axes show a power of ten when one is factored out.
# Variables (`lawtester compare --plot`): datafile (DIR/compare-COL.tsv, src/tools/compare_plot.c:
# key, REF, NEW, NEW - REF, tolerance; the header names the columns and the files), outfile,
# fmt, stylefile.
if (!exists("stylefile")) stylefile = "plots/_style.gp"   # run by hand from the source tree
plot_w = 12; plot_h = 12
load stylefile

# labels from the header: "KEY", "COL (REF FILE)", "NEWCOL (NEW FILE, interpolated)"
keyname = ""; refhead = ""; newhead = ""
stats datafile using (keyname = columnhead(1), refhead = columnhead(2), newhead = columnhead(3), 0) nooutput
colname = strstrt(refhead, " ") > 1 ? refhead[1:strstrt(refhead, " ") - 1] : refhead
stats datafile using 1 nooutput
npts = STATS_records; kmin = STATS_min; kmax = STATS_max
stats datafile using 2:3 nooutput
vlo = (STATS_min_x < STATS_min_y ? STATS_min_x : STATS_min_y); vhi = (STATS_max_x > STATS_max_y ? STATS_max_x : STATS_max_y)
stats datafile using (abs($4)) nooutput
dmax = STATS_max; dat = STATS_index_max   # the row of the largest |NEW − REF|
stats datafile using 5 nooutput
tol = STATS_max
stats datafile every ::dat::dat using 1 nooutput
katmax = STATS_max

# powers of ten as UTF-8 superscripts (titles and labels are not in enhanced mode: column names
# like c_1[2] keep their underscores)
supd(d) = d == 0 ? "⁰" : d == 1 ? "¹" : d == 2 ? "²" : d == 3 ? "³" : d == 4 ? "⁴" : d == 5 ? "⁵" : d == 6 ? "⁶" : d == 7 ? "⁷" : d == 8 ? "⁸" : "⁹"
supn(n) = (n >= 10 ? supn(int(n/10)) : "") . supd(int(n) % 10)
sup(e) = (e < 0 ? "⁻" : "") . supn(abs(e))
expo(x) = int(floor(log10(abs(x)) + 1e-12))
num(x) = x != x ? "NaN" : (x == 0 || (abs(x) >= 1e-3 && abs(x) < 1e4)) ? sprintf("%.4g", x) : \
         sprintf("%.4g×10%s", x / 10.0**expo(x), sup(expo(x)))
scaled(name, e) = e == 0 ? name : sprintf("%s (×10%s)", name, sup(e))

ek = eng(absmax(kmin, kmax)); sk = 10.0**(-ek)
ev = eng(absmax(vlo, vhi)); sv = 10.0**(-ev)
dr = (dmax > tol ? dmax : tol); dr = dr > 0 ? dr : 1
ed = eng(dr); sd = 10.0**(-ed)
kspan = kmax - kmin > 0 ? kmax - kmin : 1
vspan = vhi - vlo > 0 ? vhi - vlo : (abs(vhi) > 0 ? abs(vhi) : 1)

set multiplot
unset title
set label 1 sprintf("compare: %s", colname) at screen 0.5, screen 0.965 center noenhanced font sprintf("%s,%g", font_name, font_pt + 1)
set label 2 sprintf("max |NEW − REF| = %s at %s = %s", num(dmax), keyname, num(katmax)) \
    at screen 0.5, screen 0.93 center noenhanced
set lmargin at screen 0.15; set rmargin at screen 0.96
style = npts <= 60 ? "linespoints" : "lines"

# above: the two curves
set tmargin at screen 0.80; set bmargin at screen 0.38
set xrange [kmin*sk : kmax*sk]
set xtics tick(kspan*sk)
set format x ""
unset xlabel
set yrange [(vlo - 0.06*vspan)*sv : (vhi + 0.06*vspan)*sv]
set ytics tick(1.12*vspan*sv)
set ylabel scaled(colname, ev) noenhanced
set key at screen 0.555, screen 0.855 center center vertical Left reverse noenhanced samplen 2.5 width 1
plot datafile using ($1*sk):($2*sv) with @style lt 1 title refhead, \
     datafile using ($1*sk):($3*sv) with @style lt 2 dt (5, 3) title newhead
unset label 1; unset label 2

# below: the difference and the tolerance band
set tmargin at screen 0.36; set bmargin at screen 0.12
set format x "%g"
set xlabel scaled(keyname, ek) noenhanced
set yrange [-1.15*dr*sd : 1.15*dr*sd]
set ytics tick(2.3*dr*sd)
set ylabel scaled("NEW − REF", ed) noenhanced
set zeroaxis lt 1 lc rgb "#888888" lw 0.5
unset key
band = tol > 0 ? sprintf(", %.17g ls 20 notitle, %.17g ls 20 notitle", tol*sd, -tol*sd) : ""
set label 3 sprintf("dashed: ±tolerance %s", num(tol)) at graph 0.99, graph 0.8 right front noenhanced font ",7" tc rgb "#555555"
if (tol <= 0) { unset label 3 }
plot datafile using ($1*sk):($4*sd) with @style lt 3 notitle @band
unset multiplot
