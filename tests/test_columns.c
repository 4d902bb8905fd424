/* tests/test_columns.c - the record's columns come from one list (src/base/record_columns.def):
 * the header and the row a record writes, a case script's results.rows (lt_record_value), and the
 * column tables of docs/records.md and README.md all follow it, name by name and unit by unit. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "cli.h"
#include "contact/registry.h"
#include "output/record.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* One column as the list states it: its name and SI unit ("-" for a count or a flag); the law's
 * energies stand where the name is NULL. */
typedef struct listed_column {
    const char *name, *unit;
} listed_column;

static const listed_column listed[] = {
#define LT_COLUMN(name, kind, unit, field) {#name, unit},
#define LT_LAW_ENERGIES {NULL, "J"},
#define LT_DRIVER_ENERGY(id, name, plot) {#name, "J"},
#define LT_TAIL_COLUMN(name, kind, unit, value) {#name, unit},
#include "base/record_columns.def"
};
enum { N_LISTED = (int)(sizeof listed / sizeof listed[0]) };

/* The words between backticks of a table cell [p, end), into names (at most max); their count. */
static int backticked(const char *p, const char *end, char names[][32], int max)
{
    int n = 0;
    while (p < end && (p = memchr(p, '`', (size_t)(end - p))) != NULL) {
        const char *q = memchr(p + 1, '`', (size_t)(end - p - 1));
        if (!q) break;
        for (const char *w = p + 1; w < q && n < max;) {
            while (w < q && *w == ' ') w++;
            const char *e = w;
            while (e < q && *e != ' ') e++;
            if (e > w && e - w < 32) {
                memcpy(names[n], w, (size_t)(e - w));
                names[n++][e - w] = 0;
            }
            w = e;
        }
        p = q + 1;
    }
    return n;
}

/* The units of a cell, comma-separated, with the en dash "–" read as "-". */
static int units_of(const char *p, const char *end, char units[][16], int max)
{
    int n = 0;
    while (p < end && n < max) {
        while (p < end && *p == ' ') p++;
        if (p >= end) break;
        const char *e = memchr(p, ',', (size_t)(end - p));
        if (!e) e = end;
        const char *b = e;
        while (b > p && b[-1] == ' ') b--;
        if (b - p == 3 && memcmp(p, "\xe2\x80\x93", 3) == 0)
            strcpy(units[n++], "-");
        else if (b > p && b - p < 16) {
            memcpy(units[n], p, (size_t)(b - p));
            units[n++][b - p] = 0;
        }
        p = e + 1;
    }
    return n;
}

/* The column table of a doc (the first table whose header is "| column | unit | meaning |"),
 * read row by row and held to the list: every name in order, each with its unit (a row gives
 * one unit for all its names, or one each); a row about the law's energies stands for them. */
static void check_doc_table(const char *path)
{
    char *doc = slurp_all(path);
    CHECK_MSG(doc != NULL, "%s unreadable", path);
    if (!doc) return;
    const char *p = strstr(doc, "| column | unit | meaning |");
    CHECK_MSG(p != NULL, "%s: no table '| column | unit | meaning |'", path);
    int at = 0; /* the next listed column */
    for (p = p ? strchr(p, '\n') : NULL; p && at <= N_LISTED; p = strchr(p, '\n')) {
        const char *line = ++p;
        while (*line == ' ') line++;
        if (*line != '|') break;
        const char *c1 = strchr(line + 1, '|'), *c2 = c1 ? strchr(c1 + 1, '|') : NULL;
        if (!c2 || strncmp(line, "|---", 4) == 0) continue;
        char names[8][32], units[8][16];
        int nn = backticked(line + 1, c1, names, 8), nu = units_of(c1 + 1, c2, units, 8);
        if (strstr(line, "energies") && strstr(line, "energies") < c1) { /* the law's */
            CHECK_MSG(at < N_LISTED && !listed[at].name, "%s: the law's energies out of place",
                      path);
            at++;
            continue;
        }
        CHECK_MSG(nn > 0 && (nu == 1 || nu == nn), "%s: row '%.40s': %d names, %d units", path,
                  line, nn, nu);
        for (int i = 0; i < nn; i++, at++) {
            const listed_column *want = at < N_LISTED ? &listed[at] : NULL;
            CHECK_MSG(want && want->name && strcmp(names[i], want->name) == 0,
                      "%s: column %d is %s, the list has %s", path, at + 1, names[i],
                      want && want->name ? want->name : "the law's energies or nothing");
            if (want && nu > 0)
                CHECK_MSG(strcmp(units[nu == 1 ? 0 : i], want->unit) == 0,
                          "%s: column %s in %s, the list has %s", path, names[i],
                          units[nu == 1 ? 0 : i], want->unit);
        }
    }
    CHECK_MSG(at == N_LISTED, "%s: its table names %d of the %d listed columns", path, at,
              N_LISTED);
    free(doc);
}

static void test_docs_follow_the_list(void)
{
    check_doc_table("docs/records.md");
    check_doc_table("README.md");
}

/* A record of one state written by lt_record_row: its header is the columns by name, its row
 * the values lt_record_value gives (what results.rows holds), and the fields land where the
 * docs say (an independent statement of the first columns and of the energies' places). */
static void test_header_row_and_values_agree(void)
{
    const lt_law *law = lt_find_law("hertz_mindlin");
    CHECK(law != NULL);
    if (!law) return;
    char dir[] = "/tmp/lt-columns-XXXXXX", err[256];
    CHECK(mkdtemp(dir) != NULL);
    lt_record r;
    CHECK(lt_record_open(&r, dir, "one", law, NULL, err, sizeof err) == 0);
    lt_snapshot s = {.step = 7, .time = 0.5, .stage = 2, .contact = 1, .k = {30, 31}};
    for (int i = 0; i < LT_DOF; i++) s.u[i] = 1 + i, s.v[i] = 10 + i, s.f[i] = 20 + i;
    for (int i = 0; i < LT_MAX_ENERGIES + LT_E_DRIVER_COUNT; i++) s.energy[i] = 40 + i;
    lt_record_row(&r, NULL, &s);
    CHECK(lt_record_commit(&r, err, sizeof err) == 0);
    char path[64];
    snprintf(path, sizeof path, "%s/one.tsv", dir);
    char *text = slurp_all(path);
    CHECK(text != NULL);
    int n = lt_record_column_count(law);
    CHECK(n == lt_record_ncolumns + law->n_energies + LT_E_DRIVER_COUNT + LT_TAIL_COUNT);
    const char *p = text ? text : "";
    for (int c = 0; c < n; c++) {
        const char *name = lt_record_column_name(law, c);
        size_t len = strlen(name);
        CHECK_MSG(strncmp(p, name, len) == 0 && p[len] == (c + 1 < n ? '\t' : '\n'),
                  "header column %d: want %s at '%.20s'", c + 1, name, p);
        p += len + 1;
    }
    for (int c = 0; c < n; c++) {
        char *end;
        double x = strtod(p, &end);
        CHECK_MSG(end > p && x == lt_record_value(law, &s, c), "column %s: row %.17g, value %.17g",
                  lt_record_column_name(law, c), x, lt_record_value(law, &s, c));
        p = *end ? end + 1 : end;
    }
    /* the places of docs/records.md: step, ux, Fx, kt, the law's first energy, work, unbooked */
    CHECK(lt_record_value(law, &s, 0) == 7 && lt_record_value(law, &s, 4) == 1);
    CHECK(lt_record_value(law, &s, 16) == 20 && lt_record_value(law, &s, 23) == 31);
    CHECK_STR(lt_record_column_name(law, 24), law->energies[0].name);
    CHECK(lt_record_value(law, &s, 24) == 40);
    CHECK_STR(lt_record_column_name(law, 24 + law->n_energies), "work");
    CHECK(lt_record_value(law, &s, 24 + law->n_energies) == 40 + law->n_energies);
    CHECK_STR(lt_record_column_name(law, n - 1 - LT_TAIL_COUNT), "unbooked");
    free(text);
    remove(path);
    rmdir(dir);
}

const test_case columns_tests[] = {
    TEST(docs_follow_the_list),
    TEST(header_row_and_values_agree),
    {NULL, NULL},
};
