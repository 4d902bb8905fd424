/* tests/test_probe.c - yield probing (src/probe.h) against the analytic surfaces, through the C
 * API: for every probed direction, the recorded yield point (the last elastic state) lies on the
 * force ray before the surface and within one step's force increment dF of it, the ray's exit
 * point P* being computed here from the surfaces' closed forms (not from the laws' functions):
 *     0 <= s* - s <= du   and   |P - P*| <= dF,
 * s the displacement along the direction, du = limit/steps; a direction that does not yield
 * has its exit beyond the limit.  Laws: linear (Coulomb cone, tip at Fn = 0), cohesive with the
 * Mohr-Coulomb cut-off and the elliptic cap, breaking and flowing, from an initial overlap and
 * from a sheared state; pure tension, pure shear and compression-shear are all among the 72
 * directions.  The energy balance of every direction (breakage included) stays <= 1e-9 of the
 * energy scale, and sharded probes give the same points as one probe. */
#include "../src/probe.h"
#include "../src/registry.h"
#include "check.h"
#include "drive.h"
#include <stdlib.h>

/* Force round-off: ~2000 incremental steps of forces of order 100 N accumulate ~1e-11 N; the
 * positions behind uN round at 1e-16 of 0.2 m times kn = 1e6 N/m: 2e-11 N.  1e-9 N is far above
 * both and far below the increments dF (>= 0.05 N) that the bound is about. */
#define TOL_FORCE 1e-9
/* Energy balance per direction, as the issue on energies demands of every run. */
#define TOL_BALANCE 1e-9

typedef struct surface {
    int kind;          /* 0 Coulomb cone (linear), 1 Mohr-Coulomb + cut-off, 2 elliptic cap */
    double mu, c, rt;  /* -, N, N (rt: the tip, min(Rt, c/mu)) */
} surface;

static double g_line(const surface *S, double fn) { return S->c - S->mu * fn; }

/* Does the point lie on the boundary piece (within round-off of the acceptance test)? */
static int in_piece(const surface *S, int piece, double fn, double ft)
{
    double xt = S->kind == 2 ? S->mu * S->rt * S->rt / S->c : S->rt;
    double eps = 1e-12 * (fabs(fn) + fabs(ft) + S->c + 1);
    if (piece == 0) return fn <= xt + eps;              /* the lines */
    if (piece == 1) return fn >= xt - eps;              /* the ellipse */
    return fabs(ft) <= g_line(S, S->rt) + eps;          /* the cut-off at the tip */
}

/* First s > 0 where F0 + s d leaves the domain; INFINITY if never. */
static double exit_s(const surface *S, const double F0[2], const double d[2])
{
    double best = INFINITY;
    for (int sign = -1; sign <= 1; sign += 2) { /* sign Ft = c - mu Fn */
        double a = sign * d[1] + S->mu * d[0], b = S->c - (sign * F0[1] + S->mu * F0[0]);
        if (a > 0) {
            double s = b / a;
            if (s >= 0 && s < best && in_piece(S, 0, F0[0] + s * d[0], F0[1] + s * d[1])) best = s;
        }
    }
    if (d[0] > 0) { /* the tip Fn = rt */
        double s = (S->rt - F0[0]) / d[0];
        if (s >= 0 && s < best && (S->kind != 2) && in_piece(S, 2, S->rt, F0[1] + s * d[1])) best = s;
    }
    if (S->kind == 2) { /* (Fn/rt)^2 + (Ft/B)^2 = 1, the larger root */
        double B2 = S->c * S->c - S->mu * S->mu * S->rt * S->rt, r2 = S->rt * S->rt;
        double qa = d[0] * d[0] / r2 + d[1] * d[1] / B2, qb = 2 * (F0[0] * d[0] / r2 + F0[1] * d[1] / B2);
        double qc = F0[0] * F0[0] / r2 + F0[1] * F0[1] / B2 - 1, disc = qb * qb - 4 * qa * qc;
        if (qa > 0 && disc >= 0) {
            double s = (-qb + sqrt(disc)) / (2 * qa);
            if (s >= 0 && s < best && in_piece(S, 1, F0[0] + s * d[0], F0[1] + s * d[1])) best = s;
        }
    }
    return best;
}

typedef struct probe_case {
    const char *what;
    lt_test test;
    lt_probe_opts o;
    surface S;
} probe_case;

static void check_probe(probe_case *pc, int expect_broken, double *worst_ratio)
{
    lt_probe p;
    char err[600];
    int rc = lt_probe_run(&p, &pc->test, &pc->o, err, sizeof err);
    CHECK_MSG(rc == 0, "%s: %s", pc->what, err);
    if (rc) return;
    CHECK(p.n_points == pc->o.directions);
    const lt_tester *t0 = p.start;
    double F0[2] = {t0->resp.f[0], t0->resp.f[1]}, kn = t0->resp.k[0], kt = t0->resp.k[1];
    double du = pc->o.limit / (double)pc->o.steps;
    double scale = fmax(t0->energy[0], 1e-12); /* elast of the initial state, J */
    int yielded = 0;
    for (int i = 0; i < p.n_points; i++) {
        const lt_probe_point *pt = &p.points[i];
        double d[2] = {kn * pt->dir[0], kt * pt->dir[1]}; /* N per m along the direction */
        double s_star = exit_s(&pc->S, F0, d);
        double s = pt->steps * du;
        double P[2] = {pt->f[0], pt->f[1]}, Pstar[2] = {F0[0] + s_star * d[0], F0[1] + s_star * d[1]};
        /* the recorded force is the elastic ray's at s (the ray assumption) */
        CHECK_MSG(hypot(P[0] - F0[0] - s * d[0], P[1] - F0[1] - s * d[1]) <= TOL_FORCE * 100,
                  "%s k=%d: recorded force off the elastic ray", pc->what, pt->k);
        if (pt->yielded) {
            yielded++;
            double dist = hypot(P[0] - Pstar[0], P[1] - Pstar[1]);
            CHECK_MSG(s <= s_star * (1 + 1e-12) && s_star - s <= du * (1 + 1e-9),
                      "%s k=%d: s = %.17g, exit s* = %.17g, du = %g", pc->what, pt->k, s, s_star, du);
            CHECK_MSG(dist <= pt->dF + TOL_FORCE, "%s k=%d: |P - P*| = %.6g N > dF = %.6g N", pc->what, pt->k, dist,
                      pt->dF);
            /* inside the law's own surface, and its distance along the ray from the law's
             * function agrees with the closed forms' */
            CHECK_MSG(pt->gap >= -TOL_FORCE, "%s k=%d: outside the law's surface by %.6g N", pc->what, pt->k, -pt->gap);
            CHECK_MSG(fabs(pt->dist - dist) <= 1e-6 * pt->dF, "%s k=%d: dist %.9g N, closed forms %.9g N", pc->what,
                      pt->k, pt->dist, dist); /* bisection to 1e-9 dF; the closed forms' round-off */
            if (expect_broken >= 0) CHECK_MSG(pt->broken == expect_broken, "%s k=%d: broken %d", pc->what, pt->k, pt->broken);
            if (worst_ratio && dist / pt->dF > *worst_ratio) *worst_ratio = dist / pt->dF;
        } else {
            CHECK_MSG(s_star >= pc->o.limit - du * (1 + 1e-9), "%s k=%d: no yield, but the surface is at s* = %.6g < %.6g",
                      pc->what, pt->k, s_star, pc->o.limit);
            CHECK(isnan(pt->dist));
        }
        CHECK_MSG(fabs(pt->balance) <= TOL_BALANCE * fmax(fabs(pt->work), scale), "%s k=%d: balance %.3g J, work %.3g J",
                  pc->what, pt->k, pt->balance, pt->work);
    }
    CHECK_MSG(yielded >= pc->o.directions / 2, "%s: only %d directions yielded", pc->what, yielded);
    /* the three named directions of the issue: pure tension, pure shear, compression-shear (120 deg) */
    CHECK_MSG(p.points[0].yielded && p.points[0].dir[0] == 1 && p.points[0].dir[1] == 0, "%s: pure tension", pc->what);
    CHECK_MSG(p.points[18].yielded && p.points[18].dir[0] == 0 && p.points[18].dir[1] == 1, "%s: pure shear", pc->what);
    CHECK_MSG(p.points[24].yielded && p.points[24].dir[0] < 0 && p.points[24].dir[1] > 0, "%s: compression-shear",
              pc->what);
    lt_probe_free(&p);
}

static lt_probe_opts opts(double limit)
{
    lt_probe_opts o = {0};
    o.directions = 72;
    o.limit = limit;
    o.steps = 2000;
    o.shard = o.shards = 1;
    return o;
}

/* cohesive: kn 1e6, kt 5e5, mu 0.5, Rt 40 N, c 30 N, from an overlap of 1e-5 m (Fn = -10 N). */
static probe_case cohesive_case(const char *what, int surf, int plastic)
{
    probe_case pc;
    pc.what = what;
    pc.test = lt_default_test();
    pc.test.law = lt_find_law("cohesive");
    for (int i = 0; i < pc.test.law->n_params; i++) pc.test.params[i] = pc.test.law->params[i].def;
    double p[] = {1e6, 5e5, 0.5, 40, 30, surf, plastic};
    memcpy(pc.test.params, p, sizeof p);
    pc.test.gap = -1e-5;
    pc.test.record_every = 0;
    pc.o = opts(2e-4);
    pc.S = (surface){surf == 1 ? 2 : 1, 0.5, 30, 40};
    return pc;
}

static void test_linear_coulomb(void)
{
    probe_case pc;
    pc.what = "linear";
    pc.test = linear_test(v3(0, 0, 1), 0);
    pc.test.params[2] = 0.5;
    pc.test.gap = -1e-4;
    pc.test.record_every = 0;
    pc.o = opts(1e-3);
    pc.S = (surface){0, 0.5, 0, 0};
    double worst = 0;
    check_probe(&pc, -1, &worst);
    printf("     linear: worst |P - P*| / dF = %.3f\n", worst);
}

static void test_cohesive_mohr_coulomb_breaking(void)
{
    probe_case pc = cohesive_case("cohesive mohr-coulomb", 0, 0);
    double worst = 0;
    check_probe(&pc, 1, &worst);
    printf("     cohesive mohr-coulomb: worst |P - P*| / dF = %.3f\n", worst);
}

static void test_cohesive_elliptic_breaking(void)
{
    probe_case pc = cohesive_case("cohesive elliptic", 1, 0);
    double worst = 0;
    check_probe(&pc, 1, &worst);
    printf("     cohesive elliptic: worst |P - P*| / dF = %.3f\n", worst);
}

static void test_cohesive_elliptic_plastic(void)
{
    probe_case pc = cohesive_case("cohesive elliptic plastic", 1, 1);
    check_probe(&pc, 0, NULL);
}

/* From a state reached by the test's own stages: compress to 2e-5 m, shear by 2e-5 m
 * (F0 = (-20, 10) N), so the rays start off the axis. */
static void test_cohesive_from_stages(void)
{
    probe_case pc = cohesive_case("cohesive after stages", 0, 0);
    pc.test.gap = 0;
    cond c[2] = {{COND_STEPS, 0, 0, 200, 0}, {COND_STEPS, 0, 0, 200, 0}};
    lt_stage st[2] = {stage("vvvvvv", -0.1, 0, 0, 0, 0, 0, &c[0]), stage("vvvvvv", 0, 0.1, 0, 0, 0, 0, &c[1])};
    pc.test.stages = st;
    pc.test.n_stages = 2;
    check_probe(&pc, 1, NULL);
}

/* Shards: the union of 3 shards is the single probe, point for point, bit for bit. */
static void test_shards_union_is_the_whole(void)
{
    probe_case pc = cohesive_case("shards", 0, 0);
    pc.o.directions = 30;
    lt_probe whole, part;
    char err[600];
    CHECK(lt_probe_run(&whole, &pc.test, &pc.o, err, sizeof err) == 0);
    int seen = 0;
    for (int k = 1; k <= 3; k++) {
        pc.o.shard = k, pc.o.shards = 3;
        CHECK(lt_probe_run(&part, &pc.test, &pc.o, err, sizeof err) == 0);
        for (int i = 0; i < part.n_points; i++) {
            const lt_probe_point *a = &part.points[i], *b = &whole.points[a->k];
            CHECK(a->k % 3 == k - 1);
            CHECK_MSG(memcmp(a, b, sizeof *a) == 0, "shard %d, direction %d differs from the single probe", k, a->k);
            seen++;
        }
        lt_probe_free(&part);
    }
    CHECK(seen == 30);
    lt_probe_free(&whole);
}

/* No contact at the initial state, or a law without a surface: an error, not a table. */
static void test_probe_errors(void)
{
    probe_case pc = cohesive_case("errors", 0, 0);
    pc.test.gap = 1e-6;
    lt_probe p;
    char err[600];
    CHECK(lt_probe_run(&p, &pc.test, &pc.o, err, sizeof err) < 0);
    CHECK_MSG(strstr(err, "no contact at the probe's initial state") != NULL, "%s", err);
    const lt_law *c = pc.test.law;
    const lt_law bare = {.api_version = LT_LAW_API_VERSION, .name = "bare", .summary = "no surface",
                         .params = c->params, .n_params = c->n_params, .state_names = c->state_names,
                         .n_state = c->n_state, .energies = c->energies, .n_energies = c->n_energies,
                         .init = c->init, .step = c->step};
    pc.test.law = &bare;
    pc.test.gap = -1e-5;
    CHECK(lt_probe_run(&p, &pc.test, &pc.o, err, sizeof err) < 0);
    CHECK_MSG(strstr(err, "law 'bare' declares no yield surface to probe") != NULL, "%s", err);
}

const test_case probe_tests[] = {
    TEST(linear_coulomb),
    TEST(cohesive_mohr_coulomb_breaking),
    TEST(cohesive_elliptic_breaking),
    TEST(cohesive_elliptic_plastic),
    TEST(cohesive_from_stages),
    TEST(shards_union_is_the_whole),
    TEST(probe_errors),
    {0, 0},
};
