/* src/verify/verify_rows.c - verify's rows: their check (rel, abs, order, n/a; an expected
 * failure resolved XFAIL/XPASS), their printed format, and the emitters every verify part uses
 * (a row, a failure, a row that does not apply, an energy balance row) with the summary's
 * counts.  Values in the SI units of the quantity checked. */
#include "contact/registry.h"
#include "verify/verify.h"
#include "verify/verify_int.h"
#include "verify/verify_jobs.h"
#include <math.h>
#include <string.h>

static const char *const check_names[] = {"rel", "abs", "order", "n/a"};

void lt_verify_print_header(FILE *f)
{
    fprintf(f, "%-15s %-26s %-18s %16s %16s %9s %9s %-5s %s\n", "law", "case", "quantity",
            "expected", "obtained", "error", "tol", "check", "result");
}

void lt_verify_print_row(FILE *f, const lt_verify_row *r)
{
    if (r->kind == LT_CHECK_NA) { /* no value: the reason is always printed */
        fprintf(f, "%-15s %-26s %-18s %16s %16s %9s %9s %-5s %s  (%s)\n", r->law, r->kase,
                r->quantity, "-", "-", "-", "-", check_names[r->kind], "n/a",
                r->note ? r->note : "");
        return;
    }
    const char *result = r->xfail ? (r->pass ? "XFAIL" : "XPASS") : r->pass ? "PASS" : "FAIL";
    fprintf(f, "%-15s %-26s %-18s %16.10g %16.10g %9.2e %9.2e %-5s %s", r->law, r->kase,
            r->quantity, r->expected, r->obtained, r->error, r->tol, check_names[r->kind], result);
    int note = r->note && *r->note;
    if (r->xfail)
        fprintf(f, "  (xfail: %s%s%s%s)", r->xfail,
                r->pass ? "" : "; it passes: the defect is gone, remove the xfail",
                note ? "; " : "", note ? r->note : "");
    else if (!r->pass && note)
        fprintf(f, "  (%s)", r->note);
    fputc('\n', f);
}

lt_verify_row lt_verify_row_of(const char *law, const char *kase, const char *quantity,
                               lt_check_kind kind, double expected, double obtained, double tol,
                               const char *note)
{
    lt_verify_row r = {.law = law,
                       .kase = kase,
                       .quantity = quantity,
                       .kind = kind,
                       .expected = expected,
                       .obtained = obtained,
                       .tol = tol,
                       .note = note ? note : ""};
    lt_verify_row_check(&r);
    return r;
}

void lt_verify_row_check(lt_verify_row *r)
{
    if (r->kind == LT_CHECK_NA) {
        r->error = NAN;
        r->pass = 1;
        return;
    }
    if (r->kind == LT_CHECK_REL)
        r->error = fabs(r->obtained - r->expected) / fabs(r->expected);
    else if (r->kind == LT_CHECK_ABS)
        r->error = fabs(r->obtained - r->expected);
    else
        r->error = !(r->obtained >= r->expected) ? r->expected - r->obtained : 0; /* NaN: fails */
    r->pass = r->error <= r->tol; /* NaN anywhere fails */
}

void lt_verify_row_xfail(lt_verify_row *r, const char *why)
{
    r->xfail = why;
    r->pass = !r->pass;
}

void lt_vr_row(vr_ctx *v, const char *kase, const char *quantity, lt_check_kind kind,
               double expected, double obtained, double tol, const char *note)
{
    lt_verify_row r =
        lt_verify_row_of(v->law->name, kase, quantity, kind, expected, obtained, tol, note);
    lt_vr_emit(v, &r);
}

void lt_vr_emit(vr_ctx *v, const lt_verify_row *r)
{
    lt_verify_row marked;
    if (!r->xfail && r->kind != LT_CHECK_NA) { /* a known defect of the law (lt_law_known) */
        double params[LT_MAX_PARAMS];
        lt_vr_params(v, params);
        int may;
        const char *why = lt_law_known(v->law, params, r->kase, r->quantity, &may);
        if (why && (!may || !r->pass)) { /* a pass where the defect may be masked stays plain */
            marked = *r;
            lt_verify_row_xfail(&marked, why);
            r = &marked;
        }
    }
    if (v->tap) lt_vr_tap_name(v, r->kase); /* the runs before the row are its check's */
    lt_vr_deliver(v, r);
}

void lt_vr_deliver(void *ctx, const lt_verify_row *r)
{
    vr_ctx *v = ctx;
    if (lt_jobs_take(v, r)) return; /* a child of verify -j N sends it to its worker */
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

void lt_vr_balance_row(vr_ctx *v, const char *kase, const char *quantity, double obtained,
                       double tol, const char *why)
{
    if (v->law->n_energies == 0)
        lt_vr_na(v, kase, quantity, LT_VR_NO_ENERGIES);
    else
        lt_vr_row(v, kase, quantity, LT_CHECK_ABS, 0, obtained, tol, why);
}
