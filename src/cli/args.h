/* src/cli/args.h - the command line of every command: a command's options, the one parser that
 * reads them, and the readers of the options several commands share (--shard, the limits,
 * --plot-format, an output directory).  Every path or name a message quotes goes through
 * cli_quote() (quote.h), so that each error stays one line of a readable length
 * (docs/reliability.md, "The command line"). */
#ifndef LT_CLI_ARGS_H
#define LT_CLI_ARGS_H
#include "base/quote.h"
#include "script/script.h"

/* a buffer for one quoted path or name (at most LT_QUOTE_KEEP characters) */
typedef char cli_quoted[LT_QUOTE_KEEP + 1];

static inline const char *cli_quote(const char *s, cli_quoted buf)
{
    return lt_quote(s, buf, sizeof(cli_quoted), LT_QUOTE_KEEP);
}

typedef enum {
    /* OPT_REPEAT: a value, given any number of times */
    OPT_FLAG,
    OPT_VALUE,
    OPT_REPEAT
} opt_kind;

/* One option of a command; the table of a command ends with a NULL name. */
typedef struct cli_opt {
    const char *name;
    opt_kind kind;
    const char *needs; /* OPT_VALUE: what its value is, for "OPT needs ..." */
} cli_opt;

#define MAX_OPTS 16

typedef struct lt_command lt_command;

/* A command line read by cli_read_args(). */
typedef struct cli_args {
    const lt_command *cmd;
    /* of cmd->opts[i]: its value (a flag: its name); NULL: not given */
    const char *value[MAX_OPTS];
    const char **pos; /* the other arguments, in order */
    int npos;
    const char **libs; /* the --law-lib files, in order */
    int nlibs;
    const char **reps; /* the values of the command's OPT_REPEAT option (one a command), in order */
    int nreps;
} cli_args;

/* A command: a row of main.c's table. */
struct lt_command {
    const char *name;
    int (*run)(const cli_args *a);
    const cli_opt *opts;
    int law_lib;       /* takes --law-lib FILE.so (repeatable) */
    int positional;    /* takes arguments besides its options (files) */
    const char *usage; /* after "lawtester "; NULL: another name of the command before it */
    const char *help;  /* what it does, after its name in the usage text; NULL: none there */
};

#define LIMIT_NEEDS "a whole number >= 0 (0: no limit)"
#define PLOT_FORMAT_NEEDS "png, svg or pdf"

/* no options */
extern const cli_opt cli_no_opts[];

/* The value of option name in a (a flag: its name), NULL if not given. */
const char *cli_opt_value(const cli_args *a, const char *name);
/* argv[2..argc) of command c into a.  0, or 2 (the exit status) after one line on stderr: an
 * option c does not know, a value missing, an option with a value given twice, an argument for a
 * command that takes none.  After `--` every argument is a file, even one starting with '-'. */
int cli_read_args(const lt_command *c, int argc, char **argv, cli_args *a);
void cli_free_args(cli_args *a);
/* Load the --law-lib files of a, in the order given.  0, or 2 (the exit status) after one line on
 * stderr: the first file that does not load (plugin.h), before anything runs. */
int cli_load_law_libs(const cli_args *a);

/* "K/N" with 1 <= K <= N <= 1000000, digits only: 0, or -1. */
int cli_parse_shard(const char *s, int *k, int *n);
/* A whole number 0 <= x <= max written in decimal (or as 1e9); -1 if s is not one. */
long long cli_parse_count(const char *s, long long max);
/* The limits of a (--max-instructions N, --max-memory MB, --max-output MB, --min-free MB; those
 * the command takes) into opts.  0, or 2 after the message. */
int cli_read_limits(const cli_args *a, lt_script_opts *opts);
/* --plot-format F of a, if given, set; *given says whether it was.  0, or 2 after a message. */
int cli_read_plot_format(const cli_args *a, int *given);
/* The output directory dir made and writable, before anything runs (a long run must not fail at
 * its end for this).  0, or 2 after the message. */
int cli_out_dir_ok(const char *dir);

#endif
