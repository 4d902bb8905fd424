/* src/script/script_run.c - running one test table: conversion in protected mode, the claims on
 * its names, the record opened, the run driven with its observers; its failure is
 * script_failure.c's, its files script_publish.c's, its summary and results script_report.c's. */
#define _POSIX_C_SOURCE 200809L
#include "base/watch.h"
#include "output/meta.h"
#include "output/progress.h"
#include "output/record.h"
#include "script/script_int.h"
#include <stdio.h>
#include <stdlib.h>

int lt_protected_read(lua_State *L)
{
    read_args *a = lua_touserdata(L, 1);
    a->cv.L = L;
    lt_read_test(&a->cv, a->r, a->idx, a->name);
    return 0;
}

/* Clamp the test's and its stages' max_steps to opts->max_steps_cap (the fuzz target). */
void lt_cap_steps(const lt_script_opts *o, lt_test *test)
{
    if (o->max_steps_cap <= 0) return;
    if (test->max_steps > o->max_steps_cap) test->max_steps = o->max_steps_cap;
    for (int i = 0; i < test->n_stages; i++)
        if (test->stages[i].max_steps > o->max_steps_cap)
            test->stages[i].max_steps = o->max_steps_cap;
}

/* The running test in the watch page, so that a supervisor names its lines (supervise.h). */
static void watch_test(const script_ctx *sc, const run_ctx *r, int call_line)
{
    int lines[64], n = r->test.n_stages < 64 ? r->test.n_stages : 64;
    for (int k = 0; k < n; k++) {
        srcloc_key p[2] = {{"stages", 0}, {NULL, k + 1}};
        lines[k] = lt_test_line(sc, call_line, p, 2);
    }
    char pre[160];
    lt_test_prefix(sc, pre, sizeof pre);
    lt_watch_test_begin(sc->script.path, lt_test_line(sc, call_line, NULL, 0), lines, n, pre,
                        r->name, r->test.law->name);
}

/* The run's observer row: the record (when written) and the kept states (case files), which may
 * hold at most the Lua state's memory limit (kept outside Lua, so counted here). */
static void observe_row(void *ctx, const lt_tester *t, const lt_snapshot *s)
{
    run_ctx *r = ctx;
    if (r->rec_open) lt_record_row(&r->rec, t, s);
    if (r->sc->keep_rows && !r->keep_failed) {
        if (r->n_kept == r->cap_kept) {
            long cap = r->cap_kept ? 2 * r->cap_kept : 1024;
            size_t max = r->sc->script.lim.max_bytes;
            lt_snapshot *k = max && (size_t)cap * sizeof *k > max
                                 ? NULL
                                 : realloc(r->kept, (size_t)cap * sizeof *k);
            if (!k)
                r->keep_failed = 1;
            else
                r->kept = k, r->cap_kept = cap;
        }
        if (!r->keep_failed) r->kept[r->n_kept++] = *s;
    }
    r->stop = (r->rec_open && r->rec.stop) || r->keep_failed;
}

/* lt_observer.on_tick of a run with a progress display (ctx: lt_progress). */
static void run_tick(void *ctx, const lt_tester *tester)
{
    const lt_view *t = lt_tester_view(tester);
    lt_progress_steps(ctx, t->step, t->stage + 1, t->test->n_stages);
}

/* Read the test table at test_idx into r in protected mode (a conversion error unwinds through
 * Lua): on an error the run is freed, then the error raised again. */
void lt_read_run_test(lua_State *L, run_ctx *r, read_args *args, int test_idx)
{
    lua_pushcfunction(L, lt_protected_read);
    lua_pushlightuserdata(L, args);
    lua_pushvalue(L, test_idx);
    if (lua_pcall(L, 2, 0, 0) != LUA_OK) {
        lt_run_release(r);
        lua_error(L);
    }
}

/* Free the run and raise msg (a complete message) as a Lua error.  Does not return. */
static _Noreturn void raise_released(lua_State *L, run_ctx *r, const char *msg)
{
    lt_run_release(r);
    lua_pushstring(L, msg);
    lua_error(L);
    abort(); /* not reached: lua_error does not return */
}

/* A new run (pushed as a userdata, freed with the state's GC: lt_run_release on __gc) with the
 * test table at idx read into it, its steps capped, and its tester. */
static run_ctx *read_run(script_ctx *sc, lua_State *L, int idx, int call_line)
{
    run_ctx *r = lt_run_new(L, sc);
    lt_make_proxies(L, r);
    read_args args = {
        .cv = {.file = sc->script.path,
               .loc = sc->script.loc,
               .L = L,
               .depth = sc->test_depth,
               .call_line = call_line},
        .r = r,
        .idx = 2,
        .name = &r->name,
    };
    for (int i = 0; i < sc->test_depth; i++) args.cv.path[i] = sc->test_path[i];
    lt_read_run_test(L, r, &args, idx);
    lt_cap_steps(sc->opts, &r->test);
    r->tester = lt_tester_new();
    if (!r->tester || !r->name) {
        lt_run_release(r);
        luaL_error(L, "out of memory");
    }
    r->t = r->tester;
    return r;
}

/* No file lawtester.write made in this script becomes the test's record (NAME.tsv, NAME.meta). */
static void claim_record_files(script_ctx *sc, lua_State *L, run_ctx *r, int call_line)
{
    for (int k = 0; k < 2; k++) {
        lua_pushfstring(L, "%s%s", r->name, k ? ".meta" : ".tsv");
        if (lt_claim_file(L, lua_tostring(L, -1), "run")) {
            char err[600];
            srcloc_key p[1] = {{"name", 0}};
            snprintf(err, sizeof err,
                     "%s:%d: field name: '%s': its record %s is a file lawtester.write wrote in "
                     "this script",
                     sc->script.path, lt_test_line(sc, call_line, p, 1), r->name,
                     lua_tostring(L, -1));
            raise_released(L, r, err);
        }
        lua_pop(L, 1);
    }
}

/* One test of a name per script, one writer of a test per directory: nothing of an earlier
 * result is replaced by a second test of its name, no two runs mix their files. */
static void claim_test_name(script_ctx *sc, lua_State *L, run_ctx *r, int call_line)
{
    const char *name = r->name;
    char err[600];
    int earlier = lt_claim_test_name(L, name, lt_test_line(sc, call_line, NULL, 0));
    srcloc_key np[1] = {{"name", 0}};
    if (earlier) {
        snprintf(err, sizeof err,
                 "%s:%d: field name: '%s' is the name of the test at line %d of this script too: "
                 "each test of a script needs a name of its own (its record %s.tsv would replace "
                 "the other's)",
                 sc->script.path, lt_test_line(sc, call_line, np, 1), name, earlier, name);
        raise_released(L, r, err);
    }
    int held;
    r->name_lock = lt_afile_lock(sc->opts->out_dir, name, &held, err, sizeof err);
    if (r->name_lock < 0) {
        char msg[900];
        if (held)
            snprintf(msg, sizeof msg, "%s:%d: field name: %s", sc->script.path,
                     lt_test_line(sc, call_line, np, 1), err);
        else
            snprintf(msg, sizeof msg, "%s:%d: %s", sc->script.path,
                     lt_test_line(sc, call_line, NULL, 0), err);
        raise_released(L, r, msg);
    }
}

/* The record and its .meta sidecar opened (temporary files), if the disk has room for them. */
static void open_record(script_ctx *sc, lua_State *L, run_ctx *r, int call_line)
{
    char err[600];
    sc->out.open = 0;
    int disk = lt_outlimit_check_disk(&sc->out);
    if (disk != LT_OUT_OK)
        lt_outlimit_reason(&sc->out, disk, err, sizeof err);
    else if (lt_record_open_state(&r->rec, sc->opts->out_dir, r->name, r->test.law, r->rec_state,
                                  r->n_rec_state, &sc->out, err, sizeof err) == 0)
        r->rec_open = 1;
    if (r->rec_open && lt_meta_open(&r->meta, sc->opts->out_dir, r->name, &r->test, &sc->out, err,
                                    sizeof err) == 0) {
        r->meta_open = 1;
        lt_meta_defines(&r->meta, sc->opts->defines, sc->opts->n_defines);
    }
    if (!r->meta_open) {
        lt_run_release(r);
        luaL_error(L, "%s:%d: %s", sc->script.path, lt_test_line(sc, call_line, NULL, 0), err);
    }
}

/* Drive the test with its observers (the record, the kept states, the progress bar; the watch
 * page names it); its steps are charged to the script.  Raises the run's error if it failed. */
static void drive_run(script_ctx *sc, lua_State *L, run_ctx *r, int call_line, int recording)
{
    lt_observer obs = {0};
    if (recording)
        obs = (lt_observer){.on_row = observe_row,
                            .row_ctx = r,
                            .on_contact = lt_meta_contact,
                            .contact_ctx = &r->meta,
                            .stop = &r->stop};
    else if (sc->keep_rows && r->test.record_every > 0)
        obs = (lt_observer){.on_row = observe_row, .row_ctx = r, .stop = &r->stop};
    lt_progress bar;
    char label[300];
    snprintf(label, sizeof label, "run %s", r->name);
    lt_progress_start(&bar, label, sc->opts->progress);
    if (bar.enabled) {
        obs.on_tick = run_tick;
        obs.tick_ctx = &bar;
    }
    watch_test(sc, r, call_line);
    int run_rc = lt_run_observed(r->tester, &r->test, &obs);
    const lt_view *t = lt_tester_view(r->tester);
    sc->steps_run += t->step; /* lawtester.run charges them to its caller's budget (script.c) */
    lt_progress_end_steps(&bar, t->step, r->test.n_stages, run_rc == 0);
    if (run_rc < 0) lt_fail_run(sc, L, r, call_line);
}

/* --stats: the run's steps and rows, and how its untils were evaluated (compiled or Lua). */
static void count_stats(script_ctx *sc, const run_ctx *r, long rows)
{
    lt_script_stats *st = sc->opts->stats;
    if (!st) return;
    st->tests++;
    st->steps += lt_tester_view(r->tester)->step;
    st->rows += rows;
    for (int i = 0; i < r->test.n_stages; i++) {
        if (r->cbs[2 * i].cond)
            st->compiled_untils++;
        else
            st->lua_untils++;
    }
}

/* Run the test table at stack index idx; leaves a results table on the stack. Raises Lua
 * errors (already formatted) on failure. */
void lt_run_test_table(script_ctx *sc, lua_State *L, int idx, int call_line)
{
    idx = lua_absindex(L, idx);
    run_ctx *r = read_run(sc, L, idx, call_line);
    lt_lint_test(sc, L, r, call_line);
    int recording = sc->opts->out_dir && r->test.record_every > 0;
    if (recording) {
        claim_record_files(sc, L, r, call_line);
        claim_test_name(sc, L, r, call_line);
        open_record(sc, L, r, call_line);
    }
    r->test.name = r->name;
    drive_run(sc, L, r, call_line, recording);
    lt_lint_stability(sc, L, r, call_line, r->tester);
    long rows = 0;
    if (recording)
        rows = lt_publish_record(sc, L, r, call_line);
    else if (!sc->opts->quiet)
        lt_print_summary(r->tester, r->name, NULL, 0);
    count_stats(sc, r, rows);
    lt_push_results(sc, L, r);
    lt_watch_test_end();
    lt_run_release(r);
    lua_remove(L, -2); /* the run_ctx userdata */
    sc->n_runs++;
}
