/* src/geom.h - contact geometry: one table of shape-pair functions giving the local contact
 * description (SI units).
 *
 * For bodies A and B a geometry function returns the unit normal n (from A to B), uN (gap along n,
 * negative in overlap), the contact point, the branch vectors (contact point minus each centre),
 * the branch lengths l1, l2 (the seed's "lens") and the connector area contA = pi min(l1,l2)^2.
 * The table is indexed by the unordered shape pair; the swap of A and B for a pair stored the
 * other way round is handled in one place (geom_compute), so every function sees its own order.
 */
#ifndef LT_GEOM_H
#define LT_GEOM_H
#include "body.h"

typedef struct lt_geom {
    double uN;        /* m */
    vec3 normal;      /* unit, A -> B */
    vec3 point;       /* m, contact point */
    vec3 branch[2];   /* m, contact point minus centre of A, of B */
    double lens[2];   /* m, branch lengths for the stiffness rule */
    double contA;     /* m^2 */
} lt_geom;

/* 1 if the pair (a, b) has a geometry function. */
int geom_pair_defined(lt_shape_kind a, lt_shape_kind b);

/* 1 if the geometry of the pair depends on the bodies' orientations (0 for round pairs: the
 * driver then moves its trial bodies without turning them). */
int geom_pair_uses_orientation(lt_shape_kind a, lt_shape_kind b);

/* Geometry of the pair in its A, B order. Returns 0 if the pair is undefined. */
int geom_compute(const lt_body *a, const lt_body *b, lt_geom *g);

/* Place b relative to a so that the contact normal is n (unit) and uN = gap. */
int geom_place(const lt_body *a, lt_body *b, vec3 n, double gap);

/* Imposed tangential motion moves a body on a straight line and so changes its distance from
 * the other body (the arc drift).  The driver carries the gap the imposed motion should give
 * (geom_arc_gap before the first such step, plus the relative motion along the imposing normal
 * at every step) and adds the displacement geom_arc_correction returns to B's position relative
 * to A so that the pair has that gap again.  Both depend on the shape pair. */
double geom_arc_gap(const lt_body *a, const lt_body *b);
vec3 geom_arc_correction(const lt_body *a, const lt_body *b, double gap);

#endif
