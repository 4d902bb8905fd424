# plots/benchmarks/thornton_oblique.gp - the normalised oblique impact of an Al oxide sphere on a
# rigid plane (stages/benchmarks/thornton_oblique.lua), in the variables of Thornton, Cummins &
# Cleary (2011, e = 1; 2013, e < 1): recoil Psi2 against incidence Psi1 of the contact point for
# hertz_mindlin's variants (top), against the rigid-body theory (gross sliding, stick) and the
# no-slip limit, and (bottom) Psi2 less the rigid-body sliding line where the rigid body slides,
# with hertz_mindlin's own sliding line for the unclipped Tsuji dashpot; the variant with the
# damping that keeps the sliding limit (clip, clipEn, tangentialDashpot) lies on the rigid-body line.  Compare with the
# papers' figures (no digitised curves are shipped).  Not run by --plot (`make benchmarks`).
# Variables: datadir (the -o directory of the stage file), outfile; optional fmt (png, svg,
# pdf), stylefile (default plots/_style.gp).
if (!exists("stylefile")) stylefile = "plots/_style.gp"
plot_w = 18; plot_h = 15
datafile = datadir   # (_style.gp names a default title after it)
load stylefile
data = datadir."/thornton-oblique.tsv"
sel(v, x) = strcol("variant") eq v ? x : NaN
slides(x) = column("psi2_rigid") > 0 ? x : NaN     # where the rigid body slides throughout
stats data using "chi" nooutput
chi = STATS_max
rigid(x, e) = x > 2*chi*(1 + e) ? x - 2*chi*(1 + e) : 0
set samples 500
set multiplot layout 2, 2 title "Oblique impact on a rigid plane, hertz\\_mindlin (md): Al oxide, ν = 0.23, μ = 0.3" font ",9"
set tmargin 2.5
set xlabel "incidence Ψ_1 = κ v_s / (μ v_n) (-)"
set ylabel "recoil Ψ_2 = κ v_s' / (μ v_n) (-)"
set xrange [0:14.5]; set yrange [-3:10]
set key top left inside Left reverse noopaque samplen 2 font ",7" width -5
set title "e = 1 [Thornton et al. 2011]"
plot data using (sel("e1", column("psi1"))):"psi2" with linespoints lt 1 title "e_n = 1", \
     rigid(x, 1) with lines ls 20 title "rigid body: Ψ_1 − 4χ, or 0", \
     data using (sel("e1", column("psi1"))):"psi2_noslip" with lines ls 21 title "no slip"
set title "e_n = 0.5 [Thornton et al. 2013]"
set key width -8
plot data using (sel("e0.5", column("psi1"))):"psi2" with linespoints lt 1 title "Tsuji (default)", \
     data using (sel("e0.5-clip", column("psi1"))):"psi2" with linespoints lt 2 title "clip (e = 0.55)", \
     data using (sel("e0.5-line", column("psi1"))):"psi2" with linespoints lt 4 pt 6 title "clip, clipEn, t. dashpot", \
     rigid(x, 0.5) with lines ls 20 title "rigid body", \
     data using (sel("e0.5", column("psi1"))):"psi2_noslip" with lines ls 21 title "no slip"
set title "elastic: Ψ_2 less the sliding line"
set key width -5
set ylabel "|Ψ_2 − (Ψ_1 − 2χ(1 + e))| (-)"
set xrange [5:14.5]; set yrange [1e-17:1e-9]
set logscale y
set format y "10^{%L}"
set ytics 100
set key top right
plot data using (sel("e1", slides(column("psi1")))):(abs(column("psi2") - column("psi2_gross"))) with linespoints lt 1 title "e_n = 1 (round-off)"
set title "inelastic: Ψ_2 less the rigid-body line"
set ylabel "Ψ_2 − (Ψ_1 − 2χ(1 + e)) (-)"
unset logscale y
set format y "%g"
set xrange [4:14.5]; set yrange [-1.25:0.2]
set key bottom right width -7 samplen 1.5
set ytics 0.2
plot data using (sel("e0.5", slides(column("psi1")))):(column("psi2") - column("psi2_gross")) with linespoints lt 1 title "Tsuji", \
     data using (sel("e0.5-clip", slides(column("psi1")))):(column("psi2") - column("psi2_gross")) with linespoints lt 2 title "clip", \
     data using (sel("e0.5-line", slides(column("psi1")))):(column("psi2") - column("psi2_gross")) with linespoints lt 4 pt 6 title "clip, clipEn, t. dashpot", \
     0 with lines ls 20 title "rigid body (own e)", \
     data using (sel("e0.5", column("psi1"))):(column("psi2_law") - column("psi2_gross")) with lines lt 3 lw 1.5 dt (4, 3) title "Tsuji's own line"
unset multiplot
