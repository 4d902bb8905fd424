/* src/script/script_failure.c - a run that failed: its one-line message, by what failed first
 * (the output bounds, the record, an until or done, a Lua law, a stage's value, the stage; the
 * stability check's text after it), the rows recorded before it kept as .partial; and where a
 * message about the test points: its line and the field path of a test inside a case file. */
#define _POSIX_C_SOURCE 200809L
#include "base/watch.h"
#include "output/meta.h"
#include "script/script_int.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The line a message about the test as a whole points at: the lawtester.run call, or the field
 * path of the returned table (NULL: the return). */
int lt_test_field_line(const script_ctx *sc, const srcloc_key *path, int depth)
{
    srcloc_key full[MAX_PATH_DEPTH];
    int n = 0;
    for (int i = 0; i < sc->test_depth && n < MAX_PATH_DEPTH; i++) full[n++] = sc->test_path[i];
    for (int i = 0; i < depth && n < MAX_PATH_DEPTH; i++) full[n++] = path[i];
    return lt_srcloc_line(sc->script.loc, full, n);
}

int lt_test_line(const script_ctx *sc, int call_line, const srcloc_key *path, int depth)
{
    return call_line > 0 ? call_line : lt_test_field_line(sc, path, depth);
}

/* "cases[2].test." for a test at sc->test_path, "" for the returned test table itself. */
void lt_test_prefix(const script_ctx *sc, char *buf, size_t n)
{
    size_t u = 0;
    buf[0] = 0;
    for (int i = 0; i < sc->test_depth && u < n; i++) {
        int w = sc->test_path[i].name
                    ? snprintf(buf + u, n - u, i ? ".%s" : "%s", sc->test_path[i].name)
                    : snprintf(buf + u, n - u, "[%d]", sc->test_path[i].index);
        if (w < 0) return;
        u += (size_t)w;
    }
    if (u > 0 && u < n) snprintf(buf + u, n - u, ".");
}

/* The message of a run that stopped at a stage's error (t->err), or whose recorded states outgrew
 * the memory limit, into msg (n bytes). */
static void stage_failure_text(const script_ctx *sc, const run_ctx *r, int call_line, char *msg,
                               size_t n)
{
    const lt_view *t = lt_tester_view(r->tester);
    srcloc_key p[2] = {{"stages", 0}, {NULL, t->stage + 1}};
    char pre[160];
    lt_test_prefix(sc, pre, sizeof pre);
    if (r->keep_failed)
        snprintf(msg, n,
                 "%s:%d: field %srecord: the recorded states of the run outgrow the memory limit "
                 "of %zu MB (record = { every = N } keeps every N-th)",
                 sc->script.path, lt_test_line(sc, call_line, NULL, 0), pre,
                 (sc->script.lim.cap_bytes ? sc->script.lim.cap_bytes : sc->script.lim.max_bytes) >>
                     20);
    else
        snprintf(msg, n, "%s:%d: field %sstages[%d]: %s", sc->script.path,
                 lt_test_line(sc, call_line, p, 2), pre, t->stage + 1, t->err);
}

/* The message of a run that failed into msg (n bytes), by what failed first: the output bounds
 * refused a row, the record could not be written, an until or done, a Lua law's init or step, a
 * value of a stage, or the stage itself; then the stability check's text if dt exceeded it. */
static void failure_text(script_ctx *sc, run_ctx *r, int call_line, char *msg, size_t n)
{
    const lt_view *t = lt_tester_view(r->tester);
    if (r->rec_open && r->rec.limit_hit) {
        /* the output bounds refused a row: the rows before it are kept (keep_partial) */
        char why[400];
        srcloc_key p[2] = {{"stages", 0}, {NULL, t->stage + 1}};
        lt_outlimit_reason(&sc->out, r->rec.limit_hit, why, sizeof why);
        snprintf(msg, n, "%s:%d: field stages[%d]: at step %ld: %s", sc->script.path,
                 lt_test_line(sc, call_line, p, 2), t->stage + 1, t->step, why);
    } else if (r->rec_open && r->rec.f.failed) {
        /* the record could not be written: nothing of it is kept */
        snprintf(msg, n, "%s:%d: cannot write '%s': %s", sc->script.path,
                 lt_test_line(sc, call_line, NULL, 0), r->rec.f.final_path,
                 strerror(r->rec.f.err_no ? r->rec.f.err_no : EIO));
    } else if (r->cb_error) {
        snprintf(msg, n, "%s", t->err);
    } else if (lt_script_law_error(&sc->script, r->tester, msg, n)) {
        /* a Lua law's init or step failed: its message, not the NaN output that stopped the run */
    } else if (t->err_field) { /* a value of the initial state (the driver names the field) */
        char pre[160];
        srcloc_key p[1] = {{t->err_field, 0}};
        lt_test_prefix(sc, pre, sizeof pre);
        const char *what = strstr(t->err, ": "); /* after "stage 1, step 0": not the stage's */
        snprintf(msg, n, "%s:%d: field %s%s: %s", sc->script.path,
                 lt_test_line(sc, call_line, p, 1), pre, t->err_field, what ? what + 2 : t->err);
    } else if (t->err_dof > 0) { /* a value of the stage: a servo's, a function's */
        srcloc_key p[4] = {{"stages", 0}, {NULL, t->stage + 1}, {"values", 0}, {NULL, t->err_dof}};
        snprintf(msg, n, "%s:%d: field stages[%d].values[%d]: %s", sc->script.path,
                 lt_test_line(sc, call_line, p, 4), t->stage + 1, t->err_dof, t->err);
    } else {
        stage_failure_text(sc, r, call_line, msg, n);
    }
    if (t->stab.exceeded) {
        char st[400];
        lt_stability_text(t->test->dt, &t->stab, "", st, sizeof st);
        snprintf(msg + strlen(msg), n - strlen(msg), "; %s", st);
    }
}

/* Keep the rows recorded before the failure as DIR/NAME.tsv.partial with DIR/NAME.meta.partial
 * (status `failed: MSG`), never under the final names, counted as kept output; where they are,
 * or why they could not be kept, is appended to msg (n bytes). */
static void keep_partial(script_ctx *sc, run_ctx *r, char *msg, size_t n)
{
    const lt_view *t = lt_tester_view(r->tester);
    char status[sizeof t->err + 1700], err[600];
    snprintf(status, sizeof status, "failed: %s", msg);
    lt_meta_finish(&r->meta, status);
    char *partial = malloc(strlen(r->rec.f.final_path) + 16);
    if (partial) sprintf(partial, "%s.partial", r->rec.f.final_path);
    int ok = partial && lt_afile_commit_as(&r->rec.f, ".partial", err, sizeof err) == 0;
    r->rec_open = 0;
    if (ok && lt_afile_commit_as(&r->meta.f, ".partial", err, sizeof err) < 0) {
        remove(partial);
        ok = 0;
    } else if (!ok) {
        lt_meta_abort(&r->meta); /* its temporary file goes with the record's */
    }
    r->meta_open = 0;
    char *meta_partial = ok ? lt_afile_path(sc->opts->out_dir, "", r->name, ".meta.partial") : NULL;
    if (ok)
        lt_outlimit_kept(&sc->out,
                         lt_file_size(partial) + (meta_partial ? lt_file_size(meta_partial) : 0));
    free(meta_partial);
    size_t u = strlen(msg);
    if (ok)
        snprintf(msg + u, n - u, " [rows up to the failure kept in %s]", partial);
    else
        snprintf(msg + u, n - u, " [the rows recorded before could not be kept: %s]",
                 partial ? err : "out of memory");
    free(partial);
}

/* Raise the message of a run that failed, after keeping the rows recorded before the failure
 * (keep_partial); free the run.  Does not return. */
void lt_fail_run(script_ctx *sc, lua_State *L, run_ctx *r, int call_line)
{
    const lt_view *t = lt_tester_view(r->tester);
    char msg[sizeof t->err + 1600];
    failure_text(sc, r, call_line, msg, sizeof msg);
    if (r->rec_open && !r->rec.f.failed && r->rec.rows > 0) keep_partial(sc, r, msg, sizeof msg);
    sc->out.open = 0;
    lt_watch_test_end();
    lt_run_release(r);
    lua_pushstring(L, msg);
    lua_error(L);
}
