/* tests/cli.h - helpers for tests of the lawtester command as a user meets it.  The command is
 * $LAWTESTER (default ./lawtester), so the same tests run under valgrind or a sanitizer build. */
#ifndef LT_TEST_CLI_H
#define LT_TEST_CLI_H
#include <stddef.h>

typedef struct result {
    int status;
    char out[65536];
    char err[8192];
} result;

const char *lawtester(void);
/* Read a file into buf (NUL-terminated, at most n - 1 bytes; empty if missing). */
void slurp(const char *path, char *buf, size_t n);
/* Run `lawtester ARGS` with stdout and stderr captured. */
void run(result *r, const char *args);
/* A fresh directory under /tmp (static buffer). */
char *make_tmpdir(void);
int count_files(const char *dir);
void remove_tree(const char *dir);
int count_lines(const char *s);
/* One bad script tests/bad/FILE: exit status 1, exactly one line on stderr starting with
 * "tests/bad/FILE:LINE: " and containing fragment, and nothing written in the output directory. */
void check_bad(const char *file, int line, const char *fragment);

#endif
