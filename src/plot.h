/* src/plot.h - render the gnuplot scripts under plots/ for a recorded table. */
#ifndef LT_PLOT_H
#define LT_PLOT_H
#include <stddef.h>

/* Directory holding the gnuplot scripts: $LAWTESTER_PLOTS, else plots/ beside the executable or
 * one directory above it, else ./plots. */
const char *lt_plots_dir(void);

/* Render every plots/ *.gp script (kind NULL: the plots of a record) or plots/KIND/ *.gp (e.g.
 * "probe": the plots of a probe table) for the TSV file tsv, PNG files named after it:
 * NAME.tsv -> NAME-<script>.png.  Scripts whose name starts with '_' are not rendered.  The
 * scripts get the gnuplot variables datafile, outfile, tanphi (the law's friction coefficient,
 * NaN if it has none) and surfacefile (the law's sampled yield surface, surface.h, or '' if
 * there is none).  Returns 0, or -1 with a message (gnuplot missing or failing). */
int lt_plot_all(const char *kind, const char *tsv, const char *surface, double tanPhi, int verbose, char *err,
                size_t errlen);

/* Run one script of the plot directory (e.g. "_verify.gp"; names starting with '_' are not
 * run by lt_plot_all) with the gnuplot variable definitions defs ("a='x'; b=1").  Returns 0,
 * or -1 with a message. */
int lt_plot_script(const char *script, const char *defs, char *err, size_t errlen);

#endif
