/* src/main.c - the command line: `lawtester run FILE.lua [-o DIR] [--plot] [--plot-format F] [--unsafe] [-q]
 * [--shard K/N]`, `lawtester merge OUT.tsv SHARD.tsv...`, `lawtester laws`,
 * `lawtester verify [--law NAME] [--case NAME] [--plot DIR] [--plot-format F] [-v]`,
 * `lawtester verify FILE.lua [--case NAME] [-v]`, `lawtester version`; run, laws and verify also take
 * `--law-lib FILE.so` (repeatable): laws from a shared object. */
#define _POSIX_C_SOURCE 200809L
#include "afile.h"
#include "law.h"
#include "plot.h"
#include "plugin.h"
#include "registry.h"
#include "probe_table.h"
#include "script.h"
#include "supervise.h"
#include "watch.h"
#include "verify.h"
#include "driver.h"
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

static void usage(FILE *f)
{
    fprintf(f, "usage: lawtester run FILE.lua [-o DIR] [--plot] [--plot-format png|svg|pdf] [--unsafe] [-q]\n"
               "                     [--shard K/N] [--max-instructions N] [--max-memory MB] [--max-output MB]\n"
               "                     [--min-free MB] [--strict] [--law-lib FILE.so]...\n"
               "       lawtester merge OUT.tsv SHARD.tsv...\n"
               "       lawtester laws [--law-lib FILE.so]...\n"
               "       lawtester verify [--law NAME] [--case NAME] [--plot DIR] [--plot-format png|svg|pdf] [-v]\n"
               "                        [--law-lib FILE.so]...\n"
               "       lawtester verify FILE.lua [--case NAME] [-v] [--unsafe] [--max-instructions N] [--max-memory MB]\n"
               "                        [--law-lib FILE.so]...\n"
               "       lawtester version\n"
               "  --law-lib FILE.so  (run, laws, verify; repeatable) first load the contact laws the shared\n"
               "          object exports as lt_plugin_laws (docs/plugins.md); any problem: exit status 2\n"
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
               "  merge   merge the shard tables of a probe into OUT.tsv (the unsharded table, byte for byte)\n"
               "  laws    list the registered contact laws with their parameters, energies and yield surface\n"
               "  verify  run the generic checks and the analytic cases of every law (or of NAME),\n"
               "          one row per checked quantity; exit status 1 if any fails; --plot DIR\n"
               "          writes each case's recorded and closed-form curves; -v adds why each\n"
               "          tolerance is what it is; with FILE.lua, the cases of that case file\n"
               "          (docs/case-scripts.md), sandboxed and limited as `run`\n");
}

static void print_range(const lt_param *p)
{
    if (p->kind == LT_BOOL) {
        printf("true|false");
    } else if (p->kind == LT_CHOICE) {
        for (int j = 0; p->choices[j]; j++) printf(j ? "|%s" : "%s", p->choices[j]);
    } else {
        printf("%s%g, %g]", p->min == 0 && isinf(p->max) ? "[" : "[", p->min, p->max);
    }
}

static int cmd_laws(void)
{
    for (int i = 0; lt_laws[i]; i++) {
        const lt_law *law = lt_laws[i];
        printf("%s - %s\n", law->name, law->summary);
        if (lt_law_origin(law)) printf("  from: %s (law API %d)\n", lt_law_origin(law), lt_law_declared_api(law));
        printf("  parameters:\n");
        for (int k = 0; k < law->n_params; k++) {
            const lt_param *p = &law->params[k];
            printf("    %-12s ", p->name);
            if (p->kind == LT_CHOICE) printf("default %-10s ", p->choices[(int)p->def]);
            else if (p->kind == LT_BOOL) printf("default %-10s ", p->def ? "true" : "false");
            else if (isnan(p->def)) printf("default %-10s ", "unset");
            else printf("default %-10g ", p->def);
            printf("unit %-4s range ", p->unit);
            print_range(p);
            printf("  %s\n", p->doc);
        }
        printf("  energies (J):");
        for (int k = 0; k < law->n_energies; k++)
            printf(" %s (%s)", law->energies[k].name, law->energies[k].kind == LT_STORED ? "stored" : "dissipated");
        printf("\n  state:");
        for (int k = 0; k < law->n_state; k++) printf(" %s", law->state_names[k]);
        printf("\n  verify cases:");
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

/* --max-instructions N, --max-memory MB, --max-output MB or --min-free MB at argv[*i] (its value
 * consumed); -1 after the message. */
static int parse_limit(int argc, char **argv, int *i, lt_script_opts *opts)
{
    int instr = argv[*i][6] == 'i';
    long long v = ++*i < argc ? parse_count(argv[*i], instr ? (1LL << 62) : (1LL << 40)) : -1;
    if (v < 0) {
        fprintf(stderr, "lawtester: %s needs a whole number >= 0 (0: no limit), got '%s'\n", argv[*i - 1],
                *i < argc ? argv[*i] : "");
        return -1;
    }
    long *mb = argv[*i - 1][6] == 'm' ? &opts->max_memory_mb : argv[*i - 1][6] == 'o' ? &opts->max_output_mb
                                                                                         : &opts->min_free_mb;
    if (instr) opts->max_instructions = v ? v : -1;
    else *mb = v ? (long)v : -1;
    return 0;
}

/* lawtester merge OUT.tsv SHARD.tsv... */
static int cmd_merge(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "lawtester: merge needs OUT.tsv and at least one shard table\n");
        return 2;
    }
    char err[1200];
    if (lt_probe_merge((const char *const *)argv + 3, argc - 3, argv[2], err, sizeof err) < 0) {
        fprintf(stderr, "%s\n", err);
        return 1;
    }
    return 0;
}

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
    if (verbose && r->pass && r->note && *r->note) printf("    # %s\n", r->note);
    fflush(stdout);
}

/* lawtester verify FILE.lua [--case NAME] [-v] [--unsafe] [--max-instructions N] [--max-memory MB] */
static int verify_file(const char *file, const lt_verify_opts *o, row_printer *p, lt_script_opts *so)
{
    if (o->law || o->plot_dir) {
        fprintf(stderr, "lawtester: verify FILE.lua: %s is for the built-in cases (a case file names its laws)\n",
                o->law ? "--law" : "--plot");
        return 2;
    }
    lt_case_run cr = {o->kase, print_row, p, 0, 0, 0, 0};
    so->cases = &cr;
    so->quiet = 1;
    so->progress = 0;
    so->shard = so->shards = 1;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    int rc = lt_script_run_file(file, so);
    if (rc != 0) return cr.no_match ? 2 : rc;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    printf("verify: %d checks in %d cases of %s, %d failed, %.1f s\n", lt_watch_page->rows, lt_watch_page->cases, file,
           lt_watch_page->failed,
           (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec));
    return lt_watch_page->failed ? 1 : 0;
}

/* `--plot-format F` at argv[*i]: the format set and *i advanced; 0, or 2 after a message. */
static int plot_format_arg(int argc, char **argv, int *i)
{
    char err[200];
    if (++*i >= argc || lt_plot_set_format(argv[*i], err, sizeof err) < 0) {
        fprintf(stderr, "lawtester: %s\n", *i < argc ? err : "--plot-format needs png, svg or pdf");
        return 2;
    }
    return 0;
}

static int cmd_verify(int argc, char **argv)
{
    lt_verify_opts o = {0};
    lt_script_opts so = {0};
    const char *file = NULL;
    int verbose = 0, formatted = 0;
    for (int i = 2; i < argc; i++) {
        const char **target = strcmp(argv[i], "--law") == 0 ? &o.law
                            : strcmp(argv[i], "--case") == 0 ? &o.kase
                            : strcmp(argv[i], "--plot") == 0 ? &o.plot_dir
                                                              : NULL;
        if (target) {
            if (++i >= argc) {
                fprintf(stderr, "lawtester: %s needs a value\n", argv[i - 1]);
                return 2;
            }
            *target = argv[i];
        } else if (strcmp(argv[i], "-v") == 0) {
            verbose = 1;
        } else if (strcmp(argv[i], "--max-instructions") == 0 || strcmp(argv[i], "--max-memory") == 0) {
            if (parse_limit(argc, argv, &i, &so) < 0) return 2;
        } else if (strcmp(argv[i], "--unsafe") == 0) {
            so.unsafe = 1;
        } else if (argv[i][0] != '-' && !file) {
            file = argv[i];
        } else if (argv[i][0] != '-') {
            fprintf(stderr, "lawtester: verify: more than one case file given ('%s', '%s')\n", file, argv[i]);
            return 2;
        } else if (strcmp(argv[i], "--plot-format") == 0) {
            if (plot_format_arg(argc, argv, &i)) return 2;
            formatted = 1;
        } else {
            fprintf(stderr, "lawtester: verify: unknown argument '%s'\n", argv[i]);
            return 2;
        }
    }
    row_printer printer = {verbose, 0};
    if (file) return verify_file(file, &o, &printer, &so);
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
        fprintf(stderr, "lawtester: verify: cannot write in '%s': %s\n", o.plot_dir, strerror(errno));
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
    printf("verify: %d checks in %d law cases (plus the generic checks), %d failed, %.1f s\n", lt_watch_page->rows,
           lt_watch_page->cases, lt_watch_page->failed, sum.seconds);
    return lt_watch_page->failed ? 1 : 0;
}

/* Take every `--law-lib FILE` out of argv (argv[2..]; *argc shrinks) and load the laws of FILE,
 * in the order given.  0, or 2 (the exit status) after one line on stderr: a missing FILE, or
 * the first file that does not load (plugin.h), before anything runs. */
static int load_law_libs(int *argc, char **argv)
{
    int kept = 2;
    for (int i = 2; i < *argc; i++) {
        if (strcmp(argv[i], "--law-lib") != 0) {
            argv[kept++] = argv[i];
            continue;
        }
        if (++i >= *argc || !*argv[i]) {
            fprintf(stderr, "lawtester: --law-lib needs a shared object file (FILE.so)\n");
            return 2;
        }
        char err[1200];
        if (lt_plugin_load(argv[i], err, sizeof err) < 0) { /* marked in the watch page (supervise.h) */
            fprintf(stderr, "lawtester: %s\n", err);
            return 2;
        }
    }
    *argc = kept;
    argv[kept] = NULL;
    return 0;
}

static int command(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    if (strcmp(argv[1], "laws") == 0 || strcmp(argv[1], "verify") == 0 || strcmp(argv[1], "run") == 0) {
        int st = load_law_libs(&argc, argv);
        if (st) return st;
    }
    if (strcmp(argv[1], "laws") == 0 && argc > 2) {
        fprintf(stderr, "lawtester: laws: unknown argument '%s'\n", argv[2]);
        return 2;
    }
    if (strcmp(argv[1], "laws") == 0) return cmd_laws();
    if (strcmp(argv[1], "verify") == 0) return cmd_verify(argc, argv);
    if (strcmp(argv[1], "merge") == 0) return cmd_merge(argc, argv);
    if (strcmp(argv[1], "version") == 0 || strcmp(argv[1], "--version") == 0) {
        printf("lawtester %s (law API %d)\n", LAWTESTER_VERSION, LT_LAW_API_VERSION);
        return 0;
    }
    if (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "help") == 0) {
        usage(stdout);
        return 0;
    }
    if (strcmp(argv[1], "run") != 0) {
        fprintf(stderr, "lawtester: unknown command '%s'\n", argv[1]);
        usage(stderr);
        return 2;
    }
    lt_script_opts opts = {0};
    opts.shard = opts.shards = 1;
    opts.progress = -1;
    const char *file = NULL;
    int formatted = 0;
    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "-o") == 0) {
            if (++i >= argc) {
                fprintf(stderr, "lawtester: -o needs a directory\n");
                return 2;
            }
            opts.out_dir = argv[i];
        } else if (strcmp(argv[i], "--plot") == 0) {
            opts.plot = 1;
        } else if (strcmp(argv[i], "--plot-format") == 0) {
            if (plot_format_arg(argc, argv, &i)) return 2;
            formatted = 1;
        } else if (strcmp(argv[i], "--unsafe") == 0) {
            opts.unsafe = 1;
        } else if (strcmp(argv[i], "-q") == 0) {
            opts.quiet = 1;
        } else if (strcmp(argv[i], "--strict") == 0) {
            opts.strict = 1;
        } else if (strcmp(argv[i], "--max-instructions") == 0 || strcmp(argv[i], "--max-memory") == 0 ||
                   strcmp(argv[i], "--max-output") == 0 || strcmp(argv[i], "--min-free") == 0) {
            if (parse_limit(argc, argv, &i, &opts) < 0) return 2;
        } else if (strcmp(argv[i], "--shard") == 0) {
            if (++i >= argc || parse_shard(argv[i], &opts.shard, &opts.shards) < 0) {
                fprintf(stderr, "lawtester: --shard needs K/N with 1 <= K <= N (got '%s')\n", i < argc ? argv[i] : "");
                return 2;
            }
        } else if (argv[i][0] == '-') {
            fprintf(stderr, "lawtester: unknown option '%s'\n", argv[i]);
            return 2;
        } else if (!file) {
            file = argv[i];
        } else {
            fprintf(stderr, "lawtester: more than one script given ('%s', '%s')\n", file, argv[i]);
            return 2;
        }
    }
    if (!file) {
        fprintf(stderr, "lawtester: run needs a script file\n");
        return 2;
    }
    if (formatted && !opts.plot) {
        fprintf(stderr, "lawtester: --plot-format needs --plot\n");
        return 2;
    }
    if (opts.plot && !opts.out_dir) {
        fprintf(stderr, "lawtester: --plot needs -o DIR (the plots are written beside the tables)\n");
        return 2;
    }
    char err[600];
    if (opts.out_dir && lt_mkdir_p(opts.out_dir, err, sizeof err) < 0) {
        fprintf(stderr, "lawtester: %s\n", err);
        return 2;
    }
    if (opts.out_dir) { /* before anything runs: a long run must not fail at its end for this */
        struct stat st;
        errno = 0;
        if (stat(opts.out_dir, &st) != 0 || !S_ISDIR(st.st_mode) || access(opts.out_dir, W_OK | X_OK) != 0) {
            fprintf(stderr, "lawtester: cannot write in output directory '%s': %s\n", opts.out_dir,
                    strerror(errno ? errno : ENOTDIR));
            return 2;
        }
    }
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
