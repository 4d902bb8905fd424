/* tests/test_geom.c - contact geometry: the closest-point primitives against brute-force
 * minimisation, every shape pair's placement (normal and gap as asked), contact point,
 * branch lengths and area by Woo's documented rules, order independence (one swap), the wall and
 * facet conventions, the special configurations (cap contacts, parallel axes, edges), undefined
 * pairs, and the per-pair arc-drift rules.  Lengths in m. */
#include "base/closest.h"
#include "check.h"
#include "contact/geom.h"

/* Geometry of bodies of size ~0.1-1 m: a few roundings of 1e-16 relative, with margin. */
#define TOL_GEOM 1e-14
/* Brute-force minima over a sampled grid are never below the true minimum, so a correct
 * closest-point answer is never farther than the best sample; 1e-12 m covers round-off. */
#define TOL_BRUTE 1e-12

/* ---- helpers ---- */

static unsigned long long rng_state = 88172645463325252ULL;
static double urand(void) /* uniform in [-1, 1), xorshift64 */
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (double)(rng_state >> 11) / 9007199254740992.0 * 2 - 1;
}
static vec3 rvec(void) { return v3(urand(), urand(), urand()); }

static lt_body base(void)
{
    lt_body b;
    memset(&b, 0, sizeof b);
    b.ori = q_identity();
    b.mat = (lt_material){1e7, 0.25, 2600, 0.5, 0.5};
    return b;
}
static lt_body mk_sphere(double r)
{
    lt_body b = base();
    lt_body_set_sphere(&b, r);
    return b;
}
static lt_body mk_capsule(double r, double L, vec3 axis)
{
    lt_body b = base();
    CHECK(lt_body_set_capsule(&b, r, L, axis) == 0);
    return b;
}
static lt_body mk_wall(vec3 p, vec3 n)
{
    lt_body b = base();
    CHECK(lt_body_set_wall(&b, p, n) == 0);
    return b;
}
/* A facet in the plane through c perpendicular to n: an irregular triangle around c (c is
 * not its centroid, so the placement really uses the centroid). */
static lt_body mk_facet_around(vec3 c, vec3 n, double size, double h)
{
    mat3 R = m3_frame_from_normal(v3_normalized(n));
    vec3 v[3] = {v3_add(c, v3_add(v3_scale(R.r[1], -size), v3_scale(R.r[2], -0.8 * size))),
                 v3_add(c, v3_add(v3_scale(R.r[1], 1.3 * size), v3_scale(R.r[2], -0.5 * size))),
                 v3_add(c, v3_add(v3_scale(R.r[1], 0.1 * size), v3_scale(R.r[2], 1.1 * size)))};
    /* order so that the facet's own normal is +n */
    if (v3_dot(v3_cross(v3_sub(v[1], v[0]), v3_sub(v[2], v[0])), n) < 0) {
        vec3 t = v[1];
        v[1] = v[2];
        v[2] = t;
    }
    lt_body b = base();
    CHECK(lt_body_set_facet(&b, v, h) == 0);
    return b;
}
static double dist(vec3 a, vec3 b) { return v3_norm(v3_sub(a, b)); }

/* ---- closest-point primitives against brute force ---- */

static void test_closest_segment_segment(void)
{
    double worst = -1;
    for (int k = 0; k < 150; k++) {
        vec3 p0 = rvec(), p1 = rvec(), q0 = rvec(), q1 = rvec();
        if (k % 3 == 0) { /* parallel, various offsets and overlaps */
            vec3 off = v3_scale(rvec(), 0.5);
            double a = urand(), b = urand() + 1.5;
            q0 = v3_add(v3_axpy(a, v3_sub(p1, p0), p0), off);
            q1 = v3_add(v3_axpy(b, v3_sub(p1, p0), p0), off);
        }
        double s, t;
        lt_cl_segment_segment(p0, p1, q0, q1, &s, &t);
        CHECK(s >= 0 && s <= 1 && t >= 0 && t <= 1);
        double d = dist(v3_axpy(s, v3_sub(p1, p0), p0), v3_axpy(t, v3_sub(q1, q0), q0));
        double best = INFINITY;
        for (int i = 0; i <= 200; i++)
            for (int j = 0; j <= 200; j++) {
                double e = dist(v3_axpy(i / 200.0, v3_sub(p1, p0), p0),
                                v3_axpy(j / 200.0, v3_sub(q1, q0), q0));
                if (e < best) best = e;
            }
        worst = fmax(worst, d - best);
    }
    CHECK_MSG(worst <= TOL_BRUTE, "a returned pair is %.3g m farther than a sampled pair", worst);
    /* parallel and facing over x in [0, 1]: the middle, s = 0.75 */
    double s, t;
    lt_cl_segment_segment(v3(-1, 0, 0), v3(1, 0, 0), v3(0, 1, 0), v3(3, 1, 0), &s, &t);
    CHECK_ABS(s, 0.75, TOL_GEOM, "parallel: middle of the facing part");
    CHECK_ABS(t, 0.5 / 3, TOL_GEOM, "parallel: point of Q facing it");
    /* parallel, not facing: the nearest ends */
    lt_cl_segment_segment(v3(-1, 0, 0), v3(1, 0, 0), v3(2, 1, 0), v3(3, 1, 0), &s, &t);
    CHECK(s == 1 && t == 0);
}

static void test_closest_point_triangle(void)
{
    double worst = -1;
    for (int k = 0; k < 150; k++) {
        vec3 v[3] = {rvec(), rvec(), rvec()}, x = v3_scale(rvec(), 1.5);
        vec3 q = lt_cl_point_triangle(x, v);
        double d = dist(x, q), best = INFINITY;
        for (int i = 0; i <= 150; i++)
            for (int j = 0; i + j <= 150; j++) {
                vec3 p = v3_add(v[0], v3_add(v3_scale(v3_sub(v[1], v[0]), i / 150.0),
                                             v3_scale(v3_sub(v[2], v[0]), j / 150.0)));
                double e = dist(x, p);
                if (e < best) best = e;
            }
        worst = fmax(worst, d - best);
    }
    CHECK_MSG(worst <= TOL_BRUTE, "a returned point is %.3g m farther than a sampled one", worst);
}

static void test_closest_segment_triangle(void)
{
    double worst = -1;
    int crossings = 0;
    for (int k = 0; k < 60; k++) {
        vec3 v[3] = {rvec(), rvec(), rvec()}, p0 = v3_scale(rvec(), 1.5),
             p1 = v3_scale(rvec(), 1.5);
        vec3 qs, qt;
        int ok = lt_cl_segment_triangle(p0, p1, v, &qs, &qt);
        double best = INFINITY;
        for (int m = 0; m <= 60; m++) {
            vec3 x = v3_axpy(m / 60.0, v3_sub(p1, p0), p0);
            for (int i = 0; i <= 60; i++)
                for (int j = 0; i + j <= 60; j++) {
                    vec3 p = v3_add(v[0], v3_add(v3_scale(v3_sub(v[1], v[0]), i / 60.0),
                                                 v3_scale(v3_sub(v[2], v[0]), j / 60.0)));
                    double e = dist(x, p);
                    if (e < best) best = e;
                }
        }
        if (!ok) {
            crossings++;
            /* a crossing: some sample pair is within the grid spacing (~3/60 m) */
            CHECK_MSG(best < 0.1, "case %d refused as crossing, but the samples are %.3g m apart",
                      k, best);
            continue;
        }
        worst = fmax(worst, dist(qs, qt) - best);
    }
    CHECK_MSG(worst <= TOL_BRUTE, "a returned pair is %.3g m farther than a sampled pair", worst);
    CHECK_MSG(crossings > 0 && crossings < 60, "%d crossings out of 60: the sample misses a branch",
              crossings);
    /* parallel over the triangle: the part x in [0, 0.75] above it, middle x = 0.375 */
    vec3 v[3] = {v3(0, 0, 0), v3(1, 0, 0), v3(0, 1, 0)}, qs, qt;
    CHECK(lt_cl_segment_triangle(v3(-1, 0.25, 0.5), v3(2, 0.25, 0.5), v, &qs, &qt));
    CHECK_ABS(dist(qs, v3(0.375, 0.25, 0.5)), 0, TOL_GEOM, "parallel: middle of the part above");
    CHECK_ABS(dist(qt, v3(0.375, 0.25, 0)), 0, TOL_GEOM, "parallel: its projection");
    /* crossing the face */
    CHECK(!lt_cl_segment_triangle(v3(0.2, 0.2, -1), v3(0.2, 0.2, 1), v, &qs, &qt));
}

/* ---- every pair: placement, contact point, lens, area, swap ---- */

typedef struct pair_case {
    const char *label;
    lt_body a, b;
    vec3 n;
    double l1, l2; /* expected raw lens by Woo's documented rules (A, B) */
} pair_case;

/* Distance from x to the core of b (for the contact-point check). */
static double core_dist(const lt_body *b, vec3 x)
{
    switch (b->shape) {
    case LT_SPHERE: return dist(x, b->pos);
    case LT_CAPSULE: {
        vec3 h = v3_scale(lt_body_axis(b), 0.5 * b->shaft), e0 = v3_sub(b->pos, h),
             e1 = v3_add(b->pos, h);
        return dist(x, v3_axpy(lt_cl_point_segment(x, e0, e1), v3_sub(e1, e0), e0));
    }
    case LT_FACET: {
        vec3 v[3] = {lt_body_vertex(b, 0), lt_body_vertex(b, 1), lt_body_vertex(b, 2)};
        return dist(x, lt_cl_point_triangle(x, v));
    }
    default: return fabs(v3_dot(v3_sub(x, b->pos), lt_body_axis(b)));
    }
}

static int make_cases(pair_case *c)
{
    int n = 0;
    vec3 n1 = v3_normalized(v3(1, 2, 3)), n2 = v3_normalized(v3(-0.3, 0.1, -0.9));
    vec3 perp1 = v3_any_perp(n1), obl = v3_normalized(v3(0.3, -1, 0.2));
    double rs = 0.1, rc = 0.2, L = 0.15;
    c[n++] = (pair_case){"sphere-sphere", mk_sphere(rs), mk_sphere(0.2), n1, rs, 0.2};
    c[n++] =
        (pair_case){"sphere-capsule, shaft", mk_sphere(rs), mk_capsule(rc, L, perp1), n1, rs, rc};
    c[n++] = (pair_case){"sphere-capsule, cap", mk_sphere(rs), mk_capsule(rc, L, obl), n1, rs, rc};
    c[n++] = (pair_case){"capsule-capsule, crossed",
                         mk_capsule(rc, L, perp1),
                         mk_capsule(0.05, 0.3, v3_cross(n1, perp1)),
                         n1,
                         rc,
                         0.05};
    c[n++] = (pair_case){"capsule-capsule, caps",
                         mk_capsule(rc, L, obl),
                         mk_capsule(0.05, 0.3, v3(1, 1, 0)),
                         n2,
                         rc,
                         0.05};
    c[n++] = (pair_case){"sphere-facet, h = 0",
                         mk_sphere(rs),
                         mk_facet_around(v3(0.3, -0.2, 0.1), n2, 0.5, 0),
                         n2,
                         rs,
                         rs};
    c[n++] = (pair_case){"sphere-facet, 0 < h < r",
                         mk_sphere(rs),
                         mk_facet_around(v3(0, 0, 0), n1, 0.5, 0.04),
                         n1,
                         rs,
                         rs};
    c[n++] = (pair_case){"sphere-facet, h > r",
                         mk_sphere(rs),
                         mk_facet_around(v3(0, 0, 0), n1, 0.5, 0.25),
                         n1,
                         rs,
                         0.25};
    c[n++] = (pair_case){
        "facet-sphere, h = 0", mk_facet_around(v3(1, 0, 0), n2, 0.5, 0), mk_sphere(rs), n2, rs, rs};
    c[n++] = (pair_case){"capsule-facet, h = 0, parallel",
                         mk_capsule(rc, L, v3_any_perp(n2)),
                         mk_facet_around(v3(0, 0, 0), n2, 0.6, 0),
                         v3_neg(n2),
                         rc,
                         rc};
    c[n++] = (pair_case){"facet-capsule, h > 0, tilted",
                         mk_facet_around(v3(0, 1, 0), n1, 0.6, 0.02),
                         mk_capsule(rc, L, obl),
                         n1,
                         rc,
                         rc};
    c[n++] = (pair_case){"wall-sphere", mk_wall(v3(0.1, 0.2, 0.3), n1), mk_sphere(rs), n1, rs, rs};
    c[n++] = (pair_case){
        "sphere-wall, opposite side", mk_sphere(rs), mk_wall(v3(0, 0, 0), n2), n2, rs, rs};
    c[n++] = (pair_case){"wall-capsule, parallel",
                         mk_wall(v3(0, 0, 0), n2),
                         mk_capsule(rc, L, v3_any_perp(n2)),
                         n2,
                         rc,
                         rc};
    c[n++] = (pair_case){"capsule-wall, tilted",
                         mk_capsule(rc, L, obl),
                         mk_wall(v3(0, 0, 0), n1),
                         v3_neg(n1),
                         rc,
                         rc};
    return n;
}

static void test_pairs_place_and_measure(void)
{
    pair_case c[32];
    int n = make_cases(c);
    double gaps[3] = {-1e-3, 0, 2e-3};
    for (int k = 0; k < n; k++)
        for (int gi = 0; gi < 3; gi++) {
            lt_body A = c[k].a, B = c[k].b;
            vec3 nn = c[k].n;
            double gap = gaps[gi];
            CHECK_MSG(lt_geom_pair_defined(A.shape, B.shape), "%s: undefined", c[k].label);
            CHECK_MSG(lt_geom_normal_problem(&A, &B, nn) == NULL, "%s: normal refused", c[k].label);
            if (!lt_geom_place(&A, &B, &nn, gap)) {
                CHECK_MSG(0, "%s: cannot place", c[k].label);
                continue;
            }
            lt_geom g;
            if (!lt_geom_compute(&A, &B, &g)) {
                CHECK_MSG(0, "%s: no geometry after placement", c[k].label);
                continue;
            }
            CHECK_MSG(fabs(g.uN - gap) <= TOL_GEOM, "%s: uN %.17g, asked %g", c[k].label, g.uN,
                      gap);
            CHECK_MSG(dist(g.normal, nn) <= TOL_GEOM, "%s: normal off by %.3g", c[k].label,
                      dist(g.normal, nn));
            CHECK_MSG(dist(nn, c[k].n) <= 1e-9, "%s: placement changed the normal", c[k].label);
            /* the contact point is in the middle of the overlap: rho + uN/2 from each core
             * (inside a flat body, rho = 0, by |uN|/2 when they overlap) */
            double ea = core_dist(&A, g.point) - fabs(lt_body_rho(&A) + 0.5 * g.uN);
            double eb = core_dist(&B, g.point) - fabs(lt_body_rho(&B) + 0.5 * g.uN);
            CHECK_MSG(fabs(ea) <= TOL_GEOM && fabs(eb) <= TOL_GEOM,
                      "%s: contact point off the middle (%.3g, %.3g)", c[k].label, ea, eb);
            CHECK_MSG(dist(g.branch[0], v3_sub(g.point, A.pos)) == 0 &&
                          dist(g.branch[1], v3_sub(g.point, B.pos)) == 0,
                      "%s: branches", c[k].label);
            CHECK_MSG(g.lens[0] == c[k].l1 && g.lens[1] == c[k].l2,
                      "%s: lens (%g, %g), Woo's rule (%g, %g)", c[k].label, g.lens[0], g.lens[1],
                      c[k].l1, c[k].l2);
            double lmin = fmin(c[k].l1, c[k].l2);
            CHECK_REL(g.contA, LT_PI * lmin * lmin, 1e-15, "contA = pi min(l1, l2)^2");
            /* order independence: the same contact seen from the other side; bit for bit
             * when the shapes differ (the table computes it once and swaps), to round-off for
             * two bodies of one shape (the function then really runs in the other order) */
            lt_geom h;
            CHECK(lt_geom_compute(&B, &A, &h));
            double tol = A.shape == B.shape ? TOL_GEOM : 0;
            CHECK_MSG(fabs(h.uN - g.uN) <= tol && dist(h.normal, v3_neg(g.normal)) <= tol &&
                          dist(h.point, g.point) <= tol && h.lens[0] == g.lens[1] &&
                          h.lens[1] == g.lens[0] && h.contA == g.contA &&
                          dist(h.branch[0], g.branch[1]) <= tol &&
                          dist(h.branch[1], g.branch[0]) <= tol,
                      "%s: swapping A and B is not the same contact", c[k].label);
        }
}

/* Contact points the placement promises for the special configurations. */
static void test_pairs_contact_points(void)
{
    double gap = -1e-3;
    /* capsule B, n perpendicular to its axis: on the shaft at the capsule centre */
    lt_body A = mk_sphere(0.1), B = mk_capsule(0.2, 0.5, v3(0, 1, 0));
    vec3 n = v3(0, 0, 1);
    CHECK(lt_geom_place(&A, &B, &n, gap));
    CHECK_ABS(dist(B.pos, v3(0, 0, 0.3 + gap)), 0, TOL_GEOM, "capsule centre on the normal line");
    /* n not perpendicular: on the cap n points away from */
    B = mk_capsule(0.2, 0.5, v3(0, 1, 1));
    CHECK(lt_geom_place(&A, &B, &n, gap));
    vec3 end = v3_sub(B.pos, v3_scale(lt_body_axis(&B), 0.25));
    CHECK_ABS(dist(end, v3(0, 0, 0.3 + gap)), 0, TOL_GEOM, "lower cap centre on the normal line");
    /* parallel capsules overlapping along x in [0.1, 0.5]: contact at x = 0.3 */
    lt_body C = mk_capsule(0.1, 1, v3(1, 0, 0)), D = mk_capsule(0.1, 1, v3(1, 0, 0));
    D.pos = v3(0.6, 0, 0.19);
    lt_geom g;
    CHECK(lt_geom_compute(&C, &D, &g));
    CHECK_ABS(dist(g.point, v3(0.3, 0, 0.095)), 0, TOL_GEOM,
              "parallel capsules: middle of the overlap");
    CHECK_ABS(g.uN, -0.01, TOL_GEOM, "parallel capsules: uN");
    /* crossed capsules */
    D = mk_capsule(0.05, 1, v3(0, 1, 0));
    D.pos = v3(0.3, 0.2, 0.5);
    CHECK(lt_geom_compute(&C, &D, &g));
    CHECK_ABS(g.uN, 0.5 - 0.15, TOL_GEOM, "crossed capsules: uN");
    CHECK_ABS(dist(g.normal, v3(0, 0, 1)), 0, TOL_GEOM, "crossed capsules: normal");
    CHECK_ABS(dist(g.point, v3(0.3, 0, 0.1 + 0.5 * g.uN)), 0, TOL_GEOM, "crossed capsules: point");
    /* sphere beyond a facet edge: the normal comes from the edge point */
    vec3 v[3] = {v3(0, 0, 0), v3(1, 0, 0), v3(0, 1, 0)};
    lt_body F = base(), S = mk_sphere(0.1);
    CHECK(lt_body_set_facet(&F, v, 0.01) == 0);
    S.pos = v3(0.5, -0.3, 0.05);
    CHECK(lt_geom_compute(&S, &F, &g));
    double d = sqrt(0.3 * 0.3 + 0.05 * 0.05);
    CHECK_ABS(g.uN, d - 0.11, TOL_GEOM, "edge contact: uN = distance to the edge - r - h");
    CHECK_ABS(dist(g.normal, v3_scale(v3(0, 0.3, -0.05), 1 / d)), 0, TOL_GEOM,
              "edge contact: normal");
    /* capsule over a wall: parallel -> above the centre; tilted -> the lower end; crossing -> none
     * */
    lt_body W = mk_wall(v3(0, 0, 0), v3(0, 0, 1)), K = mk_capsule(0.1, 0.4, v3(1, 0, 0));
    K.pos = v3(0.7, 0.1, 0.099);
    CHECK(lt_geom_compute(&K, &W, &g));
    CHECK_ABS(dist(g.point, v3(0.7, 0.1, 0.099 - 0.1 - 0.5 * g.uN)), 0, TOL_GEOM,
              "parallel capsule: above the centre");
    CHECK_ABS(dist(g.normal, v3(0, 0, -1)), 0, TOL_GEOM, "capsule A -> wall B below it: -z");
    K = mk_capsule(0.1, 0.4, v3(1, 0, 0.1));
    K.pos = v3(0, 0, 0.3);
    CHECK(lt_geom_compute(&K, &W, &g));
    vec3 low = v3_sub(K.pos, v3_scale(lt_body_axis(&K), 0.2));
    CHECK_ABS(g.uN, low.z - 0.1, TOL_GEOM, "tilted capsule: the lower end touches");
    K.pos = v3(0, 0, 0.01);
    CHECK(!lt_geom_compute(&K, &W, &g));
    /* capsule parallel to a facet: the middle of the part above the triangle */
    lt_body F0 = base(), K2 = mk_capsule(0.1, 3, v3(1, 0, 0));
    CHECK(lt_body_set_facet(&F0, v, 0) == 0);
    K2.pos = v3(0.5, 0.25, 0.099);
    CHECK(lt_geom_compute(&K2, &F0, &g));
    CHECK_ABS(dist(g.point, v3(0.375, 0.25, 0.5 * g.uN)), 0, TOL_GEOM,
              "capsule over a facet: middle part");
    /* the axis through the facet: no normal */
    K2 = mk_capsule(0.1, 1, v3(0, 0, 1));
    K2.pos = v3(0.2, 0.2, 0);
    CHECK(!lt_geom_compute(&K2, &F0, &g));
}

/* Walls are two-sided and the placement normal must be along a wall's or facet's own. */
static void test_wall_and_facet_conventions(void)
{
    lt_body W = mk_wall(v3(0, 0, 1), v3(0, 0, 2)), S = mk_sphere(0.1);
    lt_geom g;
    S.pos = v3(0.3, 0.4, 0.95); /* below the plane z = 1 */
    CHECK(lt_geom_compute(&S, &W, &g));
    CHECK_ABS(dist(g.normal, v3(0, 0, 1)), 0, TOL_GEOM, "A (below) -> B (the wall): +z");
    CHECK_ABS(g.uN, 0.05 - 0.1, TOL_GEOM, "sphere below the wall");
    CHECK(lt_geom_compute(&W, &S, &g));
    CHECK_ABS(dist(g.normal, v3(0, 0, -1)), 0, TOL_GEOM, "A (the wall) -> B (below): -z");
    /* placement: either sign of the wall's normal, snapped to it exactly */
    vec3 n = v3_normalized(v3(1e-12, 0, -1));
    CHECK(lt_geom_normal_problem(&W, &S, n) == NULL);
    CHECK(lt_geom_place(&W, &S, &n, 0));
    vec3 wn = lt_body_axis(&W);
    CHECK(n.x == -wn.x && n.y == -wn.y && n.z == -wn.z); /* exactly the wall's own normal */
    CHECK_ABS(dist(S.pos, v3(0, 0, 0.9)), 0, TOL_GEOM, "sphere placed below the wall point");
    vec3 bad = v3_normalized(v3(0, 0.1, 1));
    CHECK(lt_geom_normal_problem(&W, &S, bad) != NULL);
    CHECK(!lt_geom_place(&W, &S, &bad, 0));
    lt_body F = mk_facet_around(v3(0, 0, 0), v3(0, 1, 0), 0.5, 0);
    CHECK(lt_geom_normal_problem(&S, &F, v3(0, -1, 0)) == NULL);
    CHECK(lt_geom_normal_problem(&S, &F, v3(1, 0, 0)) != NULL);
    /* the gap must leave the cores apart */
    lt_body A = mk_sphere(0.1), B = mk_capsule(0.2, 0.3, v3(1, 0, 0));
    n = v3(0, 0, 1);
    CHECK(lt_geom_min_gap(&A, &B) == -(0.1 + 0.2));
    CHECK(!lt_geom_place(&A, &B, &n, -(0.1 + 0.2)));
    CHECK(lt_geom_place(&A, &B, &n, -0.29));
}

static void test_flat_pairs_undefined(void)
{
    CHECK(!lt_geom_pair_defined(LT_WALL, LT_WALL));
    CHECK(!lt_geom_pair_defined(LT_WALL, LT_FACET));
    CHECK(!lt_geom_pair_defined(LT_FACET, LT_WALL));
    CHECK(!lt_geom_pair_defined(LT_FACET, LT_FACET));
    lt_body W = mk_wall(v3(0, 0, 0), v3(0, 0, 1)), V = mk_wall(v3(0, 0, 1), v3(0, 0, 1));
    lt_geom g;
    CHECK(!lt_geom_compute(&W, &V, &g));
    vec3 n = v3(0, 0, 1);
    CHECK(!lt_geom_place(&W, &V, &n, 0));
    for (int i = 0; i < LT_SHAPE_COUNT; i++)
        for (int j = 0; j < LT_SHAPE_COUNT; j++) {
            int flat_pair = (i == LT_WALL || i == LT_FACET) && (j == LT_WALL || j == LT_FACET);
            CHECK_MSG(lt_geom_pair_defined(i, j) == !flat_pair, "%s-%s", lt_shape_name(i),
                      lt_shape_name(j));
        }
}

/* The arc-drift rule of every pair: after a tangential plus a normal step of B and the
 * correction to the carried value (lt_geom_arc_value + the normal step), uN has changed by the
 * normal step only. */
static void test_arc_rules(void)
{
    pair_case c[32];
    int n = make_cases(c);
    for (int k = 0; k < n; k++) {
        lt_body A = c[k].a, B = c[k].b;
        vec3 nn = c[k].n;
        CHECK(lt_geom_place(&A, &B, &nn, -1e-3));
        lt_geom g0, g1;
        CHECK(lt_geom_compute(&A, &B, &g0));
        mat3 R = m3_frame_from_normal(g0.normal);
        for (int dir = 1; dir <= 2; dir++) {
            lt_body Bm = B;
            double dt_ = 2e-3, dn = -3e-4; /* m: tangential and normal step */
            Bm.pos = v3_add(B.pos, v3_add(v3_scale(R.r[dir], dt_), v3_scale(g0.normal, dn)));
            /* the driver carries the rule's quantity plus the normal motion */
            double target = lt_geom_arc_value(&A, &B) + dn;
            vec3 d = lt_geom_arc_correction(&A, &Bm, target);
            Bm.pos = v3_add(Bm.pos, d);
            CHECK(lt_geom_compute(&A, &Bm, &g1));
            CHECK_MSG(fabs(g1.uN - (g0.uN + dn)) <= TOL_GEOM,
                      "%s, tangent %d: uN %.17g, expected %.17g (rule %s)", c[k].label, dir, g1.uN,
                      g0.uN + dn, lt_geom_arc_rule(A.shape, B.shape));
            if (A.shape == LT_WALL || B.shape == LT_WALL)
                CHECK_MSG(d.x == 0 && d.y == 0 && d.z == 0, "%s: a wall pair needs no correction",
                          c[k].label);
        }
    }
    /* the shaft: a step along the axis needs no correction, one around it the cylinder's */
    lt_body S = mk_sphere(0.1), K = mk_capsule(0.2, 1, v3(1, 0, 0));
    vec3 nz = v3(0, 0, 1);
    CHECK(lt_geom_place(&K, &S, &nz, 0));
    lt_geom g;
    CHECK(lt_geom_compute(&K, &S, &g));
    lt_body Sm = S;
    Sm.pos.x += 0.01;
    double target = lt_geom_arc_value(&K, &S);
    vec3 d = lt_geom_arc_correction(&K, &Sm, target);
    CHECK_ABS(v3_norm(d), 0, TOL_GEOM, "along the shaft: no drift");
    Sm = S;
    Sm.pos.y += 0.01;
    d = lt_geom_arc_correction(&K, &Sm, target);
    double D = 0.3, drift = sqrt(D * D + 1e-4) - D;
    CHECK_REL(v3_norm(d), drift, 1e-10,
              "around the shaft: the cylinder's drift sqrt(D^2 + s^2) - D");
}

/* The driver's arc step (geom.h): after a tangential plus a normal step, the pair's geometry
 * displaced along its normal by the shortfall (lt_geom_shift_normal, B's share wt) equals the
 * geometry computed at the displaced positions, for every pair and share.  Tolerance: the
 * two differ by the rounding of positions of order 1 m (a few 1e-16 m); TOL_GEOM (1e-14) is
 * far below any geometric effect of the step (the correction itself is 1e-5 m here). */
static void test_arc_shift_matches_geometry(void)
{
    pair_case c[32];
    int n = make_cases(c);
    const double shares[3] = {0, 0.3, 1};
    int corrected = 0;
    for (int k = 0; k < n; k++)
        for (int sh = 0; sh < 3; sh++) {
            lt_body A = c[k].a, B = c[k].b;
            vec3 nn = c[k].n;
            CHECK(lt_geom_place(&A, &B, &nn, -1e-3));
            lt_geom g0, g, h;
            CHECK(lt_geom_compute(&A, &B, &g0));
            mat3 R = m3_frame_from_normal(g0.normal);
            double wt = shares[sh], dn = -3e-4, target = lt_geom_arc_value(&A, &B) + dn;
            B.pos = v3_add(B.pos, v3_add(v3_scale(R.r[1], 2e-3), v3_scale(g0.normal, dn)));
            CHECK(lt_geom_compute(&A, &B, &g));
            double s = isnan(target) ? 0 : lt_geom_arc_shortfall(&A, &B, &g, target);
            corrected += s != 0;
            B.pos = v3_axpy(s * wt, g.normal, B.pos);
            A.pos = v3_axpy(-s * (1 - wt), g.normal, A.pos);
            lt_geom_shift_normal(&g, s, wt);
            CHECK(lt_geom_compute(&A, &B, &h));
            double err =
                fmax(fmax(fabs(g.uN - h.uN), fabs(g.dist - h.dist)),
                     fmax(fmax(dist(g.normal, h.normal), dist(g.point, h.point)),
                          fmax(dist(g.branch[0], h.branch[0]), dist(g.branch[1], h.branch[1]))));
            CHECK_MSG(err <= TOL_GEOM,
                      "%s, share %g: shifted geometry off the computed one by %.3g m", c[k].label,
                      wt, err);
            CHECK_MSG(fabs(h.uN - (g0.uN + dn)) <= TOL_GEOM, "%s: uN %.17g, expected %.17g",
                      c[k].label, h.uN, g0.uN + dn);
        }
    CHECK_MSG(corrected >= n, "only %d of %d cases needed a correction", corrected, 3 * n);
}

const test_case geom_tests[] = {
    TEST(closest_segment_segment),    TEST(closest_point_triangle),
    TEST(closest_segment_triangle),   TEST(pairs_place_and_measure),
    TEST(pairs_contact_points),       TEST(wall_and_facet_conventions),
    TEST(flat_pairs_undefined),       TEST(arc_rules),
    TEST(arc_shift_matches_geometry), {0, 0},
};
