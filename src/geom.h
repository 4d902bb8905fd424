/* src/geom.h - contact geometry: one table of shape-pair functions giving the local contact
 * description (SI units).
 *
 * For bodies A and B a geometry function returns the unit normal n (from A to B), uN (gap along n,
 * negative in overlap), the contact point, the branch vectors (contact point minus each centre),
 * the branch lengths l1, l2 (the seed's "lens"), the connector area contA = pi min(l1,l2)^2 and
 * the radius of curvature of each surface at the contact point (rcurv, INFINITY for a flat face;
 * Hertzian laws need it: a flat face's branch length is by convention the other body's radius).
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
    double rcurv[2];  /* m, radius of curvature of A's and B's surface at the contact point */
} lt_geom;

/* 1 if the pair (a, b) has a geometry function. */
int geom_pair_defined(lt_shape_kind a, lt_shape_kind b);

/* Geometry of the pair in its A, B order. Returns 0 if the pair is undefined. */
int geom_compute(const lt_body *a, const lt_body *b, lt_geom *g);

/* Place b relative to a so that the contact normal is n (unit) and uN = gap. */
int geom_place(const lt_body *a, lt_body *b, vec3 n, double gap);

/* Imposed tangential motion moves a round body on a straight line and so increases its
 * distance from the other body by O((v dt)^2 / d) per step (the arc drift).  Given the pair's
 * relative centre vector before the step and after the step, return the displacement to add to
 * B's relative position so that the gap changes only by the normal relative motion. */
vec3 geom_arc_correction(const lt_body *a, const lt_body *b, vec3 rel_before, vec3 rel_after);

#endif
