/* src/base/vec.h - small 3D math in double precision: vectors, rotation matrices, quaternions.
 *
 * Conventions: right-handed Cartesian frames; a rotation matrix R maps components in the
 * rotated (local) frame to the global frame, v_global = R^T v_local when R's *rows* are the
 * local axes expressed in global coordinates (that is how the contact frame is stored:
 * row 0 = normal x, rows 1 and 2 = tangents y, z).  Quaternions are (w, x, y, z), unit length,
 * and rotate global vectors: v' = q v q*.  No units: callers state them.
 */
#ifndef LT_VEC_H
#define LT_VEC_H
#include <lawtester/law.h> /* LT_PI */
#include <math.h>

typedef struct vec3 {
    double x, y, z;
} vec3;
typedef struct mat3 {
    vec3 r[3];
} mat3; /* rows */
typedef struct quat {
    double w, x, y, z;
} quat;

static inline vec3 v3(double x, double y, double z)
{
    vec3 v = {x, y, z};
    return v;
}
static inline vec3 v3_add(vec3 a, vec3 b) { return v3(a.x + b.x, a.y + b.y, a.z + b.z); }
static inline vec3 v3_sub(vec3 a, vec3 b) { return v3(a.x - b.x, a.y - b.y, a.z - b.z); }
static inline vec3 v3_scale(vec3 a, double s) { return v3(a.x * s, a.y * s, a.z * s); }
static inline vec3 v3_neg(vec3 a) { return v3(-a.x, -a.y, -a.z); }
static inline double v3_dot(vec3 a, vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static inline vec3 v3_cross(vec3 a, vec3 b)
{
    return v3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}
static inline double v3_norm(vec3 a) { return sqrt(v3_dot(a, a)); }
static inline vec3 v3_normalized(vec3 a) { return v3_scale(a, 1.0 / v3_norm(a)); }
static inline vec3 v3_axpy(double s, vec3 x, vec3 y)
{
    return v3(s * x.x + y.x, s * x.y + y.y, s * x.z + y.z);
}
static inline double v3_get(vec3 a, int i) { return i == 0 ? a.x : i == 1 ? a.y : a.z; }
static inline int v3_isfinite(vec3 a) { return isfinite(a.x) && isfinite(a.y) && isfinite(a.z); }

/* local components of a global vector: (R v) */
static inline vec3 m3_to_local(const mat3 *R, vec3 g)
{
    return v3(v3_dot(R->r[0], g), v3_dot(R->r[1], g), v3_dot(R->r[2], g));
}
/* global vector from local components: R^T l */
static inline vec3 m3_to_global(const mat3 *R, vec3 l)
{
    return v3_add(v3_add(v3_scale(R->r[0], l.x), v3_scale(R->r[1], l.y)), v3_scale(R->r[2], l.z));
}

/* Rodrigues: rotate v about unit axis k by angle a (right hand). */
static inline vec3 v3_rotate(vec3 v, vec3 k, double a)
{
    double c = cos(a), s = sin(a);
    return v3_add(v3_add(v3_scale(v, c), v3_scale(v3_cross(k, v), s)),
                  v3_scale(k, v3_dot(k, v) * (1 - c)));
}

/* v3_rotate for a small angle, |a| <= LT_SMALL_ANGLE: cos a and sin a from their series
 * 1 - a^2/2 and a - a^3/6, whose first omitted terms a^4/24 and a^5/120 are below 4.2e-18 and
 * 1e-18 |a| (under a fortieth of an ulp of 1 and of a), so that the result is v3_rotate's to
 * round-off, without libm's sincos (a twist of a spin's round-off about the normal, every
 * step of an oblique impact). */
#define LT_SMALL_ANGLE 1e-4
static inline vec3 v3_rotate_small(vec3 v, vec3 k, double a)
{
    double a2 = a * a, omc = 0.5 * a2, s = a - a * a2 * (1.0 / 6);
    return v3_add(v3_add(v3_scale(v, 1 - omc), v3_scale(v3_cross(k, v), s)),
                  v3_scale(k, v3_dot(k, v) * omc));
}

/* Rotate v by the minimal rotation that takes unit a onto unit b (undefined for b = -a):
 * R = I + [k]x + [k]x^2 / (1 + c), k = a x b, c = a . b (Rodrigues' formula without trig). */
static inline vec3 v3_rotate_min_arc(vec3 v, vec3 a, vec3 b)
{
    vec3 k = v3_cross(a, b);
    double c = v3_dot(a, b);
    vec3 kv = v3_cross(k, v);
    return v3_add(v3_add(v, kv), v3_scale(v3_cross(k, kv), 1.0 / (1.0 + c)));
}

/* Some unit vector perpendicular to unit n, chosen deterministically. */
static inline vec3 v3_any_perp(vec3 n)
{
    vec3 e = fabs(n.x) <= fabs(n.y) && fabs(n.x) <= fabs(n.z) ? v3(1, 0, 0)
             : fabs(n.y) <= fabs(n.z)                         ? v3(0, 1, 0)
                                                              : v3(0, 0, 1);
    return v3_normalized(v3_cross(n, e));
}

/* Orthonormal right-handed frame with row 0 = n. */
static inline mat3 m3_frame_from_normal(vec3 n)
{
    mat3 R;
    R.r[0] = n;
    R.r[1] = v3_any_perp(n);
    R.r[2] = v3_cross(n, R.r[1]);
    return R;
}

/* Re-orthonormalise rows (Gram-Schmidt keeping row 0) against round-off drift. */
static inline void m3_orthonormalize(mat3 *R)
{
    R->r[0] = v3_normalized(R->r[0]);
    R->r[1] = v3_normalized(v3_axpy(-v3_dot(R->r[0], R->r[1]), R->r[0], R->r[1]));
    R->r[2] = v3_cross(R->r[0], R->r[1]);
}

/* v / |v| for a v whose squared length is 1 + e with |e| < 1e-6 (a unit vector after a few
 * roundings, or an average of two nearby unit vectors scaled back): 1/sqrt(1 + e) from its
 * series 1 - e/2 + 3e^2/8, whose first omitted term 5|e|^3/16 is below 3.2e-19 -- the same
 * accuracy as 1/sqrt(|v|^2) rounded twice, without a square root and a division (the longest
 * operations of a step).  Longer or shorter vectors take v3_normalized. */
static inline vec3 v3_unit_near(vec3 v)
{
    double e = v3_dot(v, v) - 1;
    if (fabs(e) < 1e-6) return v3_scale(v, 1 - e * (0.5 - 0.375 * e));
    return v3_normalized(v);
}

/* m3_orthonormalize for rows that are nearly unit already (v3_unit_near). */
static inline void m3_orthonormalize_near(mat3 *R)
{
    R->r[0] = v3_unit_near(R->r[0]);
    R->r[1] = v3_unit_near(v3_axpy(-v3_dot(R->r[0], R->r[1]), R->r[0], R->r[1]));
    R->r[2] = v3_cross(R->r[0], R->r[1]);
}

/* m3_orthonormalize_near for rows that may already be orthonormal: rows 0 and 1 unit within
 * tol and orthogonal within tol (|r.r - 1|, |r0.r1| <= tol: three independent dot products)
 * are kept and row 2 set to their cross product (unit within 2 tol); otherwise the rows are
 * re-orthonormalised.
 * Returns 1 if they were.  A frame turned by rotations (each a few ulp off orthonormal) is then
 * re-orthonormalised only when its round-off has added up to tol, and the step's chain of
 * dependent operations loses Gram-Schmidt's twenty. */
static inline int m3_orthonormalize_lazy(mat3 *R, double tol)
{
    double e0 = v3_dot(R->r[0], R->r[0]) - 1, e1 = v3_dot(R->r[1], R->r[1]) - 1,
           c = v3_dot(R->r[0], R->r[1]);
    if (fabs(e0) <= tol && fabs(e1) <= tol && fabs(c) <= tol) {
        R->r[2] = v3_cross(R->r[0], R->r[1]);
        return 0;
    }
    m3_orthonormalize_near(R);
    return 1;
}

static inline quat q_identity(void)
{
    quat q = {1, 0, 0, 0};
    return q;
}
static inline quat q_mul(quat a, quat b)
{
    quat q = {a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z,
              a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
              a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
              a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w};
    return q;
}
static inline quat q_normalized(quat q)
{
    double n = sqrt(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z);
    quat r = {q.w / n, q.x / n, q.y / n, q.z / n};
    return r;
}
/* Quaternion of the rotation by rotation vector phi (axis * angle). */
static inline quat q_from_rotvec(vec3 phi)
{
    double a = v3_norm(phi);
    if (a < 1e-300) return q_identity();
    double s = sin(a / 2) / a;
    quat q = {cos(a / 2), phi.x * s, phi.y * s, phi.z * s};
    return q;
}
static inline quat q_conj(quat q)
{
    quat r = {q.w, -q.x, -q.y, -q.z};
    return r;
}
static inline vec3 q_rotate(quat q, vec3 v)
{
    vec3 u = v3(q.x, q.y, q.z);
    vec3 t = v3_scale(v3_cross(u, v), 2.0);
    return v3_add(v3_add(v, v3_scale(t, q.w)), v3_cross(u, t));
}

#endif
