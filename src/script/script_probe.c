/* src/script/script_probe.c - lawtester.probe_yield{...} and lawtester.shard(): yield probes from
 * Lua
 * (probe.h), their tables, shards and plots. */
#define _POSIX_C_SOURCE 200809L
#include "contact/registry.h"
#include "contact/yield.h"
#include "driver/probe.h"
#include "lua/names.h"
#include "output/plot.h"
#include "output/probe_table.h"
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

/* ---- yield probes ---------------------------------------------------------------------- */

static const char *const probe_keys[] = {"test", "directions", "limit",   "steps",
                                         "name", "dofs",       "control", NULL};
static const char *const dof_names[LT_DOF] = {"normal", "shear y", "shear z",
                                              "twist",  "bend y",  "bend z"};
static const char *const control_names[] = {"displacement", "force"};

/* `dofs = {i, j}`: two different DoFs 1..6 (stage scripts' numbering) into 0-based dofs; the
 * field's line for the check against the law's surface (made once the law is known). */
static void read_dofs(conv *cv, int t, int dofs[2], int *line)
{
    lt_path_push_key(cv, "dofs");
    int ty = lt_get_field(cv, t, "dofs");
    if (ty != LUA_TNIL) {
        *line = lt_conv_line(cv);
        if (ty != LUA_TTABLE)
            lt_field_error(cv, "expected two DoF numbers {i, j} (1..6), got %s",
                           luaL_typename(cv->L, -1));
        lt_check_list(cv, -1, 2, "two DoF numbers {i, j}");
        for (int i = 0; i < 2; i++) {
            lt_path_push_index(cv, i + 1);
            lua_rawgeti(cv->L, -1, i + 1);
            if (!lua_isinteger(cv->L, -1) || lua_tointeger(cv->L, -1) < 1 ||
                lua_tointeger(cv->L, -1) > LT_DOF)
                lt_field_error(cv,
                               "expected a DoF number 1..6 (normal, shear y, shear z, twist, bend "
                               "y, bend z), got %s",
                               luaL_tolstring(cv->L, -1, NULL));
            dofs[i] = (int)lua_tointeger(cv->L, -1) - 1;
            lua_pop(cv->L, 1);
            lt_path_pop(cv);
        }
        if (dofs[0] == dofs[1])
            lt_field_error(cv, "the same DoF %d (%s) twice: a probe needs two different DoFs",
                           dofs[0] + 1, dof_names[dofs[0]]);
    }
    lua_pop(cv->L, 1);
    lt_path_pop(cv);
}

/* `limit`: a number (both DoFs) or {Li, Lj}, each positive and finite; *limit the first. */
static void read_limit(conv *cv, int t, double *limit, double limits[2])
{
    lt_path_push_key(cv, "limit");
    int ty = lt_get_field(cv, t, "limit");
    if (ty == LUA_TNIL)
        lt_field_error(
            cv, "missing (the displacement, m, after which a direction counts as not yielding)");
    if (ty == LUA_TTABLE) {
        lt_check_list(cv, -1, 2, "two limits {Li, Lj}");
        for (int i = 0; i < 2; i++) {
            lt_path_push_index(cv, i + 1);
            lua_rawgeti(cv->L, -1, i + 1);
            if (lua_isnil(cv->L, -1)) lt_field_error(cv, "missing (give two limits {Li, Lj})");
            limits[i] = lt_to_number(cv, -1, 0, INFINITY);
            if (!(limits[i] > 0))
                lt_field_error(cv, "must be positive and finite, got %g", limits[i]);
            lua_pop(cv->L, 1);
            lt_path_pop(cv);
        }
        *limit = limits[0];
    } else {
        *limit = lt_to_number(cv, -1, 0, INFINITY);
        if (!(*limit > 0) || !isfinite(*limit))
            lt_field_error(cv, "must be positive and finite, got %g", *limit);
    }
    lua_pop(cv->L, 1);
    lt_path_pop(cv);
}

/* Push one probe point as a Lua table. */
static void push_point(lua_State *L, const lt_probe_point *pt)
{
    lua_createtable(L, 0, 24);
    lua_pushinteger(L, pt->k);
    lua_setfield(L, -2, "k");
    lua_pushboolean(L, pt->yielded);
    lua_setfield(L, -2, "yielded");
    lua_pushboolean(L, pt->broken);
    lua_setfield(L, -2, "broken");
    lua_pushboolean(L, pt->hardened);
    lua_setfield(L, -2, "hardened");
    lua_pushinteger(L, pt->steps);
    lua_setfield(L, -2, "steps");
    const char *names[] = {"angle", "dirN", "dirT", "uN", "uT",   "Fn",  "Fty",  "Ftz",
                           "Fn1",   "Fty1", "Ftz1", "dF", "dist", "gap", "work", "balance_err"};
    const double v[] = {pt->angle, pt->dir[0], pt->dir[1], pt->u[0],   pt->u[1],  pt->f[0],
                        pt->f[1],  pt->f[2],   pt->f1[0],  pt->f1[1],  pt->f1[2], pt->dF,
                        pt->dist,  pt->gap,    pt->work,   pt->balance};
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
        lua_pushnumber(L, v[i]);
        lua_setfield(L, -2, names[i]);
    }
    /* the pair's values (the table's extended columns; 1-based DoFs) */
    lua_pushinteger(L, pt->dofs[0] + 1);
    lua_setfield(L, -2, "dofI");
    lua_pushinteger(L, pt->dofs[1] + 1);
    lua_setfield(L, -2, "dofJ");
    const char *pn[] = {"uI", "uJ", "FI", "FJ", "FI1", "FJ1", "dFI", "dFJ", "dsteps"};
    const double pv[] = {pt->uij[0],  pt->uij[1],  pt->fij[0],  pt->fij[1], pt->fij1[0],
                         pt->fij1[1], pt->dFij[0], pt->dFij[1], pt->dsteps};
    for (size_t i = 0; i < sizeof pv / sizeof pv[0]; i++) {
        lua_pushnumber(L, pv[i]);
        lua_setfield(L, -2, pn[i]);
    }
}

static void probe_summary(const lt_probe *p, const char *name, const char *law, int directions,
                          const lt_script_opts *o, double seconds, const char *file)
{
    int yielded = 0, broken = 0, hardened = 0;
    double worst_dist = 0, worst_dF = 0, worst_bal = 0, worst_rel = 0;
    for (int i = 0; i < p->n_points; i++) {
        const lt_probe_point *pt = &p->points[i];
        yielded += pt->yielded;
        broken += pt->broken;
        hardened += pt->hardened;
        if (pt->yielded && pt->dist > worst_dist) worst_dist = pt->dist;
        if (pt->yielded && pt->dF > worst_dF) worst_dF = pt->dF;
        if (fabs(pt->balance) > fabs(worst_bal)) worst_bal = pt->balance;
        if (pt->work != 0 && fabs(pt->balance / pt->work) > worst_rel)
            worst_rel = fabs(pt->balance / pt->work);
    }
    printf("probe %s: law %s, %d directions", name, law, directions);
    if (o->shards > 1) printf(" (shard %d/%d: %d of them)", o->shard, o->shards, p->n_points);
    printf(", %d yielded (%d broken", yielded, broken);
    if (hardened) printf(", %d hardened", hardened); /* yielded and grew: not broken */
    printf("), %.3g s\n", seconds);
    if (yielded == 0 && p->n_points > 0) {
        if (p->extended)
            printf("  DoFs %d (%s) and %d (%s), %s control\n", p->dofs[0] + 1,
                   dof_names[p->dofs[0]], p->dofs[1] + 1, dof_names[p->dofs[1]],
                   p->force ? "force" : "displacement");
        printf("  yield points: none: no direction reached the surface within the probe's limits "
               "(raise `limit`, or the law's surface does not bound these directions with these "
               "parameters)\n");
    } else if (p->extended) {
        double worst_steps = 0;
        for (int i = 0; i < p->n_points; i++)
            if (p->points[i].yielded && p->points[i].dsteps > worst_steps)
                worst_steps = p->points[i].dsteps;
        printf("  DoFs %d (%s) and %d (%s), %s control\n", p->dofs[0] + 1, dof_names[p->dofs[0]],
               p->dofs[1] + 1, dof_names[p->dofs[1]], p->force ? "force" : "displacement");
        printf("  yield points: largest distance to the surface along the ray %.3g of one step's "
               "increment\n",
               worst_steps);
    } else {
        printf("  yield points: largest distance to the surface along the ray %.3g N (one step's "
               "increment: up to %.3g N)\n",
               worst_dist, worst_dF);
    }
    printf("  energy balance: worst direction %.3g J (%.3g of the work)\n", worst_bal, worst_rel);
    if (file) printf("  wrote %s (%d rows)\n", file, p->n_points);
}

typedef struct probe_run {
    lt_probe probe;
    char *name, *file, *text;
} probe_run;

static void probe_release(run_ctx *r)
{
    probe_run *pr = r->extra;
    if (!pr) return;
    lt_probe_free(&pr->probe);
    free(pr->name);
    free(pr->file);
    free(pr->text);
    free(pr);
    r->extra = NULL;
}

/* Raise "PATH:LINE: message" after freeing the run.  Does not return. */
static _Noreturn void probe_error(lua_State *L, run_ctx *r, int line, const char *msg)
{
    char buf[1200];
    snprintf(buf, sizeof buf, "%s:%d: %s", r->sc->script.path, line, msg);
    lt_run_release(r);
    lua_pushstring(L, buf);
    lua_error(L);
    abort(); /* not reached: lua_error does not return */
}

#define PROBE_ERR_MAX 700 /* bytes of a message of the probe */

/* The probe's own fields (its test aside), as given or defaulted. */
typedef struct probe_args {
    int line; /* of the lawtester.probe_yield call */
    long directions, steps;
    double limit;     /* m: the first of limits when two are given */
    double limits[2]; /* per DoF of the pair, {0, 0}: limit for both */
    int dofs[2];      /* 0-based */
    int dofs_line;    /* of the field dofs, for the check against the law's surface */
    int control;      /* index in control_names */
    const char *name; /* NULL: TEST-yield */
    int test_idx;     /* the test table's stack index */
} probe_args;

/* The line of the Lua code calling the running C function (1 if unknown). */
static int caller_line(lua_State *L)
{
    lua_Debug ar;
    if (lua_getstack(L, 1, &ar) && lua_getinfo(L, "l", &ar) && ar.currentline > 0)
        return ar.currentline;
    return 1;
}

/* `name`: nil or a valid file name, left on the stack (the string is needed until the probe's
 * own name is made). */
static const char *read_probe_name(conv *cv)
{
    lua_State *L = cv->L;
    const char *pname = NULL;
    lt_path_push_key(cv, "name");
    int ty = lt_get_field(cv, 1, "name");
    if (ty == LUA_TSTRING) {
        size_t len;
        pname = lua_tolstring(L, -1, &len);
        const char *why = lt_name_problem(pname, len);
        if (why) lt_field_error(cv, "'%s' is not a valid file name (%s)", pname, why);
    } else if (ty != LUA_TNIL) {
        lt_field_error(cv, "expected a string, got %s", luaL_typename(L, -1));
    }
    lt_path_pop(cv);
    return pname;
}

/* The fields of the argument table (index 1) into a; the name (index 2) and the test table
 * (index 3) are left on the stack. */
static void read_probe_args(script_ctx *sc, lua_State *L, probe_args *a)
{
    conv cv = {.file = sc->script.path,
               .loc = sc->script.loc,
               .L = L,
               .root_line = a->line,
               .root_unnamed = 1};
    lt_check_keys(&cv, 1, probe_keys);
    lt_opt_integer(&cv, 1, "directions", &a->directions, 1, 1000000);
    lt_opt_integer(&cv, 1, "steps", &a->steps, 1, 1000000000L);
    read_limit(&cv, 1, &a->limit, a->limits);
    read_dofs(&cv, 1, a->dofs, &a->dofs_line);
    lt_opt_choice(&cv, 1, "control", control_names, 2, &a->control);
    a->name = read_probe_name(&cv);
    lt_path_push_key(&cv, "test");
    if (lt_get_field(&cv, 1, "test") != LUA_TTABLE)
        lt_field_error(&cv, "expected a test table, got %s", luaL_typename(L, -1));
    a->test_idx = lua_gettop(L);
    lt_path_pop(&cv);
}

/* A new run (a userdata) holding the probe's results, with the test read into it (field test,
 * at the call's line) and its steps capped. */
static run_ctx *start_probe(script_ctx *sc, lua_State *L, const probe_args *a)
{
    run_ctx *r = lt_run_new(L, sc);
    lt_make_proxies(L, r);
    probe_run *pr = calloc(1, sizeof *pr);
    if (!pr) probe_error(L, r, a->line, "out of memory");
    r->extra = pr;
    r->release_extra = probe_release;
    read_args args = {
        .cv = {.file = sc->script.path,
               .loc = sc->script.loc,
               .L = L,
               .path = {{"test", 0}},
               .depth = 1,
               .call_line = a->line,
               .stages_optional = 1},
        .r = r,
        .idx = 2,
        .name = &r->name,
    };
    lt_read_run_test(L, r, &args, a->test_idx);
    lt_cap_steps(sc->opts, &r->test);
    if (!r->name) probe_error(L, r, a->line, "out of memory");
    return r;
}

/* The fuzz target's cap (at most max_steps_cap steps of rays in all); then the test's max_steps,
 * which guards the whole probe too: its rays together (a probe of 1e6 directions of 1e9 steps
 * would otherwise run for ever). */
static void limit_probe(const script_ctx *sc, lua_State *L, run_ctx *r, probe_args *a)
{
    const lt_script_opts *o = sc->opts;
    if (o->max_steps_cap > 0) {
        if (a->steps > o->max_steps_cap) a->steps = o->max_steps_cap;
        if (a->directions > o->max_steps_cap / a->steps)
            a->directions = o->max_steps_cap / a->steps > 0 ? o->max_steps_cap / a->steps : 1;
    }
    if ((double)a->directions * (double)a->steps > (double)r->test.max_steps) {
        char msg[300];
        snprintf(msg, sizeof msg,
                 "field steps: %ld directions of %ld steps exceed the test's max_steps = %ld "
                 "(raise test.max_steps to run them)",
                 a->directions, a->steps, r->test.max_steps);
        probe_error(L, r, a->line, msg);
    }
}

/* The probe's name (its table's): `name`, or TEST-yield; the test runs under it. */
static void name_probe(lua_State *L, run_ctx *r, const probe_args *a)
{
    probe_run *pr = r->extra;
    pr->name = a->name ? strdup(a->name) : malloc(strlen(r->name) + 8);
    if (!pr->name) probe_error(L, r, a->line, "out of memory");
    if (!a->name) sprintf(pr->name, "%s-yield", r->name);
    r->test.name = pr->name;
}

/* The pair of DoFs is among those the law declares its surface over (a law with a surface). */
static void check_probe_dofs(lua_State *L, run_ctx *r, const probe_args *a)
{
    const lt_yield *y = lt_law_yield(r->test.law);
    if (!y) return;
    unsigned law_dofs = lt_yield_dofs(y);
    for (int i = 0; i < 2; i++) {
        if ((law_dofs >> a->dofs[i]) & 1u) continue;
        char msg[400], list[200] = "";
        size_t u = 0;
        for (int q = 0; q < LT_DOF; q++)
            if ((law_dofs >> q) & 1u)
                u += (size_t)snprintf(list + u, sizeof list - u, u ? ", %d %s" : "%d %s", q + 1,
                                      dof_names[q]);
        snprintf(msg, sizeof msg,
                 "field dofs: DoF %d (%s) is not one law '%s' declares its surface over (%s)",
                 a->dofs[i] + 1, dof_names[a->dofs[i]], r->test.law->name, list);
        probe_error(L, r, a->dofs_line, msg);
    }
}

/* The driver's options of the probe (this run's shard of --shard K/N). */
static lt_probe_opts probe_opts(const lt_script_opts *o, const probe_args *a)
{
    return (lt_probe_opts){.directions = (int)a->directions,
                           .limit = a->limit,
                           .steps = a->steps,
                           .shard = o->shards > 1 ? o->shard : 1,
                           .shards = o->shards > 1 ? o->shards : 1,
                           .dofs = {a->dofs[0], a->dofs[1]},
                           .limits = {a->limits[0], a->limits[1]},
                           .force = a->control};
}

/* After the rays: the error of a Lua law's function (its line), else the probe's (rc < 0): one
 * of its own fields names the field, one of an until/done of the initial stages is complete. */
static void check_probe_run(script_ctx *sc, lua_State *L, run_ctx *r, int rc, const char *err,
                            int line)
{
    char law_err[1200];
    if (lt_script_law_error(&sc->script, NULL, law_err, sizeof law_err)) {
        lt_run_release(r);
        lua_pushstring(L, law_err);
        lua_error(L);
    }
    if (rc >= 0) return;
    if (!r->cb_error) {
        char msg[PROBE_ERR_MAX + 16];
        snprintf(msg, sizeof msg, "%s%s",
                 strncmp(err, "field ", 6) == 0 ? "" : "field test: ", err);
        probe_error(L, r, line, msg);
    }
    lua_pushstring(L, err);
    lt_run_release(r);
    lua_error(L);
}

/* Run the probe's rays with a progress bar; the steps driven count against the calling entry's
 * budget; raises the run's error (check_probe_run).  The seconds it took. */
static double drive_probe(script_ctx *sc, lua_State *L, run_ctx *r, const lt_probe_opts *opts,
                          int line)
{
    probe_run *pr = r->extra;
    lt_progress bar;
    char label[300], err[PROBE_ERR_MAX];
    snprintf(label, sizeof label, "probe %s", pr->name);
    lt_progress_start(&bar, label, sc->opts->progress);
    lt_probe_opts po = *opts;
    po.progress = lt_progress_update;
    po.progress_ctx = &bar;
    double t_start = lt_clock();
    lt_script_law_reset(&sc->script);
    int rc = lt_probe_run(&pr->probe, &r->test, &po, err, sizeof err);
    double seconds = lt_clock() - t_start;
    long long probe_steps = 0;
    for (int i = 0; i < pr->probe.n_points; i++) probe_steps += pr->probe.points[i].steps;
    lt_budget_add(L, probe_steps);
    check_probe_run(sc, L, r, rc, err, line);
    return seconds;
}

/* NAME.tsv, or NAME.shard-K-of-N.tsv for a shard (malloc'ed; NULL: out of memory). */
static char *probe_file_name(const char *name, const lt_probe_opts *po)
{
    char suffix[64] = "";
    if (po->shards > 1) snprintf(suffix, sizeof suffix, ".shard-%d-of-%d", po->shard, po->shards);
    size_t n = strlen(name) + strlen(suffix) + 8;
    char *fname = malloc(n);
    if (fname) snprintf(fname, n, "%s%s.tsv", name, suffix);
    return fname;
}

/* The law's surface of the initial state over the forces a ray can reach, the same for every
 * shard, into the pending files: in (Fn, |Ft|), or for a pair of DoFs the section in the pair's
 * plane through the start forces, out to the rays' reach.  1 if written, 0 if the law has
 * none, < 0 on failure (err). */
static int write_probe_surface(const lt_script_opts *o, run_ctx *r, const probe_args *a,
                               const lt_probe_opts *po, char *err, size_t n)
{
    probe_run *pr = r->extra;
    const lt_view *t0 = lt_tester_view(pr->probe.start);
    if (!pr->probe.extended) {
        double kl[2] = {t0->resp.k[0] * a->limit, t0->resp.k[1] * a->limit}, lo, hi;
        lt_surface_range(r->test.law, r->test.params, t0->law_state, t0->resp.f[0] - kl[0],
                         t0->resp.f[0] + kl[0], hypot(t0->resp.f[1], t0->resp.f[2]) + kl[1], &lo,
                         &hi);
        return lt_surface_write_pending(o->out_dir, pr->name, r->test.law, r->test.params,
                                        t0->law_state, NULL, lo, hi, &r->pending, err, n);
    }
    double scale[2];
    for (int i = 0; i < 2; i++) {
        double lim = a->limits[i] > 0 ? a->limits[i] : a->limit;
        scale[i] = po->force ? lim : fabs(pr->probe.k0[i]) * lim;
    }
    return lt_surface_section_pending(o->out_dir, pr->name, r->test.law, r->test.params,
                                      t0->law_state, t0->resp.f, pr->probe.dofs, scale, &r->pending,
                                      err, n);
}

/* The probe's table (in table) joins the pending files, last; its final path kept in pr->file.
 * 1 on failure (err), else 0; table is left empty. */
static int add_probe_table(run_ctx *r, lt_pending *table, char *err, size_t n)
{
    probe_run *pr = r->extra;
    pr->file = strdup(table->final[0]);
    int failed = !pr->file || lt_pending_add(&r->pending, table->tmp[0], table->final[0]) < 0;
    if (failed) snprintf(err, n, "out of memory");
    free(table->tmp);
    free(table->final);
    memset(table, 0, sizeof *table);
    return failed;
}

/* The probe's files: its table, the law's surface and (without shards) the plots, temporary
 * files first, renamed together (afile.h).  The number of plots, their names in *plotted. */
static int publish_probe(script_ctx *sc, lua_State *L, run_ctx *r, const probe_args *a,
                         const lt_probe_opts *po, char ***plotted)
{
    const lt_script_opts *o = sc->opts;
    probe_run *pr = r->extra;
    char err[PROBE_ERR_MAX];
    size_t len = 0;
    char *fname = probe_file_name(pr->name, po);
    pr->text = lt_probe_format(&pr->probe, (int)a->directions, &len);
    if (!fname || !pr->text) {
        free(fname);
        probe_error(L, r, a->line, "out of memory");
    }
    int ws = write_probe_surface(o, r, a, po, err, sizeof err);
    const char *surface_tmp = ws > 0 ? r->pending.tmp[r->pending.n - 1] : NULL;
    lt_pending table = {0};
    int failed = ws < 0 || lt_write_file_pending(o->out_dir, fname, pr->text, len, &table, err,
                                                 sizeof err) < 0;
    free(fname);
    int plots = 0, first_plot = 0;
    if (!failed && o->plot && po->shards == 1) {
        first_plot = r->pending.n;
        lt_plot_input in = {.data = table.tmp[0],
                            .base = table.final[0],
                            .surface = surface_tmp,
                            .law = r->test.law,
                            .params = r->test.params,
                            .tanPhi = NAN};
        plots = lt_plot_pending(pr->probe.extended ? "probe_pair" : "probe", &in, &r->pending, err,
                                sizeof err);
        failed = plots < 0;
    }
    if (!failed) failed = add_probe_table(r, &table, err, sizeof err);
    lt_pending_discard(&table);
    if (!failed && plots > 0 && !o->quiet)
        *plotted = lt_plotted_names(&r->pending, first_plot, plots);
    failed = lt_publish_outputs(sc, &r->pending, failed, err, sizeof err);
    if (failed) {
        lt_plotted_report(*plotted, plots, 0);
        probe_error(L, r, a->line, err);
    }
    return plots;
}

/* results.start: the initial state the rays start from. */
static void push_start(lua_State *L, const lt_probe *p)
{
    const lt_view *t0 = lt_tester_view(p->start);
    lua_createtable(L, 0, 5);
    const char *sn[] = {"uN", "Fn", "Fty", "Ftz", "kn", "kt"};
    const double sv[] = {t0->u[0],      t0->resp.f[0], t0->resp.f[1],
                         t0->resp.f[2], t0->resp.k[0], t0->resp.k[1]};
    for (int i = 0; i < 6; i++) {
        lua_pushnumber(L, sv[i]);
        lua_setfield(L, -2, sn[i]);
    }
}

/* The results table: name, directions, file (when written), start and the points. */
static void push_probe_results(lua_State *L, const probe_run *pr, long directions)
{
    lua_createtable(L, 0, 6);
    lua_pushstring(L, pr->name);
    lua_setfield(L, -2, "name");
    lua_pushinteger(L, directions);
    lua_setfield(L, -2, "directions");
    if (pr->file) {
        lua_pushstring(L, pr->file);
        lua_setfield(L, -2, "file");
    }
    push_start(L, &pr->probe);
    lua_setfield(L, -2, "start");
    lua_createtable(L, pr->probe.n_points, 0);
    for (int i = 0; i < pr->probe.n_points; i++) {
        push_point(L, &pr->probe.points[i]);
        lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, "points");
}

/* lawtester.probe_yield{ test = T, directions = N, limit = L, steps = S, name = NAME } -> results
 * */
int lt_lib_probe_yield(lua_State *L)
{
    script_ctx *sc = lt_lib_ctx(L);
    if (sc->script.callback_depth > 0)
        return luaL_error(L, "lawtester.probe_yield: runs do not nest (called from an until or "
                             "done of another run)");
    luaL_checktype(L, 1, LUA_TTABLE);
    int line = caller_line(L);
    probe_args a = {.line = line,
                    .directions = 72,
                    .steps = 2000,
                    .limit = NAN,
                    .dofs = {0, 1},
                    .dofs_line = line};
    read_probe_args(sc, L, &a);
    run_ctx *r = start_probe(sc, L, &a);
    /* the plausibility warnings of the test probed (at the call's line) */
    lt_lint_test(sc, L, r, line);
    limit_probe(sc, L, r, &a);
    name_probe(L, r, &a);
    check_probe_dofs(L, r, &a);
    lt_probe_opts po = probe_opts(sc->opts, &a);
    double seconds = drive_probe(sc, L, r, &po, line);
    char **plotted = NULL;
    int plots = sc->opts->out_dir ? publish_probe(sc, L, r, &a, &po, &plotted) : 0;
    probe_run *pr = r->extra;
    if (!sc->opts->quiet)
        probe_summary(&pr->probe, pr->name, r->test.law->name, (int)a.directions, sc->opts, seconds,
                      pr->file);
    lt_plotted_report(plotted, plots, 1);
    sc->n_runs++;
    push_probe_results(L, pr, a.directions);
    lt_run_release(r);
    return 1;
}

/* lawtester.shard() -> K, N: this run's shard (--shard K/N; 1, 1 without), for scripts that split
 * their own loops the same way. */
int lt_lib_shard(lua_State *L)
{
    const lt_script_opts *o = lt_lib_ctx(L)->opts;
    lua_pushinteger(L, o->shards > 1 ? o->shard : 1);
    lua_pushinteger(L, o->shards > 1 ? o->shards : 1);
    return 2;
}
