/* src/verify/verify.c - `lawtester verify`: selection of laws and cases, the rows and their format,
 * shared helpers of the verify files (stages, balance).  The checks themselves are in
 * verify_generic.c (every law) and verify_cases.c (the law's own cases). */
#define _POSIX_C_SOURCE 200809L
#include "base/watch.h"
#include "verify/verify.h"
#include "contact/law_check.h"
#include "contact/registry.h"
#include "verify/verify_int.h"
#include <math.h>
#include <string.h>
#include <time.h>

static const char *const check_names[] = {"rel", "abs", "order", "n/a"};

void lt_verify_print_header(FILE *f)
{
    fprintf(f, "%-15s %-26s %-18s %16s %16s %9s %9s %-5s %s\n", "law", "case", "quantity", "expected", "obtained",
            "error", "tol", "check", "result");
}

void lt_verify_print_row(FILE *f, const lt_verify_row *r)
{
    if (r->kind == LT_CHECK_NA) { /* no value: the reason is always printed */
        fprintf(f, "%-15s %-26s %-18s %16s %16s %9s %9s %-5s %s  (%s)\n", r->law, r->kase, r->quantity, "-", "-", "-", "-",
                check_names[r->kind], "n/a", r->note ? r->note : "");
        return;
    }
    const char *result = r->xfail ? (r->pass ? "XFAIL" : "XPASS") : r->pass ? "PASS" : "FAIL";
    fprintf(f, "%-15s %-26s %-18s %16.10g %16.10g %9.2e %9.2e %-5s %s", r->law, r->kase, r->quantity, r->expected,
            r->obtained, r->error, r->tol, check_names[r->kind], result);
    int note = r->note && *r->note;
    if (r->xfail)
        fprintf(f, "  (xfail: %s%s%s%s)", r->xfail, r->pass ? "" : "; it passes: the defect is gone, remove the xfail",
                note ? "; " : "", note ? r->note : "");
    else if (!r->pass && note)
        fprintf(f, "  (%s)", r->note);
    fputc('\n', f);
}

void lt_verify_row_check(lt_verify_row *r)
{
    if (r->kind == LT_CHECK_NA) {
        r->error = NAN;
        r->pass = 1;
        return;
    }
    if (r->kind == LT_CHECK_REL) r->error = fabs(r->obtained - r->expected) / fabs(r->expected);
    else if (r->kind == LT_CHECK_ABS) r->error = fabs(r->obtained - r->expected);
    else r->error = !(r->obtained >= r->expected) ? r->expected - r->obtained : 0; /* NaN: fails */
    r->pass = r->error <= r->tol; /* NaN anywhere fails */
}

void lt_verify_row_xfail(lt_verify_row *r, const char *why)
{
    r->xfail = why;
    r->pass = !r->pass;
}

void lt_vr_row(vr_ctx *v, const char *kase, const char *quantity, lt_check_kind kind, double expected, double obtained,
            double tol, const char *note)
{
    lt_verify_row r = {v->law->name, kase, quantity, kind, expected, obtained, 0, tol, 0, note ? note : "", NULL};
    lt_verify_row_check(&r);
    lt_vr_emit(v, &r);
}

void lt_vr_emit(vr_ctx *v, const lt_verify_row *r)
{
    v->sum->rows++;
    if (!r->pass) v->sum->failed++;
    if (r->xfail && r->pass) v->sum->xfailed++;
    if (r->kind == LT_CHECK_NA) v->sum->na++;
    if (v->o->on_row) v->o->on_row(v->o->ctx, r);
}

void lt_vr_fail(vr_ctx *v, const char *kase, const char *what, const char *note)
{
    lt_vr_row(v, kase, what, LT_CHECK_ABS, 0, NAN, 0, note);
}

void lt_vr_na(vr_ctx *v, const char *kase, const char *quantity, const char *why)
{
    lt_vr_row(v, kase, quantity, LT_CHECK_NA, NAN, NAN, NAN, why);
}

void lt_vr_balance_row(vr_ctx *v, const char *kase, const char *quantity, double obtained, double tol, const char *why)
{
    if (v->law->n_energies == 0) lt_vr_na(v, kase, quantity, LT_VR_NO_ENERGIES);
    else lt_vr_row(v, kase, quantity, LT_CHECK_ABS, 0, obtained, tol, why);
}

int lt_vr_selected(const vr_ctx *v, const char *name) { return !v->o->kase || strcmp(v->o->kase, name) == 0; }

const lt_param_value *lt_vr_set_of(const vr_ctx *v, const char *name)
{
    for (int j = 0; j < v->o->n_set; j++)
        if (strcmp(v->o->set[j].name, name) == 0) return &v->o->set[j];
    return NULL;
}

void lt_vr_params(const vr_ctx *v, double params[LT_MAX_PARAMS])
{
    for (int i = 0; i < v->law->n_params; i++) params[i] = v->law->params[i].def;
    for (int j = 0; j < v->o->n_set; j++) {
        int i = lt_law_param_index(v->law, v->o->set[j].name);
        if (i >= 0) params[i] = v->o->set[j].value;
    }
}

/* A case that sets a parameter given with --set is not run: its closed forms and tolerances are
 * derived for its own values.  1 after the row saying so. */
static int case_conflicts(vr_ctx *v, const lt_case *cs)
{
    for (int j = 0; j < LT_CASE_MAX_SET && cs->set[j].name; j++)
        if (lt_vr_set_of(v, cs->set[j].name)) {
            char what[80], note[200];
            snprintf(what, sizeof what, "not run (sets %s)", cs->set[j].name);
            snprintf(note, sizeof note, "the case sets %s = %g itself; its closed forms are for that value, not --set's",
                     cs->set[j].name, cs->set[j].value);
            lt_vr_na(v, cs->name, what, note); /* does not apply: neither passed nor failed */
            return 1;
        }
    return 0;
}

int lt_vr_until_cb(void *ctx, lt_tester *tester)
{
    const lt_view *t = lt_tester_view(tester);
    const vr_until *u = ctx;
    switch (u->kind) {
    case VR_UNTIL_STEPS: return t->st.step >= u->n;
    case VR_UNTIL_REBOUND: return t->st.bounces >= 2 || (t->st.hadC && !t->st.hasC);
    default: return !t->has_contact;
    }
}

lt_stage lt_vr_stage(const char *whats, const double values[LT_DOF], vr_until *u)
{
    lt_stage s = lt_default_stage();
    memcpy(s.whats, whats, LT_DOF);
    memcpy(s.values, values, sizeof s.values);
    s.until = lt_vr_until_cb;
    s.until_ctx = u;
    return s;
}

double lt_vr_balance(const lt_tester *tester)
{
    const lt_view *t = lt_tester_view(tester);
    int ne = t->test->law->n_energies;
    double work = t->energy[ne + LT_E_WORK], bal = t->energy[ne + LT_E_BALANCE];
    return work != 0 ? fabs(bal / work) : fabs(bal);
}

static int has_case(const lt_law *law, const char *name)
{
    /* generic-closed-loop: its net work and balance for a law without dissipated energies, its
     * passivity for every law */
    static const char *const generic[] = {"generic-touch",        "generic-path",        "generic-objectivity",
                                          "generic-closed-loop",  "generic-normal-cycle", "generic-shear-cycle",
                                          "generic-impact",       NULL};
    for (int i = 0; generic[i]; i++)
        if (strcmp(name, generic[i]) == 0) return 1;
    if (strcmp(name, "generic-oblique") == 0) return lt_vr_has_oblique(law);
    for (int i = 0; i < law->n_cases; i++)
        if (strcmp(law->cases[i].name, name) == 0) return 1;
    return 0;
}

void lt_verify_law(const lt_law *law, const lt_verify_opts *o, lt_verify_summary *sum)
{
    vr_ctx v = {o, sum, law};
    char why[300];
    if (lt_law_validate(law, why, sizeof why) < 0) { /* nothing of a malformed descriptor runs */
        lt_vr_fail(&v, "descriptor", "lt_law_validate", why);
        return;
    }
    /* each unit in the watch page: a fault of the law ends that unit only (supervise.h) */
    if (lt_watch_unit_begin(law->name, "generic", 0)) {
        lt_vr_generic(&v);
        lt_watch_unit_end();
    }
    if (lt_vr_has_oblique(law) && lt_watch_unit_begin(law->name, "generic-oblique", 0)) {
        lt_vr_oblique(&v);
        lt_watch_unit_end();
    }
    for (int i = 0; i < law->n_cases; i++)
        if (lt_vr_selected(&v, law->cases[i].name) && !case_conflicts(&v, &law->cases[i]) &&
            lt_watch_unit_begin(law->name, law->cases[i].name, 1)) {
            sum->cases++;
            lt_vr_case(&v, &law->cases[i]);
            lt_watch_unit_end();
        }
}

int lt_verify(const lt_verify_opts *o, lt_verify_summary *sum, char *err, size_t errlen)
{
    memset(sum, 0, sizeof *sum);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    const lt_law *only = NULL;
    if (o->law && !(only = lt_find_law(o->law))) {
        snprintf(err, errlen, "no law called '%s' (`lawtester laws` lists them)", o->law);
        return -1;
    }
    int matched = 0;
    for (int i = 0; lt_laws[i]; i++)
        if ((!only || lt_laws[i] == only) && (!o->kase || has_case(lt_laws[i], o->kase))) matched++;
    if (!matched) {
        snprintf(err, errlen, "no case called '%s'%s%s", o->kase, only ? " for law " : "", only ? only->name : "");
        return -1;
    }
    for (int i = 0; lt_laws[i]; i++)
        if ((!only || lt_laws[i] == only) && (!o->kase || has_case(lt_laws[i], o->kase)))
            lt_verify_law(lt_laws[i], o, sum);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    sum->seconds = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
    return 0;
}
