/* tests/drive.c - see drive.h. */
#include "drive.h"
#include "contact/registry.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

int until_cb(void *ctx, lt_tester *tester)
{
    const lt_view *t = lt_tester_view(tester);
    cond *c = ctx;
    c->calls++;
    switch (c->kind) {
    case COND_UN_BELOW: return t->has_contact && t->u[0] <= c->x;
    case COND_U_ABOVE: return t->has_contact && t->u[c->dof] >= c->x;
    case COND_NO_CONTACT: return !t->has_contact;
    case COND_STEPS: return t->st.step >= c->n;
    default: return t->st.bounces >= 2 || (t->st.hadC && !t->st.hasC);
    }
}

void collect(void *ctx, const lt_tester *t, const lt_snapshot *s)
{
    (void)t;
    rows *r = ctx;
    if (r->n == r->cap) {
        r->cap = r->cap ? 2 * r->cap : 1024;
        lt_snapshot *ns = realloc(r->s, r->cap * sizeof *r->s);
        if (!ns) abort();
        r->s = ns;
    }
    r->s[r->n++] = *s;
}

lt_stage stage(const char *whats, double v0, double v1, double v2, double v3, double v4, double v5,
               cond *c)
{
    lt_stage s = lt_default_stage();
    memcpy(s.whats, whats, LT_DOF);
    double v[6] = {v0, v1, v2, v3, v4, v5};
    memcpy(s.values, v, sizeof v);
    s.until = until_cb;
    s.until_ctx = c;
    return s;
}

lt_test linear_test(vec3 normal, int fixed)
{
    lt_test t = lt_default_test();
    t.law = lt_find_law("linear");
    for (int i = 0; i < t.law->n_params; i++) t.params[i] = t.law->params[i].def;
    t.params[0] = 1e6;      /* kn, N/m */
    t.params[1] = 5e5;      /* kt, N/m */
    t.params[2] = tan(0.5); /* tanPhi */
    t.normal = normal;
    t.body[0].fixed = t.body[1].fixed = fixed;
    return t;
}

lt_test every_dof_test(lt_stage st[5], cond c[5])
{
    lt_test t = linear_test(v3(1, 2, 3), 0);
    t.abWeight = 0.3;
    t.body[0].angvel = v3(0.3, -2, 1);
    t.body[1].radius = 0.07;
    t.gap = 1e-5;
    const cond cs[5] = {{COND_UN_BELOW, 0, -5.05e-4, 0, 0},
                        {COND_STEPS, 0, 0, 800, 0},
                        {COND_STEPS, 0, 0, 400, 0},
                        {COND_STEPS, 0, 0, 400, 0},
                        {COND_STEPS, 0, 0, 300, 0}};
    memcpy(c, cs, sizeof cs);
    st[0] = stage("v.....", -1, 0, 0, 0, 0, 0, &c[0]);
    st[1] = stage("vvvvvv", 0.1, 0.5, -0.3, 2, 1, -1, &c[1]);
    st[2] = stage("v..v..", 0, 0, 0, 3, 0, 0, &c[2]);
    st[3] = stage("v...vv", 0, 0, 0, 0, 2, -1, &c[3]);
    st[4] = stage("vv.v..", 1, 1, 0, 1, 0, 0, &c[4]);
    t.stages = st;
    t.n_stages = 5;
    return t;
}

void record_run(const lt_test *t, recorded_run *o)
{
    o->T = lt_tester_new();
    if (!o->T) abort();
    memset(&o->r, 0, sizeof o->r);
    o->rc = lt_run(o->T, t, collect, &o->r);
}

void free_run(recorded_run *o)
{
    free(o->r.s);
    lt_tester_free(o->T);
}
