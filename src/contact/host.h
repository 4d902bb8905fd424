/* src/contact/host.h - a hosted law: a contact law whose forces come from elsewhere (a DEM engine
 * run through its own library, src/host/), so it needs the two bodies as they are, not only the
 * local contact description a law sees (include/lawtester/law.h).  The registry keeps a host
 * beside such a law's descriptor (lt_law_host); the driver hands it the pair at every state of a
 * contact instead of calling the descriptor's step, and applies the forces and torques it returns
 * to the bodies as they are (docs/hosted.md).
 *
 * Units SI; vectors in the global frame; the state n of the driver's leapfrog: positions x_n,
 * velocities and spins of the step that led to it, v_{n-1/2} and w_{n-1/2} (what a velocity-Verlet
 * engine's force computation sees at x(n+1) with v(n+1/2): the same pairing).
 */
#ifndef LT_HOST_H
#define LT_HOST_H
#include <lawtester/law.h>
#include <stddef.h>

/* The pair at a state, as an engine takes it: body 0 is A, body 1 is B (a sphere).  A is a
 * sphere, or (wall = 1) a plane wall: then x[0] is the point of the plane under B's centre, n its
 * unit normal toward B, v[0] the velocity of the wall's material there and w[0] its spin;
 * radius[0] and mass[0] are 0. */
typedef struct lt_host_pair {
    const double *param; /* the law's parameters (its descriptor's order and kinds) */
    double x[2][3];      /* m: centres, relative to the midpoint of the two (an engine's box
                            stays small; forces depend on relative positions only) */
    double v[2][3];      /* m/s: velocities v_{n-1/2} */
    double w[2][3];      /* rad/s: spins w_{n-1/2} */
    double radius[2];    /* m */
    double mass[2];      /* kg; a fixed body's is 2^60 times the other's, so m* is the other's */
    double dt;           /* s */
    int wall;            /* 1: A is a plane wall (above) */
    double n[3];         /* -: the wall's unit normal toward B (wall = 1) */
} lt_host_pair;

/* What the host returns for a state. */
typedef struct lt_host_out {
    double f[2][3]; /* N: the force on A and on B */
    double t[2][3]; /* N m: the torque on A and on B, each about its centre (a wall A: about its
                       point x[0], the driver moves it to the wall's reference point) */
    int touching;   /* 1 while the engine's contact holds (a force, or history kept) */
} lt_host_out;

/* A host: its functions take ctx.  prepare: a test starts at the state p (its parameters'
 * commands run once, so that a bad one stops the test before its first row).  begin: a contact
 * forms at the state p: a fresh engine state for it (no history of an earlier contact).  step:
 * the state p of the running contact.  Each returns 0, or -1 with one line in err (errlen
 * bytes). */
typedef struct lt_host {
    void *ctx;
    int walls; /* 1: the host also takes a plane wall as A (lt_host_pair.wall) */
    int (*prepare)(void *ctx, const lt_host_pair *p, char *err, size_t errlen);
    int (*begin)(void *ctx, const lt_host_pair *p, char *err, size_t errlen);
    int (*step)(void *ctx, const lt_host_pair *p, lt_host_out *out, char *err, size_t errlen);
} lt_host;

/* The host of a registered law (NULL: an ordinary law, whose step the driver calls). */
const lt_host *lt_law_host(const lt_law *law);

/* Give the registered law (lt_register_law's result) its host; host is kept, not copied, and must
 * live as long as the law.  0, or -1 when law is not a law added at run time. */
int lt_law_set_host(const lt_law *law, const lt_host *host);

#endif
