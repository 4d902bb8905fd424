/* laws/kit/closed_mindlin.c - closed forms of a Hertz contact's tangential loading with its
 * history [Mindlin & Deresiewicz 1953], for the cases of every law that takes the md rule
 * (laws/kit/tangential.h): hertz_mindlin's, thornton's on its unloading curve.  SI units; the
 * header laws/kit/closed_mindlin.h states each. */
#include "closed_mindlin.h"
#include <math.h>
#include <stddef.h>
#include <stdlib.h>

/* Cattaneo-Mindlin at the held overlap delta (constant normal force P = K delta^1.5, contact
 * radius a): the loading branch delta_t(T) = c0 [1 - (1 - T/(mu P))^{2/3}] with
 * c0 = 3 mu P/(16 G* a), the displacement at full slip; hence under an imposed amplitude
 * ua < c0 the peak force T* = phi mu P, phi = 1 - (1 - ua/c0)^{3/2}.  Unloading from T*
 * follows delta_t* - 2 delta_t((T* - T)/2) [Mindlin & Deresiewicz 1953], and the loop between
 * -T* and T* encloses (derived here in G* terms from those branches; checked against a
 * numerical integral of the loop in tests/test_hertz_mindlin.c)
 *     W = (9 mu^2 P^2/(10 G* a)) [1 - (1 - phi)^{5/3} - (5 phi/6)(1 + (1 - phi)^{2/3})],
 * (Johnson, Contact Mechanics, eq. 7.55, with 1/G* in place of his (2 - nu)/G per pair);
 * from ua >= c0 on the force slides at +-mu P over 2 (ua - c0) of each leg and
 *     W = 4 mu P (ua - c0) + W(phi = 1) = 4 mu P (ua - (4/5) c0).
 * The law's row of cells resolves the slip front to second order in the cell length: at 160
 * cells the energy was measured within 7e-5 (ua = 0.75 c0) and 7e-6 (ua = 2 c0) and the force
 * along both branches within 6e-5 mu P. */
/* 160 cells (mdCells' default): the measured errors above, with a margin of 1.5 */
#define TOL_MD_CYCLE 1e-4
#define TOL_MD_PEAK 1e-4

double lt_mindlin_c0(double mu, double P, double gstar, double a)
{
    return 3 * mu * P / (16 * gstar * a);
}

double lt_mindlin_cycle_energy(double mu, double P, double gstar, double a, double ua)
{
    double c0 = lt_mindlin_c0(mu, P, gstar, a);
    if (ua >= c0) return 4 * mu * P * (ua - 0.8 * c0);
    double phi = 1 - pow(1 - ua / c0, 1.5), r = 1 - phi;
    return 9 * mu * mu * P * P / (10 * gstar * a) *
           (1 - pow(r, 5.0 / 3) - 5 * phi / 6 * (1 + pow(r, 2.0 / 3)));
}

void lt_mindlin_cycle_rows(lt_expect *x, double mu, double P, double gstar, double a, double ua,
                           const char *why_cycle, const char *why_peak)
{
    double c0 = lt_mindlin_c0(mu, P, gstar, a);
    x->value[LT_Q_CYCLE_ENERGY] = lt_mindlin_cycle_energy(mu, P, gstar, a, ua);
    x->tol[LT_Q_CYCLE_ENERGY] = TOL_MD_CYCLE;
    x->why[LT_Q_CYCLE_ENERGY] = why_cycle;
    double phi = ua >= c0 ? 1 : 1 - pow(1 - ua / c0, 1.5);
    x->value[LT_Q_SLIP_FORCE] = phi * mu * P;
    x->tol[LT_Q_SLIP_FORCE] = TOL_MD_PEAK / phi;
    x->why[LT_Q_SLIP_FORCE] = why_peak;
}

/* The Cattaneo-Mindlin loop of the cycle, for verify --plot: at the fraction s of the three legs
 * 0 -> ua -> -ua -> ua, the displacement and the force, T(x) = mu P [1 - (1 - x/c0)^{3/2}] on
 * the first loading (mu P beyond c0), and Masing's rule of the branches above on the others:
 * T* - 2 T((ua - x)/2) going back, -T* + 2 T((x + ua)/2) coming again (force along +x, as the
 * recorded component). */
static double md_branch(double mu_p, double c0, double x)
{
    return x >= c0 ? mu_p : mu_p * (1 - pow(1 - x / c0, 1.5));
}

void lt_mindlin_cycle_point(double mu, double P, double gstar, double a, double ua, double s,
                            double *u, double *f)
{
    double c0 = lt_mindlin_c0(mu, P, gstar, a), mu_p = mu * P, top = md_branch(mu_p, c0, ua);
    double r = 5 * s; /* the legs take 1, 2 and 2 fifths of the path */
    if (r <= 1) {
        *u = r * ua;
        *f = md_branch(mu_p, c0, *u);
    } else if (r <= 3) {
        *u = ua - (r - 1) * ua;
        *f = top - 2 * md_branch(mu_p, c0, (ua - *u) / 2);
    } else {
        *u = -ua + (r - 3) * ua;
        *f = -top + 2 * md_branch(mu_p, c0, (*u + ua) / 2);
    }
}

/* The no-slip (full stick) elastic Hertz impact of a body whose contact point has the
 * effective tangential mass m/(1 + 1/k2) (k2 = I/(m r^2); a sphere on a wall: 2/5): vc'/vc for
 * kappa = 4 G* / E*.  An implementation of the superposition independent of the law's cells: a
 * stack of displacement increments (entry: the radius a_eff the increment is carried over,
 * and the increment), popped and merged into a_eff = a when the contact shrinks below
 * [Mindlin & Deresiewicz 1953]; the force is 8 G* sum a_eff dxi, kept as a running sum.  In
 * the scaled variables x = delta/delta0, t v/delta0 (delta0 = (m* v^2/K)^{2/5}) and
 * y = xi/delta0: x'' = -x^{3/2}, y'' = -(3/2) kappa (1 + 1/k2) sum sqrt(x_eff) dy.  Leapfrog at
 * n steps over t in [0, 4]; the increment of a growing step is carried over (a_prev + a)/2.
 * Measured against n = 256000: errors 2.7e-7, 8.9e-8, 3.1e-8, 1.0e-8 at n = 4000 ... 32000,
 * order 1.5 (the force ~ sqrt(delta) is not smooth where the contact ends); 40000: ~1e-8. */
/* push an increment carried over a_eff onto the stack (sorted by a_eff), joining an equal top */
static void md_push(double *ae, double *dy, int *top, double a_eff, double inc, double *sum)
{
    if (*top > 0 && ae[*top - 1] == a_eff)
        dy[*top - 1] += inc;
    else
        ae[*top] = a_eff, dy[*top] = inc, ++*top;
    *sum += a_eff * inc;
}

double lt_mindlin_stick_ratio(double kappa, double k2, int n)
{
    /* at most two entries per step of the 4 n (a growing step adds a_prev and a) */
    size_t cap = 8 * (size_t)n + 4;
    double *ae = malloc(cap * sizeof *ae), *dy = malloc(cap * sizeof *dy);
    if (!ae || !dy) {
        free(ae), free(dy);
        return NAN;
    }
    double h = 4.0 / n, c = 1.5 * kappa * (1 + 1 / k2), x = 0, vx = 1, vy = 1, sum = 0, a_prev = 0;
    int top = 0;
    for (int i = 0; i < 4 * n; i++) {
        x += vx * h;
        if (x <= 0 && vx < 0) break;
        double a = sqrt(fmax(x, 0)), inc = vy * h, merged = 0;
        /* release: what was carried beyond a is carried over a */
        while (top > 0 && ae[top - 1] > a) {
            top--;
            sum -= ae[top] * dy[top];
            merged += dy[top];
        }
        if (merged != 0) md_push(ae, dy, &top, a, merged, &sum);
        if (a > a_prev) { /* the annulus entered during the step carries half the increment */
            md_push(ae, dy, &top, a_prev, 0.5 * inc, &sum);
            md_push(ae, dy, &top, a, 0.5 * inc, &sum);
        } else {
            md_push(ae, dy, &top, a, inc, &sum);
        }
        a_prev = a;
        vx -= x * a * h;
        vy -= c * sum * h;
    }
    free(ae), free(dy);
    return vy;
}
