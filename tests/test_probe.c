/* tests/test_probe.c - yield probing (src/driver/probe.h) against the analytic surfaces, through
 * the C API: for every probed direction, the recorded yield point (the last elastic state) lies on
 * the force ray before the surface and within one step's force increment dF of it, the ray's exit
 * point P* being computed here from the surfaces' closed forms (not from the laws' functions):
 *     0 <= s* - s <= du   and   |P - P*| <= dF,
 * s the displacement along the direction, du = limit/steps; a direction that does not yield
 * has its exit beyond the limit.  Laws: linear (Coulomb cone, tip at Fn = 0), cohesive with the
 * Mohr-Coulomb cut-off and the elliptic cap, breaking and flowing, from an initial overlap and
 * from a sheared state; pure tension, pure shear and compression-shear are all among the 72
 * directions.  The Coulomb laws with dashpots: spring_dashpot undamped (the linear law's cone)
 * and damped and clipped (the dashpots shift each ray by their constant force at the probe's
 * velocity: the cone is of the whole force, which the law limits), and hertz_mindlin, whose
 * stiffnesses vary along the path: there the discrete path is computed here in closed form
 * (Hertz force, Mindlin kt, Thornton's rescaling), and the recorded point must be its last state
 * inside the cone, within the next step's elastic increment |T - P| of the surface.
 * The energy balance of every direction (breakage included) stays <= 1e-9 of the energy scale,
 * and sharded probes give the same points as one probe. */
#include "check.h"
#include "contact/registry.h"
#include "drive.h"
#include "driver/probe.h"
#include <stdlib.h>

/* Force round-off: ~2000 incremental steps of forces of order 100 N accumulate ~1e-11 N; the
 * positions behind uN round at 1e-16 of 0.2 m times kn = 1e6 N/m: 2e-11 N.  1e-9 N is far above
 * both and far below the increments dF (>= 0.05 N) that the bound is about. */
#define TOL_FORCE 1e-9
/* Energy balance per direction, as docs/energy.md demands of every run. */
#define TOL_BALANCE 1e-9

typedef struct surface {
    int kind;         /* 0 Coulomb cone (linear), 1 Mohr-Coulomb + cut-off, 2 elliptic cap */
    double mu, c, rt; /* -, N, N (rt: the tip, min(Rt, c/mu)) */
} surface;

static double g_line(const surface *S, double fn) { return S->c - S->mu * fn; }

/* Does the point lie on the boundary piece (within round-off of the acceptance test)? */
static int in_piece(const surface *S, int piece, double fn, double ft)
{
    double xt = S->kind == 2 ? S->mu * S->rt * S->rt / S->c : S->rt;
    double eps = 1e-12 * (fabs(fn) + fabs(ft) + S->c + 1);
    if (piece == 0) return fn <= xt + eps;     /* the lines */
    if (piece == 1) return fn >= xt - eps;     /* the ellipse */
    return fabs(ft) <= g_line(S, S->rt) + eps; /* the cut-off at the tip */
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
        if (s >= 0 && s < best && (S->kind != 2) && in_piece(S, 2, S->rt, F0[1] + s * d[1]))
            best = s;
    }
    if (S->kind == 2) { /* (Fn/rt)^2 + (Ft/B)^2 = 1, the larger root */
        double B2 = S->c * S->c - S->mu * S->mu * S->rt * S->rt, r2 = S->rt * S->rt;
        double qa = d[0] * d[0] / r2 + d[1] * d[1] / B2,
               qb = 2 * (F0[0] * d[0] / r2 + F0[1] * d[1] / B2);
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
    double dash[2]; /* N: normal and tangential dashpot forces at the probe's speed (0: none) */
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
    const double Fstart[2] = {lt_tester_view(t0)->resp.f[0], lt_tester_view(t0)->resp.f[1]};
    double kn = lt_tester_view(t0)->resp.k[0], kt = lt_tester_view(t0)->resp.k[1];
    double du = pc->o.limit / (double)pc->o.steps;
    double scale = fmax(lt_tester_view(t0)->energy[0], 1e-12); /* elast of the initial state, J */
    int yielded = 0;
    for (int i = 0; i < p.n_points; i++) {
        const lt_probe_point *pt = &p.points[i];
        double d[2] = {kn * pt->dir[0], kt * pt->dir[1]}; /* N per m along the direction */
        /* a dashpot adds its constant force once the extrapolated velocity has settled (from
         * the second step on; 1.5 times it on the first) */
        const double F0[2] = {Fstart[0] + pc->dash[0] * pt->dir[0],
                              Fstart[1] + pc->dash[1] * pt->dir[1]};
        if (pc->dash[0] != 0 || pc->dash[1] != 0)
            CHECK_MSG(pt->steps >= 2, "%s k=%d: yields before the dashpot settles", pc->what,
                      pt->k);
        double s_star = exit_s(&pc->S, F0, d);
        double s = pt->steps * du;
        double P[2] = {pt->f[0], pt->f[1]},
               Pstar[2] = {F0[0] + s_star * d[0], F0[1] + s_star * d[1]};
        /* the recorded force is the elastic ray's at s (the ray assumption) */
        CHECK_MSG(hypot(P[0] - F0[0] - s * d[0], P[1] - F0[1] - s * d[1]) <= TOL_FORCE * 100,
                  "%s k=%d: recorded force off the elastic ray", pc->what, pt->k);
        if (pt->yielded) {
            yielded++;
            double dist = hypot(P[0] - Pstar[0], P[1] - Pstar[1]);
            CHECK_MSG(s <= s_star * (1 + 1e-12) && s_star - s <= du * (1 + 1e-9),
                      "%s k=%d: s = %.17g, exit s* = %.17g, du = %g", pc->what, pt->k, s, s_star,
                      du);
            CHECK_MSG(dist <= pt->dF + TOL_FORCE, "%s k=%d: |P - P*| = %.6g N > dF = %.6g N",
                      pc->what, pt->k, dist, pt->dF);
            /* inside the law's own surface, and its distance along the ray from the law's
             * function agrees with the closed forms' */
            CHECK_MSG(pt->gap >= -TOL_FORCE, "%s k=%d: outside the law's surface by %.6g N",
                      pc->what, pt->k, -pt->gap);
            CHECK_MSG(fabs(pt->dist - dist) <= 1e-6 * pt->dF,
                      "%s k=%d: dist %.9g N, closed forms %.9g N", pc->what, pt->k, pt->dist,
                      dist); /* bisection to 1e-9 dF; the closed forms' round-off */
            if (expect_broken >= 0)
                CHECK_MSG(pt->broken == expect_broken, "%s k=%d: broken %d", pc->what, pt->k,
                          pt->broken);
            if (worst_ratio && dist / pt->dF > *worst_ratio) *worst_ratio = dist / pt->dF;
        } else {
            CHECK_MSG(s_star >= pc->o.limit - du * (1 + 1e-9),
                      "%s k=%d: no yield, but the surface is at s* = %.6g < %.6g", pc->what, pt->k,
                      s_star, pc->o.limit);
            CHECK(isnan(pt->dist));
        }
        CHECK_MSG(fabs(pt->balance) <= TOL_BALANCE * fmax(fabs(pt->work), scale),
                  "%s k=%d: balance %.3g J, work %.3g J", pc->what, pt->k, pt->balance, pt->work);
    }
    CHECK_MSG(yielded >= pc->o.directions / 2, "%s: only %d directions yielded", pc->what, yielded);
    /* three named directions: pure tension, pure shear, compression-shear (120 deg) */
    CHECK_MSG(p.points[0].yielded && p.points[0].dir[0] == 1 && p.points[0].dir[1] == 0,
              "%s: pure tension", pc->what);
    CHECK_MSG(p.points[18].yielded && p.points[18].dir[0] == 0 && p.points[18].dir[1] == 1,
              "%s: pure shear", pc->what);
    CHECK_MSG(p.points[24].yielded && p.points[24].dir[0] < 0 && p.points[24].dir[1] > 0,
              "%s: compression-shear", pc->what);
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
    pc.dash[0] = pc.dash[1] = 0;
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
    pc.dash[0] = pc.dash[1] = 0;
    double worst = 0;
    check_probe(&pc, -1, &worst);
    printf("     linear: worst |P - P*| / dF = %.3f\n", worst);
}

/* spring_dashpot: kn 1e6, kt 5e5, mu 0.5 from an overlap of 1e-4 m (Fn = -100 N), on the
 * default spheres (r = 0.1 m, m* = 2600 (4/3) pi r^3 / 2).  Undamped it is the linear law's cone.
 * */
static probe_case spring_dashpot_case(const char *what, double zeta, int clip)
{
    probe_case pc;
    pc.what = what;
    pc.test = lt_default_test();
    pc.test.law = lt_find_law("spring_dashpot");
    const lt_law *law = pc.test.law;
    for (int i = 0; i < law->n_params; i++) pc.test.params[i] = law->params[i].def;
    pc.test.params[lt_law_param_index(law, "kn")] = 1e6;
    pc.test.params[lt_law_param_index(law, "kt")] = 5e5;
    pc.test.params[lt_law_param_index(law, "tanPhi")] = 0.5;
    pc.test.params[lt_law_param_index(law, "clip")] = clip;
    if (zeta > 0) {
        pc.test.params[lt_law_param_index(law, "zetaN")] = zeta;
        pc.test.params[lt_law_param_index(law, "zetaT")] = zeta;
    }
    double r = 0.1, mstar = 2600 * 4.0 / 3.0 * LT_TEST_PI * r * r * r / 2;
    pc.test.gap = -1e-4;
    pc.test.record_every = 0;
    pc.o = opts(1e-3);
    pc.S = (surface){0, 0.5, 0, 0};
    double speed = pc.o.limit / (double)pc.o.steps / pc.test.dt; /* m/s along the direction */
    pc.dash[0] = 2 * zeta * sqrt(1e6 * mstar) * speed;
    pc.dash[1] = 2 * zeta * sqrt(5e5 * mstar) * speed;
    return pc;
}

static void test_spring_dashpot_undamped(void)
{
    probe_case pc = spring_dashpot_case("spring_dashpot", 0, 0);
    double worst = 0;
    check_probe(&pc, -1, &worst);
    printf("     spring_dashpot: worst |P - P*| / dF = %.3f\n", worst);
}

/* Damped (zeta 0.005: 11.7 N and 8.3 N of dashpot force at the probe's 0.5 m/s) and clipped:
 * the cone |Ft| = mu |Fn| of the whole forces, tip at Fn = 0 where clipping starts (before the
 * overlap closes: the normal dashpot pulls).  A surface of the springs' forces alone would be
 * off by mu 11.7 N, twenty times the step's dF. */
static void test_spring_dashpot_damped_clipped(void)
{
    probe_case pc = spring_dashpot_case("spring_dashpot damped", 0.005, 1);
    double worst = 0;
    check_probe(&pc, -1, &worst);
    printf("     spring_dashpot damped, clipped: worst |P - P*| / dF = %.3f\n", worst);
}

/* hertz_mindlin, undamped: E* 1e9 Pa, G* 2e8 Pa, R* 0.05 m, mu 0.5, from an overlap of 1e-4 m
 * (Fn = -298 N, kn = 4.5e6 N/m, kt = 3.6e6 N/m), 2000 steps of 1e-7 m.  The discrete path in
 * closed form, state j at the overlap delta_j = delta0 - j du cos(theta):
 *   Fn_j = -K delta_j^1.5,  kt_j = 8 G* sqrt(R* delta_j),  trial Ft_j = Fs + kt_j du sin(theta)
 *   with Fs = Ft_{j-1}, times kt_j/kt_{j-1} when the overlap decreased (Thornton),
 * first yield at the first j with |trial Ft_j| > mu |Fn_j|, or delta_j < 0 (contact lost). */
#define HZ_ESTAR 1e9
#define HZ_GSTAR 2e8
#define HZ_RSTAR 0.05
#define HZ_MU 0.5
#define HZ_DELTA0 1e-4

static void test_hertz_mindlin_curved_paths(void)
{
    lt_test t = lt_default_test();
    t.law = lt_find_law("hertz_mindlin");
    for (int i = 0; i < t.law->n_params; i++) t.params[i] = t.law->params[i].def;
    t.params[lt_law_param_index(t.law, "Estar")] = HZ_ESTAR;
    t.params[lt_law_param_index(t.law, "Gstar")] = HZ_GSTAR;
    t.params[lt_law_param_index(t.law, "Rstar")] = HZ_RSTAR;
    t.params[lt_law_param_index(t.law, "tanPhi")] = HZ_MU;
    t.params[lt_law_param_index(t.law, "tangential")] = 0; /* rescale: the closed form below */
    t.gap = -HZ_DELTA0;
    t.record_every = 0;
    lt_probe_opts o = opts(2e-4);
    lt_probe p;
    char err[600];
    int rc = lt_probe_run(&p, &t, &o, err, sizeof err);
    CHECK_MSG(rc == 0, "%s", err);
    if (rc) return;
    double K = 4.0 / 3.0 * HZ_ESTAR * sqrt(HZ_RSTAR), du = o.limit / (double)o.steps, worst = 0,
           dF_ratio = 0;
    int yielded = 0;
    for (int i = 0; i < p.n_points; i++) {
        const lt_probe_point *pt = &p.points[i];
        double c = pt->dir[0], sn = pt->dir[1];
        double delta = HZ_DELTA0, fn = -K * pow(delta, 1.5),
               kt = 8 * HZ_GSTAR * sqrt(HZ_RSTAR * delta), ft = 0;
        double T[2] = {fn, 0};
        long n = 1;
        int lost = 0, yields = 0;
        for (; n <= o.steps; n++) {
            double d1 = HZ_DELTA0 - (double)n * du * c;
            if (d1 < 0) { /* contact lost: the trial force is that of no overlap */
                lost = yields = 1;
                T[0] = 0, T[1] = ft;
                break;
            }
            double kt1 = 8 * HZ_GSTAR * sqrt(HZ_RSTAR * d1), fs = d1 < delta ? ft * kt1 / kt : ft;
            T[0] = -K * pow(d1, 1.5), T[1] = fs + kt1 * du * sn;
            if (fabs(T[1]) > HZ_MU * fabs(T[0])) {
                yields = 1;
                break;
            }
            delta = d1, fn = T[0], ft = T[1], kt = kt1;
        }
        double scale = fabs(fn) + fabs(ft) + 1;
        CHECK_MSG(pt->yielded == yields, "hertz k=%d: yielded %d, closed form %d", pt->k,
                  pt->yielded, yields);
        CHECK_MSG(pt->steps == n - 1 || !yields, "hertz k=%d: recorded step %ld, closed form %ld",
                  pt->k, pt->steps, n - 1);
        /* the recorded force is the closed-form path's: positions round at 1e-16 of 0.2 m, i.e.
         * 2e-17 m of overlap, times kn ~ 5e6 N/m; 2000 steps of Ft accumulate ~1e-13 N */
        CHECK_MSG(fabs(pt->f[0] - fn) + fabs(pt->f[1] - ft) <= 1e-9 * scale,
                  "hertz k=%d: P = (%.12g, %.12g), path (%.12g, %.12g)", pt->k, pt->f[0], pt->f[1],
                  fn, ft);
        if (!yields) continue;
        yielded++;
        /* P* on the segment P -> T where it leaves the cone (or reaches the tip Fn = 0) */
        double g0 = HZ_MU * fabs(fn) - fabs(ft),
               g1 = lost ? -fabs(T[1]) : HZ_MU * fabs(T[0]) - fabs(T[1]);
        double lam = g0 > 0 ? g0 / (g0 - g1) : 0,
               inc = hypot(T[0] - fn, T[1] - ft); /* g0 = 0: on the tip */
        double dist = lam * inc;
        CHECK_MSG(g0 >= -1e-9 * scale && lam >= 0 && lam <= 1,
                  "hertz k=%d: P outside the cone (%.3g N)", pt->k, g0);
        CHECK_MSG(dist <= inc + 1e-9 * scale, "hertz k=%d: |P - P*| = %.6g N > |T - P| = %.6g N",
                  pt->k, dist, inc);
        CHECK_MSG(pt->gap >= -1e-9 * scale, "hertz k=%d: outside the law's surface by %.3g N",
                  pt->k, -pt->gap);
        worst = fmax(worst, dist / inc);
        dF_ratio = fmax(dF_ratio, fabs(pt->dF / inc - 1));
        CHECK_MSG(fabs(pt->balance) <= TOL_BALANCE * fmax(fabs(pt->work), 1e-12),
                  "hertz k=%d: balance %.3g J", pt->k, pt->balance);
    }
    CHECK_MSG(yielded >= o.directions / 2, "hertz: only %d directions yielded", yielded);
    /* tension, shear, 120 deg */
    CHECK(p.points[0].yielded && p.points[18].yielded && p.points[24].yielded);
    printf("     hertz_mindlin: worst |P - P*| / |T - P| = %.3f; tangent dF off |T - P| by up to "
           "%.2g\n",
           worst, dF_ratio);
    lt_probe_free(&p);
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
    lt_stage st[2] = {stage("vvvvvv", -0.1, 0, 0, 0, 0, 0, &c[0]),
                      stage("vvvvvv", 0, 0.1, 0, 0, 0, 0, &c[1])};
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
            CHECK_MSG(memcmp(a, b, sizeof *a) == 0,
                      "shard %d, direction %d differs from the single probe", k, a->k);
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
    const lt_law bare = {.api_version = LT_LAW_API_VERSION,
                         .name = "bare",
                         .summary = "no surface",
                         .params = c->params,
                         .n_params = c->n_params,
                         .state_names = c->state_names,
                         .n_state = c->n_state,
                         .energies = c->energies,
                         .n_energies = c->n_energies,
                         .init = c->init,
                         .step = c->step};
    pc.test.law = &bare;
    pc.test.gap = -1e-5;
    CHECK(lt_probe_run(&p, &pc.test, &pc.o, err, sizeof err) < 0);
    CHECK_MSG(strstr(err, "law 'bare' declares no yield surface to probe") != NULL, "%s", err);
}

const test_case probe_tests[] = {
    TEST(linear_coulomb),
    TEST(spring_dashpot_undamped),
    TEST(spring_dashpot_damped_clipped),
    TEST(hertz_mindlin_curved_paths),
    TEST(cohesive_mohr_coulomb_breaking),
    TEST(cohesive_elliptic_breaking),
    TEST(cohesive_elliptic_plastic),
    TEST(cohesive_from_stages),
    TEST(shards_union_is_the_whole),
    TEST(probe_errors),
    {0, 0},
};
