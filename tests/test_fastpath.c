/* tests/test_fastpath.c - the driver's fast paths change nothing: every recorded state and the
 * final bodies are bit-identical with test->no_fast_paths = 0 and 1, on paths that exercise
 * every kind of DoF, free and fixed bodies, oblique and axis-aligned normals, damping, an 'i'
 * impact and contact breakage.  The axis-aligned compression must actually take the fast path
 * (the fixed point of the trial passes, run on every step with test->no_predictor), or this test
 * would compare the reference with itself.
 * the md rule's cells (laws/kit/md_row.c) (lt_md_cells: two and four cells at a time in vector lanes)
 * give the one-cell-at-a-time loop's cells and slide count bit for bit, on every vector path, and
 * its sums (four partial sums) within round-off of the loop's sums in cell order, the same bits on
 * every path. */
#include "../laws/hertz_mindlin.h"
#include "../laws/kit/tangential.h"
#include "check.h"
#include "contact/registry.h"
#include "drive.h"
#include "driver/driver_int.h"
#include <stdlib.h>

typedef recorded_run run_out;

static void run_once(const lt_test *t, run_out *o)
{
    record_run(t, o);
    CHECK_MSG(o->rc == 0, "run failed: %s", o->T->view.err);
}

/* Runs t both ways; returns the fast run's trial reuses, and its free steps (driver.c) in *free
 * (may be NULL). */
static long check_identical_free(lt_test t, const char *label, long *free)
{
    run_out ref, fast;
    t.no_fast_paths = 1;
    run_once(&t, &ref);
    t.no_fast_paths = 0;
    run_once(&t, &fast);
    CHECK_MSG(ref.r.n == fast.r.n && ref.r.n > 0, "%s: %zu rows vs %zu", label, ref.r.n, fast.r.n);
    size_t n = ref.r.n < fast.r.n ? ref.r.n : fast.r.n, first = n;
    for (size_t i = 0; i < n && first == n; i++)
        if (memcmp(&ref.r.s[i], &fast.r.s[i], sizeof ref.r.s[i]) != 0) first = i;
    CHECK_MSG(first == n, "%s: row %zu (step %ld) differs", label, first, ref.r.s[first].step);
    for (int i = 0; i < 2; i++) {
        const lt_body *a = &ref.T->view.body[i], *b = &fast.T->view.body[i];
        CHECK_MSG(!memcmp(&a->pos, &b->pos, sizeof a->pos) &&
                      !memcmp(&a->pos_lo, &b->pos_lo, sizeof a->pos_lo) &&
                      !memcmp(&a->ori, &b->ori, sizeof a->ori) &&
                      !memcmp(&a->vel, &b->vel, sizeof a->vel) &&
                      !memcmp(&a->angvel, &b->angvel, sizeof a->angvel),
                  "%s: final body %d differs", label, i);
    }
    CHECK_MSG(ref.T->trial_reuses == 0 && ref.T->free_steps == 0,
              "%s: the reference run took a fast path", label);
    long reuses = fast.T->trial_reuses;
    if (free) *free = fast.T->free_steps;
    free_run(&ref);
    free_run(&fast);
    return reuses;
}

static long check_identical(lt_test t, const char *label)
{
    return check_identical_free(t, label, NULL);
}

static void test_csu_axis_aligned(void)
{
    lt_test t = linear_test(v3(0, 0, 1), 0);
    cond c1 = {COND_UN_BELOW, 0, -1e-3, 0, 0}, c2 = {COND_U_ABOVE, 1, 3e-3, 0, 0},
         c3 = {COND_NO_CONTACT, 0, 0, 0, 0};
    lt_stage st[3] = {stage("v.....", -1, 0, 0, 0, 0, 0, &c1),
                      stage("vv....", 0, 1, 0, 0, 0, 0, &c2),
                      stage("vv....", 1, 0, 0, 0, 0, 0, &c3)};
    t.stages = st;
    t.n_stages = 3;
    check_identical(t, "csu along z, predicted imposition frame");
    /* the fast paths belong to the passes, which the predictor mostly replaces */
    t.no_predictor = 1;
    long reuses = check_identical(t, "csu along z");
    /* compression along an axis does not turn the frame: every step of stage 1 is a fixed point */
    CHECK_MSG(reuses >= 1000, "only %ld steps reused the trial", reuses);
}

static void test_oblique_all_dofs(void)
{
    lt_stage st[5];
    cond c[5];
    check_identical(every_dof_test(st, c), "oblique, every DoF");
}

static void test_fixed_bodies_and_forces(void)
{
    lt_test t = linear_test(v3(-0.3, 0.1, -0.9), 1);
    cond c1 = {COND_UN_BELOW, 0, -1e-3, 0, 0}, c2 = {COND_U_ABOVE, 1, 2e-3, 0, 0},
         c3 = {COND_NO_CONTACT, 0, 0, 0, 0};
    lt_stage st[3] = {stage("v.....", -1, 0, 0, 0, 0, 0, &c1),
                      stage("vvv...", 0.1, 1, 0.5, 0, 0, 0, &c2),
                      stage("vv....", 1, 0, 0, 0, 0, 0, &c3)};
    t.stages = st;
    t.n_stages = 3;
    check_identical(t, "fixed bodies, oblique");
    lt_test f = linear_test(v3(0.6, 0, -0.8), 0);
    f.damping = 0.3;
    cond d1 = {COND_STEPS, 0, 0, 4000, 0}, d2 = {COND_STEPS, 0, 0, 3000, 0};
    lt_stage fs[2] = {stage("f.....", -100, 0, 0, 0, 0, 0, &d1),
                      stage("fvfv.f", -20, 0.1, 3, 0, 0, 0.01, &d2)};
    f.stages = fs;
    f.n_stages = 2;
    check_identical(f, "forces and damping");
}

static void test_impact(void)
{
    lt_test t = linear_test(v3(0, 1, 1), 0);
    t.gap = 1e-5;
    cond c = {COND_REBOUND, 0, 0, 0, 0};
    lt_stage st[1] = {stage("ii....", -1, 0.5, 0, 0, 0, 0, &c)};
    t.stages = st;
    t.n_stages = 1;
    check_identical(t, "impact");
}

/* ---- the free step (driver.c) -------------------------------------------------------------- */

/* hertz_mindlin (E = 1e10 Pa, its default tangential rule, md) between two spheres of unequal size
 * meeting at 1 m/s along the normal (0.6, 0, 0.8), B also moving across at 0.4 m/s and A spinning:
 * an oblique impact whose frame turns and whose md cells slip, free after its first step. */
static lt_test hm_oblique_impact(lt_stage st[1], cond *c)
{
    lt_test t = linear_test(v3(0.6, 0, 0.8), 0);
    t.law = lt_find_law("hertz_mindlin");
    for (int i = 0; i < t.law->n_params; i++) t.params[i] = t.law->params[i].def;
    t.body[0].mat.young = t.body[1].mat.young = 1e10;
    t.body[1].radius = 0.07;
    t.body[0].angvel = v3(3, -1, 2);
    t.abWeight = 0.4;
    t.dt = 1e-7;
    t.gap = 1e-7;
    *c = (cond){COND_REBOUND, 0, 0, 0, 0};
    st[0] = stage("ii....", -1, 0.4, 0, 0, 0, 0, c);
    t.stages = st;
    t.n_stages = 1;
    return t;
}

/* Impacts of two free spheres under their contact alone take the free step after their first
 * motion, and give every row and the final bodies of the full step bit for bit: the linear law
 * head-on and oblique with spins, hertz_mindlin's md rule oblique, a free stage after an imposed
 * one.  Damping, a fixed body or a wall keep the full step. */
static void test_free_step(void)
{
    long free;
    lt_test t = linear_test(v3(0, 0, 1), 0);
    t.gap = 1e-5;
    cond c = {COND_REBOUND, 0, 0, 0, 0};
    lt_stage st[2] = {stage("i.....", -1, 0, 0, 0, 0, 0, &c)};
    t.stages = st;
    t.n_stages = 1;
    check_identical_free(t, "linear, head-on", &free);
    CHECK_MSG(free > 1000, "linear head-on: %ld free steps", free);

    t = linear_test(v3(1, 2, 3), 0);
    t.gap = 1e-5;
    t.body[0].angvel = v3(0.3, -2, 1);
    t.body[1].radius = 0.07;
    st[0] = stage("iii...", -1, 0.5, -0.2, 0, 0, 0, &c);
    t.stages = st;
    t.n_stages = 1;
    check_identical_free(t, "linear, oblique with spin", &free);
    CHECK_MSG(free > 1000, "linear oblique: %ld free steps", free);

    cond hc;
    lt_test h = hm_oblique_impact(st, &hc);
    check_identical_free(h, "hertz_mindlin md, oblique", &free);
    CHECK_MSG(free > 1000, "hertz_mindlin oblique: %ld free steps", free);

    /* pressed (imposed), then released: only the second stage is free */
    t = linear_test(v3(1, 0, 0), 0);
    cond c1 = {COND_UN_BELOW, 0, -5e-4, 0, 0}, c2 = {COND_NO_CONTACT, 0, 0, 0, 0};
    st[0] = stage("v.....", -1, 0, 0, 0, 0, 0, &c1);
    st[1] = stage("......", 0, 0, 0, 0, 0, 0, &c2);
    t.stages = st;
    t.n_stages = 2;
    check_identical_free(t, "pressed, then released", &free);
    CHECK_MSG(free > 100, "released: %ld free steps", free);

    /* the full step: damping, a fixed body */
    h = hm_oblique_impact(st, &hc);
    h.damping = 0.2;
    check_identical_free(h, "damped impact", &free);
    CHECK_MSG(free == 0, "damped: %ld free steps", free);
    h = hm_oblique_impact(st, &hc);
    h.body[0].fixed = 1;
    h.abWeight = 1;
    check_identical_free(h, "impact on a fixed sphere", &free);
    CHECK_MSG(free == 0, "fixed body: %ld free steps", free);
}

/* ---- the md rule's cells (laws/kit/md_row.c) ---------------------------------------------------- */

/* a row's x, uy, uz of cell k: three arrays of HM_MD_MAX_CELLS values (laws/kit/tangential.h) */
#define MDX(r, k) (r)[(k)]
#define MDY(r, k) (r)[HM_MD_MAX_CELLS + (k)]
#define MDZ(r, k) (r)[2 * HM_MD_MAX_CELLS + (k)]

/* The md rule's pass over cells [from, to) one cell at a time, as laws/hertz_mindlin.c wrote it
 * before its cells went into vector lanes (fmax and all): the reference. */
static int md_cells_reference(double *cell, int from, int to, int half, double dy0, double dz0,
                              double g8, double delta, double third, double lim, int slips,
                              lt_md_sums *t, lt_md_sums *mag)
{
    double lo = from ? MDX(cell, from - 1) : 0;
    double flo = from ? lo * (delta - lo * lo * third) : 0;
    int slid = 0;
    for (int k = from; k < to; k++) {
        double dy = k == half ? 0.5 * dy0 : dy0,
               dz = k == half ? 0.5 * dz0 : dz0; /* the entering annulus */
        double hi = MDX(cell, k), kc = g8 * (hi - lo);
        double sy = MDY(cell, k), sz = MDZ(cell, k), ty = sy + dy, tz = sz + dz, uy = ty, uz = tz;
        double fhi = hi * (delta - hi * hi * third);
        if (slips) {
            double fmax_cell = fmax(lim * (fhi - flo), 0), t2 = ty * ty + tz * tz;
            if (kc * kc * t2 > fmax_cell * fmax_cell) {
                double scale = fmax_cell / (kc * sqrt(t2));
                uy *= scale, uz *= scale;
                slid++;
            }
        }
        t->plast += 0.5 * kc * ((sy + uy) * (ty - uy) + (sz + uz) * (tz - uz));
        t->elast += 0.5 * kc * (uy * uy + uz * uz);
        t->fy += kc * uy, t->fz += kc * uz;
        mag->plast += fabs(0.5 * kc * ((sy + uy) * (ty - uy) + (sz + uz) * (tz - uz)));
        mag->elast += fabs(0.5 * kc * (uy * uy + uz * uz));
        mag->fy += fabs(kc * uy), mag->fz += fabs(kc * uz);
        MDY(cell, k) = uy, MDZ(cell, k) = uz;
        lo = hi, flo = fhi;
    }
    return slid;
}

static double uniform(unsigned long long *x) /* [0, 1), 53 bits: xorshift64* */
{
    *x ^= *x >> 12, *x ^= *x << 25, *x ^= *x >> 27;
    return (double)((*x * 2685821657736338717ull) >> 11) * 0x1.0p-53;
}

/* Random rows (cells of random lengths, displacements of both signs up to beyond the slip
 * limits, zero rows, partly zero increments, a row reaching past the contact radius, every
 * start and end cell, no slip, a cell taking half the increment) through lt_md_cells and
 * lt_md_cells_half on each vector path against the reference:
 * identical bits of every cell and of the slide count; the four sums the same bits on every path
 * and within MD_SUM_ULPS (n + 2) eps (|start| + sum |terms|) of the reference's sums in cell order
 * (a sum of n terms in any order is within (n - 1) eps sum |terms| of the exact sum, to first
 * order; the partial sums' and the cell-order sum's bounds add). */
#define MD_SUM_ULPS 2.0
static int md_sum_close(double got, double ref, double start, double mag, int n)
{
    return fabs(got - ref) <= MD_SUM_ULPS * (n + 2) * 0x1p-53 * (fabs(start) + mag);
}
static void test_md_cells_paths(void)
{
    static const unsigned paths[] = {0, LT_MD_SSE2, LT_MD_SSE2 | LT_MD_AVX,
                                     LT_MD_SSE2 | LT_MD_AVX | LT_MD_AVX512};
    unsigned long long seed = 0x9e3779b97f4a7c15ull;
    long compared = 0, slides = 0, failed = 0;
    for (int trial = 0; trial < 400; trial++) {
        int n = 1 + (int)(uniform(&seed) * HM_MD_MAX_CELLS), from = (int)(uniform(&seed) * n),
            to = from;
        to += (int)(uniform(&seed) * (n - from + 1));
        double a = 1e-4 * (0.5 + uniform(&seed)), rstar = 5e-3,
               delta = a * a / rstar * (0.8 + 0.4 * uniform(&seed));
        double row[HM_MD_PER_CELL * HM_MD_MAX_CELLS] = {0}, x = 0, c0 = 1e-6 * uniform(&seed);
        for (int k = 0; k < n; k++) {
            x += a / n * (trial % 7 == 0 ? 1 : 2 * uniform(&seed));
            MDX(row, k) = x;
            MDY(row, k) = trial % 11 == 0 ? 0 : c0 * (2 * uniform(&seed) - 1);
            MDZ(row, k) = trial % 5 == 0 ? 0 : c0 * (2 * uniform(&seed) - 1);
        }
        double dy = trial % 13 == 0 ? 0 : 1e-8 * (2 * uniform(&seed) - 1),
               dz = trial % 3 == 0 ? 0 : 1e-8 * uniform(&seed);
        double g8 = 8 * 2.7e10, lim = 0.3 * 2 * 7.7e10 * (0.5 + uniform(&seed)),
               third = 1 / (3 * rstar);
        int slips = trial % 17 != 0;
        double ref_row[HM_MD_PER_CELL * HM_MD_MAX_CELLS];
        memcpy(ref_row, row, sizeof row);
        lt_md_sums ref = {uniform(&seed), -uniform(&seed), uniform(&seed), 0};
        lt_md_sums start = ref, mag = {0, 0, 0, 0}, first = {0, 0, 0, 0};
        /* the cell with half the increment: none on every third trial, else any of the pass's */
        int half = trial % 3 == 0 || to == from ? -1 : from + (int)(uniform(&seed) * (to - from));
        int ref_slid = md_cells_reference(ref_row, from, to, half, dy, dz, g8, delta, third, lim,
                                          slips, &ref, &mag);
        slides += ref_slid;
        for (size_t p = 0; p < sizeof paths / sizeof paths[0]; p++) {
            double got_row[HM_MD_PER_CELL * HM_MD_MAX_CELLS];
            memcpy(got_row, row, sizeof row);
            lt_md_sums got = start;
            unsigned old = lt_md_paths(paths[p]);
            int got_slid =
                half < 0 && trial % 2
                    ? lt_md_cells(got_row, from, to, dy, dz, g8, delta, third, lim, slips, &got)
                    : lt_md_cells_half(got_row, from, to, half, dy, dz, g8, delta, third, lim,
                                       slips, &got);
            lt_md_paths(old);
            compared++;
            if (p == 0) first = got;
            int m = to - from;
            int close = md_sum_close(got.fy, ref.fy, start.fy, mag.fy, m) &&
                        md_sum_close(got.fz, ref.fz, start.fz, mag.fz, m) &&
                        md_sum_close(got.plast, ref.plast, start.plast, mag.plast, m) &&
                        md_sum_close(got.elast, ref.elast, start.elast, mag.elast, m);
            if (got_slid != ref_slid || memcmp(got_row, ref_row, sizeof row) != 0 || !close ||
                memcmp(&got, &first, sizeof got) != 0) {
                if (failed++ < 5)
                    CHECK_MSG(0,
                              "md cells, path %u, trial %d (cells %d to %d of %d): cells or slides "
                              "not the reference's, sums beyond round-off of it or not path 0's "
                              "(slid %d vs %d, fy %.17g vs %.17g)",
                              paths[p], trial, from, to, n, got_slid, ref_slid, got.fy, ref.fy);
            }
        }
    }
    CHECK_MSG(failed == 0, "%ld of %ld md rows differ", failed, compared);
    CHECK_MSG(slides > 1000, "only %ld cells slid: the rows do not reach the slip limits", slides);
}

/* The merge's choice as laws/hertz_mindlin.c made it before (every weight computed, outward,
 * the first of equals): the reference. */
static int md_merge_reference_pair(const double *cell, int n)
{
    int best = 0;
    double shortest = INFINITY;
    for (int k = 0; k + 1 < n; k++) {
        double len = MDX(cell, k + 1) - (k ? MDX(cell, k - 1) : 0);
        double du = fabs(MDY(cell, k + 1) - MDY(cell, k)) + fabs(MDZ(cell, k + 1) - MDZ(cell, k));
        double um = fabs(MDY(cell, k)) + fabs(MDZ(cell, k)) + fabs(MDY(cell, k + 1)) +
                    fabs(MDZ(cell, k + 1));
        if (um > 0) len *= 1 + 16 * du / um;
        if (len < shortest) shortest = len, best = k;
    }
    return best;
}

/* lt_md_merge skips the weights of pairs that cannot be the least: it merges the pair the full
 * scan picks, on random rows and on rows made of ties (equal cells, equal displacements), rows
 * with zero displacements, rows holding a NaN or an infinity, and one with no weighted length
 * below infinity (pair 0 is merged).  The merged pair is found by
 * comparing the rows after the merge (a merge keeps the pair's outer edge and the rest). */
/* A full row whose outermost cell is thin folds the annulus the contact grew into into that cell
 * (laws/kit/tangential.h, LT_MD_FOLD_SHARE): the cell count stays and, with no slip, the force is the
 * appended annulus's, sum_k 8 G* L_k (u_k + d) + 8 G* L_a d / 2, to round-off; a thick outermost
 * cell still gets a cell of its own (after a merge). */
static void test_md_fold(void)
{
    enum { CAP = 40 };
    const double rstar = 5e-3, gstar = 2.7e10, d0 = 1e-6, dy = 3e-10, dz = -1e-10;
    for (int thick = 0; thick < 2; thick++) {
        double row[HM_MD_PER_CELL * HM_MD_MAX_CELLS] = {0}, n = CAP;
        /* the annulus a0 * 1e-4, the outer cell 2e-3 a0, a fold below a0 / 160 */
        double a0 = sqrt(rstar * d0), a1 = a0 * (1 + 1e-4), la = a1 - a0;
        for (int k = 0; k < CAP; k++) {
            double x =
                thick ? a0 * (k + 1) / CAP : (k == CAP - 1 ? a0 : a0 * 0.998 * (k + 1) / (CAP - 1));
            MDX(row, k) = x;
            MDY(row, k) = 1e-9 * (1 + 0.01 * k), MDZ(row, k) = -2e-9;
        }
        double want_y = 0, want_z = 0, lo = 0;
        for (int k = 0; k < CAP; k++) {
            double L = MDX(row, k) - lo;
            want_y += 8 * gstar * L * (MDY(row, k) + dy);
            want_z += 8 * gstar * L * (MDZ(row, k) + dz);
            lo = MDX(row, k);
        }
        want_y += 8 * gstar * la * 0.5 * dy, want_z += 8 * gstar * la * 0.5 * dz;
        double delta = a1 * a1 / rstar;
        lt_md_in in = {.rstar = rstar,
                       .delta = delta,
                       .rprev = rstar,
                       .delta_prev = d0,
                       .K = 1e9,
                       .gstar = gstar,
                       .tanphi = 0.3,
                       .fn_abs = 1,
                       .fe = -1,
                       .dy = dy,
                       .dz = dz,
                       .cap = CAP,
                       .slips = 0,
                       .fresh = 0};
        double xin = MDX(row, CAP - 2), lout = a0 - xin, uout = MDY(row, CAP - 1);
        /* the folded cell's u after the step */
        double folded_u = (lout * uout - la * 0.5 * dy) / (a1 - xin) + dy;
        lt_tangential t = lt_md_step(&in, row, &n);
        CHECK_MSG(n == CAP, "md fold (thick %d): %g cells, not %d", thick, n, CAP);
        if (!thick) { /* the fold is exact up to the rounding of the weighted mean */
            CHECK_REL(t.fy, want_y, 1e-13, "md fold: Fy, the appended annulus's");
            CHECK_REL(t.fz, want_z, 1e-13, "md fold: Fz, the appended annulus's");
            CHECK_REL(MDX(row, CAP - 1), a1, 1e-15, "md fold: the outer cell's edge at a");
            CHECK_REL(MDY(row, CAP - 1), folded_u, 1e-15,
                      "md fold: the outer cell's u, the weighted mean");
        } else {
            /* appended: the outermost cell is the annulus, entered at u = 0 with half the
               increment */
            CHECK_REL(MDY(row, CAP - 1), 0.5 * dy, 1e-15, "md append: the annulus's u");
        }
    }
}

static void test_md_merge_choice(void)
{
    unsigned long long seed = 0x2545f4914f6cdd1dull;
    int failed = 0, tried = 0;
    for (int trial = 0; trial < 600; trial++) {
        int n = 2 + (int)(uniform(&seed) * (HM_MD_MAX_CELLS - 1));
        double row[HM_MD_PER_CELL * HM_MD_MAX_CELLS] = {0}, x = 0;
        int kind = trial % 6;
        for (int k = 0; k < n; k++) {
            x += kind == 1 ? 1e-6 : 1e-6 * (0.2 + uniform(&seed)) * (k > n / 2 ? 0.5 : 1);
            MDX(row, k) = x;
            double u = kind == 2 ? 0 : kind == 1 ? 1e-7 : 1e-7 * (2 * uniform(&seed) - 1);
            MDY(row, k) = u;
            MDZ(row, k) = kind == 3 ? u : 0.5 * u;
        }
        if (kind == 4) MDY(row, (int)(uniform(&seed) * n)) = NAN;
        if (kind == 5) MDZ(row, (int)(uniform(&seed) * n)) = INFINITY;
        /* no weighted length below infinity: pair 0 (NaN), pair 1 infinite, the rest NaN */
        if (trial == 6) {
            n = 4;
            double edge[4] = {1e-6, NAN, INFINITY, INFINITY};
            for (int k = 0; k < n; k++) MDX(row, k) = edge[k];
        }
        int best = md_merge_reference_pair(row, n);
        double want[HM_MD_PER_CELL * HM_MD_MAX_CELLS], got[HM_MD_PER_CELL * HM_MD_MAX_CELLS];
        memcpy(got, row, sizeof row);
        /* the reference merge of pair `best`, as the law does it */
        memcpy(want, row, sizeof row);
        double lo = best ? MDX(want, best - 1) : 0, la = MDX(want, best) - lo,
               lb = MDX(want, best + 1) - MDX(want, best);
        double l = la + lb;
        if (l > 0) {
            MDY(want, best) = (la * MDY(want, best) + lb * MDY(want, best + 1)) / l;
            MDZ(want, best) = (la * MDZ(want, best) + lb * MDZ(want, best + 1)) / l;
        }
        MDX(want, best) = MDX(want, best + 1);
        for (int k = best + 1; k + 1 < n; k++) /* cells best + 2 .. n - 1 down by one */
            MDX(want, k) = MDX(want, k + 1), MDY(want, k) = MDY(want, k + 1),
                      MDZ(want, k) = MDZ(want, k + 1);
        int m = lt_md_merge(got, n);
        tried++;
        int same = 1; /* cells 0 .. n - 2 of the three arrays */
        for (int q = 0; q < HM_MD_PER_CELL; q++)
            same &= memcmp(got + q * HM_MD_MAX_CELLS, want + q * HM_MD_MAX_CELLS,
                           sizeof(double) * (size_t)(n - 1)) == 0;
        if (m != n - 1 || !same)
            if (failed++ < 5)
                CHECK_MSG(
                    0, "md merge, trial %d (%d cells, kind %d): not the pair %d of the full scan",
                    trial, n, kind, best);
    }
    CHECK_MSG(failed == 0, "%d of %d merges differ", failed, tried);
}

/* ---- the held frame (src/driver/driver_int.h, lt_frame_update) and the small twist
 * (src/base/vec.h) --- */

/* The largest |row_i . row_j - delta_ij| of a frame. */
static double frame_skew(const mat3 *R)
{
    double w = 0;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            double d = fabs(v3_dot(R->r[i], R->r[j]) - (i == j));
            if (d > w) w = d;
        }
    return w;
}

/* The normal rounding around a fixed direction (a head-on impact): the frame is held on every
 * step, its tangent rows kept bit for bit, and it stays within FRAME_HELD_TOL of orthonormal;
 * a normal that turns slowly (1e-16 rad a step, below the test's tolerance each step) is carried
 * whenever the rows leave FRAME_HELD_TOL, so that it never drifts beyond it over 1e5 steps; a
 * turned normal (1e-9 rad) or a twist is carried as before (the full update's bits: the rows of
 * lt_frame_update with the test off, by hand); and the small-angle twist is libm's to within
 * 4 ulp of a unit vector. */
static void test_frame_held(void)
{
    unsigned long long seed = 0x2545f4914f6cdd1dull;
    vec3 n0 = v3_normalized(v3(1, 2, 2));
    mat3 R = m3_frame_from_normal(n0);
    long held = 0;
    for (int k = 0; k < 1000; k++) { /* the normal of positions that jitter in their last bits */
        vec3 d = v3(0.02 * n0.x * (1 + 4e-16 * (uniform(&seed) - 0.5)),
                    0.02 * n0.y * (1 + 4e-16 * (uniform(&seed) - 0.5)), 0.02 * n0.z);
        vec3 n1 = v3_scale(d, 1.0 / v3_norm(d));
        vec3 r1 = R.r[1], r2 = R.r[2];
        int h = lt_frame_update(&R, n1, v3(0, 0, 0), 1e-9);
        held += h;
        if (h)
            CHECK(!memcmp(&r1, &R.r[1], sizeof r1) && !memcmp(&r2, &R.r[2], sizeof r2) &&
                  !memcmp(&n1, &R.r[0], sizeof n1));
    }
    CHECK_MSG(held == 1000, "a jittering normal held the frame on %ld of 1000 steps", held);
    CHECK_MSG(frame_skew(&R) <= FRAME_HELD_TOL + 1e-15, "held frame off orthonormal by %g",
              frame_skew(&R));
    /* a slow turn about a fixed axis: carried whenever it is due, never beyond the tolerance */
    vec3 axis = v3_normalized(v3_cross(n0, v3(0, 0, 1)));
    double worst = 0;
    long carried = 0;
    for (int k = 1; k <= 100000; k++) {
        vec3 n1 = v3_rotate(n0, axis, 1e-16 * k);
        carried += !lt_frame_update(&R, n1, v3(0, 0, 0), 1e-9);
        double sk = frame_skew(&R);
        if (sk > worst) worst = sk;
    }
    CHECK_MSG(carried > 0 && worst <= FRAME_HELD_TOL + 1e-15,
              "slow turn: carried %ld times, worst skew %g", carried, worst);
    /* a turned normal, and a twist: the full update */
    mat3 F = m3_frame_from_normal(n0), G = F;
    vec3 n1 = v3_rotate(n0, axis, 1e-9);
    CHECK(lt_frame_update(&F, n1, v3(0, 0, 0), 1e-9) == 0);
    G.r[1] = v3_rotate_min_arc(G.r[1], G.r[0], n1);
    G.r[0] = n1;
    m3_orthonormalize_lazy(&G, FRAME_HELD_TOL);
    CHECK(!memcmp(&F, &G, sizeof F));
    /* a frame turned by 1e-9 rad a step about a wandering axis for 1e5 steps (the rows pick up
     * round-off every step): re-orthonormalised only now and then, never beyond the tolerance */
    F = m3_frame_from_normal(n0);
    double worst_turn = 0;
    long redone = 0;
    for (int k = 1; k <= 100000; k++) {
        vec3 ax = v3_normalized(v3_cross(F.r[0], v3(cos(1e-4 * k), sin(1e-4 * k), 0.3)));
        mat3 before = F, mid;
        vec3 nk = v3_rotate(F.r[0], ax, 1e-9);
        redone += !lt_frame_update(&F, nk, v3(0, 0, 0), 1e-9) && frame_skew(&F) < 1e-16;
        lt_frame_step(&before, &before, nk, v3(0, 0, 0), 1e-9, &mid); /* the mid frame's rule too */
        double sk = frame_skew(&F) > frame_skew(&mid) ? frame_skew(&F) : frame_skew(&mid);
        if (sk > worst_turn) worst_turn = sk;
    }
    /* rows 0 and 1 within the tolerance, row 2 (their cross product) within twice it */
    CHECK_MSG(worst_turn <= 2 * FRAME_HELD_TOL + 1e-15, "turning frame: worst skew %g", worst_turn);
    CHECK_MSG(redone < 50000, "turning frame: re-orthonormalised on %ld of 1e5 steps", redone);
    F = m3_frame_from_normal(n0);
    CHECK(lt_frame_update(&F, n0, v3_scale(n0, 1e-3), 1e-9) == 0);
    /* the small twist against libm */
    double worst_twist = 0;
    for (int k = 0; k < 2000; k++) {
        double a = LT_SMALL_ANGLE * (2 * uniform(&seed) - 1) * (k % 2 ? 1 : 1e-9 * uniform(&seed));
        vec3 v =
            v3_normalized(v3(uniform(&seed) - 0.5, uniform(&seed) - 0.5, uniform(&seed) - 0.5));
        vec3 x = v3_rotate_small(v, n0, a), y = v3_rotate(v, n0, a);
        double d = v3_norm(v3_sub(x, y));
        if (d > worst_twist) worst_twist = d;
    }
    CHECK_MSG(worst_twist <= 4 * 0x1p-53, "small twist off libm's by %g", worst_twist);
}

const test_case fastpath_tests[] = {
    TEST(frame_held),       TEST(csu_axis_aligned),
    TEST(oblique_all_dofs), TEST(fixed_bodies_and_forces),
    TEST(impact),           TEST(free_step),
    TEST(md_cells_paths),   TEST(md_merge_choice),
    TEST(md_fold),          {0, 0},
};
