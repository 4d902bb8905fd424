/* tests/test_law_lists.c - the lists of built-in laws that README and docs keep follow the one list
 * (laws/laws.def, the registry): README's "Laws" table and docs/laws.md's summary table name every
 * built-in law once, in its order, and nothing else; docs/laws.md's table of what each law declares
 * gives each law's parameters from the materials, friction coefficient and state arrays as its
 * descriptor declares them; the prefixes of its naming scheme name every law.  Adding a law without
 * its rows fails here (docs/laws.md, "Writing a law in the tree", is the checklist). */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "cli.h"
#include "contact/builtin_laws.h"
#include "contact/registry.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The number of built-in laws: the lines of laws/laws.def. */
static int builtin_count(void)
{
    enum {
#define LT_BUILTIN_EACH(descriptor, name) ONE_##name,
#include "laws/laws.def"
#undef LT_BUILTIN_EACH
        N_BUILTIN
    };
    return N_BUILTIN;
}

/* The backquoted names of the text [p, end) appended to names[*n ..] (at most max, each < 64
 * characters). */
static void backquoted(const char *p, const char *end, char names[][64], int *n, int max)
{
    for (const char *q = p; q < end && (q = memchr(q, '`', (size_t)(end - q))) != NULL;) {
        const char *e = memchr(q + 1, '`', (size_t)(end - q - 1));
        if (!e) break;
        if (*n < max && e - q - 1 < 64) {
            memcpy(names[*n], q + 1, (size_t)(e - q - 1));
            names[(*n)++][e - q - 1] = 0;
        }
        q = e + 1;
    }
}

/* The first table after the line starting with `after` (NULL: the document's first table): the
 * names in the first cells' leading backquotes, in order, into names (at most max, each < 64
 * characters); returns how many.  A first cell may name several laws ("`linear`, `linear_rolling`"):
 * each is returned. */
static int table_laws(const char *doc, const char *after, char names[][64], int max)
{
    const char *p = after ? strstr(doc, after) : doc;
    if (!p) return -1;
    p = strstr(p, "\n|");
    if (!p) return -1;
    int n = 0;
    for (p++; *p == '|'; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : p + strlen(p)) {
        const char *end = strchr(p + 1, '|');
        if (!end || strncmp(p, "|---", 4) == 0) continue;
        backquoted(p, end, names, &n, max);
    }
    return n;
}

/* A table that lists the built-in laws one per row: exactly lt_laws[0 .. n), in order. */
static void check_one_per_row(const char *path, const char *after)
{
    char *doc = slurp_all(path);
    CHECK_MSG(doc != NULL, "%s unreadable", path);
    if (!doc) return;
    char names[64][64];
    int got = table_laws(doc, after, names, 64), n = builtin_count();
    CHECK_MSG(got >= 0, "%s: no table after '%s'", path, after ? after : "the start");
    for (int i = 0; i < n || i < got; i++) {
        const char *want = i < n ? lt_laws[i]->name : "(nothing)";
        const char *have = i < got ? names[i] : "(nothing)";
        CHECK_MSG(strcmp(want, have) == 0, "%s: row %d of the laws' table is %s, the list has %s",
                  path, i + 1, have, want);
    }
    free(doc);
}

static void test_readme_and_summary_list_every_law(void)
{
    check_one_per_row("README.md", "\n## Laws");
    check_one_per_row("docs/laws.md", NULL);
}

/* The row of docs/laws.md's table "What each law declares" that names law (its first cell), or
 * NULL; *cells gets the row's three other cells (from the materials, friction, state arrays). */
static const char *declares_row(const char *doc, const char *law, char cells[3][512])
{
    const char *t =
        strstr(doc, "| law | from the materials | friction coefficient | state arrays |");
    char key[80];
    snprintf(key, sizeof key, "`%s`", law);
    for (const char *p = t ? strchr(t, '\n') : NULL; p && p[1] == '|'; p = strchr(p + 1, '\n')) {
        const char *c1 = strchr(p + 2, '|'), *eol = strchr(p + 1, '\n');
        if (!c1 || !eol) break;
        const char *k = strstr(p + 1, key);
        if (!k || k > c1) continue;
        const char *c = c1;
        for (int i = 0; i < 3; i++) {
            const char *e = strchr(c + 1, '|');
            if (!e || e > eol) return NULL;
            snprintf(cells[i], 512, "%.*s", (int)(e - c - 1), c + 1);
            c = e;
        }
        return p + 1;
    }
    return NULL;
}

/* The backquoted names of a cell before its first "(" (what follows is commentary). */
static int cell_names(const char *cell, char names[][64], int max)
{
    const char *stop = strchr(cell, '(');
    int n = 0;
    backquoted(cell, stop ? stop : cell + strlen(cell), names, &n, max);
    return n;
}

static int named(char names[][64], int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (strcmp(names[i], name) == 0) return 1;
    return 0;
}

/* One law's row held to its descriptor. */
static void check_declares(const char *doc, const lt_law *law)
{
    char cells[3][512], names[32][64];
    CHECK_MSG(declares_row(doc, law->name, cells) != NULL,
              "docs/laws.md: no row for %s in \"What each law declares\"", law->name);
    if (!declares_row(doc, law->name, cells)) return;
    int n = cell_names(cells[0], names, 32), flagged = 0;
    for (int i = 0; i < law->n_params; i++) {
        int m = law->param_flags && (law->param_flags[i] & LT_PARAM_MATERIALS);
        flagged += m;
        CHECK_MSG(!m || named(names, n, law->params[i].name),
                  "docs/laws.md: %s takes %s from the materials, its row does not say so",
                  law->name, law->params[i].name);
    }
    CHECK_MSG(n == flagged,
              "docs/laws.md: %s's row names %d parameters from the materials, the "
              "law flags %d",
              law->name, n, flagged);
    char want[80];
    snprintf(want, sizeof want, "the state `%s`", law->friction ? law->friction : "");
    CHECK_MSG(law->friction ? strstr(cells[1], want) != NULL : strstr(cells[1], "none") != NULL,
              "docs/laws.md: %s's friction coefficient is %s", law->name,
              law->friction ? law->friction : "none");
    for (int i = 0; i < law->n_state_arrays; i++) {
        snprintf(want, sizeof want, "`%s[%d]`", law->state_arrays[i].name,
                 law->state_arrays[i].length);
        CHECK_MSG(strstr(cells[2], want) != NULL, "docs/laws.md: %s's state arrays miss %s",
                  law->name, want);
    }
    if (law->n_state_arrays == 0)
        CHECK_MSG(strstr(cells[2], "[") == NULL, "docs/laws.md: %s declares no state array",
                  law->name);
}

static void test_declarations_table_follows_the_descriptors(void)
{
    char *doc = slurp_all("docs/laws.md");
    CHECK(doc != NULL);
    if (!doc) return;
    for (int i = 0; i < builtin_count(); i++) check_declares(doc, lt_laws[i]);
    free(doc);
}

/* The naming scheme's list of prefixes ("The prefixes: `linear` LIN, ...") names every law. */
static void test_prefixes_name_every_law(void)
{
    char *doc = slurp_all("docs/laws.md");
    CHECK(doc != NULL);
    const char *p = doc ? strstr(doc, "The prefixes:") : NULL, *end = p ? strstr(p, ".  ") : NULL;
    CHECK_MSG(p && end, "docs/laws.md: no sentence \"The prefixes: ...\"");
    for (int i = 0; p && end && i < builtin_count(); i++) {
        char key[80];
        snprintf(key, sizeof key, "`%s`", lt_laws[i]->name);
        const char *k = strstr(p, key);
        size_t len = strlen(key);
        CHECK_MSG(k && k < end && (k[len] == ' ' || k[len] == '\n'),
                  "docs/laws.md: the prefixes do not name %s", lt_laws[i]->name);
    }
    free(doc);
}

const test_case law_lists_tests[] = {
    TEST(readme_and_summary_list_every_law),
    TEST(declarations_table_follows_the_descriptors),
    TEST(prefixes_name_every_law),
    {NULL, NULL},
};
