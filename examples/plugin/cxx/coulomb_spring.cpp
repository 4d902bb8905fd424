// examples/plugin/cxx/coulomb_spring.cpp - a contact law written as a C++ class, the way DEM
// codes write them, exported to lawtester through extern "C" (docs/plugins.md).  Build: `make`
// here (pkg-config finds lawtester's header), then
//     lawtester laws   --law-lib ./coulomb_spring.so
//     lawtester verify --law-lib ./coulomb_spring.so --law cxx_coulomb_spring
//
// Theory: linear spring contact with Coulomb friction (Cundall & Strack), the tangential force
// kept as incremental history in the co-rotating contact frame.  SI units; frame and signs of
// <lawtester/law.h>: x the normal from A to B, uN < 0 in overlap (m), v the velocity of B
// relative to A (m/s), the force returned acts on A, so compression is Fn < 0 (N).
//   normal       Fn = kn uN                                      (N; the contact ends at uN > 0)
//   tangential   Ftr = Ft + kt v_t dt                            (trial force, 2-vector y, z; N)
//   Coulomb      Fmax = mu |Fn|;  Ft' = Ftr if |Ftr| <= Fmax, else Ft' = Fmax Ftr/|Ftr|
//   stiffness    kn, kt in N/m, mu (-): the parameters, else what the harness's stiffness rule
//                put in lt_contact (kn from the materials; kt with the materials' kt/kn ratio)
//   energies     elast = Fn^2/(2 kn) + |Ft|^2/(2 kt)             (J, stored)
//                slip += (Ft + Ft').(Ftr - Ft')/(2 kt) per step  (J, dissipated: the trapezoid
//                work of the tangential force minus the change of its stored energy, so that
//                work = d(elast) + slip holds step by step)
//   closed forms of the verify cases: Fn = kn uN and elast = kn uN^2/2 along normal loading; a
//                full cycle +-ua on a shear DoF at a held overlap delta: stiffness kt, cap
//                Fy = mu kn delta, dissipated energy 4 Fy (ua - Fy/kt) (elastic-perfectly-
//                plastic loop), the same on y and z (the law is isotropic in the contact plane).
// Reference: P. A. Cundall, O. D. L. Strack (1979), A discrete numerical model for granular
//   assemblies, Geotechnique 29(1):47-65.

#include <lawtester/law.h>
#include <cmath>
#include <cstddef>

namespace {

enum Param { P_KN, P_KT, P_MU, P_COUNT };
enum State { S_KN, S_KT, S_MU, S_FN, S_FTY, S_FTZ, S_SLIP, S_COUNT };
enum Energy { E_ELAST, E_SLIP, E_COUNT };

// One contact.  lawtester keeps a contact's history as an array of doubles (the state it
// declares); the object loads it, works on members, and stores it back.
class CoulombSpring {
public:
    CoulombSpring(const double *param, double *state)
        : param_(param), state_(state), kn_(state[S_KN]), kt_(state[S_KT]), mu_(state[S_MU]),
          fn_(state[S_FN]), ft_{state[S_FTY], state[S_FTZ]}
    {
    }

    // A new contact: stiffnesses and friction from the parameters or the contact's materials.
    void form(const lt_contact &c)
    {
        kn_ = lt_given_kn(param_[P_KN], &c);
        kt_ = lt_given_kt(param_[P_KT], kn_, &c);
        mu_ = lt_given_tanphi(param_[P_MU], &c);
        store(0);
    }

    // One step; false when the contact opens.
    bool step(const lt_contact &c, lt_response &out)
    {
        if (c.uN > 0) return false;
        const double ft0[2] = {ft_[0], ft_[1]};
        fn_ = kn_ * c.uN;
        const double trial[2] = {ft0[0] + kt_ * c.v[1] * c.dt, ft0[1] + kt_ * c.v[2] * c.dt};
        const double cap = mu_ * std::fabs(fn_), size = std::hypot(trial[0], trial[1]);
        const bool slipping = size > cap;
        const double scale = slipping ? (size > 0 ? cap / size : 0) : 1;
        ft_[0] = trial[0] * scale;
        ft_[1] = trial[1] * scale;
        double slip = 0;
        if (slipping && kt_ > 0)
            slip = ((ft0[0] + ft_[0]) * (trial[0] - ft_[0]) + (ft0[1] + ft_[1]) * (trial[1] - ft_[1])) / (2 * kt_);
        lt_respond_force(&out, fn_, ft_[0], ft_[1], kn_, kt_);
        out.energy[E_ELAST] = elastic_energy();
        out.energy[E_SLIP] = slip;
        store(slipping);
        return true;
    }

    double elastic_energy() const { return lt_spring_energy(kn_, kt_, fn_, ft_[0], ft_[1]); }

    // The Coulomb cone in the (Fn, |Ft|) plane, tip at Fn = 0.
    static double cap_at(double mu, double fn) { return fn > 0 ? -1 : mu * std::fabs(fn); }

private:
    void store(bool slipping) const
    {
        state_[S_KN] = kn_;
        state_[S_KT] = kt_;
        state_[S_MU] = mu_;
        state_[S_FN] = fn_;
        state_[S_FTY] = ft_[0];
        state_[S_FTZ] = ft_[1];
        state_[S_SLIP] = slipping ? 1 : 0;
    }

    const double *param_;
    double *state_;
    double kn_, kt_, mu_; // N/m, N/m, -
    double fn_;           // N, normal force on A
    double ft_[2];        // N, tangential force on A (local y, z)
};

// ---- the C interface lawtester calls (no exception may cross it: noexcept) ----------------

void law_init(const double *p, const lt_contact *c, double *s) noexcept { CoulombSpring(p, s).form(*c); }

int law_step(const double *p, const lt_contact *c, double *s, lt_response *out) noexcept
{
    return CoulombSpring(p, s).step(*c, *out) ? 1 : 0;
}

double yield_ft_max(const double *, const double *s, double fn) noexcept { return CoulombSpring::cap_at(s[S_MU], fn); }
double yield_fn_max(const double *, const double *) noexcept { return 0; }
int yield_yielding(const double *, const double *s) noexcept { return s[S_SLIP] != 0; }

// ---- verify cases: closed forms (above) -------------------------------------------------------

// The closed form at the recorded uN: a few operations, round-off only.
constexpr double TOL_FORMULA = 1e-12;
// A held overlap is a difference of centre distances (~0.2 m) built over ~1e4 steps, each
// rounded at ~3e-17 m: ~1e-11 of 1 mm; 1e-9 with a margin.
constexpr double TOL_POSITION = 1e-9;

void normal_along(const lt_case_env *env, double uN, double out[LT_ALONG_COUNT]) noexcept
{
    const double kn = env->param[P_KN];
    out[LT_ALONG_FN] = kn * uN;
    out[LT_ALONG_KN] = kn;
    out[LT_ALONG_KT] = env->param[P_KT];
    out[LT_ALONG_ELAST] = 0.5 * kn * uN * uN;
}

void cycle_expect(const lt_case_env *env, lt_expect *x) noexcept
{
    const double kt = env->param[P_KT], cap = env->param[P_MU] * env->param[P_KN] * env->cycle.overlap;
    const double ua = env->cycle.amplitude, du = env->cycle.speed * env->c.dt, e = 4 * cap * (ua - cap / kt);
    x->value[LT_Q_CYCLE_ENERGY] = e;
    // slip that starts inside a step: the trapezoid misses at most kt du^2/8 per onset, two
    // onsets per cycle; plus the overlap's round-off
    x->tol[LT_Q_CYCLE_ENERGY] = kt * du * du / 4 / e + TOL_POSITION;
    x->why[LT_Q_CYCLE_ENERGY] = "onset of slip inside a step: <= kt du^2/8 per onset, two per cycle";
    x->value[LT_Q_CYCLE_STIFFNESS] = kt;
    x->tol[LT_Q_CYCLE_STIFFNESS] = TOL_FORMULA;
    x->why[LT_Q_CYCLE_STIFFNESS] = "constant stiffness: round-off";
    x->value[LT_Q_CYCLE_CAP] = cap;
    x->tol[LT_Q_CYCLE_CAP] = TOL_POSITION;
    x->why[LT_Q_CYCLE_CAP] = "radial return onto mu kn delta; the overlap from rounded positions";
}

const char *const mu_doc = "friction coefficient mu = tan(phi) (default: from the materials)";

const lt_param params[P_COUNT] = {
    {"kn", LT_REAL, NAN, 0, INFINITY, "N/m", "normal stiffness (default: from the materials)", nullptr},
    {"kt", LT_REAL, NAN, 0, INFINITY, "N/m", "tangential stiffness (default: kn times the materials' kt/kn)", nullptr},
    {"mu", LT_REAL, NAN, 0, INFINITY, "-", mu_doc, nullptr},
};
#if LT_LAW_API_VERSION >= 5
// Law API 5: kn and mu left unset come from the materials (the stiffness rule's kn, tanPhi);
// kt does not (kn times the materials' kt/kn: not the rule's kt when kn is given), so .meta
// writes it `unset` and no plot labels it with the rule's kt.  The #if keeps the file
// building against an older lawtester's header (law API 4).
const unsigned param_flags[P_COUNT] = {LT_PARAM_MATERIALS, 0, LT_PARAM_MATERIALS};
#endif
const char *const state_names[S_COUNT] = {"kn", "kt", "mu", "Fn", "Fty", "Ftz", "slip"};
const lt_energy_def energies[E_COUNT] = {
    {"elast", LT_STORED, "energy of the normal and tangential springs"},
    {"slip", LT_DISSIPATED, "energy dissipated by Coulomb sliding"},
};

constexpr lt_material GLASS_LIKE = {1e7, 0.25, 2600, 0.5, 0.5}; // Pa, -, kg/m^3, -, -

lt_case cycle_case(const char *name, const char *doc, int dof)
{
    return lt_case{
        .name = name,
        .doc = doc,
        .kind = LT_CASE_CYCLE,
        .set = {{"kn", 1e6}, {"kt", 5e5}, {"mu", 0.5}},
        .shape = {"sphere", "sphere"},
        .radius = {0.1, 0.1},
        .mat = {GLASS_LIKE, GLASS_LIKE},
        .fixed = {0, 0},
        .cycle = {.overlap = 1e-3, .amplitude = 3e-3, .speed = 1.0}, // m, m, m/s
        .steps = 3000,
        .dofs = nullptr,
        .converge = 0,
        .expect = cycle_expect,
        .along = nullptr,
        .along_tol = 0,
        .along_why = nullptr,
        .curve = nullptr,
        .dof = dof,
    };
}

const lt_case cases[] = {
    lt_case{
        .name = "normal-load",
        .doc = "Hooke: Fn = kn uN, elast = kn uN^2/2 along loading to 1 mm and unloading",
        .kind = LT_CASE_NORMAL,
        .set = {{"kn", 1e6}, {"kt", 5e5}, {"mu", 0.5}},
        .shape = {"sphere", "sphere"},
        .radius = {0.1, 0.1},
        .mat = {GLASS_LIKE, GLASS_LIKE},
        .fixed = {0, 0},
        .normal = {.overlap = 1e-3, .speed = 1.0}, // m, m/s
        .steps = 1000,
        .dofs = nullptr,
        .converge = 0,
        .expect = nullptr,
        .along = normal_along,
        .along_tol = TOL_FORMULA,
        .along_why = "closed form at the recorded uN: round-off",
        .curve = nullptr,
        .dof = 0,
    },
    cycle_case("cycle-y", "Coulomb loop on shear y at 1 mm overlap, +-3 mm: 4 Fy (ua - Fy/kt) per cycle", 1),
    cycle_case("cycle-z", "the same loop on shear z (isotropic in the contact plane)", 2),
};

const lt_yield yield = {
    .ft_max = yield_ft_max,
    .fn_max = yield_fn_max,
    .yielding = yield_yielding,
    .formula = "Coulomb: |Ft| = mu |Fn|, Fn <= 0",
    .excess = nullptr, // the (Fn, |Ft|) surface above, torques free
    .dofs = 0,
};

const lt_law law = {
    .api_version = LT_LAW_API_VERSION,
    .name = "cxx_coulomb_spring",
    .summary = "linear spring with Coulomb friction, a C++ class in a shared object (examples/plugin/cxx)",
    .params = params,
    .n_params = P_COUNT,
    .state_names = state_names,
    .n_state = S_COUNT,
    .energies = energies,
    .n_energies = E_COUNT,
    .init = law_init,
    .step = law_step,
    .check = nullptr,
    .cases = cases,
    .n_cases = static_cast<int>(sizeof cases / sizeof cases[0]),
    .yield = &yield,
#if LT_LAW_API_VERSION >= 5
    .friction = "mu", // the Coulomb coefficient is called mu here: the cone and the warnings use it
    .param_flags = param_flags,
    .state_arrays = nullptr,
    .n_state_arrays = 0,
#endif
};

} // namespace

// What lawtester looks up after dlopen (C linkage: the name is not mangled).
extern "C" {
extern const lt_law *const lt_plugin_laws[];
const lt_law *const lt_plugin_laws[] = {&law, nullptr};
}
