/* src/driver/probe.h - yield probing: from one initial state, load a contact proportionally along
 * each of N directions of the (normal, shear y) displacement plane and find where it first yields.
 *
 * Units SI; frame and signs as in law.h (uN < 0 in overlap, Fn < 0 in compression, forces on A).
 * Initial state: the test's own stages run once (none: the state at its `gap`, which must then be
 * < 0 so that a contact exists); the tester is copied there, and every direction starts from a
 * copy, so directions are independent of each other and of the order they run in.
 * Direction k of N: theta_k = 2 pi k / N (exact at the quarter turns), unit vector
 * (cos theta, sin theta) in (uN, u_y): theta = 0 pure tension (opening), pi/2 pure shear,
 * pi pure compression, in between compression-shear.  All six DoFs are imposed ('vvvvvv'): the
 * relative displacement grows by du = limit/steps per step along the direction and nothing
 * else moves (shear z, twist, bending held at zero rate).
 * First yield: the first step the law reports inelastic (lt_yield.yielding: slip, plastic flow,
 * breakage) or on which the contact is lost; it is `broken` if the contact is lost or the surface
 * shrank (fn_max, or ft_max at the recorded Fn, fell: a bond broke), `hardened` if it only grew.
 * The recorded yield point is the last elastic state before it.  Bound: for a law with constant
 * stiffnesses the force moves on a straight ray in force space, by
 * dF = sqrt((kn du cos)^2 + (kt du sin)^2) per step; the last elastic state is inside the surface
 * and the next trial state outside, so the recorded point lies on the ray within one increment dF
 * before the surface: 0 <= |P* - P| <= dF (P* the ray's first point on the surface).  dF is
 * computed with the tangent stiffnesses the law reports at the recorded state (constant for linear,
 * spring_dashpot, cohesive: the bound exactly).  Where the stiffnesses vary along the path
 * (hertz_mindlin: kn, kt ~ sqrt(overlap), and Thornton's rescaling of Ft on unloading) the path is
 * a curve: the bound is then the recorded state's next elastic increment |T - P| (T the next step's
 * trial force), of which dF is the first-order estimate, and dist is measured along the tangent
 * ray.  A dashpot's force at the constant probe velocity only shifts the ray (after its first two
 * steps, where the extrapolated velocity settles).  A direction that has not yielded after `steps`
 * steps is recorded at its end with yielded = 0.
 *
 * Any pair of DoFs (dofs = {i, j}, 0-based, on DoFs the law's surface depends on, lt_yield.dofs):
 * direction k moves DoF i by limit_i cos(theta)/steps and DoF j by limit_j sin(theta)/steps a
 * step (m or rad; the default pair (0, 1) with one limit is the plane above).  With `force`
 * control the pair's forces instead follow the straight path F(n) = F0 + n (limit_i cos,
 * limit_j sin)/steps (N or N m): each step imposes on DoF i the velocity (F_i(n+1) - f_i)/(k_i dt)
 * that reaches the next target with the tangent stiffness k_i, estimated at the start state
 * (the law's reported kn, kt for DoFs 0..2; a one-step difference quotient for the torques) and
 * then by the secant of each elastic step (a servo of gain 1 on the measured stiffness: exact
 * for constant stiffnesses, where the force moves by exactly dF a step).  The bound is then
 * the same: the recorded point lies within one step's increment dF of the surface along the
 * ray; `dsteps` gives that distance in increments (bisection of lt_yield.excess, harness:
 * lt_yield_excess), dimensionless, so that pairs of a force and a torque compare. */
#ifndef LT_PROBE_H
#define LT_PROBE_H
#include "driver/driver.h"
#include <stddef.h>

typedef struct lt_probe_opts {
    int directions; /* N >= 1 */
    double limit;   /* m, displacement along each direction after which it counts as not yielding */
    long steps;     /* steps to reach limit (du = limit / steps) */
    /* run the directions k with k % shards == shard - 1 (1 <= shard <= shards) */
    int shard, shards;
    void (*progress)(void *ctx, int done, int total); /* after each direction (may be NULL) */
    void *progress_ctx;
    /* the pair of DoFs probed, 0-based, i != j; {0, 0} (as zeroed): the default (0, 1) */
    int dofs[2];
    double limits[2]; /* per DoF of the pair: m or rad (force control: N or N m); 0: `limit` */
    int force;        /* 1: force control (proportional force paths), 0: displacement */
} lt_probe_opts;

typedef struct lt_probe_point {
    int k;         /* direction index, 0..N-1 */
    double angle;  /* rad, theta_k */
    double dir[2]; /* (cos, sin) of theta_k, exact at quarter turns */
    int yielded;   /* 1: the law yielded or the contact broke before the limit */
    /* 1: the contact was lost, or its surface shrank (a bond broke), at the yield step */
    int broken;
    /* 1: at the yield step the surface only grew (plastic hardening): yielded, not broken */
    int hardened;
    long steps; /* steps from the initial state to the recorded point */
    /* m: displacement (normal, shear y) from the initial state to the recorded point */
    double u[2];
    double f[3];  /* N: force on A (Fn, Fty, Ftz) at the recorded point (last elastic state) */
    double f1[3]; /* N: force at the first inelastic state (NaN if not yielded or no contact) */
    /* N: force increment of one elastic step along the direction at the recorded state's tangent
       stiffnesses (the bound; its first-order estimate where they vary) */
    double dF;
    /* N: ft_max(Fn) - |Ft| at the recorded point, from the law's surface: the vertical distance,
       >= 0 inside (not bounded by dF where the surface is steep) */
    double gap;
    /* N: distance from the recorded point along the force ray to the law's surface (bisection on
       its ft_max and fn_max), <= dF by the bound; NaN if not yielded */
    double dist;
    /* the probed pair (all probes; the extended table's columns, probe_table.h) */
    int dofs[2]; /* 0-based DoFs i, j */
    /* m or rad: displacement of DoFs i, j from the initial state to the recorded point */
    double uij[2];
    double fij[2];  /* N or N m: forces of DoFs i, j at the recorded point */
    double fij1[2]; /* N or N m: at the first inelastic state (NaN if not yielded or no contact) */
    double dFij[2]; /* N or N m: the force increment of one elastic step on DoFs i, j */
    /* -: distance along the ray to the surface (lt_yield_excess = 0) in increments dFij, <= 1 by
       the bound; NaN if not yielded */
    double dsteps;
    double work;    /* J: driver work of the run (initial stages and the direction) */
    double balance; /* J: energy balance error at the end of the direction */
} lt_probe_point;

typedef struct lt_probe {
    lt_test test;           /* the caller's test with one stage appended for the directions */
    lt_tester *start;       /* the initial state */
    lt_tester *work;        /* the running copy */
    lt_probe_point *points; /* this shard's directions, in order of k */
    int n_points;
    int dofs[2];  /* the pair probed (0-based) */
    int extended; /* 1 unless the default probe (pair (0, 1), displacement control) */
    int force;    /* force control */
    double k0[2]; /* N/m or N m/rad: the start state's tangent stiffnesses of the pair */
} lt_probe;

/* Run the probe for test (its stages are the initial ones; test->law must declare a yield
 * surface).  Fills p (free with lt_probe_free).  Returns 0, or -1 with a message in err (the
 * message of a failing stage names it as t->err does; one about the options starts with
 * "field NAME: ", e.g. force control on a DoF without stiffness). */
int lt_probe_run(lt_probe *p, const lt_test *test, const lt_probe_opts *o, char *err,
                 size_t errlen);
void lt_probe_free(lt_probe *p);

/* 1 if o asks for the default probe (the pair (normal, shear y), displacement control). */
int lt_probe_is_default(const lt_probe_opts *o);

#endif
