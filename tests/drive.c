/* tests/drive.c - see drive.h. */
#include "drive.h"
#include "../src/registry.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

int until_cb(void *ctx, lt_tester *t)
{
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

lt_stage stage(const char *whats, double v0, double v1, double v2, double v3, double v4, double v5, cond *c)
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
