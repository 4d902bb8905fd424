/* src/cli/cmd_verify.c - `lawtester verify`: the generic checks and the analytic cases of the laws
 * (or of one, at --set values), a case file's cases, or the sweep of a law's parameter space; a
 * row printed as each check ends, then the summary line. */
#define _POSIX_C_SOURCE 200809L
#include "base/watch.h"
#include "cli/commands.h"
#include "contact/registry.h"
#include "output/afile.h"
#include "output/plot.h"
#include "verify/verify.h"
#include "verify/verify_jobs.h"
#include "verify/verify_sweep.h"
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define STR_(x) #x
#define STR(x) STR_(x)
#define JOBS_NEEDS "a number of workers, 1 to " STR(LT_JOBS_MAX)

const cli_opt cli_verify_opts[] = {
    {"--law", OPT_VALUE, "a value"},
    {"--case", OPT_VALUE, "a value"},
    {"--plot", OPT_VALUE, "a value"},
    {"--plot-format", OPT_VALUE, PLOT_FORMAT_NEEDS},
    {"-v", OPT_FLAG, NULL},
    {"--unsafe", OPT_FLAG, NULL},
    {"--max-instructions", OPT_VALUE, LIMIT_NEEDS},
    {"--max-memory", OPT_VALUE, LIMIT_NEEDS},
    {"--set", OPT_REPEAT, "P=V (a parameter of the law and its value)"},
    {"--sweep", OPT_VALUE, "a number of points, 1 to 1000000"},
    {"--shard", OPT_VALUE, "K/N with 1 <= K <= N"},
    {"-o", OPT_VALUE, "a directory"},
    {"-j", OPT_VALUE, JOBS_NEEDS},
    {"--jobs", OPT_VALUE, JOBS_NEEDS},
    {NULL, OPT_FLAG, NULL},
};

_Static_assert(sizeof cli_verify_opts / sizeof *cli_verify_opts <= MAX_OPTS + 1,
               "cli_args.value holds MAX_OPTS options");

typedef struct row_printer {
    int verbose, header; /* header: 1 once printed (a case file prints it before its first row) */
} row_printer;

static void print_row(void *ctx, const lt_verify_row *r)
{
    row_printer *p = ctx;
    int verbose = p->verbose;
    if (!p->header && !lt_watch_page->header) lt_verify_print_header(stdout);
    p->header = lt_watch_page->header = 1;
    lt_verify_print_row(stdout, r);
    lt_watch_page->rows++; /* counted over every worker of a supervised verify (supervise.h) */
    if (!r->pass) lt_watch_page->failed++;
    if (r->xfail && r->pass) lt_watch_page->xfailed++;
    if (verbose && r->pass && !r->xfail && r->note && *r->note) printf("    # %s\n", r->note);
    fflush(stdout);
}

/* The summary line's count of expected failures (XFAIL rows), after "N failed": ", 2 expected
 * failures", or "" when there are none (the line as it always was). */
static const char *expected_failures(void)
{
    static char text[48];
    int n = lt_watch_page->xfailed;
    if (n == 0) return "";
    snprintf(text, sizeof text, ", %d expected failure%s", n, n == 1 ? "" : "s");
    return text;
}

/* lawtester verify FILE.lua [--case NAME] [-v] [--unsafe] [--max-instructions N] [--max-memory MB]
 * */
static int verify_file(const char *file, const lt_verify_opts *o, const char *const *set_texts,
                       row_printer *p, lt_script_opts *so)
{
    if (o->law || o->plot_dir) {
        fprintf(stderr,
                "lawtester: verify FILE.lua: %s is for the built-in cases (a case file names its "
                "laws)\n",
                o->law ? "--law" : "--plot");
        return 2;
    }
    lt_case_run cr = {.kase = o->kase,
                      .on_row = print_row,
                      .ctx = p,
                      .sets = o->n_set ? set_texts : NULL,
                      .n_sets = o->n_set};
    so->cases = &cr;
    so->quiet = 1;
    so->progress = 0;
    so->shard = so->shards = 1;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    int rc = lt_script_run_file(file, so);
    if (rc != 0) return cr.no_match ? 2 : rc;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    cli_quoted q1;
    printf("verify: %d checks in %d cases of %s, %d failed%s, %.1f s\n", lt_watch_page->rows,
           lt_watch_page->cases, cli_quote(file, q1), lt_watch_page->failed, expected_failures(),
           (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec));
    return lt_watch_page->failed ? 1 : 0;
}

/* A law or case name as given, or quoted if it holds a control character or is too long for a
 * message: no law name (an identifier, law_check.h) nor case name is either, so the quoted name
 * matches nothing, as the given one would not, and the "no law called '...'" that follows is one
 * line. */
static const char *name_arg(const char *s, cli_quoted buf)
{
    return s && (lt_has_control(s) || strlen(s) > LT_QUOTE_KEEP) ? cli_quote(s, buf) : s;
}

/* lawtester verify --law NAME --sweep N [--set P=V]... [--case generic-...] [--shard K/N] [-o DIR]
 * [-v]: the options read already; the sweep (verify_sweep.h) and its summary line. */
static int verify_sweep(const cli_args *a, const lt_law *law, lt_verify_opts *o,
                        row_printer *printer)
{
    cli_quoted q1;
    const char *n = cli_opt_value(a, "--sweep"), *shard = cli_opt_value(a, "--shard");
    long long points = cli_parse_count(n, 1000000);
    if (points < 1) {
        fprintf(stderr,
                "lawtester: verify: --sweep needs a number of points, 1 to 1000000 (got '%s')\n",
                cli_quote(n, q1));
        return 2;
    }
    lt_sweep_opts so = {.verify = o,
                        .points = (long)points,
                        .shard = 1,
                        .shards = 1,
                        .out_dir = cli_opt_value(a, "-o"),
                        .notes = stdout};
    if (shard && cli_parse_shard(shard, &so.shard, &so.shards) < 0) {
        fprintf(stderr, "lawtester: verify: --shard needs K/N with 1 <= K <= N (got '%s')\n",
                cli_quote(shard, q1));
        return 2;
    }
    if (so.out_dir && cli_out_dir_ok(so.out_dir)) return 2;
    o->on_row = print_row;
    o->ctx = printer;
    lt_verify_summary sum;
    char err[600];
    int rc = lt_verify_sweep(law, &so, &sum, err, sizeof err);
    if (rc == -1) {
        fprintf(stderr, "lawtester: verify: %s\n", err);
        return 2;
    }
    if (!lt_watch_page->header)
        lt_verify_print_header(stdout); /* a sweep whose every point was refused */
    lt_watch_page->header = 1;
    char part[80] = "";
    if (so.shards > 1) snprintf(part, sizeof part, " (shard %d of %d)", so.shard, so.shards);
    printf("verify: sweep of %s%s: %d checks, %d failed, %.1f s\n", law->name, part,
           lt_watch_page->rows, lt_watch_page->failed, sum.seconds);
    if (rc == -2) {
        fprintf(stderr, "lawtester: verify: %s\n", err);
        return 1;
    }
    return lt_watch_page->failed ? 1 : 0;
}

/* The options of verify --law / of the built-in cases that do not go together: --set or --sweep
 * without --law, --shard or -o without --sweep, --plot with --sweep.  0, or 2 after the
 * message. */
static int law_options_refused(const cli_args *a, const lt_verify_opts *o, const char *sweep)
{
    if ((a->nreps || sweep) && !o->law) {
        fprintf(stderr,
                "lawtester: verify: %s needs --law NAME (the values are the law's parameters)\n",
                a->nreps ? "--set" : "--sweep");
        return 2;
    }
    if (!sweep && (cli_opt_value(a, "--shard") || cli_opt_value(a, "-o"))) {
        fprintf(stderr,
                "lawtester: verify: %s is for --sweep N (--plot DIR writes the cases' plots)\n",
                cli_opt_value(a, "-o") ? "-o DIR" : "--shard");
        return 2;
    }
    if (sweep && o->plot_dir) {
        fprintf(stderr, "lawtester: verify: --plot is for the law's cases, not for --sweep (the "
                        "sweep's table: -o DIR)\n");
        return 2;
    }
    return 0;
}

/* The --set P=V values of a read against law (NULL: no law of the name given) into sets, and
 * o's set to them.  0, or 2 after the message. */
static int read_sets(const cli_args *a, const lt_law *law, lt_verify_opts *o, lt_param_value *sets)
{
    char serr[600];
    if (!law) {
        fprintf(stderr, "lawtester: verify: no law called '%s' (`lawtester laws` lists them)\n",
                o->law);
        return 2;
    }
    if (a->nreps > LT_MAX_PARAMS) {
        fprintf(stderr, "lawtester: verify: --set given %d times; law %s has %d parameters\n",
                a->nreps, law->name, law->n_params);
        return 2;
    }
    if (lt_verify_read_sets(law, a->reps, a->nreps, sets, serr, sizeof serr) < 0) {
        fprintf(stderr, "lawtester: verify: %s\n", serr);
        return 2;
    }
    o->set = sets;
    o->n_set = a->nreps;
    return 0;
}

/* lawtester verify [--law NAME] [--case NAME] [--plot DIR] [--plot-format F] [--set P=V]... [-v]:
 * the options read already (formatted: --plot-format was given); the built-in cases, a row as
 * each check ends, and the summary line. */
static int verify_laws(lt_verify_opts *o, const lt_script_opts *so, int formatted,
                       row_printer *printer)
{
    if (so->unsafe || so->max_instructions || so->max_memory_mb) {
        fprintf(stderr, "lawtester: verify: --unsafe and the script limits are for a case file "
                        "(verify FILE.lua)\n");
        return 2;
    }
    char made[600];
    if (o->plot_dir && lt_mkdir_p(o->plot_dir, made, sizeof made) < 0) {
        fprintf(stderr, "lawtester: verify: %s\n", made);
        return 2;
    }
    if (o->plot_dir && access(o->plot_dir, W_OK | X_OK) != 0) {
        cli_quoted q3;
        fprintf(stderr, "lawtester: verify: cannot write in '%s': %s\n", cli_quote(o->plot_dir, q3),
                strerror(errno));
        return 2;
    }
    char perr[600];
    if ((formatted && !o->plot_dir) || (o->plot_dir && lt_plot_available(perr, sizeof perr) < 0)) {
        fprintf(stderr, "lawtester: verify: %s\n",
                o->plot_dir ? perr : "--plot-format needs --plot DIR");
        return 2;
    }
    o->on_row = print_row;
    o->ctx = printer;
    lt_verify_summary sum;
    char err[300];
    if (!lt_watch_page->header) lt_verify_print_header(stdout);
    printer->header = lt_watch_page->header = 1;
    if (lt_verify(o, &sum, err, sizeof err) < 0) {
        fprintf(stderr, "lawtester: verify: %s\n", err);
        return 2;
    }
    printf("verify: %d checks in %d law cases (plus the generic checks), %d failed%s, %.1f s\n",
           lt_watch_page->rows, lt_watch_page->cases, lt_watch_page->failed, expected_failures(),
           sum.seconds);
    return lt_watch_page->failed ? 1 : 0;
}

/* -j N or --jobs N (one of them): the workers verify's jobs run on (verify_jobs.h); without it
 * the machine's online cores.  0, or 2 after the message. */
static int read_jobs(const cli_args *a)
{
    const char *j = cli_opt_value(a, "-j"), *jobs = cli_opt_value(a, "--jobs");
    const char *s = j ? j : jobs;
    if (j && jobs) {
        fprintf(stderr, "lawtester: verify: -j and --jobs are the same option; give one\n");
        return 2;
    }
    long long n = s ? cli_parse_count(s, LT_JOBS_MAX) : lt_jobs_cores();
    if (n < 1) {
        cli_quoted q;
        fprintf(stderr, "lawtester: verify: %s needs " JOBS_NEEDS " (got '%s')\n",
                j ? "-j" : "--jobs", cli_quote(s, q));
        return 2;
    }
    lt_jobs_set_workers((int)n);
    return 0;
}

/* lawtester verify [FILE.lua] [options]: a case file's cases, the sweep of a law, or the built-in
 * cases. */
static int verify_command(const cli_args *a)
{
    lt_verify_opts o = {0};
    lt_script_opts so = {0};
    cli_quoted q1, q2; /* o.law and o.kase may point into them */
    if (a->npos > 1) {
        fprintf(stderr, "lawtester: verify: more than one case file given ('%s', '%s')\n",
                cli_quote(a->pos[0], q1), cli_quote(a->pos[1], q2));
        return 2;
    }
    int formatted;
    if (read_jobs(a) || cli_read_limits(a, &so) || cli_read_plot_format(a, &formatted)) return 2;
    const char *file = a->npos ? a->pos[0] : NULL;
    o.law = name_arg(cli_opt_value(a, "--law"), q1);
    o.kase = name_arg(cli_opt_value(a, "--case"), q2);
    o.plot_dir = cli_opt_value(a, "--plot");
    so.unsafe = cli_opt_value(a, "--unsafe") != NULL;
    row_printer printer = {.verbose = cli_opt_value(a, "-v") != NULL, .header = 0};
    const char *sweep = cli_opt_value(a, "--sweep");
    if (file && (sweep || cli_opt_value(a, "--shard") || cli_opt_value(a, "-o"))) {
        fprintf(stderr,
                "lawtester: verify FILE.lua: %s is for --law NAME (a case file's cases are its own "
                "points)\n",
                sweep                    ? "--sweep"
                : cli_opt_value(a, "-o") ? "-o"
                                         : "--shard");
        return 2;
    }
    if (file) {
        o.n_set = a->nreps; /* read against each case's law when the case runs (script_cases.c) */
        return verify_file(file, &o, (const char *const *)a->reps, &printer, &so);
    }
    if (law_options_refused(a, &o, sweep)) return 2;
    lt_param_value sets[LT_MAX_PARAMS];
    const lt_law *law = o.law ? lt_find_law(o.law) : NULL;
    if (a->nreps && read_sets(a, law, &o, sets)) return 2;
    if (!sweep) return verify_laws(&o, &so, formatted, &printer);
    if (!law) {
        fprintf(stderr, "lawtester: verify: no law called '%s' (`lawtester laws` lists them)\n",
                o.law);
        return 2;
    }
    return verify_sweep(a, law, &o, &printer);
}

int cli_cmd_verify(const cli_args *a)
{
    int rc = verify_command(a);
    lt_jobs_finish(); /* a child of -j N that left its loop early ends here (never at our end) */
    return rc;
}
