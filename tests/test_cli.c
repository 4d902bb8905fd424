/* tests/test_cli.c - the lawtester command as a user meets it: bad input gives one line
 * `FILE:LINE: ...` on stderr, a non-zero exit and no output file (and leaves an earlier result
 * alone); good runs write the documented TSV columns and the plots.  The command is $LAWTESTER
 * (default ./lawtester), so the same tests run under valgrind or a sanitizer build. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "cli.h"
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static void test_unsafe_lifts_sandbox(void)
{
    result r;
    run(&r, "run tests/bad/sandbox_os.lua --unsafe");
    /* with os available the script gets past line 2 and ends without a test */
    CHECK_MSG(strstr(r.err, "neither returns a test table nor calls lawtester.run") != NULL,
              "stderr: %s", r.err);
}

static void test_bytecode_refused(void)
{
    const char *path = "/tmp/lt_cli_bytecode.lua";
    FILE *f = fopen(path, "wb");
    CHECK(f != NULL);
    if (!f) return;
    fputs("\033Lua\x54\x00garbage", f);
    fclose(f);
    result r;
    run(&r, "run /tmp/lt_cli_bytecode.lua");
    CHECK(r.status == 1);
    CHECK_MSG(strstr(r.err, "attempt to load a binary chunk") != NULL, "stderr: %s", r.err);
    remove(path);
}

static void test_missing_script(void)
{
    result r;
    run(&r, "run tests/bad/does_not_exist.lua");
    CHECK(r.status != 0);
    CHECK_MSG(strstr(r.err, "tests/bad/does_not_exist.lua:0: cannot read the script") != NULL,
              "stderr: %s", r.err);
}

static void test_bad_command_line(void)
{
    result r;
    run(&r, "frobnicate");
    CHECK(r.status == 2 && strstr(r.err, "unknown command 'frobnicate'"));
    run(&r, "run stages/compress_shear_unload.lua --plot");
    CHECK(r.status == 2 && strstr(r.err, "--plot needs -o DIR"));
    run(&r, "run stages/compress_shear_unload.lua -o README.md/dir");
    CHECK(r.status == 2 && count_lines(r.err) == 1);
    CHECK_MSG(strstr(r.err, "lawtester: cannot create directory 'README.md' (for 'README.md/dir'): "
                            "Not a directory"),
              "stderr: %s", r.err);
}

/* ---- the command line: options refused, paths quoted (docs/reliability.md, "The command line")
 * ---- */

/* r: exit status 2, one line on stderr equal to want (when want is not NULL), nothing on stdout */
static void check_refused(const result *r, const char *args, const char *want)
{
    CHECK_MSG(r->status == 2 && count_lines(r->err) == 1 && !*r->out, "%s: status %d: %s", args,
              r->status, r->err);
    if (want)
        CHECK_MSG(strcmp(r->err, want) == 0, "%s: stderr '%s', expected '%s'", args, r->err, want);
}

/* Every command refuses an option it does not know, in one line, before it does anything (merge
 * used to take --force for its output file and write a file of that name). */
static void test_unknown_options_refused(void)
{
    char *dir = make_tmpdir();
    char args[600], want[600];
    static const char *const cmds[][2] = {
        {"run", "run stages/compress_shear_unload.lua -o %s --force"},
        {"merge", "merge --force %s/out.tsv %s/a.tsv"},
        {"laws", "laws --force"},
        {"verify", "verify --law linear --force"},
        {"version", "version --force"},
        {"help", "help --force"},
    };
    result r;
    for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++) {
        snprintf(args, sizeof args, cmds[i][1], dir, dir);
        run(&r, args);
        snprintf(want, sizeof want, "lawtester: %s: unknown argument '--force'", cmds[i][0]);
        check_refused(&r, args, NULL);
        CHECK_MSG(strncmp(r.err, want, strlen(want)) == 0, "%s: %s", args, r.err);
    }
    /* merge's message says how to name a file that starts with '-'; after --, it is a file */
    run(&r, "merge --force a b");
    CHECK_MSG(strstr(r.err, "(a file whose name starts with '-': put -- before it)"), "%s", r.err);
    snprintf(args, sizeof args, "merge -- --force %s/missing-shard.tsv", dir);
    run(&r, args);
    snprintf(want, sizeof want, "%s/missing-shard.tsv:0: cannot read: No such file or directory\n",
             dir);
    CHECK_MSG(r.status == 1 && strcmp(r.err, want) == 0, "status %d: %s", r.status, r.err);
    /* a command without arguments refuses one */
    run(&r, "version extra");
    check_refused(&r, "version extra", "lawtester: version: unknown argument 'extra'\n");
    CHECK_MSG(count_files(dir) == 0, "%d files written", count_files(dir));
    CHECK_MSG(access("--force", F_OK) != 0, "a file named --force was written");
    remove_tree(dir);
}

/* An option with one value given twice is refused (the last one used to win in silence); the
 * repeatable --law-lib stays repeatable (tests/test_plugin.c loads two). */
static void test_option_given_twice_refused(void)
{
    char *dir = make_tmpdir();
    char args[600], want[600];
    result r;
    snprintf(args, sizeof args, "run stages/compress_shear_unload.lua -o %s/a -o %s/b", dir, dir);
    run(&r, args);
    snprintf(want, sizeof want, "lawtester: run: -o given twice ('%s/a', '%s/b')\n", dir, dir);
    check_refused(&r, args, want);
    snprintf(
        args, sizeof args,
        "run stages/compress_shear_unload.lua -o %s --plot --plot-format png --plot-format svg",
        dir);
    run(&r, args);
    check_refused(&r, args, "lawtester: run: --plot-format given twice ('png', 'svg')\n");
    run(&r, "run stages/compress_shear_unload.lua --shard 1/2 --shard 2/2");
    check_refused(&r, "--shard twice", "lawtester: run: --shard given twice ('1/2', '2/2')\n");
    run(&r, "verify --law linear --case normal-loading --law hertz_mindlin");
    check_refused(&r, "--law twice",
                  "lawtester: verify: --law given twice ('linear', 'hertz_mindlin')\n");
    run(&r, "verify --law linear --max-memory 1 --max-memory 2");
    check_refused(&r, "--max-memory twice",
                  "lawtester: verify: --max-memory given twice ('1', '2')\n");
    CHECK_MSG(count_files(dir) == 0, "%d files written", count_files(dir));
    remove_tree(dir);
}

/* A path of hundreds of characters is shortened in the middle, so that the reason stays on the
 * one line of the error, which stays readable: as the script, in -o, in merge. */
static void test_long_paths_keep_the_reason(void)
{
    char *dir = make_tmpdir();
    char longdir[800], args[2400], seg[201];
    memset(seg, 'd', 200);
    seg[200] = 0;
    snprintf(longdir, sizeof longdir, "%s/%s/%s/%s", dir, seg, seg,
             seg); /* 620 characters, none made yet */
    struct {
        const char *fmt, *reason;
    } cases[] = {
        {"run %s/script.lua", "/script.lua:0: cannot read the script: No such file or directory"},
        {"run stages/compress_shear_unload.lua -o %s --min-free 1000000000",
         "below the margin of 1000000000 MB"},
        {"merge %s/out.tsv %s/shard.tsv", "/shard.tsv:0: cannot read: No such file or directory"},
    };
    result r;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        snprintf(args, sizeof args, cases[i].fmt, longdir, longdir);
        run(&r, args);
        CHECK_MSG(r.status != 0 && count_lines(r.err) == 1 && strlen(r.err) <= 300 &&
                      strstr(r.err, cases[i].reason),
                  "%s: status %d, %zu characters: %s", cases[i].fmt, r.status, strlen(r.err),
                  r.err);
    }
    remove_tree(dir);
}

/* Control characters in a path or a name are escaped: every error stays one line.  A stage
 * script whose path holds a newline fails with one line naming it "a\nb.lua:LINE: ..." (the
 * script's FILE:LINE prefix and Lua's own messages), and the test's default name still comes from
 * the path as given (a_b). */
static void test_control_characters_quoted(void)
{
    char *dir = make_tmpdir();
    char path[300], args[800], want[400];
    snprintf(path, sizeof path, "%s/a\nb.lua", dir);
    FILE *f = fopen(path, "w");
    CHECK(f != NULL);
    if (!f) return;
    fputs("return { law = 'linear',\n  bogus = 1 }\n", f);
    fclose(f);
    result r;
    snprintf(args, sizeof args, "run \"$(printf '%s/a\\nb.lua')\"", dir);
    run(&r, args);
    snprintf(want, sizeof want, "%s/a\\nb.lua:2: field bogus: unknown key 'bogus'", dir);
    CHECK_MSG(r.status == 1 && count_lines(r.err) == 1 && strncmp(r.err, want, strlen(want)) == 0,
              "status %d: %s", r.status, r.err);
    f = fopen(path, "w");
    if (f) {
        fputs("local t\nreturn t.x\n", f); /* Lua's own message, from the chunk's name */
        fclose(f);
    }
    run(&r, args);
    snprintf(want, sizeof want, "%s/a\\nb.lua:2: attempt to index a nil value (local 't')", dir);
    CHECK_MSG(r.status == 1 && count_lines(r.err) == 1 && strncmp(r.err, want, strlen(want)) == 0,
              "status %d: %s", r.status, r.err);
    /* the script missing: the line of lawtester, not of Lua */
    remove(path);
    run(&r, args);
    snprintf(want, sizeof want,
             "%s/a\\nb.lua:0: cannot read the script: No such file or directory\n", dir);
    CHECK_MSG(r.status == 2 && strcmp(r.err, want) == 0, "status %d: %s", r.status, r.err);
    /* a plausibility warning names it on one line too */
    snprintf(args, sizeof args, "cp tests/scripts/warn_tanphi.lua \"$(printf '%s/a\\nb.lua')\"",
             dir);
    CHECK(system(args) == 0);
    snprintf(args, sizeof args, "run \"$(printf '%s/a\\nb.lua')\" -q", dir);
    run(&r, args);
    snprintf(want, sizeof want, "warning: %s/a\\nb.lua:6: field params.tanPhi: tanPhi = 30", dir);
    CHECK_MSG(r.status == 0 && count_lines(r.err) == 1 && strncmp(r.err, want, strlen(want)) == 0,
              "status %d: %s", r.status, r.err);
    /* a script that runs: its table named from the path as given, not from the escaped one */
    f = fopen(path, "w");
    if (f) {
        fputs("return { law = 'linear', particles = { { radius = 0.01 }, { radius = 0.01 } }, dt = "
              "1e-6,\n"
              "  stages = { { whats = 'v.....', values = {-0.01, 0, 0, 0, 0, 0}, till = 'C.uN < "
              "-1e-6' } } }\n",
              f);
        fclose(f);
    }
    snprintf(args, sizeof args, "run \"$(printf '%s/a\\nb.lua')\" -q -o %s", dir, dir);
    run(&r, args);
    snprintf(path, sizeof path, "%s/a_b.tsv", dir);
    CHECK_MSG(r.status == 0 && access(path, F_OK) == 0, "status %d: %s", r.status, r.err);
    /* a command, an option's value, a law name */
    run(&r, "\"$(printf 'fro\\nb')\"");
    CHECK_MSG(r.status == 2 && strncmp(r.err, "lawtester: unknown command 'fro\\nb'\n", 36) == 0,
              "%s", r.err);
    run(&r, "verify --law \"$(printf 'lin\\near')\"");
    CHECK_MSG(
        r.status == 2 &&
            strcmp(
                r.err,
                "lawtester: verify: no law called 'lin\\near' (`lawtester laws` lists them)\n") ==
                0,
        "status %d: %s", r.status, r.err);
    run(&r, "laws --law-lib \"$(printf 'no\\nlaw.so')\"");
    check_refused(&r, "--law-lib with a newline",
                  "lawtester: no\\nlaw.so: No such file or directory\n");
    run(&r, "run stages/compress_shear_unload.lua --shard \"$(printf '1\\n2')\"");
    check_refused(&r, "--shard with a newline",
                  "lawtester: --shard needs K/N with 1 <= K <= N (got '1\\n2')\n");
    remove_tree(dir);
}

/* A failing run must not clobber an earlier complete table of the same name. */
static void test_failed_run_keeps_earlier_result(void)
{
    char *dir = make_tmpdir();
    char path[256], args[512], buf[64];
    snprintf(path, sizeof path, "%s/bad.tsv", dir);
    FILE *f = fopen(path, "w");
    fputs("earlier result\n", f);
    fclose(f);
    snprintf(args, sizeof args, "run tests/bad/never_ends.lua -o %s", dir);
    result r;
    run(&r, args);
    CHECK(r.status == 1);
    slurp(path, buf, sizeof buf);
    CHECK_STR(buf, "earlier result\n");
    CHECK_MSG(count_files(dir) == 3,
              "%d files: expected bad.tsv and the failed run's bad.tsv.partial, bad.meta.partial",
              count_files(dir));
    remove_tree(dir);
}

static void test_laws_lists_linear(void)
{
    result r;
    run(&r, "laws");
    CHECK(r.status == 0);
    CHECK(strstr(r.out, "linear - ") != NULL);
    CHECK(strstr(r.out, "tanPhi") && strstr(r.out, "noSlip") && strstr(r.out, "noBreak"));
    CHECK(strstr(r.out, "elast (stored)") && strstr(r.out, "plast (dissipated)"));
}

/* The demo: the documented columns in order, one value per column on every row, and the
 * plots rendered by gnuplot. */
static void test_demo_table_and_plots(void)
{
    char *dir = make_tmpdir();
    char args[512], path[256];
    snprintf(args, sizeof args, "run stages/compress_shear_unload.lua -o %s --plot", dir);
    result r;
    run(&r, args);
    CHECK_MSG(r.status == 0, "status %d: %s", r.status, r.err);
    snprintf(path, sizeof path, "%s/compress-shear-unload.tsv", dir);
    static char tsv[1 << 20];
    slurp(path, tsv, sizeof tsv);
    const char *header =
        "step\ttime\tstage\tcontact\tux\tuy\tuz\tphix\tphiy\tphiz\tvx\tvy\tvz\twx\twy\twz\t"
        "Fx\tFy\tFz\tTx\tTy\tTz\tkn\tkt\telast\tplast\twork\tkin\tdamp\tbrk\tbalance_"
        "err\tform\tunbooked\n";
    CHECK_MSG(strncmp(tsv, header, strlen(header)) == 0, "header: %.300s", tsv);
    int rows = 0, bad = 0;
    for (char *line = strchr(tsv, '\n'); line && line[1]; line = strchr(line + 1, '\n')) {
        int tabs = 0;
        for (char *p = line + 1; *p && *p != '\n'; p++) tabs += *p == '\t';
        if (tabs != 32) bad++;
        rows++;
    }
    CHECK_MSG(rows > 100 && bad == 0, "%d rows, %d with a wrong number of columns", rows, bad);
    const char *plots[] = {"energy", "force_displacement", "force_path", "stress_path"};
    for (int i = 0; i < 4; i++) {
        struct stat st;
        snprintf(path, sizeof path, "%s/compress-shear-unload-%s.png", dir, plots[i]);
        CHECK_MSG(stat(path, &st) == 0 && st.st_size > 1000, "missing or empty plot %s", path);
    }
    CHECK(strstr(r.out, "energy balance") != NULL);
    /* the law's yield surface beside the record, for stress_path */
    snprintf(path, sizeof path, "%s/compress-shear-unload-surface.tsv", dir);
    slurp(path, tsv, sizeof tsv);
    CHECK_MSG(strncmp(tsv, "curve\tFn\tFt\n0\t", 14) == 0, "surface file: %.100s", tsv);
    remove_tree(dir);
}

/* The energy balance of every stage file shipped under stages/ stays within 1e-9 of the work
 * (every test a script runs prints "energy balance: ... (R of the work)"), and none draws a
 * plausibility warning (--strict would make it an error).  The study
 * script runs the inconsistent candidate formulas on purpose and is checked below instead. */
static void test_shipped_stage_files_balance(void)
{
    DIR *d = opendir("stages");
    CHECK(d != NULL);
    if (!d) return;
    struct dirent *e;
    int files = 0;
    while ((e = readdir(d))) {
        size_t n = strlen(e->d_name);
        if (n < 5 || strcmp(e->d_name + n - 4, ".lua") != 0 ||
            strcmp(e->d_name, "energy_study.lua") == 0)
            continue;
        char args[512];
        snprintf(args, sizeof args, "run stages/%s --strict",
                 e->d_name); /* a plausibility warning fails it */
        result r;
        run(&r, args);
        CHECK_MSG(r.status == 0 && !strstr(r.err, "warning"), "%s: status %d: %s", e->d_name,
                  r.status, r.err);
        int lines = 0;
        for (const char *p = strstr(r.out, "energy balance:"); p;
             p = strstr(p + 1, "energy balance:")) {
            const char *q = strstr(p, "J (");
            double rel = q ? strtod(q + 3, NULL) : 1;
            CHECK_MSG(rel <= 1e-9, "%s: balance %.3g of the work", e->d_name, rel);
            lines++;
        }
        CHECK_MSG(lines > 0, "%s printed no energy balance", e->d_name);
        files++;
    }
    closedir(d);
    CHECK(files >= 1);
}

/* The dissipation study regenerates its table: one row per formula, `trapezoid` exact (round-off)
 * on sliding, combined and unloading, `doc` first order on unloading. */
static void test_energy_study_table(void)
{
    char *dir = make_tmpdir();
    char args[512], path[256];
    snprintf(args, sizeof args, "run stages/energy_study.lua -o %s -q --strict", dir);
    result r;
    run(&r, args);
    CHECK_MSG(r.status == 0 && !strstr(r.err, "warning"), "status %d: %s", r.status, r.err);
    snprintf(path, sizeof path, "%s/energy-study.md", dir);
    static char md[8192];
    slurp(path, md, sizeof md);
    const char *trap = strstr(md, "| trapezoid |");
    CHECK_MSG(trap && count_lines(md) == 7, "table: %s", md);
    if (trap) {
        char row[400];
        snprintf(row, sizeof row, "%.*s", (int)strcspn(trap, "\n"), trap);
        int roundoff = 0;
        for (const char *p = strstr(row, "(round-off)"); p; p = strstr(p + 1, "(round-off)"))
            roundoff++;
        CHECK_MSG(roundoff == 3, "trapezoid row: %s", row);
    }
    const char *doc = strstr(md, "| doc |");
    CHECK_MSG(doc && strstr(doc, "(p = 1.00)"), "doc row: %s", doc ? doc : "missing");
    snprintf(path, sizeof path, "%s/energy-study.tsv", dir);
    struct stat st;
    CHECK(stat(path, &st) == 0 && st.st_size > 1000);
    remove_tree(dir);
}

/* Every shipped stage file runs; every table it writes gets its .meta sidecar and the three
 * plots; the summaries print the stiffness rule and kn. */
static void test_stage_files_run_and_plot(void)
{
    DIR *d = opendir("stages");
    CHECK(d != NULL);
    if (!d) return;
    struct dirent *e;
    int scripts = 0;
    while ((e = readdir(d))) {
        size_t len = strlen(e->d_name);
        /* the studies write tables, no records (energy_study_table checks the first; the
         * incidence scan runs in shipped_stage_files_balance, its table by `make md-incidence`) */
        if (len < 5 || strcmp(e->d_name + len - 4, ".lua") != 0 ||
            strcmp(e->d_name, "energy_study.lua") == 0 ||
            strcmp(e->d_name, "md_incidence.lua") == 0)
            continue;
        scripts++;
        char *dir = make_tmpdir();
        char args[512];
        snprintf(args, sizeof args, "run stages/%s -o %s --plot", e->d_name, dir);
        result r;
        run(&r, args);
        CHECK_MSG(r.status == 0, "%s: status %d: %s", e->d_name, r.status, r.err);
        CHECK_MSG(r.err[0] == 0, "%s: the run or gnuplot wrote on stderr: %.300s", e->d_name,
                  r.err);
        DIR *od = opendir(dir);
        struct dirent *f;
        int tables = 0, records = 0;
        while (od && (f = readdir(od))) {
            size_t fl = strlen(f->d_name);
            if (fl < 5 || strcmp(f->d_name + fl - 4, ".tsv") != 0) continue;
            if (fl > 12 && strcmp(f->d_name + fl - 12, "-surface.tsv") == 0)
                continue; /* the law's surface */
            tables++;
            char path[512], head[400];
            snprintf(path, sizeof path, "%s/%s", dir, f->d_name);
            slurp(path, head, sizeof head);
            /* a record (its sidecar and four plots) or a yield-probe table (its plot: a probe on
             * a pair of DoFs, whose header has the pair's columns, its section) */
            int record = strncmp(head, "step\t", 5) == 0;
            records += record;
            const char *record_files[5] = {".meta", "-energy.png", "-force_displacement.png",
                                           "-force_path.png", "-stress_path.png"};
            const char *probe_files[1] = {"-yield_points.png"}, *pair_files[1] = {"-section.png"};
            const char *const *suffixes = record                     ? record_files
                                          : strstr(head, "\tdofI\t") ? pair_files
                                                                     : probe_files;
            for (int i = 0; i < (record ? 5 : 1); i++) {
                struct stat st;
                snprintf(path, sizeof path, "%s/%.*s%s", dir, (int)(fl - 4), f->d_name,
                         suffixes[i]);
                CHECK_MSG(stat(path, &st) == 0 && st.st_size > (record && i == 0 ? 100 : 1000),
                          "%s: missing or empty %s", e->d_name, path);
            }
        }
        if (records)
            CHECK_MSG(strstr(r.out, "stiffness rule ") &&
                          (strstr(r.out, "kn = ") || strstr(r.out, "which has no kn parameter")),
                      "%s: no stiffness in the summary", e->d_name);
        if (od) closedir(od);
        CHECK_MSG(tables > 0, "%s wrote no table", e->d_name);
        remove_tree(dir);
    }
    closedir(d);
    CHECK_MSG(scripts >= 4, "only %d stage files found", scripts);
}

/* The sidecar of the capsule example: the rule, the conventions and Woo's printed kn (to its
 * 10 printed digits) for the contact formed; the TSV header is the documented one, unchanged
 * by the new shapes. */
static void test_meta_sidecar(void)
{
    char *dir = make_tmpdir();
    char args[512], path[512], buf[128];
    snprintf(args, sizeof args, "run stages/woo_capsule_sphere.lua -o %s -q", dir);
    result r;
    run(&r, args);
    CHECK_MSG(r.status == 0, "status %d: %s", r.status, r.err);
    static char meta[1 << 16], tsv[1 << 16];
    snprintf(path, sizeof path, "%s/woo-capsule-sphere-woo-code.meta", dir);
    slurp(path, meta, sizeof meta);
    CHECK_MSG(meta[0] == '#', "first line is a comment: %.80s", meta);
    CHECK(meta_value(meta, "A.shape", buf, sizeof buf) && strcmp(buf, "capsule") == 0);
    CHECK(meta_value(meta, "B.shape", buf, sizeof buf) && strcmp(buf, "sphere") == 0);
    CHECK(meta_value(meta, "stiffness.rule", buf, sizeof buf) && strcmp(buf, "connector") == 0);
    CHECK(meta_value(meta, "stiffness.area", buf, sizeof buf) && strcmp(buf, "radii") == 0);
    CHECK(meta_value(meta, "stiffness.lengths", buf, sizeof buf) && strcmp(buf, "reduced") == 0);
    CHECK(meta_value(meta, "contacts", buf, sizeof buf) && strcmp(buf, "1") == 0);
    CHECK(meta_value(meta, "contact.1.step", buf, sizeof buf) && strcmp(buf, "0") == 0);
    double kn = meta_value(meta, "contact.1.kn", buf, sizeof buf) ? strtod(buf, NULL) : 0;
    CHECK_REL(kn, 1350254.7221732636, 1e-10, "Woo's printed kn in the sidecar (>= 10 digits)");
    double l1 = meta_value(meta, "contact.1.l1", buf, sizeof buf) ? strtod(buf, NULL) : 0;
    CHECK_REL(l1, 0.1995, 1e-14, "capsule length r - 0.0005");
    snprintf(path, sizeof path, "%s/woo-capsule-sphere-woo-code.tsv", dir);
    slurp(path, tsv, sizeof tsv);
    const char *header =
        "step\ttime\tstage\tcontact\tux\tuy\tuz\tphix\tphiy\tphiz\tvx\tvy\tvz\twx\twy\twz\t"
        "Fx\tFy\tFz\tTx\tTy\tTz\tkn\tkt\telast\tplast\twork\tkin\tdamp\tbrk\tbalance_"
        "err\tform\tunbooked\n";
    CHECK_MSG(strncmp(tsv, header, strlen(header)) == 0, "header: %.300s", tsv);
    remove_tree(dir);
}

/* `lawtester verify` is part of the test suite: every law passes.  Its run time (docs/verify.md:
 * under a
 * minute here; about 1 s) is printed, not asserted: timings belong to the benchmark, and the same
 * test runs under valgrind, where it takes over a minute. */
static void test_verify_passes(void)
{
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    result r;
    run(&r, "verify");
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double seconds = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
    CHECK_MSG(r.status == 0, "verify exit status %d; failed rows:\n%s", r.status, r.out);
    CHECK(strncmp(r.out, "law ", 4) == 0);
    const char *last = strstr(r.out, "\nverify: ");
    CHECK_MSG(last && strstr(last, " 0 failed"), "summary: %s", last ? last : "(none)");
    printf("     (lawtester verify: %.2f s)\n", seconds);
}

static void test_verify_bad_arguments(void)
{
    result r;
    run(&r, "verify --law hookean");
    CHECK(r.status == 2 && strstr(r.err, "verify: no law called 'hookean'"));
    run(&r, "verify --law linear --case nope");
    CHECK(r.status == 2 && strstr(r.err, "no case called 'nope' for law linear"));
    run(&r, "verify --frobnicate");
    CHECK(r.status == 2 && strstr(r.err, "unknown argument '--frobnicate'"));
    run(&r, "verify --plot");
    CHECK(r.status == 2 && strstr(r.err, "--plot needs a value"));
}

/* `predictor`: the summary says which way each imposed step found its frame; with predictor =
 * false every one takes the trial passes. */
static void test_predictor_key(void)
{
    char *dir = make_tmpdir();
    char path[300], args[400];
    const char *body =
        "return { name = 'p', law = 'linear', params = { kn = 1e6, kt = 5e5, tanPhi = 0.5 },\n"
        "  predictor = %s, record = false,\n"
        "  stages = { { whats = 'vv....', values = {-1, 1, 0,0,0,0}, till = 'stage.step >= 100' } "
        "} }\n";
    const char *values[2] = {"true", "false"};
    for (int i = 0; i < 2; i++) {
        snprintf(path, sizeof path, "%s/p.lua", dir);
        FILE *f = fopen(path, "w");
        CHECK(f != NULL);
        if (!f) break;
        fprintf(f, body, values[i]);
        fclose(f);
        snprintf(args, sizeof args, "run %s", path);
        result r;
        run(&r, args);
        CHECK_MSG(r.status == 0, "%s", r.err);
        /* 100 steps and the closing one: the stage's first two take the passes either way */
        const char *want = i == 0 ? "predicted on 99 steps, trial passes on 2"
                                  : "predicted on 0 steps, trial passes on 101";
        CHECK_MSG(strstr(r.out, want), "predictor = %s: %s", values[i], r.out);
    }
    remove_tree(dir);
}

/* The incidence sweep takes its law from an impact case that dissipates where the law has one,
 * so that its `visc` row checks something (hertz_mindlin's first impact case is elastic). */
static void test_verify_oblique_takes_a_damped_case(void)
{
    result r;
    run(&r, "verify --law hertz_mindlin --case generic-oblique");
    CHECK_MSG(r.status == 0, "status %d: %s", r.status, r.err);
    CHECK_MSG(strstr(r.out, "KE gain (") && strstr(r.out, "; tsuji-v1e-3)") &&
                  strstr(r.out, "visc decrease"),
              "sweep rows: %s", r.out);
    run(&r, "verify --law linear --case generic-oblique");
    CHECK_MSG(r.status == 0 && strstr(r.out, "; impact)"),
              "linear (no dashpot: its first impact case): %s", r.out);
}

/* --plot DIR: the record, the closed-form curve and the overlay of each case */
static void test_verify_plot(void)
{
    char *dir = make_tmpdir();
    char args[512], path[300];
    snprintf(args, sizeof args, "verify --law hertz_mindlin --case tsuji-clip-v1 --plot %s", dir);
    result r;
    run(&r, args);
    CHECK_MSG(r.status == 0, "status %d: %s %s", r.status, r.err, r.out);
    CHECK(count_files(dir) == 3);
    struct stat st = {0}; /* zeros in the messages when a file is missing */
    snprintf(path, sizeof path, "%s/hertz_mindlin-tsuji-clip-v1.png", dir);
    CHECK_MSG(stat(path, &st) == 0 && st.st_size > 1000, "missing or empty %s", path);
    char head[64];
    snprintf(path, sizeof path, "%s/hertz_mindlin-tsuji-clip-v1-analytic.tsv", dir);
    slurp(path, head, sizeof head);
    CHECK_MSG(strncmp(head, "ux\tFx\n", 6) == 0, "analytic header: %s", head);
    /* every file with the mode of a new file (a temporary file's 0600 would show) */
    mode_t mask = umask(0);
    umask(mask);
    const char *names[] = {"hertz_mindlin-tsuji-clip-v1-analytic.tsv",
                           "hertz_mindlin-tsuji-clip-v1.tsv"};
    for (int i = 0; i < 2; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        CHECK_MSG(stat(path, &st) == 0 && (st.st_mode & 0777) == (0666 & ~mask), "%s: mode %o",
                  names[i], (unsigned)(st.st_mode & 0777));
    }
    snprintf(path, sizeof path, "%s/hertz_mindlin-tsuji-clip-v1.tsv", dir);
    slurp(path, head, sizeof head);
    CHECK(strncmp(head, "step\ttime\tstage", 15) == 0);
    remove_tree(dir);
    run(&r, "verify --law linear --case impact --plot README.md/dir");
    CHECK_MSG(r.status == 2 && count_lines(r.err) == 1 &&
                  strstr(r.err, "verify: cannot create directory 'README.md' (for "
                                "'README.md/dir'): Not a directory"),
              "%d: %s", r.status, r.err);
}

/* The summary prints the stiffness rule's kn and kt only for a law that can take them (one with
 * a kn parameter): hertz_mindlin takes its stiffness from the materials and the curvature. */
static void test_summary_names_only_the_stiffness_a_law_uses(void)
{
    char *dir = make_tmpdir(), path[300], args[400];
    snprintf(path, sizeof path, "%s/hz.lua", dir);
    FILE *f = fopen(path, "w");
    if (!f) return;
    fputs(
        "return { law = 'hertz_mindlin', materials = { m = { young = 7e10, poisson = 0.25, density "
        "= 2600 } },\n"
        "  particles = { { radius = 0.01, material = 'm' }, { radius = 0.01, material = 'm' } },\n"
        "  stages = { { whats = 'v.....', values = {-0.01, 0,0,0,0,0}, till = 'C and C.uN < -1e-7' "
        "} } }\n",
        f);
    fclose(f);
    result r;
    snprintf(args, sizeof args, "run %s", path);
    run(&r, args);
    CHECK_MSG(
        r.status == 0 &&
            strstr(r.out, "(its kn, kt: not used by hertz_mindlin, which has no kn parameter)") &&
            !strstr(r.out, "kn = 3"),
        "status %d: %.600s", r.status, r.out);
    run(&r, "run stages/compress_shear_unload.lua");
    CHECK(r.status == 0 &&
          strstr(r.out, "stiffness rule connector (area radii, lengths raw): kn = "));
    remove_tree(dir);
}

const test_case cli_tests[] = {
    TEST(summary_names_only_the_stiffness_a_law_uses),
    TEST(shipped_stage_files_balance),
    TEST(verify_oblique_takes_a_damped_case),
    TEST(predictor_key),
    TEST(energy_study_table),
    TEST(verify_passes),
    TEST(verify_bad_arguments),
    TEST(verify_plot),
    TEST(unsafe_lifts_sandbox),
    TEST(bytecode_refused),
    TEST(missing_script),
    TEST(bad_command_line),
    TEST(unknown_options_refused),
    TEST(option_given_twice_refused),
    TEST(long_paths_keep_the_reason),
    TEST(control_characters_quoted),
    TEST(failed_run_keeps_earlier_result),
    TEST(laws_lists_linear),
    TEST(demo_table_and_plots),
    TEST(stage_files_run_and_plot),
    TEST(meta_sidecar),
    {0, 0},
};
