/* laws/cohesive_cases.c - analytic verification cases of the `cohesive` law's bond moments
 * (laws/cohesive.c): `lawtester verify --law cohesive` (include/lawtester/law.h, "analytic
 * verification cases") and tests/test_cohesive.c.  SI units.
 *
 * Closed forms (kn, kt, tanPhi = mu, tensile Rt, cohesion c, kr, ktw, bondRadius R_b as set in each
 * case; the overlap delta held, so Fn = -kn delta; rt = min(Rt, c/mu) the tension tip; no shear
 * force, so Ft = 0 throughout):
 *   bending cycle 0 -> +a -> -a -> +a about y or z, plastic bond: the moment is elastic-perfectly
 *     plastic with slope kr and cap Mb = (rt - Fn) R_b/4 (Fn + 4|Mb|/R_b = rt: the tension tip of
 *     the extreme fibre, either surface shape); the full cycle dissipates the parallelogram
 *     4 Mb (a - Mb/kr)
 *   twist cycle, plastic bond: slope ktw, cap Mt = g(Fn) R_b/2 (|Ft| + 2|Mt|/R_b = g(Fn), g the
 *     bond surface: c - mu Fn for Mohr-Coulomb), 4 Mt (a - Mt/ktw) a cycle
 *   bending to breakage (default, breaking bond): the largest moment is the last elastic one,
 *     within one step's increment kr da below the strength (rt - Fn) R_b/4 (1990 steps for the
 *     amplitude, so that the strength does not fall on a step); then the bond is gone
 *     and the cycle dissipates nothing (the broken contact carries no moment)
 * Reference: D. O. Potyondy, P. A. Cundall (2004), Int. J. Rock Mech. Min. Sci. 41:1329-1364
 *   (the parallel bond's sigma_max = -Fn/A + |Mb| R/I, tau_max = |Ft|/A + |Mt| R/J).
 */
#include "cohesive.h"
#include <math.h>
#include <stddef.h>

/* A quantity of the held overlap: the overlap is a difference of centre distances (~0.2 m)
 * built over ~1e3 steps, each rounding at ~3e-17 m: ~1e-11 of 1e-5 m; 1e-9 with a margin. */
#define TOL_POSITION 1e-9
/* A rotational stiffness measured as the slope dM/dtheta of the first step of a leg: the
 * round-off of M (~1e-16 of 0.1 N m) over the increment k dtheta ~ 1e-3 of it, and of the
 * accumulated rotation: ~1e-12 relative; 1e-9 with a margin. */
#define TOL_SLOPE 1e-9
#define WHY_SLOPE "slope between recorded states: round-off of M and theta over one increment"

static double tension_tip(const double *p)
{
    double mu = p[COH_P_TANPHI], rt = p[COH_P_TENSILE];
    return mu > 0 && p[COH_P_COHESION] / mu < rt ? p[COH_P_COHESION] / mu : rt;
}

/* The elastic-perfectly-plastic cycle of slope k and cap M on the case's DoF. */
static void epp_cycle(const lt_case_env *env, lt_expect *x, double k, double M)
{
    double a = env->cycle.amplitude, du = env->cycle.speed * env->c.dt, e = 4 * M * (a - M / k);
    x->value[LT_Q_CYCLE_ENERGY] = e;
    /* the onset of plastic flow inside a step: the trapezoid dissipation is short by at most
     * k du^2/8 per onset (docs/energy.md), two onsets per cycle; plus the overlap's round-off */
    x->tol[LT_Q_CYCLE_ENERGY] = k * du * du / 4 / e + TOL_POSITION;
    x->why[LT_Q_CYCLE_ENERGY] =
        "onset of plastic flow inside a step: <= k du^2/8 per onset, two per cycle";
    x->value[LT_Q_CYCLE_STIFFNESS] = k;
    x->tol[LT_Q_CYCLE_STIFFNESS] = TOL_SLOPE;
    x->why[LT_Q_CYCLE_STIFFNESS] = WHY_SLOPE;
    x->value[LT_Q_CYCLE_CAP] = M;
    x->tol[LT_Q_CYCLE_CAP] = TOL_POSITION;
    x->why[LT_Q_CYCLE_CAP] = "return onto the bond's strength at Fn = -kn delta: overlap round-off";
}

static double bending_cap(const lt_case_env *env)
{
    const double *p = env->param;
    return (tension_tip(p) + p[COH_P_KN] * env->cycle.overlap) * p[COH_P_RBOND] / 4;
}

static void bending_expect(const lt_case_env *env, lt_expect *x)
{
    epp_cycle(env, x, env->param[COH_P_KR], bending_cap(env));
}

static void twist_expect(const lt_case_env *env, lt_expect *x)
{
    const double *p = env->param;
    /* Mohr-Coulomb at Fn = -kn delta */
    double g = p[COH_P_COHESION] + p[COH_P_TANPHI] * p[COH_P_KN] * env->cycle.overlap;
    epp_cycle(env, x, p[COH_P_KTW], g * p[COH_P_RBOND] / 2);
}

static void breaking_expect(const lt_case_env *env, lt_expect *x)
{
    double M = bending_cap(env), dM = env->param[COH_P_KR] * env->cycle.speed * env->c.dt;
    x->value[LT_Q_CYCLE_CAP] = M - dM / 2; /* the middle of [M - dM, M] */
    x->tol[LT_Q_CYCLE_CAP] = dM / 2 / (M - dM / 2) + TOL_POSITION;
    x->why[LT_Q_CYCLE_CAP] =
        "the last elastic moment: within one step's increment kr da below the strength";
    x->value[LT_Q_CYCLE_ENERGY] = 0;
    /* nothing is dissipated after the breakage: the dissipated sum is unchanged, exactly */
    x->tol[LT_Q_CYCLE_ENERGY] = 0;
    x->why[LT_Q_CYCLE_ENERGY] =
        "the broken contact carries no moment: no dissipation after breakage";
}

#define MAT                                                                           \
    {                                                                                 \
        .young = 1e7, .poisson = 0.25, .density = 2600, .ktDivKn = 0.5, .tanPhi = 0.5 \
    }
/* The bond: kn 1e6 N/m, mu 0.5, Rt 40 N, c 30 N, R_b = 1 cm (and kt 5e5 N/m), with Potyondy &
 * Cundall's rotational stiffnesses kr = kn R_b^2/4 = 25 N m/rad, ktw = kt R_b^2/2 = 25 N m/rad
 * (at most LT_CASE_MAX_SET = 8 settings a case). */
#define BOND \
    {"kn", 1e6}, {"tanPhi", 0.5}, {"tensile", 40}, {"cohesion", 30}, { "bondRadius", 0.01 }

const lt_case lt_cohesive_cases[COH_N_CASES] = {
    {.name = "bending-cycle",
     .doc = "plastic bond bent about y at Fn = -10 N, +-0.02 rad: slope kr, cap (rt - Fn) R_b/4, 4 "
            "M (a - M/kr) a cycle",
     .kind = LT_CASE_CYCLE,
     .dof = 4,
     .set = {BOND, {"kr", 25}, {"plastic", 1}},
     .shape = {"sphere", "sphere"},
     .radius = {0.1, 0.05},
     .mat = {MAT, MAT},
     .cycle = {.overlap = 1e-5, .amplitude = 0.02, .speed = 1.0},
     .steps = 2000,
     .expect = bending_expect},
    {.name = "bending-cycle-z",
     .doc = "plastic elliptic bond bent about z at Fn = -10 N, +-0.02 rad: the same tip, so the "
            "same cap and loop",
     .kind = LT_CASE_CYCLE,
     .dof = 5,
     .set = {BOND, {"kr", 25}, {"plastic", 1}, {"surface", COH_SURF_ELLIPTIC}},
     .shape = {"sphere", "sphere"},
     .radius = {0.1, 0.1},
     .mat = {MAT, MAT},
     .cycle = {.overlap = 1e-5, .amplitude = 0.02, .speed = 1.0},
     .steps = 2000,
     .expect = bending_expect},
    {.name = "twist-cycle",
     .doc = "plastic bond twisted at Fn = -10 N, +-0.02 rad: slope ktw, cap (c - mu Fn) R_b/2, 4 M "
            "(a - M/ktw) a cycle",
     .kind = LT_CASE_CYCLE,
     .dof = 3,
     .set = {BOND, {"kt", 5e5}, {"ktw", 25}, {"plastic", 1}},
     .shape = {"wall", "sphere"},
     .radius = {0, 0.1},
     .mat = {MAT, MAT},
     .cycle = {.overlap = 1e-5, .amplitude = 0.02, .speed = 1.0},
     .steps = 2000,
     .expect = twist_expect},
    {.name = "bending-break",
     .doc = "breaking bond bent about y at Fn = -10 N: largest moment the strength (rt - Fn) R_b/4 "
            "within kr da, then none",
     .kind = LT_CASE_CYCLE,
     .dof = 4,
     .set = {BOND, {"kr", 25}},
     .shape = {"sphere", "sphere"},
     .radius = {0.1, 0.05},
     .mat = {MAT, MAT},
     .cycle = {.overlap = 1e-5, .amplitude = 0.02, .speed = 1.0},
     .steps = 1990,
     .expect = breaking_expect},
};
