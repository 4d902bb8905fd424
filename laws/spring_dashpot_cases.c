/* laws/spring_dashpot_cases.c - analytic verification cases of the spring-dashpot law
 * (laws/spring_dashpot.c), run by `lawtester verify --law spring_dashpot`.  SI units.
 *
 * Closed forms (kn given, m* the pair's effective mass, v the approach speed; w0 = sqrt(kn/m*),
 * beta = zeta w0, w = w0 sqrt(1 - zeta^2); the overlap of the impact is
 * delta(t) = (v/w) exp(-beta t) sin(w t), the compressive force m* (w0^2 delta + 2 beta delta')):
 *   contact ends at zero overlap:  e = exp(-pi zeta/sqrt(1 - zeta^2)),  t_c = pi/w
 *   clipped (Schwager & Poeschel 2007): the force ends at t_f = (2/w) atan(w/beta),
 *       e = exp(-beta t_f), and the bodies separate at t_c = t_f + delta(t_f)/(e v)
 *   max overlap: at tan(w t) = w/beta, delta_max = (v/w0) exp(-(beta/w) atan(w/beta))
 *   max force (zeta < 1/2): at tan(w t) = (w0^2 - 4 beta^2) w/(beta (3 w0^2 - 4 beta^2))
 *   shear cycle, normal force: as for the linear law (laws/linear_cases.c).
 *   oblique impact in gross sliding (REFERENCES 4, the rigid-body limit; the derivation is in
 *       laws/hertz_mindlin_cases.c): with J = int |Fn| dt = m* v (1 + 2 e_f - e) (e_f =
 *       exp(-beta t_f), the velocity ratio where the force changes sign; m* v (1 + e_f)
 *       clipped) and D = int delta |Fn| dt = m* v (v/w0) int X |X + 2 zeta V| ds (s = w0 t,
 *       X = exp(-zeta s) sin(w s/w0)/(w/w0), V = X'; Simpson's rule on both sides of the sign
 *       change), vt' = vt - mu J/m*, w' = mu (r J - D/2)/I: the driver's lever arm is r - delta/2.
 * Stiffness: kn and kt as the law takes them, given or from the stiffness rule (lt_contact).
 * Chung & Ooi (2011) tests 2 and 4 run here with the linear spring: the same setups as in
 * laws/hertz_mindlin_cases.c (a rigid plane: E = infinity), kn = pi r E by the connector rule
 * (A = pi r^2, l = r for the sphere and, by convention, for the wall), kt = kn/2 (ktDivKn).
 * References: T. Schwager, T. Poeschel (2007), Granular Matter 9:465; docs/references.md.
 */
#include "kit/closed_linear.h"
#include "kit/damping.h"
#include "spring_dashpot.h"
#include <math.h>
#include <stddef.h>

/* kn and kt as the law takes them (laws/spring_dashpot.c, sd_init) */
static double kn_of(const lt_case_env *env)
{
    return isnan(env->param[SD_P_KN]) ? env->c.kn : env->param[SD_P_KN];
}

static double kt_of(const lt_case_env *env)
{
    return !isnan(env->param[SD_P_KT]) ? env->param[SD_P_KT] : env->c.kt / env->c.kn * kn_of(env);
}

static double zeta_of(const lt_case_env *env)
{
    double e = env->param[SD_P_EN], z = env->param[SD_P_ZETAN];
    if (env->param[SD_P_CLIPEN] != 0) return lt_clipped_zeta(e); /* clipEn: the clipped e is en */
    if (!isnan(e)) return lt_restitution_zeta(e);
    return isnan(z) ? 0 : z;
}

/* the undamped cases (normal load, shear cycle): laws/kit/closed_linear.h */
static void normal_along(const lt_case_env *env, double uN, double out[LT_ALONG_COUNT])
{
    hooke_along(env->param[SD_P_KN], env->param[SD_P_KT], uN, out);
}

static void cycle_expect(const lt_case_env *env, lt_expect *x)
{
    coulomb_cycle_expect(env->param[SD_P_KN], env->param[SD_P_KT], env->param[SD_P_TANPHI], env,
                         "the trial force scaled onto tanPhi kn delta: " WHY_POSITION, x);
}

/* The damped oscillator of the impact, in closed form. */
typedef struct oscillator {
    double w0, beta, w, v, m;
} oscillator;

static oscillator oscillator_of(const lt_case_env *env)
{
    oscillator o;
    double z = zeta_of(env);
    o.m = env->c.mstar;
    o.v = env->impact.vn;
    o.w0 = sqrt(kn_of(env) / o.m);
    o.beta = z * o.w0;
    o.w = o.w0 * sqrt(1 - z * z);
    return o;
}

static double overlap_at(const oscillator *o, double t)
{
    return o->v / o->w * exp(-o->beta * t) * sin(o->w * t);
}

static double oscillator_force(const oscillator *o, double t) /* compressive, unclipped (N) */
{
    double d = overlap_at(o, t),
           dd = o->v / o->w * exp(-o->beta * t) * (o->w * cos(o->w * t) - o->beta * sin(o->w * t));
    return o->m * (o->w0 * o->w0 * d + 2 * o->beta * dd);
}

static double force_end(const oscillator *o) /* s, clipped: the force vanishes */
{
    return o->beta > 0 ? 2 / o->w * atan(o->w / o->beta) : LT_PI / o->w;
}

static void impact_expect(const lt_case_env *env, lt_expect *x)
{
    oscillator o = oscillator_of(env);
    int clip = env->param[SD_P_CLIP] != 0;
    double tf = force_end(&o);
    if (clip) {
        x->value[LT_Q_RESTITUTION] = exp(-o.beta * tf);
        x->value[LT_Q_FORCE_TIME] = tf;
        x->value[LT_Q_CONTACT_TIME] = tf + overlap_at(&o, tf) / (x->value[LT_Q_RESTITUTION] * o.v);
    } else {
        x->value[LT_Q_RESTITUTION] = exp(-o.beta * LT_PI / o.w);
        x->value[LT_Q_CONTACT_TIME] = LT_PI / o.w;
    }
    double tm = o.beta > 0 ? atan(o.w / o.beta) / o.w : LT_PI / (2 * o.w);
    x->value[LT_Q_MAX_OVERLAP] = overlap_at(&o, tm);
    double a = o.w0 * o.w0 - 4 * o.beta * o.beta;
    if (a > 0) /* zeta < 1/2: the force peaks inside the contact */
        x->value[LT_Q_MAX_FORCE] = oscillator_force(
            &o, atan2(a * o.w, o.beta * (3 * o.w0 * o.w0 - 4 * o.beta * o.beta)) / o.w);
    const int q[5] = {LT_Q_RESTITUTION, LT_Q_CONTACT_TIME, LT_Q_FORCE_TIME, LT_Q_MAX_OVERLAP,
                      LT_Q_MAX_FORCE};
    int halfstep = env->param[SD_P_DASHPOT] == 1;
    for (int i = 0; i < 5; i++) {
        x->tol[q[i]] = TOL_TARGET;
        x->why[q[i]] = WHY_TARGET;
        /* extrapolated dashpot velocity, touch aligned with a kick: second order; a force
         * kink at a phase of the step that changes with dt leaves an erratic coefficient */
        x->order[q[i]] = halfstep ? 1 : 2;
    }
    /* initial gap in steps (include/lawtester/law.h) */
    double touch = env->impact.gap > 0 ? env->impact.gap : 0.5;
    if (touch != 0.5 && o.beta > 0)
        for (int i = 0; i < 5; i++) {
            /* the dashpot force 2 m* beta v jumps on at touch, (touch - 1/2) dt away from where
             * the first kick interval starts: an impulse error |touch - 1/2| 2 m* beta v dt,
             * first order, with a fixed coefficient (the phase scales with dt) */
            x->order[q[i]] = 1;
            x->tol[q[i]] = fmax(TOL_TARGET, o.beta * env->c.dt);
            x->why[q[i]] = "dashpot switched on off a kick boundary: first order, <= beta dt";
        }
    /* clipEn (impact-clipen0.4): t_force's errors measured 1.2e-7, 1.8e-7, 1.4e-8 at dt, dt/2,
     * dt/4: at that size the extrapolation of the force's end to Fn = 0 is erratic; the value
     * is well within the target, its order is not asserted */
    if (env->param[SD_P_CLIPEN] != 0) x->order[LT_Q_FORCE_TIME] = NAN;
    if (!clip && o.beta > 0) {
        /* the dashpot force m* 2 beta v_out jumps to zero where the overlap closes, inside a
         * step: the last kick is off by up to half of it, so |de/e| <= beta dt, first order
         * with a phase-dependent (erratic) coefficient: no order asserted, the bound is */
        x->tol[LT_Q_RESTITUTION] = o.beta * env->c.dt + 1e-9;
        x->why[LT_Q_RESTITUTION] = "force jump at separation inside a step: |de/e| <= beta dt";
        x->order[LT_Q_RESTITUTION] = NAN;
    }
}

/* ---- oblique impact in gross sliding (Chung & Ooi test 4) ----------------------------------- */

/* delta |F| dt in units of m* v (v/w0) ds at s = w0 t (the head of the file) */
static double lever_integrand(const oscillator *o, double s)
{
    double t = s / o->w0, X = overlap_at(o, t) * o->w0 / o->v,
           F = oscillator_force(o, t) / (o->m * o->w0 * o->v);
    return X * fabs(F);
}

/* int_a^b by Simpson's rule, 2000 intervals: the integrand is smooth on each side of the sign
 * change of the force, error ~ (b - a)^5/2000^4 f'''' ~ 1e-13 */
static double simpson(const oscillator *o, double a, double b)
{
    const int n = 2000;
    double h = (b - a) / n, sum = lever_integrand(o, a) + lever_integrand(o, b);
    for (int i = 1; i < n; i++) sum += (i % 2 ? 4 : 2) * lever_integrand(o, a + i * h);
    return sum * h / 3;
}

static void oblique_expect(const lt_case_env *env, lt_expect *x)
{
    impact_expect(env, x);
    oscillator o = oscillator_of(env);
    int clip = env->param[SD_P_CLIP] != 0;
    double mu = !isnan(env->param[SD_P_TANPHI]) ? env->param[SD_P_TANPHI] : env->c.tanPhi;
    double vn = o.v, vt = env->impact.vt, ms = o.m, kn = kn_of(env), kt = kt_of(env),
           gn = 2 * o.beta * ms;
    double tf = force_end(&o), ef = exp(-o.beta * tf), e = exp(-o.beta * LT_PI / o.w);
    double J = ms * vn * (clip ? 1 + ef : 1 + 2 * ef - e);
    double D =
        ms * vn * (vn / o.w0) *
        (simpson(&o, 0, o.w0 * tf) + (clip ? 0 : simpson(&o, o.w0 * tf, o.w0 * LT_PI / o.w)));
    double dv = mu * J / ms;
    x->value[LT_Q_TANGENT_OUT] = vt - dv;
    for (int i = 0; i < 2; i++) {
        if (!isfinite(env->mass[i])) continue; /* a wall, fixed: no spin */
        double r = env->c.rcurv[i], I = 0.4 * env->mass[i] * r * r;
        x->value[i ? LT_Q_SPIN_B : LT_Q_SPIN_A] = mu * (r * J - D / 2) / I;
    }
    /* Tolerance: verify's target at the case's dt, plus the friction impulse mu J may miss:
     * - the tangential compliance the rigid-body limit neglects: at touch the dashpot puts
     *   gn vn on the normal force at once while the spring starts at zero, so the contact
     *   sticks until kt vt t = mu (kn vn t + gn vn), t_s = mu gn vn/(kt vt - mu kn vn),
     *   missing at most mu (gn vn t_s + kn vn t_s^2/2); unless clipped, at most the whole
     *   tensile tail's friction, mu m* v (e_f - e) (no tangential dashpot: with one the spring
     *   side starts higher and the stick is shorter, so this stays a bound);
     * - unless clipped, the force jump at separation inside a step (the bound of e,
     *   impact_expect): mu gn e vn dt. */
    double rate = kt * vt - mu * kn * vn, ts = rate > 0 ? mu * gn * vn / rate : INFINITY;
    double missed = mu * (gn * vn * ts + 0.5 * kn * vn * ts * ts);
    if (!clip) missed += mu * ms * vn * (ef - e) + mu * gn * e * vn * env->c.dt;
    double rel = missed / (mu * J);
    int sliding = vt > 3.5 * dv && isfinite(rel); /* the contact point still slides at the end */
    const int q[3] = {LT_Q_TANGENT_OUT, LT_Q_SPIN_A, LT_Q_SPIN_B};
    for (int i = 0; i < 3; i++) {
        x->tol[q[i]] =
            !sliding ? 0 : TOL_TARGET + (q[i] == LT_Q_TANGENT_OUT ? rel * dv / (vt - dv) : rel);
        x->why[q[i]] = !sliding
                           ? "outside the gross-sliding range: the rigid-body limit does not hold"
                           : "verify's target (docs/verify.md) + tangential compliance (stick at "
                             "touch, tensile tail) + separation jump";
        x->order[q[i]] = NAN;
    }
}

/* Thornton, Cummins & Cleary (2013)'s gross-sliding line with damping (as in
 * laws/hertz_mindlin_cases.c, sliding_line_expect): clipped, the friction impulse is
 * mu m* v (1 + e) when |Ft| = tanPhi |Fn| holds from touch to release.  The tangential dashpot
 * gives it at touch, where the normal force jumps to gn vn and the spring starts at zero:
 * gt vt > tanPhi gn vn, i.e. tan(theta)/mu > zetaN sqrt(kn)/(zetaT sqrt(kt)).  Then the line
 * holds step by step to round-off (measured: within 2e-15 at 500 ... 4000 steps), and vt', the
 * spins are oblique_expect's clipped closed forms; what is left is e's error. */
static void line_expect(const lt_case_env *env, lt_expect *x)
{
    oblique_expect(env, x);
    oscillator o = oscillator_of(env);
    double mu = !isnan(env->param[SD_P_TANPHI]) ? env->param[SD_P_TANPHI] : env->c.tanPhi;
    double zt = isnan(env->param[SD_P_ZETAT]) ? 0 : env->param[SD_P_ZETAT], kt = kt_of(env);
    double gt = 2 * zt * sqrt(kt * o.m), gn = 2 * o.beta * o.m;
    int slides_at_touch = gt * env->impact.vt > mu * gn * o.v && env->param[SD_P_CLIP] != 0;
    const int q[3] = {LT_Q_TANGENT_OUT, LT_Q_SPIN_A, LT_Q_SPIN_B};
    for (int i = 0; i < 3; i++) {
        if (!slides_at_touch || x->tol[q[i]] == 0)
            continue; /* oblique_expect's own bound (or its 0) */
        x->tol[q[i]] = TOL_TARGET;
        x->why[q[i]] =
            "the line holds step by step to round-off (|Ft| = mu |Fn| from touch): verify's target";
    }
}

/* --plot: the closed-form force-overlap curve of the impact (clipped: then the free flight). */
static void impact_curve(const lt_case_env *env, double s, double *uN, double *Fn)
{
    oscillator o = oscillator_of(env);
    int clip = env->param[SD_P_CLIP] != 0;
    double tend = clip ? force_end(&o) : LT_PI / o.w, t = s * tend;
    *uN = -overlap_at(&o, t);
    double f = oscillator_force(&o, t);
    *Fn = -(clip && f < 0 ? 0 : f);
}

#define MAT_A                                                                         \
    {                                                                                 \
        .young = 1e7, .poisson = 0.25, .density = 2600, .ktDivKn = 0.5, .tanPhi = 0.5 \
    }
/* Chung & Ooi (laws/hertz_mindlin_cases.c): a rigid plane (E = infinity), the spheres */
#define RIGID(NU, MU)                                                                \
    {                                                                                \
        .young = INFINITY, .poisson = NU, .density = 0, .ktDivKn = 0.5, .tanPhi = MU \
    }
#define AL_ALLOY_CO2                                                                     \
    {                                                                                    \
        .young = 7.0e10, .poisson = 0.30, .density = 2699, .ktDivKn = 0.5, .tanPhi = 0.0 \
    }
#define AL_OXIDE_CO4                                                                       \
    {                                                                                      \
        .young = 3.8e11, .poisson = 0.23, .density = 4000, .ktDivKn = 0.5, .tanPhi = 0.092 \
    }
/* 3.9 m/s at theta from the normal: vn = 3.9 cos(theta), vt = 3.9 sin(theta) */
#define CO4(NAME, COS, SIN)                                                                        \
    {                                                                                              \
        .name = NAME,                                                                              \
        .doc = "Chung & Ooi test 4, linear spring: oblique impact, gross sliding: vt', w' (lever " \
               "r - delta/2)",                                                                     \
        .kind = LT_CASE_IMPACT, .set = {{"en", 0.98}}, .shape = {"wall", "sphere"},                \
        .fixed = {1, 0}, .radius = {0, 2.5e-3}, .mat = {RIGID(0.23, 0.092), AL_OXIDE_CO4},         \
        .impact = {.vn = 3.9 * (COS), .vt = 3.9 * (SIN)}, .steps = 2000, .expect = oblique_expect, \
        .curve = impact_curve                                                                      \
    }

const lt_case lt_spring_dashpot_cases[SD_N_CASES] = {
    {.name = "normal-load",
     .doc = "without damping: Fn, kn, kt, elast along loading to 1 mm and unloading",
     .kind = LT_CASE_NORMAL,
     .set = {{"kn", 1e6}, {"kt", 5e5}, {"tanPhi", 0.5}},
     .radius = {0.1, 0.1},
     .mat = {MAT_A, MAT_A},
     .normal = {.overlap = 1e-3, .speed = 1.0},
     .steps = 1000,
     .along = normal_along,
     .along_tol = TOL_FORMULA,
     .along_why = WHY_FORMULA},
    {.name = "shear-cycle",
     .doc = "elastic-perfectly-plastic loop at 1 mm overlap, +-3 mm: 4 mu Fn (ua - mu Fn/kt) per "
            "cycle",
     .kind = LT_CASE_SHEAR_CYCLE,
     .set = {{"kn", 1e6}, {"kt", 5e5}, {"tanPhi", 0.5}},
     .radius = {0.1, 0.1},
     .mat = {MAT_A, MAT_A},
     .cycle = {.overlap = 1e-3, .amplitude = 3e-3, .speed = 1.0},
     .steps = 3000,
     .expect = cycle_expect},
    {.name = "closed-loop",
     .doc = "undamped, without slip: elastic in uN, uy, uz, zero net work around a closed loop",
     .kind = LT_CASE_CLOSED_LOOP,
     .set = {{"kn", 1e6}, {"kt", 5e5}, {"tanPhi", 0.5}, {"noSlip", 1}},
     .radius = {0.1, 0.05},
     .mat = {MAT_A, MAT_A},
     .loop = {.overlap = 1e-3, .amplitude = 5e-4},
     .steps = 500,
     .dofs = "vvv...",
     .along_tol = 1e-9,
     .along_why = "linear springs, trapezoid exact: round-off of 3500 steps"},
    {.name = "impact-en0.5",
     .doc = "damped impact ending at zero overlap, en = 0.5: e = en, t_c = pi/w, delta_max",
     .kind = LT_CASE_IMPACT,
     .set = {{"kn", 1e6}, {"en", 0.5}},
     .radius = {0.1, 0.1},
     .mat = {MAT_A, MAT_A},
     .impact = {.vn = 1.0},
     .steps = 10000,
     .converge = 1,
     .expect = impact_expect,
     .curve = impact_curve},
    {.name = "impact-en0.5-clip",
     .doc = "damped impact with the force clipped at zero, en = 0.5: Schwager-Poeschel e, t_f, t_c",
     .kind = LT_CASE_IMPACT,
     .set = {{"kn", 1e6}, {"en", 0.5}, {"clip", 1}},
     .radius = {0.1, 0.1},
     .mat = {MAT_A, MAT_A},
     .impact = {.vn = 1.0},
     .steps = 2000,
     .converge = 1,
     .expect = impact_expect,
     .curve = impact_curve},
    {.name = "impact-en0.5-touch0.2",
     .doc = "as impact-en0.5-clip but touching 0.2 step after the start: the dashpot's jump on "
            "costs first order",
     .kind = LT_CASE_IMPACT,
     .set = {{"kn", 1e6}, {"en", 0.5}, {"clip", 1}},
     .radius = {0.1, 0.1},
     .mat = {MAT_A, MAT_A},
     .impact = {.vn = 1.0, .gap = 0.2},
     .steps = 10000,
     .converge = 1,
     .expect = impact_expect,
     .curve = impact_curve},
    {.name = "impact-zeta0.3-clip",
     .doc = "damping given as a ratio, zeta = 0.3, clipped, unequal spheres at 3 m/s",
     .kind = LT_CASE_IMPACT,
     .set = {{"kn", 4e6}, {"zetaN", 0.3}, {"clip", 1}},
     .radius = {0.1, 0.04},
     .mat = {MAT_A,
             {.young = 1e7, .poisson = 0.25, .density = 7800, .ktDivKn = 0.5, .tanPhi = 0.5}},
     .impact = {.vn = 3.0},
     .steps = 2000,
     .expect = impact_expect,
     .curve = impact_curve},
    {.name = "impact-halfstep",
     .doc = "dashpotVel = halfstep (the dashpot lags dt/2): first order, as the theory block says",
     .kind = LT_CASE_IMPACT,
     .set = {{"kn", 1e6}, {"en", 0.5}, {"clip", 1}, {"dashpotVel", 1}},
     .radius = {0.1, 0.1},
     .mat = {MAT_A, MAT_A},
     .impact = {.vn = 1.0},
     .steps = 20000,
     .converge = 1,
     .expect = impact_expect,
     .curve = impact_curve},
    {.name = "co2-al-alloy",
     .doc = "Chung & Ooi test 2's setup, linear spring: sphere on a rigid plane, kn = pi r E, m* = "
            "m: e = 1, t_c = pi/w0",
     .kind = LT_CASE_IMPACT,
     .shape = {"wall", "sphere"},
     .fixed = {1, 0},
     .radius = {0, 0.1},
     .mat = {RIGID(0.30, 0.0), AL_ALLOY_CO2},
     .impact = {.vn = 0.2},
     .steps = 2000,
     .converge = 1,
     .expect = impact_expect,
     .curve = impact_curve},
    CO4("co4-45deg", 0.70710678118654752, 0.70710678118654752),
    CO4("co4-60deg", 0.5, 0.86602540378443865),
    CO4("co4-85deg", 0.087155742747658174, 0.99619469809174553),
    {.name = "impact-clipen0.4",
     .doc = "clipEn: clipped impact whose restitution is the en asked, 0.4 (clip alone: 0.472)",
     .kind = LT_CASE_IMPACT,
     .set = {{"kn", 1e6}, {"en", 0.4}, {"clip", 1}, {"clipEn", 1}},
     .radius = {0.1, 0.1},
     .mat = {MAT_A, MAT_A},
     .impact = {.vn = 1.0},
     .steps = 2000,
     .converge = 1,
     .expect = impact_expect,
     .curve = impact_curve},
    {.name = "line-en0.5-psi7",
     .doc = "gross-sliding line e_t = 1 - mu (1 + en)/tan(theta): clip, clipEn, zetaT = 0.5, "
            "alumina on a plane, mu = 0.3",
     .kind = LT_CASE_IMPACT,
     .set = {{"en", 0.5}, {"clip", 1}, {"clipEn", 1}, {"zetaT", 0.5}, {"tanPhi", 0.3}},
     .shape = {"wall", "sphere"},
     .fixed = {1, 0},
     .radius = {0, 2.5e-3},
     .mat = {RIGID(0.23, 0.3), AL_OXIDE_CO4},
     .impact = {.vn = 1.0, .vt = 0.3 * 7},
     .steps = 2000,
     .expect = line_expect,
     .curve = impact_curve},
};
