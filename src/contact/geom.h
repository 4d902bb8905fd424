/* src/contact/geom.h - contact geometry: one table of shape-pair entries giving the local contact
 * description (SI units: m, m^2).
 *
 * For bodies A and B a geometry function finds the closest points qA, qB of their cores
 * (centre, capsule segment, facet triangle, wall plane; body.h) and returns
 *   normal n = (qB - qA)/|qB - qA|          unit, from A to B
 *   uN = |qB - qA| - rhoA - rhoB            m, < 0 in overlap (rho = round radius, body.h)
 *   point = qA + (rhoA + uN/2) n            m, the middle of the overlap
 *   branch[i] = point - pos_i               m   (lever arm "contact", the default)
 *   branch[0] = qA + rhoA n - pos_A,        m   (lever arm "radius": each body's own surface
 *   branch[1] = qB - rhoB n - pos_B               point on the normal; a sphere's is r n)
 *   lens = Woo's documented branch lengths (raw, before any reduction by the overlap):
 *     round bodies (sphere, capsule) their radius; flat bodies (wall, facet with halfThick 0)
 *     the other body's radius; a facet with a sphere or a capsule max(halfThick, r) for the
 *     facet and r for the other (Woo's documented facet + sphere rule, applied to capsules too, so
 *     that kn does not collapse as halfThick -> 0+; see docs/stiffness.md)
 *   contA = pi min(l1, l2)^2                m^2, from the raw lengths (= the radii)
 * The table is indexed by the unordered shape pair; a pair stored the other way round is
 * computed as (B, A) and swapped back in one place (lt_geom_compute), so every function sees its
 * own order.  Two flat bodies (wall-wall, wall-facet, facet-facet) have no entry.
 *
 * Walls and facets are two-sided: the normal points to the side the other body is on.
 * rcurv[i]: the radius of curvature of each surface at the contact point (INFINITY for a flat
 * face; Hertzian laws need it, since a flat face's branch length is by convention the other
 * body's radius).
 */
#ifndef LT_GEOM_H
#define LT_GEOM_H
#include "base/body.h"

/* The lever arm of contact torques (docs/mechanics.md, "Lever arm"): where the branches end.
 *   LT_LEVER_CONTACT  at the contact point, the middle of the overlap (a sphere's branch is
 *                     r - delta/2 long, delta = -uN); both bodies' branches end at one point.
 *   LT_LEVER_RADIUS   at each body's own surface point on the normal (a sphere's branch is r
 *                     long: rigid-body theory, LAMMPS's pair gran/hooke/history); the two
 *                     points are the overlap delta apart along n. */
typedef enum lt_lever_arm { LT_LEVER_CONTACT = 0, LT_LEVER_RADIUS = 1 } lt_lever_arm;

typedef struct lt_geom {
    double uN;   /* m */
    double dist; /* m, distance of the core points: uN + both rho (sphere pairs: of the centres) */
    vec3 normal; /* unit, A -> B */
    vec3 point;  /* m, contact point */
    vec3 branch[2];     /* m, contact point minus centre of A, of B */
    double lens[2];     /* m, raw branch lengths for the stiffness rule (Woo's documented rules) */
    double contA;       /* m^2, pi min(lens)^2 */
    double rcurv[2];    /* m, radius of curvature of A's and B's surface at the contact point */
    double lever_share; /* -, share of a normal displacement s the branches take (+share s n
                           for A, -share s n for B): 1/2 for LT_LEVER_CONTACT, 0 for
                           LT_LEVER_RADIUS (lt_geom_shift_normal) */
} lt_geom;

/* Largest angle (rad) between a placement normal and a wall's or facet's own normal that is
 * taken as parallel (round-off in normals computed by a script). */
#define GEOM_NORMAL_TOL 1e-9

/* 1 if the pair (a, b) has a geometry function. */
int lt_geom_pair_defined(lt_shape_kind a, lt_shape_kind b);

/* 1 if the geometry of the pair depends on the bodies' orientations (0 for round pairs: the
 * driver then moves its trial bodies without turning them). */
int lt_geom_pair_uses_orientation(lt_shape_kind a, lt_shape_kind b);

/* Geometry of the pair in its A, B order, branches to the contact point (LT_LEVER_CONTACT).
 * Returns 0 if the pair is undefined or the closest points coincide (no normal: a centre on a
 * wall, a capsule axis through a facet). */
int lt_geom_compute(const lt_body *a, const lt_body *b, lt_geom *g);
/* The same with the branches of lever arm `lever` (LT_LEVER_CONTACT: lt_geom_compute). */
int lt_geom_compute_lever(const lt_body *a, const lt_body *b, lt_geom *g, lt_lever_arm lever);
/* Turn a geometry computed with LT_LEVER_CONTACT into LT_LEVER_RADIUS: each branch moved by
 * half the gap along n to its body's own surface point (A: -uN/2 n, B: +uN/2 n). */
void lt_geom_lever_radius(lt_geom *g);

/* The functions of one shape pair, looked up once for a caller that computes the same pair
 * every step (the driver): compute is lt_geom_compute_lever for that pair and lever arm (for
 * LT_LEVER_CONTACT the pair's own function when it is stored in the caller's order, else
 * lt_geom_compute itself, which swaps);
 * arc_of_geom reads the arc-drift rule's quantity from a geometry (NULL: the pair has no arc
 * drift), so that lt_geom_arc_shortfall(a, b, g, target) = target - arc_of_geom(g). */
typedef struct geom_ops {
    int (*compute)(const lt_body *a, const lt_body *b, lt_geom *g);
    double (*arc_of_geom)(const lt_geom *g);
    int sphere_sphere; /* 1: compute is lt_geom_sphere_sphere (callers may inline it) */
} geom_ops;
geom_ops lt_geom_pair_ops(lt_shape_kind a, lt_shape_kind b, lt_lever_arm lever);

/* The geometry of two spheres with the lever arm at the contact point (their pair's compute):
 * finish_points (geom.c) written out -- a sphere's rho and curvature radius are its radius, so
 * the same operations in the same order give the same bits without the calls and the shape
 * tests.  Inline for the driver's free step (driver.c), which runs it on every step of an impact.
 * 1, or 0 for coincident centres (no normal). */
static inline int lt_geom_sphere_sphere(const lt_body *a, const lt_body *b, lt_geom *g)
{
    vec3 d = v3_sub(b->pos, a->pos);
    double dist = v3_norm(d);
    if (!(dist > 0)) return 0;
    vec3 n = v3_scale(d, 1.0 / dist);
    double rA = a->radius, rB = b->radius;
    g->normal = n;
    g->uN = dist - (rA + rB);
    g->dist = dist;
    g->point = v3_axpy(rA + 0.5 * g->uN, n, a->pos);
    g->branch[0] = v3_sub(g->point, a->pos);
    g->branch[1] = v3_sub(g->point, b->pos);
    g->lens[0] = rA;
    g->lens[1] = rB;
    double lmin = rA < rB ? rA : rB;
    g->contA = LT_PI * lmin * lmin;
    g->rcurv[0] = rA;
    g->rcurv[1] = rB;
    g->lever_share = 0.5;
    return 1;
}

/* NULL if the unit normal n (A -> B) can be the initial normal of the pair, else why not
 * (a wall's or facet's contact normal at placement is its own normal, either sign). */
const char *lt_geom_normal_problem(const lt_body *a, const lt_body *b, vec3 n);

/* Smallest admissible initial gap: the centre (core) distance must stay positive, so
 * gap > -(rhoA + rhoB) (m). */
double lt_geom_min_gap(const lt_body *a, const lt_body *b);

/* Translate b (never rotate it) so that the contact normal is *n and uN = gap.  *n is snapped
 * to the flat body's own normal (with the sign of *n).  The contact point is chosen on each
 * body deterministically: a sphere's centre line; a capsule's centre when n is perpendicular
 * to its axis (within CL_PARALLEL), else the cap n points to; a facet's centroid; a wall's
 * point.  Returns 0 (b unchanged) if the pair cannot be placed so (lt_geom_normal_problem, or
 * gap <= lt_geom_min_gap). */
int lt_geom_place(const lt_body *a, lt_body *b, vec3 *n, double gap);

/* Imposed tangential motion moves B on a straight line and so may change the gap by
 * O((v dt)^2 / d) per step (the arc drift).  The driver carries, through imposed shear, the
 * value of a per-pair quantity that the imposed motion should give — lt_geom_arc_value before
 * the first such step, plus the relative motion along the imposing normal at every step — and
 * after each move displaces B relative to A along the normal n of the moved pair's geometry g
 * by s = lt_geom_arc_shortfall(g, target), which gives the quantity that value again.  The rule is
 * a per-pair entry of the geometry table:
 *   centre distance (sphere-sphere): the quantity is |xB - xA| (g.dist), and a displacement
 *     along the line of centres changes it by exactly s;
 *   none (pairs with a wall): a motion parallel to a plane does not change the gap (value NaN,
 *     shortfall 0);
 *   gap (the others): the quantity is uN; moving B along n changes it by exactly s (point,
 *     segment and triangle cores: B's closest point moves with it).
 * Either way the displacement keeps n, and lt_geom_shift_normal gives the geometry after it
 * without computing it again (the driver's step needs one geometry evaluation, not two). */
double lt_geom_arc_value(const lt_body *a, const lt_body *b);
double lt_geom_arc_shortfall(const lt_body *a, const lt_body *b, const lt_geom *g, double target);
/* g after B moved by s wt n and A by -s (1 - wt) n, n = g->normal (wt: B's share, the test's
 * abWeight): n, lens, area and curvatures kept, uN and dist grown by s, the contact point
 * carried half-way (it stays mid-gap) and the branches by +k s n (A) and -k s n (B), k =
 * g->lever_share (1/2 for the contact point; 0 for the radius: each surface point moves with
 * its body).  Equal to lt_geom_compute_lever at the moved positions up to round-off
 * (tests/test_geom.c, tests/test_lever.c). */
void lt_geom_shift_normal(lt_geom *g, double s, double wt);
/* The displacement s n of B relative to A that the rule asks for at the pair's current
 * positions (computes the geometry; for tests and one-off use). */
vec3 lt_geom_arc_correction(const lt_body *a, const lt_body *b, double target);

/* Name of the pair's arc-drift rule ("centre distance", "none", "gap"); "?" if undefined. */
const char *lt_geom_arc_rule(lt_shape_kind a, lt_shape_kind b);

#endif
