/* src/script/script_run.c - running one test table: conversion in protected mode, the record, its
 * .meta sidecar and surface, the summary on stdout, the plots, and the results table. */
#define _POSIX_C_SOURCE 200809L
#include "base/watch.h"
#include "contact/registry.h"
#include "output/fmt.h"
#include "output/meta.h"
#include "output/plot.h"
#include "output/progress.h"
#include "output/record.h"
#include "output/surface.h"
#include "script/script_int.h"
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- running a test ------------------------------------------------------------------- */

/* Shortest round-trip text of x in one of a few rotating buffers (for one printf call). */
static const char *num(double x)
{
    static char buf[8][FMT_DOUBLE_MAX + 1];
    static int next;
    char *b = buf[next++ % 8];
    lt_fmt_double_nul(b, x);
    return b;
}

static void print_body(char who, const lt_body *b)
{
    printf("%c %s", who, lt_shape_name(b->shape));
    switch (b->shape) {
    case LT_SPHERE: printf(" (r %s m)", num(b->radius)); break;
    case LT_CAPSULE: printf(" (r %s m, shaft %s m)", num(b->radius), num(b->shaft)); break;
    case LT_FACET: printf(" (halfThick %s m)", num(b->halfThick)); break;
    default: break;
    }
    if (b->fixed) printf(" fixed");
}

char **lt_plotted_names(const lt_pending *p, int first, int n)
{
    char **names = calloc((size_t)n, sizeof *names);
    if (names)
        for (int i = 0; i < n; i++) names[i] = strdup(p->final[first + i]);
    return names;
}

void lt_plotted_report(char **names, int n, int print)
{
    if (!names) return;
    for (int i = 0; i < n; i++) {
        if (print && names[i]) printf("  plotted %s\n", names[i]);
        free(names[i]);
    }
    free(names);
}

/* The summary's stiffness lines: the rule and its values at the last contact formed, and the
 * parameters "from the materials" (NaN default) that the test gave: the law uses those. */
static void print_stiffness(const lt_view *t)
{
    const lt_law *law = t->test->law;
    const lt_stiffness *sr = &t->test->stiffness;
    printf("  stiffness rule %s (area %s, lengths %s)", lt_stiff_rule_names[sr->rule],
           lt_stiff_area_names[sr->area], lt_stiff_lengths_names[sr->lengths]);
    if (t->n_formed == 0) {
        printf(": no contact formed\n");
    } else {
        const lt_stiff_result *k = &t->stiff;
        /* a law without a kn parameter (Hertzian: from the materials and the curvature) does not
         * take the rule's kn, kt: they are not printed as if it did */
        if (lt_law_param_index(law, "kn") >= 0)
            printf(": kn = %s N/m, kt = %s N/m, tanPhi = %s, lens = %s, %s m, contA = %s m^2\n",
                   num(k->kn), num(k->kt), num(k->tanPhi), num(k->lens[0]), num(k->lens[1]),
                   num(k->contA));
        else
            printf(": tanPhi = %s, lens = %s, %s m, contA = %s m^2 (its kn, kt: not used by %s, "
                   "which has no kn parameter)\n",
                   num(k->tanPhi), num(k->lens[0]), num(k->lens[1]), num(k->contA), law->name);
        printf("    (%s contact formed at step %ld, uN0 = %s m%s)\n",
               t->n_formed > 1 ? "the last" : "the", t->stiff_step, num(t->stiff_uN0),
               t->n_formed > 1 ? "; every contact is in the .meta file" : "");
    }
    int over = 0;
    for (int i = 0; i < law->n_params; i++)
        if (law->params[i].kind == LT_REAL && isnan(law->params[i].def) &&
            !isnan(t->test->params[i]))
            printf(over++ ? " %s" : "    law parameters given, used instead of the rule's: %s",
                   law->params[i].name);
    if (over) printf("\n");
}

/* The summary's energy lines: each energy at the end, and the balance. */
static void print_energies(const lt_view *t)
{
    const lt_law *law = t->test->law;
    printf("  energies [J]:");
    for (int i = 0; i < lt_energy_count(law); i++)
        printf(" %s=%.9g", lt_energy_name(law, i), t->energy[i]);
    printf("\n");
    double work = t->energy[law->n_energies + LT_E_WORK],
           bal = t->energy[law->n_energies + LT_E_BALANCE];
    if (law->n_energies)
        printf(
            "  energy balance: work - (dkin + delast + dissipated) = %.3g J (%.3g of the work)\n",
            bal, work != 0 ? fabs(bal / work) : 0.0);
    else /* nothing booked: the balance is what the contact absorbed (docs/energy.md, "unbooked") */
        printf("  energy balance: n/a, the law books no energies; its contact absorbed %.3g J "
               "(%.3g of the work; the unbooked column)\n",
               bal, work != 0 ? fabs(bal / work) : 0.0);
}

/* The summary of a run on stdout: the test, bodies, stiffness, final contact, the imposition
 * frame's predictor, energies, and the files written (file: NULL if none). */
static void print_summary(const lt_tester *tester, const char *name, const char *file, long rows)
{
    const lt_view *t = lt_tester_view(tester);
    printf("test %s: law %s, %ld steps, t = %.9g s, %d stages\n", name, t->test->law->name, t->step,
           t->time, t->test->n_stages);
    printf("  bodies: ");
    print_body('A', &t->test->body[0]);
    printf(", ");
    print_body('B', &t->test->body[1]);
    printf("\n");
    print_stiffness(t);
    if (t->has_contact)
        printf("  final contact: uN = %.9g m, kn = %.9g N/m, kt = %.9g N/m\n", t->u[0],
               t->resp.k[0], t->resp.k[1]);
    else
        printf("  final state: no contact\n");
    lt_predictor_stats p = lt_tester_predictor_stats(tester);
    if (p.used + p.passes > 0)
        printf("  imposition frame: predicted on %ld steps, trial passes on %ld (%ld predictions "
               "missed by more than theta^3 + 1e-12 rad; worst miss %.2g rad)\n",
               p.used, p.passes, p.misses, p.worst);
    print_energies(t);
    if (file) {
        size_t n = strlen(file);
        printf("  wrote %s (%ld rows) and %.*s.meta\n", file, rows, (int)(n > 4 ? n - 4 : n), file);
    }
}

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

static int test_line(const script_ctx *sc, int call_line, const srcloc_key *path, int depth)
{
    return call_line > 0 ? call_line : lt_test_field_line(sc, path, depth);
}

/* "cases[2].test." for a test at sc->test_path, "" for the returned test table itself. */
static void test_prefix(const script_ctx *sc, char *buf, size_t n)
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

/* The running test in the watch page, so that a supervisor names its lines (supervise.h). */
static void watch_test(const script_ctx *sc, const run_ctx *r, int call_line)
{
    int lines[64], n = r->test.n_stages < 64 ? r->test.n_stages : 64;
    for (int k = 0; k < n; k++) {
        srcloc_key p[2] = {{"stages", 0}, {NULL, k + 1}};
        lines[k] = test_line(sc, call_line, p, 2);
    }
    char pre[160];
    test_prefix(sc, pre, sizeof pre);
    lt_watch_test_begin(sc->script.path, test_line(sc, call_line, NULL, 0), lines, n, pre, r->name,
                        r->test.law->name);
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

/* results.rows: the kept states as columns named like the record's (record.h, the list
 * src/base/record_columns.def), each a list of numbers, and `n`, the number of states. */
static void push_rows(lua_State *L, const run_ctx *r)
{
    const lt_law *law = r->test.law;
    int ncol = lt_record_column_count(law);
    lua_createtable(L, 0, ncol + 1);
    lua_pushinteger(L, r->n_kept);
    lua_setfield(L, -2, "n");
    for (int c = 0; c < ncol; c++) {
        lua_createtable(L, (int)r->n_kept, 0);
        for (long i = 0; i < r->n_kept; i++) {
            lua_pushnumber(L, lt_record_value(law, &r->kept[i], c));
            lua_rawseti(L, -2, i + 1);
        }
        lua_setfield(L, -2, lt_record_column_name(law, c));
    }
}

/* "dt = X s exceeds ..." of the stability check (stability.h), into buf. */
static void stability_text(const lt_tester *tester, char *buf, size_t n)
{
    const lt_view *t = lt_tester_view(tester);
    const lt_stability *s = &t->stab;
    char z[64] = "";
    if (s->zeta > 0) snprintf(z, sizeof z, ", zetaN = %.4g", s->zeta);
    char where[64];
    if (s->stage > 0)
        snprintf(where, sizeof where, "stage %d, step %ld", s->stage, s->step);
    else
        snprintf(where, sizeof where, "the initial state");
    snprintf(buf, n,
             "dt = %.4g s exceeds the stability limit of leapfrog for the normal contact, dt_crit "
             "= %.4g s (m* = %.4g kg, kn = %.4g N/m%s; first at %s)",
             t->test->dt, s->dt_crit, s->mstar, s->k, z, where);
}

/* lt_observer.on_tick of a run with a progress display (ctx: lt_progress). */
static void run_tick(void *ctx, const lt_tester *tester)
{
    const lt_view *t = lt_tester_view(tester);
    lt_progress_steps(ctx, t->step, t->stage + 1, t->test->n_stages);
}

/* The message of a run that stopped at a stage's error (t->err), or whose recorded states outgrew
 * the memory limit, into msg (n bytes). */
static void stage_failure_text(const script_ctx *sc, const run_ctx *r, int call_line, char *msg,
                               size_t n)
{
    const lt_view *t = lt_tester_view(r->tester);
    srcloc_key p[2] = {{"stages", 0}, {NULL, t->stage + 1}};
    char pre[160];
    test_prefix(sc, pre, sizeof pre);
    if (r->keep_failed)
        snprintf(msg, n,
                 "%s:%d: field %srecord: the recorded states of the run outgrow the memory limit "
                 "of %zu MB (record = { every = N } keeps every N-th)",
                 sc->script.path, test_line(sc, call_line, NULL, 0), pre,
                 (sc->script.lim.cap_bytes ? sc->script.lim.cap_bytes : sc->script.lim.max_bytes) >>
                     20);
    else
        snprintf(msg, n, "%s:%d: field %sstages[%d]: %s", sc->script.path,
                 test_line(sc, call_line, p, 2), pre, t->stage + 1, t->err);
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
                 test_line(sc, call_line, p, 2), t->stage + 1, t->step, why);
    } else if (r->rec_open && r->rec.f.failed) {
        /* the record could not be written: nothing of it is kept */
        snprintf(msg, n, "%s:%d: cannot write '%s': %s", sc->script.path,
                 test_line(sc, call_line, NULL, 0), r->rec.f.final_path,
                 strerror(r->rec.f.err_no ? r->rec.f.err_no : EIO));
    } else if (r->cb_error) {
        snprintf(msg, n, "%s", t->err);
    } else if (lt_script_law_error(&sc->script, r->tester, msg, n)) {
        /* a Lua law's init or step failed: its message, not the NaN output that stopped the run */
    } else if (t->err_dof > 0) { /* a value of the stage: a servo's, a function's */
        srcloc_key p[4] = {{"stages", 0}, {NULL, t->stage + 1}, {"values", 0}, {NULL, t->err_dof}};
        snprintf(msg, n, "%s:%d: field stages[%d].values[%d]: %s", sc->script.path,
                 test_line(sc, call_line, p, 4), t->stage + 1, t->err_dof, t->err);
    } else {
        stage_failure_text(sc, r, call_line, msg, n);
    }
    if (t->stab.exceeded) {
        char st[400];
        stability_text(r->tester, st, sizeof st);
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
static void fail_run(script_ctx *sc, lua_State *L, run_ctx *r, int call_line)
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

/* Publish the pending outputs of a run or probe unless it failed already: within the output
 * limits (--max-output, --min-free), then renamed together.  Returns 1 (with the reason in err)
 * if the run failed or fails here, else 0. */
int lt_publish_outputs(script_ctx *sc, lt_pending *pending, int failed, char *err, size_t n)
{
    if (failed) return 1;
    int bound = lt_outlimit_publish(&sc->out, pending);
    if (bound != LT_OUT_OK) {
        lt_outlimit_reason(&sc->out, bound, err, n);
        return 1;
    }
    return lt_pending_publish(pending, err, n) < 0;
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
                     sc->script.path, test_line(sc, call_line, p, 1), r->name, lua_tostring(L, -1));
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
    int earlier = lt_claim_test_name(L, name, test_line(sc, call_line, NULL, 0));
    srcloc_key np[1] = {{"name", 0}};
    if (earlier) {
        snprintf(err, sizeof err,
                 "%s:%d: field name: '%s' is the name of the test at line %d of this script too: "
                 "each test of a script needs a name of its own (its record %s.tsv would replace "
                 "the other's)",
                 sc->script.path, test_line(sc, call_line, np, 1), name, earlier, name);
        raise_released(L, r, err);
    }
    int held;
    r->name_lock = lt_afile_lock(sc->opts->out_dir, name, &held, err, sizeof err);
    if (r->name_lock < 0) {
        char msg[900];
        if (held)
            snprintf(msg, sizeof msg, "%s:%d: field name: %s", sc->script.path,
                     test_line(sc, call_line, np, 1), err);
        else
            snprintf(msg, sizeof msg, "%s:%d: %s", sc->script.path,
                     test_line(sc, call_line, NULL, 0), err);
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
    else if (lt_record_open(&r->rec, sc->opts->out_dir, r->name, r->test.law, &sc->out, err,
                            sizeof err) == 0)
        r->rec_open = 1;
    if (r->rec_open && lt_meta_open(&r->meta, sc->opts->out_dir, r->name, &r->test, &sc->out, err,
                                    sizeof err) == 0)
        r->meta_open = 1;
    if (!r->meta_open) {
        lt_run_release(r);
        luaL_error(L, "%s:%d: %s", sc->script.path, test_line(sc, call_line, NULL, 0), err);
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
    if (run_rc < 0) fail_run(sc, L, r, call_line);
}

/* The law's surface beside the record (the contact as created, and at the end) into the pending
 * files: 1 if written, 0 if the run has none, < 0 on failure (err). */
static int write_surface(script_ctx *sc, run_ctx *r, char *err, size_t n)
{
    const lt_view *t = lt_tester_view(r->tester);
    if (!(r->rec.have_force && t->created)) return 0;
    double lo, hi;
    lt_surface_range(r->test.law, r->test.params, t->law_state_created, r->rec.fn_min,
                     r->rec.fn_max, r->rec.ft_max, &lo, &hi);
    return lt_surface_write_pending(sc->opts->out_dir, r->name, r->test.law, r->test.params,
                                    t->law_state_created, t->law_state, lo, hi, &r->pending, err,
                                    n);
}

/* The sidecar (status complete) closed into the pending files and the record into table (it is
 * renamed last); after a failure (*failed), each is removed instead.  The sidecar's temporary
 * path, for the plots' titles (NULL after a failure). */
static const char *close_record(run_ctx *r, lt_pending *table, int *failed, char *err, size_t n)
{
    lt_meta_finish(&r->meta, "complete");
    r->meta_open = 0;
    if (*failed)
        lt_meta_abort(&r->meta);
    else
        *failed = lt_afile_close_into(&r->meta.f, &r->pending, err, n) < 0;
    const char *meta_tmp = *failed ? NULL : r->pending.tmp[r->pending.n - 1];
    r->rec_open = 0;
    if (*failed)
        lt_record_abort(&r->rec);
    else
        *failed = lt_afile_close_into(&r->rec.f, table, err, n) < 0;
    return meta_tmp;
}

/* The record's plots (gnuplot) into the pending files: their number, or < 0 (err). */
static int render_plots(run_ctx *r, const lt_pending *table, const char *meta_tmp,
                        const char *surface_tmp, char *err, size_t n)
{
    const lt_view *t = lt_tester_view(r->tester);
    /* the Coulomb cone: the friction coefficient the law declares (lt_law.friction) */
    double tanphi = lt_law_friction(r->test.law, r->test.params, t->law_state, t->stiff.tanPhi);
    lt_watch_page->stage = 0; /* the steps are over: a fault now is the plots' */
    lt_watch_text(lt_watch_page->doing, sizeof lt_watch_page->doing,
                  "while its plots were rendered (gnuplot)");
    lt_plot_input in = {.data = table->tmp[0],
                        .base = table->final[0],
                        .meta = meta_tmp,
                        .surface = surface_tmp,
                        .tanPhi = tanphi};
    return lt_plot_pending(NULL, &in, &r->pending, err, n);
}

/* The record (in table) joins the pending files, last; its final path kept in r->file.  1 on
 * failure (err), else 0; table is left empty. */
static int add_record(run_ctx *r, lt_pending *table, char *err, size_t n)
{
    r->file = strdup(table->final[0]);
    int failed = lt_pending_add(&r->pending, table->tmp[0], table->final[0]) < 0;
    if (failed) snprintf(err, n, "out of memory");
    free(table->tmp);
    free(table->final);
    memset(table, 0, sizeof *table);
    return failed;
}

/* A record of this name from a failed run (NAME.tsv.partial, NAME.meta.partial) is out of date. */
static void remove_stale(const script_ctx *sc, const char *name)
{
    static const char *const stale_suffix[2] = {".tsv.partial", ".meta.partial"};
    for (int i = 0; i < 2; i++) {
        char *stale = lt_afile_path(sc->opts->out_dir, "", name, stale_suffix[i]);
        if (stale) lt_afile_remove_stale(stale);
        free(stale);
    }
}

/* The record's files: everything goes to temporary files first (the surface, the sidecar, the
 * record, the plots), then all are renamed together, the record last, or all removed if any of
 * them failed; then the summary.  The record's rows. */
static long publish_record(script_ctx *sc, lua_State *L, run_ctx *r, int call_line)
{
    long rows = r->rec.rows;
    char err[600];
    int wrote = write_surface(sc, r, err, sizeof err);
    const char *surface_tmp = wrote > 0 ? r->pending.tmp[r->pending.n - 1] : NULL;
    lt_pending table = {0};
    int failed = wrote < 0, plots = 0, first_plot = 0;
    const char *meta_tmp = close_record(r, &table, &failed, err, sizeof err);
    if (!failed && sc->opts->plot) {
        first_plot = r->pending.n;
        plots = render_plots(r, &table, meta_tmp, surface_tmp, err, sizeof err);
        failed = plots < 0;
    }
    if (!failed) failed = add_record(r, &table, err, sizeof err);
    lt_pending_discard(&table);
    /* the plotted names, for the summary, before the set is emptied */
    char **plotted = NULL;
    if (!failed && plots > 0 && !sc->opts->quiet)
        plotted = lt_plotted_names(&r->pending, first_plot, plots);
    failed = lt_publish_outputs(sc, &r->pending, failed, err, sizeof err);
    if (failed) {
        sc->out.open = 0;
        lt_plotted_report(plotted, plots, 0);
        lt_run_release(r);
        luaL_error(L, "%s:%d: %s", sc->script.path, test_line(sc, call_line, NULL, 0), err);
    }
    remove_stale(sc, r->name);
    if (!sc->opts->quiet) print_summary(r->tester, r->name, r->file, rows);
    lt_plotted_report(plotted, plots, 1);
    return rows;
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

/* results.stiffness: the stiffness rule and its values for the last contact formed. */
static void push_stiffness(lua_State *L, const run_ctx *r)
{
    const lt_view *t = lt_tester_view(r->tester);
    const lt_stiffness *sr = &r->test.stiffness;
    lua_createtable(L, 0, 12);
    lua_pushstring(L, lt_stiff_rule_names[sr->rule]);
    lua_setfield(L, -2, "rule");
    lua_pushstring(L, lt_stiff_area_names[sr->area]);
    lua_setfield(L, -2, "area");
    lua_pushstring(L, lt_stiff_lengths_names[sr->lengths]);
    lua_setfield(L, -2, "lengths");
    lua_pushinteger(L, t->n_formed);
    lua_setfield(L, -2, "contacts");
    if (t->n_formed > 0) {
        const char *keys[7] = {"kn", "kt", "tanPhi", "l1", "l2", "contA", "uN0"};
        double vals[7] = {t->stiff.kn,      t->stiff.kt,    t->stiff.tanPhi, t->stiff.lens[0],
                          t->stiff.lens[1], t->stiff.contA, t->stiff_uN0};
        for (int i = 0; i < 7; i++) {
            lua_pushnumber(L, vals[i]);
            lua_setfield(L, -2, keys[i]);
        }
        lua_pushinteger(L, t->stiff_step);
        lua_setfield(L, -2, "step");
    }
}

/* results.C: the contact at the end of the run (as C in until/done), with the law's state. */
static void push_contact(lua_State *L, const run_ctx *r)
{
    const lt_view *t = lt_tester_view(r->tester);
    lua_createtable(L, 0, 8);
    lua_pushnumber(L, t->u[0]);
    lua_setfield(L, -2, "uN");
    const double *vs[3] = {t->u, t->c.v, t->resp.f};
    const char *vn[3] = {"u", "v", "f"};
    for (int g = 0; g < 3; g++) {
        lua_createtable(L, LT_DOF, 0);
        for (int k = 0; k < LT_DOF; k++) {
            lua_pushnumber(L, vs[g][k]);
            lua_rawseti(L, -2, k + 1);
        }
        lua_setfield(L, -2, vn[g]);
    }
    const char *keys[5] = {"kn", "kt", "contA", "l1", "l2"};
    double vals[5] = {t->resp.k[0], t->resp.k[1], t->c.contA, t->c.lens[0], t->c.lens[1]};
    for (int i = 0; i < 5; i++) {
        lua_pushnumber(L, vals[i]);
        lua_setfield(L, -2, keys[i]);
    }
    for (int i = 0; i < r->test.law->n_state; i++) {
        /* a state named kn or kt (law_check.c allows those two) leaves C's own, as in until */
        if (lua_getfield(L, -1, r->test.law->state_names[i]) == LUA_TNIL) {
            lua_pushnumber(L, t->law_state[i]);
            lua_setfield(L, -3, r->test.law->state_names[i]);
        }
        lua_pop(L, 1);
    }
}

/* The results table of the run: its name, steps, time, dt, rows (case files), record file,
 * energies E, stiffness, the bodies A and B and the contact C at the end. */
static void push_results(script_ctx *sc, lua_State *L, const run_ctx *r)
{
    const lt_view *t = lt_tester_view(r->tester);
    lua_createtable(L, 0, 8);
    lua_pushstring(L, r->name);
    lua_setfield(L, -2, "name");
    lua_pushinteger(L, t->step);
    lua_setfield(L, -2, "steps");
    lua_pushnumber(L, t->time);
    lua_setfield(L, -2, "time");
    lua_pushnumber(L, r->test.dt);
    lua_setfield(L, -2, "dt");
    if (sc->keep_rows) {
        push_rows(L, r);
        lua_setfield(L, -2, "rows");
    }
    if (r->file) {
        lua_pushstring(L, r->file);
        lua_setfield(L, -2, "file");
    }
    lua_createtable(L, 0, 8);
    for (int i = 0; i < lt_energy_count(r->test.law); i++) {
        lua_pushnumber(L, t->energy[i]);
        lua_setfield(L, -2, lt_energy_name(r->test.law, i));
    }
    lua_setfield(L, -2, "E");
    push_stiffness(L, r);
    lua_setfield(L, -2, "stiffness");
    /* the bodies at the end of the run (as A and B in until/done) */
    lt_push_body_state(L, r->tester, 0);
    lua_setfield(L, -2, "A");
    lt_push_body_state(L, r->tester, 1);
    lua_setfield(L, -2, "B");
    if (t->has_contact) {
        push_contact(L, r);
        lua_setfield(L, -2, "C");
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
        rows = publish_record(sc, L, r, call_line);
    else if (!sc->opts->quiet)
        print_summary(r->tester, r->name, NULL, 0);
    count_stats(sc, r, rows);
    push_results(sc, L, r);
    lt_watch_test_end();
    lt_run_release(r);
    lua_remove(L, -2); /* the run_ctx userdata */
    sc->n_runs++;
}
