/* tests/test_fuzz.c - the fuzz targets' inputs in every `make test`: each file of the seed
 * corpora (tests/bad, stages, cases, tests/scripts, tests/fuzz/seeds) and of tests/fuzz/regress/
 * (the inputs that once made a target crash, hang or leak) goes through the same in-process entry
 * as under libFuzzer (tests/fuzz_inputs.h), here built like the rest of the suite (and under
 * ASan/UBSan by `make asan`, valgrind by `make check-valgrind`).  A property that fails
 * aborts the run; the test checks that every directory was read. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "fuzz_inputs.h"
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Run fn over every regular file of dir, with stdout and stderr (the scripts' prints and error
 * lines) sent to /dev/null; returns the number of files, -1 if dir does not open. */
static int over_dir(const char *dir, int (*fn)(const uint8_t *, size_t))
{
    DIR *d = opendir(dir);
    if (!d) return -1;
    fflush(stdout);
    fflush(stderr);
    int out = dup(1), err = dup(2), null = open("/dev/null", O_WRONLY);
    dup2(null, 1);
    dup2(null, 2);
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        char path[600];
        struct stat st;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (stat(path, &st) != 0 || !S_ISREG(st.st_mode)) continue;
        FILE *f = fopen(path, "rb");
        if (!f) continue;
        uint8_t *buf = malloc((size_t)st.st_size + 1);
        size_t len = buf ? fread(buf, 1, (size_t)st.st_size, f) : 0;
        fclose(f);
        if (buf) fn(buf, len), n++;
        free(buf);
    }
    closedir(d);
    fflush(stdout);
    fflush(stderr);
    dup2(out, 1);
    dup2(err, 2);
    close(out);
    close(err);
    close(null);
    return n;
}

static void check_dir(const char *dir, int (*fn)(const uint8_t *, size_t), int at_least)
{
    int n = over_dir(dir, fn);
    CHECK_MSG(n >= at_least, "%s: %d inputs run, expected at least %d", dir, n, at_least);
}

static void test_script_seeds(void)
{
    check_dir("tests/bad", lt_fuzz_script, 90);
    check_dir("stages", lt_fuzz_script, 10);
    check_dir("cases", lt_fuzz_script, 3);
    check_dir("tests/scripts", lt_fuzz_script, 10);
}
static void test_script_regressions(void)
{
    check_dir("tests/fuzz/regress/script", lt_fuzz_script, 1);
}
/* (each regress directory holds at least its README) */
static void test_fmt_seeds(void)
{
    check_dir("tests/fuzz/seeds/fmt", lt_fuzz_fmt, 10);
    check_dir("tests/fuzz/regress/fmt", lt_fuzz_fmt, 1);
}
static void test_merge_seeds(void)
{
    check_dir("tests/fuzz/seeds/merge", lt_fuzz_merge, 4);
    check_dir("tests/fuzz/regress/merge", lt_fuzz_merge, 1);
}

const test_case fuzz_tests[] = {
    TEST(script_seeds), TEST(script_regressions), TEST(fmt_seeds), TEST(merge_seeds), {0, 0},
};
