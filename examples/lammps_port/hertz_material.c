/* examples/lammps_port/hertz_material.c - LAMMPS's granular contact `hertz/material` (normal),
 * with its `damping` models and `tangential linear_nohistory`, ported as a lawtester plugin "as
 * it comes from a real code": the formulas of the LAMMPS documentation of pair_style granular,
 * nothing added.  Like LAMMPS it books no energies, and it brings no verify cases: lawtester's
 * checks that need no help from the law (passivity, restitution <= 1, zero force apart,
 * continuity at touch, objectivity, action-reaction) are what verifies it (README, "Validating
 * your own law"; docs/verify.md).
 *     make                                   (pkg-config finds <lawtester/law.h>)
 *     lawtester verify --law-lib ./hertz_material.so --law hertz_material [--sweep 16 -o out]
 *
 * Theory (SI; lawtester's signs: uN < 0 in overlap, v = velocity of B relative to A at the
 * contact point, the force returned acts on A, so compression is f[0] < 0):
 *   delta = -uN (m, the overlap), R = R_eff = (1/r_A + 1/r_B)^-1 (m, the curvature radii),
 *   E_eff = ((1 - nu_A^2)/E_A + (1 - nu_B^2)/E_B)^-1 (Pa; E, nu the parameters, each material's
 *   Young's modulus and Poisson's ratio where a parameter is unset), m_eff = m_A m_B/(m_A + m_B).
 *   a = sqrt(R delta) (m, the contact radius), k_n = 4/3 E_eff a (N/m)
 *   F_ne = 4/3 E_eff R^1/2 delta^3/2 = k_n delta       (N, > 0 repulsive)
 *   eta_n (kg/s) by `damping`:  velocity       eta_n0
 *                               mass_velocity  eta_n0 m_eff
 *                               viscoelastic   eta_n0 a m_eff            (LAMMPS's default)
 *                               tsuji          alpha(e) (m_eff k_n)^1/2,
 *     alpha(e) = 1.2728 - 4.2783 e + 11.087 e^2 - 22.348 e^3 + 27.467 e^4 - 18.022 e^5 + 4.8218 e^6
 *   F_n = F_ne - eta_n v_n   (v_n = v[0] < 0 approaching; LAMMPS's F_n,damp = -eta_n v_n,rel with
 *     its v_n,rel = (v_i - v_j).n, n from j to i: the same number for i = A); not clipped, so the
 *     total may pull at the end of a damped contact, as in LAMMPS.  f[0] = -F_n.
 *   tangential linear_nohistory: eta_t = x_gamma_t eta_n, F_t = min(mu |F_n|, eta_t |v_t|) along
 *     v_t (on A: dragged along B's relative motion; LAMMPS's -eta_t v_t,rel with v_t,rel of i
 *     relative to j).  No history, no torque of its own (the driver applies F_t's moment).
 * Parameters: LAMMPS passes the restitution coefficient of `damping tsuji` in eta_n0's place;
 * here it is a parameter of its own, `e` in [0, 1], so that each parameter has one unit and its
 * range (law API 5).  `damping` comes first: `verify --sweep` reads its corners with the first
 * parameter fastest, so the first corners cover all four damping models.
 * Energies: none (LAMMPS books none; verify's balance rows then say n/a, the driver's `unbooked`
 *   column is all the energy the contact absorbed).
 * Reference: the LAMMPS documentation, pair_style granular (hertz/material, damping, tangential
 *   linear_nohistory); Tsuji, Tanaka, Ishida (1992), Powder Technol. 71:239-250; Brilliantov et
 *   al. (1996), Phys. Rev. E 53:5382 (viscoelastic).
 */
#include <lawtester/law.h>
#include <math.h>
#include <stddef.h>

enum { P_DAMPING, P_ETA_N0, P_E_REST, P_X_GAMMA_T, P_MU, P_E, P_NU, P_COUNT };
enum { S_EEFF, S_REFF, S_COUNT };
enum { D_VELOCITY, D_MASS_VELOCITY, D_VISCOELASTIC, D_TSUJI };

static const char *const damping_choices[] = {"velocity", "mass_velocity", "viscoelastic", "tsuji", NULL};

/* Defaults: eta_n0 = 1e3 1/(s m), light viscoelastic damping of the generic checks' spheres
 * (generic-impact dissipates 3.5 % of its elastic scale; 1e6 makes that pair stick); e = 0.5;
 * x_gamma_t = 1 (LAMMPS's doc: the value of Marshall, Tsuji et al., Silbert et al.); mu = 0.5. */
static const lt_param hm_params[P_COUNT] = {
    [P_DAMPING] = {"damping", LT_CHOICE, D_VISCOELASTIC, 0, 3, "-",
                   "normal damping model: velocity|mass_velocity|viscoelastic|tsuji (LAMMPS's default viscoelastic)",
                   damping_choices},
    [P_ETA_N0] = {"eta_n0", LT_REAL, 1e3, 0, INFINITY, "by-damping",
                  "damping prefactor: kg/s (velocity), 1/s (mass_velocity), 1/(s m) (viscoelastic); unused by tsuji",
                  NULL},
    [P_E_REST] = {"e", LT_REAL, 0.5, 0, 1, "-", "restitution coefficient of damping tsuji (LAMMPS: in eta_n0's place)",
                  NULL},
    [P_X_GAMMA_T] = {"x_gamma_t", LT_REAL, 1, 0, INFINITY, "-", "tangential damping eta_t = x_gamma_t eta_n", NULL},
    [P_MU] = {"mu", LT_REAL, 0.5, 0, INFINITY, "-", "friction coefficient: |F_t| <= mu |F_n|", NULL},
    [P_E] = {"E", LT_REAL, NAN, 0, INFINITY, "Pa", "Young's modulus of both (default: each material's)", NULL},
    [P_NU] = {"nu", LT_REAL, NAN, -1, 0.5, "-", "Poisson's ratio of both (default: each material's)", NULL},
};
static const unsigned hm_param_flags[P_COUNT] = {[P_E] = LT_PARAM_MATERIALS, [P_NU] = LT_PARAM_MATERIALS};
static const char *const hm_state[S_COUNT] = {"Eeff", "Reff"};

static void hm_init(const double *p, const lt_contact *c, double *s)
{
    double compliance = 0;
    for (int i = 0; i < 2; i++) {
        double E = p[P_E] == p[P_E] ? p[P_E] : c->mat[i]->young;
        double nu = p[P_NU] == p[P_NU] ? p[P_NU] : c->mat[i]->poisson;
        compliance += (1 - nu * nu) / E;
    }
    s[S_EEFF] = 1 / compliance;
    s[S_REFF] = 1 / (1 / c->rcurv[0] + 1 / c->rcurv[1]);
}

/* Tsuji et al.'s fit of the damping ratio to the restitution coefficient, as LAMMPS's doc gives it. */
static double tsuji_alpha(double e)
{
    return 1.2728 - 4.2783 * e + 11.087 * pow(e, 2) - 22.348 * pow(e, 3) + 27.467 * pow(e, 4) - 18.022 * pow(e, 5) +
           4.8218 * pow(e, 6);
}

static int hm_step(const double *p, const lt_contact *c, double *s, lt_response *out)
{
    if (c->uN > 0) return 0;
    double delta = -c->uN, a = sqrt(s[S_REFF] * delta), meff = c->mstar;
    double kn = 4.0 / 3.0 * s[S_EEFF] * a;
    double fne = kn * delta;
    double eta_n;
    switch ((int)p[P_DAMPING]) {
    case D_VELOCITY: eta_n = p[P_ETA_N0]; break;
    case D_MASS_VELOCITY: eta_n = p[P_ETA_N0] * meff; break;
    case D_TSUJI: eta_n = tsuji_alpha(p[P_E_REST]) * sqrt(meff * kn); break;
    default: eta_n = p[P_ETA_N0] * a * meff; break;
    }
    double fn = fne - eta_n * c->v[0]; /* N, > 0 repulsive */
    double vt = hypot(c->v[1], c->v[2]), ft = fmin(p[P_MU] * fabs(fn), p[P_X_GAMMA_T] * eta_n * vt);
    double fty = vt > 0 ? ft * c->v[1] / vt : 0, ftz = vt > 0 ? ft * c->v[2] / vt : 0;
    lt_respond_force(out, -fn, fty, ftz, 1.5 * kn, 0); /* record the tangent dF_ne/ddelta = 2 E_eff a */
    return 1;
}

static const lt_law hertz_material = {
    .api_version = LT_LAW_API_VERSION,
    .name = "hertz_material",
    .summary = "LAMMPS granular hertz/material + damping + tangential linear_nohistory, ported (books no energies)",
    .params = hm_params,
    .n_params = P_COUNT,
    .state_names = hm_state,
    .n_state = S_COUNT,
    .init = hm_init,
    .step = hm_step,
    .friction = "mu",
    .param_flags = hm_param_flags,
};

const lt_law *const lt_plugin_laws[] = {&hertz_material, NULL};
