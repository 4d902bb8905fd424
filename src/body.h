/* src/body.h - a rigid body of the two-particle test.
 *
 * SI units.  Velocities are leapfrog half-step values: while the driver is at state n (positions
 * x_n), vel and angvel hold v_{n-1/2}, the velocity that moved the body from x_{n-1} to x_n.
 * Rotational dynamics use the principal moments in the body frame; for a sphere they are equal
 * (2/5 m r^2) and the update omega += dt T / I is exact.
 */
#ifndef LT_BODY_H
#define LT_BODY_H
#include "law.h"
#include "vec.h"

typedef enum lt_shape_kind { LT_SPHERE, LT_SHAPE_COUNT } lt_shape_kind;

typedef struct lt_body {
    lt_shape_kind shape;
    double radius;      /* m */
    lt_material mat;
    vec3 pos;           /* m, centre */
    vec3 pos_lo;        /* m, low-order part of the position (compensated summation) */
    quat ori;           /* orientation, body -> global */
    vec3 vel;           /* m/s, v_{n-1/2} */
    vec3 angvel;        /* rad/s, omega_{n-1/2}, global frame */
    double mass;        /* kg */
    double inertia;     /* kg m^2, principal moment (isotropic shapes) */
    int fixed;          /* 1: does not respond to forces (moves only where motion is imposed) */
} lt_body;

/* Name of a shape ("sphere"), and the kind for a name (-1 if unknown). */
const char *lt_shape_name(lt_shape_kind k);
int lt_shape_from_name(const char *name);

/* Fill mass and inertia from the shape's size and the material density. */
void lt_body_mass_props(lt_body *b);

#endif
