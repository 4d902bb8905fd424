/* tests/test_thornton_md.c - thornton's `md` tangential rule (laws/kit/tangential.h on the current
 * elastic curve), the law stepped directly on hand-made paths:
 *   - below yield, thornton + md is hertz_mindlin + md (en = 1): the same forces, tangential
 *     stiffness, slip and kvar energies, bit for bit, on an oblique path whose overlap loads and
 *     unloads while the tangential displacement turns (partial slip, gross slip, released cells);
 *     the md impact of the case md-stick-elastic (tanPhi = 1e3) against hertz_mindlin's noSlip;
 *   - after plastic loading, strictly below the largest overlap on the unloading curve, a
 *     Cattaneo-Mindlin cycle at held overlap: its energy is Mindlin & Deresiewicz's with the
 *     force P and contact radius a of that curve (a Hertz contact of radius R_p);
 *   - on a plastic oblique path (loading past delta_y, unloading, reloading under a turning
 *     tangential displacement) the energies balance at every step and |Ft| <= tanPhi |Fn|.
 * Steel spheres of laws/thornton_cases.c: E* = 1.0989e11 Pa, G* = 2.2624e10 Pa, R* = 2.5 mm,
 * p_y = 1 GPa (delta_y = 5.108e-7 m).  Units SI; signs of include/lawtester/law.h (Fn on A:
 * compression
 * negative). */
#include "../laws/hertz_mindlin.h"
#include "../laws/kit/closed_mindlin.h"
#include "../laws/kit/effective.h"
#include "../laws/thornton.h"
#include "check.h"
#include "contact/registry.h"
#include <math.h>
#include <string.h>

/* round-off of sums over ~1e4 steps, relative to the largest energy of the run */
#define TOL_BALANCE 1e-9
/* the md rule at 160 cells: hertz_mindlin's cycle energy measured within 7e-5 (ua = 0.75 c0) and
 * 7e-6 (2 c0), second order in the cell length; the same rule on the R_p curve: 1e-4 */
#define TOL_MD_CELLS 1e-4
/* two evaluations of one quantity whose operations differ in order: a few ulp */
#define TOL_ROUNDOFF 1e-13

static const double ESTAR = 2.0e11 / (2 * (1 - 0.09)), GSTAR = 2.0e11 / (2 * 1.3) / (2 * 1.7),
                    RSTAR = 2.5e-3;
static const double PY = 1e9, MU = 0.3;

static const lt_law *th(void) { return lt_find_law("thornton"); }
static const lt_law *hm(void) { return lt_find_law("hertz_mindlin"); }

static lt_material steel = {2e11, 0.3, 7800, 0.5, 0.3}; /* E*, G*, R*, mu are given */

static void th_params(double *p, double py)
{
    const lt_law *law = th();
    for (int i = 0; i < law->n_params; i++) p[i] = law->params[i].def;
    p[TH_P_ESTAR] = ESTAR, p[TH_P_RSTAR] = RSTAR, p[TH_P_PY] = py, p[TH_P_GSTAR] = GSTAR,
    p[TH_P_TANPHI] = MU;
}

static lt_contact contact(void)
{
    lt_contact c;
    memset(&c, 0, sizeof c);
    c.mat[0] = c.mat[1] = &steel;
    c.rcurv[0] = c.rcurv[1] = 2 * RSTAR;
    c.mstar = 1e-3, c.tanPhi = MU, c.dt = 1e-6;
    return c;
}

/* An oblique path of n steps from touch: the overlap delta = dmax g(i/n) rises to dmax
 * (s = 1/4), falls to 0.4 dmax (1/2), rises beyond dmax to 1.05 dmax (3/4) and falls again,
 * g(s) = min(1, 4 s) (0.7 + 0.3 cos(4 pi (s - 1/4))) (1 + 0.2 max(0, s - 1/2)), while the
 * tangential velocity turns (y and z of different periods), amplitude vt (m/s). */
static double path_g(double s)
{
    return fmin(1, 4 * s) * (0.7 + 0.3 * cos(4 * LT_TEST_PI * (s - 0.25))) *
           (1 + 0.2 * fmax(0, s - 0.5));
}

static void oblique_path(int i, int n, double dmax, double vt, double dt, double *uN, double v[3])
{
    double s = (double)i / n;
    *uN = -dmax * path_g(s);
    v[0] = (*uN + dmax * path_g((double)(i - 1) / n)) / dt;
    v[1] = vt * cos(2 * LT_TEST_PI * 3 * s);
    v[2] = 0.6 * vt * sin(2 * LT_TEST_PI * 2.2 * s);
}

/* Below yield the two laws are one: forces, kt, the tangential energies identical. */
static void test_elastic_equals_hertz_mindlin(void)
{
    const lt_law *t = th(), *h = hm();
    CHECK(t && h);
    if (!t || !h) return;
    double pt[LT_MAX_PARAMS], ph[LT_MAX_PARAMS], st[LT_MAX_STATE] = {0}, sh[LT_MAX_STATE] = {0};
    th_params(pt, PY);
    CHECK(pt[TH_P_TANGENTIAL] == LT_TANGENTIAL_MD); /* md by default */
    for (int i = 0; i < h->n_params; i++) ph[i] = h->params[i].def;
    ph[HM_P_ESTAR] = ESTAR, ph[HM_P_GSTAR] = GSTAR, ph[HM_P_RSTAR] = RSTAR, ph[HM_P_TANPHI] = MU;
    CHECK(ph[HM_P_TANGENTIAL] == LT_TANGENTIAL_MD && ph[HM_P_EN] == 1);
    lt_th_model m = lt_th_model_of(ESTAR, RSTAR, PY);
    double dmax = 0.9 * m.dy, dt = 1e-6;
    /* vt: a tangential displacement per step of 6e-4 of the full-slip displacement mu F/kt =
     * mu E* delta/(6 G*) at dmax, a few hundred steps per leg of the turning path: partial slip,
     * and gross slip where the overlap falls */
    double vt = 0.04 * MU * ESTAR * dmax / (4 * GSTAR) / (dt * 100);
    lt_contact ct = contact(), ch = contact();
    ct.dt = ch.dt = dt;
    const int n = 6000;
    int identical = 1, slid = 0, gross = 0;
    double eldev = 0, released = 0;
    for (int i = 1; i <= n; i++) {
        double uN, v[3];
        oblique_path(i, n, dmax, vt, dt, &uN, v);
        ct.uN = ch.uN = uN, ct.fresh = ch.fresh = i == 1;
        memcpy(ct.v, v, sizeof v), memcpy(ch.v, v, sizeof v);
        if (i == 1) t->init(pt, &ct, st), h->init(ph, &ch, sh);
        lt_response rt, rh;
        memset(&rt, 0, sizeof rt), memset(&rh, 0, sizeof rh);
        CHECK(t->step(pt, &ct, st, &rt) == 1 && h->step(ph, &ch, sh, &rh) == 1);
        for (int k = 0; k < 3; k++) identical &= rt.f[k] == rh.f[k];
        identical &= rt.k[1] == rh.k[1] && rt.energy[TH_E_FRIC] == rh.energy[HM_E_PLAST];
        identical &= rt.energy[TH_E_KVAR] == rh.energy[HM_E_KVAR] && st[TH_S_MD_N] == sh[HM_S_MD_N];
        identical &= rt.energy[TH_E_PLAST] == 0;
        eldev = fmax(eldev,
                     fabs(rt.energy[TH_E_ELAST] - rh.energy[HM_E_ELAST]) / rh.energy[HM_E_ELAST]);
        slid += rt.energy[TH_E_FRIC] > 0, gross += st[TH_S_YIELD] != 0,
            released += rt.energy[TH_E_KVAR];
        CHECK(st[TH_S_DMAX] < m.dy);
    }
    CHECK_MSG(identical, "thornton + md below yield differs from hertz_mindlin + md");
    /* the normal stored energy: (2/5) K delta^{5/2} in two operation orders */
    CHECK_ABS(eldev, 0, TOL_ROUNDOFF, "elast, thornton against hertz_mindlin");
    /* the path exercises what it claims: slip, gross slip, and cells released by unloading */
    CHECK_MSG(slid > 100 && gross > 0 && released > 0, "path: %d slipping steps, %d gross, kvar %g",
              slid, gross, released);
    printf("     %d steps, %d with slip, %d in gross slip: identical; elast within %.1e\n", n, slid,
           gross, eldev);
}

/* A sphere on a wall (I = 2/5 m r^2, the wall fixed) at vn, vt: leapfrog of the contact point's
 * normal and tangential relative motion, tangential effective mass m/3.5; returns vt after. */
static double stick_impact(const lt_law *law, const double *p, double r, double m, double vn,
                           double vt, int steps)
{
    double s[LT_MAX_STATE] = {0};
    lt_contact c;
    memset(&c, 0, sizeof c);
    lt_material glass = {7.0e10, 0.25, 2500, 0.5, 0}, alumina = {3.8e11, 0.23, 4000, 0.5, 0};
    c.mat[0] = &glass, c.mat[1] = &alumina, c.rcurv[0] = INFINITY, c.rcurv[1] = r, c.mstar = m;
    double estar = 1 / ((1 - 0.0625) / 7e10 + (1 - 0.0529) / 3.8e11), K = 4.0 / 3 * estar * sqrt(r);
    double d0 = pow(1.25 * m * vn * vn / K, 0.4), dt = 2.943275 * d0 / vn / steps;
    c.dt = dt;
    double x = 0.5 * vn * dt, vel = -vn, vc = vt,
           vcen = vt; /* uN; normal, contact point, centre velocities */
    int fresh = 1;
    for (int i = 0; i < 10 * steps; i++) {
        x += vel * dt;
        double fn = 0, ft = 0;
        if (x <= 0) {
            c.uN = x, c.v[0] = vel, c.v[1] = vc, c.v[2] = 0, c.fresh = fresh;
            if (fresh) law->init(p, &c, s);
            fresh = 0;
            lt_response out;
            memset(&out, 0, sizeof out);
            law->step(p, &c, s, &out);
            fn = out.f[0], ft = out.f[1];
        } else if (!fresh) {
            break;
        }
        /* force on A (the wall) f: on B -f; the contact point of B moves with 3.5 times the
         * centre's tangential acceleration (1 + 1/(2/5)) */
        vel += -fn / m * dt;
        vcen += -ft / m * dt;
        vc += -3.5 * ft / m * dt;
    }
    return vcen;
}

/* The case md-stick-elastic: tanPhi = 1e3 instead of noSlip, measured against hertz_mindlin's
 * noSlip on the same impact (and both against the superposition's vt'). */
static void test_stick_impact_against_noslip(void)
{
    const lt_law *t = th(), *h = hm();
    CHECK(t && h);
    if (!t || !h) return;
    double r = 2.5e-3, m = 4.0 / 3 * LT_TEST_PI * r * r * r * 4000, vn = 1e-3, vt = 1e-4;
    double pt[LT_MAX_PARAMS], ph[LT_MAX_PARAMS];
    for (int i = 0; i < t->n_params; i++) pt[i] = t->params[i].def;
    for (int i = 0; i < h->n_params; i++) ph[i] = h->params[i].def;
    pt[TH_P_PY] = 2e8, pt[TH_P_TANPHI] = 1e3;
    ph[HM_P_NOSLIP] = 1, ph[HM_P_TANGENTIAL] = LT_TANGENTIAL_MD;
    double vt_th = stick_impact(t, pt, r, m, vn, vt, 2000),
           vt_hm = stick_impact(h, ph, r, m, vn, vt, 2000);
    lt_material glass = {7.0e10, 0.25, 2500, 0.5, 0}, alumina = {3.8e11, 0.23, 4000, 0.5, 0};
    double kappa =
        4 * lt_effective_shear_modulus(&glass, &alumina) / lt_effective_modulus(&glass, &alumina);
    double rho = lt_mindlin_stick_ratio(kappa, 0.4, 40000), expect = vt * (1 - (1 - rho) / 3.5);
    /* measured: the same bits (no cell reaches its limit at tanPhi = 1e3) */
    CHECK_ABS(vt_th - vt_hm, 0, 0, "tanPhi = 1e3 against noSlip");
    CHECK_REL(vt_th, expect, 1e-4, "vt' against the superposition (2000 steps, 160 cells)");
    printf("     vt': thornton tanPhi = 1e3 %.12e, hertz_mindlin noSlip %.12e (%.1e), "
           "superposition %.1e\n",
           vt_th, vt_hm, vt_th / vt_hm - 1, vt_th / expect - 1);
}

/* Plastic loading to dmax, unloading to delta on the R_p curve (no tangential motion), then at
 * held delta the cycle 0 -> ua -> -ua -> ua in n steps per amplitude. */
typedef struct cycle_result {
    double energy, work, P, a, balance;
} cycle_result;

static cycle_result cycle_below_dmax(double dmax, double delta, double ua_c0, int n)
{
    const lt_law *law = th();
    double p[LT_MAX_PARAMS], s[LT_MAX_STATE] = {0};
    th_params(p, PY);
    lt_contact c = contact();
    c.dt = 1;
    lt_response r;
    const int legs = 1000;
    for (int i = 1; i <= 2 * legs; i++) { /* up to dmax, down to delta */
        double d = i <= legs ? dmax * i / legs : dmax + (delta - dmax) * (i - legs) / legs;
        double dprev = -c.uN;
        c.uN = -d, c.v[0] = -(d - dprev), c.fresh = i == 1;
        if (c.fresh) law->init(p, &c, s);
        law->step(p, &c, s, &r);
    }
    lt_th_model m = lt_th_model_of(ESTAR, RSTAR, PY);
    lt_th_unload u = lt_th_unloading(&m, dmax);
    cycle_result o = {0, 0, -r.f[0], lt_th_contact_radius(&u, delta), 0};
    double c0 = lt_mindlin_c0(MU, o.P, GSTAR, o.a), du = ua_c0 * c0 / n, f0 = 0,
           el0 = r.energy[TH_E_ELAST];
    double elmax = 0, bal = 0;
    c.v[0] = 0, c.fresh = 0;
    for (int leg = 0; leg < 3; leg++) {
        double sg = leg == 1 ? -1 : 1;
        for (int i = 0; i < (leg ? 2 * n : n); i++) {
            c.v[1] = sg * du;
            law->step(p, &c, s, &r);
            double dw = 0.5 * (f0 + r.f[1]) * sg * du;
            double diss = r.energy[TH_E_PLAST] + r.energy[TH_E_FRIC] + r.energy[TH_E_KVAR] +
                          r.energy[TH_E_QUAD];
            bal += dw - (r.energy[TH_E_ELAST] - el0) - diss;
            el0 = r.energy[TH_E_ELAST], elmax = fmax(elmax, el0), f0 = r.f[1];
            if (leg) o.energy += r.energy[TH_E_FRIC] + r.energy[TH_E_KVAR], o.work += dw;
            o.balance = fmax(o.balance, fabs(bal));
        }
    }
    o.balance /= elmax;
    return o;
}

static void test_cycle_on_unloading_curve(void)
{
    CHECK(th() != NULL);
    if (!th()) return;
    lt_th_model m = lt_th_model_of(ESTAR, RSTAR, PY);
    double dmax = 4 * m.dy;
    lt_th_unload u = lt_th_unloading(&m, dmax);
    double delta = u.dp + 0.6 * (dmax - u.dp); /* on the unloading curve, below dmax */
    const double ratios[] = {0.75, 2.0};
    for (int i = 0; i < 2; i++) {
        cycle_result o = cycle_below_dmax(dmax, delta, ratios[i], 2000);
        double x = delta - u.dp, P = 4.0 / 3 * ESTAR * sqrt(u.rp) * x * sqrt(x);
        CHECK_REL(o.P, P, TOL_ROUNDOFF, "the held force is the R_p curve's");
        CHECK_REL(o.a, sqrt(u.rp * x), TOL_ROUNDOFF, "a = sqrt(R_p (delta - delta_p))");
        double W = lt_mindlin_cycle_energy(MU, P, GSTAR, o.a,
                                           ratios[i] * lt_mindlin_c0(MU, P, GSTAR, o.a));
        CHECK_REL(o.energy, W, TOL_MD_CELLS,
                  "cycle energy: Mindlin & Deresiewicz with P, a of the R_p curve");
        CHECK_REL(o.energy, o.work, TOL_BALANCE, "dissipated over the cycle = work of the loop");
        CHECK_MSG(o.balance <= TOL_BALANCE, "balance/elast %g", o.balance);
        printf("     below dmax (delta = dp + 0.6 (dmax - dp)), ua = %.2f c0: energy %.10e (MD "
               "%.10e, %.1e)\n",
               ratios[i], o.energy, W, o.energy / W - 1);
    }
}

/* A plastic oblique path: the balance at every step, Coulomb, and plastic work booked only while
 * the largest overlap grows. */
static void test_plastic_oblique_balance(void)
{
    const lt_law *law = th();
    CHECK(law != NULL);
    if (!law) return;
    double p[LT_MAX_PARAMS], s[LT_MAX_STATE] = {0};
    th_params(p, PY);
    lt_th_model m = lt_th_model_of(ESTAR, RSTAR, PY);
    double dmax = 6 * m.dy, dt = 1e-6, vt = 0.04 * MU * ESTAR * dmax / (4 * GSTAR) / (dt * 100);
    lt_contact c = contact();
    c.dt = dt;
    const int n = 6000;
    double elast0 = 0, fn0 = 0, ft0[2] = {0, 0}, uN0 = 0, bal = 0, worst = 0, elmax = 0,
           coulomb = 0, plast = 0;
    int slid = 0;
    for (int i = 1; i <= n; i++) {
        double v[3];
        oblique_path(i, n, dmax, vt, dt, &c.uN, v);
        memcpy(c.v, v, sizeof v), c.fresh = i == 1;
        if (c.fresh) law->init(p, &c, s), uN0 = c.uN - v[0] * dt;
        lt_response r;
        memset(&r, 0, sizeof r);
        CHECK(law->step(p, &c, s, &r) == 1);
        /* the driver's trapezoid work: normal over duN, tangential over v dt */
        double w = 0.5 * (fn0 + r.f[0]) * (c.uN - uN0) +
                   0.5 * ((ft0[0] + r.f[1]) * v[1] + (ft0[1] + r.f[2]) * v[2]) * dt;
        double booked = r.energy[TH_E_ELAST] - elast0 + r.energy[TH_E_PLAST] + r.energy[TH_E_FRIC] +
                        r.energy[TH_E_KVAR] + r.energy[TH_E_QUAD];
        bal += w - booked;
        worst = fmax(worst, fabs(bal));
        elast0 = r.energy[TH_E_ELAST], elmax = fmax(elmax, elast0);
        fn0 = r.f[0], ft0[0] = r.f[1], ft0[1] = r.f[2], uN0 = c.uN;
        coulomb = fmax(coulomb, hypot(r.f[1], r.f[2]) - MU * fabs(r.f[0]) * (1 + 1e-12));
        plast += r.energy[TH_E_PLAST], slid += r.energy[TH_E_FRIC] > 0;
        CHECK(r.energy[TH_E_PLAST] >= 0 && r.energy[TH_E_FRIC] >= 0);
    }
    CHECK(s[TH_S_DMAX] > 2 * m.dy && plast > 0 && slid > 100);
    CHECK_ABS(worst / elmax, 0, TOL_BALANCE,
              "work = d elast + plast + fric + kvar + quad at every step");
    CHECK_ABS(coulomb, 0, 0, "|Ft| <= tanPhi |Fn| (round-off margin 1e-12)");
    printf("     plastic oblique path (delta_max = %.1f delta_y): balance %.1e of the largest "
           "elast, %d steps with slip\n",
           s[TH_S_DMAX] / m.dy, worst / elmax, slid);
}

const test_case thornton_md_tests[] = {
    TEST(elastic_equals_hertz_mindlin),
    TEST(stick_impact_against_noslip),
    TEST(cycle_on_unloading_curve),
    TEST(plastic_oblique_balance),
    {0, 0},
};
