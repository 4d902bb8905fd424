/* src/driver/tester.c - the tester's life: its memory (new, copy, free; the law's state and
 * response in guarded blocks, src/base/guard.h), its error line (lt_fail, lt_tester_err) and the
 * predictor's counts.  The driver's files share lt_fail and lt_tester_place_law_memory
 * (driver_int.h); code above the driver sees lt_tester only through driver.h. */
#include "base/guard.h"
#include "driver/driver_int.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

COLD int lt_fail(lt_tester *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = snprintf(t->view.err, sizeof t->view.err, "stage %d, step %ld: ", t->view.stage + 1,
                     t->view.step);
    vsnprintf(t->view.err + n, sizeof t->view.err - (size_t)n, fmt, ap);
    va_end(ap);
    return -1;
}

char *lt_tester_err(lt_tester *t) { return t->view.err; }

/* The memory the law writes: the state's block (guarded, or the tester's own for a tester not
 * made by lt_tester_new), with the law's n_state values at its end, and the response. */
static double *state_base(lt_tester *t)
{
    return t->state_block ? t->state_block : t->state_inline;
}

void lt_tester_place_law_memory(lt_tester *t, int n_state)
{
    t->view.law_state = state_base(t) + (LT_MAX_STATE - n_state);
    t->law_resp = t->resp_block ? t->resp_block : &t->resp_inline;
    if (t->state_block) { /* the fault handler's name for the state, prepared now (guard.h) */
        char what[LT_GUARD_WHAT];
        snprintf(what, sizeof what, "its state (%d value%s declared)", n_state,
                 n_state == 1 ? "" : "s");
        lt_guard_rename(t->state_block, what);
    }
}

lt_tester *lt_tester_new(void)
{
    lt_tester *t = calloc(1, sizeof(lt_tester));
    if (!t) return NULL;
    t->state_block = lt_guard_alloc(LT_MAX_STATE * sizeof(double), "its state");
    t->resp_block = lt_guard_alloc(sizeof(lt_response), "its response (lt_response)");
    if (!t->state_block || !t->resp_block) {
        lt_tester_free(t);
        return NULL;
    }
    lt_tester_place_law_memory(t, LT_MAX_STATE);
    return t;
}

void lt_tester_free(lt_tester *t)
{
    if (!t) return;
    lt_guard_free(t->state_block);
    lt_guard_free(t->resp_block);
    free(t);
}

void lt_tester_copy(lt_tester *dst, const lt_tester *src)
{
    double *state_block = dst->state_block;
    lt_response *resp_block = dst->resp_block;
    *dst = *src;
    dst->state_block = state_block;
    dst->resp_block = resp_block;
    /* src's state at the same place in dst's own block */
    const double *from = src->view.law_state;
    const double *src_end =
        (src->state_block ? src->state_block : src->state_inline) + LT_MAX_STATE;
    int n = from ? (int)(src_end - from) : 0;
    lt_tester_place_law_memory(dst, n);
    if (n) memcpy(dst->view.law_state, from, (size_t)n * sizeof(double));
    *dst->law_resp = *(src->law_resp ? src->law_resp : &src->resp_inline);
}

double lt_tester_initial_kinetic(const lt_tester *t) { return t->kin0; }

lt_predictor_stats lt_tester_predictor_stats(const lt_tester *t)
{
    const lt_predictor *p = &t->pred;
    return (lt_predictor_stats){.used = p->used,
                                .passes = p->passes,
                                .checked = p->checked,
                                .misses = p->misses,
                                .trial_reuses = t->trial_reuses,
                                .worst = p->worst};
}
