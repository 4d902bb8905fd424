/* tests/cli.h - helpers for tests of the lawtester command as a user meets it.  The command is
 * $LAWTESTER (default ./lawtester), so the same tests run under valgrind or a sanitizer build. */
#ifndef LT_TEST_CLI_H
#define LT_TEST_CLI_H
#include <stddef.h>

typedef struct result {
    int status;
    char out[262144]; /* `lawtester verify` of every law prints ~80 kB */
    char err[8192];
} result;

const char *lawtester(void);
/* Read a file into buf (NUL-terminated, at most n - 1 bytes; empty if missing). */
void slurp(const char *path, char *buf, size_t n);
/* A whole file as a NUL-terminated string the caller frees (NULL if unreadable). */
char *slurp_all(const char *path);
/* Run `lawtester ARGS` with stdout and stderr captured. */
void run(result *r, const char *args);
/* The same, killed after `seconds` (status 124: it did not end). */
void run_timeout(result *r, int seconds, const char *args);
/* The same with a shell prefix before the command (e.g. "PATH=/x", "ulimit -f 8;"). */
void run_with(result *r, const char *prefix, const char *args);
/* A fresh directory under /tmp (static buffer). */
char *make_tmpdir(void);
int count_files(const char *dir);
/* 1 if dir holds a file whose name contains part (a temporary: ".tmp.") */
int dir_has_file_with(const char *dir, const char *part);
void remove_tree(const char *dir);
int count_lines(const char *s);
/* The value of key in a .meta text (key<TAB>value lines) into buf (at most n - 1 bytes), or NULL
 * if the key is absent. */
const char *meta_value(const char *meta, const char *key, char *buf, size_t n);
/* One bad script tests/bad/FILE: exit status 1, exactly one line on stderr (after any
 * plausibility warnings, lines "warning: ...", which extreme fault scripts draw) starting with
 * "tests/bad/FILE:LINE: " and containing fragment, and nothing written in the output directory. */
void check_bad(const char *file, int line, const char *fragment);
/* The same with options for `lawtester run` (e.g. "--max-instructions 100000"). */
void check_bad_opts(const char *file, const char *opts, int line, const char *fragment);
/* A script (a path) that fails while it runs, after its test NAME recorded rows: exit status 1,
 * one line on stderr (after any plausibility warnings) starting with "FILE:LINE: " and containing
 * fragment and the name of the partial record; in the output directory exactly NAME.tsv.partial
 * (the header and at least min_rows rows) and NAME.meta.partial (last line `status<TAB>failed: `
 * and the same message), no NAME.tsv, no NAME.meta, no temporary file. */
void check_failed_run(const char *file, const char *opts, int line, const char *fragment,
                      const char *name, int min_rows);
/* Write text to DIR/NAME (a failed check if it cannot be created). */
void put_file(const char *dir, const char *name, const char *text);
/* Run the shell command cmd with its stderr on a pseudo-terminal (stdout to /dev/null), what it
 * draws there into buf (NUL-terminated, at most n - 1 bytes).  Its exit status, or -1. */
int run_on_terminal(const char *cmd, char *buf, size_t n);
/* 1 if tests run under valgrind (LAWTESTER_VALGRIND set by `make check-valgrind`): long loops
 * are shortened there. */
int under_valgrind(void);
/* Lines of text holding every non-NULL fragment of a, b, c. */
int lines_with(const char *text, const char *a, const char *b, const char *c);
/* Around tests whose law faults for real (tests/test_contain.c, test_owner.c, test_jobs.c): a
 * sanitizer's or valgrind's own report of the fault would add lines to the one line checked, so
 * real_faults_begin lets ASan leave the signals to kill (handle_segv=0 ...), as in a plain build,
 * and under valgrind runs the command without it (valgrind checks the rest of the suite, and the
 * supervisor's memory through every other command); real_faults_end puts the environment back. */
void real_faults_begin(void);
/* DIR/NAME.lua (a static buffer: its path): a test of a fault-injecting plugin law (faults,
 * owner) with params mode and at; line 4 is its first stage (loading to 1 mm at 1 m/s, dt 1e-6 s:
 * contact from step 1, 1000 steps), line 5 its second (unloading). */
const char *write_fault_script(const char *dir, const char *name, const char *law, const char *mode,
                               int at);
void real_faults_end(void);

#endif
