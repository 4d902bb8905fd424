/* src/script.h - Lua stage scripts: a script returns a test table (or calls lawtester.run
 * itself); this layer turns tables into lt_test, `until`/`done` strings or functions into
 * driver callbacks, runs the sandbox, and reports every error as one line `FILE:LINE: ...`. */
#ifndef LT_SCRIPT_H
#define LT_SCRIPT_H

typedef struct lt_script_opts {
    const char *out_dir;   /* write NAME.tsv here (NULL: no table written) */
    int plot;              /* render the plots of every recorded test */
    int unsafe;            /* no sandbox */
    int quiet;             /* no run summaries on stdout */
    int shard, shards;     /* --shard K/N: probes run the directions k with k % N == K - 1 and write
                              NAME.shard-K-of-N.tsv (shards <= 1: all, NAME.tsv) */
    int progress;          /* progress bar of long sweeps: -1 when stderr is a terminal, 0 off, 1 on */
} lt_script_opts;

/* Run the script at path. Returns 0 on success; on error prints one line to stderr and
 * returns a non-zero exit status. */
int lt_script_run_file(const char *path, const lt_script_opts *opts);

#endif
