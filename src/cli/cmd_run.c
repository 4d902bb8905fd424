/* src/cli/cmd_run.c - `lawtester run FILE.lua`: a stage script, its records and plots (SIGINT and
 * SIGTERM stop it the usual way); `lawtester merge`: the shard tables of a probe or a sweep into
 * the unsharded one. */
#define _POSIX_C_SOURCE 200809L
#include "base/watch.h"
#include "cli/commands.h"
#include "output/plot.h"
#include "output/probe_table.h"
#include <signal.h>
#include <stdio.h>
#include <string.h>

const cli_opt cli_run_opts[] = {
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
    {"-D", OPT_REPEAT, "NAME=VALUE (a value for the script: lawtester.defs.NAME)"},
    {NULL, OPT_FLAG, NULL},
};

_Static_assert(sizeof cli_run_opts / sizeof *cli_run_opts <= MAX_OPTS + 1,
               "cli_args.value holds MAX_OPTS options");

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

/* NULL if d is NAME=VALUE with NAME an identifier of at most 63 characters, else what is wrong. */
static const char *define_problem(const char *d)
{
    const char *eq = strchr(d, '=');
    if (!eq) return "no '=' (NAME=VALUE)";
    if (eq == d) return "no NAME before '='";
    if (eq - d > 63) return "NAME longer than 63 characters";
    for (const char *c = d; c < eq; c++)
        if (!(*c == '_' || (*c >= 'A' && *c <= 'Z') || (*c >= 'a' && *c <= 'z') ||
              (c > d && *c >= '0' && *c <= '9')))
            return "NAME is not an identifier ([A-Za-z_][A-Za-z0-9_]*)";
    return NULL;
}

/* The -D NAME=VALUE of a into opts, each NAME once.  0, or 2 after one line. */
static int read_defines(const cli_args *a, lt_script_opts *opts)
{
    cli_quoted q1, q2;
    for (int i = 0; i < a->nreps; i++) {
        const char *why = define_problem(a->reps[i]);
        if (why) {
            fprintf(stderr, "lawtester: -D needs NAME=VALUE: '%s': %s\n", cli_quote(a->reps[i], q1),
                    why);
            return 2;
        }
        size_t n = (size_t)(strchr(a->reps[i], '=') - a->reps[i]) + 1;
        for (int j = 0; j < i; j++)
            if (strncmp(a->reps[j], a->reps[i], n) == 0) {
                fprintf(stderr, "lawtester: -D: %.*s given twice ('%s', ", (int)n - 1, a->reps[i],
                        cli_quote(a->reps[j], q1));
                fprintf(stderr, "'%s')\n", cli_quote(a->reps[i], q2));
                return 2;
            }
    }
    opts->defines = (const char *const *)a->reps;
    opts->n_defines = a->nreps;
    return 0;
}

/* lawtester run FILE.lua [options] */
int cli_cmd_run(const cli_args *a)
{
    lt_script_opts opts = {0};
    opts.shard = opts.shards = 1;
    opts.progress = -1;
    cli_quoted q1, q2;
    int formatted;
    if (a->npos > 1) {
        fprintf(stderr, "lawtester: more than one script given ('%s', '%s')\n",
                cli_quote(a->pos[0], q1), cli_quote(a->pos[1], q2));
        return 2;
    }
    if (cli_read_plot_format(a, &formatted) || cli_read_limits(a, &opts) || read_defines(a, &opts))
        return 2;
    const char *shard = cli_opt_value(a, "--shard");
    if (shard && cli_parse_shard(shard, &opts.shard, &opts.shards) < 0) {
        fprintf(stderr, "lawtester: --shard needs K/N with 1 <= K <= N (got '%s')\n",
                cli_quote(shard, q1));
        return 2;
    }
    opts.out_dir = cli_opt_value(a, "-o");
    opts.plot = cli_opt_value(a, "--plot") != NULL;
    opts.unsafe = cli_opt_value(a, "--unsafe") != NULL;
    opts.quiet = cli_opt_value(a, "-q") != NULL;
    opts.strict = cli_opt_value(a, "--strict") != NULL;
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
        fprintf(stderr,
                "lawtester: --plot needs -o DIR (the plots are written beside the tables)\n");
        return 2;
    }
    char err[600];
    if (opts.out_dir && cli_out_dir_ok(opts.out_dir)) return 2;
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
int cli_cmd_merge(const cli_args *a)
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
