/* tests/test_plugin.c - laws from shared objects and the installed SDK (docs/plugins.md), as a
 * DEM developer meets them: `make install` into a temporary prefix, the two examples of
 * examples/plugin/ built out of the tree against it with pkg-config only, loaded with
 * --law-lib into `lawtester laws`, `verify` and `run`; the shared objects of tests/plugins/
 * that break one rule each, refused in one line with exit status 2 before anything runs;
 * the installed program finding its plot scripts from another directory; `make uninstall`.
 *
 * The lawtester under test is $LAWTESTER (tests/cli.h: a sanitizer or valgrind build too); the
 * installed copy is the plain ./lawtester that `make install` builds.  The fixture is built once
 * (a few seconds: the install, two compilers, the bad objects) and removed at exit. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "cli.h"
#include <dirent.h>
#include <lawtester/law.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define STAGE "stages/compress_shear_unload.lua"
#define STAGE_NAME "compress-shear-unload"
/* make with the environment of a plain shell: the runner may itself run under `make test`,
 * whose jobserver and level must not reach the inner make */
#define MAKE "env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make --no-print-directory -s"

/* What the fixture made; ok is 0 if a step failed (each test then fails on its own check). */
static struct {
    int made, ok;
    char dir[64];      /* the temporary directory of everything */
    char prefix[128];  /* DIR/prefix: make install PREFIX=... */
    char pc_path[160]; /* PREFIX/lib/pkgconfig */
    char c_so[160];    /* DIR/c/plugin_linear.so (examples/plugin/c, built there) */
    char cxx_so[160];  /* DIR/cxx/coulomb_spring.so (examples/plugin/cxx) */
    char log[4096];    /* why a step failed */
} fx;

static void cleanup(void)
{
    if (fx.made) remove_tree(fx.dir);
}

static int is_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* Run a shell command, its output appended to fx.log on failure; 0 on success. */
static int sh(const char *cmd)
{
    char full[4096], out[128];
    snprintf(out, sizeof out, "%s/sh.log", fx.dir);
    snprintf(full, sizeof full, "(%s) >'%s' 2>&1", cmd, out);
    int st = system(full);
    if (st != 0) {
        char text[2048];
        slurp(out, text, sizeof text);
        size_t n = strlen(fx.log);
        snprintf(fx.log + n, sizeof fx.log - n, "`%s` failed: %s\n", cmd, text);
    }
    remove(out);
    return st == 0 ? 0 : -1;
}

/* The shared object of tests/plugins/NAME.c, compiled into the fixture's directory. */
static const char *bad_so(const char *name)
{
    static char path[200];
    snprintf(path, sizeof path, "%s/%s.so", fx.dir, name);
    return path;
}

static void fixture(void)
{
    if (fx.made) return;
    fx.made = 1;
    snprintf(fx.dir, sizeof fx.dir, "%s", make_tmpdir());
    atexit(cleanup);
    snprintf(fx.prefix, sizeof fx.prefix, "%s/prefix", fx.dir);
    snprintf(fx.pc_path, sizeof fx.pc_path, "%s/lib/pkgconfig", fx.prefix);
    snprintf(fx.c_so, sizeof fx.c_so, "%s/c/plugin_linear.so", fx.dir);
    snprintf(fx.cxx_so, sizeof fx.cxx_so, "%s/cxx/coulomb_spring.so", fx.dir);
    char cmd[2048];
    int ok = 1;
    snprintf(cmd, sizeof cmd, MAKE " install PREFIX='%s'", fx.prefix);
    ok &= sh(cmd) == 0;
    /* out of the tree, as a user builds them: a copy of each example, pkg-config only */
    snprintf(cmd, sizeof cmd,
             "cp -r examples/plugin/c examples/plugin/cxx '%s'/ && " MAKE
             " -C '%s/c' PKG_CONFIG_PATH='%s' && " MAKE " -C '%s/cxx' PKG_CONFIG_PATH='%s'",
             fx.dir, fx.dir, fx.pc_path, fx.dir, fx.pc_path);
    ok &= sh(cmd) == 0;
    static const char *const bad[] = {
        "bad_api",      "bad_nstate",      "no_symbol",        "clash",           "empty",
        "api1",         "exports_structs", "exports_function", "exports_no_null", "exports_strings",
        "name_newline", "exports_bytes"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        snprintf(cmd, sizeof cmd, "cc -shared -fPIC -o '%s' tests/plugins/%s.c", bad_so(bad[i]),
                 bad[i]);
        ok &= sh(cmd) == 0;
    }
    fx.ok = ok;
}

#define NEED_FIXTURE()                           \
    do {                                         \
        fixture();                               \
        CHECK_MSG(fx.ok, "fixture: %s", fx.log); \
        if (!fx.ok) return;                      \
    } while (0)

/* ---- the install --------------------------------------------------------------------------- */

static const char *const installed[] = {"bin/lawtester", "include/lawtester/law.h",
                                        "lib/pkgconfig/lawtester.pc", "share/man/man1/lawtester.1"};

/* Every file under the tree's directory rel (plots, at any depth) is installed under
 * PREFIX/share/lawtester/rel, unchanged; the number of files checked added to *n. */
static void check_installed_tree(const char *rel, int *n)
{
    DIR *d = opendir(rel);
    CHECK_MSG(d != NULL, "cannot read %s", rel);
    if (!d) return;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.') continue;
        char src[512], dst[800], cmd[1600];
        snprintf(src, sizeof src, "%s/%s", rel, e->d_name);
        struct stat st;
        if (stat(src, &st) == 0 && S_ISDIR(st.st_mode)) {
            check_installed_tree(src, n);
            continue;
        }
        snprintf(dst, sizeof dst, "%s/share/lawtester/%s", fx.prefix, src);
        snprintf(cmd, sizeof cmd, "cmp '%s' '%s'", src, dst);
        CHECK_MSG(is_file(dst) && sh(cmd) == 0, "%s not installed as %s", src, dst);
        ++*n;
    }
    closedir(d);
}

static void test_install_layout(void)
{
    NEED_FIXTURE();
    char path[300], cmd[4096];
    for (size_t i = 0; i < sizeof installed / sizeof installed[0]; i++) {
        snprintf(path, sizeof path, "%s/%s", fx.prefix, installed[i]);
        CHECK_MSG(is_file(path), "not installed: %s", path);
    }
    /* the plot scripts: every file of plots/, walked here, not a list that falls behind it */
    int plots = 0;
    check_installed_tree("plots", &plots);
    CHECK_MSG(plots >= 3, "only %d files under plots/", plots);
    /* the header is the tree's, unchanged, and compiles alone as C and as C++ */
    snprintf(cmd, sizeof cmd, "cmp include/lawtester/law.h '%s/include/lawtester/law.h'",
             fx.prefix);
    CHECK_MSG(sh(cmd) == 0, "%s", fx.log);
    snprintf(cmd, sizeof cmd,
             "printf '#include <lawtester/law.h>\\nint lt_probe_api = LT_LAW_API_VERSION;\\n' "
             ">'%s/inc.c' && "
             "cc -std=c17 -Wall -Wextra -pedantic -Werror -c $(PKG_CONFIG_PATH='%s' pkg-config "
             "--cflags lawtester) "
             "-o '%s/inc.o' '%s/inc.c' && "
             "c++ -std=c++17 -Wall -Wextra -pedantic -Werror -x c++ -c $(PKG_CONFIG_PATH='%s' "
             "pkg-config --cflags lawtester) "
             "-o '%s/inc.o' '%s/inc.c'",
             fx.dir, fx.pc_path, fx.dir, fx.dir, fx.pc_path, fx.dir, fx.dir);
    CHECK_MSG(sh(cmd) == 0, "%s", fx.log);
    /* pkg-config: the include flag of the prefix, the version and the law API of the tree */
    snprintf(cmd, sizeof cmd,
             "test \"$(echo $(PKG_CONFIG_PATH='%s' pkg-config --cflags lawtester))\" = "
             "'-I%s/include' && "
             "test \"$(PKG_CONFIG_PATH='%s' pkg-config --variable=lawapi lawtester)\" = "
             "\"$(sed -n 's/^#define LT_LAW_API_VERSION //p' include/lawtester/law.h)\" && "
             "test \"$(PKG_CONFIG_PATH='%s' pkg-config --modversion lawtester)\" = "
             "\"$('%s/bin/lawtester' version | cut -d' ' -f2)\"",
             fx.pc_path, fx.prefix, fx.pc_path, fx.pc_path, fx.prefix);
    CHECK_MSG(sh(cmd) == 0, "%s", fx.log);
    /* the man page is of this version, renders without a warning, names every command and option */
    snprintf(cmd, sizeof cmd,
             "grep -q \"^\\.TH LAWTESTER 1 .* \\\"lawtester $('%s/bin/lawtester' version | cut -d' "
             "' -f2)\\\"\" "
             "'%s/share/man/man1/lawtester.1'",
             fx.prefix, fx.prefix);
    CHECK_MSG(sh(cmd) == 0, "the man page's .TH line does not carry the program's version: %s",
              fx.log);
    char text[65536], warn[64];
    snprintf(cmd, sizeof cmd,
             "MANWIDTH=100 man --warnings -l '%s/share/man/man1/lawtester.1' >'%s/man.txt' "
             "2>'%s/man.err'",
             fx.prefix, fx.dir, fx.dir);
    CHECK_MSG(sh(cmd) == 0, "%s", fx.log);
    snprintf(path, sizeof path, "%s/man.err", fx.dir);
    slurp(path, warn, sizeof warn);
    CHECK_MSG(!*warn, "man warns: %s", warn);
    snprintf(path, sizeof path, "%s/man.txt", fx.dir);
    slurp(path, text, sizeof text);
    static const char *const words[] = {"run FILE.lua",
                                        "merge OUT.tsv",
                                        "laws",
                                        "verify",
                                        "version",
                                        "-o DIR",
                                        "--plot",
                                        "--unsafe",
                                        "-q",
                                        "--shard K/N",
                                        "--max-instructions N",
                                        "--max-memory MB",
                                        "--law NAME",
                                        "--case NAME",
                                        "--plot DIR",
                                        "-v",
                                        "--law-lib FILE.so",
                                        "EXIT STATUS",
                                        "FILES",
                                        "EXAMPLES",
                                        "LAWTESTER_PLOTS",
                                        "share/lawtester/plots"};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        CHECK_MSG(strstr(text, words[i]), "the man page lacks '%s'", words[i]);
}

/* The installed program, run from another directory, finds its plot scripts under
 * PREFIX/share/lawtester/plots (not the source tree's, not $LAWTESTER_PLOTS) and renders them. */
static void test_installed_program_plots(void)
{
    NEED_FIXTURE();
    char cmd[2048], path[300];
    snprintf(
        cmd, sizeof cmd,
        "mkdir '%s/elsewhere' '%s/elsewhere/out' && cp " STAGE
        " '%s/elsewhere/' && cd '%s/elsewhere' && "
        "env -u LAWTESTER_PLOTS '%s/bin/lawtester' run compress_shear_unload.lua -o out --plot -q",
        fx.dir, fx.dir, fx.dir, fx.dir, fx.prefix);
    CHECK_MSG(sh(cmd) == 0, "%s", fx.log);
    static const char *const pngs[] = {"force_path", "force_displacement", "energy", "stress_path"};
    for (size_t i = 0; i < sizeof pngs / sizeof pngs[0]; i++) {
        snprintf(path, sizeof path, "%s/elsewhere/out/" STAGE_NAME "-%s.png", fx.dir, pngs[i]);
        CHECK_MSG(is_file(path), "no plot %s", path);
    }
    /* the probes on other pairs of DoFs too (plots/probe_pair) */
    snprintf(cmd, sizeof cmd,
             "cp stages/probe_pairs.lua '%s/elsewhere/' && cd '%s/elsewhere' && "
             "env -u LAWTESTER_PLOTS '%s/bin/lawtester' run probe_pairs.lua -o out --plot -q",
             fx.dir, fx.dir, fx.prefix);
    CHECK_MSG(sh(cmd) == 0, "%s", fx.log);
    snprintf(path, sizeof path, "%s/elsewhere/out/cohesive-shear-twist-section.png", fx.dir);
    CHECK_MSG(is_file(path), "no plot %s", path);
    /* and it is that directory it uses: without it, --plot is refused before the run */
    snprintf(cmd, sizeof cmd,
             "mv '%s/share/lawtester/plots' '%s/plots.away' && cd '%s/elsewhere' && rm -f out/* && "
             "env -u LAWTESTER_PLOTS '%s/bin/lawtester' run compress_shear_unload.lua -o out "
             "--plot -q; st=$?; "
             "mv '%s/plots.away' '%s/share/lawtester/plots'; test $st = 2 && test -z \"$(ls out)\"",
             fx.prefix, fx.dir, fx.dir, fx.prefix, fx.dir, fx.prefix);
    CHECK_MSG(sh(cmd) == 0, "%s", fx.log);
}

/* ---- the examples, loaded -------------------------------------------------------------------- */

static void test_laws_lists_plugins(void)
{
    NEED_FIXTURE();
    char args[600], want[300];
    snprintf(args, sizeof args, "laws --law-lib '%s' --law-lib '%s'", fx.c_so, fx.cxx_so);
    result r;
    run(&r, args);
    CHECK_MSG(r.status == 0 && !*r.err, "status %d: %s", r.status, r.err);
    snprintf(want, sizeof want, "\nplugin_linear - linear Cundall contact from a shared object");
    CHECK_MSG(strstr(r.out, want), "no plugin_linear in: %.300s", r.out);
    snprintf(want, sizeof want, "  from: %s (law API %d)\n", fx.c_so, LT_LAW_API_VERSION);
    CHECK_MSG(strstr(r.out, want), "no '%s'", want);
    snprintf(want, sizeof want, "  from: %s (law API %d)\n", fx.cxx_so, LT_LAW_API_VERSION);
    CHECK_MSG(strstr(r.out, want), "no '%s'", want);
    CHECK(strstr(r.out, "\ncxx_coulomb_spring - linear spring with Coulomb friction"));
    CHECK(strstr(r.out, "  verify cases: normal-load cycle-y cycle-z\n"));
    /* built-ins first, without an origin; the plugins after them, in the order given */
    const char *lin = strstr(r.out, "linear - "), *pl = strstr(r.out, "plugin_linear - "),
               *cx = strstr(r.out, "cxx_coulomb");
    CHECK(lin == r.out && pl && cx && pl < cx);
    const char *first_origin = strstr(r.out, "  from: ");
    CHECK(pl && first_origin > pl);
}

/* verify on a plugin: the generic checks and the law's own cases, all passing. */
static void verify_plugin(const char *so, const char *law, const char *const *cases, int n_cases)
{
    char args[600];
    snprintf(args, sizeof args, "verify --law-lib '%s' --law %s", so, law);
    result r;
    run(&r, args);
    CHECK_MSG(r.status == 0, "%s: status %d: %s %.2000s", law, r.status, r.err, r.out);
    char want[200];
    snprintf(want, sizeof want, " law cases (plus the generic checks), 0 failed");
    CHECK_MSG(strstr(r.out, want), "%s: %.2000s", law, r.out);
    snprintf(want, sizeof want, "in %d law cases", n_cases);
    CHECK_MSG(strstr(r.out, want), "%s: not %d cases: %.2000s", law, n_cases, r.out);
    static const char *const generic[] = {"generic-touch", "generic-path", "generic-objectivity"};
    for (int i = 0; i < 3; i++)
        CHECK_MSG(strstr(r.out, generic[i]), "%s: no %s rows", law, generic[i]);
    for (int i = 0; i < n_cases; i++) {
        snprintf(want, sizeof want, " %s ", cases[i]);
        CHECK_MSG(strstr(r.out, want), "%s: no rows of case %s", law, cases[i]);
    }
    CHECK_MSG(!strstr(r.out, "FAIL"), "%s: a row failed", law);
}

static void test_verify_c_plugin(void)
{
    NEED_FIXTURE();
    static const char *const cases[] = {"normal-load", "shear-cycle", "closed-loop", "impact"};
    verify_plugin(fx.c_so, "plugin_linear", cases, 4);
}

static void test_verify_cxx_plugin(void)
{
    NEED_FIXTURE();
    static const char *const cases[] = {"normal-load", "cycle-y", "cycle-z"};
    verify_plugin(fx.cxx_so, "cxx_coulomb_spring", cases, 3);
}

/* A TSV table: its header line and its rows of numbers (at most MAX_ROWS). */
#define MAX_ROWS 2000
#define MAX_COLS 40
typedef struct table {
    char header[1024];
    int rows, cols;
    double v[MAX_ROWS][MAX_COLS];
} table;

static int read_table(const char *path, table *t)
{
    FILE *f = fopen(path, "r");
    if (!f || !fgets(t->header, sizeof t->header, f)) {
        if (f) fclose(f);
        return -1;
    }
    t->cols = 1;
    for (const char *c = t->header; *c; c++) t->cols += *c == '\t';
    t->rows = 0;
    char line[4096];
    while (t->rows < MAX_ROWS && t->cols <= MAX_COLS && fgets(line, sizeof line, f)) {
        char *p = line;
        for (int j = 0; j < t->cols; j++) t->v[t->rows][j] = strtod(p, &p);
        t->rows++;
    }
    fclose(f);
    return t->cols <= MAX_COLS ? 0 : -1;
}

/* The shipped stage file run with law = "plugin_linear" records what the built-in linear
 * records.  plugin_linear performs the built-in's operations in the same order, so with both
 * compiled without floating-point contraction (ISO C modes, as both Makefiles do) the tables are
 * equal bit for bit; the tolerance still admits a compiler that contracts a*b + c into one
 * fused operation in either build (one rounding less, <= 2^-53 relative, per operation): the
 * tangential force accumulates ~3000 such increments, a random walk of ~3e-15 of its scale,
 * 1e-13 with a margin.  Measured: identical (the test also counts equal values). */
#define TOL_SAME_LAW 1e-13

static table builtin_t, plugin_t; /* large: static */

static void test_run_equals_builtin(void)
{
    NEED_FIXTURE();
    char cmd[1024], args[1024], path[300];
    snprintf(cmd, sizeof cmd,
             "mkdir -p '%s/run_builtin' '%s/run_plugin' && "
             "sed 's/law = \"linear\"/law = \"plugin_linear\"/' " STAGE " >'%s/csu_plugin.lua' && "
             "grep -q 'law = \"plugin_linear\"' '%s/csu_plugin.lua'",
             fx.dir, fx.dir, fx.dir, fx.dir);
    CHECK_MSG(sh(cmd) == 0, "%s", fx.log);
    result r;
    snprintf(args, sizeof args, "run " STAGE " -o '%s/run_builtin' -q", fx.dir);
    run(&r, args);
    CHECK_MSG(r.status == 0, "built-in: status %d: %s", r.status, r.err);
    snprintf(args, sizeof args, "run '%s/csu_plugin.lua' -o '%s/run_plugin' -q --law-lib '%s'",
             fx.dir, fx.dir, fx.c_so);
    run(&r, args);
    CHECK_MSG(r.status == 0, "plugin: status %d: %s", r.status, r.err);
    snprintf(path, sizeof path, "%s/run_builtin/" STAGE_NAME ".tsv", fx.dir);
    CHECK_MSG(read_table(path, &builtin_t) == 0, "cannot read %s", path);
    snprintf(path, sizeof path, "%s/run_plugin/" STAGE_NAME ".tsv", fx.dir);
    CHECK_MSG(read_table(path, &plugin_t) == 0, "cannot read %s", path);
    CHECK_STR(plugin_t.header, builtin_t.header);
    CHECK_MSG(builtin_t.rows > 400 && plugin_t.rows == builtin_t.rows,
              "rows: built-in %d, plugin %d", builtin_t.rows, plugin_t.rows);
    if (plugin_t.rows != builtin_t.rows || plugin_t.cols != builtin_t.cols) return;
    long equal = 0, total = 0;
    for (int j = 0; j < builtin_t.cols; j++) {
        double scale = 0;
        for (int i = 0; i < builtin_t.rows; i++) scale = fmax(scale, fabs(builtin_t.v[i][j]));
        for (int i = 0; i < builtin_t.rows; i++) {
            double a = builtin_t.v[i][j], b = plugin_t.v[i][j];
            CHECK_MSG(fabs(a - b) <= TOL_SAME_LAW * scale,
                      "row %d column %d: built-in %.17g, plugin %.17g", i + 2, j + 1, a, b);
            equal += a == b;
            total++;
        }
    }
    /* the plastic work the path is about is there: the contact slid */
    const char *plast = strstr(builtin_t.header, "plast");
    int col = 0;
    for (const char *c = builtin_t.header; plast && c < plast; c++) col += *c == '\t';
    CHECK(plast && builtin_t.v[builtin_t.rows - 1][col] > 0);
    printf("     plugin_linear vs linear: %ld of %ld values equal bit for bit\n", equal, total);
}

/* A script names a law; it cannot make lawtester load one: a path is just an unknown name. */
static void test_script_cannot_load_a_library(void)
{
    NEED_FIXTURE();
    char cmd[1024], args[600];
    snprintf(cmd, sizeof cmd, "sed 's|law = \"linear\"|law = \"%s\"|' " STAGE " >'%s/csu_path.lua'",
             fx.c_so, fx.dir);
    CHECK_MSG(sh(cmd) == 0, "%s", fx.log);
    snprintf(args, sizeof args, "run '%s/csu_path.lua' -q", fx.dir);
    result r;
    run(&r, args);
    CHECK_MSG(r.status == 1 && count_lines(r.err) == 1 && strstr(r.err, "unknown law '") &&
                  strstr(r.err, "field law"),
              "status %d: %s", r.status, r.err);
}

/* ---- shared objects that break a rule: one line, exit status 2, nothing runs ----------------- */

/* `laws` and `run` with the bad file: status 2, exactly the line "lawtester: FILE: " + message
 * (message: the whole rest when exact, else a fragment), no output, nothing written. */
static void check_refused(const char *so, const char *message, int exact)
{
    char args[1024], want[1024];
    snprintf(want, sizeof want, "lawtester: %s: %s%s", so, message, exact ? "\n" : "");
    result r;
    snprintf(args, sizeof args, "laws --law-lib '%s'", so);
    run(&r, args);
    CHECK_MSG(r.status == 2, "%s: laws: status %d", so, r.status);
    CHECK_MSG(count_lines(r.err) == 1 &&
                  (exact ? strcmp(r.err, want) == 0 : strncmp(r.err, want, strlen(want)) == 0),
              "%s: laws: stderr '%s', expected '%s'", so, r.err, want);
    CHECK_MSG(!*r.out, "%s: laws printed: %.200s", so, r.out);
    char *out = make_tmpdir();
    snprintf(args, sizeof args, "run " STAGE " -o '%s' --law-lib '%s'", out, so);
    run(&r, args);
    CHECK_MSG(r.status == 2 && count_lines(r.err) == 1 && strncmp(r.err, want, strlen(want)) == 0,
              "%s: run: status %d: %s", so, r.status, r.err);
    CHECK_MSG(count_files(out) == 0 && !*r.out, "%s: run wrote something", so);
    remove_tree(out);
    snprintf(args, sizeof args, "verify --law linear --law-lib '%s'", so);
    run(&r, args);
    CHECK_MSG(r.status == 2 && count_lines(r.err) == 1 && !*r.out, "%s: verify: status %d: %s", so,
              r.status, r.err);
}

static void test_refuses_unknown_api_version(void)
{
    NEED_FIXTURE();
    char want[200];
    snprintf(want, sizeof want,
             "law 'future_law': API version 9 is not one this lawtester reads (1 to %d): rebuild "
             "it against this lawtester's <lawtester/law.h>",
             LT_LAW_API_VERSION);
    check_refused(bad_so("bad_api"), want, 1);
}

static void test_refuses_malformed_descriptor(void)
{
    NEED_FIXTURE();
    check_refused(bad_so("bad_nstate"),
                  "law 'big_state': 600 state variables (0 to LT_MAX_STATE = 512)", 1);
}

static void test_refuses_missing_symbol(void)
{
    NEED_FIXTURE();
    check_refused(bad_so("no_symbol"), "exports no 'lt_plugin_laws' (a NULL-terminated array", 0);
}

static void test_refuses_empty_list(void)
{
    NEED_FIXTURE();
    check_refused(bad_so("empty"), "'lt_plugin_laws' is empty (no law before its NULL end)", 1);
}

/* A name taken by a built-in law; the file's first law (well-formed) does not stay either. */
static void test_refuses_name_of_a_builtin(void)
{
    NEED_FIXTURE();
    check_refused(bad_so("clash"), "law 'linear': the name is taken by a built-in law", 1);
}

/* lt_plugin_laws declared as something else than a NULL-terminated array of pointers to
 * descriptors: refused from the ELF symbol (its type, its size) or from the words of the array
 * (no pointer into readable memory of a descriptor's size), before any descriptor is read. */
static void test_refuses_an_array_of_structs(void)
{
    NEED_FIXTURE();
    char want[600]; /* the first "pointer" is the first law's api_version */
    snprintf(want, sizeof want,
             "'lt_plugin_laws' entry 1 (0x%x) is not the address of a law descriptor: it points to "
             "no readable "
             "memory of a descriptor's size (an array of lt_law structs or of names? declare it "
             "const lt_law "
             "*const lt_plugin_laws[] = {&law, NULL}; docs/plugins.md)",
             LT_LAW_API_VERSION);
    check_refused(bad_so("exports_structs"), want, 1);
}

static void test_refuses_an_array_of_names(void)
{
    NEED_FIXTURE();
    /* the entry's address varies; the word read as its api_version is "hook", little-endian */
    check_refused(bad_so("exports_strings"), "'lt_plugin_laws' entry 1 (0x", 0);
    result r;
    char args[600];
    snprintf(args, sizeof args, "laws --law-lib '%s'", bad_so("exports_strings"));
    run(&r, args);
    CHECK_MSG(strstr(r.err, ") is not the address of a law descriptor: ") &&
                  strstr(r.err, "(an array of lt_law structs or of names?"),
              "%s", r.err);
}

static void test_refuses_a_function(void)
{
    NEED_FIXTURE();
    check_refused(
        bad_so("exports_function"),
        "'lt_plugin_laws' is a function, not an array of pointers (declare it const lt_law *const "
        "lt_plugin_laws[] = {&law, NULL}; docs/plugins.md)",
        1);
}

static void test_refuses_a_size_of_no_whole_pointers(void)
{
    NEED_FIXTURE();
    char want[300];
    snprintf(want, sizeof want,
             "'lt_plugin_laws' is 12 bytes, not a whole number of pointers (%zu bytes each): is it "
             "an array of "
             "lt_law structs? (declare it const lt_law *const lt_plugin_laws[] = {&law, NULL}; "
             "docs/plugins.md)",
             sizeof(void *));
    check_refused(bad_so("exports_bytes"), want, 1);
}

/* The symbol's size says where the array ends: no word past it is read as a pointer. */
static void test_refuses_an_array_without_its_null_end(void)
{
    NEED_FIXTURE();
    check_refused(
        bad_so("exports_no_null"),
        "'lt_plugin_laws' has no NULL end within its 1 entry (declare it const lt_law *const "
        "lt_plugin_laws[] = {&law, NULL}; docs/plugins.md)",
        1);
}

/* One file given twice, by the same path or by another (a symbolic link, a hard link: the same
 * device and inode), is loaded once; a copy is another file, whose law clashes with the first's. */
static void test_loads_a_file_given_twice_once(void)
{
    NEED_FIXTURE();
    char cmd[1024], args[2048], want[1024], link[200], hard[200], copy[200];
    snprintf(link, sizeof link, "%s/c/link.so", fx.dir);
    snprintf(hard, sizeof hard, "%s/hard.so", fx.dir);
    snprintf(copy, sizeof copy, "%s/copy.so", fx.dir);
    snprintf(cmd, sizeof cmd, "ln -sf plugin_linear.so '%s' && ln -f '%s' '%s' && cp '%s' '%s'",
             link, fx.c_so, hard, fx.c_so, copy);
    CHECK_MSG(sh(cmd) == 0, "%s", fx.log);
    result r;
    snprintf(args, sizeof args, "laws --law-lib '%s' --law-lib '%s' --law-lib '%s' --law-lib '%s'",
             fx.c_so, fx.c_so, link, hard);
    run(&r, args);
    CHECK_MSG(r.status == 0 && !*r.err, "status %d: %s", r.status, r.err);
    const char *first = strstr(r.out, "\nplugin_linear - ");
    CHECK_MSG(first && !strstr(first + 1, "\nplugin_linear - "), "plugin_linear listed %s",
              first ? "twice" : "never");
    snprintf(want, sizeof want, "  from: %s (law API %d)\n", fx.c_so, LT_LAW_API_VERSION);
    CHECK_MSG(strstr(r.out, want), "no '%s'", want);
    snprintf(args, sizeof args,
             "verify --law-lib '%s' --law-lib '%s' --law plugin_linear --case normal-load", link,
             fx.c_so);
    run(&r, args);
    CHECK_MSG(r.status == 0 && strstr(r.out, ", 0 failed,"), "status %d: %s", r.status, r.err);
    snprintf(args, sizeof args, "laws --law-lib '%s' --law-lib '%s'", fx.c_so, copy);
    snprintf(want, sizeof want,
             "lawtester: %s: law 'plugin_linear': the name is taken by the law from %s\n", copy,
             fx.c_so);
    run(&r, args);
    CHECK_MSG(r.status == 2 && strcmp(r.err, want) == 0 && !*r.out, "status %d: %s", r.status,
              r.err);
}

/* Control characters in a path or in a name from the object are escaped, and a long path is
 * shortened in its middle: every refusal stays one line, its reason on it. */
static void test_refusals_stay_on_one_line(void)
{
    NEED_FIXTURE();
    char cmd[2048], args[2048], nl[200], nl_good[200], deep[600];
    snprintf(nl, sizeof nl, "%s/new\nline.so", fx.dir);
    snprintf(nl_good, sizeof nl_good, "%s/good\nline.so", fx.dir);
    snprintf(cmd, sizeof cmd, "cp '%s' '%s' && cp '%s' '%s'", bad_so("exports_structs"), nl,
             fx.c_so, nl_good);
    CHECK_MSG(sh(cmd) == 0, "%s", fx.log);
    result r;
    char want[600];
    snprintf(args, sizeof args, "laws --law-lib '%s'", nl);
    run(&r, args);
    snprintf(want, sizeof want,
             "lawtester: %s/new\\nline.so: 'lt_plugin_laws' entry 1 (0x%x) is not the address",
             fx.dir, LT_LAW_API_VERSION);
    CHECK_MSG(r.status == 2 && count_lines(r.err) == 1 && strncmp(r.err, want, strlen(want)) == 0,
              "status %d: %s", r.status, r.err);
    /* a good object there loads; the listing names it on one line, and so does a clash with it */
    snprintf(args, sizeof args, "laws --law-lib '%s'", nl_good);
    run(&r, args);
    snprintf(want, sizeof want, "\n  from: %s/good\\nline.so (law API %d)\n", fx.dir,
             LT_LAW_API_VERSION);
    CHECK_MSG(r.status == 0 && strstr(r.out, want), "status %d: %s", r.status, r.err);
    snprintf(args, sizeof args, "laws --law-lib '%s' --law-lib '%s'", nl_good, fx.c_so);
    run(&r, args);
    snprintf(
        want, sizeof want,
        "lawtester: %s: law 'plugin_linear': the name is taken by the law from %s/good\\nline.so\n",
        fx.c_so, fx.dir);
    CHECK_MSG(r.status == 2 && strcmp(r.err, want) == 0, "status %d: %s", r.status, r.err);
    /* a name with a newline: escaped */
    snprintf(args, sizeof args, "laws --law-lib '%s'", bad_so("name_newline"));
    run(&r, args);
    snprintf(want, sizeof want,
             "lawtester: %s: law 'two\\nlines': name may hold only letters, digits and '_'\n",
             bad_so("name_newline"));
    CHECK_MSG(r.status == 2 && strcmp(r.err, want) == 0, "status %d: %s", r.status, r.err);
    /* a path of 400 characters: shortened in the middle, its file name and the reason kept */
    int k = snprintf(deep, sizeof deep, "%s", fx.dir);
    for (int i = 0; i < 6; i++) k += snprintf(deep + k, sizeof deep - (size_t)k, "/%060d", i);
    snprintf(cmd, sizeof cmd, "mkdir -p '%s' && cp '%s' '%s/exports_function.so'", deep,
             bad_so("exports_function"), deep);
    CHECK_MSG(sh(cmd) == 0, "%s", fx.log);
    snprintf(args, sizeof args, "laws --law-lib '%s/exports_function.so'", deep);
    run(&r, args);
    const char *end = "...",
               *reason =
                   "/exports_function.so: 'lt_plugin_laws' is a function, not an array of pointers";
    CHECK_MSG(r.status == 2 && count_lines(r.err) == 1 && strstr(r.err, end) &&
                  strstr(r.err, reason) && strlen(r.err) < 300,
              "status %d: %s", r.status, r.err);
}

static void test_refuses_a_file_that_is_not_a_shared_object(void)
{
    NEED_FIXTURE();
    char path[200], cmd[400];
    snprintf(path, sizeof path, "%s/notes.so", fx.dir);
    snprintf(cmd, sizeof cmd,
             "printf 'Not a shared object: a text file named like one, long enough to hold an ELF "
             "header.\\n' >'%s'",
             path);
    CHECK(sh(cmd) == 0);
    check_refused(path, "cannot load it as a shared object: ", 0);
    snprintf(path, sizeof path, "%s/missing.so", fx.dir);
    check_refused(path, "No such file or directory", 1);
    check_refused(fx.dir, "not a regular file (a shared object is expected)", 1);
}

static void test_law_lib_needs_a_file(void)
{
    result r;
    run(&r, "laws --law-lib");
    CHECK_MSG(r.status == 2 &&
                  strcmp(r.err,
                         "lawtester: --law-lib needs a shared object (FILE.so) or a law file "
                         "(FILE.lua)\n") == 0,
              "status %d: %s", r.status, r.err);
    run(&r, "laws --law-lib ''");
    CHECK_MSG(r.status == 2 && count_lines(r.err) == 1, "status %d: %s", r.status, r.err);
    run(&r, "laws --lawlib x.so");
    CHECK_MSG(r.status == 2 && strcmp(r.err, "lawtester: laws: unknown argument '--lawlib'\n") == 0,
              "status %d: %s", r.status, r.err);
}

/* A descriptor of law API 1 (the layout before `check`, `cases`, `yield`) loads and runs. */
static void test_loads_api1_descriptor(void)
{
    NEED_FIXTURE();
    char args[600], want[300];
    snprintf(args, sizeof args, "laws --law-lib '%s'", bad_so("api1"));
    result r;
    run(&r, args);
    snprintf(want, sizeof want,
             "hooke_api1 - Hooke normal spring (a test plugin)\n  from: %s (law API 1)\n",
             bad_so("api1"));
    CHECK_MSG(r.status == 0 && strstr(r.out, want), "status %d: %s", r.status, r.err);
    CHECK(strstr(r.out, "verify cases: (none; the generic checks only)"));
    snprintf(args, sizeof args, "verify --law-lib '%s' --law hooke_api1", bad_so("api1"));
    run(&r, args);
    CHECK_MSG(r.status == 0 && strstr(r.out, ", 0 failed,") &&
                  strstr(r.out, "hooke_api1      generic-path"),
              "status %d: %s %.1000s", r.status, r.err, r.out);
}

/* ---- uninstall ------------------------------------------------------------------------------ */

/* make uninstall removes every file make install wrote (the prefix holds no file after it) and
 * lawtester's own directories; the installed program is gone. */
static void test_uninstall(void)
{
    NEED_FIXTURE();
    char cmd[1024];
    snprintf(cmd, sizeof cmd,
             MAKE " uninstall PREFIX='%s' && test -z \"$(find '%s' -type f -o -type l)\" && "
                  "test ! -e '%s/include/lawtester' && test ! -e '%s/share/lawtester'",
             fx.prefix, fx.prefix, fx.prefix, fx.prefix);
    CHECK_MSG(sh(cmd) == 0, "%s", fx.log);
    /* and DESTDIR stages the same layout under another root, removed the same way */
    snprintf(cmd, sizeof cmd,
             MAKE
             " install DESTDIR='%s/stage' PREFIX=/usr && test -x '%s/stage/usr/bin/lawtester' && "
             "grep -qx 'prefix=/usr' '%s/stage/usr/lib/pkgconfig/lawtester.pc' && " MAKE
             " uninstall DESTDIR='%s/stage' PREFIX=/usr && test -z \"$(find '%s/stage' -type f)\"",
             fx.dir, fx.dir, fx.dir, fx.dir, fx.dir);
    CHECK_MSG(sh(cmd) == 0, "%s", fx.log);
}

const test_case plugin_tests[] = {
    TEST(install_layout),
    TEST(installed_program_plots),
    TEST(laws_lists_plugins),
    TEST(verify_c_plugin),
    TEST(verify_cxx_plugin),
    TEST(run_equals_builtin),
    TEST(script_cannot_load_a_library),
    TEST(refuses_unknown_api_version),
    TEST(refuses_malformed_descriptor),
    TEST(refuses_missing_symbol),
    TEST(refuses_empty_list),
    TEST(refuses_name_of_a_builtin),
    TEST(refuses_an_array_of_structs),
    TEST(refuses_an_array_of_names),
    TEST(refuses_a_function),
    TEST(refuses_an_array_without_its_null_end),
    TEST(refuses_a_size_of_no_whole_pointers),
    TEST(loads_a_file_given_twice_once),
    TEST(refusals_stay_on_one_line),
    TEST(refuses_a_file_that_is_not_a_shared_object),
    TEST(law_lib_needs_a_file),
    TEST(loads_api1_descriptor),
    TEST(uninstall),
    {0, 0},
};
