/* src/verify/verify_setup.c - a law's case made concrete (include/lawtester/law.h, lt_case): the
 * test it drives (the law's parameters with the case's overrides, the two bodies, the oblique
 * verify normal), the contact as the law first sees it (geometry at touch, stiffness rule,
 * effective mass), and the impact test of LT_CASE_IMPACT.  Shared by verify_cases.c (the cases) and
 * verify_oblique.c (the oblique-impact sweep).  Units SI.
 *
 * Shapes a case may name: "sphere" (radius) and "wall" (an infinite plane through the origin,
 * its normal the verify normal, pointing to the other body: A's positive side faces B; as B it
 * faces A).  A wall has no finite mass: the case must fix it (fixed = 1), as scripts must.
 */
#include "contact/geom.h"
#include "contact/law_check.h"
#include "contact/registry.h"
#include "contact/stiffness.h"
#include "verify/verify_int.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

static int body_of(vr_ctx *v, const lt_case *cs, int i, lt_body *b)
{
    char msg[300];
    const char *name = cs->shape[i] ? cs->shape[i] : "sphere";
    int shape = lt_shape_from_name(name);
    if (shape != LT_SPHERE && shape != LT_WALL) {
        snprintf(msg, sizeof msg, "shape '%s' of %c: a case's bodies are spheres or walls", name,
                 i ? 'B' : 'A');
        lt_vr_fail(v, cs->name, "setup", msg);
        return 0;
    }
    vec3 n = v3(VR_NORMAL_X, VR_NORMAL_Y, VR_NORMAL_Z);
    if (shape == LT_WALL)
        lt_body_set_wall(b, v3(0, 0, 0), i == 0 ? n : v3_neg(n));
    else
        lt_body_set_sphere(b, cs->radius[i]);
    b->mat = cs->mat[i];
    b->fixed = cs->kind == LT_CASE_IMPACT ? cs->fixed[i] : 1;
    if (lt_shape_is_held((lt_shape_kind)shape) && !b->fixed) {
        snprintf(msg, sizeof msg,
                 "%c is a %s, which has no finite mass: the case must fix it (fixed = 1)",
                 i ? 'B' : 'A', name);
        lt_vr_fail(v, cs->name, "setup", msg);
        return 0;
    }
    lt_body_mass_props(b);
    return 1;
}

int lt_vr_make_setup(vr_ctx *v, vr_setup *su, const lt_case *cs)
{
    const lt_law *law = v->law;
    char msg[300];
    memset(su, 0, sizeof *su);
    su->cs = cs;
    lt_test *t = &su->test;
    *t = lt_default_test();
    t->name = cs->name;
    t->law = law;
    if (v->tap && strncmp(cs->name, "generic-", 8) == 0) /* --plot: a generic check's own case */
        t->tap = lt_vr_tap_row, t->tap_ctx = v->tap;
    for (int i = 0; i < law->n_params; i++) t->params[i] = law->params[i].def;
    for (int j = 0; j < LT_CASE_MAX_SET && cs->set[j].name; j++) {
        int i = lt_law_param_index(law, cs->set[j].name);
        if (i < 0) {
            snprintf(msg, sizeof msg, "case sets unknown parameter '%s'", cs->set[j].name);
            lt_vr_fail(v, cs->name, "setup", msg);
            return 0;
        }
        char why[200];
        const lt_param *p = &law->params[i];
        if (lt_param_value_problem_in(p, lt_law_param_flags(law, i), cs->set[j].value, why,
                                      sizeof why)) { /* an open end too (law API 6) */
            snprintf(msg, sizeof msg, "case sets %s: %s", p->name, why);
            lt_vr_fail(v, cs->name, "setup", msg);
            return 0;
        }
        t->params[i] = cs->set[j].value;
    }
    /* --set last: a case that sets one of them itself is not run (verify.c); generic-oblique,
     * which borrows a case's parameters, runs at the values given */
    for (int j = 0; j < v->o->n_set; j++) {
        int i = lt_law_param_index(law, v->o->set[j].name);
        if (i >= 0) t->params[i] = v->o->set[j].value;
    }
    const char *bad = law->check ? law->check(t->params) : NULL;
    if (bad) {
        lt_vr_fail(v, cs->name, "setup", bad);
        return 0;
    }
    for (int i = 0; i < 2; i++) {
        lt_body *b = &t->body[i];
        if (!body_of(v, cs, i, b)) return 0;
        su->env.mass[i] = b->fixed ? INFINITY : b->mass;
        /* free bodies are spheres: isotropic */
        su->env.inertia[i] = b->fixed ? INFINITY : b->inertia.x;
    }
    t->normal = v3(VR_NORMAL_X, VR_NORMAL_Y, VR_NORMAL_Z);
    /* the contact as the law first sees it: the geometry at touch, the stiffness rule */
    lt_body a = t->body[0], b = t->body[1];
    lt_geom g = {0};
    vec3 n = t->normal;
    if (!lt_geom_place(&a, &b, &n, 0) || !lt_geom_compute(&a, &b, &g) ||
        !(g.rcurv[0] > 0 && g.rcurv[1] > 0)) {
        lt_vr_fail(v, cs->name, "setup", "no geometry for this pair of shapes");
        return 0;
    }
    lt_contact *c = &su->env.c;
    c->lens[0] = g.lens[0], c->lens[1] = g.lens[1];
    c->rcurv[0] = g.rcurv[0], c->rcurv[1] = g.rcurv[1];
    c->contA = g.contA;
    c->mat[0] = &t->body[0].mat, c->mat[1] = &t->body[1].mat;
    c->mstar = lt_effective_mass(&t->body[0], &t->body[1]);
    c->fresh = 1;
    lt_stiff_result sr;
    if (lt_stiffness_eval(&t->stiffness, c->mat[0], c->mat[1], g.lens, 0.0, &sr) < 0) {
        lt_vr_fail(v, cs->name, "setup", "the stiffness rule fails for this pair");
        return 0;
    }
    c->kn = sr.kn, c->kt = sr.kt, c->tanPhi = sr.tanPhi;
    c->lens[0] = sr.lens[0], c->lens[1] = sr.lens[1], c->contA = sr.contA;
    su->env.param = t->params;
    memcpy(su->env.load, cs->load, sizeof su->env.load);
    return 1;
}

void lt_vr_expect_at(vr_setup *su, double dt)
{
    su->test.dt = dt > 0 ? dt : su->test.dt;
    su->env.c.dt = dt;
    for (int q = 0; q < LT_Q_COUNT; q++) {
        su->ex.value[q] = su->ex.tol[q] = su->ex.order[q] = NAN;
        su->ex.why[q] = su->ex.xfail[q] = NULL;
    }
    if (su->cs->expect) su->cs->expect(&su->env, &su->ex);
}

void lt_vr_impact_test(const vr_setup *su, double dt, const double load[4], lt_test *t,
                       lt_stage *st, vr_until *u)
{
    double vn = load[0], vt = load[1], spin = load[2];
    *t = su->test;
    t->dt = dt;
    t->gap = vn * dt * (load[3] > 0 ? load[3] : 0.5); /* touch phase: see verify_cases.c */
    const lt_body *A = &t->body[0], *B = &t->body[1];
    /* centre of mass at rest */
    t->abWeight = A->fixed ? 1 : B->fixed ? 0 : A->mass / (A->mass + B->mass);
    mat3 frame = m3_frame_from_normal(v3_normalized(t->normal));
    if (!A->fixed) t->body[0].angvel = v3_scale(frame.r[2], spin);
    if (!B->fixed) t->body[1].angvel = v3_scale(frame.r[2], -spin);
    *u = (vr_until){.kind = VR_UNTIL_REBOUND, .n = 0};
    const double in[LT_DOF] = {-vn, vt};
    *st = lt_vr_stage(vt != 0 ? "ii...." : "i.....", in, u);
    st->max_steps = (long)(100 * su->cs->steps) + 1000;
    t->stages = st;
    t->n_stages = 1;
}
