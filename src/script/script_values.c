/* src/script/script_values.c - a stage's `values`: numbers, or Lua functions of the stage time t
 * (s) returning the value for that step, handed to the Lua-free driver as one C callback with a
 * context (lt_stage.value_fn); the servo's options (servoGain, servoMaxSpeed).  Which time level
 * a function is called at (t + dt/2 for velocities, t for forces, t + dt for servo targets) is
 * the driver's (driver.h).  Errors: `FILE:LINE: field stages[N].values[K]: ...`. */
#include "lua/error_text.h"
#include "script/script_int.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The value of DoF dof at stage time `time`: the stage's function called in Lua under its own
 * instruction budget (like an until); anything but a number is an error naming the value. */
static int value_callback(void *ctx, lt_tester *tester, int dof, double time, double *value)
{
    const lt_view *t = lt_tester_view(tester);
    char *err = lt_tester_err(tester);
    lua_stage_values *sv = ctx;
    run_ctx *r = sv->run;
    lua_State *L = r->L;
    r->t = tester;
    r->sc->script.lua_epoch++; /* Lua runs: the names a compiled until reads are checked again */
    int base = lua_gettop(L);
    lua_rawgeti(L, LUA_REGISTRYINDEX, sv->ref[dof]);
    lua_pushnumber(L, time);
    lt_budget_save saved;
    lt_budget_enter(L, &saved);
    r->sc->script.callback_depth++;
    int rc = lua_pcall(L, 1, 1, 0);
    r->sc->script.callback_depth--;
    lt_budget_leave(L, &saved);
    int n = snprintf(err, LT_ERR_SIZE,
                     "%s:%d: field stages[%d].values[%d]: at step %ld (t = %.17g s): ",
                     r->sc->script.path, sv->line[dof], sv->stage_no, dof + 1, t->step, time);
    size_t u = n > 0 && (size_t)n < LT_ERR_SIZE ? (size_t)n : LT_ERR_SIZE - 1;
    if (rc != LUA_OK) {
        /* a table raised shows its __tostring or type */
        const char *msg = lt_push_error_text(L, -1);
        char mem[300];
        if (lt_limits_memory_message(&r->sc->script.lim, msg, mem, sizeof mem)) msg = mem;
        size_t np = strlen(r->sc->script.path); /* the script's own "FILE:LINE: " is said already */
        if (msg && strncmp(msg, r->sc->script.path, np) == 0 && msg[np] == ':' &&
            strchr(msg + np + 1, ':'))
            msg = strchr(msg + np + 1, ':') + 1 + (strchr(msg + np + 1, ':')[1] == ' ');
        snprintf(err + u, LT_ERR_SIZE - u, "%s", msg ? msg : "error");
    } else if (lua_type(L, -1) != LUA_TNUMBER) {
        snprintf(err + u, LT_ERR_SIZE - u,
                 "the function returned a value of type %s, expected a number",
                 luaL_typename(L, -1));
    } else {
        *value = lua_tonumber(L, -1);
        err[0] = 0;
        lua_settop(L, base);
        return 0;
    }
    r->cb_error = 1; /* the driver names the value: err_dof = dof + 1 */
    lua_settop(L, base);
    return -1;
}

/* The stage's `values` (the stage table at st, its 1-based number stage_no) into s, its whats
 * read already: 6 entries, each a number or a function; the servo's options. */
void lt_read_stage_values(conv *cv, run_ctx *r, int st, int stage_no, lt_stage *s)
{
    lua_State *L = cv->L;
    lua_stage_values *sv = NULL;
    lt_path_push_key(cv, "values");
    int ty = lt_get_field(cv, st, "values");
    if (ty != LUA_TNIL) {
        if (ty != LUA_TTABLE)
            lt_field_error(cv, "expected a table of 6 numbers or functions, got %s",
                           luaL_typename(L, -1));
        if (lua_rawlen(L, -1) != LT_DOF)
            lt_field_error(cv, "expected 6 numbers, got %d", (int)lua_rawlen(L, -1));
        lt_check_list(cv, -1, LT_DOF, "a list of 6 numbers or functions, one per DoF");
        for (int k = 0; k < LT_DOF; k++) {
            lt_path_push_index(cv, k + 1);
            if (lua_rawgeti(L, -1, k + 1) == LUA_TFUNCTION) {
                if (s->whats[k] == '.')
                    lt_field_error(
                        cv, "a function given for DoF %d whose whats is '.' (nothing imposed)",
                        k + 1);
                if (!sv) { /* the stage's first function: its context, freed by lt_run_release */
                    sv = calloc(1, sizeof *sv);
                    if (!sv) lt_field_error(cv, "out of memory");
                    sv->run = r;
                    sv->stage_no = stage_no;
                    for (int j = 0; j < LT_DOF; j++) sv->ref[j] = LUA_NOREF;
                    s->value_ctx = sv;
                }
                sv->line[k] = lt_conv_line(cv);
                sv->ref[k] = luaL_ref(L, LUA_REGISTRYINDEX);
                s->fn_mask |= 1u << k;
                s->value_fn = value_callback;
            } else {
                s->values[k] = lt_to_number(cv, -1, -INFINITY, INFINITY);
                lua_pop(L, 1);
            }
            lt_path_pop(cv);
        }
    }
    lua_pop(L, 1);
    for (int k = 0; k < LT_DOF; k++) {
        lt_path_push_index(cv, k + 1);
        if (s->whats[k] == '.' && s->values[k] != 0)
            lt_field_error(cv, "value %g given for DoF %d whose whats is '.' (nothing imposed)",
                           s->values[k], k + 1);
        if (s->whats[k] == 's' && k >= 3)
            lt_field_error(cv,
                           "a servo ('s') on DoF %d, which has no stiffness: its gain is set from "
                           "the contact's stiffness on the DoF, and laws report only kn and kt "
                           "(normal and shear DoFs 1-3)",
                           k + 1);
        lt_path_pop(cv);
    }
    lt_path_pop(cv);
    lt_opt_number(cv, st, "servoGain", &s->servo_gain, 0, 2);
    if (!(s->servo_gain > 0 && s->servo_gain < 2)) {
        lt_path_push_key(cv, "servoGain");
        lt_field_error(cv,
                       "%g is outside (0, 2), the servo's stability bound (docs/stage-scripts.md)",
                       s->servo_gain);
    }
    lt_opt_positive(cv, st, "servoMaxSpeed", &s->servo_vmax);
}

void lt_release_stage_values(run_ctx *r)
{
    if (!r->test.stages) return;
    for (int i = 0; i < r->test.n_stages; i++) {
        lua_stage_values *sv = r->test.stages[i].value_ctx;
        if (!sv) continue;
        for (int k = 0; k < LT_DOF; k++) luaL_unref(r->L, LUA_REGISTRYINDEX, sv->ref[k]);
        free(sv);
        r->test.stages[i].value_ctx = NULL;
    }
}
