/* src/verify/verify_stage.c - what verify's parts share to run a case: whether --case selects it,
 * the --set values and the law's parameters with them, a stage that runs until a step count, a
 * rebound or separation, the energy balance relative to the driver's work (-), and the test the
 * generic and the passivity checks start from. */
#include "contact/registry.h"
#include "verify/verify.h"
#include "verify/verify_int.h"
#include <math.h>
#include <string.h>

int lt_vr_selected(const vr_ctx *v, const char *name)
{
    return !v->o->kase || strcmp(v->o->kase, name) == 0;
}

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

int lt_vr_until_cb(void *ctx, lt_tester *tester)
{
    const lt_view *t = lt_tester_view(tester);
    const vr_until *u = ctx;
    switch (u->kind) {
    case VR_UNTIL_STEPS: return t->st.step >= u->n;
    case VR_UNTIL_REBOUND: return t->st.bounces >= 2 || (t->st.hadC && !t->st.hasC);
    default: return !t->has_contact || (u->n > 0 && t->st.step >= u->n); /* apart, or held */
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

lt_test lt_vr_base_test(const vr_ctx *v)
{
    lt_test t = lt_default_test();
    t.law = v->law;
    lt_vr_params(v, t.params); /* the defaults, or --set's values */
    t.body[0].radius = VR_RADIUS_A;
    t.body[1].radius = VR_RADIUS_B;
    t.normal = v3(VR_NORMAL_X, VR_NORMAL_Y, VR_NORMAL_Z);
    t.dt = VR_DT;
    t.abWeight = 0.3;
    if (v->tap) t.tap = lt_vr_tap_row, t.tap_ctx = v->tap; /* --plot */
    return t;
}
