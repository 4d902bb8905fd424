/* tests/test_io.c - I/O faults as a user meets them (docs/reliability.md): an output directory
 * that is missing, not a directory or read-only, a full disk, standard output on /dev/full, an
 * output name taken by a FIFO or a directory, gnuplot missing or failing.  Each gives one clear
 * line and a non-zero exit, never a half-written table under a final name, and leaves an
 * earlier result of the same name as it was.
 *
 * The tests run as root in CI, where chmod does not make a directory read-only; a read-only or
 * full file system is a tmpfs mounted for the test (mount needs root and CAP_SYS_ADMIN: without
 * them the test says it skipped that part).  Always run, whatever the privileges: sysfs (no new
 * files there, even for root), a write limit (ulimit -f, with SIGXFSZ ignored so that write()
 * fails with EFBIG as on a full disk) and /dev/full. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "cli.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define DEMO "stages/compress_shear_unload.lua"
#define DEMO_NAME "compress-shear-unload"

static int has(const char *dir, const char *name, const char *text)
{
    char path[512], buf[256];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    slurp(path, buf, sizeof buf);
    return strcmp(buf, text) == 0;
}

/* Mount a tmpfs with options opts on dir; 0, or -1 after printing why the part is skipped. */
static int mount_tmpfs(const char *dir, const char *opts)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "mount -t tmpfs -o %s lawtester-test '%s' 2>/dev/null", opts, dir);
    if (system(cmd) == 0) return 0;
    printf("     (skipped: cannot mount a tmpfs on %s: the test needs root with CAP_SYS_ADMIN)\n",
           dir);
    return -1;
}

static void umount_dir(const char *dir)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "umount '%s'", dir);
    CHECK_MSG(system(cmd) == 0, "cannot unmount %s", dir);
}

/* ---- the output directory -------------------------------------------------------------------- */

/* Checked before anything runs: cannot be created, not a directory, read-only. */
static void test_output_directory_refused(void)
{
    result r;
    run(&r, "run " DEMO " -o README.md/dir");
    CHECK_MSG(r.status == 2 && count_lines(r.err) == 1 &&
                  strstr(r.err, "lawtester: cannot create directory 'README.md' (for "
                                "'README.md/dir'): Not a directory"),
              "cannot be made: %d: %s", r.status, r.err);
    run(&r, "run " DEMO " -o README.md");
    CHECK_MSG(r.status == 2 &&
                  strstr(r.err, "cannot create directory 'README.md': Not a directory"),
              "a file: %d: %s", r.status, r.err);
    char *dir = make_tmpdir();
    if (mount_tmpfs(dir, "ro,size=16k") == 0) {
        char args[512];
        snprintf(args, sizeof args, "run %s -o %s", DEMO, dir);
        run(&r, args);
        CHECK_MSG(r.status == 2 && count_lines(r.err) == 1 &&
                      strstr(r.err, "Read-only file system"),
                  "read-only: %d: %s", r.status, r.err);
        umount_dir(dir);
    }
    remove_tree(dir);
}

/* A directory that passes the up-front check but refuses new files (sysfs, even for root): the
 * record cannot be opened, a FILE:LINE error, exit 1. */
static void test_output_directory_refuses_files(void)
{
    struct stat st;
    if (stat("/sys/kernel", &st) != 0) {
        printf("     (skipped: no /sys/kernel)\n");
        return;
    }
    result r;
    run(&r, "run " DEMO " -o /sys/kernel");
    CHECK_MSG((r.status == 1 || r.status == 2) && count_lines(r.err) == 1 &&
                  strstr(r.err, "cannot write in output directory '/sys/kernel'"),
              "sysfs: %d: %s", r.status, r.err);
}

/* ---- a full disk ----------------------------------------------------------------------------- */

/* The record is bigger than the space left: the run stops, nothing is written under a final
 * name, no temporary file stays, the earlier result is as it was. */
static void check_full(const char *dir, const char *prefix, const char *why)
{
    put_file(dir, DEMO_NAME ".tsv", "earlier result\n");
    char args[512], want[512];
    snprintf(args, sizeof args, "run %s -o %s --min-free 0", DEMO,
             dir); /* no margin: the writes fail */
    result r;
    run_with(&r, prefix, args);
    snprintf(want, sizeof want, "cannot write '%s/" DEMO_NAME ".tsv': %s", dir, why);
    CHECK_MSG(r.status == 1 && count_lines(r.err) == 1 &&
                  strncmp(r.err, DEMO ":", strlen(DEMO ":")) == 0 && strstr(r.err, want),
              "%s: status %d: %s", why, r.status, r.err);
    CHECK_MSG(has(dir, DEMO_NAME ".tsv", "earlier result\n"),
              "%s: the earlier result was clobbered", why);
    CHECK_MSG(count_files(dir) == 1, "%s: %d files in the directory", why, count_files(dir));
}

static void test_disk_full_tmpfs(void)
{
    char *dir = make_tmpdir();
    if (mount_tmpfs(dir, "size=64k") == 0) {
        check_full(dir, "", "No space left on device");
        umount_dir(dir);
    }
    remove_tree(dir);
}

/* The same without privileges: a file-size limit makes write() fail like a full disk. */
static void test_disk_full_write_limit(void)
{
    char *dir = make_tmpdir();
    check_full(dir, "trap '' XFSZ; ulimit -f 64;", "File too large");
    remove_tree(dir);
}

/* The shard merge and lawtester.write go through the same temporary file and rename. */
static void test_disk_full_merge_and_write(void)
{
    char *dir = make_tmpdir();
    char args[512], out[300];
    snprintf(args, sizeof args, "run stages/probe_yield.lua -q -o %s", dir);
    result r;
    run(&r, args);
    CHECK_MSG(r.status == 0, "probe: %s", r.err);
    snprintf(out, sizeof out, "%s/merged.tsv", dir);
    put_file(dir, "merged.tsv", "earlier result\n");
    snprintf(args, sizeof args, "merge %s %s/cohesive-probe.tsv", out, dir);
    run_with(&r, "trap '' XFSZ; ulimit -f 8;", args);
    CHECK_MSG(r.status == 1 && count_lines(r.err) == 1 && strstr(r.err, "cannot write") &&
                  strstr(r.err, "File too large"),
              "merge: %d: %s", r.status, r.err);
    CHECK(has(dir, "merged.tsv", "earlier result\n"));
    remove_tree(dir);
    dir = make_tmpdir();
    put_file(dir, "big.txt", "earlier result\n");
    snprintf(args, sizeof args, "run tests/scripts/write_big.lua -q -o %s", dir);
    run_with(&r, "trap '' XFSZ; ulimit -f 8;", args);
    CHECK_MSG(r.status == 1 && count_lines(r.err) == 1 &&
                  strstr(r.err, "tests/scripts/write_big.lua:3: lawtester.write: cannot write") &&
                  strstr(r.err, "File too large"),
              "write: %d: %s", r.status, r.err);
    CHECK(has(dir, "big.txt", "earlier result\n") && count_files(dir) == 1);
    remove_tree(dir);
}

/* Standard output on a full device: the summary is lost, which is an error. */
static void test_stdout_full(void)
{
    const char *cmds[2] = {"laws", "run " DEMO};
    for (int i = 0; i < 2; i++) {
        char cmd[1024], errfile[64], err[2048];
        snprintf(errfile, sizeof errfile, "/tmp/lt_io_err.%ld", (long)getpid());
        snprintf(cmd, sizeof cmd, "%s %s >/dev/full 2>%s", lawtester(), cmds[i], errfile);
        int st = system(cmd);
        slurp(errfile, err, sizeof err);
        remove(errfile);
        CHECK_MSG(WIFEXITED(st) && WEXITSTATUS(st) == 1 && count_lines(err) == 1 &&
                      strstr(err, "lawtester: cannot write the output: No space left on device"),
                  "%s > /dev/full: status %d: %s", cmds[i], WIFEXITED(st) ? WEXITSTATUS(st) : -1,
                  err);
    }
}

/* A FIFO or a directory under the output name is not replaced (as root, a merge into /dev/full
 * would otherwise have replaced the device by a file). */
static void test_output_name_not_a_file(void)
{
    char *dir = make_tmpdir();
    char args[600], fifo[300], sub[300];
    snprintf(args, sizeof args, "run stages/probe_yield.lua -q -o %s", dir);
    result r;
    run(&r, args);
    CHECK_MSG(r.status == 0, "probe: %s", r.err);
    snprintf(fifo, sizeof fifo, "%s/fifo.tsv", dir);
    snprintf(sub, sizeof sub, "%s/sub.tsv", dir);
    CHECK(mkfifo(fifo, 0600) == 0 && mkdir(sub, 0700) == 0);
    const char *targets[2] = {fifo, sub};
    for (int i = 0; i < 2; i++) {
        snprintf(args, sizeof args, "merge %s %s/linear-probe.tsv", targets[i], dir);
        run(&r, args);
        char want[400];
        snprintf(want, sizeof want,
                 "cannot write '%s': the name is taken by %s, not a regular file", targets[i],
                 i == 0 ? "a FIFO" : "a directory");
        CHECK_MSG(r.status == 1 && count_lines(r.err) == 1 && strstr(r.err, want), "%s: %d: %s",
                  targets[i], r.status, r.err);
        struct stat st;
        CHECK(lstat(targets[i], &st) == 0 && (i == 0 ? S_ISFIFO(st.st_mode) : S_ISDIR(st.st_mode)));
    }
    remove_tree(dir);
}

/* ---- plots ----------------------------------------------------------------------------------- */

/* A PATH where lawtester (and valgrind, when the tests run under it) can be found, gnuplot not. */
static void path_without_gnuplot(char *prefix, size_t n, char *bin)
{
    const char *cmd = lawtester();
    char first[256];
    snprintf(first, sizeof first, "%.*s", (int)strcspn(cmd, " "), cmd);
    /* a one-line wrapper: valgrind is itself a script finding its files beside $0 */
    if (!strchr(first, '/')) {
        char wrap[2048];
        snprintf(wrap, sizeof wrap,
                 "printf '#!/bin/sh\\nexec %%s \"$@\"\\n' \"$(command -v %s)\" > '%s/%s' && chmod "
                 "+x '%s/%s'",
                 first, bin, first, bin, first);
        CHECK(system(wrap) == 0);
    }
    snprintf(prefix, n, "env PATH='%s'", bin);
}

static void test_gnuplot_missing(void)
{
    char bin[64], out[64], prefix[256], args[512];
    snprintf(bin, sizeof bin, "%s", make_tmpdir()); /* make_tmpdir's buffer is static */
    snprintf(out, sizeof out, "%s", make_tmpdir());
    path_without_gnuplot(prefix, sizeof prefix, bin);
    put_file(out, DEMO_NAME ".tsv", "earlier result\n");
    snprintf(args, sizeof args, "run %s -o %s --plot", DEMO, out);
    result r;
    run_with(&r, prefix, args);
    CHECK_MSG(r.status == 2 && count_lines(r.err) == 1 &&
                  strstr(r.err, "lawtester: --plot needs gnuplot, which is not on PATH (install "
                                "it: apt-get install gnuplot-nox)"),
              "status %d: %s", r.status, r.err);
    CHECK(has(out, DEMO_NAME ".tsv", "earlier result\n") && count_files(out) == 1);
    /* the plot scripts directory is checked the same way */
    run_with(&r, "env LAWTESTER_PLOTS=/nonexistent", args);
    CHECK_MSG(r.status == 2 &&
                  strstr(r.err, "--plot: cannot open the plot scripts directory '/nonexistent'"),
              "status %d: %s", r.status, r.err);
    CHECK(count_files(out) == 1);
    remove_tree(bin);
    remove_tree(out);
}

/* A plot script that fails after another one succeeded: no table, sidecar, surface or plot of
 * this run reaches a final name (they were all temporary files), the earlier ones stay, and
 * gnuplot's own message is condensed into the one line. */
static void test_gnuplot_fails(void)
{
    char plots[64], out[64], cmd[512];
    snprintf(plots, sizeof plots, "%s", make_tmpdir()); /* make_tmpdir's buffer is static */
    snprintf(cmd, sizeof cmd, "cp plots/energy.gp plots/_style.gp '%s'/", plots);
    CHECK(system(cmd) == 0);
    put_file(plots, "zz_broken.gp",
             "set terminal pngcairo\nset output outfile\nplot datafile using "
             "1:(no_such_function($2))\n");
    snprintf(out, sizeof out, "%s", make_tmpdir());
    put_file(out, DEMO_NAME ".tsv", "earlier result\n");
    put_file(out, DEMO_NAME "-energy.png", "earlier plot\n");
    char prefix[300], args[512];
    snprintf(prefix, sizeof prefix, "env LAWTESTER_PLOTS='%s'", plots);
    snprintf(args, sizeof args, "run %s -o %s --plot", DEMO, out);
    result r;
    run_with(&r, prefix, args);
    CHECK_MSG(r.status == 1 && count_lines(r.err) == 1 &&
                  strstr(r.err, "zz_broken.gp (exit status 1): ") &&
                  strstr(r.err, "undefined function: no_such_function") &&
                  strncmp(r.err, DEMO ":", strlen(DEMO) + 1) == 0,
              "status %d: %s", r.status, r.err);
    CHECK(has(out, DEMO_NAME ".tsv", "earlier result\n") &&
          has(out, DEMO_NAME "-energy.png", "earlier plot\n"));
    CHECK_MSG(count_files(out) == 2, "%d files: the failed run left some", count_files(out));
    remove_tree(plots);
    remove_tree(out);
}

/* Plot scripts get the table's final name as `name` for their titles (datafile is the table's
 * temporary file while the run's outputs are published together): a script that prints both. */
static void test_plots_get_the_final_name(void)
{
    char plots[64], out[64];
    snprintf(plots, sizeof plots, "%s", make_tmpdir()); /* make_tmpdir's buffer is static */
    put_file(
        plots, "names.gp",
        "set print outfile\nprint name\nprint (datafile eq name ? \"same\" : \"temporary\")\n");
    snprintf(out, sizeof out, "%s", make_tmpdir());
    char prefix[300], args[512], expect[256];
    snprintf(prefix, sizeof prefix, "env LAWTESTER_PLOTS='%s'", plots);
    snprintf(args, sizeof args, "run %s -o %s --plot -q", DEMO, out);
    result r;
    run_with(&r, prefix, args);
    CHECK_MSG(r.status == 0, "status %d: %s", r.status, r.err);
    snprintf(expect, sizeof expect, "%s/" DEMO_NAME ".tsv\ntemporary\n", out);
    CHECK_MSG(has(out, DEMO_NAME "-names.png", expect),
              "the plot script did not get the final name");
    remove_tree(plots);
    remove_tree(out);
}

/* A run that succeeds after a failed one removes the failed run's NAME.tsv.partial and
 * NAME.meta.partial: they describe a result that is no longer the latest. */
static void test_success_removes_stale_partial(void)
{
    char *out = make_tmpdir();
    put_file(out, DEMO_NAME ".tsv.partial", "rows of a failed run\n");
    put_file(out, DEMO_NAME ".meta.partial", "status\tfailed: ...\n");
    char args[512];
    snprintf(args, sizeof args, "run %s -o %s -q", DEMO, out);
    result r;
    run(&r, args);
    CHECK_MSG(r.status == 0, "%s", r.err);
    CHECK_MSG(count_files(out) == 3, "%d files: expected the record, its sidecar and surface",
              count_files(out));
    char path[400];
    struct stat st = {0}; /* zeros in the message when the file is missing */
    snprintf(path, sizeof path, "%s/%s.tsv.partial", out, DEMO_NAME);
    CHECK(stat(path, &st) != 0);
    /* results get the mode of a new file (the temporary files were 0600, mkstemp's) */
    mode_t mask = umask(0);
    umask(mask);
    snprintf(path, sizeof path, "%s/%s.tsv", out, DEMO_NAME);
    CHECK_MSG(stat(path, &st) == 0 && (st.st_mode & 0777) == (0666 & ~mask), "mode %o",
              (unsigned)(st.st_mode & 0777));
    remove_tree(out);
}

const test_case io_tests[] = {
    TEST(output_directory_refused),
    TEST(output_directory_refuses_files),
    TEST(disk_full_tmpfs),
    TEST(disk_full_write_limit),
    TEST(disk_full_merge_and_write),
    TEST(stdout_full),
    TEST(output_name_not_a_file),
    TEST(gnuplot_missing),
    TEST(gnuplot_fails),
    TEST(plots_get_the_final_name),
    TEST(success_removes_stale_partial),
    {0, 0},
};
