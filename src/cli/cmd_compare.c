/* src/cli/cmd_compare.c - `lawtester compare REF NEW`: two tables column by column on a key
 * (compare.h, docs/compare.md). */
#include "cli/commands.h"
#include "output/afile.h"
#include "output/plot.h"
#include "tools/compare.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

const cli_opt cli_compare_opts[] = {
    {"--key", OPT_VALUE, "a column, or REFCOL=NEWCOL"},
    {"--cols", OPT_VALUE, "REFCOL=NEWCOL[:ATOL],..."},
    {"--atol", OPT_VALUE, "a number >= 0"},
    {"--rtol", OPT_VALUE, "a number >= 0"},
    {"--plot", OPT_VALUE, "a directory"},
    {"--plot-format", OPT_VALUE, PLOT_FORMAT_NEEDS},
    {NULL, OPT_FLAG, NULL},
};

/* lawtester compare REF NEW [options] (compare.h, docs/compare.md): exit status 0 if every column
 * is within its tolerance, 1 if one is not, 2 for bad input (one line naming the file, the line
 * and the field) or plots that cannot be written. */
int cli_cmd_compare(const cli_args *a)
{
    cli_quoted q1;
    if (a->npos != 2) {
        fprintf(stderr, "lawtester: compare needs two tables, REF and NEW (%d given)\n", a->npos);
        return 2;
    }
    lt_compare_opts o = {.key = cli_opt_value(a, "--key"), .cols = cli_opt_value(a, "--cols")};
    const char *tols[2] = {"--atol", "--rtol"};
    double *vals[2] = {&o.atol, &o.rtol};
    for (int i = 0; i < 2; i++) {
        const char *s = cli_opt_value(a, tols[i]);
        char *end;
        if (s) *vals[i] = strtod(s, &end);
        if (s && (!*s || *end || !(*vals[i] >= 0) || isinf(*vals[i]))) {
            fprintf(stderr, "lawtester: compare: %s needs a number >= 0, got '%s'\n", tols[i],
                    cli_quote(s, q1));
            return 2;
        }
    }
    const char *dir = cli_opt_value(a, "--plot");
    int formatted;
    char err[1200];
    if (cli_read_plot_format(a, &formatted)) return 2;
    if ((formatted && !dir) || (dir && lt_plot_available(err, sizeof err) < 0)) {
        fprintf(stderr, "lawtester: compare: %s\n", dir ? err : "--plot-format needs --plot DIR");
        return 2;
    }
    lt_compare c;
    if (lt_compare_run(&c, a->pos[0], a->pos[1], &o, err, sizeof err) < 0) {
        /* FILE:LINE: field F: ..., or a message on an option (--key, --cols) */
        fprintf(stderr, "%s%s\n", err[0] == '-' ? "lawtester: compare: " : "", err);
        return 2;
    }
    if (dir &&
        (lt_mkdir_p(dir, err, sizeof err) < 0 || lt_compare_plot(&c, dir, err, sizeof err) < 0)) {
        fprintf(stderr, "lawtester: compare: --plot %s: %s\n", cli_quote(dir, q1), err);
        lt_compare_free(&c);
        return 2;
    }
    int failed = lt_compare_print(&c, stdout, stderr);
    lt_compare_free(&c);
    return failed ? 1 : 0;
}
