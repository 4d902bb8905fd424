/* src/verify/verify_xfail.c - expected-failure units of verify rows: held, then resolved together
 * (src/verify/verify_xfail.h). */
#define _POSIX_C_SOURCE 200809L
#include "verify/verify_xfail.h"
#include <stdlib.h>
#include <string.h>

int lt_xfail_begin(lt_xfail_unit *u, const char *why)
{
    memset(u, 0, sizeof *u);
    if (!why) return 0;
    u->why = strdup(why);
    return u->why ? 0 : -1;
}

/* A copy of s appended at *p (a buffer sized for it). */
static const char *append_copy(char **p, const char *s)
{
    size_t n = strlen(s) + 1;
    char *at = *p;
    memcpy(at, s, n);
    *p += n;
    return at;
}

void lt_xfail_row(lt_xfail_unit *u, const lt_verify_row *row, lt_row_sink sink, void *ctx)
{
    if (!u->why) {
        sink(ctx, row);
        return;
    }
    const char *note = row->note ? row->note : "";
    char *text =
        malloc(strlen(row->law) + strlen(row->kase) + strlen(row->quantity) + strlen(note) + 4);
    if (u->n == u->cap) {
        int cap = u->cap ? 2 * u->cap : 4;
        lt_verify_row *rows = text ? realloc(u->rows, (size_t)cap * sizeof *rows) : NULL;
        if (rows) u->rows = rows, u->cap = cap;
    }
    if (!text || u->n == u->cap) { /* out of memory: the row as it is */
        free(text);
        sink(ctx, row);
        return;
    }
    lt_verify_row *r = &u->rows[u->n++];
    *r = *row;
    r->law = append_copy(&text,
                         row->law); /* the block starts with the law's name: freed through r->law */
    r->kase = append_copy(&text, row->kase);
    r->quantity = append_copy(&text, row->quantity);
    r->note = append_copy(&text, note);
}

void lt_xfail_end(lt_xfail_unit *u, lt_row_sink sink, void *ctx)
{
    int failed = 0;
    for (int i = 0; i < u->n; i++) failed += !u->rows[i].pass;
    for (int i = 0; i < u->n; i++) {
        lt_verify_row *r = &u->rows[i];
        if (!failed || !r->pass) lt_verify_row_xfail(r, u->why);
        sink(ctx, r);
        free((char *)r->law);
    }
    free(u->rows);
    free(u->why);
    memset(u, 0, sizeof *u);
}
