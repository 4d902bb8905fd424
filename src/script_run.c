/* src/script_run.c - running one test table: conversion in protected mode, the record, its
 * .meta sidecar and surface, the summary on stdout, the plots, and the results table. */
#define _POSIX_C_SOURCE 200809L
#include "script_int.h"
#include "fmt.h"
#include "meta.h"
#include "plot.h"
#include "record.h"
#include "registry.h"
#include "surface.h"
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
    fmt_double_nul(b, x);
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

char **plotted_names(const lt_pending *p, int first, int n)
{
    char **names = calloc((size_t)n, sizeof *names);
    if (names)
        for (int i = 0; i < n; i++) names[i] = strdup(p->final[first + i]);
    return names;
}

void plotted_report(char **names, int n, int print)
{
    if (!names) return;
    for (int i = 0; i < n; i++) {
        if (print && names[i]) printf("  plotted %s\n", names[i]);
        free(names[i]);
    }
    free(names);
}

static void print_summary(const lt_tester *t, const char *name, const char *file, long rows)
{
    const lt_law *law = t->test->law;
    printf("test %s: law %s, %ld steps, t = %.9g s, %d stages\n", name, law->name, t->step, t->time,
           t->test->n_stages);
    printf("  bodies: ");
    print_body('A', &t->test->body[0]);
    printf(", ");
    print_body('B', &t->test->body[1]);
    printf("\n");
    const lt_stiffness *sr = &t->test->stiffness;
    printf("  stiffness rule %s (area %s, lengths %s)", lt_stiff_rule_names[sr->rule], lt_stiff_area_names[sr->area],
           lt_stiff_lengths_names[sr->lengths]);
    if (t->n_formed == 0) {
        printf(": no contact formed\n");
    } else {
        const lt_stiff_result *k = &t->stiff;
        printf(": kn = %s N/m, kt = %s N/m, tanPhi = %s, lens = %s, %s m, contA = %s m^2\n", num(k->kn), num(k->kt),
               num(k->tanPhi), num(k->lens[0]), num(k->lens[1]), num(k->contA));
        printf("    (%s contact formed at step %ld, uN0 = %s m%s)\n", t->n_formed > 1 ? "the last" : "the", t->stiff_step,
               num(t->stiff_uN0), t->n_formed > 1 ? "; every contact is in the .meta file" : "");
    }
    /* parameters "from the materials" (NaN default) that the test gave: the law uses those */
    int over = 0;
    for (int i = 0; i < law->n_params; i++)
        if (law->params[i].kind == LT_REAL && isnan(law->params[i].def) && !isnan(t->test->params[i]))
            printf(over++ ? " %s" : "    law parameters given, used instead of the rule's: %s", law->params[i].name);
    if (over) printf("\n");
    if (t->has_contact) printf("  final contact: uN = %.9g m, kn = %.9g N/m, kt = %.9g N/m\n", t->u[0], t->resp.k[0], t->resp.k[1]);
    else printf("  final state: no contact\n");
    const lt_predictor *p = &t->pred;
    if (p->used + p->passes > 0)
        printf("  imposition frame: predicted on %ld steps, trial passes on %ld (%ld predictions missed by more than "
               "theta^3 + 1e-12 rad; worst miss %.2g rad)\n",
               p->used, p->passes, p->misses, p->worst);
    printf("  energies [J]:");
    for (int i = 0; i < lt_energy_count(law); i++) printf(" %s=%.9g", lt_energy_name(law, i), t->energy[i]);
    printf("\n");
    double work = t->energy[law->n_energies + LT_E_WORK], bal = t->energy[law->n_energies + LT_E_BALANCE];
    printf("  energy balance: work - (dkin + delast + dissipated) = %.3g J (%.3g of the work)\n", bal,
           work != 0 ? fabs(bal / work) : 0.0);
    if (file) {
        size_t n = strlen(file);
        printf("  wrote %s (%ld rows) and %.*s.meta\n", file, rows, (int)(n > 4 ? n - 4 : n), file);
    }
}

int protected_read(lua_State *L)
{
    read_args *a = lua_touserdata(L, 1);
    a->cv.L = L;
    read_test(&a->cv, a->r, a->idx, a->name);
    return 0;
}

/* Clamp the test's and its stages' max_steps to opts->max_steps_cap (the fuzz target). */
void cap_steps(const lt_script_opts *o, lt_test *test)
{
    if (o->max_steps_cap <= 0) return;
    if (test->max_steps > o->max_steps_cap) test->max_steps = o->max_steps_cap;
    for (int i = 0; i < test->n_stages; i++)
        if (test->stages[i].max_steps > o->max_steps_cap) test->stages[i].max_steps = o->max_steps_cap;
}

/* The line a message about the test as a whole points at: the lawtester.run call, or the field
 * path of the returned table (NULL: the return). */
static int test_line(const script_ctx *sc, int call_line, const srcloc_key *path, int depth)
{
    return call_line > 0 ? call_line : srcloc_line(sc->loc, path, depth);
}

/* "dt = X s exceeds ..." of the stability check (stability.h), into buf. */
static void stability_text(const lt_tester *t, char *buf, size_t n)
{
    const lt_stability *s = &t->stab;
    char z[64] = "";
    if (s->zeta > 0) snprintf(z, sizeof z, ", zetaN = %.4g", s->zeta);
    char where[64];
    if (s->stage > 0) snprintf(where, sizeof where, "stage %d, step %ld", s->stage, s->step);
    else snprintf(where, sizeof where, "the initial state");
    snprintf(buf, n, "dt = %.4g s exceeds the stability limit of leapfrog for the normal contact, dt_crit = %.4g s "
             "(m* = %.4g kg, kn = %.4g N/m%s; first at %s)", t->test->dt, s->dt_crit, s->mstar, s->k, z, where);
}

/* Raise the message of a run that failed: keep the rows recorded before the failure as
 * DIR/NAME.tsv.partial with DIR/NAME.meta.partial (status `failed: ...`), never under the final
 * names; free the run.  Does not return. */
static void fail_run(script_ctx *sc, lua_State *L, run_ctx *r, int call_line)
{
    lt_tester *t = r->tester;
    char msg[sizeof t->err + 1600], err[600];
    size_t n = sizeof msg;
    if (r->rec_open && r->rec.f.failed) {
        /* the record could not be written: nothing of it is kept */
        snprintf(msg, n, "%s:%d: cannot write '%s': %s", sc->path, test_line(sc, call_line, NULL, 0),
                 r->rec.f.final_path, strerror(r->rec.f.err_no ? r->rec.f.err_no : EIO));
    } else if (r->cb_error) {
        snprintf(msg, n, "%s", t->err);
    } else {
        srcloc_key p[2] = {{"stages", 0}, {NULL, t->stage + 1}};
        snprintf(msg, n, "%s:%d: field stages[%d]: %s", sc->path, test_line(sc, call_line, p, 2), t->stage + 1, t->err);
    }
    if (t->stab.exceeded) {
        char st[400];
        stability_text(t, st, sizeof st);
        snprintf(msg + strlen(msg), n - strlen(msg), "; %s", st);
    }
    if (r->rec_open && !r->rec.f.failed && r->rec.rows > 0) {
        char status[sizeof t->err + 1700];
        snprintf(status, sizeof status, "failed: %s", msg);
        meta_finish(&r->meta, status);
        char *partial = malloc(strlen(r->rec.f.final_path) + 16);
        if (partial) sprintf(partial, "%s.partial", r->rec.f.final_path);
        int ok = partial && afile_commit_as(&r->rec.f, ".partial", err, sizeof err) == 0;
        r->rec_open = 0;
        if (ok && afile_commit_as(&r->meta.f, ".partial", err, sizeof err) < 0) {
            remove(partial);
            ok = 0;
        }
        r->meta_open = 0;
        size_t u = strlen(msg);
        if (ok) snprintf(msg + u, n - u, " [rows up to the failure kept in %s]", partial);
        else snprintf(msg + u, n - u, " [the rows recorded before could not be kept: %s]", partial ? err : "out of memory");
        free(partial);
    }
    run_release(r);
    lua_pushstring(L, msg);
    lua_error(L);
}

/* Run the test table at stack index idx; leaves a results table on the stack. Raises Lua
 * errors (already formatted) on failure. */
void run_test_table(script_ctx *sc, lua_State *L, int idx, int call_line)
{
    idx = abs_index(L, idx);
    run_ctx *r = run_new(L, sc); /* freed with the state's GC, run_release on __gc */
    make_proxies(L, r);
    /* conversion errors unwind through Lua: convert in protected mode, free, then rethrow */
    read_args args = {{sc->path, sc->loc, L, {{0, 0}}, 0, call_line, 0}, r, 2, &r->name};
    lua_pushcfunction(L, protected_read);
    lua_pushlightuserdata(L, &args);
    lua_pushvalue(L, idx);
    if (lua_pcall(L, 2, 0, 0) != LUA_OK) {
        run_release(r);
        lua_error(L);
    }
    cap_steps(sc->opts, &r->test);
    lt_tester *t = r->tester = calloc(1, sizeof *t);
    if (!t || !r->name) {
        run_release(r);
        luaL_error(L, "out of memory");
    }
    r->t = t;
    const char *name = r->name;
    int recording = sc->opts->out_dir && r->test.record_every > 0;
    char err[600];
    if (recording) {
        if (record_open(&r->rec, sc->opts->out_dir, name, r->test.law, err, sizeof err) == 0) r->rec_open = 1;
        if (r->rec_open && meta_open(&r->meta, sc->opts->out_dir, name, &r->test, err, sizeof err) == 0)
            r->meta_open = 1;
        if (!r->meta_open) {
            run_release(r);
            luaL_error(L, "%s:%d: %s", sc->path, test_line(sc, call_line, NULL, 0), err);
        }
    }
    r->test.name = name;
    lt_observer obs = {NULL, NULL, NULL, NULL, NULL};
    if (recording) obs = (lt_observer){record_row, &r->rec, meta_contact, &r->meta, &r->rec.f.failed};
    if (lt_run_observed(t, &r->test, &obs) < 0) fail_run(sc, L, r, call_line);
    if (t->stab.exceeded) {
        char st[400];
        srcloc_key p[1] = {{"dt", 0}};
        stability_text(t, st, sizeof st);
        fprintf(stderr, "%s:%d: warning: field dt: %s; the results are not reliable\n", sc->path,
                test_line(sc, call_line, p, 1), st);
    }
    const char *file = NULL;
    long rows = 0;
    int plots = 0, first_plot = 0;
    if (recording) {
        rows = r->rec.rows;
        /* everything goes to temporary files first: the law's surface beside the record (the
         * contact as created, and at the end), the sidecar, the record, the plots; then all are
         * renamed together, the record last, or all removed if any of them failed */
        int wrote = 0;
        if (r->rec.have_force && t->created) {
            double lo, hi;
            lt_surface_range(r->test.law, r->test.params, t->law_state_created, r->rec.fn_min, r->rec.fn_max,
                             r->rec.ft_max, &lo, &hi);
            wrote = lt_surface_write_pending(sc->opts->out_dir, name, r->test.law, r->test.params, t->law_state_created,
                                             t->law_state, lo, hi, &r->pending, err, sizeof err);
        }
        const char *surface_tmp = wrote > 0 ? r->pending.tmp[r->pending.n - 1] : NULL;
        lt_pending table = {0, 0, NULL, NULL};
        int failed = wrote < 0;
        meta_finish(&r->meta, "complete");
        r->meta_open = 0;
        if (failed) meta_abort(&r->meta);
        else failed = afile_close_into(&r->meta.f, &r->pending, err, sizeof err) < 0;
        const char *meta_tmp = failed ? NULL : r->pending.tmp[r->pending.n - 1]; /* for the plots' titles */
        r->rec_open = 0;
        if (failed) record_abort(&r->rec);
        else failed = afile_close_into(&r->rec.f, &table, err, sizeof err) < 0;
        if (!failed && sc->opts->plot) {
            double tanphi = NAN;
            for (int i = 0; i < r->test.law->n_state; i++)
                if (strcmp(r->test.law->state_names[i], "tanPhi") == 0) tanphi = t->law_state[i];
            first_plot = r->pending.n;
            lt_plot_input in = {table.tmp[0], table.final[0], meta_tmp, surface_tmp, NULL, NULL, tanphi};
            plots = lt_plot_pending(NULL, &in, &r->pending, err, sizeof err);
            failed = plots < 0;
        }
        if (!failed) {
            file = r->file = strdup(table.final[0]);
            failed = pending_add(&r->pending, table.tmp[0], table.final[0]) < 0;
            if (failed) snprintf(err, sizeof err, "out of memory");
            free(table.tmp);
            free(table.final);
            memset(&table, 0, sizeof table);
        }
        pending_discard(&table);
        /* the plotted names, for the summary, before the set is emptied */
        char **plotted = NULL;
        if (!failed && plots > 0 && !sc->opts->quiet) plotted = plotted_names(&r->pending, first_plot, plots);
        if (!failed && pending_publish(&r->pending, err, sizeof err) < 0) failed = 1;
        if (failed) {
            plotted_report(plotted, plots, 0);
            run_release(r);
            luaL_error(L, "%s:%d: %s", sc->path, test_line(sc, call_line, NULL, 0), err);
        }
        /* a record of this name from a failed run is out of date now */
        const char *const stale_suffix[2] = {".tsv.partial", ".meta.partial"};
        for (int i = 0; i < 2; i++) {
            char *stale = afile_path(sc->opts->out_dir, "", name, stale_suffix[i]);
            if (stale) remove(stale);
            free(stale);
        }
        if (!sc->opts->quiet) print_summary(t, name, file, rows);
        plotted_report(plotted, plots, 1);
    } else if (!sc->opts->quiet) {
        print_summary(t, name, NULL, 0);
    }
    if (sc->opts->stats) {
        lt_script_stats *st = sc->opts->stats;
        st->tests++;
        st->steps += t->step;
        st->rows += rows;
        for (int i = 0; i < r->test.n_stages; i++) {
            if (r->cbs[2 * i].cond) st->compiled_untils++;
            else st->lua_untils++;
        }
    }
    /* results table */
    lua_createtable(L, 0, 8);
    lua_pushstring(L, name);
    lua_setfield(L, -2, "name");
    lua_pushinteger(L, t->step);
    lua_setfield(L, -2, "steps");
    lua_pushnumber(L, t->time);
    lua_setfield(L, -2, "time");
    if (file) {
        lua_pushstring(L, file);
        lua_setfield(L, -2, "file");
    }
    lua_createtable(L, 0, 8);
    for (int i = 0; i < lt_energy_count(r->test.law); i++) {
        lua_pushnumber(L, t->energy[i]);
        lua_setfield(L, -2, lt_energy_name(r->test.law, i));
    }
    lua_setfield(L, -2, "E");
    /* the stiffness rule and its values for the last contact formed */
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
        double vals[7] = {t->stiff.kn, t->stiff.kt, t->stiff.tanPhi, t->stiff.lens[0], t->stiff.lens[1], t->stiff.contA,
                          t->stiff_uN0};
        for (int i = 0; i < 7; i++) {
            lua_pushnumber(L, vals[i]);
            lua_setfield(L, -2, keys[i]);
        }
        lua_pushinteger(L, t->stiff_step);
        lua_setfield(L, -2, "step");
    }
    lua_setfield(L, -2, "stiffness");
    if (t->has_contact) {
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
        lua_pushnumber(L, t->resp.k[0]);
        lua_setfield(L, -2, "kn");
        lua_pushnumber(L, t->resp.k[1]);
        lua_setfield(L, -2, "kt");
        lua_pushnumber(L, t->c.contA);
        lua_setfield(L, -2, "contA");
        lua_pushnumber(L, t->c.lens[0]);
        lua_setfield(L, -2, "l1");
        lua_pushnumber(L, t->c.lens[1]);
        lua_setfield(L, -2, "l2");
        for (int i = 0; i < r->test.law->n_state; i++) {
            lua_pushnumber(L, t->law_state[i]);
            lua_setfield(L, -2, r->test.law->state_names[i]);
        }
        lua_setfield(L, -2, "C");
    }
    run_release(r);
    lua_remove(L, -2); /* the run_ctx userdata */
    sc->n_runs++;
}
