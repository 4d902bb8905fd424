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

/* DIR/NAME-surface.tsv (malloc'ed). */
char *surface_path(const char *dir, const char *name)
{
    size_t n = strlen(dir) + strlen(name) + 16;
    char *p = malloc(n);
    if (p) snprintf(p, n, "%s/%s-surface.tsv", dir, name);
    return p;
}

int protected_read(lua_State *L)
{
    read_args *a = lua_touserdata(L, 1);
    a->cv.L = L;
    read_test(&a->cv, a->r, a->idx, a->name);
    return 0;
}

/* Run the test table at stack index idx; leaves a results table on the stack. Raises Lua
 * errors (already formatted) on failure. */
void run_test_table(script_ctx *sc, lua_State *L, int idx, int call_line)
{
    idx = abs_index(L, idx);
    run_ctx *r = lua_newuserdatauv(L, sizeof *r, 0); /* freed with the state's GC; owns nothing GC-managed */
    memset(r, 0, sizeof *r);
    r->sc = sc;
    r->L = L;
    r->env_ref = r->env_mt_ref = r->proxy_ref[0] = LUA_NOREF;
    for (int i = 0; i < 5; i++) r->proxy_ref[i] = LUA_NOREF;
    make_proxies(L, r);
    char *name = NULL;
    /* conversion errors unwind through Lua: convert in protected mode, free, then rethrow */
    read_args args = {{sc->path, sc->loc, L, {{0, 0}}, 0, call_line, 0}, r, 2, &name};
    lua_pushcfunction(L, protected_read);
    lua_pushlightuserdata(L, &args);
    lua_pushvalue(L, idx);
    if (lua_pcall(L, 2, 0, 0) != LUA_OK) {
        run_free(r);
        free(name);
        lua_error(L);
    }
    lt_tester *t = calloc(1, sizeof *t);
    if (!t) {
        run_free(r);
        free(name);
        luaL_error(L, "out of memory");
    }
    r->t = t;
    lt_record rec;
    lt_meta meta;
    int recording = sc->opts->out_dir && r->test.record_every > 0;
    char err[600];
    int open_failed = 0;
    if (recording) {
        if (record_open(&rec, sc->opts->out_dir, name, r->test.law, err, sizeof err) < 0) {
            open_failed = 1;
        } else if (meta_open(&meta, sc->opts->out_dir, name, &r->test, err, sizeof err) < 0) {
            record_abort(&rec);
            open_failed = 1;
        }
    }
    if (open_failed) {
        run_free(r);
        free(t);
        free(name);
        lua_pushfstring(L, "%s:%d: %s", sc->path, call_line > 0 ? call_line : srcloc_line(sc->loc, NULL, 0), err);
        lua_error(L);
    }
    r->test.name = name;
    lt_observer obs = {NULL, NULL, NULL, NULL, NULL};
    if (recording) obs = (lt_observer){record_row, &rec, meta_contact, &meta, NULL};
    int rc = lt_run_observed(t, &r->test, &obs);
    if (rc < 0) {
        if (recording) {
            record_abort(&rec);
            meta_abort(&meta);
        }
        if (r->cb_error) {
            lua_pushstring(L, t->err);
        } else {
            /* driver error: point at the stage */
            srcloc_key p[2] = {{"stages", 0}, {NULL, t->stage + 1}};
            int line = call_line > 0 ? call_line : srcloc_line(sc->loc, p, 2);
            lua_pushfstring(L, "%s:%d: field stages[%d]: %s", sc->path, line, t->stage + 1, t->err);
        }
        run_free(r);
        free(t);
        free(name);
        lua_error(L);
    }
    char *file = NULL, *surface = NULL;
    long rows = 0;
    if (recording) {
        rows = rec.rows;
        file = strdup(rec.f.final_path);
        /* the law's surface beside the record (the contact as created, and at the end), written
         * before the record is committed and removed again if that fails */
        int wrote = 0;
        if (rec.have_force && t->created) {
            double lo, hi;
            lt_surface_range(r->test.law, r->test.params, t->law_state_created, rec.fn_min, rec.fn_max, rec.ft_max,
                             &lo, &hi);
            wrote = lt_surface_write(sc->opts->out_dir, name, r->test.law, r->test.params, t->law_state_created,
                                     t->law_state, lo, hi, err, sizeof err);
        }
        if (wrote > 0) surface = surface_path(sc->opts->out_dir, name);
        /* then the sidecar: a table on disk always has its meta beside it */
        int failed = wrote < 0;
        if (failed) meta_abort(&meta);
        else if (meta_commit(&meta, err, sizeof err) < 0) failed = 1;
        if (failed) record_abort(&rec);
        else if (record_commit(&rec, err, sizeof err) < 0) failed = 1;
        if (failed) {
            if (surface) remove(surface);
            run_free(r);
            free(t);
            free(name);
            free(file);
            free(surface);
            lua_pushfstring(L, "%s: %s", sc->path, err);
            lua_error(L);
        }
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
    if (!sc->opts->quiet) print_summary(t, name, file, rows);
    if (file && sc->opts->plot) {
        double tanphi = NAN;
        for (int i = 0; i < r->test.law->n_state; i++)
            if (strcmp(r->test.law->state_names[i], "tanPhi") == 0) tanphi = t->law_state[i];
        if (lt_plot_all(NULL, file, surface, tanphi, !sc->opts->quiet, err, sizeof err) < 0) {
            run_free(r);
            free(t);
            free(name);
            free(file);
            free(surface);
            lua_pushfstring(L, "%s: %s", sc->path, err);
            lua_error(L);
        }
    }
    free(surface);
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
    run_free(r);
    free(t);
    free(name);
    free(file);
    lua_remove(L, -2); /* the run_ctx userdata */
    sc->n_runs++;
}
