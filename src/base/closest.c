/* src/base/closest.c - closest points between points, segments and triangles (see closest.h).
 *
 * Theory: point-segment is the clamped projection.  Segment-segment minimises
 * |P(s) - Q(t)|^2, a convex quadratic in (s, t): the unconstrained minimum clamped to [0,1]
 * for s, then t recomputed and clamped, then s recomputed if t was clamped (C. Ericson,
 * Real-Time Collision Detection, 2005, sec. 5.1.9); parallel segments are handled apart (the
 * quadratic is then only semi-definite).  Point-triangle classifies x by the Voronoi regions of
 * the vertices, edges and face using dot products only (Ericson sec. 5.1.5).  Segment-triangle
 * (no crossing): the minimum lies at a segment end against the triangle, or on a triangle edge
 * against the segment, unless the segment is parallel to the plane, where the closest set is
 * the part of the segment above the triangle (clipped against the three edge half planes).
 */
#include "base/closest.h"

static double clamp01(double x) { return x < 0 ? 0 : x > 1 ? 1 : x; }

double lt_cl_point_segment(vec3 x, vec3 p0, vec3 p1)
{
    vec3 d = v3_sub(p1, p0);
    double dd = v3_dot(d, d);
    return dd > 0 ? clamp01(v3_dot(v3_sub(x, p0), d) / dd) : 0;
}

void lt_cl_segment_segment(vec3 p0, vec3 p1, vec3 q0, vec3 q1, double *s, double *t)
{
    vec3 d1 = v3_sub(p1, p0), d2 = v3_sub(q1, q0), r = v3_sub(p0, q0);
    double a = v3_dot(d1, d1), e = v3_dot(d2, d2), f = v3_dot(d2, r);
    if (a <= 0 && e <= 0) {
        *s = *t = 0;
        return;
    }
    if (a <= 0) {
        *s = 0;
        *t = clamp01(f / e);
        return;
    }
    double c = v3_dot(d1, r);
    if (e <= 0) {
        *t = 0;
        *s = clamp01(-c / a);
        return;
    }
    double b = v3_dot(d1, d2), denom = a * e - b * b;
    if (denom <= CL_PARALLEL * CL_PARALLEL * a * e) {
        /* parallel: parameters of q0, q1 along P; the middle of the facing part */
        double sq0 = -c / a, sq1 = (b - c) / a;
        double lo = sq0 < sq1 ? sq0 : sq1, hi = sq0 < sq1 ? sq1 : sq0;
        if (lo < 0) lo = 0;
        if (hi > 1) hi = 1;
        if (lo <= hi)
            *s = 0.5 * (lo + hi);
        else
            *s = (sq0 < 0 && sq1 < 0) ? 0 : 1;
        *t = lt_cl_point_segment(v3_axpy(*s, d1, p0), q0, q1);
        return;
    }
    *s = clamp01((b * f - c * e) / denom);
    *t = (b * *s + f) / e;
    if (*t < 0) {
        *t = 0;
        *s = clamp01(-c / a);
    } else if (*t > 1) {
        *t = 1;
        *s = clamp01((b - c) / a);
    }
}

vec3 lt_cl_point_triangle(vec3 x, const vec3 v[3])
{
    vec3 a = v[0], b = v[1], c = v[2];
    vec3 ab = v3_sub(b, a), ac = v3_sub(c, a), ap = v3_sub(x, a);
    double d1 = v3_dot(ab, ap), d2 = v3_dot(ac, ap);
    if (d1 <= 0 && d2 <= 0) return a;
    vec3 bp = v3_sub(x, b);
    double d3 = v3_dot(ab, bp), d4 = v3_dot(ac, bp);
    if (d3 >= 0 && d4 <= d3) return b;
    double vc = d1 * d4 - d3 * d2;
    if (vc <= 0 && d1 >= 0 && d3 <= 0) return v3_axpy(d1 / (d1 - d3), ab, a);
    vec3 cp = v3_sub(x, c);
    double d5 = v3_dot(ab, cp), d6 = v3_dot(ac, cp);
    if (d6 >= 0 && d5 <= d6) return c;
    double vb = d5 * d2 - d1 * d6;
    if (vb <= 0 && d2 >= 0 && d6 <= 0) return v3_axpy(d2 / (d2 - d6), ac, a);
    double va = d3 * d6 - d5 * d4;
    if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0)
        return v3_axpy((d4 - d3) / ((d4 - d3) + (d5 - d6)), v3_sub(c, b), b);
    double den = 1.0 / (va + vb + vc);
    return v3_add(a, v3_add(v3_scale(ab, vb * den), v3_scale(ac, vc * den)));
}

/* 1 if x (in the triangle's plane, up to round-off) lies inside or on the triangle. */
static int inside_triangle(vec3 x, const vec3 v[3], vec3 n)
{
    for (int k = 0; k < 3; k++) {
        vec3 e = v3_sub(v[(k + 1) % 3], v[k]);
        if (v3_dot(v3_sub(x, v[k]), v3_cross(n, e)) < 0) return 0;
    }
    return 1;
}

int lt_cl_segment_triangle(vec3 p0, vec3 p1, const vec3 v[3], vec3 *on_seg, vec3 *on_tri)
{
    vec3 n = v3_normalized(v3_cross(v3_sub(v[1], v[0]), v3_sub(v[2], v[0])));
    vec3 d = v3_sub(p1, p0);
    double h0 = v3_dot(v3_sub(p0, v[0]), n), h1 = v3_dot(v3_sub(p1, v[0]), n);
    /* the segment meets the plane at a point inside the triangle: no unique normal */
    if ((h0 <= 0 && h1 >= 0) || (h0 >= 0 && h1 <= 0)) {
        if (h0 != h1 && inside_triangle(v3_axpy(h0 / (h0 - h1), d, p0), v, n)) return 0;
    }
    double len = v3_norm(d);
    if (len > 0 && fabs(h0 - h1) <= CL_PARALLEL * len) {
        /* parallel: clip the segment's parameter range to the triangle's prism */
        double lo = 0, hi = 1;
        for (int k = 0; k < 3 && lo <= hi; k++) {
            vec3 m = v3_cross(n, v3_sub(v[(k + 1) % 3], v[k])); /* inward edge normal */
            double g0 = v3_dot(v3_sub(p0, v[k]), m), g1 = v3_dot(d, m);
            if (g1 == 0) {
                if (g0 < 0) hi = -1;
            } else if (g1 > 0) {
                if (-g0 / g1 > lo) lo = -g0 / g1;
            } else if (-g0 / g1 < hi) {
                hi = -g0 / g1;
            }
        }
        if (lo <= hi) {
            vec3 ps = v3_axpy(0.5 * (lo + hi), d, p0);
            double hs = v3_dot(v3_sub(ps, v[0]), n);
            if (hs == 0) return 0;
            *on_seg = ps;
            *on_tri = v3_axpy(-hs, n, ps);
            return 1;
        }
    }
    /* general: segment ends against the triangle, triangle edges against the segment */
    vec3 best_s = p0, best_t = lt_cl_point_triangle(p0, v);
    double best = v3_dot(v3_sub(best_s, best_t), v3_sub(best_s, best_t));
    vec3 q = lt_cl_point_triangle(p1, v);
    double d2 = v3_dot(v3_sub(p1, q), v3_sub(p1, q));
    if (d2 < best) best = d2, best_s = p1, best_t = q;
    for (int k = 0; k < 3; k++) {
        double s, t;
        vec3 e0 = v[k], e1 = v[(k + 1) % 3];
        lt_cl_segment_segment(p0, p1, e0, e1, &s, &t);
        vec3 ps = v3_axpy(s, d, p0), pt = v3_axpy(t, v3_sub(e1, e0), e0);
        d2 = v3_dot(v3_sub(ps, pt), v3_sub(ps, pt));
        if (d2 < best) best = d2, best_s = ps, best_t = pt;
    }
    if (!(best > 0)) return 0;
    *on_seg = best_s;
    *on_tri = best_t;
    return 1;
}
