/* src/output/plot.h - render the gnuplot scripts under plots/ for a recorded table. */
#ifndef LT_PLOT_H
#define LT_PLOT_H
#include "output/afile.h"
#include "output/plot_info.h"
#include <stddef.h>

/* Directory holding the gnuplot scripts: $LAWTESTER_PLOTS, else, from the executable's directory
 * (/proc/self/exe), ../share/lawtester/plots (an installed lawtester: make install), plots/ beside
 * it or ../plots (the source tree: ./lawtester, build/lawtester), else ./plots. */
const char *lt_plots_dir(void);

/* Render every plots/ *.gp script (kind NULL: the plots of a record) or plots/KIND/ *.gp (e.g.
 * "probe": the plots of a probe table) for the table in->data (it may still be a temporary
 * file), the plots named after in->base, the table's final path: DIR/NAME.tsv ->
 * DIR/NAME-<script>.<fmt> (lt_plot_ext).  Each plot is written to a temporary file beside it
 * and added to p, to be published with the table (afile.h).  Scripts whose name starts with
 * '_' are not rendered.  The scripts get the gnuplot variables datafile, outfile, fmt,
 * stylefile, name (in->base), tanphi (the law's friction coefficient, NaN if it has none),
 * surfacefile (the law's sampled yield surface, surface.h, or '' if there is none) and those of
 * plot_info.h.  gnuplot's stderr is passed on when it succeeds and condensed into the message
 * when it fails.  Returns the number of plots, or -1 with a one-line message (gnuplot missing
 * or failing; what was added to p stays there for the caller to discard). */
int lt_plot_pending(const char *kind, const lt_plot_input *in, lt_pending *p, char *err,
                    size_t errlen);

/* The format of every plot from now on: "png" (the default), "svg" or "pdf" (`--plot-format`);
 * 0, or -1 with a message naming the formats. */
int lt_plot_set_format(const char *name, char *err, size_t errlen);

/* The file extension of the current format ("png", "svg", "pdf"). */
const char *lt_plot_ext(void);

/* 0 if --plot can work: gnuplot is an executable on PATH, the plot scripts directory opens and
 * gnuplot has the terminal of the format (lt_plot_set_format); else -1 with a message.
 * Checked before a run starts, so a missing gnuplot costs no run. */
int lt_plot_available(char *err, size_t errlen);

/* Run one script of the plot directory (e.g. "_verify.gp"; names starting with '_' are not
 * run by lt_plot_pending) with the gnuplot variable definitions defs ("a='x'; b=1"), after
 * fmt and stylefile.  Returns 0, or -1 with a message. */
int lt_plot_script(const char *script, const char *defs, char *err, size_t errlen);

#endif
