/* src/geom.c - shape-pair geometry functions and their table (SI units).
 *
 * sphere-sphere: d = xB - xA, n = d/|d|, uN = |d| - (rA + rB),
 *   contact point in the middle of the overlap, c = xA + (rA + uN/2) n,
 *   branches c - xA, c - xB; lens = (rA, rB) (the radii, the seed's rule for round bodies),
 *   contA = pi min(rA, rB)^2, curvature radii rcurv = (rA, rB).
 */
#include "geom.h"

typedef int (*geom_fn)(const lt_body *a, const lt_body *b, lt_geom *g);

static int geom_sphere_sphere(const lt_body *a, const lt_body *b, lt_geom *g)
{
    vec3 d = v3_sub(b->pos, a->pos);
    double dist = v3_norm(d);
    if (!(dist > 0)) return 0;
    g->normal = v3_scale(d, 1.0 / dist);
    g->uN = dist - (a->radius + b->radius);
    g->point = v3_axpy(a->radius + 0.5 * g->uN, g->normal, a->pos);
    g->branch[0] = v3_sub(g->point, a->pos);
    g->branch[1] = v3_sub(g->point, b->pos);
    g->lens[0] = a->radius;
    g->lens[1] = b->radius;
    g->rcurv[0] = a->radius;
    g->rcurv[1] = b->radius;
    double rmin = a->radius < b->radius ? a->radius : b->radius;
    g->contA = LT_PI * rmin * rmin;
    return 1;
}

/* The table: entry [i][j] handles A of shape i and B of shape j, for i <= j. */
static const geom_fn geom_table[LT_SHAPE_COUNT][LT_SHAPE_COUNT] = {
    [LT_SPHERE][LT_SPHERE] = geom_sphere_sphere,
};

int geom_pair_defined(lt_shape_kind a, lt_shape_kind b)
{
    return a <= b ? geom_table[a][b] != 0 : geom_table[b][a] != 0;
}

int geom_compute(const lt_body *a, const lt_body *b, lt_geom *g)
{
    if (a->shape <= b->shape) return geom_table[a->shape][b->shape] ? geom_table[a->shape][b->shape](a, b, g) : 0;
    /* stored the other way round: compute as (b, a), then swap back to the caller's order */
    geom_fn f = geom_table[b->shape][a->shape];
    if (!f || !f(b, a, g)) return 0;
    g->normal = v3_neg(g->normal);
    vec3 t = g->branch[0];
    g->branch[0] = g->branch[1];
    g->branch[1] = t;
    double l = g->lens[0];
    g->lens[0] = g->lens[1];
    g->lens[1] = l;
    l = g->rcurv[0];
    g->rcurv[0] = g->rcurv[1];
    g->rcurv[1] = l;
    return 1;
}

int geom_place(const lt_body *a, lt_body *b, vec3 n, double gap)
{
    if (a->shape != LT_SPHERE || b->shape != LT_SPHERE) return 0;
    b->pos = v3_axpy(a->radius + b->radius + gap, n, a->pos);
    return 1;
}

vec3 geom_arc_correction(const lt_body *a, const lt_body *b, vec3 rel_before, vec3 rel_after)
{
    (void)a;
    (void)b;
    /* round-round pair: the gap is a function of the centre distance only. Keep the distance
     * at |r| + (normal component of the relative displacement), move along the new line. */
    double d0 = v3_norm(rel_before), d1 = v3_norm(rel_after);
    vec3 n0 = v3_scale(rel_before, 1.0 / d0);
    double target = d0 + v3_dot(v3_sub(rel_after, rel_before), n0);
    return v3_scale(rel_after, target / d1 - 1.0);
}
