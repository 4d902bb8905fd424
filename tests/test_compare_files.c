/* tests/test_compare_files.c - what `lawtester compare` and `lawtester merge` are given that is
 * not an ordinary table (docs/compare.md, "The tables" and "Tolerance and verdict"; docs/verify.md,
 * the shards of a sweep): non-finite values in REF, a FIFO, /dev/zero, a directory, NUL bytes,
 * 200 000 columns, and a sweep shard that lost rows at a line boundary. */
#include "check.h"
#include "cli.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Write n bytes of data to DIR/NAME (a NUL among them). */
static void put_bytes(const char *dir, const char *name, const char *data, size_t n)
{
    char path[400];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    CHECK_MSG(f != NULL, "cannot create %s", path);
    if (!f) return;
    fwrite(data, 1, n, f);
    fclose(f);
}

static void compare(result *r, const char *dir, const char *ref, const char *nw, const char *opts)
{
    char args[1200];
    snprintf(args, sizeof args, "compare %s%s%s %s%s%s %s", *ref == '/' ? "" : dir,
             *ref == '/' ? "" : "/", ref, *nw == '/' ? "" : dir, *nw == '/' ? "" : "/", nw, opts);
    run_timeout(r, 60, args);
}

/* exit 2, one line on stderr containing want, nothing on stdout */
static void check_refused(const result *r, const char *want)
{
    CHECK_MSG(r->status == 2 && count_lines(r->err) == 1 && strstr(r->err, want) && !r->out[0],
              "status %d, want '%s': %s", r->status, want, r->err);
}

/* One inf in REF made the tolerance rtol * inf (a column 3e9 off passed) and, with --atol,
 * 0 * inf = NaN (equal points failed).  Now those points compare exactly, the rest by the finite
 * maximum. */
static void test_nonfinite_ref(void)
{
    char *dir = make_tmpdir();
    put_file(dir, "ref.tsv", "time\tFx\n0\tinf\n1\t1\n2\t2\n3\tnan\n");
    put_file(dir, "far.tsv", "time\tFx\n0\tinf\n1\t3e9\n2\t2\n3\tnan\n");
    put_file(dir, "same.tsv", "time\tFx\n0\tinf\n1\t1\n2\t2\n3\tnan\n");
    put_file(dir, "minus.tsv", "time\tFx\n0\t-inf\n1\t1\n2\t2\n3\tnan\n");
    put_file(dir, "finite.tsv", "time\tFx\n0\t1e300\n1\t1\n2\t2\n3\tnan\n");
    put_file(dir, "nonan.tsv", "time\tFx\n0\tinf\n1\t1\n2\t2\n3\t0\n");
    result r;
    compare(&r, dir, "ref.tsv", "far.tsv", "--rtol 1e-3");
    CHECK_MSG(r.status == 1 && strstr(r.err, "|NEW - REF| = 3e+09 at time = 1 > tolerance 0.002"),
              "status %d: %s%s", r.status, r.out, r.err);
    compare(&r, dir, "ref.tsv", "same.tsv", "--atol 1e-9");
    CHECK_MSG(r.status == 0 && strstr(r.out, "PASS"), "status %d: %s%s", r.status, r.out, r.err);
    compare(&r, dir, "ref.tsv", "same.tsv", "--atol 1e-9 --rtol 0.5");
    CHECK_MSG(r.status == 0 && !strstr(r.out, "nan") && !strstr(r.out, "inf"), "status %d: %s%s",
              r.status, r.out, r.err);
    const char *fails[] = {"minus.tsv", "finite.tsv", "nonan.tsv"};
    for (int i = 0; i < 3; i++) {
        compare(&r, dir, "ref.tsv", fails[i], "--rtol 1");
        CHECK_MSG(r.status == 1 && count_lines(r.err) == 1, "%s: status %d: %s%s", fails[i],
                  r.status, r.out, r.err);
    }
    /* finite REF, NEW not: fails as before */
    compare(&r, dir, "finite.tsv", "ref.tsv", "--rtol 1");
    CHECK_MSG(r.status == 1, "status %d: %s%s", r.status, r.out, r.err);
    remove_tree(dir);
}

/* A FIFO hung compare and merge (waiting for a writer); /dev/zero was read until memory ran out. */
static void test_not_regular_files(void)
{
    char *dir = make_tmpdir(), fifo[400], args[1200];
    put_file(dir, "ok.tsv", "time\tFx\n0\t1\n1\t2\n");
    snprintf(fifo, sizeof fifo, "%s/fifo", dir);
    CHECK(mkfifo(fifo, 0600) == 0);
    result r;
    compare(&r, dir, "fifo", "ok.tsv", "");
    check_refused(&r, "/fifo:0: cannot read: not a regular file (a FIFO)");
    compare(&r, dir, "ok.tsv", "/dev/zero", "");
    check_refused(&r, "/dev/zero:0: cannot read: not a regular file (a character device)");
    compare(&r, dir, "ok.tsv", ".", "");
    check_refused(&r, "/.:0: cannot read: not a regular file (a directory)");
    const char *shards[] = {fifo, "/dev/zero"};
    for (int i = 0; i < 2; i++) {
        snprintf(args, sizeof args, "merge %s/out.tsv %s", dir, shards[i]);
        run_timeout(&r, 60, args);
        CHECK_MSG(r.status == 1 && count_lines(r.err) == 1 &&
                      strstr(r.err, ":0: cannot read: not a regular file ("),
                  "%s: status %d: %s", shards[i], r.status, r.err);
    }
    CHECK(access(fifo, F_OK) == 0 && count_files(dir) == 2); /* nothing written */
    remove_tree(dir);
}

/* A line starting with a NUL was skipped as blank: a differing row dropped, a false PASS. */
static void test_nul_bytes(void)
{
    char *dir = make_tmpdir(), args[600];
    put_file(dir, "ref.tsv", "time\tFx\n0\t1\n1\t2\n2\t3\n");
    static const char nul_row[] = "time\tFx\n0\t1\n\0001\t5\n2\t3\n";
    put_bytes(dir, "nul.tsv", nul_row, sizeof nul_row - 1);
    static const char nul_cell[] = "time\tFx\n0\t1\n1\t2\0009\n2\t3\n";
    put_bytes(dir, "cell.tsv", nul_cell, sizeof nul_cell - 1);
    result r;
    compare(&r, dir, "ref.tsv", "nul.tsv", "");
    check_refused(&r, "/nul.tsv:3: field row: a NUL byte (byte 1 of the line): a table is text");
    compare(&r, dir, "cell.tsv", "ref.tsv", "");
    check_refused(&r, "/cell.tsv:3: field row: a NUL byte (byte 4 of the line)");
    static const char shard[] = "k\tdirections\0\n";
    put_bytes(dir, "shard.tsv", shard, sizeof shard - 1);
    snprintf(args, sizeof args, "merge %s/out.tsv %s/shard.tsv", dir, dir);
    run(&r, args);
    CHECK_MSG(r.status == 1 && count_lines(r.err) == 1 &&
                  strstr(r.err, "/shard.tsv:1: field header: a NUL byte (byte 13 of the line)"),
              "status %d: %s", r.status, r.err);
    remove_tree(dir);
}

/* A header's names were checked for repeats, and the shared columns found, by scans over the
 * columns for each column: hours for a million.  A hash index makes it linear. */
static void test_many_columns(void)
{
    char *dir = make_tmpdir(), path[400];
    int n = under_valgrind() ? 2000 : 200000;
    snprintf(path, sizeof path, "%s/wide.tsv", dir);
    FILE *f = fopen(path, "w");
    CHECK(f != NULL);
    if (!f) return;
    fprintf(f, "time");
    for (int i = 0; i < n; i++) fprintf(f, "\tc%d", i);
    for (int row = 0; row < 2; row++) {
        fprintf(f, "\n%d", row);
        for (int i = 0; i < n; i++) fprintf(f, "\t%d", i + row);
    }
    fprintf(f, "\n");
    fclose(f);
    result r;
    compare(&r, dir, "wide.tsv", "wide.tsv", ""); /* a generous bound: a fraction of a second */
    /* (stdout holds more than r.out keeps: its start is enough) */
    CHECK_MSG(r.status == 0 && strstr(r.out, "\nc0 ") && strstr(r.out, "\nc1 "), "status %d: %s",
              r.status, r.err);
    remove_tree(dir);
}

/* A sweep shard that lost rows at a line boundary was merged with exit status 0: its points were
 * all there.  Its last line, "# shard K of N: R rows", is checked now. */
static void test_sweep_shard_rows(void)
{
    char *dir = make_tmpdir(), args[1600], cmd[1600];
    result r;
    for (int k = 1; k <= 2; k++) {
        snprintf(args, sizeof args, "verify --law linear --sweep 4 --shard %d/2 -o %s", k, dir);
        run(&r, args);
        CHECK_MSG(r.status == 0, "shard %d: %s", k, r.err);
    }
    snprintf(args, sizeof args, "verify --law linear --sweep 4 -o %s/whole", dir);
    run(&r, args);
    char *s1 = NULL;
    snprintf(cmd, sizeof cmd, "%s/sweep-linear.shard-1-of-2.tsv", dir);
    s1 = slurp_all(cmd);
    CHECK(s1 && strstr(s1, "\n# shard 1 of 2: "));
    snprintf(args, sizeof args,
             "merge %s/m.tsv %s/sweep-linear.shard-2-of-2.tsv %s/sweep-linear.shard-1-of-2.tsv",
             dir, dir, dir);
    run(&r, args);
    CHECK_MSG(r.status == 0, "%s", r.err);
    snprintf(cmd, sizeof cmd, "cmp -s %s/m.tsv %s/whole/sweep-linear.tsv", dir, dir);
    CHECK_MSG(system(cmd) == 0, "the merged shards differ from the unsharded sweep");
    /* the unsharded table merges alone (it has every point) */
    snprintf(args, sizeof args, "merge %s/m1.tsv %s/whole/sweep-linear.tsv", dir, dir);
    run(&r, args);
    CHECK_MSG(r.status == 0, "%s", r.err);
    struct {
        const char *edit, *want;
    } cuts[] = {
        /* the last line lost: no trailer */
        {"head -n -1", "field rows: the table ends without its last line '# shard K of N: R rows'"},
        /* a row lost above the trailer */
        {"awk 'NR != 3'", "field rows: 52 rows above, but the shard's last line says 53"},
    };
    for (int i = 0; i < 2; i++) {
        snprintf(cmd, sizeof cmd, "cat %s/sweep-linear.shard-1-of-2.tsv | %s > %s/cut.tsv", dir,
                 cuts[i].edit, dir);
        CHECK(system(cmd) == 0);
        snprintf(args, sizeof args, "merge %s/m2.tsv %s/cut.tsv %s/sweep-linear.shard-2-of-2.tsv",
                 dir, dir, dir);
        run(&r, args);
        CHECK_MSG(r.status == 1 && count_lines(r.err) == 1 && strstr(r.err, "/cut.tsv:") &&
                      strstr(r.err, cuts[i].want),
                  "cut %d: status %d: %s", i, r.status, r.err);
        snprintf(cmd, sizeof cmd, "%s/m2.tsv", dir);
        CHECK_MSG(access(cmd, F_OK) != 0, "cut %d: %s written", i, cmd);
    }
    /* a whole point lost, the count edited to match: the point is missing from its shard */
    snprintf(cmd, sizeof cmd,
             "grep -v '^2\t' %s/sweep-linear.shard-1-of-2.tsv | "
             "awk -v n=$(grep -c '^0\t' %s/sweep-linear.shard-1-of-2.tsv) "
             "'/^# shard/ {print \"# shard 1 of 2: \" n \" rows\"; next} {print}' > %s/cut.tsv",
             dir, dir, dir);
    CHECK(system(cmd) == 0);
    snprintf(args, sizeof args, "merge %s/m2.tsv %s/cut.tsv %s/sweep-linear.shard-2-of-2.tsv", dir,
             dir, dir);
    run(&r, args);
    CHECK_MSG(r.status == 1 && count_lines(r.err) == 1 &&
                  strstr(r.err, "field k: point 2 of 4 is missing from shard 1 of 2 (k % 2 == 0)"),
              "status %d: %s", r.status, r.err);
    free(s1);
    remove_tree(dir);
}

const test_case compare_files_tests[] = {
    TEST(nonfinite_ref), TEST(not_regular_files), TEST(nul_bytes),
    TEST(many_columns),  TEST(sweep_shard_rows),  {NULL, NULL},
};
