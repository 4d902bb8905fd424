/* tests/fuzz_inputs.c - see fuzz_inputs.h. */
#include "fuzz_inputs.h"
#include "lua/srcloc.h"
#include "output/fmt.h"
#include "output/probe_table.h"
#include "script/script.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void fail(const char *what, const char *detail)
{
    fprintf(stderr, "fuzz property violated: %s: %s\n", what, detail);
    abort();
}

int lt_fuzz_script(const uint8_t *data, size_t size)
{
    /* srcloc alone, along the paths the error messages ask for */
    srcloc *loc = lt_srcloc_parse((const char *)data, size);
    if (!loc) fail("lt_srcloc_parse", "returned NULL");
    static const srcloc_key paths[][3] = {{{"stages", 0}, {NULL, 1}, {"until", 0}},
                                          {{"stages", 0}, {NULL, 2}, {"till", 0}},
                                          {{"particles", 0}, {NULL, 1}, {"radius", 0}},
                                          {{"params", 0}, {"kn", 0}, {NULL, 0}},
                                          {{"dt", 0}, {NULL, 0}, {NULL, 0}},
                                          {{"materials", 0}, {"m", 0}, {"young", 0}}};
    for (size_t i = 0; i < sizeof paths / sizeof paths[0]; i++)
        for (int d = 0; d <= 3; d++)
            if (lt_srcloc_line(loc, paths[i], d) < 0) fail("lt_srcloc_line", "negative line");
    lt_srcloc_free(loc);
    lt_script_opts o;
    memset(&o, 0, sizeof o);
    o.quiet = 1;
    o.shard = o.shards = 1;
    o.progress = 0;
    o.max_instructions = 20000;
    o.max_memory_mb = 32;
    o.max_steps_cap = 1000;
    int rc = lt_script_run_source("fuzz.lua", (const char *)data, size, &o);
    if (rc != 0 && rc != 1) fail("lt_script_run_source", "exit status neither 0 nor 1");
    /* an input that mentions cases also goes through `lawtester verify FILE.lua` (script_cases.c)
     * */
    for (size_t i = 0; i + 5 <= size; i++)
        if (memcmp(data + i, "cases", 5) == 0) {
            lt_case_run cr;
            memset(&cr, 0, sizeof cr);
            o.cases = &cr;
            rc = lt_script_run_source("fuzz.lua", (const char *)data, size, &o);
            if (rc != 0 && rc != 1)
                fail("lt_script_run_source (case file)", "exit status neither 0 nor 1");
            if (cr.failed > cr.rows) fail("case file", "more failed rows than rows");
            break;
        }
    return 0;
}

/* The grammar of fmt.h, briefly: [-] then "inf", "nan" (unsigned), or digits with at most one
 * '.', then optionally e(+|-) and 2 or 3 digits; no leading '.', no trailing '.'. */
static int fmt_grammar(const char *s)
{
    if (strcmp(s, "nan") == 0) return 1;
    if (*s == '-') s++;
    if (strcmp(s, "inf") == 0) return 1;
    if (*s < '0' || *s > '9') return 0;
    int dot = 0;
    while ((*s >= '0' && *s <= '9') || (*s == '.' && !dot)) dot |= *s++ == '.';
    if (s[-1] == '.') return 0;
    if (*s == 0) return 1;
    if (*s++ != 'e' || (*s != '+' && *s != '-')) return 0;
    size_t n = strlen(++s);
    if (n < 2 || n > 3) return 0;
    for (; *s; s++)
        if (*s < '0' || *s > '9') return 0;
    return 1;
}

static void check_double(double x)
{
    char buf[FMT_DOUBLE_MAX + 8], nul[FMT_DOUBLE_MAX + 1], msg[128];
    memset(buf, 'X', sizeof buf);
    int n = lt_fmt_double(buf, x);
    snprintf(msg, sizeof msg, "%a", x);
    if (n <= 0 || n > FMT_DOUBLE_MAX) fail("lt_fmt_double length", msg);
    if (buf[n] != 'X') fail("lt_fmt_double wrote past its length", msg);
    buf[n] = 0;
    if (lt_fmt_double_nul(nul, x) != n || strcmp(nul, buf) != 0)
        fail("lt_fmt_double_nul differs", msg);
    if (!fmt_grammar(buf)) fail("lt_fmt_double grammar", buf);
    if (isnan(x)) {
        if (strcmp(buf, "nan") != 0) fail("NaN not written as nan", buf);
        return;
    }
    char *end;
    double y = strtod(buf, &end);
    if (*end || memcmp(&x, &y, sizeof x) != 0) fail("round trip", buf);
}

int lt_fuzz_fmt(const uint8_t *data, size_t size)
{
    for (size_t i = 0; i + 8 <= size; i += 8) {
        double x;
        memcpy(&x, data + i, sizeof x);
        check_double(x);
    }
    char text[128];
    size_t n = size < sizeof text - 1 ? size : sizeof text - 1;
    memcpy(text, data, n);
    text[n] = 0;
    check_double(strtod(text, NULL));
    return 0;
}

int lt_fuzz_merge(const uint8_t *data, size_t size)
{
    enum { MAX_FILES = 8 };
    char *texts[MAX_FILES];
    size_t lens[MAX_FILES];
    const char *names[MAX_FILES] = {"s1.tsv", "s2.tsv", "s3.tsv", "s4.tsv",
                                    "s5.tsv", "s6.tsv", "s7.tsv", "s8.tsv"};
    int n = 0;
    size_t start = 0;
    for (size_t i = 0; i <= size && n < MAX_FILES; i++)
        if (i == size || data[i] == 0x1e) {
            lens[n] = i - start;
            texts[n] = malloc(lens[n] + 1);
            if (!texts[n]) abort();
            memcpy(texts[n], data + start, lens[n]);
            texts[n][lens[n]] = 0;
            n++;
            start = i + 1;
        }
    char *out = NULL, err[1200];
    size_t len = 0, total = 0;
    for (int f = 0; f < n; f++) total += lens[f];
    if (lt_probe_merge_texts(names, texts, lens, n, "merged.tsv", &out, &len, err, sizeof err) ==
        0) {
        if (!out || len > total || strncmp(out, lt_probe_header, strlen(lt_probe_header)) != 0)
            fail("merge", "the merged table is not a probe table made of its inputs");
    } else if (out || !strstr(err, ": ")) {
        fail("merge", "a refusal without a FILE:LINE message, or with a table");
    }
    free(out);
    for (int f = 0; f < n; f++) free(texts[f]);
    return 0;
}
