# plots/_md_incidence.gp - the oblique elastic impact of an alumina sphere on a soda-lime glass
# wall (kappa = 0.8591, mu = 0.3): vc'/vc against psi = tan(theta)/mu for the three tangential
# rules of hertz_mindlin (`make md-incidence`, docs/laws.md; not run by --plot: the name starts
# with _).  md is the Mindlin-Deresiewicz / Maw-Barber-Fawcett solution by the method of
# dimensionality reduction; the dashed lines are the rigid-body gross-sliding limit
# 1 - 3.5 mu (1 + e)/tan(theta) and the no-slip value 0.2825.
# Variables: datafile (out/md-incidence.tsv), outfile; optional fmt (png, svg, pdf) and
# stylefile (default plots/_style.gp).
if (!exists("stylefile")) stylefile = "plots/_style.gp"
plot_w = 16; plot_h = 10
load stylefile
set xlabel "incidence ψ = tan θ / μ"
set ylabel "v_c' / v_c (contact point, tangential)"
set title "Sphere on a wall: κ = 4G*/E* = 0.8591, μ = 0.3, e = 1"
set logscale x
set xrange [0.04:12]
set yrange [-1.3:1.05]
set key bottom left inside samplen 3
plot datafile using "psi":"md" with linespoints lt 1 title "md (Mindlin–Deresiewicz by MDR)", \
     "" using "psi":"rescale" with linespoints lt 2 title "rescale", \
     "" using "psi":"incremental" with linespoints lt 3 title "incremental", \
     "" using "psi":(column("gross") > -1 ? column("gross") : NaN) with lines ls 20 title "gross sliding limit", \
     0.282540 with lines ls 30 title "no slip: 0.2825"
