/* src/law_check.c - lt_law_validate: a descriptor checked against the rules of src/law.h before
 * lawtester runs it, so that a malformed law (from a shared object, a Lua script or laws/) is a
 * one-line error and never an overrun of the driver's fixed arrays (LT_MAX_STATE, ...). */
#include "law_check.h"
#include "law_compat.h"
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int fail(char *err, size_t n, const lt_law *law, const char *fmt, ...)
{
    const char *name = law && law->name && *law->name ? law->name : "?";
    int k = snprintf(err, n, "law '%.*s': ", LT_NAME_MAX, name);
    if (k >= 0 && (size_t)k < n) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err + k, n - (size_t)k, fmt, ap);
        va_end(ap);
    }
    return -1;
}

const char *lt_identifier_problem(const char *s)
{
    if (!s) return "is missing (NULL)";
    if (!*s) return "is empty";
    if (!(s[0] == '_' || (s[0] >= 'A' && s[0] <= 'Z') || (s[0] >= 'a' && s[0] <= 'z')))
        return "must start with a letter or '_'";
    size_t i = 0;
    for (; s[i] && i <= LT_NAME_MAX; i++) {
        char c = s[i];
        if (!(c == '_' || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')))
            return "may hold only letters, digits and '_'";
    }
    return s[i] ? "is longer than 63 characters" : NULL;
}

static int check_param(const lt_law *law, int i, char *err, size_t n)
{
    const lt_param *p = &law->params[i];
    const char *bad = lt_identifier_problem(p->name);
    if (bad) return fail(err, n, law, "parameter %d: name %s", i + 1, bad);
    for (int j = 0; j < i; j++)
        if (strcmp(law->params[j].name, p->name) == 0) return fail(err, n, law, "parameter '%s' declared twice", p->name);
    if (!p->unit || !p->doc) return fail(err, n, law, "parameter '%s': no %s", p->name, p->unit ? "doc" : "unit");
    switch (p->kind) {
    case LT_REAL:
        if (isnan(p->min) || isnan(p->max) || p->min > p->max)
            return fail(err, n, law, "parameter '%s': range [%g, %g] is not a range", p->name, p->min, p->max);
        if (!isnan(p->def) && !(p->def >= p->min && p->def <= p->max))
            return fail(err, n, law, "parameter '%s': default %g outside its range [%g, %g]", p->name, p->def, p->min,
                        p->max);
        return 0;
    case LT_BOOL:
        if (p->def != 0 && p->def != 1)
            return fail(err, n, law, "parameter '%s': a boolean's default must be 0 or 1, got %g", p->name, p->def);
        return 0;
    case LT_CHOICE: {
        if (!p->choices || !p->choices[0]) return fail(err, n, law, "parameter '%s': a choice without choices", p->name);
        int count = 0;
        for (; p->choices[count]; count++) {
            if (count >= 64) return fail(err, n, law, "parameter '%s': more than 64 choices (is the list NULL-ended?)", p->name);
            if (!*p->choices[count]) return fail(err, n, law, "parameter '%s': choice %d is empty", p->name, count + 1);
        }
        if (!(p->def >= 0 && p->def < count && p->def == floor(p->def)))
            return fail(err, n, law, "parameter '%s': default %g is not the index of one of its %d choices", p->name,
                        p->def, count);
        return 0;
    }
    }
    return fail(err, n, law, "parameter '%s': unknown kind %d", p->name, (int)p->kind);
}

static int check_case(const lt_law *law, int i, char *err, size_t n)
{
    const lt_case *cs = &law->cases[i];
    if (!cs->name || !*cs->name) return fail(err, n, law, "case %d has no name", i + 1);
    for (int j = 0; j < i; j++)
        if (strcmp(law->cases[j].name, cs->name) == 0) return fail(err, n, law, "case '%s' declared twice", cs->name);
    switch (cs->kind) {
    case LT_CASE_NORMAL:
        if (!cs->along) return fail(err, n, law, "case '%s': a normal case needs `along`", cs->name);
        break;
    case LT_CASE_SHEAR_CYCLE:
        if (!cs->expect) return fail(err, n, law, "case '%s': a cycle case needs `expect`", cs->name);
        if (cs->dof < 0 || cs->dof >= LT_DOF)
            return fail(err, n, law, "case '%s': dof %d is not a DoF to cycle (1..5, 0 for shear y)", cs->name, cs->dof);
        break;
    case LT_CASE_IMPACT:
        if (!cs->expect) return fail(err, n, law, "case '%s': an impact case needs `expect`", cs->name);
        break;
    case LT_CASE_CLOSED_LOOP:
        if (!cs->dofs || strlen(cs->dofs) != LT_DOF || strspn(cs->dofs, "v.") != LT_DOF)
            return fail(err, n, law, "case '%s': a closed loop needs `dofs`, 6 characters of 'v' or '.'", cs->name);
        break;
    default:
        return fail(err, n, law, "case '%s': unknown kind %d", cs->name, (int)cs->kind);
    }
    return 0;
}

int lt_law_validate(const lt_law *law, char *err, size_t n)
{
    if (!law) return fail(err, n, law, "the descriptor is NULL");
    if (law->api_version != LT_LAW_API_VERSION)
        return fail(err, n, law, "API version %d is not the current layout %d (lt_law_normalize copies it into it)",
                    law->api_version, LT_LAW_API_VERSION);
    const char *bad = lt_identifier_problem(law->name);
    if (bad) return fail(err, n, law, "name %s", bad);
    if (!law->summary) return fail(err, n, law, "no summary");
    if (!law->init || !law->step) return fail(err, n, law, "no %s function", law->init ? "step" : "init");
    if (law->n_params < 0 || law->n_params > LT_MAX_PARAMS)
        return fail(err, n, law, "%d parameters (0 to LT_MAX_PARAMS = %d)", law->n_params, LT_MAX_PARAMS);
    if (law->n_state < 0 || law->n_state > LT_MAX_STATE)
        return fail(err, n, law, "%d state variables (0 to LT_MAX_STATE = %d)", law->n_state, LT_MAX_STATE);
    if (law->n_energies < 0 || law->n_energies > LT_MAX_ENERGIES)
        return fail(err, n, law, "%d energies (0 to LT_MAX_ENERGIES = %d)", law->n_energies, LT_MAX_ENERGIES);
    if ((law->n_params && !law->params) || (law->n_state && !law->state_names) || (law->n_energies && !law->energies))
        return fail(err, n, law, "a count is set but its table is NULL");
    for (int i = 0; i < law->n_params; i++)
        if (check_param(law, i, err, n) < 0) return -1;
    for (int i = 0; i < law->n_state; i++) {
        if ((bad = lt_identifier_problem(law->state_names[i]))) return fail(err, n, law, "state variable %d: name %s", i + 1, bad);
        for (int j = 0; j < i; j++)
            if (strcmp(law->state_names[j], law->state_names[i]) == 0)
                return fail(err, n, law, "state variable '%s' declared twice", law->state_names[i]);
    }
    for (int i = 0; i < law->n_energies; i++) {
        const lt_energy_def *e = &law->energies[i];
        if ((bad = lt_identifier_problem(e->name))) return fail(err, n, law, "energy %d: name %s", i + 1, bad);
        if (e->kind != LT_STORED && e->kind != LT_DISSIPATED)
            return fail(err, n, law, "energy '%s': unknown kind %d", e->name, (int)e->kind);
        for (int j = 0; j < i; j++)
            if (strcmp(law->energies[j].name, e->name) == 0) return fail(err, n, law, "energy '%s' declared twice", e->name);
    }
    if (law->n_cases < 0 || (law->n_cases && !law->cases))
        return fail(err, n, law, "n_cases = %d with %s case table", law->n_cases, law->cases ? "a" : "no");
    for (int i = 0; i < law->n_cases; i++)
        if (check_case(law, i, err, n) < 0) return -1;
    const lt_yield *y = law->yield;
    if (y && !(y->ft_max && y->fn_max && y->yielding))
        return fail(err, n, law, "a yield surface needs ft_max, fn_max and yielding");
    if (y && (y->dofs & ~0x3fu))
        return fail(err, n, law, "yield dofs 0x%x names a DoF beyond the six (bits 0 to 5)", y->dofs);
    if (y && !y->excess && (y->dofs & ~0x07u))
        return fail(err, n, law, "yield dofs 0x%x include a torque, which needs the function `excess`", y->dofs);
    return 0;
}

lt_law *lt_law_normalize(const lt_law *law, char *err, size_t n)
{
    if (!law) {
        fail(err, n, law, "the descriptor is NULL");
        return NULL;
    }
    int version = law->api_version; /* the first field of every version */
    if (version < 1 || version > LT_LAW_API_VERSION) {
        fail(err, n, version >= 1 ? law : NULL, "API version %d is not one this lawtester reads (1 to %d)", version,
             LT_LAW_API_VERSION);
        return NULL;
    }
    int n_cases = version >= 2 && law->n_cases > 0 && law->cases ? law->n_cases : 0;
    if (n_cases > 100000) {
        fail(err, n, law, "n_cases = %d (is the count right?)", n_cases);
        return NULL;
    }
    /* versions 2 and 3 point to an lt_yield that ends before `excess`: it is copied too */
    int old_yield = version >= 2 && version < 4 && law->yield;
    lt_law *out = calloc(1, sizeof *out + (size_t)n_cases * sizeof(lt_case) + (old_yield ? sizeof(lt_yield) : 0));
    if (!out) {
        fail(err, n, law, "out of memory");
        return NULL;
    }
    memcpy(out, law, version >= 2 ? LT_LAW_V2_SIZE : LT_LAW_V1_SIZE); /* version 1 ends before check */
    out->api_version = LT_LAW_API_VERSION;
    if (n_cases) {
        lt_case *cases = (lt_case *)(out + 1);
        for (int i = 0; i < n_cases; i++) {
            if (version >= 3) cases[i] = law->cases[i];
            else memcpy(&cases[i], &((const lt_case_v2 *)(const void *)law->cases)[i], sizeof(lt_case_v2));
        }
        out->cases = cases;
    }
    if (old_yield) {
        lt_yield *y = (lt_yield *)(void *)((lt_case *)(out + 1) + n_cases);
        memcpy(y, law->yield, LT_YIELD_V3_SIZE);
        out->yield = y;
    }
    return out;
}
