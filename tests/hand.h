/* tests/hand.h - helpers for the tests that call a law's init and step directly on hand-made
 * contacts, without the driver: the law's parameters at their defaults with a linear spring's
 * stiffnesses set, and a contact of two spheres.  Units SI; signs and frame as in
 * include/lawtester/law.h. */
#ifndef LT_TEST_HAND_H
#define LT_TEST_HAND_H
#include <lawtester/law.h>

/* p[0 .. n_params - 1]: the law's defaults, then its parameters kn and kt (N/m) and tanPhi (-)
 * set to the values given (looked up by name; one the law lacks is left out). */
void hand_params(const lt_law *law, double *p, double kn, double kt, double tanPhi);

/* A contact at overlap uN (m, < 0 in overlap) with relative velocities vn, vy, vz (m/s, local
 * frame) over a step dt (s), between two spheres of radius 0.1 m: branch lengths 0.1 m, contact
 * area 0.0314 m^2 (pi 0.1^2); everything else 0 (radii of curvature, m*, not fresh). */
lt_contact hand_contact(double uN, double vn, double vy, double vz, double dt);

#endif
