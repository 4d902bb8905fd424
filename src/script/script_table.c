/* src/script/script_table.c - a Lua test table into an lt_test: law and parameters, stages (whats,
 * values, until/done), the record and guards; bodies and stiffness are read by script_bodies.c.
 * Errors name the file, line and field (conv.h). */
#define _POSIX_C_SOURCE 200809L
#include "contact/law_check.h"
#include "contact/registry.h"
#include "lua/names.h"
#include "script/script_bodies.h"
#include "script/script_int.h"
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The value on the stack top, for the integer parameter pd, within +-2^53 (law_check.h,
 * LT_INT_PARAM_MAX): a Lua integer beyond would be rounded, a float beyond is no exact whole
 * number, and a law reading either into a C integer would get another value than .meta records
 * (2^70 reached a Lua law as -2^63).  A field error otherwise. */
static void int_param_exact(conv *cv, const lt_param *pd)
{
    lua_State *L = cv->L;
    if (lua_isinteger(L, -1)) {
        lua_Integer v = lua_tointeger(L, -1);
        if (v > (lua_Integer)LT_INT_PARAM_MAX || v < -(lua_Integer)LT_INT_PARAM_MAX)
            lt_field_error(cv,
                           "%lld is beyond +-2^53 = +-9007199254740992, the whole numbers an "
                           "integer parameter (%s) holds exactly",
                           (long long)v, pd->name);
    } else if (lua_type(L, -1) == LUA_TNUMBER) {
        double x = lua_tonumber(L, -1);
        if (isfinite(x) && fabs(x) > LT_INT_PARAM_MAX)
            lt_field_error(cv,
                           "%.17g is beyond +-2^53 = +-9007199254740992, the whole numbers an "
                           "integer parameter (%s) holds exactly",
                           x, pd->name);
    }
}

/* ---- law parameters ------------------------------------------------------------------- */

static void read_params(conv *cv, int t, lt_test *test)
{
    lua_State *L = cv->L;
    const lt_law *law = test->law;
    for (int i = 0; i < law->n_params; i++) test->params[i] = law->params[i].def;
    lt_path_push_key(cv, "params");
    int ty = lt_get_field(cv, t, "params");
    if (ty == LUA_TNIL) {
        lua_pop(L, 1);
        lt_path_pop(cv);
        return;
    }
    if (ty != LUA_TTABLE)
        lt_field_error(cv, "expected a table of law parameters, got %s", luaL_typename(L, -1));
    int pt = lua_gettop(L);
    lua_pushnil(L);
    while (lua_next(L, pt)) {
        if (lua_type(L, -2) != LUA_TSTRING) lt_field_error(cv, "parameter names must be strings");
        const char *k = lua_tostring(L, -2);
        int i = lt_law_param_index(law, k);
        lt_path_push_key(cv, k);
        if (i < 0) {
            char list[400] = "";
            size_t u = 0;
            for (int j = 0; j < law->n_params && u < sizeof list; j++)
                u += (size_t)snprintf(list + u, sizeof list - u, j ? ", %s" : "%s",
                                      law->params[j].name);
            lt_field_error(cv, "law '%s' has no parameter '%s' (parameters: %s)", law->name, k,
                           list);
        }
        const lt_param *pd = &law->params[i];
        if (pd->kind == LT_BOOL) {
            if (lua_type(L, -1) == LUA_TBOOLEAN)
                test->params[i] = lua_toboolean(L, -1);
            else if (lua_isinteger(L, -1) &&
                     (lua_tointeger(L, -1) == 0 || lua_tointeger(L, -1) == 1))
                test->params[i] = (double)lua_tointeger(L, -1);
            else
                lt_field_error(cv, "expected true or false (or 1, 0), got %s",
                               luaL_tolstring(L, -1, NULL));
        } else if (pd->kind == LT_CHOICE) {
            if (lua_type(L, -1) != LUA_TSTRING)
                lt_field_error(cv, "expected one of the names, got %s", luaL_typename(L, -1));
            const char *v = lua_tostring(L, -1);
            int found = -1;
            for (int j = 0; pd->choices[j]; j++)
                if (strcmp(pd->choices[j], v) == 0) found = j;
            if (found < 0) lt_field_error(cv, "unknown value '%s' (%s)", v, pd->doc);
            test->params[i] = found;
        } else {
            unsigned fl = lt_law_param_flags(law, i);
            if (pd->kind == LT_INT) int_param_exact(cv, pd);
            double x = lua_type(cv->L, -1) == LUA_TNUMBER ? lua_tonumber(cv->L, -1) : 0;
            char why[200];
            if (isinf(x) && lt_param_in_range(pd, fl, x)) /* an infinite default given: kept */
                test->params[i] = x;
            else if (isinf(x)) /* the range's text says why */
                lt_field_error(cv, "%s", lt_param_value_problem_in(pd, fl, x, why, sizeof why));
            else
                test->params[i] =
                    lt_to_number_in(/* the ends as the range text has them */
                                    cv, -1, pd->min, pd->max,
                                    (fl & LT_PARAM_MIN_OPEN) || !lt_param_in_range(pd, fl, pd->min),
                                    (fl & LT_PARAM_MAX_OPEN) ||
                                        !lt_param_in_range(pd, fl, pd->max));
            if (pd->kind == LT_INT && test->params[i] != floor(test->params[i]))
                lt_field_error(cv,
                               "expected a whole number (%s is an integer parameter), got %.17g",
                               pd->name, test->params[i]);
        }
        lt_path_pop(cv);
        lua_pop(L, 1);
    }
    /* the law's check of the whole set (e.g. the same damping given two ways) */
    const char *bad = law->check ? law->check(test->params) : NULL;
    if (bad) lt_field_error(cv, "%s", bad);
    lua_pop(L, 1);
    lt_path_pop(cv);
}

static const char *const stage_keys[] = {"whats", "values",     "until",         "till",
                                         "done",  "untilEvery", "max_steps",     "name",
                                         "spin",  "servoGain",  "servoMaxSpeed", NULL};

static void read_stage(conv *cv, run_ctx *r, int st, int stage_no, lt_stage *s)
{
    lua_State *L = cv->L;
    st = lua_absindex(L, st);
    if (!lua_istable(L, st))
        lt_field_error(cv, "expected a stage table, got %s", luaL_typename(L, st));
    lt_check_keys(cv, st, stage_keys);
    *s = lt_default_stage();
    lt_path_push_key(cv, "whats");
    int ty = lt_get_field(cv, st, "whats");
    if (ty != LUA_TNIL) {
        if (ty != LUA_TSTRING)
            lt_field_error(cv, "expected a string of 6 characters, got %s", luaL_typename(L, -1));
        size_t n;
        const char *w = lua_tolstring(L, -1, &n);
        if (n != LT_DOF)
            lt_field_error(cv,
                           "'%s' has %d characters, expected 6 (normal, shear y, shear z, twist, "
                           "bend y, bend z)",
                           w, (int)n);
        for (int k = 0; k < LT_DOF; k++) {
            if (!strchr(".vifs", w[k]) || w[k] == 0) {
                char shown[8]; /* the character as it can be printed on one line */
                if ((unsigned char)w[k] < 0x20 || (unsigned char)w[k] >= 0x7f)
                    snprintf(shown, sizeof shown, "\\x%02x", (unsigned char)w[k]);
                else
                    snprintf(shown, sizeof shown, "%c", w[k]);
                lt_field_error(cv, "bad character '%s' at position %d (expected . v i f s)", shown,
                               k + 1);
            }
            s->whats[k] = w[k];
        }
    }
    lua_pop(L, 1);
    lt_path_pop(cv);
    lt_read_stage_values(cv, r, st, stage_no, s);
    lt_opt_vec3(cv, st, "spin", &s->spin);
    if (!v3_isfinite(s->spin)) {
        lt_path_push_key(cv, "spin");
        lt_field_error(cv, "is not finite");
    }
    lt_opt_integer(cv, st, "untilEvery", &s->until_every, 1, 1000000000L);
    lt_opt_integer(cv, st, "max_steps", &s->max_steps, 1, 4000000000000000000L);
    stage_cb *cbs = &r->cbs[2 * (stage_no - 1)];
    lt_read_callback(cv, r, st, "until", "till", stage_no, &cbs[0], &s->until, &s->until_ctx);
    lt_read_callback(cv, r, st, "done", NULL, stage_no, &cbs[1], &s->done, &s->done_ctx);
    lt_set_until_quiet(&cbs[0], s);
    if (!s->until)
        lt_field_error(cv, "has no until (or till) condition; a stage must say when it ends");
}

/* ---- the test table ------------------------------------------------------------------- */

static const char *const test_keys[] = {
    "name",   "law",       "params",    "materials", "particles",       "normal",
    "gap",    "stiffness", "dt",        "abWeight",  "damping",         "stages",
    "record", "max_steps", "predictor", "leverArm",  "contactVelocity", NULL};

/* leverArm = "contact" (the default: branches end at the middle of the overlap) or "radius"
 * (each body's own surface point; docs/mechanics.md, "Lever arm"). */
static void read_lever_arm(conv *cv, int t, lt_test *test)
{
    lua_State *L = cv->L;
    lt_path_push_key(cv, "leverArm");
    int ty = lt_get_field(cv, t, "leverArm");
    if (ty == LUA_TSTRING) {
        const char *v = lua_tostring(L, -1);
        if (strcmp(v, "contact") == 0)
            test->leverArm = LT_LEVER_CONTACT;
        else if (strcmp(v, "radius") == 0)
            test->leverArm = LT_LEVER_RADIUS;
        else
            lt_field_error(cv, "'%s' is not a lever arm (\"contact\" or \"radius\")", v);
    } else if (ty != LUA_TNIL) {
        lt_field_error(cv, "expected \"contact\" or \"radius\", got %s", luaL_typename(L, -1));
    }
    lua_pop(L, 1);
    lt_path_pop(cv);
}

/* contactVelocity = "midstep" (the default), "state" or "state_radius" (velocity-Verlet engines'
 * measures: the state's positions, with the test's levers or the radii; docs/mechanics.md,
 * "Relative velocity"). */
static void read_contact_velocity(conv *cv, int t, lt_test *test)
{
    static const char *const names[] = {"midstep", "state", "state_radius"};
    int v = (int)test->contactVelocity;
    lt_opt_choice(cv, t, "contactVelocity", names, 3, &v);
    test->contactVelocity = (lt_contact_velocity)v;
}

/* Names of the files a script's runs and its lawtester.write calls produce: one table in the
 * registry, file name -> "run" or "write", so that neither takes the other's file (a failed run
 * must not leave beside its .partial a NAME.tsv the script wrote that looks like a result). */
static const char claims_key = 0;

const char *lt_claim_file(lua_State *L, const char *file, const char *by)
{
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &claims_key) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_newtable(L);
        lua_pushvalue(L, -1);
        lua_rawsetp(L, LUA_REGISTRYINDEX, &claims_key);
    }
    const char *other = NULL;
    if (lua_getfield(L, -1, file) == LUA_TSTRING && strcmp(lua_tostring(L, -1), by) != 0)
        other =
            strcmp(lua_tostring(L, -1), "run") == 0 ? "a test of this script" : "lawtester.write";
    lua_pop(L, 1);
    if (!other) {
        lua_pushstring(L, by);
        lua_setfield(L, -2, file);
    }
    lua_pop(L, 1);
    return other;
}

static const char test_names_key = 0;

int lt_claim_test_name(lua_State *L, const char *name, int line)
{
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &test_names_key) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_newtable(L);
        lua_pushvalue(L, -1);
        lua_rawsetp(L, LUA_REGISTRYINDEX, &test_names_key);
    }
    int earlier = 0;
    if (lua_getfield(L, -1, name) == LUA_TNUMBER) earlier = (int)lua_tointeger(L, -1);
    lua_pop(L, 1);
    if (!earlier) {
        lua_pushinteger(L, line > 0 ? line : 1);
        lua_setfield(L, -2, name);
    }
    lua_pop(L, 1);
    return earlier;
}

/* name: a valid file name, or (absent) the default from the script's file name; malloc'ed into
 * *name_out. */
static void read_test_name(conv *cv, run_ctx *r, int t, char **name_out)
{
    lua_State *L = cv->L;
    lt_path_push_key(cv, "name");
    int ty = lt_get_field(cv, t, "name");
    if (ty == LUA_TSTRING) {
        size_t len;
        const char *given = lua_tolstring(L, -1, &len);
        const char *why = lt_name_problem(given, len);
        if (why) lt_field_error(cv, "'%s' is not a valid file name (%s)", lua_tostring(L, -1), why);
        *name_out = strdup(lua_tostring(L, -1));
    } else if (ty != LUA_TNIL) {
        lt_field_error(cv, "expected a string, got %s", luaL_typename(L, -1));
    } else {
        *name_out = lt_name_from_path(r->sc && r->sc->given_path ? r->sc->given_path : cv->file);
    }
    lua_pop(L, 1);
    lt_path_pop(cv);
}

/* law (required): the name of a registered law. */
static void read_test_law(conv *cv, int t, lt_test *test)
{
    lua_State *L = cv->L;
    lt_path_push_key(cv, "law");
    int ty = lt_get_field(cv, t, "law");
    if (ty != LUA_TSTRING)
        lt_field_error(cv,
                       ty == LUA_TNIL ? "missing (name of a law; `lawtester laws` lists them)"
                                      : "expected a law name, got %s",
                       luaL_typename(L, -1));
    test->law = lt_find_law(lua_tostring(L, -1));
    if (!test->law)
        lt_field_error(cv, "unknown law '%s' (`lawtester laws` lists them)", lua_tostring(L, -1));
    lua_pop(L, 1);
    lt_path_pop(cv);
}

/* The law's state variables as one line, "kn kt tanPhi ...", cut (with " ...") where it would
 * pass n - 1 characters. */
static void state_list(const lt_law *law, char *buf, size_t n)
{
    size_t at = 0;
    buf[0] = 0;
    for (int i = 0; i < law->n_state; i++) {
        size_t len = strlen(law->state_names[i]);
        if (at + len + 6 >= n) {
            snprintf(buf + at, n - at, " ...");
            return;
        }
        at += (size_t)snprintf(buf + at, n - at, "%s%s", i ? " " : "", law->state_names[i]);
    }
}

/* record.state: a list of the law's state variables, recorded as the columns state.NAME
 * (docs/records.md) in the order given, each once. */
static void read_record_state(conv *cv, run_ctx *r, int t)
{
    lua_State *L = cv->L;
    const lt_law *law = r->test.law;
    lt_path_push_key(cv, "state");
    int ty = lt_get_field(cv, t, "state");
    if (ty == LUA_TNIL) {
        lua_pop(L, 1);
        lt_path_pop(cv);
        return;
    }
    if (ty != LUA_TTABLE)
        lt_field_error(cv, "expected a list of state variables, got %s", luaL_typename(L, -1));
    int n = (int)lua_rawlen(L, -1);
    lt_check_list(cv, -1, n, "a list of state variables");
    char names[400];
    state_list(law, names, sizeof names);
    if (n > 0 && law->n_state == 0)
        lt_field_error(cv, "law '%s' has no state variables to record", law->name);
    if (n > law->n_state)
        lt_field_error(cv, "names %d state variables, law '%s' has %d", n, law->name, law->n_state);
    free(r->rec_state); /* freed by lt_run_release on every way out */
    r->rec_state = n > 0 ? malloc((size_t)n * sizeof *r->rec_state) : NULL;
    if (n > 0 && !r->rec_state) lt_field_error(cv, "out of memory");
    for (int k = 0; k < n; k++) {
        lt_path_push_index(cv, k + 1);
        if (lua_rawgeti(L, -1, k + 1) != LUA_TSTRING)
            lt_field_error(cv, "expected the name of a state variable, got %s",
                           luaL_typename(L, -1));
        const char *name = lua_tostring(L, -1);
        int i = 0;
        while (i < law->n_state && strcmp(law->state_names[i], name) != 0) i++;
        if (i == law->n_state)
            lt_field_error(cv, "'%s' is not a state variable of law '%s' (its state: %s)", name,
                           law->name, names);
        for (int j = 0; j < k; j++)
            if (r->rec_state[j] == i) lt_field_error(cv, "'%s' is named twice", name);
        r->rec_state[k] = i;
        lua_pop(L, 1);
        lt_path_pop(cv);
    }
    r->n_rec_state = n;
    lua_pop(L, 1);
    lt_path_pop(cv);
}

/* record: a boolean (every step, or none) or { every = N, state = {NAME, ...} }. */
static void read_record(conv *cv, run_ctx *r, int t)
{
    lua_State *L = cv->L;
    lt_test *test = &r->test;
    r->n_rec_state = 0;
    lt_path_push_key(cv, "record");
    int ty = lt_get_field(cv, t, "record");
    if (ty == LUA_TBOOLEAN) {
        test->record_every = lua_toboolean(L, -1) ? 1 : 0;
    } else if (ty == LUA_TTABLE) {
        static const char *const record_keys[] = {"every", "state", NULL};
        lt_check_keys(cv, -1, record_keys);
        lt_opt_integer(cv, -1, "every", &test->record_every, 1, 4000000000000000000L);
        read_record_state(cv, r, lua_absindex(L, -1));
    } else if (ty != LUA_TNIL) {
        lt_field_error(cv, "expected {every = N, state = {...}} or a boolean, got %s",
                       luaL_typename(L, -1));
    }
    lua_pop(L, 1);
    lt_path_pop(cv);
}

/* The list of stages (on the stack top, n of them, 1..100000) into test->stages, with two
 * callback slots each (until, done) in r->cbs. */
static void read_stage_list(conv *cv, run_ctx *r, int n)
{
    lua_State *L = cv->L;
    lt_test *test = &r->test;
    if (n > 100000) lt_field_error(cv, "has %d stages, at most 100000", n);
    test->stages = calloc((size_t)n, sizeof *test->stages);
    r->cbs = calloc((size_t)n * 2, sizeof *r->cbs);
    if (!test->stages || !r->cbs) lt_field_error(cv, "out of memory");
    for (int i = 0; i < 2 * n; i++) r->cbs[i].ref = LUA_NOREF;
    test->n_stages = n;
    for (int i = 0; i < n; i++) {
        lt_path_push_index(cv, i + 1);
        lua_rawgeti(L, -1, i + 1);
        read_stage(cv, r, -1, i + 1, &test->stages[i]);
        lua_pop(L, 1);
        lt_path_pop(cv);
    }
}

/* stages: a non-empty list of stage tables (a probe's test may have none: its stages only lead
 * to the initial state). */
static void read_stages(conv *cv, run_ctx *r, int t)
{
    lua_State *L = cv->L;
    lt_path_push_key(cv, "stages");
    int ty = lt_get_field(cv, t, "stages");
    if (!(ty == LUA_TNIL && cv->stages_optional)) {
        if (ty != LUA_TTABLE)
            lt_field_error(cv,
                           ty == LUA_TNIL ? "missing (a list of stages)"
                                          : "expected a list of stages, got %s",
                           luaL_typename(L, -1));
        int n = (int)lua_rawlen(L, -1);
        if (n < 1 && !cv->stages_optional) lt_field_error(cv, "is empty");
        lt_check_list(cv, -1, n, "a list of stages");
        if (n > 0) read_stage_list(cv, r, n);
    }
    lua_pop(L, 1);
    lt_path_pop(cv);
}

/* Convert the table at stack index t into r->test (stages allocated in r). */
void lt_read_test(conv *cv, run_ctx *r, int t, char **name_out)
{
    lua_State *L = cv->L;
    t = lua_absindex(L, t);
    if (!lua_istable(L, t))
        lt_field_error(cv, "the script must return a test table, got %s", luaL_typename(L, t));
    lt_check_keys(cv, t, test_keys);
    lt_test *test = &r->test;
    *test = lt_default_test();
    read_test_name(cv, r, t, name_out);
    read_test_law(cv, t, test);
    read_params(cv, t, test);
    lt_script_read_bodies(cv, t, test);
    lt_opt_number(cv, t, "dt", &test->dt, 1e-300, INFINITY);
    lt_opt_number(cv, t, "abWeight", &test->abWeight, 0, 1);
    lt_opt_number(cv, t, "damping", &test->damping, 0, 0.99);
    lt_opt_integer(cv, t, "max_steps", &test->max_steps, 1, 4000000000000000000L);
    int predictor = 1;
    lt_opt_bool(cv, t, "predictor", &predictor);
    test->no_predictor = !predictor;
    read_lever_arm(cv, t, test);
    read_contact_velocity(cv, t, test);
    read_record(cv, r, t);
    read_stages(cv, r, t);
}

/* Point every proxy of the run (and the vectors of C) at no run. */
static void invalidate_proxies(run_ctx *r)
{
    lua_State *L = r->L;
    for (int i = 0; i < N_PROXIES; i++) {
        if (r->proxy_ref[i] == LUA_NOREF || r->proxy_ref[i] == LUA_REFNIL) continue;
        lua_rawgeti(L, LUA_REGISTRYINDEX, r->proxy_ref[i]);
        run_ctx **p = lua_touserdata(L, -1);
        if (p) *p = NULL;
        if (i == PX_C)
            for (int k = 1; k <= LT_C_VECTORS; k++) {
                lua_getiuservalue(L, -1, k);
                run_ctx **v = lua_touserdata(L, -1);
                if (v) *v = NULL;
                lua_pop(L, 1);
            }
        lua_pop(L, 1);
    }
}

void lt_run_release(run_ctx *r)
{
    lua_State *L = r->L;
    if (!L) return;
    if (r->cbs)
        for (int i = 0; i < 2 * r->test.n_stages; i++) {
            luaL_unref(L, LUA_REGISTRYINDEX, r->cbs[i].ref);
            lt_cond_free(r->cbs[i].cond);
        }
    invalidate_proxies(r);
    for (int i = 0; i < N_PROXIES; i++) luaL_unref(L, LUA_REGISTRYINDEX, r->proxy_ref[i]);
    luaL_unref(L, LUA_REGISTRYINDEX, r->env_ref);
    for (int i = 0; i < N_PROXIES; i++) r->proxy_ref[i] = LUA_NOREF;
    r->env_ref = LUA_NOREF;
    lt_release_stage_values(r);
    free(r->cbs);
    free(r->test.stages);
    r->cbs = NULL;
    r->test.stages = NULL;
    r->test.n_stages = 0;
    if (r->rec_open) lt_record_abort(&r->rec);
    if (r->meta_open) lt_meta_abort(&r->meta);
    r->rec_open = r->meta_open = 0;
    free(r->rec_state);
    r->rec_state = NULL;
    r->n_rec_state = 0;
    lt_pending_discard(&r->pending);
    if (r->name_lock >= 0 && r->name) lt_afile_unlock(r->name_lock, r->sc->opts->out_dir, r->name);
    r->name_lock = -1;
    if (r->release_extra) r->release_extra(r);
    r->release_extra = NULL;
    lt_tester_free(r->tester);
    free(r->kept);
    r->kept = NULL;
    r->n_kept = r->cap_kept = 0;
    free(r->name);
    free(r->file);
    r->tester = NULL;
    r->name = NULL;
    r->file = NULL;
    r->t = NULL;
    r->test.name = NULL;
}

static int run_gc(lua_State *L)
{
    lt_run_release(luaL_checkudata(L, 1, "lawtester.run"));
    return 0;
}

void lt_register_run_metatable(lua_State *L)
{
    luaL_newmetatable(L, "lawtester.run");
    lua_pushcfunction(L, run_gc);
    lua_setfield(L, -2, "__gc");
    lua_pop(L, 1);
}

run_ctx *lt_run_new(lua_State *L, script_ctx *sc)
{
    run_ctx *r = lua_newuserdatauv(L, sizeof *r, 0);
    memset(r, 0, sizeof *r);
    r->name_lock = -1;
    r->env_ref = LUA_NOREF;
    for (int i = 0; i < N_PROXIES; i++) r->proxy_ref[i] = LUA_NOREF;
    luaL_setmetatable(L, "lawtester.run");
    lt_script_law_reset(&sc->script); /* a failure of a Lua law belongs to the run it happened in */
    r->sc = sc;                       /* set last: lt_run_release does nothing until L is set */
    r->L = L;
    return r;
}
