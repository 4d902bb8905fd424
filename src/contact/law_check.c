/* src/contact/law_check.c - lt_law_validate: a descriptor checked against the rules of
 * include/lawtester/law.h before lawtester runs it, so that a malformed law (from a shared object,
 * a Lua script or laws/) is a one-line error and never an overrun of the driver's fixed arrays
 * (LT_MAX_STATE, ...), and its names neither split a line nor take one of lawtester's own;
 * lt_law_normalize and lt_law_copy: the copy the registry keeps, in the current layout and deep, so
 * that the law cannot change what was checked. */
#include "contact/law_check.h"
#include "base/quote.h"
#include "base/shortg.h"
#include "contact/law_compat.h"
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int fail(char *err, size_t n, const lt_law *law, const char *fmt, ...)
{
    char name[LT_NAME_MAX + 8];
    lt_quote(law && law->name && *law->name ? law->name : "?", name, sizeof name, LT_NAME_MAX);
    int k = snprintf(err, n, "law '%s': ", name);
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
        if (!(c == '_' || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
              (c >= '0' && c <= '9')))
            return "may hold only letters, digits and '_'";
    }
    return s[i] ? "is longer than 63 characters" : NULL;
}

const char *lt_choice_problem(const char *s)
{
    if (!s) return "is missing (NULL)";
    if (!*s) return "is empty";
    if (s[0] == '-') return "must not start with '-'";
    size_t i = 0;
    for (; s[i] && i <= LT_NAME_MAX; i++) {
        char c = s[i];
        if (!(c == '_' || c == '-' || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
              (c >= '0' && c <= '9')))
            return "may hold only letters, digits, '_' and '-'";
    }
    return s[i] ? "is longer than 63 characters" : NULL;
}

/* ---- names lawtester uses itself where a law's names go (docs/laws.md, "Names") ----------- */

/* What `until` and `done` read on the contact C besides the law's state (src/script/quantities.c:
 * its fixed rows come first, so a state variable of the same name would be out of their
 * reach), which are also the fields of a run's results.C that a state variable would
 * overwrite (src/script/script_report.c).  kn and kt are allowed as state names: the laws built on
 * linear keep under them the stiffness they return in out->k, which C.kn and C.kt read. */
static const char *const contact_quantities[] = {"uN", "u",     "v",  "f",  "kn",
                                                 "kt", "contA", "l1", "l2", NULL};
/* The record's columns but the law's energies (src/base/record_columns.def, docs/records.md):
 * the law's energies stand among them in the same header, and results.rows holds all by name. */
static const char *const record_columns[] = {
#define LT_COLUMN(name, kind, unit, field) #name,
#define LT_TAIL_COLUMN(name, kind, unit, value) #name,
#include "base/record_columns.def"
    NULL};
/* The driver's energies, after the law's in the record's header, in E and in results.E
 * (src/driver/driver.c). */
static const char *const driver_energies[] = {
#define LT_DRIVER_ENERGY(id, name, plot) #name,
#include "base/record_columns.def"
    NULL};

static int listed(const char *const *list, const char *name)
{
    for (int i = 0; list[i]; i++)
        if (strcmp(list[i], name) == 0) return 1;
    return 0;
}

const char *lt_name_clash(lt_name_role role, const char *name, char *buf, size_t n)
{
    if (!name) return NULL;
    if (role == LT_NAME_STATE) {
        if (!listed(contact_quantities, name) || strcmp(name, "kn") == 0 || strcmp(name, "kt") == 0)
            return NULL;
        snprintf(buf, n, "the contact quantity C.%s that until and done read", name);
    } else if (listed(driver_energies, name)) {
        snprintf(buf, n, "the driver's energy %s (E.%s and its record column)", name, name);
    } else if (listed(record_columns, name)) {
        snprintf(buf, n, "the record column %s", name);
    } else if (strcmp(name, "n") == 0) {
        snprintf(buf, n, "results.rows.n, the number of rows");
    } else {
        return NULL;
    }
    return buf;
}

/* A name of the law (a parameter's, a state variable's, an energy's): an identifier that
 * lawtester does not use itself in the same place (role: LT_NAME_STATE, LT_NAME_ENERGY; -1: no
 * clash possible). */
static int check_name(const lt_law *law, const char *what, int i, const char *name, int role,
                      char *err, size_t n)
{
    char q[LT_NAME_MAX + 8], with[160];
    const char *bad = lt_identifier_problem(name);
    if (bad && !name) return fail(err, n, law, "%s %d: name %s", what, i + 1, bad);
    if (bad)
        return fail(err, n, law, "%s %d '%s': name %s", what, i + 1,
                    lt_quote(name, q, sizeof q, LT_NAME_MAX), bad);
    if (role >= 0 && lt_name_clash((lt_name_role)role, name, with, sizeof with))
        return fail(err, n, law, "%s '%s' clashes with %s; rename it", what, name, with);
    return 0;
}

static int whole_or_infinite(double x) { return isinf(x) || x == floor(x); }

/* The range of a real or integer parameter: a range (min <= max), and more than one value
 * unless the law declares the parameter fixed (API 5: a range left at [0, 0] is a forgotten
 * one). */
/* The open ends a range may have: a finite bound, a range of more than one value. */
static int check_open_ends(const lt_law *law, const lt_param *p, unsigned flags, char *err,
                           size_t n)
{
    char r[120];
    lt_param_range_text(p, flags, r, sizeof r);
    if (((flags & LT_PARAM_MIN_OPEN) && !isfinite(p->min)) ||
        ((flags & LT_PARAM_MAX_OPEN) && !isfinite(p->max)))
        return fail(err, n, law,
                    "parameter '%s': range %s: only a finite end is flagged open "
                    "(LT_PARAM_MIN_OPEN, LT_PARAM_MAX_OPEN)",
                    p->name, r);
    if ((flags & (LT_PARAM_MIN_OPEN | LT_PARAM_MAX_OPEN)) && (flags & LT_PARAM_FIXED))
        return fail(err, n, law, "parameter '%s': a fixed value has no open end", p->name);
    return 0;
}

static int check_range(const lt_law *law, const lt_param *p, unsigned flags, char *err, size_t n)
{
    if (check_open_ends(law, p, flags, err, n) < 0) return -1;
    char r[120];
    lt_param_range_text(p, flags, r, sizeof r);
    if (isnan(p->min) || isnan(p->max) || p->min > p->max)
        return fail(err, n, law, "parameter '%s': range %s is not a range", p->name, r);
    if (p->min == p->max && !(flags & LT_PARAM_FIXED)) {
        if (p->min == 0)
            return fail(err, n, law,
                        "parameter '%s': no range declared (min = max = 0): set its .min and .max "
                        "(e.g. 0 and INFINITY; -INFINITY for no lower bound), or flag it "
                        "LT_PARAM_FIXED in .param_flags if 0 is its only value",
                        p->name);
        return fail(err, n, law,
                    "parameter '%s': range %s holds one value: widen it, or flag it "
                    "LT_PARAM_FIXED in .param_flags",
                    p->name, r);
    }
    if ((flags & LT_PARAM_FIXED) && p->min != p->max)
        return fail(err, n, law,
                    "parameter '%s': flagged LT_PARAM_FIXED, but its range %s holds more "
                    "than one value",
                    p->name, r);
    return 0;
}

/* API 6's sweep scale of parameter i: 0 (none), or a finite positive number for a real one. */
static int check_scale(const lt_law *law, int i, char *err, size_t n)
{
    double s = lt_law_param_scale(law, i);
    const lt_param *p = &law->params[i];
    if (s == 0) return 0;
    if (!(s > 0 && isfinite(s)))
        return fail(err, n, law,
                    "parameter '%s': sweep scale %g (param_scales) is not a finite positive number "
                    "(0: none)",
                    p->name, s);
    if (p->kind != LT_REAL)
        return fail(err, n, law, "parameter '%s': a sweep scale is for a real parameter", p->name);
    return 0;
}

static int check_param(const lt_law *law, int i, char *err, size_t n)
{
    const lt_param *p = &law->params[i];
    unsigned flags = law->param_flags ? law->param_flags[i] : 0;
    if (check_name(law, "parameter", i, p->name, -1, err, n) < 0) return -1;
    for (int j = 0; j < i; j++)
        if (strcmp(law->params[j].name, p->name) == 0)
            return fail(err, n, law, "parameter '%s' declared twice", p->name);
    if (!p->unit || !p->doc)
        return fail(err, n, law, "parameter '%s': no %s", p->name, p->unit ? "doc" : "unit");
    if (flags & ~(unsigned)(LT_PARAM_MATERIALS | LT_PARAM_FIXED | LT_PARAM_MIN_OPEN |
                            LT_PARAM_MAX_OPEN | LT_PARAM_RANGE_UNDECLARED))
        return fail(err, n, law, "parameter '%s': flags 0x%x hold a bit that is no LT_PARAM_* flag",
                    p->name, flags);
    if ((flags & LT_PARAM_MATERIALS) && !(p->kind == LT_REAL && isnan(p->def)))
        return fail(err, n, law,
                    "parameter '%s': LT_PARAM_MATERIALS is for an optional real parameter (default "
                    "NAN: unset, the value then comes from the materials)",
                    p->name);
    if ((flags & (LT_PARAM_FIXED | LT_PARAM_MIN_OPEN | LT_PARAM_MAX_OPEN)) && p->kind != LT_REAL &&
        p->kind != LT_INT)
        return fail(err, n, law,
                    "parameter '%s': LT_PARAM_FIXED, _MIN_OPEN and _MAX_OPEN are for a real or "
                    "integer parameter",
                    p->name);
    if (check_scale(law, i, err, n) < 0) return -1;
    char r[120], d[32];
    switch (p->kind) {
    case LT_REAL:
        if (check_range(law, p, flags, err, n) < 0) return -1;
        if (!isnan(p->def) && !lt_param_in_range(p, flags, p->def))
            return fail(err, n, law, "parameter '%s': default %s outside its range %s", p->name,
                        lt_shortg(p->def, d, sizeof d), lt_param_range_text(p, flags, r, sizeof r));
        return 0;
    case LT_INT:
        if (check_range(law, p, flags, err, n) < 0) return -1;
        if (!whole_or_infinite(p->min) || !whole_or_infinite(p->max))
            return fail(
                err, n, law,
                "parameter '%s': an integer's range %s must have whole (or infinite) bounds",
                p->name, lt_param_range_text(p, flags, r, sizeof r));
        if (!(isfinite(p->def) && p->def == floor(p->def) && lt_param_in_range(p, flags, p->def) &&
              fabs(p->def) <= LT_INT_PARAM_MAX))
            return fail(err, n, law,
                        "parameter '%s': an integer's default must be a whole number in %s, got %s",
                        p->name, lt_param_range_text(p, flags, r, sizeof r),
                        lt_shortg(p->def, d, sizeof d));
        return 0;
    case LT_BOOL:
        if (p->def != 0 && p->def != 1)
            return fail(err, n, law, "parameter '%s': a boolean's default must be 0 or 1, got %g",
                        p->name, p->def);
        return 0;
    case LT_CHOICE: {
        if (!p->choices || !p->choices[0])
            return fail(err, n, law, "parameter '%s': a choice without choices", p->name);
        int count = 0;
        for (; p->choices[count]; count++) {
            if (count >= 64)
                return fail(err, n, law,
                            "parameter '%s': more than 64 choices (is the list NULL-ended?)",
                            p->name);
            const char *c = p->choices[count], *bad = lt_choice_problem(c);
            char q[LT_NAME_MAX + 8];
            if (bad)
                return fail(err, n, law, "parameter '%s': choice %d '%s' %s", p->name, count + 1,
                            lt_quote(c, q, sizeof q, LT_NAME_MAX), bad);
            for (int j = 0; j < count; j++)
                if (strcmp(p->choices[j], c) == 0)
                    return fail(err, n, law, "parameter '%s': choice '%s' listed twice", p->name,
                                c);
        }
        if (!(p->def >= 0 && p->def < count && p->def == floor(p->def)))
            return fail(err, n, law,
                        "parameter '%s': default %g is not the index of one of its %d choices",
                        p->name, p->def, count);
        return 0;
    }
    }
    return fail(err, n, law, "parameter '%s': unknown kind %d", p->name, (int)p->kind);
}

static int check_case(const lt_law *law, int i, char *err, size_t n)
{
    const lt_case *cs = &law->cases[i];
    if (!cs->name || !*cs->name) return fail(err, n, law, "case %d has no name", i + 1);
    char q[LT_NAME_MAX + 8];
    if (lt_has_control(cs->name) || strlen(cs->name) > LT_NAME_MAX)
        return fail(err, n, law, "case %d '%s': a name is one line of at most %d characters", i + 1,
                    lt_quote(cs->name, q, sizeof q, LT_NAME_MAX), LT_NAME_MAX);
    for (int j = 0; j < i; j++)
        if (strcmp(law->cases[j].name, cs->name) == 0)
            return fail(err, n, law, "case '%s' declared twice", cs->name);
    switch (cs->kind) {
    case LT_CASE_NORMAL:
        if (!cs->along)
            return fail(err, n, law, "case '%s': a normal case needs `along`", cs->name);
        break;
    case LT_CASE_SHEAR_CYCLE:
        if (!cs->expect)
            return fail(err, n, law, "case '%s': a cycle case needs `expect`", cs->name);
        if (cs->dof < 0 || cs->dof >= LT_DOF)
            return fail(err, n, law,
                        "case '%s': dof %d is not a DoF to cycle (1..5, 0 for shear y)", cs->name,
                        cs->dof);
        break;
    case LT_CASE_IMPACT:
        if (!cs->expect)
            return fail(err, n, law, "case '%s': an impact case needs `expect`", cs->name);
        break;
    case LT_CASE_CLOSED_LOOP:
        if (!cs->dofs || strlen(cs->dofs) != LT_DOF || strspn(cs->dofs, "v.") != LT_DOF)
            return fail(err, n, law,
                        "case '%s': a closed loop needs `dofs`, 6 characters of 'v' or '.'",
                        cs->name);
        break;
    default: return fail(err, n, law, "case '%s': unknown kind %d", cs->name, (int)cs->kind);
    }
    return 0;
}

/* The state array holding value i, or NULL. */
static const lt_state_array *array_of(const lt_law *law, int i)
{
    for (int a = 0; a < law->n_state_arrays && law->state_arrays; a++) {
        const lt_state_array *s = &law->state_arrays[a];
        if (i >= s->first && i - s->first < s->length) return s;
    }
    return NULL;
}

const char *lt_state_name(const lt_law *law, int i, char *buf, size_t n)
{
    const char *name = law->state_names ? law->state_names[i] : NULL;
    if (name) return name;
    const lt_state_array *a = array_of(law, i);
    if (!a || !a->name) return NULL;
    snprintf(buf, n, "%s_%d", a->name, i - a->first);
    return buf;
}

/* The state arrays: named, unique, within the state, not overlapping, not named as a state
 * variable; then every state variable's name (given, or ARRAY_k) an identifier free for the
 * role, each once. */
static int check_state(const lt_law *law, char *err, size_t n)
{
    if (law->n_state_arrays < 0 || law->n_state_arrays > LT_MAX_STATE ||
        (law->n_state_arrays && !law->state_arrays))
        return fail(err, n, law, "n_state_arrays = %d with %s table (0 to LT_MAX_STATE = %d)",
                    law->n_state_arrays, law->state_arrays ? "a" : "no", LT_MAX_STATE);
    for (int a = 0; a < law->n_state_arrays; a++) {
        const lt_state_array *s = &law->state_arrays[a];
        if (check_name(law, "state array", a, s->name, -1, err, n) < 0) return -1;
        if (s->length < 1 || s->first < 0 || s->first > law->n_state - s->length)
            return fail(err, n, law,
                        "state array '%s': [%d, %d + %d) does not lie within the %d state "
                        "variables (first >= 0, length >= 1)",
                        s->name, s->first, s->first, s->length, law->n_state);
        if (s->doc && lt_has_control(s->doc))
            return fail(err, n, law,
                        "state array '%s': its doc is one line (no control characters)", s->name);
        for (int b = 0; b < a; b++) {
            const lt_state_array *o = &law->state_arrays[b];
            if (strcmp(o->name, s->name) == 0)
                return fail(err, n, law, "state array '%s' declared twice", s->name);
            if (s->first < o->first + o->length && o->first < s->first + s->length)
                return fail(err, n, law, "state arrays '%s' and '%s' overlap", o->name, s->name);
        }
    }
    char bi[LT_NAME_MAX + 24], bj[LT_NAME_MAX + 24];
    for (int i = 0; i < law->n_state; i++) {
        const char *name = lt_state_name(law, i, bi, sizeof bi);
        if (!name && !array_of(law, i))
            return fail(err, n, law,
                        "state variable %d: name is missing (NULL), and no state array holds it",
                        i + 1);
        if (check_name(law, "state variable", i, name, LT_NAME_STATE, err, n) < 0) return -1;
        for (int a = 0; a < law->n_state_arrays; a++)
            if (strcmp(law->state_arrays[a].name, name) == 0)
                return fail(err, n, law, "state array '%s' has the name of a state variable", name);
        for (int j = 0; j < i; j++)
            if (strcmp(lt_state_name(law, j, bj, sizeof bj), name) == 0)
                return fail(err, n, law, "state variable '%s' declared twice", name);
    }
    return 0;
}

/* The friction coefficient names a real parameter or a state variable. */
static int check_friction(const lt_law *law, char *err, size_t n)
{
    const char *f = law->friction;
    if (!f) return 0;
    char q[LT_NAME_MAX + 8], b[LT_NAME_MAX + 24];
    for (int i = 0; i < law->n_params; i++)
        if (strcmp(law->params[i].name, f) == 0) {
            if (law->params[i].kind != LT_REAL)
                return fail(err, n, law,
                            "friction '%s' names a parameter that is not real (LT_REAL)", f);
            return 0;
        }
    for (int i = 0; i < law->n_state; i++)
        if (strcmp(lt_state_name(law, i, b, sizeof b), f) == 0) return 0;
    return fail(err, n, law,
                "friction '%s' names no parameter and no state variable (name the one that holds "
                "the Coulomb friction coefficient, or leave it NULL)",
                lt_quote(f, q, sizeof q, LT_NAME_MAX));
}

/* API 6's known defects: "CASE QUANTITY" rows and one-line reasons. */
static int check_known(const lt_law *law, char *err, size_t n)
{
    if (law->n_known < 0 || law->n_known > LT_MAX_KNOWN || (law->n_known && !law->known))
        return fail(err, n, law, "n_known = %d with %s table (0 to %d)", law->n_known,
                    law->known ? "a" : "no", LT_MAX_KNOWN);
    for (int i = 0; i < law->n_known; i++) {
        const lt_known *k = &law->known[i];
        const char *sp = k->row ? strchr(k->row, ' ') : NULL;
        if (!sp || sp == k->row || !sp[1] || strchr(k->row, '\n'))
            return fail(err, n, law,
                        "known[%d].row must be a case and a quantity on one line, e.g. "
                        "\"generic-oblique balance\"",
                        i);
        if (!k->why || !*k->why || strchr(k->why, '\n'))
            return fail(err, n, law, "known[%d].why must be one line naming the defect", i);
    }
    return 0;
}

int lt_law_validate(const lt_law *law, char *err, size_t n)
{
    if (!law) return fail(err, n, law, "the descriptor is NULL");
    if (law->api_version != LT_LAW_API_VERSION)
        return fail(
            err, n, law,
            "API version %d is not the current layout %d (lt_law_normalize copies it into it)",
            law->api_version, LT_LAW_API_VERSION);
    const char *bad = lt_identifier_problem(law->name);
    if (bad) return fail(err, n, law, "name %s", bad);
    if (!law->summary) return fail(err, n, law, "no summary");
    if (!law->step) return fail(err, n, law, "no step function");
    if (law->n_params < 0 || law->n_params > LT_MAX_PARAMS)
        return fail(err, n, law, "%d parameters (0 to LT_MAX_PARAMS = %d)", law->n_params,
                    LT_MAX_PARAMS);
    if (law->n_state < 0 || law->n_state > LT_MAX_STATE)
        return fail(err, n, law, "%d state variables (0 to LT_MAX_STATE = %d)", law->n_state,
                    LT_MAX_STATE);
    if (law->n_energies < 0 || law->n_energies > LT_MAX_ENERGIES)
        return fail(err, n, law, "%d energies (0 to LT_MAX_ENERGIES = %d)", law->n_energies,
                    LT_MAX_ENERGIES);
    if ((law->n_params && !law->params) ||
        (law->n_state && !law->state_names && !law->n_state_arrays) ||
        (law->n_energies && !law->energies))
        return fail(err, n, law, "a count is set but its table is NULL");
    for (int i = 0; i < law->n_params; i++)
        if (check_param(law, i, err, n) < 0) return -1;
    if (check_state(law, err, n) < 0 || check_friction(law, err, n) < 0) return -1;
    for (int i = 0; i < law->n_energies; i++) {
        const lt_energy_def *e = &law->energies[i];
        if (check_name(law, "energy", i, e->name, LT_NAME_ENERGY, err, n) < 0) return -1;
        if (e->kind != LT_STORED && e->kind != LT_DISSIPATED)
            return fail(err, n, law, "energy '%s': unknown kind %d", e->name, (int)e->kind);
        for (int j = 0; j < i; j++)
            if (strcmp(law->energies[j].name, e->name) == 0)
                return fail(err, n, law, "energy '%s' declared twice", e->name);
    }
    if (law->n_cases < 0 || (law->n_cases && !law->cases))
        return fail(err, n, law, "n_cases = %d with %s case table", law->n_cases,
                    law->cases ? "a" : "no");
    for (int i = 0; i < law->n_cases; i++)
        if (check_case(law, i, err, n) < 0) return -1;
    const lt_yield *y = law->yield;
    if (y && !(y->ft_max && y->fn_max && y->yielding))
        return fail(err, n, law, "a yield surface needs ft_max, fn_max and yielding");
    if (y && (y->dofs & ~0x3fu))
        return fail(err, n, law, "yield dofs 0x%x names a DoF beyond the six (bits 0 to 5)",
                    y->dofs);
    if (y && !y->excess && (y->dofs & ~0x07u))
        return fail(err, n, law,
                    "yield dofs 0x%x include a torque, which needs the function `excess`", y->dofs);
    return check_known(law, err, n);
}

/* A descriptor of API 1 to 4 has no friction field: the parameter or state variable named
 * "tanPhi" is its friction coefficient, as lawtester guessed before API 5 (NULL if none).  The
 * tables are read only as far as their counts are sane (validate refuses the others). */
static const char *old_friction(const lt_law *law)
{
    static const char tanphi[] = "tanPhi";
    if (law->params && law->n_params > 0 && law->n_params <= LT_MAX_PARAMS)
        for (int i = 0; i < law->n_params; i++)
            if (law->params[i].name && strcmp(law->params[i].name, tanphi) == 0) return tanphi;
    if (law->state_names && law->n_state > 0 && law->n_state <= LT_MAX_STATE)
        for (int i = 0; i < law->n_state; i++)
            if (law->state_names[i] && strcmp(law->state_names[i], tanphi) == 0) return tanphi;
    return NULL;
}

lt_law *lt_law_normalize(const lt_law *law, char *err, size_t n)
{
    if (!law) {
        fail(err, n, law, "the descriptor is NULL");
        return NULL;
    }
    int version = law->api_version; /* the first field of every version */
    if (version == 0) {
        /* the name is the second field of every version (a shared object's is checked readable
         * text before this is called, src/plugin/plugin.c) */
        fail(err, n, law,
             "api_version is not set (0): set .api_version = LT_LAW_API_VERSION in the descriptor "
             "(this lawtester reads law API 1 to %d; docs/plugins.md)",
             LT_LAW_API_VERSION);
        return NULL;
    }
    if (version < 1 || version > LT_LAW_API_VERSION) {
        fail(err, n, version >= 1 ? law : NULL,
             "API version %d is not one this lawtester reads (1 to %d): %s", version,
             LT_LAW_API_VERSION,
             version > LT_LAW_API_VERSION ? "rebuild it against this lawtester's <lawtester/law.h>"
                                          : "set .api_version = LT_LAW_API_VERSION");
        return NULL;
    }
    int n_cases = version >= 2 && law->n_cases > 0 && law->cases ? law->n_cases : 0;
    if (n_cases > 100000) {
        fail(err, n, law, "n_cases = %d (is the count right?)", n_cases);
        return NULL;
    }
    /* versions 2 and 3 point to an lt_yield that ends before `excess`: it is copied too */
    int old_yield = version >= 2 && version < 4 && law->yield;
    /* versions 1 to 4: the parameters are read as API 5 declares them (flags of their own) */
    int old_params =
        version < 5 && law->params && law->n_params > 0 && law->n_params <= LT_MAX_PARAMS
            ? law->n_params
            : 0;
    size_t size = sizeof(lt_law) + (size_t)n_cases * sizeof(lt_case) +
                  (old_yield ? sizeof(lt_yield) : 0) +
                  (size_t)old_params * (sizeof(lt_param) + sizeof(unsigned));
    lt_law *out = calloc(1, size);
    if (!out) {
        fail(err, n, law, "out of memory");
        return NULL;
    }
    /* version 1 ends before check, 2 to 4 after yield */
    memcpy(out, law, LT_LAW_SIZE_OF_VERSION(version));
    out->api_version = LT_LAW_API_VERSION;
    char *next = (char *)(out + 1);
    if (n_cases) {
        lt_case *cases = (lt_case *)(void *)next;
        for (int i = 0; i < n_cases; i++) {
            if (version >= 3)
                cases[i] = law->cases[i];
            else
                memcpy(&cases[i], &((const lt_case_v2 *)(const void *)law->cases)[i],
                       sizeof(lt_case_v2));
        }
        out->cases = cases;
        next += (size_t)n_cases * sizeof(lt_case);
    }
    if (old_yield) {
        lt_yield *y = (lt_yield *)(void *)next;
        memcpy(y, law->yield, LT_YIELD_V3_SIZE);
        out->yield = y;
        next += sizeof(lt_yield);
    }
    if (version < 5) {
        out->friction = old_friction(law);
        for (int i = 0; i < old_params; i++)
            if ((unsigned)law->params[i].kind > LT_CHOICE) {
                char q[LT_NAME_MAX + 8];
                fail(err, n, law,
                     "parameter %d '%s': kind %d is no kind of law API %d (LT_INT is API 5)", i + 1,
                     lt_quote(law->params[i].name ? law->params[i].name : "?", q, sizeof q,
                              LT_NAME_MAX),
                     (int)law->params[i].kind, version);
                free(out);
                return NULL;
            }
    }
    if (old_params) {
        lt_param *params = (lt_param *)(void *)next;
        unsigned *flags = (unsigned *)(void *)(params + old_params);
        for (int i = 0; i < old_params; i++) {
            params[i] = law->params[i];
            if (params[i].kind != LT_REAL || isnan(params[i].min) || params[i].min != params[i].max)
                continue;
            if (params[i].min == 0) { /* a range never declared (zero-initialised): no bounds */
                params[i].min = -INFINITY, params[i].max = INFINITY;
                flags[i] = LT_PARAM_RANGE_UNDECLARED;
            } else {
                flags[i] = LT_PARAM_FIXED; /* a constant, as such a range meant before API 5 */
            }
        }
        out->params = params;
        out->param_flags = flags;
    }
    return out;
}

/* ---- the registry's copy: every table and string of the descriptor ------------------------ */

/* The one block of a deep copy, measured first (base NULL: only `used` grows), then filled
 * (base set, at most cap bytes). */
typedef struct block {
    char *base;
    size_t used, cap;
    int overrun; /* the source changed between the two passes */
} block;

static void *take(block *b, size_t size, size_t align)
{
    size_t at = (b->used + align - 1) / align * align;
    b->used = at + size;
    if (!b->base) return NULL;
    if (b->used > b->cap) {
        b->overrun = 1;
        return NULL;
    }
    return b->base + at;
}

static const char *keep_string(block *b, const char *s)
{
    if (!s) return NULL;
    size_t k = strlen(s) + 1;
    char *d = take(b, k, 1);
    if (d) memcpy(d, s, k);
    return d;
}

#define TAKE(b, type, count) ((type *)take(b, (size_t)(count) * sizeof(type), _Alignof(type)))

/* The init of a law that declares none: the state stays as the driver zeroed it. */
static void no_init(const double *param, const lt_contact *c, double *state)
{
    (void)param, (void)c, (void)state;
}

/* src (checked, current layout) into b: returns the copy when b is being filled, else NULL. */
static lt_law *deep_copy(block *b, const lt_law *src)
{
    lt_law *out = TAKE(b, lt_law, 1);
    lt_param *params = src->n_params > 0 ? TAKE(b, lt_param, src->n_params) : NULL;
    const char **states = src->n_state > 0 ? TAKE(b, const char *, src->n_state) : NULL;
    lt_energy_def *energies = src->n_energies > 0 ? TAKE(b, lt_energy_def, src->n_energies) : NULL;
    lt_case *cases = src->n_cases > 0 ? TAKE(b, lt_case, src->n_cases) : NULL;
    lt_yield *yield = src->yield ? TAKE(b, lt_yield, 1) : NULL;
    unsigned *flags =
        src->param_flags && src->n_params > 0 ? TAKE(b, unsigned, src->n_params) : NULL;
    lt_state_array *arrays =
        src->n_state_arrays > 0 ? TAKE(b, lt_state_array, src->n_state_arrays) : NULL;
    lt_known *known = src->n_known > 0 ? TAKE(b, lt_known, src->n_known) : NULL;
    for (int i = 0; i < src->n_known; i++) {
        lt_known k = src->known[i];
        k.row = keep_string(b, k.row);
        k.why = keep_string(b, k.why);
        if (known) known[i] = k;
    }
    double *scales = src->param_scales && src->n_params > 0 ? TAKE(b, double, src->n_params) : NULL;
    for (int i = 0; flags && i < src->n_params; i++) flags[i] = src->param_flags[i];
    for (int i = 0; scales && i < src->n_params; i++) scales[i] = src->param_scales[i];
    for (int i = 0; i < src->n_state_arrays; i++) {
        lt_state_array a = src->state_arrays[i];
        a.name = keep_string(b, a.name);
        a.doc = keep_string(b, a.doc);
        if (arrays) arrays[i] = a;
    }
    for (int i = 0; i < src->n_params; i++) {
        lt_param p = src->params[i];
        p.name = keep_string(b, p.name);
        p.unit = keep_string(b, p.unit);
        p.doc = keep_string(b, p.doc);
        if (p.choices) {
            int count = 0;
            while (count <= 64 && src->params[i].choices[count]) count++;
            const char **list = TAKE(b, const char *, count + 1);
            for (int j = 0; j < count; j++) {
                const char *c = keep_string(b, src->params[i].choices[j]);
                if (list) list[j] = c;
            }
            if (list) list[count] = NULL;
            p.choices = list;
        }
        if (params) params[i] = p;
    }
    for (int i = 0; i < src->n_state;
         i++) { /* a value of an array without a name of its own: ARRAY_k */
        char buf[LT_NAME_MAX + 24];
        const char *s = keep_string(b, lt_state_name(src, i, buf, sizeof buf));
        if (states) states[i] = s;
    }
    for (int i = 0; i < src->n_energies; i++) {
        lt_energy_def e = src->energies[i];
        e.name = keep_string(b, e.name);
        e.doc = keep_string(b, e.doc);
        if (energies) energies[i] = e;
    }
    for (int i = 0; i < src->n_cases; i++) {
        lt_case c = src->cases[i];
        c.name = keep_string(b, c.name);
        c.doc = keep_string(b, c.doc);
        c.shape[0] = keep_string(b, c.shape[0]);
        c.shape[1] = keep_string(b, c.shape[1]);
        c.dofs = keep_string(b, c.dofs);
        c.along_why = keep_string(b, c.along_why);
        for (int j = 0; j < LT_CASE_MAX_SET; j++) c.set[j].name = keep_string(b, c.set[j].name);
        if (cases) cases[i] = c;
    }
    if (src->yield) {
        lt_yield y = *src->yield;
        y.formula = keep_string(b, y.formula);
        if (yield) *yield = y;
    }
    const char *name = keep_string(b, src->name), *summary = keep_string(b, src->summary);
    const char *friction = keep_string(b, src->friction);
    if (!out || b->overrun) return NULL;
    *out = *src;
    out->name = name;
    out->summary = summary;
    out->params = params;
    out->state_names = states;
    out->energies = energies;
    out->cases = cases;
    out->yield = yield;
    out->friction = friction;
    out->param_flags = flags;
    out->state_arrays = arrays;
    out->known = known;
    out->param_scales = scales;
    if (!out->init) out->init = no_init;
    return out;
}

lt_law *lt_law_copy(const lt_law *law, char *err, size_t n)
{
    lt_law *flat = lt_law_normalize(law, err, n);
    if (!flat) return NULL;
    if (lt_law_validate(flat, err, n) < 0) {
        free(flat);
        return NULL;
    }
    block b = {0};
    deep_copy(&b, flat);
    b.cap = b.used;
    b.used = 0;
    b.base = malloc(b.cap);
    lt_law *out = b.base ? deep_copy(&b, flat) : NULL;
    if (!out) {
        fail(err, n, flat, b.base ? "the descriptor changed while it was copied" : "out of memory");
        free(b.base);
    }
    free(flat);
    return out;
}

unsigned lt_law_param_flags(const lt_law *law, int i)
{
    return law->param_flags ? law->param_flags[i] : 0;
}

double lt_law_param_scale(const lt_law *law, int i)
{
    return law->api_version >= 6 && law->param_scales ? law->param_scales[i] : 0;
}

/* An infinite end is a value of the range only where the parameter's default is that infinity
 * (cohesive's bondRadius = inf: no limit): elsewhere a law is never handed an infinity (its
 * arithmetic, kn = inf or tanPhi = inf, gives NaN), and the range prints open there, `[0, inf)`,
 * so that no message refuses a value its range seems to hold (docs/laws.md, "Ranges"). */
static int infinite_end_closed(const lt_param *p, double end)
{
    return isinf(end) && p->def == end;
}

int lt_param_in_range(const lt_param *p, unsigned flags, double x)
{
    if (isinf(x)) return (x > 0 ? x == p->max : x == p->min) && infinite_end_closed(p, x);
    if ((flags & LT_PARAM_MIN_OPEN) ? !(x > p->min) : !(x >= p->min)) return 0;
    return (flags & LT_PARAM_MAX_OPEN) ? x < p->max : x <= p->max;
}

const char *lt_param_range_text(const lt_param *p, unsigned flags, char *buf, size_t n)
{
    char lo[32], hi[32];
    int lo_open = (flags & LT_PARAM_MIN_OPEN) || (isinf(p->min) && !infinite_end_closed(p, p->min)),
        hi_open = (flags & LT_PARAM_MAX_OPEN) || (isinf(p->max) && !infinite_end_closed(p, p->max));
    snprintf(buf, n, "%c%s, %s%c", lo_open ? '(' : '[', lt_shortg(p->min, lo, sizeof lo),
             lt_shortg(p->max, hi, sizeof hi), hi_open ? ')' : ']');
    return buf;
}

const char *lt_param_value_problem(const lt_param *p, double x, char *buf, size_t n)
{
    return lt_param_value_problem_in(p, 0, x, buf, n);
}

const char *lt_param_value_problem_in(const lt_param *p, unsigned flags, double x, char *buf,
                                      size_t n)
{
    if (isnan(x)) {
        if (p->kind == LT_REAL && isnan(p->def)) return NULL; /* an optional parameter left unset */
        snprintf(buf, n, "is NaN");
        return buf;
    }
    switch (p->kind) {
    case LT_BOOL:
        if (x == 0 || x == 1) return NULL;
        snprintf(buf, n, "expected true or false (1 or 0), got %g", x);
        return buf;
    case LT_CHOICE: {
        int count = 0;
        while (p->choices && p->choices[count]) count++;
        if (x >= 0 && x < count && x == floor(x)) return NULL;
        snprintf(buf, n, "%g is not the index of one of its %d choices", x, count);
        return buf;
    }
    case LT_INT:
        if (isfinite(x) && x != floor(x)) {
            snprintf(buf, n, "expected a whole number (an integer parameter), got %.17g", x);
            return buf;
        }
        if (isfinite(x) && fabs(x) > LT_INT_PARAM_MAX) {
            snprintf(buf, n,
                     "%.17g is beyond +-2^53 = +-9007199254740992, the whole numbers an integer "
                     "parameter holds exactly",
                     x);
            return buf;
        }
        break;
    case LT_REAL: break;
    }
    if (!lt_param_in_range(p, flags, x)) {
        char r[120], v[32];
        snprintf(buf, n, "value %s out of range: must be in %s", lt_shortg(x, v, sizeof v),
                 lt_param_range_text(p, flags, r, sizeof r));
    } else
        return NULL;
    return buf;
}
