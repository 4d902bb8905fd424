/* bench/kernel.c - the bare contact kernel: the reference of the benchmark (see bench.h).
 *
 * What it is: the compress-shear-unload path of the `linear` law (kn = 1e6 N/m, kt = 5e5 N/m,
 * tan phi = tan 0.5, two free spheres of radius 0.1 m, normal +z, B takes the imposed motion)
 * written as the plain loop a hand-made DEM code would run for one contact, and nothing more:
 *   - leapfrog of both bodies: v += dt F/m, omega += dt T/I, x += dt v, orientation quaternion
 *     advanced by omega dt (src/vec.h);
 *   - the imposed relative velocity (normal, and shear y in stages 2 and 3) set on the
 *     contact-local components of B's velocity in the current frame, with the current branches;
 *   - the same sphere-sphere geometry (geom_compute), the same carried contact frame (minimal
 *     rotation of the normal plus the mean spin about it) and the same law through its
 *     descriptor (law->init, law->step from src/registry.c);
 *   - forces and torques back to the bodies; the three stage ends tested inline in C.
 * What it leaves out (what the driver adds and the benchmark charges to it): stages as data,
 * `until` callbacks, 'i'/'f' DoFs, damping, the mid-step prediction of the imposition frame,
 * compensated position sums and the arc correction, energy bookkeeping, recording.
 * It integrates the same path, so it ends after about the same number of steps and with about
 * the same dissipation as the driver (bench.c prints both as a check); it is not bit-identical
 * to the driver, which imposes in the predicted mid-step frame.
 */
#include "bench.h"
#include "../src/geom.h"
#include "../src/registry.h"
#include "../src/stiffness.h"
#include <string.h>

/* The contact frame carried to the new normal n1: minimal rotation, twist by the mean spin
 * about the normal over the step, re-orthonormalisation (the same rule as the driver). */
static void carry_frame(mat3 *R, vec3 n1, vec3 spin_mean, double dt)
{
    R->r[1] = v3_rotate_min_arc(R->r[1], R->r[0], n1);
    R->r[0] = n1;
    double twist = dt * v3_dot(spin_mean, n1);
    if (twist != 0) R->r[1] = v3_rotate(R->r[1], n1, twist);
    m3_orthonormalize(R);
}

long bench_kernel_csu(double dt, double *plast)
{
    const lt_law *law = lt_find_law("linear");
    double p[LT_MAX_PARAMS];
    for (int i = 0; i < law->n_params; i++) p[i] = law->params[i].def;
    p[lt_law_param_index(law, "kn")] = 1e6;
    p[lt_law_param_index(law, "kt")] = 5e5;
    p[lt_law_param_index(law, "tanPhi")] = tan(0.5);
    int e_plast = lt_law_energy_index(law, "plast");

    lt_body b[2];
    memset(b, 0, sizeof b);
    for (int i = 0; i < 2; i++) {
        b[i].shape = LT_SPHERE;
        b[i].radius = 0.1;
        b[i].ori = q_identity();
        b[i].mat = (lt_material){1e7, 0.25, 2600, 0.5, 0.5};
        lt_body_mass_props(&b[i]);
    }
    vec3 n = v3(0, 0, 1);
    geom_place(&b[0], &b[1], &n, 0);
    mat3 R = m3_frame_from_normal(n);
    lt_geom g;
    geom_compute(&b[0], &b[1], &g);

    double state[LT_MAX_STATE];
    lt_contact c;
    lt_response resp;
    memset(&c, 0, sizeof c);
    c.dt = dt;
    c.mat[0] = &b[0].mat;
    c.mat[1] = &b[1].mat;
    int contact = 0;
    lt_stiffness rule = lt_stiffness_default();
    vec3 F[2] = {{0, 0, 0}, {0, 0, 0}}, T[2] = {{0, 0, 0}, {0, 0, 0}};
    double ut = 0, dissipated = 0; /* m: shear displacement integral; J: plast */
    long steps = 0;

    /* stage: imposed normal and shear-y relative velocity (m/s), shear imposed or not */
    static const struct { double vn, vt; int shear; } stages[3] = {{-1, 0, 0}, {0, 1, 1}, {1, 0, 1}};
    for (int s = 0; s < 3; s++) {
        for (;;) {
            /* velocities: free dynamics, then the imposed DoFs on the local components */
            for (int i = 0; i < 2; i++) {
                b[i].vel = v3_axpy(dt / b[i].mass, F[i], b[i].vel);
                b[i].angvel = v3_axpy(dt / b[i].inertia.x, T[i], b[i].angvel); /* spheres: isotropic */
            }
            vec3 la = m3_to_local(&R, b[0].vel), lb = m3_to_local(&R, b[1].vel);
            la.x = 0, lb.x = stages[s].vn;
            if (stages[s].shear) {
                vec3 spin = m3_to_local(&R, v3_sub(v3_cross(b[1].angvel, g.branch[1]),
                                                   v3_cross(b[0].angvel, g.branch[0])));
                la.y = 0, lb.y = stages[s].vt - spin.y;
            }
            b[0].vel = m3_to_global(&R, la);
            b[1].vel = m3_to_global(&R, lb);
            /* positions and orientations */
            for (int i = 0; i < 2; i++) {
                b[i].pos = v3_axpy(dt, b[i].vel, b[i].pos);
                b[i].ori = q_normalized(q_mul(q_from_rotvec(v3_scale(b[i].angvel, dt)), b[i].ori));
            }
            steps++;
            /* geometry, frame, law */
            geom_compute(&b[0], &b[1], &g);
            carry_frame(&R, g.normal, v3_scale(v3_add(b[0].angvel, b[1].angvel), 0.5), dt);
            int alive = 0;
            if (contact || g.uN < 0) {
                c.uN = g.uN;
                c.lens[0] = g.lens[0], c.lens[1] = g.lens[1];
                c.contA = g.contA;
                vec3 vrel = v3_sub(v3_add(b[1].vel, v3_cross(b[1].angvel, g.branch[1])),
                                   v3_add(b[0].vel, v3_cross(b[0].angvel, g.branch[0])));
                vec3 wrel = v3_sub(b[1].angvel, b[0].angvel);
                vec3 vl = m3_to_local(&R, vrel), wl = m3_to_local(&R, wrel);
                c.v[0] = vl.x, c.v[1] = vl.y, c.v[2] = vl.z, c.v[3] = wl.x, c.v[4] = wl.y, c.v[5] = wl.z;
                c.fresh = !contact;
                if (c.fresh) {
                    memset(state, 0, sizeof state);
                    ut = 0;
                    lt_stiff_result sr;
                    lt_stiffness_eval(&rule, c.mat[0], c.mat[1], c.lens, 0.0, &sr); /* raw lengths: cannot fail */
                    c.kn = sr.kn, c.kt = sr.kt, c.tanPhi = sr.tanPhi;
                    law->init(p, &c, state);
                }
                alive = law->step(p, &c, state, &resp);
                if (alive) dissipated += resp.energy[e_plast];
                ut += c.v[1] * dt;
            }
            contact = alive;
            if (alive) {
                vec3 f = m3_to_global(&R, v3(resp.f[0], resp.f[1], resp.f[2]));
                vec3 tq = m3_to_global(&R, v3(resp.f[3], resp.f[4], resp.f[5]));
                F[0] = f, F[1] = v3_neg(f);
                T[0] = v3_add(tq, v3_cross(g.branch[0], f));
                T[1] = v3_sub(v3_cross(g.branch[1], F[1]), tq);
            } else {
                F[0] = F[1] = T[0] = T[1] = v3(0, 0, 0);
            }
            /* the three stage ends */
            if (s == 0 && contact && g.uN <= -1e-3) break;
            if (s == 1 && ut >= 3e-3) break;
            if (s == 2 && !contact) break;
        }
    }
    if (plast) *plast = dissipated;
    return steps;
}
