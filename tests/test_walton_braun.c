/* tests/test_walton_braun.c - the walton_braun law (laws/walton_braun.c) through the driver on a
 * normal load-unload-reload-unload path, and by hand: the force along the hysteresis loop
 * against the closed forms (loading line kn delta, unloading line kn/en^2 (delta - d0),
 * d0 = (1 - en^2) dmax), the recoverable elast, and the dissipated energy against the loop's
 * area (1 - en^2) kn dmax^2/2, which also equals the driver's work. */
#include "../laws/walton_braun.h"
#include "check.h"
#include "contact/registry.h"
#include "drive.h"
#include "hand.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define KN 1e6    /* N/m */
#define EN 0.5    /* - */
#define SPEED 1.0 /* m/s */
/* Fn and elast evaluated in double from the recorded uN: a few operations, round-off. */
#define TOL_ROUNDOFF 1e-12

static const lt_law *wb(void) { return lt_find_law("walton_braun"); }

/* The closed-form compressive force P >= 0 (N) at overlap delta (m) after the largest overlap
 * dmax (m, already including delta when on the loading line). */
static double loop_force(double delta, double dmax)
{
    if (delta >= dmax) return KN * delta;
    double d0 = (1 - EN * EN) * dmax, p = KN / (EN * EN) * (delta - d0);
    return p > 0 ? p : 0;
}

/* Two fixed spheres (drive.h's linear test with this law): load to 1 mm, unload to 0.85 mm (on
 * the unloading line, above d0 = 0.75 mm), reload to 1.5 mm (up the unloading line to 1 mm,
 * then the loading line), unload until the contact ends. */
static void test_loop_through_driver(void)
{
    const lt_law *law = wb();
    CHECK(law != NULL);
    if (!law) return;
    lt_test t = linear_test(v3(1, 0, 0), 1);
    t.law = law;
    for (int i = 0; i < law->n_params; i++) t.params[i] = law->params[i].def;
    t.params[WB_P_KN] = KN;
    t.params[WB_P_KT] = 5e5;
    t.params[WB_P_TANPHI] = 0.5;
    t.params[WB_P_EN] = EN;
    cond c[4] = {{COND_UN_BELOW, 0, -1e-3, 0, 0},
                 {COND_U_ABOVE, 0, -0.85e-3, 0, 0},
                 {COND_UN_BELOW, 0, -1.5e-3, 0, 0},
                 {COND_NO_CONTACT, 0, 0, 0, 0}};
    lt_stage st[4] = {stage("v.....", -SPEED, 0, 0, 0, 0, 0, &c[0]),
                      stage("v.....", SPEED, 0, 0, 0, 0, 0, &c[1]),
                      stage("v.....", -SPEED, 0, 0, 0, 0, 0, &c[2]),
                      stage("v.....", SPEED, 0, 0, 0, 0, 0, &c[3])};
    t.stages = st;
    t.n_stages = 4;
    recorded_run run;
    record_run(&t, &run);
    CHECK(run.rc == 0);
    int ne = law->n_energies;
    double dmax = 0, pmax = 0, fdev = 0, edev = 0, bdev = 0, plast = 0, work = 0, d1 = 0;
    int reloaded_on_unloading_line = 0;
    double kin0 = run.r.n ? run.r.s[0].energy[ne + LT_E_KIN] : 0;
    for (size_t i = 0; i < run.r.n; i++) {
        const lt_snapshot *s = &run.r.s[i];
        if (!s->contact) continue;
        double delta = -s->u[0];
        if (delta > dmax) dmax = delta;
        if (s->stage == 1) d1 = dmax;
        double p = loop_force(delta, dmax);
        if (s->stage == 3 && delta < d1 && p > 0) reloaded_on_unloading_line = 1;
        pmax = fmax(pmax, p);
        fdev = fmax(fdev, fabs(-s->f[0] - p));
        edev = fmax(edev, fabs(s->energy[WB_E_ELAST] - p * p / (2 * KN / (EN * EN))));
        plast = s->energy[WB_E_PLAST];
        /* the driver's work on the contact: its work less the bodies' kinetic energy and the
         * damping (verify's passivity, src/verify/verify_passivity.c), less the forming step's
         * share */
        work = s->energy[ne + LT_E_WORK] - (s->energy[ne + LT_E_KIN] - kin0) -
               s->energy[ne + LT_E_DAMP] - s->energy[ne + LT_E_FORM];
        bdev = fmax(bdev, fabs(work - plast - s->energy[WB_E_ELAST]));
    }
    CHECK(reloaded_on_unloading_line);
    CHECK(dmax > 1.5e-3 && d1 > 1e-3 && d1 < dmax);
    CHECK_ABS(fdev / pmax, 0, TOL_ROUNDOFF, "Fn along the loop against the closed form");
    double loop = 0.5 * (1 - EN * EN) * KN * dmax * dmax;
    CHECK_ABS(edev / loop, 0, TOL_ROUNDOFF, "elast = P^2/(2 kn/en^2) along the loop");
    /* the booked energies are the driver's work at every state (round-off of ~4000 steps) */
    CHECK_ABS(bdev / loop, 0, 1e-12, "work - form = elast + plast along the path");
    /* the dissipated energy is the loop's area, (1 - en^2) kn dmax^2/2, whatever the partial
     * unloading in between; two kinks fall inside steps (the reloading passing d1, the last
     * unloading reaching zero force), each within kun du^2/8 of the continuous work */
    double du = SPEED * t.dt, kink = 2 * KN / (EN * EN) * du * du / 8;
    CHECK_ABS(plast, loop, kink + 1e-12 * loop, "plast = the loop's area (1 - en^2) kn dmax^2/2");
    CHECK_ABS(work, loop, kink + 1e-12 * loop,
              "the driver's work over the closed cycle = the loop's area");
    free_run(&run);
}

/* By hand: en = 1 is the linear law's Hooke spring; with en < 1 the reloading from below dmax
 * climbs the unloading line back to (dmax, kn dmax) and continues on the loading line. */
static void test_by_hand(void)
{
    const lt_law *law = wb();
    CHECK(law != NULL);
    if (!law) return;
    double p[LT_MAX_PARAMS], s[LT_MAX_STATE] = {0};
    hand_params(law, p, KN, 5e5, 0.5);
    p[WB_P_EN] = EN;
    lt_contact c = hand_contact(-1e-3, 0, 0, 0, 1e-6);
    c.fresh = 1;
    law->init(p, &c, s);
    lt_response r = {0};
    CHECK(law->step(p, &c, s, &r) == 1);
    CHECK_REL(r.f[0], -KN * 1e-3, TOL_ROUNDOFF, "loading line: Fn = kn uN");
    CHECK_REL(r.energy[WB_E_PLAST], 0.5 * (1 - EN * EN) * KN * 1e-6, TOL_ROUNDOFF,
              "first step: the loop's share");
    CHECK_REL(s[WB_S_D0], (1 - EN * EN) * 1e-3, TOL_ROUNDOFF,
              "residual overlap d0 = (1 - en^2) dmax");
    c.fresh = 0;
    c.uN = -0.9e-3;
    law->step(p, &c, s, &r);
    CHECK_REL(r.f[0], -KN / (EN * EN) * (0.9e-3 - 0.75e-3), TOL_ROUNDOFF, "unloading line");
    CHECK_REL(r.k[0], KN / (EN * EN), TOL_ROUNDOFF, "reported slope kn/en^2 on the unloading line");
    c.uN = -0.7e-3;
    law->step(p, &c, s, &r);
    CHECK(r.f[0] == 0 && r.k[0] == 0);
    c.uN = -1e-3; /* reloaded: back at (dmax, kn dmax) on the unloading line */
    law->step(p, &c, s, &r);
    CHECK_REL(r.f[0], -KN * 1e-3, TOL_ROUNDOFF, "reloading meets the loading line at dmax");
    c.uN = -1.2e-3;
    law->step(p, &c, s, &r);
    CHECK_REL(r.f[0], -KN * 1.2e-3, TOL_ROUNDOFF, "beyond dmax: the loading line");
    CHECK_REL(s[WB_S_DMAX], 1.2e-3, TOL_ROUNDOFF, "dmax follows");
    p[WB_P_EN] = 1;
    memset(s, 0, sizeof(double) * LT_MAX_STATE);
    c.fresh = 1;
    law->init(p, &c, s);
    law->step(p, &c, s, &r);
    c.fresh = 0;
    c.uN = -0.4e-3;
    law->step(p, &c, s, &r);
    CHECK_REL(r.f[0], -KN * 0.4e-3, TOL_ROUNDOFF, "en = 1: Hooke on unloading too");
}

const test_case walton_braun_tests[] = {
    TEST(loop_through_driver),
    TEST(by_hand),
    {0, 0},
};
