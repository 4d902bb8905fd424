/* src/script/script.h - Lua stage scripts: a script returns a test table (or calls lawtester.run
 * itself); this layer turns tables into lt_test, `until`/`done` strings or functions into
 * driver callbacks, runs the sandbox, and reports every error as one line `FILE:LINE: ...`. */
#ifndef LT_SCRIPT_H
#define LT_SCRIPT_H
#include <stddef.h>

struct lt_verify_row;

/* `lawtester verify FILE.lua`: the file is a case file (docs/case-scripts.md); its cases run and
 * each checked quantity is a row (src/verify/verify.h) handed to on_row. */
typedef struct lt_case_run {
    const char *kase; /* NULL: every case of the file; else only the case of that name */
    void (*on_row)(void *ctx, const struct lt_verify_row *row);
    void *ctx;
    int rows, failed, cases; /* counted by the run */
    int no_match;            /* set when kase names no case of the file (the run then fails) */
    /* `verify FILE.lua --set P=V`: the values, as given; each case whose law has P runs with V
     * unless its test gives P another value itself (then an n/a row says so) */
    const char *const *sets;
    int n_sets;
} lt_case_run;

typedef struct lt_script_opts {
    const char *out_dir;           /* write NAME.tsv here (NULL: no table written) */
    int plot;                      /* render the plots of every recorded test */
    int unsafe;                    /* no sandbox */
    int quiet;                     /* no run summaries on stdout */
    int lua_until;                 /* evaluate every `until` string in Lua, none compiled (tests) */
    struct lt_script_stats *stats; /* if not NULL: filled with what the script ran */
    int shard, shards; /* --shard K/N: probes run the directions k with k % N == K - 1 and write
                              NAME.shard-K-of-N.tsv (shards <= 1: all, NAME.tsv) */
    int progress;      /* progress bar of long sweeps: -1 when stderr is a terminal, 0 off, 1 on */
    /* limits (lua/limits.h): 0 the default, < 0 none */
    long long max_instructions; /* Lua instructions per entry into Lua (--max-instructions) */
    long max_memory_mb;         /* the Lua state's memory in MB (--max-memory) */
    long max_output_mb;         /* bytes the run writes, MB (--max-output; outlimit.h) */
    long min_free_mb;           /* free space the output filesystem keeps, MB (--min-free) */
    int strict;                 /* --strict: the plausibility warnings (script_lint.c) are errors */
    long max_steps_cap; /* > 0: every test and stage ends with the max_steps error after at most
                              this many steps, and probes run at most this many steps in all
                              (the fuzz target; not on the command line) */
    lt_case_run *cases; /* not NULL: the file is a case file, run as `lawtester verify FILE.lua` */
    /* `run -D NAME=VALUE`: n_defines strings NAME=VALUE (NAME an identifier, each once), the
     * script's table lawtester.defs (a VALUE Lua reads as a number becomes one, else a string)
     * and a `define.NAME` line of every .meta (docs/stage-scripts.md) */
    const char *const *defines;
    int n_defines;
} lt_script_opts;

/* Totals over every test a script ran (the benchmark reads them). */
typedef struct lt_script_stats {
    long tests;           /* lt_run calls that succeeded */
    long steps;           /* steps of those runs */
    long rows;            /* TSV rows written */
    long compiled_untils; /* `until` strings evaluated in C (src/script/cond.c) */
    long lua_untils;      /* `until` strings and functions evaluated in Lua */
} lt_script_stats;

/* Run the script at path. Returns 0 on success; on error prints one line to stderr and
 * returns a non-zero exit status. */
int lt_script_run_file(const char *path, const lt_script_opts *opts);
/* The same for a script already in memory (len bytes; path names it in messages). */
int lt_script_run_source(const char *path, const char *src, size_t len, const lt_script_opts *opts);

/* `--law-lib FILE.lua`: the laws the file returns (a law table or a list of them, in Lua or
 * hosted in an engine) registered for the process (script_library.c).  0, or -1 with one line in
 * err: FILE:LINE: field ...: what is wrong. */
int lt_script_load_law_library(const char *path, char *err, size_t errlen);

/* The `until` string expr evaluated at the state of t both ways: in Lua as a stage script does
 * (*lua_result 1 or 0, or -1 with Lua's message in err) and compiled by src/script/cond.c
 * (*compiled_result 1 or 0, -1 when it defers to Lua, -2 outside the grammar).  Returns 0, or
 * -1 if expr is not a Lua expression (message in err).  For the differential test. */
struct lt_tester;
int lt_script_until_both(const char *expr, struct lt_tester *t, int *lua_result,
                         int *compiled_result, char *err, size_t errlen);

#endif
