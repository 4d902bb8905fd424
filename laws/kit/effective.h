/* laws/kit/effective.h - the effective elastic moduli of a pair of bodies in contact, shared by the
 * Hertzian laws (hertz_mindlin, hertz_adhesion, thornton) and their verify cases.  SI units.
 *
 * Theory (Hertz 1882 for the normal, Mindlin 1949 for the tangential compliance; Johnson 1985,
 * Contact Mechanics, ch. 4 and 7; see docs/references.md):
 *   E* (Pa), the effective (plane-strain) modulus of the pair:
 *       1/E* = (1 - nu1^2)/E1 + (1 - nu2^2)/E2
 *   G* (Pa), the effective shear modulus, with Gi = Ei/(2 (1 + nui)) each body's shear modulus:
 *       1/G* = (2 - nu1)/G1 + (2 - nu2)/G2
 *   Each body adds its own compliance: the two half-spaces deform in series.
 * Rigid body limit: a body of Young's modulus E = +infinity (a material with young = math.huge
 * in a stage script) does not deform, so its term vanishes and E*, G* are those of the other
 * body alone:
 *       E* = E1/(1 - nu1^2),   G* = G1/(2 - nu1)          (E2 = infinity)
 * IEEE arithmetic gives that limit without a branch: E2 = inf makes G2 = inf and x/inf = +0
 * for the finite numerators (1 - nu2^2 > 0 and 2 - nu2 > 0 for nu2 in (-1, 0.5]), and adding
 * +0 changes nothing, so the result is bit for bit the other body's closed form.  The rigid
 * body's Poisson ratio therefore does not matter.  Both bodies rigid gives 1/0 = +inf: no
 * finite E* (the readers of stage scripts and case files refuse such a pair).
 * The operation order below is the one every law had in its own copy: finite moduli give the
 * same doubles as before.
 */
#ifndef LT_LAWS_EFFECTIVE_H
#define LT_LAWS_EFFECTIVE_H
#include <lawtester/law.h>

/* E* of materials a and b, Pa. */
static inline double lt_effective_modulus(const lt_material *a, const lt_material *b)
{
    return 1.0 /
           ((1 - a->poisson * a->poisson) / a->young + (1 - b->poisson * b->poisson) / b->young);
}

/* G* of materials a and b, Pa. */
static inline double lt_effective_shear_modulus(const lt_material *a, const lt_material *b)
{
    double ga = a->young / (2 * (1 + a->poisson)), gb = b->young / (2 * (1 + b->poisson));
    return 1.0 / ((2 - a->poisson) / ga + (2 - b->poisson) / gb);
}

#endif
