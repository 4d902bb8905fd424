# plots/energy.gp - energies of the run (J) against time (s): the driver's cumulative work, the
# kinetic energy, the law's stored and dissipated energies, and the balance error
# work - (dkin + delast + dissipated), on its own axis.
# Variables: datafile (TSV), outfile (PNG).
# Optional: name (the table's name for the title; default datafile, which `lawtester` may
# set to the table's temporary file).  Plots every energy column from "elast" (the first
# energy column) on, by name, balance_err on its own axis; laws with other energies get them
# automatically.
set terminal pngcairo size 1000,600 font ",10"
set output outfile
set datafile separator "\t"
set grid
set key outside right
set xlabel "time [s]"
set ylabel "energy [J]"
set y2label "balance error [J]"
set y2tics
set ytics nomirror
set title "energies: ".(exists("name") ? name : datafile) noenhanced
first = 25          # "elast" follows the 24 fixed columns
header = system("head -n 1 '".datafile."'")
ncol = words(header)
bcol = 0
do for [i=1:ncol] { if (word(header, i) eq "balance_err") { bcol = i } }
plot for [i=first:ncol] datafile using "time":(i == bcol ? NaN : column(i)) with lines lw 2 \
         title (i == bcol ? "" : word(header, i)) noenhanced, \
     datafile using "time":"balance_err" axes x1y2 with lines lw 1 lc rgb "black" dt 3 title "balance\\_err"
