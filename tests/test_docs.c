/* tests/test_docs.c - the reference docs match the tree: docs/architecture.md names every source
 * file under src/ and laws/ (a law file by the pattern laws/NAME.c, NAME_cases.c, NAME.h it
 * states, or by name), and every path it names exists; every doc the README links to exists. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The whole file as a string (NULL if unreadable); the caller frees it. */
static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 1 << 16, n = 0;
    char *s = malloc(cap);
    for (size_t k; s && (k = fread(s + n, 1, cap - n - 1, f)) > 0;) {
        n += k;
        if (n + 1 == cap) {
            char *t = realloc(s, cap *= 2);
            if (!t) free(s);
            s = t;
        }
    }
    fclose(f);
    if (s) s[n] = 0;
    return s;
}

static int ends_with(const char *s, const char *tail)
{
    size_t a = strlen(s), b = strlen(tail);
    return a >= b && strcmp(s + a - b, tail) == 0;
}

/* Every .c file under src/ (at its top and in its layer folders) is named in the architecture
 * doc with its path; returns how many files were looked at. */
static int check_named_in(const char *doc, const char *dir)
{
    char path[300];
    snprintf(path, sizeof path, "src%s%s", *dir ? "/" : "", dir);
    DIR *d = opendir(path);
    CHECK_MSG(d != NULL, "%s unreadable", path);
    int files = 0;
    for (struct dirent *e; d && (e = readdir(d));) {
        if (e->d_name[0] == '.') continue;
        if (!*dir && !strchr(e->d_name, '.')) {
            files += check_named_in(doc, e->d_name);
            continue;
        }
        if (!ends_with(e->d_name, ".c")) continue;
        char want[700];
        snprintf(want, sizeof want, "`%s/%s`", path, e->d_name);
        CHECK_MSG(strstr(doc, want), "docs/architecture.md does not name %s", want);
        files++;
    }
    if (d) closedir(d);
    return files;
}

static void test_architecture_names_every_source_file(void)
{
    char *doc = slurp("docs/architecture.md");
    CHECK_MSG(doc != NULL, "docs/architecture.md unreadable");
    if (!doc) return;
    CHECK(check_named_in(doc, "") >= 40);
    /* the laws' files by the pattern the laws row states */
    CHECK(strstr(doc, "`laws/NAME.c`") && strstr(doc, "`laws/NAME_cases.c`") && strstr(doc, "`laws/NAME.h`"));
    free(doc);
}

/* Every `src/...` or `laws/...` path the architecture doc names exists. */
static void test_architecture_names_no_missing_file(void)
{
    char *doc = slurp("docs/architecture.md");
    if (!doc) return;
    int named = 0;
    for (const char *p = doc; (p = strchr(p, '`'));) {
        const char *q = strchr(p + 1, '`');
        if (!q) break;
        size_t n = (size_t)(q - p - 1);
        if (n < 200 && (strncmp(p + 1, "src/", 4) == 0 || strncmp(p + 1, "laws/", 5) == 0) &&
            !memchr(p + 1, ' ', n) && !memchr(p + 1, '*', n)) {
            char path[200];
            memcpy(path, p + 1, n);
            path[n] = 0;
            if (strstr(path, "NAME") == NULL) {
                FILE *f = fopen(path, "rb");
                CHECK_MSG(f != NULL, "docs/architecture.md names %s, which does not exist", path);
                if (f) fclose(f);
                named++;
            }
        }
        p = q + 1;
    }
    CHECK(named >= 40);
    free(doc);
}

/* Every doc under docs/ the README links to exists. */
static void test_readme_links_exist(void)
{
    char *readme = slurp("README.md");
    CHECK(readme != NULL);
    if (!readme) return;
    int links = 0;
    for (const char *p = readme; (p = strstr(p, "](docs/"));) {
        const char *q = strpbrk(p + 2, ")#");
        if (!q) break;
        char path[200];
        size_t n = (size_t)(q - p - 2);
        if (n < sizeof path) {
            memcpy(path, p + 2, n);
            path[n] = 0;
            FILE *f = fopen(path, "rb");
            CHECK_MSG(f != NULL, "README links to %s, which does not exist", path);
            if (f) fclose(f);
            links++;
        }
        p = q;
    }
    CHECK(links >= 10);
    free(readme);
}

const test_case docs_tests[] = {
    TEST(architecture_names_every_source_file),
    TEST(architecture_names_no_missing_file),
    TEST(readme_links_exist),
    {NULL, NULL},
};
