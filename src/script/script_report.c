/* src/script/script_report.c - what a run tells: its summary on stdout (the test, the bodies, the
 * stiffness rule, the final contact, the predictor, the energies, the files written, the plots),
 * and the results table lawtester.run returns to the script. */
#define _POSIX_C_SOURCE 200809L
#include "contact/registry.h"
#include "output/fmt.h"
#include "output/record.h"
#include "script/script_int.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* The energy the summary states the balance relative to: the driver's work, or the initial
 * kinetic energy KE_0 when the work is negligible against it (at most 1e-9 of it, the energy
 * rule's tolerance: a free impact from `vel`, whose work is round-off, docs/energy.md); *what
 * names it for the line. */
static double balance_reference(double work, double kin0, const char **what)
{
    if (kin0 > 0 && fabs(work) <= 1e-9 * kin0) {
        *what = "of the initial kinetic energy";
        return kin0;
    }
    *what = "of the work";
    return work;
}

/* The summary's energy lines: each energy at the end, and the balance. */
static void print_energies(const lt_tester *tester)
{
    const lt_view *t = lt_tester_view(tester);
    const lt_law *law = t->test->law;
    printf("  energies [J]:");
    for (int i = 0; i < lt_energy_count(law); i++)
        printf(" %s=%.9g", lt_energy_name(law, i), t->energy[i]);
    printf("\n");
    const char *what;
    double bal = t->energy[law->n_energies + LT_E_BALANCE],
           ref = balance_reference(t->energy[law->n_energies + LT_E_WORK],
                                   lt_tester_initial_kinetic(tester), &what),
           rel = ref != 0 ? fabs(bal / ref) : 0.0;
    if (law->n_energies)
        printf("  energy balance: work - (dkin + delast + dissipated) = %.3g J (%.3g %s)\n", bal,
               rel, what);
    else /* nothing booked: the balance is what the contact absorbed (docs/energy.md, "unbooked") */
        printf("  energy balance: n/a, the law books no energies; its contact absorbed %.3g J "
               "(%.3g %s; the unbooked column)\n",
               bal, rel, what);
}

/* The summary of a run on stdout: the test, bodies, stiffness, final contact, the imposition
 * frame's predictor, energies, and the files written (file: NULL if none). */
void lt_print_summary(const lt_tester *tester, const char *name, const char *file, long rows)
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
    print_energies(tester);
    if (file) {
        size_t n = strlen(file);
        printf("  wrote %s (%ld rows) and %.*s.meta\n", file, rows, (int)(n > 4 ? n - 4 : n), file);
    }
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
static void push_final_contact(lua_State *L, const run_ctx *r)
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
void lt_push_results(script_ctx *sc, lua_State *L, const run_ctx *r)
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
        push_final_contact(L, r);
        lua_setfield(L, -2, "C");
    }
}
