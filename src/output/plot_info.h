/* src/output/plot_info.h - what the plot scripts are told about a table besides its path: the test
 * and the law with its parameters (titles), the stages (their marks), and which curves are zero
 * everywhere (left out).  The definitions are gnuplot commands for `gnuplot -e`. */
#ifndef LT_PLOT_INFO_H
#define LT_PLOT_INFO_H
#include <lawtester/law.h>
#include <stddef.h>

/* At most this many stages are marked on a plot; a run with more stages gets no stage marks
 * (on a printed figure more than about two dozen lines or numbers run into each other). */
#define LT_PLOT_MAX_STAGE_MARKS 24

/* A curve is "zero everywhere", and left out of the plots, when its largest magnitude is at
 * most this fraction of the largest of its kind (energies: of all the energy columns; forces,
 * displacements, torques, rotations: of the three components).  Sums over 1e4..1e6 steps
 * leave round-off of about 1e-16 per step relative to their terms (e.g. form = -5e-19 J beside
 * 10 J of work in the demo); 1e-9 is far above that and far below anything a figure shows (a
 * thousandth of a line width on a 10 cm axis is 1e-5 of its range). */
#define LT_PLOT_ZERO_REL 1e-9

typedef struct lt_plot_input {
    const char *data;     /* the table (it may still be a temporary file) */
    const char *base;     /* its final path DIR/NAME.tsv (titles and the names of the plots) */
    const char *meta;     /* its sidecar (docs/records.md; it may be a temporary file) or NULL */
    const char *surface;  /* the law's sampled yield surface (surface.h) or NULL */
    const lt_law *law;    /* the law when there is no sidecar (a probe table), else NULL */
    const double *params; /* its parameter values (law->n_params; NaN: not given) */
    double tanPhi;        /* the law's friction coefficient at the end of the run, NaN if none */
} lt_plot_input;

/* The gnuplot definitions of the table in (malloc'ed text "a='x'; b=1; ..."):
 *   test, law      the test's name and the law's name ('' if unknown);
 *   params         the law's parameters with SI units, e.g. "kn = 10⁶ N/m, ...", in lines of
 *                  at most about 42 characters;
 *                  a parameter not given that the law takes from the materials
 *                  (LT_PARAM_MATERIALS) shows the value the stiffness rule gave the first
 *                  contact (contact.1.NAME of the sidecar) marked "(materials)", another one
 *                  not given is left out (the law's own default);
 *   title          "TEST: law LAW" (the first line of every title);
 *   titlelines     the lines of title and params together (multiplots keep room for them);
 *   nstages        stages to mark (0 if the table has no stage column, one stage only, or more
 *                  than LT_PLOT_MAX_STAGE_MARKS), with arrays stagerow[k] (0-based data row of
 *                  the state the k-th marked stage starts from), stagetime[k] (s), stageno[k]
 *                  (its 1-based number in the script) and stagename[k] (its label);
 *   econtact       the contact's energy columns that are not zero everywhere (the law's
 *                  energies, then brk and form), space-separated; estored the law's stored ones;
 *   edriver        the driver's energy columns that are not zero everywhere (work kin damp);
 *   kin0, estored0 kin and the law's stored energies of the first row (J);
 *   nobook         1 when the law books no energies (its balance_err is what the contact
 *                  holds or absorbed), absent otherwise;
 *   tcomp, rcomp   the tangential ("y z") and rotational ("x y z") components whose force or
 *                  displacement is not zero everywhere (force_displacement's panels).
 * Returns NULL with a message if a file cannot be read or memory is short. */
char *lt_plot_info_defs(const lt_plot_input *in, char *err, size_t errlen);

/* A number for a title: four significant digits, powers of ten as ×10ⁿ (UTF-8). */
void lt_plot_number(char *out, size_t n, double x);

#endif
