/* src/main.c - the command line: `lawtester run FILE.lua [-o DIR] [--plot] [--plot-format F]
 * [--unsafe] [-q] [--shard K/N] [-D NAME=VALUE]...`, `lawtester merge [--] OUT.tsv
 * SHARD.tsv...`, `lawtester laws`,
 * `lawtester verify [--law NAME] [--case NAME] [--plot DIR] [--plot-format F] [-v] [--set P=V]...`,
 * `lawtester verify --law NAME --sweep N [--set P=V]... [--shard K/N] [-o DIR]` (verify: `-j N`),
 * `lawtester verify FILE.lua [--case NAME] [-v]`, `lawtester compare REF NEW [--key K] [--cols
 * PAIRS] [--atol A] [--rtol R] [--plot DIR]`, `lawtester version`, `lawtester help`; run, laws
 * and verify also take `--law-lib FILE.so|FILE.lua` (repeatable): laws from a shared object, or
 * from a law file (Lua laws and hosted laws, docs/hosted.md).
 *
 * The commands are a table (name, function, options, whether --law-lib applies, usage line) and
 * one parser reads every command line (src/cli/args.c): an option a command does not know is
 * refused, an option with a value may be given once (--law-lib is the one that repeats), `--`
 * ends the options.  The commands themselves are in src/cli/cmd_*.c (commands.h); this file is
 * the table, the usage text and the dispatch. */
#include "cli/commands.h"
#include "cli/supervise.h"
#include <errno.h>
#include <lawtester/law.h>
#include <stdio.h>
#include <string.h>

/* also on the .TH line of docs/lawtester.1 (tests/test_plugin.c checks they agree) */
#define LAWTESTER_VERSION "0.1.0"

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

/* The commands: a row each (another name of a command: a row without usage and help).  The usage
 * text is their usage lines, the options every command shares (options_help), then their help
 * paragraphs, in this order. */
static const lt_command commands[] = {
    {.name = "run",
     .run = cli_cmd_run,
     .opts = cli_run_opts,
     .law_lib = 1,
     .positional = 1,
     .usage = "run FILE.lua [-o DIR] [--plot] [--plot-format png|svg|pdf] [--unsafe] [-q]\n"
              "                     [--shard K/N] [--max-instructions N] [--max-memory MB] "
              "[--max-output MB]\n"
              "                     [--min-free MB] [--strict] [-D NAME=VALUE]... "
              "[--law-lib FILE.so|FILE.lua]...",
     .help = "run the stage script FILE.lua; -o DIR writes DIR/NAME.tsv for every test,\n"
             "--plot renders plots/ *.gp for each table (needs -o; --plot-format: png, the\n"
             "default, svg or pdf), --unsafe lifts the\n"
             "Lua sandbox, -q prints no summaries; --shard K/N runs the K-th of N parts of\n"
             "every yield probe (directions k with k % N == K-1) into NAME.shard-K-of-N.tsv;\n"
             "--max-instructions N: Lua instructions per entry into Lua (the body, one until,\n"
             "one done; default 1e9), --max-memory MB: the script's Lua memory (default 1024);\n"
             "0 lifts a limit (--unsafe lifts the sandbox only); --max-output MB: all the run\n"
             "writes (default 1024), --min-free MB: free space kept on the output filesystem\n"
             "(default 100); --strict: plausibility warnings are errors; -D NAME=VALUE\n"
             "(repeatable): lawtester.defs.NAME in the script (a number if VALUE reads as one)"},
    {.name = "merge",
     .run = cli_cmd_merge,
     .opts = cli_no_opts,
     .positional = 1,
     .usage = "merge [--] OUT.tsv SHARD.tsv...",
     .help =
         "merge the shard tables of a probe or a sweep into OUT.tsv (the unsharded table, byte\n"
         "for byte)"},
    {.name = "laws",
     .run = cli_cmd_laws,
     .opts = cli_no_opts,
     .law_lib = 1,
     .usage = "laws [--law-lib FILE.so|FILE.lua]...",
     .help = "list the registered contact laws with their parameters, energies and yield surface"},
    {.name = "verify",
     .run = cli_cmd_verify,
     .opts = cli_verify_opts,
     .law_lib = 1,
     .positional = 1,
     .usage = "verify [--law NAME] [--case NAME] [--plot DIR] [--plot-format png|svg|pdf] [-v]\n"
              "                        [--set P=V]... [-j N] [--law-lib FILE.so|FILE.lua]...\n"
              "       lawtester verify --law NAME --sweep N [--set P=V]... [--case NAME] [--shard "
              "K/N] [-o DIR] [-v]\n"
              "                        [-j N] [--law-lib FILE.so|FILE.lua]...\n"
              "       lawtester verify FILE.lua [--case NAME] [-v] [--unsafe] [--max-instructions "
              "N] [--max-memory MB]\n"
              "                        [-j N] [--law-lib FILE.so|FILE.lua]...",
     .help = "run the generic checks and the analytic cases of every law (or of NAME),\n"
             "one row per checked quantity; exit status 1 if any fails; --plot DIR\n"
             "writes each case's recorded and closed-form curves; -v adds why each\n"
             "tolerance is what it is; with FILE.lua, the cases of that case file\n"
             "(docs/case-scripts.md), sandboxed and limited as `run`; --set P=V (repeatable):\n"
             "every check at that value of the law's parameter P; --sweep N: the generic\n"
             "checks at N points of the parameters' ranges (corners, then Halton), -o DIR\n"
             "writes DIR/sweep-NAME.tsv and a script for every failed point, --shard K/N\n"
             "runs the points k with k % N == K-1 (docs/verify.md, \"The parameter space\");\n"
             "-j N (--jobs N): the cases or points on N workers (default: the online cores),\n"
             "the output byte for byte that of -j 1 (docs/verify.md, \"Workers\")"},
    {.name = "compare",
     .run = cli_cmd_compare,
     .opts = cli_compare_opts,
     .positional = 1,
     .usage = "compare REF NEW [--key COL] [--cols REFCOL=NEWCOL[:ATOL],...] [--atol A] [--rtol R] "
              "[--plot DIR]\n"
              "                        [--plot-format png|svg|pdf]",
     .help = "compare two tables (records, or text with one header line) column by column on a\n"
             "key (default time), interpolating the denser; a pair REFCOL=-NEWCOL*1e-3 flips and\n"
             "scales NEW; passes if |NEW - REF| <= atol + rtol max|REF| (defaults 0: equal);\n"
             "exit status 1 if a column fails; --plot DIR overlays them (docs/compare.md)"},
    {.name = "version", .run = cmd_version, .opts = cli_no_opts, .usage = "version"},
    {.name = "--version", .run = cmd_version, .opts = cli_no_opts},
    {.name = "help", .run = cmd_help, .opts = cli_no_opts, .usage = "help"},
    {.name = "-h", .run = cmd_help, .opts = cli_no_opts},
    {.name = "--help", .run = cmd_help, .opts = cli_no_opts},
};

/* What every command shares, between the usage lines and the commands' help: the options of the
 * commands that load laws (law_lib), then the rules of every command line. */
static const char options_help[] =
    "  --law-lib FILE.so|FILE.lua  (run, laws, verify; repeatable) first load the contact laws\n"
    "          the shared object exports as lt_plugin_laws (docs/plugins.md), or the law tables\n"
    "          a law file returns: Lua laws (docs/lua-laws.md) and hosted laws, LAMMPS's and\n"
    "          LIGGGHTS's own models (docs/hosted.md); any problem: exit status 2\n"
    "  --law-timeout S  (run, laws, verify) seconds one call of a law function may take (default "
    "10,\n"
    "          0: no limit); the law runs in a worker process: a crash, abort, exit() or a call\n"
    "          past the limit ends that run (verify: that case) in one line "
    "(docs/reliability.md)\n";
static const char rules_help[] =
    "  an option with a value is given at most once; an unknown option is an error (exit status "
    "2);\n"
    "          -- ends the options (a file whose name starts with '-' follows it); --help or -h\n"
    "          after a command prints its help\n";

/* A command's help paragraph: its name, then its lines, the second and later ones indented under
 * the first (the table holds them without the indentation). */
static void print_help(FILE *f, const char *name, const char *help)
{
    fprintf(f, "  %-7s ", name);
    for (const char *line = help, *end; *line; line = end + 1) {
        end = strchr(line, '\n');
        if (!end) end = line + strlen(line);
        fprintf(f, "%s%.*s\n", line == help ? "" : "          ", (int)(end - line), line);
        if (!*end) break;
    }
}

static void usage(FILE *f)
{
    size_t n = sizeof commands / sizeof commands[0];
    int first = 1;
    for (size_t i = 0; i < n; i++)
        if (commands[i].usage) {
            fprintf(f, "%s lawtester %s\n", first ? "usage:" : "      ", commands[i].usage);
            first = 0;
        }
    fputs(options_help, f);
    fputs(rules_help, f);
    for (size_t i = 0; i < n; i++)
        if (commands[i].help) print_help(f, commands[i].name, commands[i].help);
}

/* `lawtester COMMAND --help` (or -h): the command's usage lines, its help paragraph and the
 * options it shares, on stdout.  Another name of a command (a row without usage) shows the
 * command's; help's own shows the whole usage text. */
static int command_help(const lt_command *c)
{
    while (!c->usage && c > commands && c[-1].run == c->run) c--;
    if (!c->usage || c->run == cmd_help) {
        usage(stdout);
        return 0;
    }
    printf("usage: lawtester %s\n", c->usage);
    if (c->law_lib) fputs(options_help, stdout);
    fputs(rules_help, stdout);
    if (c->help) print_help(stdout, c->name, c->help);
    return 0;
}

/* 1 if the command's arguments ask for its help: --help or -h before any `--`. */
static int asks_help(int argc, char **argv)
{
    for (int i = 2; i < argc && strcmp(argv[i], "--") != 0; i++)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) return 1;
    return 0;
}

/* The command argv[1] found in the table, its arguments read and its --law-lib files loaded, then
 * run; the exit status (2 after the usage text: no command, or one the table does not have). */
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
        cli_quoted q1;
        fprintf(stderr, "lawtester: unknown command '%s'\n", cli_quote(argv[1], q1));
        usage(stderr);
        return 2;
    }
    if (asks_help(argc, argv)) return command_help(c);
    cli_args a;
    int status = cli_read_args(c, argc, argv, &a);
    if (!status) status = cli_load_law_libs(&a);
    if (!status) status = c->run(&a);
    cli_free_args(&a);
    return status;
}

/* Exit status of a command, and stdout checked: output lost to a full disk or a closed pipe is
 * an error, not a silent success. */
static int checked_exit_status(int status)
{
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "lawtester: cannot write the output: %s\n", strerror(errno ? errno : EIO));
        return status ? status : 1;
    }
    return status;
}

/* One command in the worker process of the supervisor (or alone without one). */
static int worker_main(int argc, char **argv) { return checked_exit_status(command(argc, argv)); }

int main(int argc, char **argv) { return lt_supervised_main(argc, argv, worker_main); }
