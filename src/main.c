/* src/main.c - the command line: `lawtester run FILE.lua [-o DIR] [--plot] [--plot-format F] [--unsafe] [-q]
 * [--shard K/N]`, `lawtester merge OUT.tsv SHARD.tsv...`, `lawtester laws`,
 * `lawtester verify [--law NAME] [--case NAME] [--plot DIR] [--plot-format F] [-v]`, `lawtester version`. */
#define _POSIX_C_SOURCE 200809L
#include "law.h"
#include "plot.h"
#include "registry.h"
#include "probe_table.h"
#include "script.h"
#include "verify.h"
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define LAWTESTER_VERSION "0.1.0"

static void usage(FILE *f)
{
    fprintf(f, "usage: lawtester run FILE.lua [-o DIR] [--plot] [--plot-format png|svg|pdf] [--unsafe] [-q]\n"
               "                     [--shard K/N] [--max-instructions N] [--max-memory MB]\n"
               "       lawtester merge OUT.tsv SHARD.tsv...\n"
               "       lawtester laws\n"
               "       lawtester verify [--law NAME] [--case NAME] [--plot DIR] [--plot-format png|svg|pdf] [-v]\n"
               "       lawtester version\n"
               "  run     run the stage script FILE.lua; -o DIR writes DIR/NAME.tsv for every test,\n"
               "          --plot renders plots/ *.gp for each table (needs -o; --plot-format: png, the\n"
               "          default, svg or pdf), --unsafe lifts the\n"
               "          Lua sandbox, -q prints no summaries; --shard K/N runs the K-th of N parts of\n"
               "          every yield probe (directions k with k %% N == K-1) into NAME.shard-K-of-N.tsv;\n"
               "          --max-instructions N: Lua instructions per entry into Lua (the body, one until,\n"
               "          one done; default 1e9), --max-memory MB: the script's Lua memory (default 1024);\n"
               "          0 lifts a limit (--unsafe lifts the sandbox only)\n"
               "  merge   merge the shard tables of a probe into OUT.tsv (the unsharded table, byte for byte)\n"
               "  laws    list the registered contact laws with their parameters, energies and yield surface\n"
               "  verify  run the generic checks and the analytic cases of every law (or of NAME),\n"
               "          one row per checked quantity; exit status 1 if any fails; --plot DIR\n"
               "          writes each case's recorded and closed-form curves; -v adds why each\n"
               "          tolerance is what it is\n");
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

static void print_row(void *ctx, const lt_verify_row *r)
{
    int verbose = *(int *)ctx;
    lt_verify_print_row(stdout, r);
    if (verbose && r->pass && r->note && *r->note) printf("    # %s\n", r->note);
    fflush(stdout);
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
        } else if (strcmp(argv[i], "--plot-format") == 0) {
            if (plot_format_arg(argc, argv, &i)) return 2;
            formatted = 1;
        } else {
            fprintf(stderr, "lawtester: verify: unknown argument '%s'\n", argv[i]);
            return 2;
        }
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
    o.ctx = &verbose;
    lt_verify_summary sum;
    char err[300];
    lt_verify_print_header(stdout);
    if (lt_verify(&o, &sum, err, sizeof err) < 0) {
        fprintf(stderr, "lawtester: verify: %s\n", err);
        return 2;
    }
    printf("verify: %d checks in %d law cases (plus the generic checks), %d failed, %.1f s\n", sum.rows, sum.cases,
           sum.failed, sum.seconds);
    return sum.failed ? 1 : 0;
}

static int command(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
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
        } else if (strcmp(argv[i], "--max-instructions") == 0 || strcmp(argv[i], "--max-memory") == 0) {
            int instr = argv[i][6] == 'i';
            long long v = ++i < argc ? parse_count(argv[i], instr ? (1LL << 62) : (1LL << 40)) : -1;
            if (v < 0) {
                fprintf(stderr, "lawtester: %s needs a whole number >= 0 (0: no limit), got '%s'\n", argv[i - 1],
                        i < argc ? argv[i] : "");
                return 2;
            }
            if (instr) opts.max_instructions = v ? v : -1;
            else opts.max_memory_mb = v ? (long)v : -1;
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
    if (opts.out_dir) { /* before anything runs: a long run must not fail at its end for this */
        struct stat st;
        errno = 0;
        if (stat(opts.out_dir, &st) != 0 || !S_ISDIR(st.st_mode) || access(opts.out_dir, W_OK | X_OK) != 0) {
            fprintf(stderr, "lawtester: cannot write in output directory '%s': %s\n", opts.out_dir,
                    strerror(errno ? errno : ENOTDIR));
            return 2;
        }
    }
    char err[600];
    if (opts.plot && lt_plot_available(err, sizeof err) < 0) {
        fprintf(stderr, "lawtester: %s\n", err);
        return 2;
    }
    return lt_script_run_file(file, &opts);
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

int main(int argc, char **argv)
{
    return finish(command(argc, argv));
}
