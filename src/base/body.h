/* src/base/body.h - a rigid body of the two-particle test: its shape, mass properties and state.
 *
 * SI units (m, kg, kg m^2, s).  Velocities are leapfrog half-step values: while the driver is at
 * state n (positions x_n), vel and angvel hold v_{n-1/2}, the velocity that moved the body from
 * x_{n-1} to x_n.
 *
 * Shapes (body frame = the frame `ori` rotates to the global one; pos = the body's reference
 * point, its centre of mass when it has a mass):
 *   sphere   radius r; pos = centre.
 *   capsule  radius r, shaft length L along the body x axis: the set of points within r of the
 *            segment pos +- (L/2) axis, axis = ori (1,0,0); pos = centre.
 *   facet    triangle (3 vertices, body-frame offsets from pos = the centroid) thickened by
 *            halfThick h >= 0 on both sides (points within h of the triangle); normal =
 *            (v1-v0) x (v2-v0), normalised.
 *   wall     infinite plane through pos with unit normal ori (1,0,0); two-sided.
 * The "core" of a shape is its centre, segment, triangle or plane; the surface is at distance
 * rho (the round radius: r, r, h, 0) from the core.
 *
 * Mass properties: spheres and capsules from the density (capsule = cylinder + two half
 * spheres, principal moments along and across the axis).  Walls and facets have no finite
 * mass: they are always held (fixed) and their mass and inertia are booked as 0 - the driver
 * moves them only by imposed motion and does the work against the contact force itself.
 * The principal moments are stored in the body frame; the inertia tensor in the global frame
 * is R diag(I) R^T with R the orientation.
 */
#ifndef LT_BODY_H
#define LT_BODY_H
#include "base/vec.h"
#include <lawtester/law.h>

/* Order matters: the geometry table (geom.c) is indexed by the pair with the lower kind first. */
typedef enum lt_shape_kind {
    LT_SPHERE,
    LT_CAPSULE,
    LT_FACET,
    LT_WALL,
    LT_SHAPE_COUNT
} lt_shape_kind;

typedef struct lt_body {
    lt_shape_kind shape;
    double radius;    /* m: sphere, capsule */
    double shaft;     /* m: capsule shaft length (segment between the cap centres) */
    double halfThick; /* m: facet half thickness, >= 0 */
    vec3 vert[3];     /* m: facet vertices relative to pos, body frame */
    lt_material mat;
    vec3 pos;     /* m, reference point (centre; wall: a point of the plane) */
    vec3 pos_lo;  /* m, low-order part of the position (compensated summation) */
    quat ori;     /* orientation, body -> global */
    vec3 vel;     /* m/s, v_{n-1/2} */
    vec3 angvel;  /* rad/s, omega_{n-1/2}, global frame */
    double mass;  /* kg (0 for walls and facets: held by the driver) */
    vec3 inertia; /* kg m^2, principal moments about the body axes x, y, z */
    int fixed;    /* 1: does not respond to forces (moves only where motion is imposed) */
} lt_body;

/* Name of a shape ("sphere", "capsule", "facet", "wall"), and the kind for a name (-1 if none). */
const char *lt_shape_name(lt_shape_kind k);
int lt_shape_from_name(const char *name);
/* Comma-separated list of the shape names (for messages). */
const char *lt_shape_names(void);

/* 1 for shapes without a finite mass (wall, facet): always fixed. */
int lt_shape_is_held(lt_shape_kind k);
/* 1 for a flat body in Woo's documented sense: a wall, or a facet with halfThick = 0. */
int lt_body_is_flat(const lt_body *b);

/* Round radius rho of the shape: sphere and capsule r, facet halfThick, wall 0 (m). */
double lt_body_rho(const lt_body *b);

/* Capsule axis, wall normal: ori (1,0,0) (unit, global). */
vec3 lt_body_axis(const lt_body *b);
/* Facet vertex i in global coordinates (m). */
vec3 lt_body_vertex(const lt_body *b, int i);
/* Unit normal of a facet (right-hand rule on the vertex order) or a wall; global. */
vec3 lt_body_plane_normal(const lt_body *b);

/* Fill mass and principal moments from the shape's size and the material density. */
void lt_body_mass_props(lt_body *b);

/* Global inertia tensor times w, and its inverse applied to T (global vectors).  For bodies
 * with three equal moments (spheres) these are the plain products I w and T / I, with no
 * rotation in between, so sphere dynamics are exactly those of a scalar inertia. */
vec3 lt_body_inertia_mul(const lt_body *b, vec3 w);
/* The moment of inertia (kg m^2) when the three principal moments are equal (a sphere: then
 * I w needs no orientation), else 0. */
double lt_body_isotropic_inertia(const lt_body *b);
vec3 lt_body_inertia_solve(const lt_body *b, vec3 T);

/* Shape setters (the body's other fields are left alone).  Each returns 0, or -1 when the
 * input is degenerate: a zero axis or normal, collinear facet vertices (area below 1e-12 of
 * the squared longest edge). */
void lt_body_set_sphere(lt_body *b, double radius);
int lt_body_set_capsule(lt_body *b, double radius, double shaft, vec3 axis);
/* A wall through point with the given normal (pos = point). */
int lt_body_set_wall(lt_body *b, vec3 point, vec3 normal);
/* A facet with global vertices v (pos = their centroid, body frame = global at ori = 1). */
int lt_body_set_facet(lt_body *b, const vec3 v[3], double halfThick);

/* Quaternion of the minimal rotation taking (1,0,0) onto the unit vector a. */
quat lt_quat_x_to(vec3 a);

#endif
