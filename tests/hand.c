/* tests/hand.c - hand-made parameters and contacts for the tests of single laws (hand.h). */
#include "hand.h"
#include "contact/registry.h"

static void set_named(const lt_law *law, double *p, const char *name, double x)
{
    int i = lt_law_param_index(law, name);
    if (i >= 0) p[i] = x;
}

void hand_params(const lt_law *law, double *p, double kn, double kt, double tanPhi)
{
    for (int i = 0; i < law->n_params; i++) p[i] = law->params[i].def;
    set_named(law, p, "kn", kn);
    set_named(law, p, "kt", kt);
    set_named(law, p, "tanPhi", tanPhi);
}

lt_contact hand_contact(double uN, double vn, double vy, double vz, double dt)
{
    lt_contact c = {0};
    c.uN = uN;
    c.v[0] = vn;
    c.v[1] = vy;
    c.v[2] = vz;
    c.dt = dt;
    c.lens[0] = c.lens[1] = 0.1;
    c.contA = 0.0314;
    return c;
}
