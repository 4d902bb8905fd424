/* src/verify/verify.c - `lawtester verify`: selection of laws and cases.  The rows and their
 * format are in verify_rows.c, the helpers every part shares (selection by --case, --set values,
 * stages, the balance) in verify_stage.c; the checks themselves in verify_generic.c (every law)
 * and verify_cases.c (the law's own cases). */
#define _POSIX_C_SOURCE 200809L
#include "verify/verify.h"
#include "base/watch.h"
#include "contact/law_check.h"
#include "contact/registry.h"
#include "verify/verify_int.h"
#include "verify/verify_jobs.h"
#include <math.h>
#include <string.h>
#include <time.h>

/* A case that sets a parameter given with --set to another value is not run: its closed forms and
 * tolerances are derived for its own values.  The same value is no conflict: the case runs as it
 * would without --set.  1 after the row saying so. */
static int case_conflicts(vr_ctx *v, const lt_case *cs)
{
    for (int j = 0; j < LT_CASE_MAX_SET && cs->set[j].name; j++) {
        const lt_param_value *given = lt_vr_set_of(v, cs->set[j].name);
        if (given && given->value != cs->set[j].value) {
            char what[80], note[200];
            snprintf(what, sizeof what, "not run (sets %s)", cs->set[j].name);
            snprintf(
                note, sizeof note,
                "the case sets %s = %g itself; its closed forms are for that value, not --set's",
                cs->set[j].name, cs->set[j].value);
            lt_vr_na(v, cs->name, what, note); /* does not apply: neither passed nor failed */
            return 1;
        }
    }
    return 0;
}

static int has_case(const lt_law *law, const char *name)
{
    /* generic-closed-loop: its net work and balance for a law without dissipated energies, its
     * passivity for every law */
    static const char *const generic[] = {
        "generic-touch",        "generic-path",        "generic-objectivity", "generic-closed-loop",
        "generic-normal-cycle", "generic-shear-cycle", "generic-impact",      NULL};
    for (int i = 0; generic[i]; i++)
        if (strcmp(name, generic[i]) == 0) return 1;
    if (strcmp(name, "generic-oblique") == 0) return lt_vr_has_oblique(law);
    for (int i = 0; i < law->n_cases; i++)
        if (strcmp(law->cases[i].name, name) == 0) return 1;
    return 0;
}

void lt_verify_law(const lt_law *law, const lt_verify_opts *o, lt_verify_summary *sum)
{
    vr_ctx v = {o, sum, law, NULL};
    char why[300];
    if (lt_law_validate(law, why, sizeof why) < 0) { /* nothing of a malformed descriptor runs */
        lt_vr_fail(&v, "descriptor", "lt_law_validate", why);
        return;
    }
    if (o->plot_dir) v.tap = lt_vr_tap_new(o->plot_dir, law); /* the generic checks' plots */
    /* each unit in the watch page: a fault of the law ends that unit only (supervise.h) */
    /* each unit also a job: with -j N a child may run it (verify_jobs.h) */
    if (lt_watch_unit_begin(law->name, "generic", 0)) {
        if (lt_jobs_begin(law->name, lt_vr_deliver, &v)) lt_vr_generic(&v);
        lt_jobs_end();
        lt_watch_unit_end();
    }
    if (lt_vr_has_oblique(law) && lt_watch_unit_begin(law->name, "generic-oblique", 0)) {
        if (lt_jobs_begin(law->name, lt_vr_deliver, &v)) lt_vr_oblique(&v);
        lt_jobs_end();
        lt_watch_unit_end();
    }
    for (int i = 0; i < law->n_cases; i++)
        if (lt_vr_selected(&v, law->cases[i].name) && !case_conflicts(&v, &law->cases[i]) &&
            lt_watch_unit_begin(law->name, law->cases[i].name, 1)) {
            sum->cases++;
            if (lt_jobs_begin(law->name, lt_vr_deliver, &v)) lt_vr_case(&v, &law->cases[i]);
            lt_jobs_end();
            lt_watch_unit_end();
        }
    lt_vr_tap_free(v.tap);
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
        snprintf(err, errlen, "no case called '%s'%s%s", o->kase, only ? " for law " : "",
                 only ? only->name : "");
        return -1;
    }
    for (int i = 0; lt_laws[i]; i++)
        if ((!only || lt_laws[i] == only) && (!o->kase || has_case(lt_laws[i], o->kase)))
            lt_verify_law(lt_laws[i], o, sum);
    lt_jobs_finish(); /* a child of -j N ends here */
    clock_gettime(CLOCK_MONOTONIC, &t1);
    sum->seconds = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
    return 0;
}
