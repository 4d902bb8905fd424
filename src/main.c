/* src/main.c - the command line: `lawtester run FILE.lua [-o DIR] [--plot] [--plot-format F] [--unsafe] [-q]
 * [--shard K/N]`, `lawtester merge [--] OUT.tsv SHARD.tsv...`, `lawtester laws`,
 * `lawtester verify [--law NAME] [--case NAME] [--plot DIR] [--plot-format F] [-v] [--set P=V]...`,
 * `lawtester verify --law NAME --sweep N [--set P=V]... [--shard K/N] [-o DIR]`,
 * `lawtester verify FILE.lua [--case NAME] [-v]`, `lawtester compare REF NEW [--key K] [--cols PAIRS]
 * [--atol A] [--rtol R] [--plot DIR]`, `lawtester version`, `lawtester help`; run, laws
 * and verify also take `--law-lib FILE.so` (repeatable): laws from a shared object.
 *
 * The commands are a table (name, function, options, whether --law-lib applies, usage line) and
 * one parser reads every command line: an option a command does not know is refused, an option
 * with a value may be given once (--law-lib is the one that repeats), `--` ends the options.
 * Every path or name a message quotes goes through lt_quote() (quote.h), so that each error
 * stays one line of a readable length (docs/reliability.md, "The command line"). */
#define _POSIX_C_SOURCE 200809L
#include "output/afile.h"
#include "tools/compare.h"
#include <lawtester/law.h>
#include "contact/law_compat.h"
#include "output/plot.h"
#include "plugin/plugin.h"
#include "contact/registry.h"
#include "output/probe_table.h"
#include "base/quote.h"
#include "script/script.h"
#include "cli/supervise.h"
#include "base/watch.h"
#include "verify/verify.h"
#include "verify/verify_sweep.h"
#include "driver/driver.h"
#include <signal.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* also on the .TH line of docs/lawtester.1 (tests/test_plugin.c checks they agree) */
#define LAWTESTER_VERSION "0.1.0"

/* ---- the command line: options, arguments, quoting ------------------------------------------- */

/* a buffer for one quoted path or name (at most LT_QUOTE_KEEP characters) */
typedef char quoted[LT_QUOTE_KEEP + 1];

static const char *q(const char *s, quoted buf) { return lt_quote(s, buf, sizeof(quoted), LT_QUOTE_KEEP); }

typedef enum { OPT_FLAG, OPT_VALUE, OPT_REPEAT } opt_kind; /* OPT_REPEAT: a value, given any number of times */

/* One option of a command; the table of a command ends with a NULL name. */
typedef struct cli_opt {
    const char *name;
    opt_kind kind;
    const char *needs; /* OPT_VALUE: what its value is, for "OPT needs ..." */
} cli_opt;

#define MAX_OPTS 16

typedef struct lt_command lt_command;

/* A command line read by read_args(). */
typedef struct cli_args {
    const lt_command *cmd;
    const char *value[MAX_OPTS]; /* of cmd->opts[i]: its value (a flag: its name); NULL: not given */
    const char **pos;            /* the other arguments, in order */
    int npos;
    const char **libs;           /* the --law-lib files, in order */
    int nlibs;
    const char **reps;           /* the values of the command's OPT_REPEAT option (one a command), in order */
    int nreps;
} cli_args;

struct lt_command {
    const char *name;
    int (*run)(const cli_args *a);
    const cli_opt *opts;
    int law_lib;        /* takes --law-lib FILE.so (repeatable) */
    int positional;     /* takes arguments besides its options (files) */
    const char *usage;  /* after "lawtester "; NULL: another name of the command before it */
};

#define LIMIT_NEEDS "a whole number >= 0 (0: no limit)"
#define PLOT_FORMAT_NEEDS "png, svg or pdf"

static const cli_opt run_opts[] = {
    {"-o", OPT_VALUE, "a directory"},
    {"--plot", OPT_FLAG, NULL},
    {"--plot-format", OPT_VALUE, PLOT_FORMAT_NEEDS},
    {"--unsafe", OPT_FLAG, NULL},
    {"-q", OPT_FLAG, NULL},
    {"--strict", OPT_FLAG, NULL},
    {"--shard", OPT_VALUE, "K/N with 1 <= K <= N"},
    {"--max-instructions", OPT_VALUE, LIMIT_NEEDS},
    {"--max-memory", OPT_VALUE, LIMIT_NEEDS},
    {"--max-output", OPT_VALUE, LIMIT_NEEDS},
    {"--min-free", OPT_VALUE, LIMIT_NEEDS},
    {NULL, OPT_FLAG, NULL},
};

static const cli_opt verify_opts[] = {
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
    {NULL, OPT_FLAG, NULL},
};

static const cli_opt compare_opts[] = {
    {"--key", OPT_VALUE, "a column, or REFCOL=NEWCOL"},
    {"--cols", OPT_VALUE, "REFCOL=NEWCOL,..."},
    {"--atol", OPT_VALUE, "a number >= 0"},
    {"--rtol", OPT_VALUE, "a number >= 0"},
    {"--plot", OPT_VALUE, "a directory"},
    {"--plot-format", OPT_VALUE, PLOT_FORMAT_NEEDS},
    {NULL, OPT_FLAG, NULL},
};

static const cli_opt no_opts[] = {{NULL, OPT_FLAG, NULL}};

_Static_assert(sizeof run_opts / sizeof *run_opts <= MAX_OPTS + 1, "cli_args.value holds MAX_OPTS options");
_Static_assert(sizeof verify_opts / sizeof *verify_opts <= MAX_OPTS + 1, "cli_args.value holds MAX_OPTS options");

static int opt_index(const lt_command *c, const char *name)
{
    for (int i = 0; c->opts[i].name; i++)
        if (strcmp(c->opts[i].name, name) == 0) return i;
    return -1;
}

/* The value of option name in a (a flag: its name), NULL if not given. */
static const char *opt(const cli_args *a, const char *name)
{
    int i = opt_index(a->cmd, name);
    return i < 0 ? NULL : a->value[i];
}

static void free_args(cli_args *a)
{
    free(a->pos);
    free(a->libs);
    free(a->reps);
}

/* argv[2..argc) of command c into a.  0, or 2 (the exit status) after one line on stderr: an
 * option c does not know, a value missing, an option with a value given twice, an argument for a
 * command that takes none.  After `--` every argument is a file, even one starting with '-'. */
static int read_args(const lt_command *c, int argc, char **argv, cli_args *a)
{
    memset(a, 0, sizeof *a);
    a->cmd = c;
    a->pos = malloc(sizeof *a->pos * (size_t)argc);
    a->libs = malloc(sizeof *a->libs * (size_t)argc);
    a->reps = malloc(sizeof *a->reps * (size_t)argc);
    if (!a->pos || !a->libs || !a->reps) {
        fprintf(stderr, "lawtester: out of memory\n");
        return 2;
    }
    quoted q1, q2;
    int options = 1;
    for (int i = 2; i < argc; i++) {
        const char *s = argv[i];
        if (options && strcmp(s, "--") == 0) {
            options = 0;
        } else if (!options || s[0] != '-') {
            if (!c->positional) {
                fprintf(stderr, "lawtester: %s: unknown argument '%s'\n", c->name, q(s, q1));
                return 2;
            }
            a->pos[a->npos++] = s;
        } else if (c->law_lib && strcmp(s, "--law-lib") == 0) {
            if (++i >= argc || !*argv[i]) {
                fprintf(stderr, "lawtester: --law-lib needs a shared object file (FILE.so)\n");
                return 2;
            }
            a->libs[a->nlibs++] = argv[i];
        } else {
            int k = opt_index(c, s);
            if (k < 0) {
                fprintf(stderr, "lawtester: %s: unknown argument '%s'%s\n", c->name, q(s, q1),
                        c->positional && options ? " (a file whose name starts with '-': put -- before it)" : "");
                return 2;
            }
            if (c->opts[k].kind == OPT_FLAG) {
                a->value[k] = s;
                continue;
            }
            if (++i >= argc) {
                fprintf(stderr, "lawtester: %s needs %s\n", s, c->opts[k].needs);
                return 2;
            }
            if (c->opts[k].kind == OPT_REPEAT) {
                if (!a->value[k]) a->value[k] = argv[i];
                a->reps[a->nreps++] = argv[i];
                continue;
            }
            if (a->value[k]) {
                fprintf(stderr, "lawtester: %s: %s given twice ('%s', ", c->name, s, q(a->value[k], q1));
                fprintf(stderr, "'%s')\n", q(argv[i], q2));
                return 2;
            }
            a->value[k] = argv[i];
        }
    }
    return 0;
}

/* Load the --law-lib files of a, in the order given.  0, or 2 (the exit status) after one line on
 * stderr: the first file that does not load (plugin.h), before anything runs. */
static int load_law_libs(const cli_args *a)
{
    for (int i = 0; i < a->nlibs; i++) {
        char err[1200];
        if (lt_plugin_load(a->libs[i], err, sizeof err) < 0) {
            /* one line already: plugin.c quotes the path and escapes what it prints of the object */
            fprintf(stderr, "lawtester: %s\n", err);
            return 2;
        }
    }
    return 0;
}

/* ---- laws ----------------------------------------------------------------------------------- */

static void print_range(const lt_param *p, unsigned flags)
{
    if (p->kind == LT_BOOL) {
        printf("true|false");
    } else if (p->kind == LT_CHOICE) {
        for (int j = 0; p->choices[j]; j++) printf(j ? "|%s" : "%s", p->choices[j]);
    } else {
        printf("[%g, %g]", p->min, p->max);
        if (p->kind == LT_INT) printf(" integer");
        if (flags & LT_PARAM_FIXED) printf(" fixed");
        if (flags & LT_PARAM_RANGE_UNDECLARED) printf(" (none declared: its [0, 0] read as no bounds, law API <= 4)");
    }
}

/* The state variables, a declared array as NAME[LENGTH] (its values' names after it, with its
 * doc, on a line of their own). */
static void print_state(const lt_law *law)
{
    printf("  state:");
    for (int k = 0; k < law->n_state; k++) {
        const lt_state_array *a = NULL;
        for (int j = 0; j < law->n_state_arrays; j++)
            if (law->state_arrays[j].first == k) a = &law->state_arrays[j];
        if (!a) {
            printf(" %s", law->state_names[k]);
            continue;
        }
        printf(" %s[%d]", a->name, a->length);
        k += a->length - 1;
    }
    printf("\n");
    for (int j = 0; j < law->n_state_arrays; j++) {
        const lt_state_array *a = &law->state_arrays[j];
        printf("    %s[%d] = C.%s ... C.%s%s%s\n", a->name, a->length, law->state_names[a->first],
               law->state_names[a->first + a->length - 1], a->doc ? ": " : "", a->doc ? a->doc : "");
    }
}

static int cmd_laws(const cli_args *a)
{
    (void)a;
    for (int i = 0; lt_laws[i]; i++) {
        const lt_law *law = lt_laws[i];
        printf("%s - %s\n", law->name, law->summary);
        if (lt_law_origin(law)) /* quoted when it was loaded (plugin.c) */
            printf("  from: %s (law API %d)\n", lt_law_origin(law), lt_law_declared_api(law));
        printf("  parameters:\n");
        for (int k = 0; k < law->n_params; k++) {
            const lt_param *p = &law->params[k];
            unsigned flags = law->param_flags ? law->param_flags[k] : 0;
            printf("    %-12s ", p->name);
            if (p->kind == LT_CHOICE) printf("default %-10s ", p->choices[(int)p->def]);
            else if (p->kind == LT_BOOL) printf("default %-10s ", p->def ? "true" : "false");
            else if (isnan(p->def)) printf("default %-10s ", flags & LT_PARAM_MATERIALS ? "materials" : "unset");
            else printf("default %-10g ", p->def);
            printf("unit %-4s range ", p->unit);
            print_range(p, flags);
            printf("  %s\n", p->doc);
        }
        if (law->friction) printf("  friction coefficient: %s\n", law->friction);
        printf("  energies (J):");
        for (int k = 0; k < law->n_energies; k++)
            printf(" %s (%s)", law->energies[k].name, law->energies[k].kind == LT_STORED ? "stored" : "dissipated");
        printf("\n");
        print_state(law);
        printf("  verify cases:");
        for (int k = 0; k < law->n_cases; k++) printf(" %s", law->cases[k].name);
        printf("%s\n", law->n_cases ? "" : " (none; the generic checks only)");
        const lt_yield *y = lt_law_yield(law);
        printf("  yield surface: %s\n", y ? (y->formula ? y->formula : "declared") : "none declared");
    }
    return 0;
}

/* SIGINT, SIGTERM during `run`: the running test (or Lua code) stops at its next step (or hook
 * call) and fails the usual way, keeping its rows as a partial record and removing its
 * temporary files; the exit status is then 128 + the signal.  A second signal ends the process
 * at once. */
static void on_stop_signal(int sig)
{
    if (lt_interrupt_signal) {
        signal(sig, SIG_DFL);
        raise(sig);
    }
    lt_interrupt_signal = sig;
}


/* ---- run ------------------------------------------------------------------------------------ */

/* "K/N" with 1 <= K <= N <= 1000000, digits only. */
static int parse_shard(const char *s, int *k, int *n)
{
    char *end;
    if (*s < '0' || *s > '9') return -1;
    long a = strtol(s, &end, 10);
    if (*end != '/' || end[1] < '0' || end[1] > '9') return -1;
    long b = strtol(end + 1, &end, 10);
    if (*end || a < 1 || b < a || b > 1000000) return -1;
    *k = (int)a, *n = (int)b;
    return 0;
}

/* A whole number 0 <= x <= max written in decimal (or as 1e9); -1 if s is not one. */
static long long parse_count(const char *s, long long max)
{
    char *end;
    errno = 0;
    double x = strtod(s, &end);
    if (!*s || *end || errno || !(x >= 0) || x > (double)max || x != floor(x)) return -1;
    return (long long)x;
}

/* The limits of a (--max-instructions N, --max-memory MB, --max-output MB, --min-free MB; those
 * the command takes) into opts.  0, or 2 after the message. */
static int read_limits(const cli_args *a, lt_script_opts *opts)
{
    static const char *const names[] = {"--max-instructions", "--max-memory", "--max-output", "--min-free"};
    long *mb[] = {NULL, &opts->max_memory_mb, &opts->max_output_mb, &opts->min_free_mb};
    for (int i = 0; i < 4; i++) {
        const char *s = opt(a, names[i]);
        if (!s) continue;
        long long v = parse_count(s, i == 0 ? (1LL << 62) : (1LL << 40));
        if (v < 0) {
            quoted q1;
            fprintf(stderr, "lawtester: %s needs " LIMIT_NEEDS ", got '%s'\n", names[i], q(s, q1));
            return 2;
        }
        if (i == 0) opts->max_instructions = v ? v : -1;
        else *mb[i] = v ? (long)v : -1;
    }
    return 0;
}

/* --plot-format F of a, if given, set; *given says whether it was.  0, or 2 after a message. */
static int read_plot_format(const cli_args *a, int *given)
{
    const char *f = opt(a, "--plot-format");
    *given = f != NULL;
    /* quoted, F is F itself for any of the formats (short, no control character, no backslash)
     * and no format for any other, which the message then names on one line */
    quoted q1;
    char err[200];
    if (f && lt_plot_set_format(q(f, q1), err, sizeof err) < 0) {
        fprintf(stderr, "lawtester: %s\n", err);
        return 2;
    }
    return 0;
}

/* The output directory dir made and writable, before anything runs (a long run must not fail at
 * its end for this).  0, or 2 after the message. */
static int out_dir_ok(const char *dir)
{
    char err[600];
    quoted q1;
    if (lt_mkdir_p(dir, err, sizeof err) < 0) {
        fprintf(stderr, "lawtester: %s\n", err);
        return 2;
    }
    struct stat st;
    errno = 0;
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode) || access(dir, W_OK | X_OK) != 0) {
        fprintf(stderr, "lawtester: cannot write in output directory '%s': %s\n", q(dir, q1),
                strerror(errno ? errno : ENOTDIR));
        return 2;
    }
    return 0;
}

/* lawtester run FILE.lua [options] */
static int cmd_run(const cli_args *a)
{
    lt_script_opts opts = {0};
    opts.shard = opts.shards = 1;
    opts.progress = -1;
    quoted q1, q2;
    int formatted;
    if (a->npos > 1) {
        fprintf(stderr, "lawtester: more than one script given ('%s', '%s')\n", q(a->pos[0], q1), q(a->pos[1], q2));
        return 2;
    }
    if (read_plot_format(a, &formatted) || read_limits(a, &opts)) return 2;
    const char *shard = opt(a, "--shard");
    if (shard && parse_shard(shard, &opts.shard, &opts.shards) < 0) {
        fprintf(stderr, "lawtester: --shard needs K/N with 1 <= K <= N (got '%s')\n", q(shard, q1));
        return 2;
    }
    opts.out_dir = opt(a, "-o");
    opts.plot = opt(a, "--plot") != NULL;
    opts.unsafe = opt(a, "--unsafe") != NULL;
    opts.quiet = opt(a, "-q") != NULL;
    opts.strict = opt(a, "--strict") != NULL;
    if (a->npos == 0) {
        fprintf(stderr, "lawtester: run needs a script file\n");
        return 2;
    }
    const char *file = a->pos[0];
    if (formatted && !opts.plot) {
        fprintf(stderr, "lawtester: --plot-format needs --plot\n");
        return 2;
    }
    if (opts.plot && !opts.out_dir) {
        fprintf(stderr, "lawtester: --plot needs -o DIR (the plots are written beside the tables)\n");
        return 2;
    }
    char err[600];
    if (opts.out_dir && out_dir_ok(opts.out_dir)) return 2;
    if (opts.plot && lt_plot_available(err, sizeof err) < 0) {
        fprintf(stderr, "lawtester: %s\n", err);
        return 2;
    }
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    int status = lt_script_run_file(file, &opts);
    return lt_interrupt_signal ? 128 + (int)lt_interrupt_signal : status;
}

/* ---- merge ---------------------------------------------------------------------------------- */

/* lawtester merge [--] OUT.tsv SHARD.tsv... */
static int cmd_merge(const cli_args *a)
{
    if (a->npos < 2) {
        fprintf(stderr, "lawtester: merge needs OUT.tsv and at least one shard table\n");
        return 2;
    }
    char err[1200];
    if (lt_probe_merge(a->pos + 1, a->npos - 1, a->pos[0], err, sizeof err) < 0) {
        fprintf(stderr, "%s\n", err);
        return 1;
    }
    return 0;
}

/* ---- verify --------------------------------------------------------------------------------- */

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

/* lawtester verify FILE.lua [--case NAME] [-v] [--unsafe] [--max-instructions N] [--max-memory MB] */
static int verify_file(const char *file, const lt_verify_opts *o, const char *const *set_texts, row_printer *p,
                       lt_script_opts *so)
{
    if (o->law || o->plot_dir) {
        fprintf(stderr, "lawtester: verify FILE.lua: %s is for the built-in cases (a case file names its laws)\n",
                o->law ? "--law" : "--plot");
        return 2;
    }
    lt_case_run cr = {o->kase, print_row, p, 0, 0, 0, 0, o->n_set ? set_texts : NULL, o->n_set};
    so->cases = &cr;
    so->quiet = 1;
    so->progress = 0;
    so->shard = so->shards = 1;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    int rc = lt_script_run_file(file, so);
    if (rc != 0) return cr.no_match ? 2 : rc;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    quoted q1;
    printf("verify: %d checks in %d cases of %s, %d failed%s, %.1f s\n", lt_watch_page->rows, lt_watch_page->cases,
           q(file, q1), lt_watch_page->failed, expected_failures(),
           (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec));
    return lt_watch_page->failed ? 1 : 0;
}

/* A law or case name as given, or quoted if it holds a control character or is too long for a
 * message: no law name (an identifier, law_check.h) nor case name is either, so the quoted name
 * matches nothing, as the given one would not, and the "no law called '...'" that follows is one
 * line. */
static const char *name_arg(const char *s, quoted buf)
{
    return s && (lt_has_control(s) || strlen(s) > LT_QUOTE_KEEP) ? q(s, buf) : s;
}

/* lawtester verify --law NAME --sweep N [--set P=V]... [--case generic-...] [--shard K/N] [-o DIR] [-v]:
 * the options read already; the sweep (verify_sweep.h) and its summary line. */
static int verify_sweep(const cli_args *a, const lt_law *law, lt_verify_opts *o, row_printer *printer)
{
    quoted q1;
    const char *n = opt(a, "--sweep"), *shard = opt(a, "--shard");
    long long points = parse_count(n, 1000000);
    if (points < 1) {
        fprintf(stderr, "lawtester: verify: --sweep needs a number of points, 1 to 1000000 (got '%s')\n", q(n, q1));
        return 2;
    }
    lt_sweep_opts so = {o, (long)points, 1, 1, opt(a, "-o"), stdout};
    if (shard && parse_shard(shard, &so.shard, &so.shards) < 0) {
        fprintf(stderr, "lawtester: verify: --shard needs K/N with 1 <= K <= N (got '%s')\n", q(shard, q1));
        return 2;
    }
    if (so.out_dir && out_dir_ok(so.out_dir)) return 2;
    o->on_row = print_row;
    o->ctx = printer;
    lt_verify_summary sum;
    char err[600];
    int rc = lt_verify_sweep(law, &so, &sum, err, sizeof err);
    if (rc == -1) {
        fprintf(stderr, "lawtester: verify: %s\n", err);
        return 2;
    }
    if (!lt_watch_page->header) lt_verify_print_header(stdout); /* a sweep whose every point was refused */
    lt_watch_page->header = 1;
    char part[80] = "";
    if (so.shards > 1) snprintf(part, sizeof part, " (shard %d of %d)", so.shard, so.shards);
    printf("verify: sweep of %s%s: %d checks, %d failed, %.1f s\n", law->name, part, lt_watch_page->rows,
           lt_watch_page->failed, sum.seconds);
    if (rc == -2) {
        fprintf(stderr, "lawtester: verify: %s\n", err);
        return 1;
    }
    return lt_watch_page->failed ? 1 : 0;
}

/* lawtester verify [FILE.lua] [options] */
static int cmd_verify(const cli_args *a)
{
    lt_verify_opts o = {0};
    lt_script_opts so = {0};
    quoted q1, q2;
    if (a->npos > 1) {
        fprintf(stderr, "lawtester: verify: more than one case file given ('%s', '%s')\n", q(a->pos[0], q1),
                q(a->pos[1], q2));
        return 2;
    }
    int formatted;
    if (read_limits(a, &so) || read_plot_format(a, &formatted)) return 2;
    const char *file = a->npos ? a->pos[0] : NULL;
    o.law = name_arg(opt(a, "--law"), q1);
    o.kase = name_arg(opt(a, "--case"), q2);
    o.plot_dir = opt(a, "--plot");
    so.unsafe = opt(a, "--unsafe") != NULL;
    row_printer printer = {opt(a, "-v") != NULL, 0};
    const char *sweep = opt(a, "--sweep");
    if (file && (sweep || opt(a, "--shard") || opt(a, "-o"))) {
        fprintf(stderr, "lawtester: verify FILE.lua: %s is for --law NAME (a case file's cases are its own "
                "points)\n", sweep ? "--sweep" : opt(a, "-o") ? "-o" : "--shard");
        return 2;
    }
    if (file) {
        o.n_set = a->nreps; /* read against each case's law when the case runs (script_cases.c) */
        return verify_file(file, &o, (const char *const *)a->reps, &printer, &so);
    }
    if ((a->nreps || sweep) && !o.law) {
        fprintf(stderr, "lawtester: verify: %s needs --law NAME (the values are the law's parameters)\n",
                a->nreps ? "--set" : "--sweep");
        return 2;
    }
    if (!sweep && (opt(a, "--shard") || opt(a, "-o"))) {
        fprintf(stderr, "lawtester: verify: %s is for --sweep N (--plot DIR writes the cases' plots)\n",
                opt(a, "-o") ? "-o DIR" : "--shard");
        return 2;
    }
    if (sweep && o.plot_dir) {
        fprintf(stderr, "lawtester: verify: --plot is for the law's cases, not for --sweep (the sweep's table: -o DIR)\n");
        return 2;
    }
    lt_param_value sets[LT_MAX_PARAMS];
    const lt_law *law = o.law ? lt_find_law(o.law) : NULL;
    if (a->nreps) {
        char serr[600];
        if (!law) {
            fprintf(stderr, "lawtester: verify: no law called '%s' (`lawtester laws` lists them)\n", o.law);
            return 2;
        }
        if (a->nreps > LT_MAX_PARAMS) {
            fprintf(stderr, "lawtester: verify: --set given %d times; law %s has %d parameters\n", a->nreps,
                    law->name, law->n_params);
            return 2;
        }
        if (lt_verify_read_sets(law, a->reps, a->nreps, sets, serr, sizeof serr) < 0) {
            fprintf(stderr, "lawtester: verify: %s\n", serr);
            return 2;
        }
        o.set = sets;
        o.n_set = a->nreps;
    }
    if (sweep) {
        if (!law) {
            fprintf(stderr, "lawtester: verify: no law called '%s' (`lawtester laws` lists them)\n", o.law);
            return 2;
        }
        return verify_sweep(a, law, &o, &printer);
    }
    if (so.unsafe || so.max_instructions || so.max_memory_mb) {
        fprintf(stderr, "lawtester: verify: --unsafe and the script limits are for a case file (verify FILE.lua)\n");
        return 2;
    }
    char made[600];
    if (o.plot_dir && lt_mkdir_p(o.plot_dir, made, sizeof made) < 0) {
        fprintf(stderr, "lawtester: verify: %s\n", made);
        return 2;
    }
    if (o.plot_dir && access(o.plot_dir, W_OK | X_OK) != 0) {
        quoted q3;
        fprintf(stderr, "lawtester: verify: cannot write in '%s': %s\n", q(o.plot_dir, q3), strerror(errno));
        return 2;
    }
    char perr[600];
    if ((formatted && !o.plot_dir) || (o.plot_dir && lt_plot_available(perr, sizeof perr) < 0)) {
        fprintf(stderr, "lawtester: verify: %s\n", o.plot_dir ? perr : "--plot-format needs --plot DIR");
        return 2;
    }
    o.on_row = print_row;
    o.ctx = &printer;
    lt_verify_summary sum;
    char err[300];
    if (!lt_watch_page->header) lt_verify_print_header(stdout);
    printer.header = lt_watch_page->header = 1;
    if (lt_verify(&o, &sum, err, sizeof err) < 0) {
        fprintf(stderr, "lawtester: verify: %s\n", err);
        return 2;
    }
    printf("verify: %d checks in %d law cases (plus the generic checks), %d failed%s, %.1f s\n", lt_watch_page->rows,
           lt_watch_page->cases, lt_watch_page->failed, expected_failures(), sum.seconds);
    return lt_watch_page->failed ? 1 : 0;
}

/* ---- compare -------------------------------------------------------------------------------- */

/* lawtester compare REF NEW [options] (compare.h, docs/compare.md): exit status 0 if every column
 * is within its tolerance, 1 if one is not, 2 for bad input (one line naming the file, the line
 * and the field) or plots that cannot be written. */
static int cmd_compare(const cli_args *a)
{
    quoted q1;
    if (a->npos != 2) {
        fprintf(stderr, "lawtester: compare needs two tables, REF and NEW (%d given)\n", a->npos);
        return 2;
    }
    lt_compare_opts o = {opt(a, "--key"), opt(a, "--cols"), 0, 0};
    const char *tols[2] = {"--atol", "--rtol"};
    double *vals[2] = {&o.atol, &o.rtol};
    for (int i = 0; i < 2; i++) {
        const char *s = opt(a, tols[i]);
        char *end;
        if (s) *vals[i] = strtod(s, &end);
        if (s && (!*s || *end || !(*vals[i] >= 0) || isinf(*vals[i]))) {
            fprintf(stderr, "lawtester: compare: %s needs a number >= 0, got '%s'\n", tols[i], q(s, q1));
            return 2;
        }
    }
    const char *dir = opt(a, "--plot");
    int formatted;
    char err[1200];
    if (read_plot_format(a, &formatted)) return 2;
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
    if (dir && (lt_mkdir_p(dir, err, sizeof err) < 0 || lt_compare_plot(&c, dir, err, sizeof err) < 0)) {
        fprintf(stderr, "lawtester: compare: --plot %s: %s\n", q(dir, q1), err);
        lt_compare_free(&c);
        return 2;
    }
    int failed = lt_compare_print(&c, stdout, stderr);
    lt_compare_free(&c);
    return failed ? 1 : 0;
}

/* ---- version, help, the table of commands ---------------------------------------------------- */

static int cmd_version(const cli_args *a)
{
    (void)a;
    printf("lawtester %s (law API %d)\n", LAWTESTER_VERSION, LT_LAW_API_VERSION);
    return 0;
}

static void usage(FILE *f);

static int cmd_help(const cli_args *a)
{
    (void)a;
    usage(stdout);
    return 0;
}

static const lt_command commands[] = {
    {"run", cmd_run, run_opts, 1, 1,
     "run FILE.lua [-o DIR] [--plot] [--plot-format png|svg|pdf] [--unsafe] [-q]\n"
     "                     [--shard K/N] [--max-instructions N] [--max-memory MB] [--max-output MB]\n"
     "                     [--min-free MB] [--strict] [--law-lib FILE.so]..."},
    {"merge", cmd_merge, no_opts, 0, 1, "merge [--] OUT.tsv SHARD.tsv..."},
    {"laws", cmd_laws, no_opts, 1, 0, "laws [--law-lib FILE.so]..."},
    {"verify", cmd_verify, verify_opts, 1, 1,
     "verify [--law NAME] [--case NAME] [--plot DIR] [--plot-format png|svg|pdf] [-v]\n"
     "                        [--set P=V]... [--law-lib FILE.so]...\n"
     "       lawtester verify --law NAME --sweep N [--set P=V]... [--case NAME] [--shard K/N] [-o DIR] [-v]\n"
     "                        [--law-lib FILE.so]...\n"
     "       lawtester verify FILE.lua [--case NAME] [-v] [--unsafe] [--max-instructions N] [--max-memory MB]\n"
     "                        [--law-lib FILE.so]..."},
    {"compare", cmd_compare, compare_opts, 0, 1,
     "compare REF NEW [--key COL] [--cols REFCOL=NEWCOL,...] [--atol A] [--rtol R] [--plot DIR]\n"
     "                        [--plot-format png|svg|pdf]"},
    {"version", cmd_version, no_opts, 0, 0, "version"},
    {"--version", cmd_version, no_opts, 0, 0, NULL},
    {"help", cmd_help, no_opts, 0, 0, "help"},
    {"-h", cmd_help, no_opts, 0, 0, NULL},
    {"--help", cmd_help, no_opts, 0, 0, NULL},
};

static void usage(FILE *f)
{
    int first = 1;
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (commands[i].usage) {
            fprintf(f, "%s lawtester %s\n", first ? "usage:" : "      ", commands[i].usage);
            first = 0;
        }
    fprintf(f, "  --law-lib FILE.so  (run, laws, verify; repeatable) first load the contact laws the shared\n"
               "          object exports as lt_plugin_laws (docs/plugins.md); any problem: exit status 2\n"
               "  --law-timeout S  (run, laws, verify) seconds one call of a law function may take (default 10,\n"
               "          0: no limit); the law runs in a worker process: a crash, abort, exit() or a call\n"
               "          past the limit ends that run (verify: that case) in one line (docs/reliability.md)\n"
               "  an option with a value is given at most once; an unknown option is an error (exit status 2);\n"
               "          -- ends the options (a file whose name starts with '-' follows it)\n"
               "  run     run the stage script FILE.lua; -o DIR writes DIR/NAME.tsv for every test,\n"
               "          --plot renders plots/ *.gp for each table (needs -o; --plot-format: png, the\n"
               "          default, svg or pdf), --unsafe lifts the\n"
               "          Lua sandbox, -q prints no summaries; --shard K/N runs the K-th of N parts of\n"
               "          every yield probe (directions k with k %% N == K-1) into NAME.shard-K-of-N.tsv;\n"
               "          --max-instructions N: Lua instructions per entry into Lua (the body, one until,\n"
               "          one done; default 1e9), --max-memory MB: the script's Lua memory (default 1024);\n"
               "          0 lifts a limit (--unsafe lifts the sandbox only); --max-output MB: all the run\n"
               "          writes (default 1024), --min-free MB: free space kept on the output filesystem\n"
               "          (default 100); --strict: plausibility warnings are errors\n"
               "  merge   merge the shard tables of a probe or a sweep into OUT.tsv (the unsharded table, byte\n"
               "          for byte)\n"
               "  laws    list the registered contact laws with their parameters, energies and yield surface\n"
               "  verify  run the generic checks and the analytic cases of every law (or of NAME),\n"
               "          one row per checked quantity; exit status 1 if any fails; --plot DIR\n"
               "          writes each case's recorded and closed-form curves; -v adds why each\n"
               "          tolerance is what it is; with FILE.lua, the cases of that case file\n"
               "          (docs/case-scripts.md), sandboxed and limited as `run`; --set P=V (repeatable):\n"
               "          every check at that value of the law's parameter P; --sweep N: the generic\n"
               "          checks at N points of the parameters' ranges (corners, then Halton), -o DIR\n"
               "          writes DIR/sweep-NAME.tsv and a script for every failed point, --shard K/N\n"
               "          runs the points k with k %% N == K-1 (docs/verify.md, \"The parameter space\")\n"
               "  compare compare two tables (records, or text with one header line) column by column on a\n"
               "          key (default time), interpolating the denser; a pair REFCOL=-NEWCOL*1e-3 flips and\n"
               "          scales NEW; passes if |NEW - REF| <= atol + rtol max|REF| (defaults 0: equal);\n"
               "          exit status 1 if a column fails; --plot DIR overlays them (docs/compare.md)\n");
}

static int command(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    const lt_command *c = NULL;
    for (size_t i = 0; i < sizeof commands / sizeof commands[0] && !c; i++)
        if (strcmp(argv[1], commands[i].name) == 0) c = &commands[i];
    if (!c) {
        quoted q1;
        fprintf(stderr, "lawtester: unknown command '%s'\n", q(argv[1], q1));
        usage(stderr);
        return 2;
    }
    cli_args a;
    int status = read_args(c, argc, argv, &a);
    if (!status) status = load_law_libs(&a);
    if (!status) status = c->run(&a);
    free_args(&a);
    return status;
}

/* Exit status of a command, and stdout checked: output lost to a full disk or a closed pipe is
 * an error, not a silent success. */
static int finish(int status)
{
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "lawtester: cannot write the output: %s\n", strerror(errno ? errno : EIO));
        return status ? status : 1;
    }
    return status;
}

/* One command in the worker process of the supervisor (or alone without one). */
static int worker_main(int argc, char **argv) { return finish(command(argc, argv)); }

int main(int argc, char **argv)
{
    return lt_supervised_main(argc, argv, worker_main);
}
