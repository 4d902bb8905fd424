/* examples/plugin/c/plugin_linear.c - the linear (Cundall) contact law as a shared object built
 * out of the lawtester tree: `make` here (pkg-config finds lawtester's header), then
 *     lawtester verify --law-lib ./plugin_linear.so --law plugin_linear
 *     lawtester run SCRIPT.lua --law-lib ./plugin_linear.so      (with law = "plugin_linear")
 * It is the built-in `linear` (laws/linear.c) operation for operation, so its records equal the
 * built-in's bit for bit when both are compiled without floating-point contraction (-std=c17
 * implies -ffp-contract=off with gcc; docs/plugins.md).
 *
 * Theory (SI; signs and frame as in <lawtester/law.h>: uN < 0 in overlap, v = velocity of B
 * relative to A, the force returned acts on particle A, so compression is Fn < 0):
 *   Fn = kn uN                                  (N; negative = compression)
 *   Ftr = Ft + kt v_t dt                        (trial tangential force, 2-vector in y,z, N)
 *   fy = |Fn| tan(phi)                          (Coulomb limit, N)
 *   Ft' = Ftr                if |Ftr| <= fy     (elastic)
 *   Ft' = fy Ftr/|Ftr|       otherwise          (radial return: slip)
 *   the contact breaks when uN > 0 unless noBreak (then Fn may be tensile and fy uses |Fn|).
 *   No torque.  kn, kt (N/m), tanPhi (-) from the parameters, else from lt_contact (the
 *   harness's stiffness rule); a kt left to the rule keeps its kt/kn ratio.
 * Energies (J): elast = (Fn^2/kn + |Ft|^2/kt)/2 (stored); plast per step by `dissipation`,
 *   default trapezoid (F + F').(Ftr - F')/(2 kt), F the force before the step, Ftr the trial,
 *   F' the returned one (lawtester's docs/energy.md derives the formulas).
 * Yield surface: the Coulomb cone |Ft| = tan(phi) |Fn|, Fn <= 0 (tip at Fn = 0).
 * Verify cases (closed forms): Fn = kn uN, elast = kn uN^2/2 along normal loading; a shear cycle
 *   at overlap delta, amplitude ua dissipates 4 fy (ua - fy/kt), fy = tan(phi) kn delta; impact
 *   with w0 = sqrt(kn/m*): e = 1, t_c = pi/w0, delta_max = v/w0, F_max = kn v/w0.
 * Reference: P. A. Cundall, O. D. L. Strack (1979), Geotechnique 29(1):47-65.
 */
#include <lawtester/law.h>
#include <stddef.h>
#include <math.h>

enum { P_KN, P_KT, P_TANPHI, P_NOSLIP, P_NOBREAK, P_DISSIPATION, P_COUNT };
enum { S_KN, S_KT, S_TANPHI, S_FN, S_FTY, S_FTZ, S_SLIP, S_COUNT };
enum { E_ELAST, E_PLAST, E_COUNT };
enum { D_TRAPEZOID, D_DOC, D_CODE, D_POTENTIAL, D_PATH };

static const char *const dissipation_choices[] = {"trapezoid", "doc", "code", "potential", "path", 0};

static const lt_param linear_params[P_COUNT] = {
    [P_KN] = {"kn", LT_REAL, NAN, 0, INFINITY, "N/m", "normal stiffness (default: from materials)", 0},
    [P_KT] = {"kt", LT_REAL, NAN, 0, INFINITY, "N/m", "tangential stiffness (default: from materials)", 0},
    [P_TANPHI] = {"tanPhi", LT_REAL, NAN, 0, INFINITY, "-", "friction coefficient tan(phi) (default: from materials)", 0},
    [P_NOSLIP] = {"noSlip", LT_BOOL, 0, 0, 1, "-", "no Coulomb limit: the tangential spring stays elastic", 0},
    [P_NOBREAK] = {"noBreak", LT_BOOL, 0, 0, 1, "-", "never break; uN > 0 gives a tensile normal force", 0},
    [P_DISSIPATION] = {"dissipation", LT_CHOICE, D_TRAPEZOID, 0, 4, "-",
                       "slip dissipation formula: trapezoid|doc|code|potential|path (docs/energy.md)",
                       dissipation_choices},
};
#if LT_LAW_API_VERSION >= 5
/* Law API 5: kn, kt, tanPhi left unset are the stiffness rule's values from the materials (so
 * .meta and the plot titles say `materials`).  The #if keeps the file building against the
 * header of an older lawtester (law API 4), which reads tanPhi as the friction coefficient
 * by its name. */
static const unsigned linear_param_flags[P_COUNT] = {
    [P_KN] = LT_PARAM_MATERIALS, [P_KT] = LT_PARAM_MATERIALS, [P_TANPHI] = LT_PARAM_MATERIALS};
#endif
static const char *const linear_state[S_COUNT] = {"kn", "kt", "tanPhi", "Fn", "Fty", "Ftz", "slip"};
static const lt_energy_def linear_energies[E_COUNT] = {
    {"elast", LT_STORED, "elastic energy of the normal and tangential springs"},
    {"plast", LT_DISSIPATED, "energy dissipated by Coulomb slip"},
};

static void linear_init(const double *p, const lt_contact *c, double *s)
{
    s[S_KN] = lt_given_kn(p[P_KN], c);
    s[S_KT] = lt_given_kt(p[P_KT], s[S_KN], c);
    s[S_TANPHI] = lt_given_tanphi(p[P_TANPHI], c);
}

/* Mean yield force over the slipping part of a step whose normal force (hence yield force)
 * and tangential trial force vary linearly from the start (f0 = |Ft|, y0) to the end (ft, y1):
 * slip starts at s0 where f0 + s (ft - f0) = y0 + s (y1 - y0). */
static double mean_yield_while_slipping(double f0, double ft, double y0, double y1)
{
    double s0 = 0;
    if (f0 < y0) {
        double den = (ft - f0) - (y1 - y0);
        s0 = den > 0 ? (y0 - f0) / den : 1;
        if (s0 > 1) s0 = 1;
    }
    return 0.5 * ((y0 + s0 * (y1 - y0)) + y1);
}

static double slip_dissipation(int formula, double kt, double fy_prev, double fty0, double ftz0,
                               double trial_y, double trial_z, double fty1, double ftz1)
{
    double ft = hypot(trial_y, trial_z), fy = hypot(fty1, ftz1);
    switch (formula) {
    case D_DOC: return fy * (ft - fy) / kt;
    case D_CODE: return ((ft - fy) / 2 + fy) * (ft - fy) / kt;
    case D_POTENTIAL: return (ft * ft - fy * fy) / (2 * kt);
    case D_PATH: return (ft - fy) / kt * mean_yield_while_slipping(hypot(fty0, ftz0), ft, fy_prev, fy);
    default:
        return ((fty0 + fty1) * (trial_y - fty1) + (ftz0 + ftz1) * (trial_z - ftz1)) / (2 * kt);
    }
}

static int linear_step(const double *p, const lt_contact *c, double *s, lt_response *out)
{
    if (c->uN > 0 && !p[P_NOBREAK]) return 0;
    double kn = s[S_KN], kt = s[S_KT], tanPhi = s[S_TANPHI];
    double fn = kn * c->uN;
    double fty0 = s[S_FTY], ftz0 = s[S_FTZ];
    double ty = fty0 + kt * c->v[1] * c->dt, tz = ftz0 + kt * c->v[2] * c->dt;
    double fty = ty, ftz = tz, dissipated = 0;
    s[S_SLIP] = 0;
    if (!p[P_NOSLIP]) {
        double fy = fabs(fn) * tanPhi, ft = hypot(ty, tz);
        if (ft > fy) {
            s[S_SLIP] = 1;
            double scale = ft > 0 ? fy / ft : 0;
            fty = ty * scale;
            ftz = tz * scale;
            double fy_prev = c->fresh ? fy : fabs(s[S_FN]) * tanPhi;
            if (kt > 0)
                dissipated = slip_dissipation((int)p[P_DISSIPATION], kt, fy_prev, fty0, ftz0, ty, tz, fty, ftz);
        }
    }
    s[S_FN] = fn;
    s[S_FTY] = fty;
    s[S_FTZ] = ftz;
    lt_respond_force(out, fn, fty, ftz, kn, kt);
    out->energy[E_ELAST] = lt_spring_energy(kn, kt, fn, fty, ftz);
    out->energy[E_PLAST] = dissipated;
    return 1;
}

#define LC_PI 3.14159265358979323846

/* The closed form evaluated at the recorded uN: a few operations, round-off only. */
#define TOL_FORMULA 1e-12
#define WHY_FORMULA "closed form at the recorded uN: round-off"
/* A quantity of the held overlap: the overlap is a difference of centre distances (~0.2 m)
 * built over ~1e4 steps, each rounding at ~3e-17 m: ~1e-11 of 1 mm, 1e-9 with a margin. */
#define TOL_POSITION 1e-9
#define WHY_POSITION "overlap from ~1e4 rounded position updates: ~1e-11 relative"
/* Restitution and contact time within 1e-4 of the closed forms at the case's dt (the
 * accuracy lawtester's built-in laws are held to; docs/verify.md). */
#define TOL_TARGET 1e-4
#define WHY_TARGET "target accuracy at the case's time step (docs/verify.md)"

static void normal_along(const lt_case_env *env, double uN, double out[LT_ALONG_COUNT])
{
    double kn = env->param[P_KN];
    out[LT_ALONG_FN] = kn * uN;
    out[LT_ALONG_KN] = kn;
    out[LT_ALONG_KT] = env->param[P_KT];
    out[LT_ALONG_ELAST] = 0.5 * kn * uN * uN;
}

static void cycle_expect(const lt_case_env *env, lt_expect *x)
{
    double kt = env->param[P_KT], fy = env->param[P_TANPHI] * env->param[P_KN] * env->cycle.overlap;
    double ua = env->cycle.amplitude;
    double du = env->cycle.speed * env->c.dt, e = 4 * fy * (ua - fy / kt);
    x->value[LT_Q_CYCLE_ENERGY] = e;
    /* slip starting inside a step: the trapezoid dissipation is short by (fy - f0)(ft - fy)/2kt
     * <= kt du^2/8 per onset (laws/linear.c), two onsets per cycle; plus round-off */
    x->tol[LT_Q_CYCLE_ENERGY] = kt * du * du / 4 / e + TOL_POSITION;
    x->why[LT_Q_CYCLE_ENERGY] = "onset of slip inside a step: <= kt du^2/8 per onset, two per cycle; overlap round-off";
    x->value[LT_Q_KT] = kt;
    x->tol[LT_Q_KT] = TOL_FORMULA;
    x->why[LT_Q_KT] = "constant stiffness: exact";
    x->value[LT_Q_SLIP_FORCE] = fy;
    x->tol[LT_Q_SLIP_FORCE] = TOL_POSITION;
    x->why[LT_Q_SLIP_FORCE] = "radial return onto tanPhi kn delta: " WHY_POSITION;
}

static void impact_expect(const lt_case_env *env, lt_expect *x)
{
    double kn = env->param[P_KN], m = env->c.mstar, v = env->impact.vn, w0 = sqrt(kn / m);
    x->value[LT_Q_RESTITUTION] = 1;
    x->value[LT_Q_CONTACT_TIME] = LC_PI / w0;
    x->value[LT_Q_MAX_OVERLAP] = v / w0;
    x->value[LT_Q_MAX_FORCE] = kn * v / w0;
    const int q[4] = {LT_Q_RESTITUTION, LT_Q_CONTACT_TIME, LT_Q_MAX_OVERLAP, LT_Q_MAX_FORCE};
    for (int i = 0; i < 4; i++) {
        x->tol[q[i]] = TOL_TARGET;
        x->why[q[i]] = WHY_TARGET;
        /* leapfrog: second order; the force's kink at touch and release (started half a step
         * before touch) keeps it so (e is symmetric: its error is ~1e-12, below any order) */
        x->order[q[i]] = 2;
    }
}

static const lt_case plugin_linear_cases[] = {
    {.name = "normal-load",
     .doc = "Hooke: Fn, kn, kt, elast along loading to 1 mm and unloading",
     .kind = LT_CASE_NORMAL,
     .set = {{"kn", 1e6}, {"kt", 5e5}, {"tanPhi", 0.5}},
     .shape = {"sphere", "sphere"}, .radius = {0.1, 0.1},
     .mat = {{1e7, 0.25, 2600, 0.5, 0.5}, {1e7, 0.25, 2600, 0.5, 0.5}},
     .normal = {.overlap = 1e-3, .speed = 1.0}, .steps = 1000,
     .along = normal_along, .along_tol = TOL_FORMULA, .along_why = WHY_FORMULA},
    {.name = "shear-cycle",
     .doc = "elastic-perfectly-plastic loop at 1 mm overlap, +-3 mm: 4 mu Fn (ua - mu Fn/kt) per cycle",
     .kind = LT_CASE_SHEAR_CYCLE,
     .set = {{"kn", 1e6}, {"kt", 5e5}, {"tanPhi", 0.5}},
     .shape = {"sphere", "sphere"}, .radius = {0.1, 0.1},
     .mat = {{1e7, 0.25, 2600, 0.5, 0.5}, {1e7, 0.25, 2600, 0.5, 0.5}},
     .cycle = {.overlap = 1e-3, .amplitude = 3e-3, .speed = 1.0}, .steps = 3000,
     .expect = cycle_expect},
    {.name = "closed-loop",
     .doc = "without slip the law is elastic in uN, uy, uz: zero net work around a closed loop",
     .kind = LT_CASE_CLOSED_LOOP,
     .set = {{"kn", 1e6}, {"kt", 5e5}, {"tanPhi", 0.5}, {"noSlip", 1}},
     .shape = {"sphere", "sphere"}, .radius = {0.1, 0.05},
     .mat = {{1e7, 0.25, 2600, 0.5, 0.5}, {1e7, 0.25, 2600, 0.5, 0.5}},
     .loop = {.overlap = 1e-3, .amplitude = 5e-4}, .steps = 500, .dofs = "vvv...",
     .along_tol = 1e-9, .along_why = "linear springs, trapezoid exact: round-off of 3500 steps"},
    {.name = "impact",
     .doc = "elastic normal impact at 1 m/s: e = 1, t_c = pi/w0, delta_max = v/w0",
     .kind = LT_CASE_IMPACT,
     .set = {{"kn", 1e6}, {"kt", 5e5}, {"tanPhi", 0.5}},
     .shape = {"sphere", "sphere"}, .radius = {0.1, 0.1},
     .mat = {{1e7, 0.25, 2600, 0.5, 0.5}, {1e7, 0.25, 2600, 0.5, 0.5}},
     .impact = {.vn = 1.0}, .steps = 1000, .converge = 1,
     .expect = impact_expect},
};

static double linear_ft_max(const double *p, const double *s, double fn)
{
    if (p[P_NOSLIP]) return INFINITY;
    if (fn > 0 && !p[P_NOBREAK]) return -1;
    return fabs(fn) * s[S_TANPHI];
}

static double linear_fn_max(const double *p, const double *s)
{
    (void)s;
    return p[P_NOBREAK] ? INFINITY : 0;
}

static int linear_yielding(const double *p, const double *s)
{
    (void)p;
    return s[S_SLIP] != 0;
}

static const lt_yield linear_yield = {
    .ft_max = linear_ft_max,
    .fn_max = linear_fn_max,
    .yielding = linear_yielding,
    .formula = "Coulomb: |Ft| = tanPhi |Fn|, Fn <= 0",
};

/* Designated initialisers: fields a later law API adds are optional and default to none; the
 * descriptor declares the API version of the header it was compiled with (LT_LAW_API_VERSION),
 * and any later lawtester keeps reading it (docs/plugins.md). */
static const lt_law plugin_linear = {
    .api_version = LT_LAW_API_VERSION,
    .name = "plugin_linear",
    .summary = "linear Cundall contact from a shared object (examples/plugin/c): the built-in linear, op for op",
    .params = linear_params,
    .n_params = P_COUNT,
    .state_names = linear_state,
    .n_state = S_COUNT,
    .energies = linear_energies,
    .n_energies = E_COUNT,
    .init = linear_init,
    .step = linear_step,
    .cases = plugin_linear_cases,
    .n_cases = (int)(sizeof plugin_linear_cases / sizeof plugin_linear_cases[0]),
    .yield = &linear_yield,
#if LT_LAW_API_VERSION >= 5
    .friction = "tanPhi", /* the state: the parameter, or the rule's tanPhi when it is unset */
    .param_flags = linear_param_flags,
#endif
};

/* What lawtester looks up after dlopen: the laws of this object, NULL-terminated. */
const lt_law *const lt_plugin_laws[] = {&plugin_linear, NULL};
