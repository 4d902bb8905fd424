/* src/cli/args.c - the command line's parser and the readers of the options several commands
 * share (see args.h). */
#define _POSIX_C_SOURCE 200809L
#include "cli/args.h"
#include "output/afile.h"
#include "output/plot.h"
#include "plugin/plugin.h"
#include "script/script.h"
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

const cli_opt cli_no_opts[] = {{NULL, OPT_FLAG, NULL}};

static int opt_index(const lt_command *c, const char *name)
{
    for (int i = 0; c->opts[i].name; i++)
        if (strcmp(c->opts[i].name, name) == 0) return i;
    return -1;
}

/* The value of option name in a (a flag: its name), NULL if not given. */
const char *cli_opt_value(const cli_args *a, const char *name)
{
    int i = opt_index(a->cmd, name);
    return i < 0 ? NULL : a->value[i];
}

void cli_free_args(cli_args *a)
{
    free(a->pos);
    free(a->libs);
    free(a->reps);
}

/* argv[2..argc) of command c into a.  0, or 2 (the exit status) after one line on stderr: an
 * option c does not know, a value missing, an option with a value given twice, an argument for a
 * command that takes none.  After `--` every argument is a file, even one starting with '-'. */
int cli_read_args(const lt_command *c, int argc, char **argv, cli_args *a)
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
    cli_quoted q1, q2;
    int options = 1;
    for (int i = 2; i < argc; i++) {
        const char *s = argv[i];
        if (options && strcmp(s, "--") == 0) {
            options = 0;
        } else if (!options || s[0] != '-') {
            if (!c->positional) {
                fprintf(stderr, "lawtester: %s: unknown argument '%s'\n", c->name,
                        cli_quote(s, q1));
                return 2;
            }
            a->pos[a->npos++] = s;
        } else if (c->law_lib && strcmp(s, "--law-lib") == 0) {
            if (++i >= argc || !*argv[i]) {
                fprintf(stderr,
                        "lawtester: --law-lib needs a shared object (FILE.so) or a law file "
                        "(FILE.lua)\n");
                return 2;
            }
            a->libs[a->nlibs++] = argv[i];
        } else {
            int k = opt_index(c, s);
            if (k < 0) {
                fprintf(stderr, "lawtester: %s: unknown argument '%s'%s\n", c->name,
                        cli_quote(s, q1),
                        c->positional && options
                            ? " (a file whose name starts with '-': put -- before it)"
                            : "");
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
                fprintf(stderr, "lawtester: %s: %s given twice ('%s', ", c->name, s,
                        cli_quote(a->value[k], q1));
                fprintf(stderr, "'%s')\n", cli_quote(argv[i], q2));
                return 2;
            }
            a->value[k] = argv[i];
        }
    }
    return 0;
}

/* Load the --law-lib files of a, in the order given.  0, or 2 (the exit status) after one line on
 * stderr: the first file that does not load (plugin.h), before anything runs. */
int cli_load_law_libs(const cli_args *a)
{
    for (int i = 0; i < a->nlibs; i++) {
        char err[1600];
        size_t n = strlen(a->libs[i]);
        int lua = n > 4 && strcmp(a->libs[i] + n - 4, ".lua") == 0;
        if (lua ? lt_script_load_law_library(a->libs[i], err, sizeof err) < 0
                : lt_plugin_load(a->libs[i], err, sizeof err) < 0) {
            /* one line already: plugin.c quotes the path and escapes what it prints of the object
             * */
            fprintf(stderr, "lawtester: %s\n", err);
            return 2;
        }
    }
    return 0;
}

/* "K/N" with 1 <= K <= N <= 1000000, digits only. */
int cli_parse_shard(const char *s, int *k, int *n)
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
long long cli_parse_count(const char *s, long long max)
{
    char *end;
    errno = 0;
    double x = strtod(s, &end);
    if (!*s || *end || errno || !(x >= 0) || x > (double)max || x != floor(x)) return -1;
    return (long long)x;
}

/* The limits of a (--max-instructions N, --max-memory MB, --max-output MB, --min-free MB; those
 * the command takes) into opts.  0, or 2 after the message. */
int cli_read_limits(const cli_args *a, lt_script_opts *opts)
{
    static const char *const names[] = {"--max-instructions", "--max-memory", "--max-output",
                                        "--min-free"};
    long *mb[] = {NULL, &opts->max_memory_mb, &opts->max_output_mb, &opts->min_free_mb};
    for (int i = 0; i < 4; i++) {
        const char *s = cli_opt_value(a, names[i]);
        if (!s) continue;
        long long v = cli_parse_count(s, i == 0 ? (1LL << 62) : (1LL << 40));
        if (v < 0) {
            cli_quoted q1;
            fprintf(stderr, "lawtester: %s needs " LIMIT_NEEDS ", got '%s'\n", names[i],
                    cli_quote(s, q1));
            return 2;
        }
        if (i == 0)
            opts->max_instructions = v ? v : -1;
        else
            *mb[i] = v ? (long)v : -1;
    }
    return 0;
}

/* --plot-format F of a, if given, set; *given says whether it was.  0, or 2 after a message. */
int cli_read_plot_format(const cli_args *a, int *given)
{
    const char *f = cli_opt_value(a, "--plot-format");
    *given = f != NULL;
    /* quoted, F is F itself for any of the formats (short, no control character, no backslash)
     * and no format for any other, which the message then names on one line */
    cli_quoted q1;
    char err[200];
    if (f && lt_plot_set_format(cli_quote(f, q1), err, sizeof err) < 0) {
        fprintf(stderr, "lawtester: %s\n", err);
        return 2;
    }
    return 0;
}

/* The output directory dir made and writable, before anything runs (a long run must not fail at
 * its end for this).  0, or 2 after the message. */
int cli_out_dir_ok(const char *dir)
{
    char err[600];
    cli_quoted q1;
    if (lt_mkdir_p(dir, err, sizeof err) < 0) {
        fprintf(stderr, "lawtester: %s\n", err);
        return 2;
    }
    struct stat st;
    errno = 0;
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode) || access(dir, W_OK | X_OK) != 0) {
        fprintf(stderr, "lawtester: cannot write in output directory '%s': %s\n",
                cli_quote(dir, q1), strerror(errno ? errno : ENOTDIR));
        return 2;
    }
    return 0;
}
