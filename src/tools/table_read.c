/* src/tools/table_read.c - a text table with one header line into memory (table_read.h). */
#define _POSIX_C_SOURCE 200809L
#include "tools/table_read.h"
#include "base/quote.h"
#include "base/rfile.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

/* The cells of line, cut in place (table_read.h: a run of blanks, or a comma with the blanks
 * around it, separates two cells).  Returns their number (*cells grown as needed; an empty cell
 * is ""), or -1 out of memory. */
static int split(char *line, char ***cells, int *cap)
{
    int n = 0;
    char *p = line;
    while (blank(*p)) p++;
    if (!*p) return 0;
    for (;;) {
        if (n == *cap) {
            int c = *cap ? 2 * *cap : 16;
            char **g = realloc(*cells, sizeof *g * (size_t)c);
            if (!g) return -1;
            *cells = g;
            *cap = c;
        }
        (*cells)[n++] = p;
        while (*p && !blank(*p) && *p != ',') p++;
        char *end = p;
        while (blank(*p)) p++;
        int comma = *p == ',';
        if (comma) {
            p++;
            while (blank(*p)) p++;
        }
        *end = 0;
        if (!*p && !comma) return n;
        /* a comma at the end leaves one empty cell after it */
    }
}

/* 1 if the whole of s is a number strtod reads */
static int number(const char *s, double *x)
{
    if (!*s) return 0;
    char *end;
    errno = 0;
    *x = strtod(s, &end);
    return *end == 0; /* an overflow reads as inf, an underflow as 0: both are the cell's value */
}

void lt_table_free(lt_table *t)
{
    for (int i = 0; i < t->ncols; i++) free(t->names[i]);
    free(t->names);
    free(t->v);
    free(t->line);
    free(t->index);
    memset(t, 0, sizeof *t);
}

/* FNV-1a */
static size_t hash(const char *s)
{
    size_t h = (size_t)2166136261u;
    for (; *s; s++) h = (h ^ (unsigned char)*s) * (size_t)16777619u;
    return h;
}

/* The slot of name in t's index: the one holding it, or the empty one where it would go. */
static size_t slot(const lt_table *t, const char *name)
{
    size_t mask = t->index_cap - 1, i = hash(name) & mask;
    while (t->index[i] >= 0 && strcmp(t->names[t->index[i]], name) != 0) i = (i + 1) & mask;
    return i;
}

int lt_table_col(const lt_table *t, const char *name)
{
    if (!t->index_cap) return -1;
    return t->index[slot(t, name)];
}

void lt_table_names(const lt_table *t, char *buf, size_t n)
{
    size_t len = 0;
    if (n) buf[0] = 0;
    for (int i = 0; i < t->ncols && n; i++) {
        size_t need = strlen(t->names[i]) + (i ? 1 : 0);
        if (len + need + 4 >= n) {
            snprintf(buf + len, n - len, "%s...", i ? " " : "");
            return;
        }
        len += (size_t)snprintf(buf + len, n - len, "%s%s", i ? " " : "", t->names[i]);
    }
}

/* The header's cells as the column names of t.  0, or -1 with err. */
static int take_header(lt_table *t, char **cells, int n, const char *qpath, int line, char *err,
                       size_t errlen)
{
    if (n == 0) {
        snprintf(err, errlen,
                 "%s:%d: field header: no column names (a table needs one line of column names "
                 "before its rows)",
                 qpath, line);
        return -1;
    }
    t->names = calloc((size_t)n, sizeof *t->names);
    size_t cap = 16;
    while (cap < 2 * (size_t)n) cap *= 2; /* at most half full */
    t->index = malloc(cap * sizeof *t->index);
    if (!t->names || !t->index) {
        snprintf(err, errlen, "%s:%d: out of memory", qpath, line);
        return -1;
    }
    t->index_cap = cap;
    for (size_t i = 0; i < cap; i++) t->index[i] = -1;
    t->ncols = n;
    t->header_line = line;
    for (int i = 0; i < n; i++) {
        char *c = cells[i];
        size_t len = strlen(c);
        if (len >= 2 && c[0] == '"' && c[len - 1] == '"') c[len - 1] = 0, c++;
        if (!*c) {
            snprintf(err, errlen, "%s:%d: field header: column %d has no name", qpath, line, i + 1);
            return -1;
        }
        t->names[i] = strdup(c);
        if (!t->names[i]) {
            snprintf(err, errlen, "%s:%d: out of memory", qpath, line);
            return -1;
        }
        size_t at = slot(t, c);
        if (t->index[at] >= 0) {
            char qn[LT_QUOTE_KEEP + 1];
            snprintf(err, errlen, "%s:%d: field header: column '%s' twice (columns %d and %d)",
                     qpath, line, lt_quote(c, qn, sizeof qn, 40), t->index[at] + 1, i + 1);
            return -1;
        }
        t->index[at] = i;
    }
    return 0;
}

/* One row of cells into t.  0, or -1 with err. */
static int take_row(lt_table *t, char **cells, int n, long *cap, const char *qpath, int line,
                    char *err, size_t errlen)
{
    if (n != t->ncols) {
        snprintf(err, errlen,
                 "%s:%d: field row: %d cells, but the header (line %d%s) names %d columns", qpath,
                 line, n, t->header_line,
                 t->header_comment ? ", the last comment line above the rows" : "", t->ncols);
        return -1;
    }
    if (t->nrows == *cap) {
        long c = *cap ? 2 * *cap : 1024;
        double *v = realloc(t->v, sizeof *v * (size_t)c * (size_t)t->ncols);
        if (v) t->v = v;
        long *l = v ? realloc(t->line, sizeof *l * (size_t)c) : NULL;
        if (!v || !l) {
            snprintf(err, errlen, "%s:%d: out of memory", qpath, line);
            return -1;
        }
        t->line = l;
        *cap = c;
    }
    double *row = t->v + t->nrows * t->ncols;
    for (int i = 0; i < n; i++)
        if (!number(cells[i], &row[i])) {
            char qn[LT_QUOTE_KEEP + 1], qc[LT_QUOTE_KEEP + 1];
            lt_quote(t->names[i], qn, sizeof qn, 40);
            if (!*cells[i])
                snprintf(err, errlen, "%s:%d: field %s (column %d): an empty cell", qpath, line, qn,
                         i + 1);
            else
                snprintf(err, errlen, "%s:%d: field %s (column %d): '%s' is not a number", qpath,
                         line, qn, i + 1, lt_quote(cells[i], qc, sizeof qc, 40));
            return -1;
        }
    t->line[t->nrows++] = line;
    return 0;
}

/* The bounds of a line just read (got bytes, total read so far): the file grown past its bound, a
 * line too long, a NUL byte (which would end the line early, its cells after it unread).  0, or
 * -1 with err. */
static int line_ok(const lt_table *t, const char *buf, ssize_t got, long long total,
                   const char *qpath, int line, char *err, size_t errlen)
{
    if (total > LT_TABLE_MAX_BYTES) { /* grown since the open */
        lt_rfile_too_big(qpath, line, LT_TABLE_MAX_BYTES, err, errlen);
        return -1;
    }
    const char *field = t->ncols ? "row" : "header";
    if (got > LT_TABLE_MAX_LINE) {
        snprintf(err, errlen,
                 "%s:%d: field %s: a line of %lld bytes, more than the %ld a table's line may hold",
                 qpath, line, field, (long long)got, LT_TABLE_MAX_LINE);
        return -1;
    }
    const char *nul = memchr(buf, 0, (size_t)got);
    if (nul) {
        snprintf(err, errlen,
                 "%s:%d: field %s: a NUL byte (byte %lld of the line): a table is text", qpath,
                 line, field, (long long)(nul - buf) + 1);
        return -1;
    }
    return 0;
}

int lt_table_read(lt_table *t, const char *path, char *err, size_t errlen)
{
    memset(t, 0, sizeof *t);
    char qpath[LT_QUOTE_KEEP + 1];
    lt_quote(path, qpath, sizeof qpath, LT_QUOTE_KEEP);
    long long size, total = 0;
    FILE *fp = lt_rfile_open(path, qpath, LT_TABLE_MAX_BYTES, &size, err, errlen);
    if (!fp) return -1;
    char *buf = NULL, *comment = NULL, **cells = NULL;
    size_t bufcap = 0;
    int ncap = 0, line = 0, comment_line = 0, rc = 0;
    long rowcap = 0;
    ssize_t got;
    errno = 0;
    while (rc == 0 && (got = getline(&buf, &bufcap, fp)) >= 0) {
        line++;
        total += got;
        if (line_ok(t, buf, got, total, qpath, line, err, errlen) < 0) {
            rc = -1;
            break;
        }
        if (got > 0 && buf[got - 1] == '\n') buf[--got] = 0;
        char *s = buf;
        while (blank(*s)) s++;
        if (!*s) continue;
        if (*s == '#') {
            if (t->ncols) continue;
            free(comment);
            comment = strdup(s + 1);
            comment_line = line;
            if (!comment) rc = -2;
            continue;
        }
        int n = split(s, &cells, &ncap);
        if (n < 0) {
            rc = -2;
            break;
        }
        if (t->ncols) {
            rc = take_row(t, cells, n, &rowcap, qpath, line, err, errlen);
            continue;
        }
        double x;
        if (!number(cells[0], &x)) { /* the first line of names */
            rc = take_header(t, cells, n, qpath, line, err, errlen);
            continue;
        }
        /* a row first: the header is the last comment above it */
        if (!comment) {
            snprintf(err, errlen,
                     "%s:%d: field header: no header: line %d is a row of numbers (a table needs "
                     "one line of column names first, '#' allowed before them)",
                     qpath, line, line);
            rc = -1;
            break;
        }
        char **hc = NULL;
        int hcap = 0, hn = split(comment, &hc, &hcap);
        rc = hn < 0 ? -2 : take_header(t, hc, hn, qpath, comment_line, err, errlen);
        t->header_comment = 1;
        free(hc);
        if (rc == 0) rc = take_row(t, cells, n, &rowcap, qpath, line, err, errlen);
    }
    if (rc == 0 && ferror(fp)) {
        snprintf(err, errlen, "%s:%d: cannot read: %s", qpath, line, strerror(errno ? errno : EIO));
        rc = -1;
    }
    if (rc == -2) snprintf(err, errlen, "%s:%d: out of memory", qpath, line);
    if (rc == 0 && !t->ncols)
        snprintf(err, errlen,
                 "%s:%d: field header: no header (the file holds no line of column names%s)", qpath,
                 comment    ? comment_line
                 : line > 0 ? line
                            : 1,
                 comment ? ", only comments" : ""),
            rc = -1;
    else if (rc == 0 && !t->nrows)
        snprintf(err, errlen, "%s:%d: field row: no rows after the header (line %d)", qpath, line,
                 t->header_line),
            rc = -1;
    fclose(fp);
    free(buf);
    free(comment);
    free(cells);
    if (rc) lt_table_free(t);
    return rc ? -1 : 0;
}
