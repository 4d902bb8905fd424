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
    if (cli_read_plot_format(a, &formatted) || cli_read_limits(a, &opts)) return 2;
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
