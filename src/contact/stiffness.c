/* src/contact/stiffness.c - the stiffness rules (connector, yade, direct) and their length and area
 * conventions; equations in stiffness.h (with a rigid body's limits), derivation in
 * docs/stiffness.md.  SI units. */
#include "contact/stiffness.h"
#include "base/vec.h"
#include <math.h>

const char *const lt_stiff_rule_names[LT_RULE_COUNT] = {"connector", "yade", "direct"};
const char *const lt_stiff_area_names[LT_AREA_COUNT] = {"radii", "lengths"};
const char *const lt_stiff_lengths_names[LT_LENGTHS_COUNT] = {"raw", "reduced"};

lt_stiffness lt_stiffness_default(void)
{
    lt_stiffness s = {.rule = LT_RULE_CONNECTOR,
                      .area = LT_AREA_RADII,
                      .lengths = LT_LENGTHS_RAW,
                      .kn = NAN,
                      .kt = NAN,
                      .ratio = NAN};
    return s;
}

static double min2(double a, double b) { return a < b ? a : b; }

int lt_stiffness_eval(const lt_stiffness *s, const lt_material *m1, const lt_material *m2,
                      const double raw[2], double uN0, lt_stiff_result *out)
{
    double l1 = raw[0], l2 = raw[1];
    if (s->lengths == LT_LENGTHS_REDUCED) {
        l1 += 0.5 * uN0;
        l2 += 0.5 * uN0;
        if (!(l1 > 0 && l2 > 0)) return -1;
    }
    out->lens[0] = l1;
    out->lens[1] = l2;
    double amin = s->area == LT_AREA_LENGTHS ? min2(l1, l2) : min2(raw[0], raw[1]);
    out->contA = LT_PI * amin * amin;
    double E1 = m1->young, E2 = m2->young;
    double ratio = isnan(s->ratio) ? 0.5 * (m1->ktDivKn + m2->ktDivKn) : s->ratio;
    switch (s->rule) {
    case LT_RULE_YADE:
        /* a rigid body (E = inf) is the limit E2 -> inf of the series, 2 E1 l1: the formula
         * itself would give inf/inf = NaN there */
        if (isinf(E1) || isinf(E2))
            out->kn = isinf(E2) ? 2 * E1 * l1 : 2 * E2 * l2;
        else
            out->kn = 2 * E1 * l1 * E2 * l2 / (E1 * l1 + E2 * l2);
        break;
    case LT_RULE_DIRECT: out->kn = s->kn; break;
    default: out->kn = out->contA / (l1 / E1 + l2 / E2); break;
    }
    out->kt = s->rule == LT_RULE_DIRECT && !isnan(s->kt) ? s->kt : ratio * out->kn;
    out->tanPhi = min2(m1->tanPhi, m2->tanPhi);
    return 0;
}
