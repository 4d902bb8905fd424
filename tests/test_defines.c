/* tests/test_defines.c - `lawtester run FILE.lua -D NAME=VALUE` (docs/stage-scripts.md, "Values
 * from the command line"): the script's lawtester.defs, a number where Lua reads one and a string
 * otherwise, the value of a parameter taken from it, its `define.NAME` lines in the .meta, and
 * every bad -D refused in one line (exit 2) before anything is written. */
#include "check.h"
#include "cli.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The script checks what it sees (an assert fails the run) and takes kn from the command line. */
static const char script[] =
    "local D = lawtester.defs\n"
    "assert(math.type(D.n) == 'integer' and D.n == 3, 'n: ' .. tostring(D.n))\n"
    "assert(math.type(D.kn) == 'float' and D.kn == 2e6, 'kn: ' .. tostring(D.kn))\n"
    "assert(D.hex == 16, 'hex: ' .. tostring(D.hex))\n"
    "assert(D.law == 'spring_dashpot', 'law: ' .. tostring(D.law))\n"
    "assert(D.empty == '' and D.eq == 'a=b' and D.word == 'inf', 'strings')\n"
    "assert(D.absent == nil, 'absent')\n"
    "return {\n"
    "  name = 'defs', law = D.law, params = { kn = D.kn },\n"
    "  particles = { { radius = 0.1 }, { radius = 0.1 } },\n"
    "  stages = { { whats = 'v.....', values = {-1, 0,0,0,0,0}, till = 'stage.step >= 3' } },\n"
    "}\n";

static void test_values_and_meta(void)
{
    char *dir = make_tmpdir(), args[900], path[400], buf[200];
    put_file(dir, "s.lua", script);
    snprintf(args, sizeof args,
             "run %s/s.lua -o %s -q -D n=3 -D kn=2e6 -D hex=0x10 -D law=spring_dashpot -D empty= "
             "-D eq=a=b -D word=inf",
             dir, dir);
    result r;
    run(&r, args);
    CHECK_MSG(r.status == 0, "%d %s", r.status, r.err);
    snprintf(path, sizeof path, "%s/defs.meta", dir);
    char *meta = slurp_all(path);
    CHECK(meta != NULL);
    if (!meta) return;
    /* the value as given, and the parameter the script took from it */
    CHECK_STR(meta_value(meta, "define.kn", buf, sizeof buf), "2e6");
    CHECK_STR(meta_value(meta, "define.n", buf, sizeof buf), "3");
    CHECK_STR(meta_value(meta, "define.eq", buf, sizeof buf), "a=b");
    CHECK_STR(meta_value(meta, "define.empty", buf, sizeof buf), "");
    CHECK_STR(meta_value(meta, "params.kn", buf, sizeof buf), "2000000");
    CHECK_STR(meta_value(meta, "law", buf, sizeof buf), "spring_dashpot");
    CHECK(meta_value(meta, "define.absent", buf, sizeof buf) == NULL);
    free(meta);
    remove_tree(dir);
}

/* Without -D the table is there and empty; a sidecar has no define lines. */
static void test_none(void)
{
    char *dir = make_tmpdir(), args[600], path[400];
    put_file(dir, "s.lua",
             "assert(next(lawtester.defs) == nil)\n"
             "return { name = 'none', law = 'linear',\n"
             "  stages = { { whats = 'v.....', values = {-1, 0,0,0,0,0}, till = 'stage.step >= 3' "
             "} } }\n");
    snprintf(args, sizeof args, "run %s/s.lua -o %s -q", dir, dir);
    result r;
    run(&r, args);
    CHECK_MSG(r.status == 0, "%d %s", r.status, r.err);
    snprintf(path, sizeof path, "%s/none.meta", dir);
    char *meta = slurp_all(path);
    CHECK(meta && !strstr(meta, "define."));
    free(meta);
    remove_tree(dir);
}

/* A bad -D: exit 2, the one line, and the output directory left empty. */
static void check_refused(const char *opts, const char *line)
{
    char *dir = make_tmpdir(), args[600];
    put_file(dir, "s.lua", script);
    char out[400];
    snprintf(out, sizeof out, "%s/out", dir);
    snprintf(args, sizeof args, "run %s/s.lua -o %s %s", dir, out, opts);
    result r;
    run(&r, args);
    CHECK_MSG(r.status == 2, "%s: status %d", opts, r.status);
    CHECK_MSG(strcmp(r.err, line) == 0, "%s: stderr '%s', want '%s'", opts, r.err, line);
    CHECK_MSG(count_files(out) <= 0, "%s: %d files written", opts, count_files(out));
    remove_tree(dir);
}

static void test_bad_syntax(void)
{
    check_refused("-D kn", "lawtester: -D needs NAME=VALUE: 'kn': no '=' (NAME=VALUE)\n");
    check_refused("-D =3", "lawtester: -D needs NAME=VALUE: '=3': no NAME before '='\n");
    check_refused("-D 1x=3", "lawtester: -D needs NAME=VALUE: '1x=3': NAME is not an identifier "
                             "([A-Za-z_][A-Za-z0-9_]*)\n");
    check_refused("-D k-n=3", "lawtester: -D needs NAME=VALUE: 'k-n=3': NAME is not an identifier "
                              "([A-Za-z_][A-Za-z0-9_]*)\n");
    check_refused("-D kn=1 -D kn=2", "lawtester: -D: kn given twice ('kn=1', 'kn=2')\n");
    check_refused("-D", "lawtester: -D needs NAME=VALUE (a value for the script: "
                        "lawtester.defs.NAME)\n");
}

const test_case defines_tests[] = {
    TEST(values_and_meta),
    TEST(none),
    TEST(bad_syntax),
    {NULL, NULL},
};
