/* src/base/closest.h - closest points between the cores of the shapes: point, segment, triangle
 * (lengths in m; no other units).
 *
 * Where the closest points are not unique (parallel segments, a segment parallel to a
 * triangle), the functions return the middle of the set of closest points along the segment,
 * so the answer is deterministic, symmetric and moves continuously when one body slides along
 * the other.  "Parallel" means an angle below CL_PARALLEL (rad): below it the difference in
 * distance between the two ends of a segment is round-off, not geometry.
 */
#ifndef LT_CLOSEST_H
#define LT_CLOSEST_H
#include "base/vec.h"

#define CL_PARALLEL 1e-12 /* rad */

/* Parameter t in [0, 1] of the point of segment p0 + t (p1 - p0) closest to x. */
double lt_cl_point_segment(vec3 x, vec3 p0, vec3 p1);

/* Parameters s, t in [0, 1] of the closest points P(s) of [p0, p1] and Q(t) of [q0, q1].
 * Parallel segments: s is the middle of the part of [p0, p1] facing [q0, q1] (or the end
 * nearest to it when they do not face each other), t the point of Q closest to P(s). */
void lt_cl_segment_segment(vec3 p0, vec3 p1, vec3 q0, vec3 q1, double *s, double *t);

/* Point of triangle v[0..2] closest to x (the triangle must not be degenerate). */
vec3 lt_cl_point_triangle(vec3 x, const vec3 v[3]);

/* Closest points of segment [p0, p1] (*on_seg) and triangle v (*on_tri).  Returns 0 when the
 * segment crosses or touches the triangle (distance 0: no unique normal), 1 otherwise.  A
 * segment parallel to the triangle's plane whose projection falls on the triangle gets the
 * middle of that part. */
int lt_cl_segment_triangle(vec3 p0, vec3 p1, const vec3 v[3], vec3 *on_seg, vec3 *on_tri);

#endif
