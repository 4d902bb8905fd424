/* tests/test_srcloc.c - source-line locator for fields of a stage script's returned table. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "../src/srcloc.h"

#define KN(s) { (s), 0 }
#define KI(i) { NULL, (i) }
/* LINE(s, KN("stages"), KI(2), KN("whats")) */
#define LINE(s, ...)                                                                 \
    srcloc_line((s), (const srcloc_key[]){ __VA_ARGS__ },                            \
                (int)(sizeof((const srcloc_key[]){ __VA_ARGS__ }) / sizeof(srcloc_key)))

#define CHECK_LINE(got, want)                                                        \
    do {                                                                             \
        int g_ = (got), w_ = (want);                                                 \
        CHECK_MSG(g_ == w_, "%s: line %d, expected %d", #got, g_, w_);               \
    } while (0)

/* 1-based line of the first occurrence of marker in src (\r\n, \n\r, \n, \r each end one
 * line); 0 if absent.  Keeps the expected lines next to the text they point at. */
static int line_of(const char *src, const char *marker)
{
    const char *hit = strstr(src, marker);
    int line = 1;
    if (!hit) return 0;
    for (const char *c = src; c < hit; c++) {
        if (*c == '\n' || *c == '\r') {
            if ((c[1] == '\n' || c[1] == '\r') && c[1] != c[0] && c + 1 < hit) c++;
            line++;
        }
    }
    return line;
}

static srcloc *parse(const char *src)
{
    srcloc *s = srcloc_parse(src, strlen(src));
    CHECK(s != NULL);
    return s;
}

static const char example[] =
    "return {\n"
    "  name = \"compress-shear-unload\", law = \"linear\",\n"
    "  params = { kn = 1e6, kt = 5e5 },\n"
    "  particles = { { shape = \"sphere\", radius = 0.1 }, { shape = \"sphere\", radius = 0.1 } },\n"
    "  stages = { { whats = \"v.....\", values = {-1, 0,0,0,0,0}, [\"until\"] = \"C and C.uN <= -1e-3\" },\n"
    "             { whats = \"vx....\", values = {0, 1, 0,0,0,0}, till = \"C.u[2] >= 3e-3\" } },\n"
    "}\n";

static void test_srcloc_example(void)
{
    srcloc *s = parse(example);
    if (!s) return;
    CHECK_LINE(LINE(s, KN("stages"), KI(2), KN("whats")), 6);
    CHECK_LINE(LINE(s, KN("stages"), KI(1), KN("until")), 5);
    CHECK_LINE(LINE(s, KN("stages"), KI(2), KN("till")), 6);
    CHECK_LINE(LINE(s, KN("stages"), KI(2)), 6);
    CHECK_LINE(LINE(s, KN("stages"), KI(1), KN("values"), KI(6)), 5);
    CHECK_LINE(LINE(s, KN("params"), KN("kt")), 3);
    CHECK_LINE(LINE(s, KN("particles"), KI(2), KN("radius")), 4);
    CHECK_LINE(LINE(s, KN("name")), 2);
    CHECK_LINE(LINE(s, KN("law")), 2);
    CHECK_LINE(srcloc_line(s, NULL, 0), 1);
    srcloc_free(s);
}

/* Same table spread over more lines, so that every component has its own line. */
static void test_srcloc_multiline(void)
{
    static const char src[] =
        "-- stage script\n"
        "return {\n"
        "  name = 'x',\n"
        "  params = {\n"
        "    kn = 1e6,\n"
        "    kt = 5e5,\n"
        "  },\n"
        "  particles = {\n"
        "    { shape = 'sphere',\n"
        "      radius = 0.1 },\n"
        "    {\n"
        "      shape = 'sphere',\n"
        "      radius = 0.2,\n"
        "    },\n"
        "  };\n"
        "  stages = {\n"
        "    { whats = 'v.....', values = {-1, 0, 0, 0, 0, 0},\n"
        "      ['until'] = 'C and C.uN <= -1e-3' },\n"
        "    {\n"
        "      whats = 'vx....',\n"
        "      values = {0, 1, 0, 0, 0, 0},\n"
        "      till = 'C.u[2] >= 3e-3' },\n"
        "  },\n"
        "}\n";
    srcloc *s = parse(src);
    if (!s) return;
    CHECK_LINE(LINE(s, KN("params"), KN("kt")), line_of(src, "kt ="));
    CHECK_LINE(LINE(s, KN("particles"), KI(2), KN("radius")), line_of(src, "radius = 0.2"));
    CHECK_LINE(LINE(s, KN("particles"), KI(1), KN("radius")), line_of(src, "radius = 0.1"));
    CHECK_LINE(LINE(s, KN("particles"), KI(2)), line_of(src, "    {\n      shape"));
    CHECK_LINE(LINE(s, KN("stages"), KI(1), KN("until")), line_of(src, "['until']"));
    CHECK_LINE(LINE(s, KN("stages"), KI(2), KN("whats")), line_of(src, "whats = 'vx"));
    CHECK_LINE(LINE(s, KN("stages"), KI(2), KN("till")), line_of(src, "till ="));
    CHECK_LINE(LINE(s, KN("stages"), KI(2)), line_of(src, "    {\n      whats"));
    CHECK_LINE(LINE(s, KN("stages")), line_of(src, "stages ="));
    srcloc_free(s);
}

/* Absent components: the deepest component found, else the `return` line. */
static void test_srcloc_absent_key(void)
{
    srcloc *s = parse(example);
    if (!s) return;
    CHECK_LINE(LINE(s, KN("stages"), KI(2), KN("nope")), 6);      /* stages[2] */
    CHECK_LINE(LINE(s, KN("stages"), KI(3), KN("whats")), 5);     /* stages */
    CHECK_LINE(LINE(s, KN("params"), KN("kx"), KN("deeper")), 3); /* params */
    CHECK_LINE(LINE(s, KN("nope")), 1);                          /* return */
    CHECK_LINE(LINE(s, KI(1)), 1);
    CHECK_LINE(LINE(s, KN("name"), KN("sub")), 2); /* name is a string: stop there */
    srcloc_free(s);
    CHECK_LINE(srcloc_line(NULL, NULL, 0), 0);
    s = parse("local t = {}\n");
    if (s) {
        CHECK_LINE(LINE(s, KN("x")), 0); /* no return at all */
        srcloc_free(s);
    }
    s = srcloc_parse(NULL, 0);
    CHECK(s != NULL);
    if (s) {
        CHECK_LINE(LINE(s, KN("x")), 0);
        srcloc_free(s);
    }
}

/* Tables built through locals and names. */
static void test_srcloc_locals(void)
{
    static const char src[] =
        "local kn = 1e6\n"
        "local p = { kn = kn,\n"
        "  kt = 5e5 }\n"
        "local s1 = {\n"
        "  whats = 'v.....',\n"
        "}\n"
        "local s2 <const> = { whats = 'vx....' }\n"
        "local sphere = { shape = 'sphere', radius = 0.1 }\n"
        "local stages = {\n"
        "  s1,\n"
        "  s2 }\n"
        "local test = {\n"
        "  name = 'x',\n"
        "  params = p,\n"
        "  particles = { sphere,\n"
        "                sphere },\n"
        "  stages = stages,\n"
        "}\n"
        "return test\n";
    srcloc *s = parse(src);
    if (!s) return;
    CHECK_LINE(LINE(s, KN("params"), KN("kt")), line_of(src, "kt ="));
    CHECK_LINE(LINE(s, KN("params"), KN("kn")), line_of(src, "{ kn ="));
    CHECK_LINE(LINE(s, KN("params")), line_of(src, "params ="));
    CHECK_LINE(LINE(s, KN("stages"), KI(2), KN("whats")), line_of(src, "whats = 'vx"));
    CHECK_LINE(LINE(s, KN("stages"), KI(1), KN("whats")), line_of(src, "whats = 'v."));
    CHECK_LINE(LINE(s, KN("stages"), KI(2)), line_of(src, "  s2 }"));
    CHECK_LINE(LINE(s, KN("stages"), KI(2), KN("nope")), line_of(src, "  s2 }"));
    CHECK_LINE(LINE(s, KN("particles"), KI(2), KN("radius")), line_of(src, "radius = 0.1"));
    CHECK_LINE(LINE(s, KN("particles"), KI(2)), line_of(src, "  sphere },"));
    CHECK_LINE(LINE(s, KN("nope")), line_of(src, "return test"));
    srcloc_free(s);
}

/* local t = {}; t.stages = {...}; t.stages[2] = ...; return t (and friends). */
static void test_srcloc_field_assignments(void)
{
    static const char src[] =
        "local t = {}\n"
        "t.name = 'x'\n"
        "t.params = { kn = 1 }\n"
        "t.params.kt =\n"
        "  5e5\n"
        "t.stages = {\n"
        "  { whats = 'v.....' },\n"
        "}\n"
        "t.stages[2] = {\n"
        "  whats = 'vx....' }\n"
        "t[\"particles\"] = {}\n"
        "function t.check() return { name = 'fake' } end\n"
        "local unrelated = {}\n"
        "unrelated.stages = { { whats = 'fake' } }\n"
        "return t\n";
    srcloc *s = parse(src);
    if (!s) return;
    CHECK_LINE(LINE(s, KN("name")), line_of(src, "t.name"));
    CHECK_LINE(LINE(s, KN("params"), KN("kt")), line_of(src, "t.params.kt"));
    CHECK_LINE(LINE(s, KN("params"), KN("kn")), line_of(src, "kn = 1"));
    CHECK_LINE(LINE(s, KN("stages"), KI(1), KN("whats")), line_of(src, "whats = 'v."));
    CHECK_LINE(LINE(s, KN("stages"), KI(2), KN("whats")), line_of(src, "whats = 'vx"));
    CHECK_LINE(LINE(s, KN("stages"), KI(2)), line_of(src, "t.stages[2]"));
    CHECK_LINE(LINE(s, KN("stages"), KI(3)), line_of(src, "t.stages ="));
    CHECK_LINE(LINE(s, KN("particles"), KI(1)), line_of(src, "t[\"particles\"]"));
    CHECK_LINE(LINE(s, KN("check"), KN("name")), line_of(src, "function t.check"));
    srcloc_free(s);

    /* A rebinding cuts off the field assignments made to the old table. */
    static const char src2[] =
        "local t = { a = 1 }\n"
        "t.b = 2\n"
        "t = {\n"
        "  c = 3 }\n"
        "t.d = 4\n"
        "return t\n";
    s = parse(src2);
    if (!s) return;
    CHECK_LINE(LINE(s, KN("a")), 6);
    CHECK_LINE(LINE(s, KN("b")), 6);
    CHECK_LINE(LINE(s, KN("c")), 4);
    CHECK_LINE(LINE(s, KN("d")), 5);
    srcloc_free(s);

    /* A name means its binding in force where it is used; positional entries win over
     * [i] = keys, as in Lua. */
    static const char src2b[] =
        "local t = { a = 1 }\n"
        "local s = { whats = 'a' }\n"
        "local keep = { old = t, stages = { s } }\n"
        "t = { b = 2 }\n"
        "t.a = 5\n"
        "s = { whats = 'b' }\n"
        "keep.list = { [1] = 'x',\n"
        "  'y' }\n"
        "return keep\n";
    s = parse(src2b);
    if (!s) return;
    CHECK_LINE(LINE(s, KN("old"), KN("a")), 1);
    CHECK_LINE(LINE(s, KN("stages"), KI(1), KN("whats")), 2);
    CHECK_LINE(LINE(s, KN("list"), KI(1)), 8);
    srcloc_free(s);

    /* References with keys, multiple assignment, globals, a reference cycle. */
    static const char src3[] =
        "defaults = {\n"
        "  params = { kn = 1,\n"
        "             kt = 2 } }\n"
        "local a, b = { x = 1 }, {\n"
        "  y = 2 }\n"
        "local cfg = { params = defaults.params, list = { a, b } }\n"
        "local loop = {}\n"
        "loop.self = loop.self\n"
        "cfg.loop = loop\n"
        "return { cfg = cfg }\n";
    s = parse(src3);
    if (!s) return;
    CHECK_LINE(LINE(s, KN("cfg"), KN("params"), KN("kt")), 3);
    CHECK_LINE(LINE(s, KN("cfg"), KN("list"), KI(2), KN("y")), 5);
    CHECK_LINE(LINE(s, KN("cfg"), KN("loop"), KN("self"), KN("self"), KN("x")), 8);
    srcloc_free(s);

    /* return of a path */
    s = parse("local t = { cfg = {\n  x = 1 } }\nreturn t.cfg\n");
    if (!s) return;
    CHECK_LINE(LINE(s, KN("x")), 2);
    srcloc_free(s);
}

/* Braces and `return`s inside comments and strings are not code. */
static void test_srcloc_comments_strings(void)
{
    static const char src[] =
        "-- return { stages = { { whats = 'fake' } } }\n"
        "--[[ return { stages = { } }\n"
        "]]\n"
        "--[==[ ]] return {\n"
        "  stages = 1 } ]=] ]==]\n"
        "local s = [==[\n"
        "return { stages = \"fake\" } ]] ]=] still inside\n"
        "]==]\n"
        "local q = \"return {\\\"}\" -- \"\n"
        "local r = 'a\\\n"
        "return { }'\n"
        "local z = \"x\\z\n"
        "      return }\"\n"
        "return { -- {\n"
        "  stages = { --[[ } ]]\n"
        "    { whats = 'v' .. [[}]] .. \"{\" },\n"
        "    { whats = 'x' }, -- }\n"
        "  },\n"
        "}\n";
    srcloc *s = parse(src);
    if (!s) return;
    CHECK_LINE(LINE(s, KN("stages"), KI(1), KN("whats")), line_of(src, "{ whats = 'v'"));
    CHECK_LINE(LINE(s, KN("stages"), KI(2), KN("whats")), line_of(src, "{ whats = 'x'"));
    CHECK_LINE(LINE(s, KN("nope")), line_of(src, "return { -- {"));
    srcloc_free(s);

    /* String keys with escapes, long-bracket keys, integer keys. */
    static const char src2[] =
        "return {\n"
        "  [\"\\117ntil\"] = 1,\n"
        "  ['t\\x69ll'] = 2,\n"
        "  [ [[wh\n"
        "ats]] ] = 3,\n"
        "  [\"\\u{76}al\\z\n"
        "     ues\"] = 4,\n"
        "  [2] = 'two',\n"
        "  [0x10] = 'sixteen',\n"
        "  ['a\\'b'] = 5,\n"
        "  [1 + 2] = 'skipped',\n"
        "}\n";
    s = parse(src2);
    if (!s) return;
    CHECK_LINE(LINE(s, KN("until")), 2);
    CHECK_LINE(LINE(s, KN("till")), 3);
    CHECK_LINE(LINE(s, KN("wh\nats")), 4);
    CHECK_LINE(LINE(s, KN("values")), 6);
    CHECK_LINE(LINE(s, KI(2)), 8);
    CHECK_LINE(LINE(s, KI(16)), 9);
    CHECK_LINE(LINE(s, KN("a'b")), 10);
    CHECK_LINE(LINE(s, KI(3)), 1);
    srcloc_free(s);

    /* Numerals, shebang line, BOM. */
    static const char src3[] =
        "\xEF\xBB\xBF#!/usr/bin/env lua {\n"
        "return { a = 0x1p-3, b = 1e+5, c = .5e-3, d = 0xA.8P1, e = 3 // 2,\n"
        "  f = 1 }\n";
    s = parse(src3);
    if (!s) return;
    CHECK_LINE(LINE(s, KN("e")), 2);
    CHECK_LINE(LINE(s, KN("f")), 3);
    srcloc_free(s);
}

/* Only a top-level `return` counts; function bodies and blocks are skipped properly. */
static void test_srcloc_return_in_function(void)
{
    static const char src[] =
        "local function make() return { stages = { { whats = 'fake' } } } end\n"
        "local helper = function(x)\n"
        "  if x then return { stages = 1 } elseif x == 2 then return {} else return nil end\n"
        "  for i = 1, 3 do local t = { stages = i } end\n"
        "  for k, v in pairs({}) do while false do end end\n"
        "  repeat local u = { stages = 2 } until u\n"
        "  do return { stages = 3 } end\n"
        "end\n"
        "local t = {\n"
        "  check = function(C) return { stages = 'fake' } end,\n"
        "  stages = {\n"
        "    { whats = 'real', [\"until\"] = 'x' },\n"
        "  },\n"
        "}\n"
        "if false then return { stages = 'fake' } end\n"
        "repeat local v = { } until true\n"
        "::done::\n"
        "return t\n";
    srcloc *s = parse(src);
    if (!s) return;
    CHECK_LINE(LINE(s, KN("stages"), KI(1), KN("whats")), line_of(src, "'real'"));
    CHECK_LINE(LINE(s, KN("stages"), KI(1), KN("until")), line_of(src, "'real'"));
    CHECK_LINE(LINE(s, KN("check")), line_of(src, "check ="));
    CHECK_LINE(LINE(s, KN("nope")), line_of(src, "return t"));
    srcloc_free(s);

    s = parse("local function f()\n  return { a = 1 }\nend\n");
    if (!s) return;
    CHECK_LINE(LINE(s, KN("a")), 0);
    srcloc_free(s);
}

/* \r\n, \n\r and lone \r each end one line, in code, comments, long strings and escapes. */
static void test_srcloc_crlf(void)
{
    static const char *const seps[] = { "\r\n", "\n\r", "\r", "\n" };
    for (size_t k = 0; k < sizeof seps / sizeof seps[0]; k++) {
        char buf[2048];
        size_t n = 0;
        const char *lines[] = {
            "--[[ comment",                          /* 1 */
            "]] local s = [[long",                   /* 2 */
            "string]] local e = 'a\\",              /* 3 */
            "b'",                                    /* 4 */
            "return {",                              /* 5 */
            "  stages = {",                          /* 6 */
            "    { whats = 'v' },",                  /* 7 */
            "    { whats = 'vx' } },",               /* 8 */
            "}",                                     /* 9 */
        };
        for (size_t l = 0; l < sizeof lines / sizeof lines[0]; l++) {
            size_t a = strlen(lines[l]), b = strlen(seps[k]);
            memcpy(buf + n, lines[l], a);
            n += a;
            memcpy(buf + n, seps[k], b);
            n += b;
        }
        srcloc *s = srcloc_parse(buf, n);
        CHECK(s != NULL);
        if (!s) continue;
        CHECK_LINE(LINE(s, KN("stages"), KI(2), KN("whats")), 8);
        CHECK_LINE(LINE(s, KN("stages"), KI(1)), 7);
        CHECK_LINE(LINE(s, KN("nope")), 5);
        srcloc_free(s);
    }
    {
        static const char crlf[] = "return {\r\n\r\n  a = 1,\r\n  b = [[x\r\n\r\ny]],\r\n  c = 2 }";
        srcloc *s = parse(crlf);
        if (!s) return;
        CHECK_LINE(LINE(s, KN("a")), 3);
        CHECK_LINE(LINE(s, KN("c")), 7);
        srcloc_free(s);
    }
}

/* Unterminated strings, comments, constructors and function bodies. */
static void test_srcloc_unterminated(void)
{
    static const char *const srcs[] = {
        "return {\n stages = {\n { whats = \"abc",
        "return {\n stages = {\n { whats = 'abc\n, x = 1 } } }",
        "return {\n stages = {\n { whats = [==[abc]=]",
        "return {\n stages = {\n { whats = 1 --[[ abc",
        "return {\n stages = {\n { whats = function() if x then",
        "return {\n stages = {\n { whats = ( [ (",
        "return {\n stages = {\n { whats = \"\\",
        "return {\n stages = {\n { whats = \"\\z",
        "return {\n stages = {\n { whats = 0x",
        "return {\n stages = {\n { whats = t.",
    };
    for (size_t k = 0; k < sizeof srcs / sizeof srcs[0]; k++) {
        srcloc *s = parse(srcs[k]);
        if (!s) continue;
        CHECK_MSG(LINE(s, KN("stages"), KI(1), KN("whats")) == 3, "input %zu", k);
        srcloc_free(s);
    }
    static const char *const odd[] = {
        "", "return", "return;", "return\n\n", "}", "end end return {", "--[[", "[[", "[=",
        "'", "\"", "\\", "return {[", "return {['a'", "return {['a']", "return {a=",
        "return {a=1,,,;;}", "return ... ", "local", "local function", "function",
        "function a.b:c", "for", "for i =", "if", "while", "repeat", "goto", "::", "return )",
        "return (((", "return {[[a]]", "return #", "return t[", "x = ", "x, = 1", "a.b.c =",
        "local t <const", "return {a = 1} return {b = 2}", "\xEF\xBB", "#", "#!\r\nreturn {}",
    };
    for (size_t k = 0; k < sizeof odd / sizeof odd[0]; k++) {
        srcloc *s = parse(odd[k]);
        if (!s) continue;
        int l = LINE(s, KN("a"), KI(1), KN("b"));
        CHECK_MSG(l >= 0 && l <= 3, "odd input %zu gives line %d", k, l);
        srcloc_free(s);
    }
    srcloc *s = parse("return {a = 1}\nreturn {b =\n 2}"); /* last top-level return wins */
    if (s) {
        CHECK_LINE(LINE(s, KN("b")), 2);
        CHECK_LINE(LINE(s, KN("a")), 2);
        srcloc_free(s);
    }
}

/* 100000-deep nesting of every recursive construct: no stack overflow, linear time. */
static void test_srcloc_deep_nesting(void)
{
    enum { DEPTH = 100000 };
    static const char *const units[][2] = {
        { "{", "}" }, { "(", ")" }, { "[", "]" }, { "{a=", "}" }, { "function() ", " end" },
        { "do ", " end" }, { "if x then ", " end" }, { "- ", "" }, { "f(", ")" },
        { "repeat ", " until x" }, { "{[", "]=1}" }, { "a.", "" }, { "x[", "]" },
        { "while x do ", " end" },
    };
    size_t cap = (size_t)DEPTH * 16 + 64;
    char *buf = malloc(cap);
    CHECK(buf != NULL);
    if (!buf) return;
    for (size_t u = 0; u < sizeof units / sizeof units[0]; u++) {
        for (int closed = 0; closed < 2; closed++) {
            size_t n = 0, a = strlen(units[u][0]), b = strlen(units[u][1]);
            memcpy(buf, "return {\n", 9);
            n = 9;
            for (int d = 0; d < DEPTH; d++, n += a) memcpy(buf + n, units[u][0], a);
            buf[n++] = '1';
            if (closed)
                for (int d = 0; d < DEPTH; d++, n += b) memcpy(buf + n, units[u][1], b);
            memcpy(buf + n, "\n, x = 1 }", 10);
            n += 10;
            srcloc *s = srcloc_parse(buf, n);
            CHECK(s != NULL);
            if (!s) continue;
            int l = LINE(s, KI(1), KI(1), KI(1));
            CHECK_MSG(l == 1 || l == 2, "unit %zu closed %d: line %d", u, closed, l);
            if (u == 0 && closed) CHECK_LINE(LINE(s, KN("x")), 3);
            srcloc_free(s);
        }
    }
    /* valid, moderately deep: every level is found */
    {
        enum { D = 150 };
        srcloc_key path[D];
        size_t n = 0;
        memcpy(buf, "return ", 7);
        n = 7;
        for (int d = 0; d < D; d++) {
            memcpy(buf + n, "{\n", 2);
            n += 2;
            path[d].name = NULL;
            path[d].index = 1;
        }
        buf[n++] = '1';
        for (int d = 0; d < D; d++) buf[n++] = '}';
        srcloc *s = srcloc_parse(buf, n);
        CHECK(s != NULL);
        if (s) {
            CHECK_LINE(srcloc_line(s, path, D), D + 1);
            CHECK_LINE(srcloc_line(s, path, 10), 11);
            srcloc_free(s);
        }
    }
    free(buf);
}

static uint64_t rng_state;
static uint64_t rng(void) /* xorshift64*, fixed seed per test */
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 0x2545F4914F6CDD1DULL;
}

/* Random bytes and random Lua-ish token soup: never crash, answers stay in range. */
static void test_srcloc_random_bytes(void)
{
    static const char *const pieces[] = {
        "{", "}", "(", ")", "[", "]", "[[", "]]", "[=[", "]=]", "--", "--[[", "\n", "\r\n",
        "\r", " ", "=", "==", ",", ";", ".", "..", "...", ":", "::", "'", "\"", "\\", "\\z",
        "return", "local", "function", "end", "if", "then", "else", "do", "for", "while",
        "repeat", "until", "stages", "whats", "t", "x", "1", "0x1p", "1e", "#", "-", "~=",
        "<", "<const>", "[\"until\"]", "t.stages", "stages = ", "{ whats = 'v' }", "\xff",
    };
    char buf[600];
    rng_state = 0x9E3779B97F4A7C15ULL;
    for (int iter = 0; iter < 4000; iter++) {
        size_t n = 0, len = (size_t)(rng() % 512);
        if (iter % 2 == 0) {
            for (n = 0; n < len; n++) buf[n] = (char)(rng() & 0xff);
        } else {
            while (n < len) {
                const char *p = pieces[rng() % (sizeof pieces / sizeof pieces[0])];
                size_t a = strlen(p);
                if (n + a > sizeof buf) break;
                memcpy(buf + n, p, a);
                n += a;
            }
        }
        int lines = 1;
        for (size_t k = 0; k < n; k++)
            if (buf[k] == '\n' || buf[k] == '\r') lines++;
        srcloc *s = srcloc_parse(buf, n);
        CHECK(s != NULL);
        if (!s) continue;
        int l1 = LINE(s, KN("stages"), KI(1), KN("whats"));
        int l2 = LINE(s, KN("t"), KN("x"), KI(2), KN("stages"), KN("until"));
        int l3 = srcloc_line(s, NULL, 0);
        CHECK_MSG(l1 >= 0 && l1 <= lines && l2 >= 0 && l2 <= lines && l3 >= 0 && l3 <= lines,
                  "iteration %d: lines %d %d %d of %d", iter, l1, l2, l3, lines);
        srcloc_free(s);
    }
}

const test_case srcloc_tests[] = {
    TEST(srcloc_example),
    TEST(srcloc_multiline),
    TEST(srcloc_absent_key),
    TEST(srcloc_locals),
    TEST(srcloc_field_assignments),
    TEST(srcloc_comments_strings),
    TEST(srcloc_return_in_function),
    TEST(srcloc_crlf),
    TEST(srcloc_unterminated),
    TEST(srcloc_deep_nesting),
    TEST(srcloc_random_bytes),
    { 0, 0 },
};
