/* src/contact/geom.c - shape-pair geometry functions and their table (SI units: m).
 *
 * Theory (definitions in geom.h): every function finds the closest points qA, qB of the two
 * cores, then finish() derives n, uN, the contact point, branches, lens and contA the same way
 * for all pairs.
 *   sphere-sphere    qA, qB = the centres.
 *   sphere-capsule   qB = the point of B's segment closest to A's centre (clamped projection).
 *   capsule-capsule  closest points of the two segments (parallel: middle of the facing part).
 *   sphere-facet     qB = the point of the triangle closest to A's centre.
 *   capsule-facet    closest points of segment and triangle (parallel: middle of the part of
 *                    the segment above the triangle); no normal if the axis crosses the facet.
 *   sphere-wall      s = (xA - P).nw; qB = xA - s nw, n = -sign(s) nw exactly (two-sided).
 *   capsule-wall     s0, s1 of the two ends; the end nearer the plane, or the centre when the
 *                    axis is parallel to the wall (|s0 - s1| <= CL_PARALLEL L); no normal if
 *                    the axis crosses the plane.
 * Branches end at the contact point; lt_geom_compute_lever moves them to each body's surface
 * point for the lever arm "radius" (geom.h).
 * Branch lengths ([Woo], "Non-spherical particles"): round-round (r1, r2); flat + round
 * (r, r); facet + sphere or capsule (max(h, r), r).  contA = pi min(l1, l2)^2.
 * Curvature radii at the contact point (rcurv, for Hertzian laws): a sphere or a capsule its
 * radius (a capsule's transverse radius: exact on a cap, an approximation of the cylinder's
 * line contact on the shaft), a wall or facet INFINITY (the flat face; a facet's rounded edges
 * are not modelled as such).
 */
#include "contact/geom.h"
#include "base/closest.h"
#include <math.h>
#include <stddef.h>

typedef int (*geom_fn)(const lt_body *a, const lt_body *b, lt_geom *g);
typedef double (*arc_value_fn)(const lt_body *a, const lt_body *b);
typedef double (*arc_of_geom_fn)(const lt_geom *g);

typedef struct geom_entry {
    geom_fn compute;
    arc_value_fn arc_value;     /* NULL: no arc drift (pairs with a wall) */
    arc_of_geom_fn arc_of_geom; /* the same quantity read from the pair's geometry */
    const char *arc_rule;
    int uses_orientation; /* the geometry reads the bodies' orientations (all but round pairs) */
} geom_entry;

/* Radius of curvature of a body's surface where it touches (m; INFINITY for a flat face). */
static double surface_curvature_radius(const lt_body *b)
{
    return b->shape == LT_SPHERE || b->shape == LT_CAPSULE ? b->radius : INFINITY;
}

/* Common tail: contact point, branches, lens, area from the core point of A, the unit normal
 * and the core distance. */
static int finish(const lt_body *a, const lt_body *b, vec3 qA, vec3 n, double dist, double lA,
                  double lB, lt_geom *g)
{
    if (!(dist > 0)) return 0;
    double rhoA = lt_body_rho(a), rhoB = lt_body_rho(b);
    g->normal = n;
    g->uN = dist - (rhoA + rhoB);
    g->dist = dist;
    g->point = v3_axpy(rhoA + 0.5 * g->uN, n, qA);
    g->branch[0] = v3_sub(g->point, a->pos);
    g->branch[1] = v3_sub(g->point, b->pos);
    g->lens[0] = lA;
    g->lens[1] = lB;
    double lmin = lA < lB ? lA : lB;
    g->contA = LT_PI * lmin * lmin;
    g->rcurv[0] = surface_curvature_radius(a);
    g->rcurv[1] = surface_curvature_radius(b);
    g->lever_share = 0.5;
    return 1;
}

static int finish_points(const lt_body *a, const lt_body *b, vec3 qA, vec3 qB, double lA, double lB,
                         lt_geom *g)
{
    vec3 d = v3_sub(qB, qA);
    double dist = v3_norm(d);
    if (!(dist > 0)) return 0;
    return finish(a, b, qA, v3_scale(d, 1.0 / dist), dist, lA, lB, g);
}

static void capsule_ends(const lt_body *c, vec3 e[2])
{
    vec3 h = v3_scale(lt_body_axis(c), 0.5 * c->shaft);
    e[0] = v3_sub(c->pos, h);
    e[1] = v3_add(c->pos, h);
}

static void facet_vertices(const lt_body *f, vec3 v[3])
{
    for (int i = 0; i < 3; i++) v[i] = lt_body_vertex(f, i);
}

static double facet_len(const lt_body *f, double r) { return f->halfThick > r ? f->halfThick : r; }

static int geom_sphere_sphere(const lt_body *a, const lt_body *b, lt_geom *g)
{
    return lt_geom_sphere_sphere(a, b, g);
}

static int geom_sphere_capsule(const lt_body *a, const lt_body *b, lt_geom *g)
{
    vec3 e[2];
    capsule_ends(b, e);
    double t = lt_cl_point_segment(a->pos, e[0], e[1]);
    return finish_points(a, b, a->pos, v3_axpy(t, v3_sub(e[1], e[0]), e[0]), a->radius, b->radius,
                         g);
}

static int geom_capsule_capsule(const lt_body *a, const lt_body *b, lt_geom *g)
{
    vec3 p[2], q[2];
    double s, t;
    capsule_ends(a, p);
    capsule_ends(b, q);
    lt_cl_segment_segment(p[0], p[1], q[0], q[1], &s, &t);
    vec3 qA = v3_axpy(s, v3_sub(p[1], p[0]), p[0]), qB = v3_axpy(t, v3_sub(q[1], q[0]), q[0]);
    return finish_points(a, b, qA, qB, a->radius, b->radius, g);
}

static int geom_sphere_facet(const lt_body *a, const lt_body *b, lt_geom *g)
{
    vec3 v[3];
    facet_vertices(b, v);
    return finish_points(a, b, a->pos, lt_cl_point_triangle(a->pos, v), a->radius,
                         facet_len(b, a->radius), g);
}

static int geom_capsule_facet(const lt_body *a, const lt_body *b, lt_geom *g)
{
    vec3 e[2], v[3], qs, qt;
    capsule_ends(a, e);
    facet_vertices(b, v);
    if (!lt_cl_segment_triangle(e[0], e[1], v, &qs, &qt)) return 0;
    return finish_points(a, b, qs, qt, a->radius, facet_len(b, a->radius), g);
}

/* A's core point qA at signed distance s from the wall b: n = -sign(s) nw, exactly. */
static int finish_wall(const lt_body *a, const lt_body *b, vec3 qA, double s, lt_geom *g)
{
    if (s == 0) return 0;
    vec3 nw = lt_body_axis(b);
    return finish(a, b, qA, s > 0 ? v3_neg(nw) : nw, fabs(s), a->radius, a->radius, g);
}

static int geom_sphere_wall(const lt_body *a, const lt_body *b, lt_geom *g)
{
    return finish_wall(a, b, a->pos, v3_dot(v3_sub(a->pos, b->pos), lt_body_axis(b)), g);
}

static int geom_capsule_wall(const lt_body *a, const lt_body *b, lt_geom *g)
{
    vec3 e[2], nw = lt_body_axis(b);
    capsule_ends(a, e);
    double s0 = v3_dot(v3_sub(e[0], b->pos), nw), s1 = v3_dot(v3_sub(e[1], b->pos), nw);
    if ((s0 <= 0 && s1 >= 0) || (s0 >= 0 && s1 <= 0)) return 0; /* axis crosses the plane */
    if (fabs(s0 - s1) <= CL_PARALLEL * a->shaft)
        return finish_wall(a, b, a->pos, v3_dot(v3_sub(a->pos, b->pos), nw), g);
    return fabs(s0) < fabs(s1) ? finish_wall(a, b, e[0], s0, g) : finish_wall(a, b, e[1], s1, g);
}

/* ---- arc-drift rules (geom.h) ------------------------------------------------------------ */

/* centre distance: the gap of a sphere pair is a function of the centre distance only, so
 * that is the quantity kept; the correction moves B along the line of centres. */
static double arc_centre_value(const lt_body *a, const lt_body *b)
{
    return v3_norm(v3_sub(b->pos, a->pos));
}
static double arc_centre_of_geom(const lt_geom *g) { return g->dist; }

/* gap: the quantity kept is uN itself; moving B along the normal by s changes uN by exactly s
 * for point, segment and triangle cores (B's closest point moves with it). */
static double arc_gap_value(const lt_body *a, const lt_body *b)
{
    lt_geom g;
    return lt_geom_compute(a, b, &g) ? g.uN : NAN;
}
static double arc_gap_of_geom(const lt_geom *g) { return g->uN; }

/* The table: entry [i][j] handles A of shape i and B of shape j, for i <= j. */
static const geom_entry geom_table[LT_SHAPE_COUNT][LT_SHAPE_COUNT] = {
    [LT_SPHERE][LT_SPHERE] = {geom_sphere_sphere, arc_centre_value, arc_centre_of_geom,
                              "centre distance", 0},
    [LT_SPHERE][LT_CAPSULE] = {geom_sphere_capsule, arc_gap_value, arc_gap_of_geom, "gap", 1},
    [LT_SPHERE][LT_FACET] = {geom_sphere_facet, arc_gap_value, arc_gap_of_geom, "gap", 1},
    [LT_SPHERE][LT_WALL] = {geom_sphere_wall, NULL, NULL, "none", 1},
    [LT_CAPSULE][LT_CAPSULE] = {geom_capsule_capsule, arc_gap_value, arc_gap_of_geom, "gap", 1},
    [LT_CAPSULE][LT_FACET] = {geom_capsule_facet, arc_gap_value, arc_gap_of_geom, "gap", 1},
    [LT_CAPSULE][LT_WALL] = {geom_capsule_wall, NULL, NULL, "none", 1},
};

static const geom_entry *entry(lt_shape_kind a, lt_shape_kind b)
{
    if (a < 0 || b < 0 || a >= LT_SHAPE_COUNT || b >= LT_SHAPE_COUNT) return NULL;
    const geom_entry *e = a <= b ? &geom_table[a][b] : &geom_table[b][a];
    return e->compute ? e : NULL;
}

int lt_geom_pair_defined(lt_shape_kind a, lt_shape_kind b) { return entry(a, b) != NULL; }

const char *lt_geom_arc_rule(lt_shape_kind a, lt_shape_kind b)
{
    const geom_entry *e = entry(a, b);
    return e ? e->arc_rule : "?";
}

int lt_geom_pair_uses_orientation(lt_shape_kind a, lt_shape_kind b)
{
    const geom_entry *e = entry(a, b);
    return e ? e->uses_orientation : 1;
}

int lt_geom_compute(const lt_body *a, const lt_body *b, lt_geom *g)
{
    const geom_entry *e = entry(a->shape, b->shape);
    if (!e) return 0;
    if (a->shape <= b->shape) return e->compute(a, b, g);
    /* stored the other way round: compute as (b, a), then swap back to the caller's order */
    if (!e->compute(b, a, g)) return 0;
    g->normal = v3_neg(g->normal);
    vec3 t = g->branch[0];
    g->branch[0] = g->branch[1];
    g->branch[1] = t;
    double l = g->lens[0];
    g->lens[0] = g->lens[1];
    g->lens[1] = l;
    l = g->rcurv[0];
    g->rcurv[0] = g->rcurv[1];
    g->rcurv[1] = l;
    return 1;
}

void lt_geom_lever_radius(lt_geom *g)
{
    vec3 half = v3_scale(g->normal, 0.5 * g->uN);
    g->branch[0] = v3_sub(g->branch[0], half);
    g->branch[1] = v3_add(g->branch[1], half);
    g->lever_share = 0;
}

static int geom_compute_radius(const lt_body *a, const lt_body *b, lt_geom *g)
{
    if (!lt_geom_compute(a, b, g)) return 0;
    lt_geom_lever_radius(g);
    return 1;
}

int lt_geom_compute_lever(const lt_body *a, const lt_body *b, lt_geom *g, lt_lever_arm lever)
{
    return lever == LT_LEVER_RADIUS ? geom_compute_radius(a, b, g) : lt_geom_compute(a, b, g);
}

geom_ops lt_geom_pair_ops(lt_shape_kind a, lt_shape_kind b, lt_lever_arm lever)
{
    const geom_entry *e = entry(a, b);
    geom_ops ops = {.compute = lever == LT_LEVER_RADIUS ? geom_compute_radius : lt_geom_compute};
    if (!e) return ops;
    if (a <= b && lever != LT_LEVER_RADIUS) ops.compute = e->compute;
    ops.sphere_sphere = ops.compute == geom_sphere_sphere;
    ops.arc_of_geom = e->arc_of_geom;
    return ops;
}

double lt_geom_arc_value(const lt_body *a, const lt_body *b)
{
    const geom_entry *e = entry(a->shape, b->shape);
    return e && e->arc_value ? e->arc_value(a, b) : NAN;
}

double lt_geom_arc_shortfall(const lt_body *a, const lt_body *b, const lt_geom *g, double target)
{
    const geom_entry *e = entry(a->shape, b->shape);
    return e && e->arc_of_geom ? target - e->arc_of_geom(g) : 0;
}

void lt_geom_shift_normal(lt_geom *g, double s, double wt)
{
    vec3 half = v3_scale(g->normal, g->lever_share * s);
    g->uN += s;
    g->dist += s;
    g->point = v3_axpy(s * (wt - 0.5), g->normal, g->point);
    g->branch[0] = v3_add(g->branch[0], half);
    g->branch[1] = v3_sub(g->branch[1], half);
}

vec3 lt_geom_arc_correction(const lt_body *a, const lt_body *b, double target)
{
    lt_geom g;
    if (!lt_geom_compute(a, b, &g)) return v3(0, 0, 0);
    return v3_scale(g.normal, lt_geom_arc_shortfall(a, b, &g, target));
}

/* ---- placement -------------------------------------------------------------------------- */

static int has_plane(const lt_body *b) { return b->shape == LT_WALL || b->shape == LT_FACET; }

const char *lt_geom_normal_problem(const lt_body *a, const lt_body *b, vec3 n)
{
    const lt_body *bodies[2] = {a, b};
    for (int i = 0; i < 2; i++) {
        if (!has_plane(bodies[i])) continue;
        vec3 p = lt_body_plane_normal(bodies[i]);
        if (v3_norm(v3_cross(p, n)) > GEOM_NORMAL_TOL || v3_dot(p, n) == 0)
            return bodies[i]->shape == LT_WALL
                       ? (i == 0 ? "is not along the normal of the wall A (either sign)"
                                 : "is not along the normal of the wall B (either sign)")
                       : (i == 0 ? "is not along the normal of the facet A (either sign)"
                                 : "is not along the normal of the facet B (either sign)");
    }
    return NULL;
}

double lt_geom_min_gap(const lt_body *a, const lt_body *b)
{
    return -(lt_body_rho(a) + lt_body_rho(b));
}

/* Offset from b->pos to the core point b touches with when the other body lies in direction m. */
static vec3 support_offset(const lt_body *b, vec3 m)
{
    if (b->shape != LT_CAPSULE) return v3(0, 0, 0); /* centre, centroid, plane point */
    vec3 ax = lt_body_axis(b);
    double c = v3_dot(m, ax);
    if (fabs(c) <= CL_PARALLEL) return v3(0, 0, 0);
    return v3_scale(ax, (c > 0 ? 0.5 : -0.5) * b->shaft);
}

int lt_geom_place(const lt_body *a, lt_body *b, vec3 *n, double gap)
{
    if (!lt_geom_pair_defined(a->shape, b->shape) || lt_geom_normal_problem(a, b, *n) ||
        !(gap > lt_geom_min_gap(a, b)))
        return 0;
    vec3 m = *n;
    const lt_body *flat = has_plane(a) ? a : has_plane(b) ? b : NULL;
    if (flat) {
        vec3 p = lt_body_plane_normal(flat);
        m = v3_dot(p, m) > 0 ? p : v3_neg(p);
    }
    double d = lt_body_rho(a) + lt_body_rho(b) + gap;
    vec3 qA = v3_add(a->pos, support_offset(a, m));
    b->pos = v3_sub(v3_axpy(d, m, qA), support_offset(b, v3_neg(m)));
    *n = m;
    return 1;
}
