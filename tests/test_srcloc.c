/* tests/test_srcloc.c - source-line locator for fields of a stage script's returned table
 * (src/lua/srcloc.c) and the Lua lexer under it (src/lua/srclex.c). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "lua/srclex.h"
#include "lua/srcloc.h"

#define KN(s)  \
    {          \
        (s), 0 \
    }
#define KI(i)     \
    {             \
        NULL, (i) \
    }
/* LINE(s, KN("stages"), KI(2), KN("whats")) */
#define LINE(s, ...)                                       \
    lt_srcloc_line((s), (const srcloc_key[]){__VA_ARGS__}, \
                   (int)(sizeof((const srcloc_key[]){__VA_ARGS__}) / sizeof(srcloc_key)))

#define CHECK_LINE(got, want)                                          \
    do {                                                               \
        int g_ = (got), w_ = (want);                                   \
        CHECK_MSG(g_ == w_, "%s: line %d, expected %d", #got, g_, w_); \
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
    srcloc *s = lt_srcloc_parse(src, strlen(src));
    CHECK(s != NULL);
    return s;
}

static const char example[] =
    "return {\n"
    "  name = \"compress-shear-unload\", law = \"linear\",\n"
    "  params = { kn = 1e6, kt = 5e5 },\n"
    "  particles = { { shape = \"sphere\", radius = 0.1 }, { shape = \"sphere\", radius = 0.1 } "
    "},\n"
    "  stages = { { whats = \"v.....\", values = {-1, 0,0,0,0,0}, [\"until\"] = \"C and C.uN <= "
    "-1e-3\" },\n"
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
    CHECK_LINE(lt_srcloc_line(s, NULL, 0), 1);
    lt_srcloc_free(s);
}

/* Same table spread over more lines, so that every component has its own line. */
static void test_srcloc_multiline(void)
{
    static const char src[] = "-- stage script\n"
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
    lt_srcloc_free(s);
}

/* Absent components: the deepest component found, else the `return` line. */
static void test_srcloc_absent_key(void)
{
    srcloc *s = parse(example);
    if (!s) return;
    CHECK_LINE(LINE(s, KN("stages"), KI(2), KN("nope")), 6);      /* stages[2] */
    CHECK_LINE(LINE(s, KN("stages"), KI(3), KN("whats")), 5);     /* stages */
    CHECK_LINE(LINE(s, KN("params"), KN("kx"), KN("deeper")), 3); /* params */
    CHECK_LINE(LINE(s, KN("nope")), 1);                           /* return */
    CHECK_LINE(LINE(s, KI(1)), 1);
    CHECK_LINE(LINE(s, KN("name"), KN("sub")), 2); /* name is a string: stop there */
    lt_srcloc_free(s);
    CHECK_LINE(lt_srcloc_line(NULL, NULL, 0), 0);
    s = parse("local t = {}\n");
    if (s) {
        CHECK_LINE(LINE(s, KN("x")), 0); /* no return at all */
        lt_srcloc_free(s);
    }
    s = lt_srcloc_parse(NULL, 0);
    CHECK(s != NULL);
    if (s) {
        CHECK_LINE(LINE(s, KN("x")), 0);
        lt_srcloc_free(s);
    }
}

/* Keys in brackets, positional entries (also mixed with keys and after `[i] =`), nested
 * tables: each component on its own line. */
static void test_srcloc_keys_positional_nested(void)
{
    static const char src[] = "return {\n"
                              "  [\"stages\"] = {\n"
                              "    {\n"
                              "      whats = 'v.....',\n"
                              "      values = { -1,\n"
                              "        0, 0,\n"
                              "        [6] = 'six',\n"
                              "        -0.5 },\n"
                              "    },\n"
                              "    { { deep = {\n"
                              "        { x = 1 } } } },\n"
                              "  },\n"
                              "  [2] = 'two',\n"
                              "  [1] = 'one', 'positional',\n"
                              "  ['params'] = { kn = 1,\n"
                              "    [ [==[kt]==] ] = 2 },\n"
                              "  [1.5] = 'a float key: not an index',\n"
                              "}\n";
    srcloc *s = parse(src);
    if (!s) return;
    CHECK_LINE(LINE(s, KN("stages")), line_of(src, "[\"stages\"]"));
    CHECK_LINE(LINE(s, KN("stages"), KI(1)), line_of(src, "    {\n      whats"));
    CHECK_LINE(LINE(s, KN("stages"), KI(1), KN("whats")), line_of(src, "whats ="));
    CHECK_LINE(LINE(s, KN("stages"), KI(1), KN("values"), KI(1)), line_of(src, "-1,"));
    CHECK_LINE(LINE(s, KN("stages"), KI(1), KN("values"), KI(3)), line_of(src, "0, 0,"));
    CHECK_LINE(LINE(s, KN("stages"), KI(1), KN("values"), KI(4)), line_of(src, "-0.5"));
    CHECK_LINE(LINE(s, KN("stages"), KI(1), KN("values"), KI(6)), line_of(src, "[6]"));
    CHECK_LINE(LINE(s, KN("stages"), KI(2), KI(1), KN("deep"), KI(1), KN("x")),
               line_of(src, "{ x = 1 }"));
    CHECK_LINE(LINE(s, KN("stages"), KI(2), KI(1), KN("deep")), line_of(src, "deep ="));
    CHECK_LINE(LINE(s, KI(2)), line_of(src, "[2]"));
    CHECK_LINE(LINE(s, KI(1)), line_of(src, "'positional'")); /* positional wins, as in Lua */
    CHECK_LINE(LINE(s, KN("params"), KN("kt")), line_of(src, "[==[kt]==]"));
    CHECK_LINE(LINE(s, KN("params"), KN("kn")), line_of(src, "['params']"));
    lt_srcloc_free(s);
}

/* What the scanner does not follow gives the deepest component found, else the `return`
 * line: a table returned from a local, built by a call or by assignments, a field whose value
 * is a name, a constructor that is only part of an expression. */
static void test_srcloc_fallbacks(void)
{
    static const char local[] = "local stages = {\n"
                                "  { whats = 'v.....' },\n"
                                "}\n"
                                "local t = {\n"
                                "  params = { kn = 1 },\n"
                                "  stages = stages,\n"
                                "}\n"
                                "t.dt = 1e-6\n"
                                "return t\n";
    srcloc *s = parse(local);
    if (!s) return;
    CHECK_LINE(LINE(s, KN("params"), KN("kn")), line_of(local, "return t"));
    CHECK_LINE(LINE(s, KN("stages"), KI(1), KN("whats")), line_of(local, "return t"));
    CHECK_LINE(LINE(s, KN("dt")), line_of(local, "return t"));
    CHECK_LINE(lt_srcloc_line(s, NULL, 0), line_of(local, "return t"));
    /* the constructors are still there for lt_srcloc_line_at */
    CHECK_LINE(lt_srcloc_line_at(s, line_of(local, "local t"),
                                 (const srcloc_key[]){KN("params"), KN("kn")}, 2),
               line_of(local, "params ="));
    lt_srcloc_free(s);

    static const char *const calls[] = {
        "local function make() return { a = 1 } end\n\nreturn make()\n",
        "local t = { cfg = { a = 1 } }\n\nreturn t.cfg\n",
        "local x = { a = 1 }\n\nreturn { a = 1 } or x\n",
        "local x = { a = 1 }\n\nreturn ({ a = 1 })\n",
        "return {\n  a = 1 } .. 'x'\n\n", /* not a table: the `return` line */
    };
    for (size_t k = 0; k < sizeof calls / sizeof calls[0]; k++) {
        s = parse(calls[k]);
        if (!s) continue;
        CHECK_MSG(LINE(s, KN("a")) == (k == 4 ? 1 : 3), "input %zu: line %d", k, LINE(s, KN("a")));
        lt_srcloc_free(s);
    }

    static const char names[] = "local stages = { { whats = 'v' } }\n"
                                "return {\n"
                                "  stages = stages,\n"
                                "  params = defaults.params,\n"
                                "  values = { 1, 2 } .. x,\n"
                                "  dt = f{ 1 },\n"
                                "}\n";
    s = parse(names);
    if (!s) return;
    CHECK_LINE(LINE(s, KN("stages"), KI(1), KN("whats")), line_of(names, "stages = stages"));
    CHECK_LINE(LINE(s, KN("params"), KN("kn")), line_of(names, "params ="));
    CHECK_LINE(LINE(s, KN("values"), KI(2)), line_of(names, "values ="));
    CHECK_LINE(LINE(s, KN("dt"), KI(1)), line_of(names, "dt ="));
    lt_srcloc_free(s);
}

/* lt_srcloc_line_at: from the first constructor whose '{' is on a line (the argument of a call
 * such as lawtester.run{...}), anywhere in the text, also inside functions. */
static void test_srcloc_line_at(void)
{
    static const char src[] = "local function go()\n"
                              "  lawtester.run{ name = 'a', law = 'linear',\n"
                              "    params = {\n"
                              "      kn = -1 },\n"
                              "  }\n"
                              "end\n"
                              "local x = { 1 } local y = { params = { kn = 2 } }\n"
                              "go()\n";
    srcloc *s = parse(src);
    if (!s) return;
    const srcloc_key kn[] = {KN("params"), KN("kn")}, nope[] = {KN("nope")};
    CHECK_LINE(lt_srcloc_line_at(s, 2, kn, 2), line_of(src, "kn = -1"));
    CHECK_LINE(lt_srcloc_line_at(s, 2, kn, 1), line_of(src, "params = {"));
    CHECK_LINE(lt_srcloc_line_at(s, 2, nope, 1), 2);
    CHECK_LINE(lt_srcloc_line_at(s, 7, kn, 2), 7); /* the first constructor on line 7 is { 1 } */
    CHECK_LINE(lt_srcloc_line_at(s, 5, kn, 2), 5); /* no constructor opens there */
    CHECK_LINE(lt_srcloc_line_at(NULL, 4, kn, 2), 4);
    CHECK_LINE(lt_srcloc_line(s, kn, 2), 0); /* no top-level return */
    lt_srcloc_free(s);
}

/* A syntax error elsewhere (brackets left open, stray closers, bad numerals, an unfinished
 * string, bytes that are no token) leaves the returned table's lines as they are. */
static void test_srcloc_syntax_error_elsewhere(void)
{
    static const char *const errors[] = {
        "local a = (1 + ]\n",
        "local b = { [ f(\n",
        "x = f(\n",
        "end end until ) } ] else\n",
        "local c = 3x + 0x + 1e+ 1..2\n",
        "local d = 'unfinished\n",
        "local e = @ $ \\ ! `\n",
        "if x then y = ( else z = [ end\n",
    };
    for (size_t k = 0; k < sizeof errors / sizeof errors[0]; k++) {
        char src[256];
        snprintf(src, sizeof src, "%s%sreturn {\n  stages = {\n    { whats = 'v' } } }\n",
                 errors[k], errors[k]);
        srcloc *s = parse(src);
        if (!s) continue;
        CHECK_MSG(LINE(s, KN("stages"), KI(1), KN("whats")) == 5, "input %zu: line %d", k,
                  LINE(s, KN("stages"), KI(1), KN("whats")));
        CHECK_MSG(LINE(s, KN("stages")) == 4, "input %zu: line %d", k, LINE(s, KN("stages")));
        lt_srcloc_free(s);
    }
    /* junk inside the table: the fields around it keep their lines */
    static const char junk[] = "return {\n"
                               "  a = 1,,; ) = ;\n"
                               "  b = f(1, 2, { c = 3 }),\n"
                               "  [g(x)] = { 'not a field' },\n"
                               "  d = 4 }\n";
    srcloc *s = parse(junk);
    if (!s) return;
    CHECK_LINE(LINE(s, KN("a")), 2);
    CHECK_LINE(LINE(s, KN("b")), 3);
    CHECK_LINE(LINE(s, KN("c")), 1);
    CHECK_LINE(LINE(s, KI(1)), 1);
    CHECK_LINE(LINE(s, KN("d")), 5);
    lt_srcloc_free(s);
}

/* Within lt_srcloc_parse_capped's cap, or NULL; the bytes used count against it. */
static void test_srcloc_memory_cap(void)
{
    size_t used = 0, n = strlen(example);
    srcloc *s = lt_srcloc_parse_capped(example, n, 0, &used);
    CHECK(s != NULL);
    CHECK(used == 0); /* no cap: nothing counted */
    lt_srcloc_free(s);
    s = lt_srcloc_parse_capped(example, n, 64, &used);
    CHECK(s == NULL); /* the first table array alone is larger */
    s = lt_srcloc_parse_capped(example, n, 1 << 20, &used);
    CHECK(s != NULL);
    CHECK_MSG(used > 0 && used <= (1 << 20), "used %zu", used);
    if (s) CHECK_LINE(LINE(s, KN("stages"), KI(2), KN("till")), 6);
    lt_srcloc_free(s);
    /* deep nesting needs its stack of open brackets: also within the cap */
    enum { DEPTH = 100000 };
    char *deep = malloc(DEPTH + 8);
    CHECK(deep != NULL);
    if (!deep) return;
    memcpy(deep, "return ", 7);
    memset(deep + 7, '(', DEPTH);
    s = lt_srcloc_parse_capped(deep, DEPTH + 7, 1 << 16, &used);
    CHECK(s == NULL);
    s = lt_srcloc_parse_capped(deep, DEPTH + 7, 1 << 26, &used);
    CHECK(s != NULL);
    lt_srcloc_free(s);
    free(deep);
}

/* The lexer alone: token types, lines and values as llex.c makes them. */
static void test_srclex_tokens(void)
{
    static const char src[] =
        "a.b..c...d==e~=f<=g>=h<<i>>j//k::l --x\n"
        "[==[x]]y]=]z]==] 'q\\'\\n\\x41\\65\\u{48}\\z  \n  r' 0x1p-3 3e+2 .5 08 1..2 --[=[\n"
        "]=] and or not function end # ~ @\n";
    static const int types[] = {
        LT_TK_NAME,   '.',          LT_TK_NAME,   LT_TK_CONCAT,   LT_TK_NAME,   LT_TK_DOTS,
        LT_TK_NAME,   LT_TK_EQ,     LT_TK_NAME,   LT_TK_NE,       LT_TK_NAME,   LT_TK_LE,
        LT_TK_NAME,   LT_TK_GE,     LT_TK_NAME,   LT_TK_SHL,      LT_TK_NAME,   LT_TK_SHR,
        LT_TK_NAME,   LT_TK_IDIV,   LT_TK_NAME,   LT_TK_DBCOLON,  LT_TK_NAME,   LT_TK_STRING,
        LT_TK_STRING, LT_TK_NUMBER, LT_TK_NUMBER, LT_TK_NUMBER,   LT_TK_NUMBER, LT_TK_NUMBER,
        LT_TK_AND,    LT_TK_OR,     LT_TK_NOT,    LT_TK_FUNCTION, LT_TK_END,    '#',
        '~',          LT_TK_BAD,    LT_TK_EOF,    LT_TK_EOF,
    };
    static const int lines[sizeof types / sizeof types[0]] = {
        [23] = 2, [24] = 2, [25] = 3, [29] = 3, [30] = 4, [37] = 4, [38] = 5};
    lt_lexer lx;
    lt_token t;
    lt_lex_init(&lx, src, strlen(src));
    for (size_t k = 0; k < sizeof types / sizeof types[0]; k++) {
        lt_lex_next(&lx, &t);
        CHECK_MSG(t.type == types[k], "token %zu: type %d, expected %d", k, t.type, types[k]);
        if (lines[k])
            CHECK_MSG(t.line == lines[k], "token %zu: line %d, expected %d", k, t.line, lines[k]);
        char value[64];
        long long v;
        if (k == 23) CHECK(lt_lex_string(src, &t, value) == 8 && memcmp(value, "x]]y]=]z", 8) == 0);
        if (k == 24) CHECK(lt_lex_string(src, &t, value) == 7 && memcmp(value, "q'\nAAHr", 7) == 0);
        if (k == 25) CHECK(!lt_lex_integer(src, &t, &v));
        if (k == 28) CHECK(lt_lex_integer(src, &t, &v) && v == 8);
    }
    CHECK(lt_lex_is_binop(LT_TK_CONCAT) && lt_lex_is_binop(LT_TK_AND) && lt_lex_is_binop('-'));
    CHECK(!lt_lex_is_binop(LT_TK_NOT) && !lt_lex_is_binop('#') && !lt_lex_is_binop('='));
}

/* Braces and `return`s inside comments and strings are not code. */
static void test_srcloc_comments_strings(void)
{
    static const char src[] = "-- return { stages = { { whats = 'fake' } } }\n"
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
    lt_srcloc_free(s);

    /* String keys with escapes, long-bracket keys, integer keys. */
    static const char src2[] = "return {\n"
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
    lt_srcloc_free(s);

    /* Numerals, shebang line, BOM. */
    static const char src3[] =
        "\xEF\xBB\xBF#!/usr/bin/env lua {\n"
        "return { a = 0x1p-3, b = 1e+5, c = .5e-3, d = 0xA.8P1, e = 3 // 2,\n"
        "  f = 1 }\n";
    s = parse(src3);
    if (!s) return;
    CHECK_LINE(LINE(s, KN("e")), 2);
    CHECK_LINE(LINE(s, KN("f")), 3);
    lt_srcloc_free(s);
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
        "if false then return { stages = 'fake' } end\n"
        "repeat local v = { } until true\n"
        "::done::\n"
        "return {\n"
        "  check = function(C) return { stages = 'fake' } end,\n"
        "  stages = {\n"
        "    { whats = 'real', [\"until\"] = 'x' },\n"
        "  },\n"
        "}\n";
    srcloc *s = parse(src);
    if (!s) return;
    CHECK_LINE(LINE(s, KN("stages"), KI(1), KN("whats")), line_of(src, "'real'"));
    CHECK_LINE(LINE(s, KN("stages"), KI(1), KN("until")), line_of(src, "'real'"));
    CHECK_LINE(LINE(s, KN("check")), line_of(src, "check ="));
    CHECK_LINE(LINE(s, KN("nope")), line_of(src, "return {\n  check"));
    lt_srcloc_free(s);

    s = parse("local function f()\n  return { a = 1 }\nend\n");
    if (!s) return;
    CHECK_LINE(LINE(s, KN("a")), 0);
    lt_srcloc_free(s);
}

/* \r\n, \n\r and lone \r each end one line, in code, comments, long strings and escapes. */
static void test_srcloc_crlf(void)
{
    static const char *const seps[] = {"\r\n", "\n\r", "\r", "\n"};
    for (size_t k = 0; k < sizeof seps / sizeof seps[0]; k++) {
        char buf[2048];
        size_t n = 0;
        const char *lines[] = {
            "--[[ comment",            /* 1 */
            "]] local s = [[long",     /* 2 */
            "string]] local e = 'a\\", /* 3 */
            "b'",                      /* 4 */
            "return {",                /* 5 */
            "  stages = {",            /* 6 */
            "    { whats = 'v' },",    /* 7 */
            "    { whats = 'vx' } },", /* 8 */
            "}",                       /* 9 */
        };
        for (size_t l = 0; l < sizeof lines / sizeof lines[0]; l++) {
            size_t a = strlen(lines[l]), b = strlen(seps[k]);
            memcpy(buf + n, lines[l], a);
            n += a;
            memcpy(buf + n, seps[k], b);
            n += b;
        }
        srcloc *s = lt_srcloc_parse(buf, n);
        CHECK(s != NULL);
        if (!s) continue;
        CHECK_LINE(LINE(s, KN("stages"), KI(2), KN("whats")), 8);
        CHECK_LINE(LINE(s, KN("stages"), KI(1)), 7);
        CHECK_LINE(LINE(s, KN("nope")), 5);
        lt_srcloc_free(s);
    }
    {
        static const char crlf[] = "return {\r\n\r\n  a = 1,\r\n  b = [[x\r\n\r\ny]],\r\n  c = 2 }";
        srcloc *s = parse(crlf);
        if (!s) return;
        CHECK_LINE(LINE(s, KN("a")), 3);
        CHECK_LINE(LINE(s, KN("c")), 7);
        lt_srcloc_free(s);
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
        lt_srcloc_free(s);
    }
    static const char *const odd[] = {
        "",
        "return",
        "return;",
        "return\n\n",
        "}",
        "end end return {",
        "--[[",
        "[[",
        "[=",
        "'",
        "\"",
        "\\",
        "return {[",
        "return {['a'",
        "return {['a']",
        "return {a=",
        "return {a=1,,,;;}",
        "return ... ",
        "local",
        "local function",
        "function",
        "function a.b:c",
        "for",
        "for i =",
        "if",
        "while",
        "repeat",
        "goto",
        "::",
        "return )",
        "return (((",
        "return {[[a]]",
        "return #",
        "return t[",
        "x = ",
        "x, = 1",
        "a.b.c =",
        "local t <const",
        "return {a = 1} return {b = 2}",
        "\xEF\xBB",
        "#",
        "#!\r\nreturn {}",
    };
    for (size_t k = 0; k < sizeof odd / sizeof odd[0]; k++) {
        srcloc *s = parse(odd[k]);
        if (!s) continue;
        int l = LINE(s, KN("a"), KI(1), KN("b"));
        CHECK_MSG(l >= 0 && l <= 3, "odd input %zu gives line %d", k, l);
        lt_srcloc_free(s);
    }
    srcloc *s = parse("return {a = 1}\nreturn {b =\n 2}"); /* last top-level return wins */
    if (s) {
        CHECK_LINE(LINE(s, KN("b")), 2);
        CHECK_LINE(LINE(s, KN("a")), 2);
        lt_srcloc_free(s);
    }
}

/* 100000-deep nesting of every recursive construct: no stack overflow, linear time. */
static void test_srcloc_deep_nesting(void)
{
    enum { DEPTH = 100000 };
    static const char *const units[][2] = {
        {"{", "}"},
        {"(", ")"},
        {"[", "]"},
        {"{a=", "}"},
        {"function() ", " end"},
        {"do ", " end"},
        {"if x then ", " end"},
        {"- ", ""},
        {"f(", ")"},
        {"repeat ", " until x"},
        {"{[", "]=1}"},
        {"a.", ""},
        {"x[", "]"},
        {"while x do ", " end"},
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
            srcloc *s = lt_srcloc_parse(buf, n);
            CHECK(s != NULL);
            if (!s) continue;
            int l = LINE(s, KI(1), KI(1), KI(1));
            CHECK_MSG(l == 1 || l == 2, "unit %zu closed %d: line %d", u, closed, l);
            if (u == 0 && closed) CHECK_LINE(LINE(s, KN("x")), 3);
            lt_srcloc_free(s);
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
        srcloc *s = lt_srcloc_parse(buf, n);
        CHECK(s != NULL);
        if (s) {
            CHECK_LINE(lt_srcloc_line(s, path, D), D + 1);
            CHECK_LINE(lt_srcloc_line(s, path, 10), 11);
            lt_srcloc_free(s);
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
        "{",        "}",         "(",
        ")",        "[",         "]",
        "[[",       "]]",        "[=[",
        "]=]",      "--",        "--[[",
        "\n",       "\r\n",      "\r",
        " ",        "=",         "==",
        ",",        ";",         ".",
        "..",       "...",       ":",
        "::",       "'",         "\"",
        "\\",       "\\z",       "return",
        "local",    "function",  "end",
        "if",       "then",      "else",
        "do",       "for",       "while",
        "repeat",   "until",     "stages",
        "whats",    "t",         "x",
        "1",        "0x1p",      "1e",
        "#",        "-",         "~=",
        "<",        "<const>",   "[\"until\"]",
        "t.stages", "stages = ", "{ whats = 'v' }",
        "\xff",
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
        srcloc *s = lt_srcloc_parse(buf, n);
        CHECK(s != NULL);
        if (!s) continue;
        int l1 = LINE(s, KN("stages"), KI(1), KN("whats"));
        int l2 = LINE(s, KN("t"), KN("x"), KI(2), KN("stages"), KN("until"));
        int l3 = lt_srcloc_line(s, NULL, 0);
        CHECK_MSG(l1 >= 0 && l1 <= lines && l2 >= 0 && l2 <= lines && l3 >= 0 && l3 <= lines,
                  "iteration %d: lines %d %d %d of %d", iter, l1, l2, l3, lines);
        lt_srcloc_free(s);
    }
}

const test_case srcloc_tests[] = {
    TEST(srcloc_example),
    TEST(srcloc_multiline),
    TEST(srcloc_absent_key),
    TEST(srcloc_keys_positional_nested),
    TEST(srcloc_fallbacks),
    TEST(srcloc_line_at),
    TEST(srcloc_syntax_error_elsewhere),
    TEST(srcloc_memory_cap),
    TEST(srclex_tokens),
    TEST(srcloc_comments_strings),
    TEST(srcloc_return_in_function),
    TEST(srcloc_crlf),
    TEST(srcloc_unterminated),
    TEST(srcloc_deep_nesting),
    TEST(srcloc_random_bytes),
    {0, 0},
};
