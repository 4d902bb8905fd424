# plots/benchmarks/chung_ooi_normal.gp - Chung & Ooi tests 1 and 2 (elastic normal impacts,
# stages/benchmarks/chung_ooi_normal.lua): the contact force of hertz_mindlin against time and
# against overlap, in units of Hertz's closed-form t_c, delta_max and F_max, every material
# on Hertz's curve (dashed).  Not run by --plot (`make benchmarks` runs it).
# Variables: datadir (the -o directory of the stage file), outfile; optional fmt (png, svg, pdf)
# and stylefile (default plots/_style.gp).
if (!exists("stylefile")) stylefile = "plots/_style.gp"
plot_w = 16; plot_h = 8
datafile = datadir   # (_style.gp names a default title after it)
load stylefile
curves = datadir."/chung-ooi-normal-curves.tsv"
hertz = datadir."/chung-ooi-normal-hertz.tsv"
mats = "glass limestone al_alloy mg_alloy"
label(m) = m eq "glass" ? "test 1, glass" : m eq "limestone" ? "test 1, limestone" : m eq "al_alloy" ? "test 2, Al alloy" : "test 2, Mg alloy"
sel(m, v) = strcol("material") eq m ? v : NaN
set multiplot layout 1, 2 title "Chung \\& Ooi tests 1 and 2: hertz\\_mindlin against Hertz's elastic impact" font ",9"
set xlabel "time t / t_c (Hertz)"
set ylabel "compressive force F / F_{max} (Hertz)"
set xrange [0:1]; set yrange [0:1.08]
set tmargin 3
unset key
plot for [i=1:words(mats)] curves using (sel(word(mats, i), column("t")/column("tc_hertz"))):(column("F")/column("fmax_hertz")) \
       with points lt i title label(word(mats, i)), \
     hertz using "t_over_tc":"F_over_fmax" with lines ls 20 title "Hertz (closed form)"
set xlabel "overlap δ / δ_{max} (Hertz)"
set xrange [0:1.05]
set key top left inside Left reverse noopaque samplen 2 font ",7" width -3
plot for [i=1:words(mats)] curves using (sel(word(mats, i), column("delta")/column("dmax_hertz"))):(column("F")/column("fmax_hertz")) \
       with points lt i title label(word(mats, i)), \
     hertz using "delta_over_dmax":"F_over_fmax" with lines ls 20 title "F = K δ^{3/2} (Hertz)"
unset multiplot
