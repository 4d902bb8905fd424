/* src/contact/stiffness.h - contact stiffness and friction of a pair from its materials and
 * geometry
 * (SI units: m, m^2, Pa, N/m).  The derivation and the resolution of Woo's documented kn mismatch
 * are in docs/stiffness.md.
 *
 * Inputs: the two materials, the raw branch lengths r1, r2 of the geometry (geom.h: radii, or
 * Woo's documented substitutes for flat bodies and facets) and uN0, the normal displacement when
 * the contact formed (m, <= 0).
 * Conventions (options of every rule, they define the lens and contA handed to the law):
 *   lengths  raw      l_i = r_i                                   (default; Woo since 2021)
 *            reduced  l_i = r_i + uN0/2   (centre to contact point at formation; Woo before)
 *   area     radii    A = pi min(r1, r2)^2                        (default; Woo's code)
 *            lengths  A = pi min(l1, l2)^2                        (Woo's documented hand
 *                                                                 computation)
 * Rules:
 *   connector (default)  kn = A / (l1/E1 + l2/E2)   two springs in series, each a cylinder of
 *                        section A and length l_i (Woo's Cp2_FrictMat_FrictPhys)
 *   yade                 kn = 2 E1 l1 E2 l2 / (E1 l1 + E2 l2)
 *                        (YADE Ip2_FrictMat_FrictMat_FrictPhys)
 *   direct               kn given
 *   kt = ratio kn, ratio = the given `ratio`, else mean(ktDivKn1, ktDivKn2); direct: kt given
 *        (instead of ratio)
 *   tanPhi = min(tanPhi1, tanPhi2)
 * A rigid body (E2 = +inf, a material with young = math.huge) is the limit of the series: the
 * rigid spring does not yield, so the pair's stiffness is the other body's alone, finite:
 *   connector            kn = A E1/l1        (IEEE gives it from the formula: l2/inf = +0)
 *   yade                 kn = 2 E1 l1        (evaluated as this limit: the formula is inf/inf)
 *   direct               kn given, as always (the materials' moduli are not used)
 *   kt = ratio kn, tanPhi as above (neither uses E).  Both bodies rigid: kn = +inf (connector,
 *   yade); the readers of stage scripts and case files refuse such a pair
 *   (src/script/script_bodies.c).
 */
#ifndef LT_STIFFNESS_H
#define LT_STIFFNESS_H
#include <lawtester/law.h>

typedef enum lt_stiff_rule {
    LT_RULE_CONNECTOR,
    LT_RULE_YADE,
    LT_RULE_DIRECT,
    LT_RULE_COUNT
} lt_stiff_rule;
typedef enum lt_stiff_area { LT_AREA_RADII, LT_AREA_LENGTHS, LT_AREA_COUNT } lt_stiff_area;
typedef enum lt_stiff_lengths {
    LT_LENGTHS_RAW,
    LT_LENGTHS_REDUCED,
    LT_LENGTHS_COUNT
} lt_stiff_lengths;

extern const char *const lt_stiff_rule_names[LT_RULE_COUNT]; /* "connector", "yade", "direct" */
extern const char *const lt_stiff_area_names[LT_AREA_COUNT]; /* "radii", "lengths" */
extern const char *const lt_stiff_lengths_names[LT_LENGTHS_COUNT]; /* "raw", "reduced" */

/* The stiffness rule of a test. */
typedef struct lt_stiffness {
    lt_stiff_rule rule;
    lt_stiff_area area;
    lt_stiff_lengths lengths;
    double kn, kt; /* N/m, direct rule only (kt NaN: ratio kn) */
    double ratio;  /* -, kt/kn; NaN: mean of the materials' ktDivKn */
} lt_stiffness;

/* What the rule gives for one contact. */
typedef struct lt_stiff_result {
    double lens[2]; /* m, l1, l2 after the lengths convention */
    double contA;   /* m^2 */
    double kn, kt;  /* N/m */
    double tanPhi;  /* - */
} lt_stiff_result;

/* The default: connector, area from the radii, raw lengths, ratio from the materials. */
lt_stiffness lt_stiffness_default(void);

/* Evaluate the rule.  Returns 0, or -1 when a reduced length is not positive (an initial
 * overlap deeper than twice a branch length). */
int lt_stiffness_eval(const lt_stiffness *s, const lt_material *m1, const lt_material *m2,
                      const double raw[2], double uN0, lt_stiff_result *out);

#endif
