/* src/base/body.c - shape names, mass properties and inertia products of rigid bodies (SI units).
 *
 * Theory (mass properties, density rho_m, kg/m^3):
 *   sphere   m = rho_m 4/3 pi r^3, I = 2/5 m r^2 about every axis.
 *   capsule  cylinder m_c = rho_m pi r^2 L plus two half spheres m_s = rho_m 4/3 pi r^3:
 *            I_axis = m_c r^2/2 + 2/5 m_s r^2
 *            I_perp = m_c (r^2/4 + L^2/12) + m_s (2/5 r^2 + L^2/4 + 3/8 r L)
 *            (each half sphere: 2/5 m_h r^2 about a diameter of its flat face, centroid 3r/8
 *            from that face at L/2 + 3r/8 from the centre; parallel-axis theorem through the
 *            centroid and back out to the capsule centre gives the m_s (L^2/4 + 3 r L/8) term).
 *   wall, facet: no finite mass (held; mass and inertia 0, see body.h).
 * Inertia in the global frame: I_g = R diag(Ix, Iy, Iz) R^T, R = orientation (body -> global);
 * I_g w = R (diag (R^T w)), I_g^-1 T = R (diag^-1 (R^T T)).
 */
#include "base/body.h"
#include <string.h>

static const char *const shape_names[LT_SHAPE_COUNT] = {"sphere", "capsule", "facet", "wall"};

const char *lt_shape_name(lt_shape_kind k)
{
    return k >= 0 && k < LT_SHAPE_COUNT ? shape_names[k] : "?";
}

int lt_shape_from_name(const char *name)
{
    for (int i = 0; i < LT_SHAPE_COUNT; i++)
        if (strcmp(shape_names[i], name) == 0) return i;
    return -1;
}

const char *lt_shape_names(void) { return "sphere, capsule, facet, wall"; }

int lt_shape_is_held(lt_shape_kind k) { return k == LT_WALL || k == LT_FACET; }

int lt_body_is_flat(const lt_body *b)
{
    return b->shape == LT_WALL || (b->shape == LT_FACET && b->halfThick == 0);
}

double lt_body_rho(const lt_body *b)
{
    switch (b->shape) {
    case LT_SPHERE:
    case LT_CAPSULE: return b->radius;
    case LT_FACET: return b->halfThick;
    default: return 0;
    }
}

vec3 lt_body_axis(const lt_body *b) { return q_rotate(b->ori, v3(1, 0, 0)); }

vec3 lt_body_vertex(const lt_body *b, int i)
{
    return v3_add(b->pos, q_rotate(b->ori, b->vert[i]));
}

vec3 lt_body_plane_normal(const lt_body *b)
{
    if (b->shape == LT_WALL) return lt_body_axis(b);
    vec3 e1 = v3_sub(b->vert[1], b->vert[0]), e2 = v3_sub(b->vert[2], b->vert[0]);
    return q_rotate(b->ori, v3_normalized(v3_cross(e1, e2)));
}

void lt_body_mass_props(lt_body *b)
{
    double rho = b->mat.density, r = b->radius;
    switch (b->shape) {
    case LT_SPHERE: {
        b->mass = rho * 4.0 / 3.0 * LT_PI * r * r * r; /* kg */
        double I = 0.4 * b->mass * r * r;              /* kg m^2, solid sphere */
        b->inertia = v3(I, I, I);
        break;
    }
    case LT_CAPSULE: {
        double L = b->shaft;
        double mc = rho * LT_PI * r * r * L, ms = rho * 4.0 / 3.0 * LT_PI * r * r * r;
        b->mass = mc + ms;
        double Iax = 0.5 * mc * r * r + 0.4 * ms * r * r;
        double Ipp =
            mc * (r * r / 4 + L * L / 12) + ms * (0.4 * r * r + L * L / 4 + 3.0 / 8.0 * r * L);
        b->inertia = v3(Iax, Ipp, Ipp);
        break;
    }
    default:
        b->mass = 0;
        b->inertia = v3(0, 0, 0);
        break;
    }
}

static int isotropic(const lt_body *b)
{
    return b->inertia.x == b->inertia.y && b->inertia.y == b->inertia.z;
}

double lt_body_isotropic_inertia(const lt_body *b) { return isotropic(b) ? b->inertia.x : 0; }

vec3 lt_body_inertia_mul(const lt_body *b, vec3 w)
{
    if (isotropic(b)) return v3_scale(w, b->inertia.x);
    vec3 l = q_rotate(q_conj(b->ori), w);
    return q_rotate(b->ori, v3(b->inertia.x * l.x, b->inertia.y * l.y, b->inertia.z * l.z));
}

vec3 lt_body_inertia_solve(const lt_body *b, vec3 T)
{
    if (isotropic(b)) return v3_scale(T, 1.0 / b->inertia.x);
    vec3 l = q_rotate(q_conj(b->ori), T);
    return q_rotate(b->ori, v3(l.x / b->inertia.x, l.y / b->inertia.y, l.z / b->inertia.z));
}

quat lt_quat_x_to(vec3 a)
{
    /* minimal rotation u -> a: q = (1 + u.a, u x a) normalised, well conditioned for u.a >= 0;
     * for a in the half space opposite x first turn x onto -x (pi about z), then -x onto a */
    if (a.x >= 0) {
        quat q = {1 + a.x, 0, -a.z, a.y};
        return q_normalized(q);
    }
    quat flip = {0, 0, 0, 1};
    quat q2 = {1 - a.x, 0, a.z, -a.y};
    return q_normalized(q_mul(q_normalized(q2), flip));
}

void lt_body_set_sphere(lt_body *b, double radius)
{
    b->shape = LT_SPHERE;
    b->radius = radius;
}

int lt_body_set_capsule(lt_body *b, double radius, double shaft, vec3 axis)
{
    double n = v3_norm(axis);
    if (!(n > 0) || !isfinite(n)) return -1;
    b->shape = LT_CAPSULE;
    b->radius = radius;
    b->shaft = shaft;
    b->ori = lt_quat_x_to(v3_scale(axis, 1.0 / n));
    return 0;
}

int lt_body_set_wall(lt_body *b, vec3 point, vec3 normal)
{
    double n = v3_norm(normal);
    if (!(n > 0) || !isfinite(n)) return -1;
    b->shape = LT_WALL;
    b->pos = point;
    b->ori = lt_quat_x_to(v3_scale(normal, 1.0 / n));
    return 0;
}

int lt_body_set_facet(lt_body *b, const vec3 v[3], double halfThick)
{
    double longest = 0;
    for (int i = 0; i < 3; i++) {
        double e = v3_norm(v3_sub(v[(i + 1) % 3], v[i]));
        if (e > longest) longest = e;
    }
    double area2 = v3_norm(v3_cross(v3_sub(v[1], v[0]), v3_sub(v[2], v[0])));
    if (!(area2 > 1e-12 * longest * longest) || !isfinite(area2)) return -1;
    b->shape = LT_FACET;
    b->halfThick = halfThick;
    b->pos = v3_scale(v3_add(v3_add(v[0], v[1]), v[2]), 1.0 / 3.0);
    b->ori = q_identity();
    for (int i = 0; i < 3; i++) b->vert[i] = v3_sub(v[i], b->pos);
    return 0;
}
