/* src/script/script_probe.c - lawtester.probe_yield{...} and lawtester.shard(): yield probes from Lua
 * (probe.h), their tables, shards and plots. */
#define _POSIX_C_SOURCE 200809L
#include "script/script_int.h"
#include "output/plot.h"
#include "driver/probe.h"
#include "output/probe_table.h"
#include "output/progress.h"
#include "output/record.h"
#include "contact/registry.h"
#include "output/surface.h"
#include "contact/yield.h"
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- yield probes ---------------------------------------------------------------------- */

script_ctx *lt_lib_ctx(lua_State *L) { return lua_touserdata(L, lua_upvalueindex(1)); }

static const char *const probe_keys[] = {"test", "directions", "limit", "steps", "name", "dofs", "control", NULL};
static const char *const dof_names[LT_DOF] = {"normal", "shear y", "shear z", "twist", "bend y", "bend z"};
static const char *const control_names[] = {"displacement", "force"};

/* `dofs = {i, j}`: two different DoFs 1..6 (stage scripts' numbering) into 0-based dofs; the
 * field's line for the check against the law's surface (made once the law is known). */
static void read_dofs(conv *cv, int t, int dofs[2], int *line)
{
    lt_path_push_key(cv, "dofs");
    int ty = lt_get_field(cv, t, "dofs");
    if (ty != LUA_TNIL) {
        *line = lt_conv_line(cv);
        if (ty != LUA_TTABLE) lt_field_error(cv, "expected two DoF numbers {i, j} (1..6), got %s", luaL_typename(cv->L, -1));
        lt_check_list(cv, -1, 2, "two DoF numbers {i, j}");
        for (int i = 0; i < 2; i++) {
            lt_path_push_index(cv, i + 1);
            lua_rawgeti(cv->L, -1, i + 1);
            if (!lua_isinteger(cv->L, -1) || lua_tointeger(cv->L, -1) < 1 || lua_tointeger(cv->L, -1) > LT_DOF)
                lt_field_error(cv, "expected a DoF number 1..6 (normal, shear y, shear z, twist, bend y, bend z), got %s",
                            luaL_tolstring(cv->L, -1, NULL));
            dofs[i] = (int)lua_tointeger(cv->L, -1) - 1;
            lua_pop(cv->L, 1);
            lt_path_pop(cv);
        }
        if (dofs[0] == dofs[1]) lt_field_error(cv, "the same DoF %d (%s) twice: a probe needs two different DoFs", dofs[0] + 1,
                                            dof_names[dofs[0]]);
    }
    lua_pop(cv->L, 1);
    lt_path_pop(cv);
}

/* `limit`: a number (both DoFs) or {Li, Lj}, each positive and finite; *limit the first. */
static void read_limit(conv *cv, int t, double *limit, double limits[2])
{
    lt_path_push_key(cv, "limit");
    int ty = lt_get_field(cv, t, "limit");
    if (ty == LUA_TNIL) lt_field_error(cv, "missing (the displacement, m, after which a direction counts as not yielding)");
    if (ty == LUA_TTABLE) {
        lt_check_list(cv, -1, 2, "two limits {Li, Lj}");
        for (int i = 0; i < 2; i++) {
            lt_path_push_index(cv, i + 1);
            lua_rawgeti(cv->L, -1, i + 1);
            if (lua_isnil(cv->L, -1)) lt_field_error(cv, "missing (give two limits {Li, Lj})");
            limits[i] = lt_to_number(cv, -1, 0, INFINITY);
            if (!(limits[i] > 0)) lt_field_error(cv, "must be positive and finite, got %g", limits[i]);
            lua_pop(cv->L, 1);
            lt_path_pop(cv);
        }
        *limit = limits[0];
    } else {
        *limit = lt_to_number(cv, -1, 0, INFINITY);
        if (!(*limit > 0) || !isfinite(*limit)) lt_field_error(cv, "must be positive and finite, got %g", *limit);
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
    lua_pushinteger(L, pt->steps);
    lua_setfield(L, -2, "steps");
    const char *names[] = {"angle", "dirN", "dirT", "uN", "uT", "Fn", "Fty", "Ftz", "Fn1", "Fty1", "Ftz1",
                           "dF", "dist", "gap", "work", "balance_err"};
    const double v[] = {pt->angle, pt->dir[0], pt->dir[1], pt->u[0], pt->u[1], pt->f[0], pt->f[1], pt->f[2],
                        pt->f1[0], pt->f1[1], pt->f1[2], pt->dF, pt->dist, pt->gap, pt->work, pt->balance};
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
    const double pv[] = {pt->uij[0], pt->uij[1], pt->fij[0], pt->fij[1], pt->fij1[0], pt->fij1[1],
                         pt->dFij[0], pt->dFij[1], pt->dsteps};
    for (size_t i = 0; i < sizeof pv / sizeof pv[0]; i++) {
        lua_pushnumber(L, pv[i]);
        lua_setfield(L, -2, pn[i]);
    }
}

static void probe_summary(const lt_probe *p, const char *name, const char *law, int directions,
                          const lt_script_opts *o, double seconds, const char *file)
{
    int yielded = 0, broken = 0;
    double worst_dist = 0, worst_dF = 0, worst_bal = 0, worst_rel = 0;
    for (int i = 0; i < p->n_points; i++) {
        const lt_probe_point *pt = &p->points[i];
        yielded += pt->yielded;
        broken += pt->broken;
        if (pt->yielded && pt->dist > worst_dist) worst_dist = pt->dist;
        if (pt->yielded && pt->dF > worst_dF) worst_dF = pt->dF;
        if (fabs(pt->balance) > fabs(worst_bal)) worst_bal = pt->balance;
        if (pt->work != 0 && fabs(pt->balance / pt->work) > worst_rel) worst_rel = fabs(pt->balance / pt->work);
    }
    printf("probe %s: law %s, %d directions", name, law, directions);
    if (o->shards > 1) printf(" (shard %d/%d: %d of them)", o->shard, o->shards, p->n_points);
    printf(", %d yielded (%d broken), %.3g s\n", yielded, broken, seconds);
    if (yielded == 0 && p->n_points > 0) {
        if (p->extended)
            printf("  DoFs %d (%s) and %d (%s), %s control\n", p->dofs[0] + 1, dof_names[p->dofs[0]], p->dofs[1] + 1,
                   dof_names[p->dofs[1]], p->force ? "force" : "displacement");
        printf("  yield points: none: no direction reached the surface within the probe's limits (raise `limit`, "
               "or the law's surface does not bound these directions with these parameters)\n");
    } else if (p->extended) {
        double worst_steps = 0;
        for (int i = 0; i < p->n_points; i++)
            if (p->points[i].yielded && p->points[i].dsteps > worst_steps) worst_steps = p->points[i].dsteps;
        printf("  DoFs %d (%s) and %d (%s), %s control\n", p->dofs[0] + 1, dof_names[p->dofs[0]], p->dofs[1] + 1,
               dof_names[p->dofs[1]], p->force ? "force" : "displacement");
        printf("  yield points: largest distance to the surface along the ray %.3g of one step's increment\n",
               worst_steps);
    } else {
        printf("  yield points: largest distance to the surface along the ray %.3g N (one step's increment: up to %.3g N)\n",
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
static int probe_error(lua_State *L, run_ctx *r, int line, const char *msg)
{
    char buf[1200];
    snprintf(buf, sizeof buf, "%s:%d: %s", r->sc->path, line, msg);
    lt_run_release(r);
    lua_pushstring(L, buf);
    return lua_error(L);
}

/* lawtester.probe_yield{ test = T, directions = N, limit = L, steps = S, name = NAME } -> results */
int lt_lib_probe_yield(lua_State *L)
{
    script_ctx *sc = lt_lib_ctx(L);
    if (sc->callback_depth > 0)
        return luaL_error(L, "lawtester.probe_yield: runs do not nest (called from an until or done of another run)");
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_Debug ar;
    int line = 1;
    if (lua_getstack(L, 1, &ar) && lua_getinfo(L, "l", &ar) && ar.currentline > 0) line = ar.currentline;
    conv cv = {sc->path, sc->loc, L, {{0, 0}}, 0, line, 0, 0};
    lt_check_keys(&cv, 1, probe_keys);
    long directions = 72, steps = 2000;
    double limit = NAN, limits[2] = {0, 0};
    int dofs[2] = {0, 1}, dofs_line = line, control = 0;
    lt_opt_integer(&cv, 1, "directions", &directions, 1, 1000000);
    lt_opt_integer(&cv, 1, "steps", &steps, 1, 1000000000L);
    read_limit(&cv, 1, &limit, limits);
    read_dofs(&cv, 1, dofs, &dofs_line);
    lt_opt_choice(&cv, 1, "control", control_names, 2, &control);
    const char *pname = NULL;
    lt_path_push_key(&cv, "name");
    int ty = lt_get_field(&cv, 1, "name");
    if (ty == LUA_TSTRING) {
        size_t len;
        pname = lua_tolstring(L, -1, &len);
        const char *why = lt_name_problem(pname, len);
        if (why) lt_field_error(&cv, "'%s' is not a valid file name (%s)", pname, why);
    } else if (ty != LUA_TNIL) {
        lt_field_error(&cv, "expected a string, got %s", luaL_typename(L, -1));
    }
    lt_path_pop(&cv); /* the name stays on the stack (index 2) while we need it */
    lt_path_push_key(&cv, "test");
    if (lt_get_field(&cv, 1, "test") != LUA_TTABLE) lt_field_error(&cv, "expected a test table, got %s", luaL_typename(L, -1));
    int test_idx = lua_gettop(L);
    lt_path_pop(&cv);

    run_ctx *r = lt_run_new(L, sc);
    lt_make_proxies(L, r);
    probe_run *pr = calloc(1, sizeof *pr);
    if (!pr) return probe_error(L, r, line, "out of memory");
    r->extra = pr;
    r->release_extra = probe_release;
    read_args args = {{sc->path, sc->loc, L, {{"test", 0}}, 1, line, 1, 0}, r, 2, &r->name};
    lua_pushcfunction(L, lt_protected_read);
    lua_pushlightuserdata(L, &args);
    lua_pushvalue(L, test_idx);
    if (lua_pcall(L, 2, 0, 0) != LUA_OK) {
        lt_run_release(r);
        return lua_error(L);
    }
    lt_cap_steps(sc->opts, &r->test);
    if (!r->name) return probe_error(L, r, line, "out of memory");
    lt_lint_test(sc, L, r, line); /* the plausibility warnings of the test probed (at the call's line) */
    const lt_script_opts *o = sc->opts;
    if (o->max_steps_cap > 0) { /* the fuzz target: at most max_steps_cap steps of rays in all */
        if (steps > o->max_steps_cap) steps = o->max_steps_cap;
        if (directions > o->max_steps_cap / steps) directions = o->max_steps_cap / steps > 0 ? o->max_steps_cap / steps : 1;
    }
    /* the test's max_steps guards the whole probe too: its rays together (a probe of 1e6
     * directions of 1e9 steps would otherwise run for ever) */
    if ((double)directions * (double)steps > (double)r->test.max_steps) {
        char msg[300];
        snprintf(msg, sizeof msg, "field steps: %ld directions of %ld steps exceed the test's max_steps = %ld (raise "
                 "test.max_steps to run them)", directions, steps, r->test.max_steps);
        return probe_error(L, r, line, msg);
    }
    pr->name = pname ? strdup(pname) : malloc(strlen(r->name) + 8);
    if (!pr->name) return probe_error(L, r, line, "out of memory");
    if (!pname) sprintf(pr->name, "%s-yield", r->name);
    r->test.name = pr->name;
    const lt_yield *y = lt_law_yield(r->test.law);
    unsigned law_dofs = y ? lt_yield_dofs(y) : 0;
    for (int i = 0; y && i < 2; i++)
        if (!((law_dofs >> dofs[i]) & 1u)) {
            char msg[400], list[200] = "";
            size_t u = 0;
            for (int q = 0; q < LT_DOF; q++)
                if ((law_dofs >> q) & 1u) u += (size_t)snprintf(list + u, sizeof list - u, u ? ", %d %s" : "%d %s", q + 1, dof_names[q]);
            snprintf(msg, sizeof msg, "field dofs: DoF %d (%s) is not one law '%s' declares its surface over (%s)",
                     dofs[i] + 1, dof_names[dofs[i]], r->test.law->name, list);
            return probe_error(L, r, dofs_line, msg);
        }
    lt_probe_opts po = {.directions = (int)directions, .limit = limit, .steps = steps,
                        .shard = o->shards > 1 ? o->shard : 1, .shards = o->shards > 1 ? o->shards : 1,
                        .dofs = {dofs[0], dofs[1]}, .limits = {limits[0], limits[1]}, .force = control};
    lt_progress bar;
    char label[300], err[700];
    snprintf(label, sizeof label, "probe %s", pr->name);
    lt_progress_start(&bar, label, o->progress);
    po.progress = lt_progress_update;
    po.progress_ctx = &bar;
    double t_start = lt_clock();
    lt_script_law_reset(sc);
    int rc = lt_probe_run(&pr->probe, &r->test, &po, err, sizeof err);
    double seconds = lt_clock() - t_start;
    long long probe_steps = 0; /* the steps driven count against the calling entry's budget */
    for (int i = 0; i < pr->probe.n_points; i++) probe_steps += pr->probe.points[i].steps;
    lt_budget_add(L, probe_steps);
    char law_err[1200];
    if (lt_script_law_error(sc, NULL, law_err, sizeof law_err)) { /* a Lua law's function failed: its line */
        lt_run_release(r);
        lua_pushstring(L, law_err);
        return lua_error(L);
    }
    if (rc < 0) {
        if (!r->cb_error) {
            char msg[sizeof err + 16]; /* a message of the probe's own fields names its field */
            snprintf(msg, sizeof msg, "%s%s", strncmp(err, "field ", 6) == 0 ? "" : "field test: ", err);
            return probe_error(L, r, line, msg);
        }
        lua_pushstring(L, err); /* an until/done of the initial stages failed: a complete message */
        lt_run_release(r);
        return lua_error(L);
    }
    int plots = 0, first_plot = 0;
    char **plotted = NULL;
    if (o->out_dir) {
        char suffix[64] = "";
        if (po.shards > 1) snprintf(suffix, sizeof suffix, ".shard-%d-of-%d", po.shard, po.shards);
        size_t n = strlen(pr->name) + strlen(suffix) + 8, len = 0;
        char *fname = malloc(n);
        pr->text = lt_probe_format(&pr->probe, (int)directions, &len);
        if (!fname || !pr->text) {
            free(fname);
            return probe_error(L, r, line, "out of memory");
        }
        snprintf(fname, n, "%s%s.tsv", pr->name, suffix);
        const lt_view *t0 = lt_tester_view(pr->probe.start);
        /* the surface of the initial state over the forces a ray can reach: the same for
         * every shard; surface, table and plots are renamed together (afile.h) */
        int ws;
        if (!pr->probe.extended) {
            double kl[2] = {t0->resp.k[0] * limit, t0->resp.k[1] * limit}, lo, hi;
            lt_surface_range(r->test.law, r->test.params, t0->law_state, t0->resp.f[0] - kl[0], t0->resp.f[0] + kl[0],
                             hypot(t0->resp.f[1], t0->resp.f[2]) + kl[1], &lo, &hi);
            ws = lt_surface_write_pending(o->out_dir, pr->name, r->test.law, r->test.params, t0->law_state, NULL, lo, hi,
                                          &r->pending, err, sizeof err);
        } else { /* the section in the pair's plane through the start forces, out to the rays' reach */
            double scale[2];
            for (int i = 0; i < 2; i++) {
                double lim = limits[i] > 0 ? limits[i] : limit;
                scale[i] = po.force ? lim : fabs(pr->probe.k0[i]) * lim;
            }
            ws = lt_surface_section_pending(o->out_dir, pr->name, r->test.law, r->test.params, t0->law_state,
                                            t0->resp.f, pr->probe.dofs, scale, &r->pending, err, sizeof err);
        }
        const char *surface_tmp = ws > 0 ? r->pending.tmp[r->pending.n - 1] : NULL;
        lt_pending table = {0, 0, NULL, NULL};
        int failed = ws < 0 || lt_write_file_pending(o->out_dir, fname, pr->text, len, &table, err, sizeof err) < 0;
        free(fname);
        if (!failed && o->plot && po.shards == 1) {
            first_plot = r->pending.n;
            lt_plot_input in = {table.tmp[0], table.final[0], NULL, surface_tmp, r->test.law, r->test.params, NAN};
            plots = lt_plot_pending(pr->probe.extended ? "probe_pair" : "probe", &in, &r->pending, err, sizeof err);
            failed = plots < 0;
        }
        if (!failed) {
            pr->file = strdup(table.final[0]);
            failed = !pr->file || lt_pending_add(&r->pending, table.tmp[0], table.final[0]) < 0;
            if (failed) snprintf(err, sizeof err, "out of memory");
            free(table.tmp);
            free(table.final);
            memset(&table, 0, sizeof table);
        }
        lt_pending_discard(&table);
        if (!failed && plots > 0 && !o->quiet) plotted = lt_plotted_names(&r->pending, first_plot, plots);
        failed = lt_publish_outputs(sc, &r->pending, failed, err, sizeof err);
        if (failed) {
            lt_plotted_report(plotted, plots, 0);
            return probe_error(L, r, line, err);
        }
    }
    if (!o->quiet) probe_summary(&pr->probe, pr->name, r->test.law->name, (int)directions, o, seconds, pr->file);
    lt_plotted_report(plotted, plots, 1);
    sc->n_runs++;
    /* results */
    lua_createtable(L, 0, 6);
    lua_pushstring(L, pr->name);
    lua_setfield(L, -2, "name");
    lua_pushinteger(L, directions);
    lua_setfield(L, -2, "directions");
    if (pr->file) {
        lua_pushstring(L, pr->file);
        lua_setfield(L, -2, "file");
    }
    const lt_view *t0 = lt_tester_view(pr->probe.start);
    lua_createtable(L, 0, 5);
    const char *sn[] = {"uN", "Fn", "Fty", "Ftz"};
    const double sv[] = {t0->u[0], t0->resp.f[0], t0->resp.f[1], t0->resp.f[2]};
    for (int i = 0; i < 4; i++) {
        lua_pushnumber(L, sv[i]);
        lua_setfield(L, -2, sn[i]);
    }
    lua_pushnumber(L, t0->resp.k[0]);
    lua_setfield(L, -2, "kn");
    lua_pushnumber(L, t0->resp.k[1]);
    lua_setfield(L, -2, "kt");
    lua_setfield(L, -2, "start");
    lua_createtable(L, pr->probe.n_points, 0);
    for (int i = 0; i < pr->probe.n_points; i++) {
        push_point(L, &pr->probe.points[i]);
        lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, "points");
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
