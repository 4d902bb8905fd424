/* src/verify/sweep_groups.c - the failures of a sweep grouped by cause and the parameter values
 * their points share.  See sweep_groups.h. */
#include "verify/sweep_groups.h"
#include "output/fmt.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A real's failing range is reported when it spans at most this share of the range run. */
#define NARROW_SHARE 0.5
/* Bools and choices whose values are tracked as bits: a choice of more names is not grouped. */
#define MAX_VALUES 64

/* What a set of points holds on each swept parameter: a real's range, a discrete's values. */
typedef struct seen {
    double lo[LT_MAX_PARAMS], hi[LT_MAX_PARAMS];
    unsigned long long values[LT_MAX_PARAMS]; /* bit v: the value v was seen */
    long points;
    long last_k; /* the last point counted (a point counts once) */
} seen;

typedef struct group {
    char kase[64], quantity[160];
    seen at;
} group;

struct lt_sweep_groups {
    const lt_sweep_space *s;
    seen all;
    group *g;
    int n, cap;
};

static void seen_init(seen *a)
{
    for (int j = 0; j < LT_MAX_PARAMS; j++) a->lo[j] = INFINITY, a->hi[j] = -INFINITY;
    memset(a->values, 0, sizeof a->values);
    a->points = 0;
    a->last_k = -1;
}

static void seen_add(const lt_sweep_space *s, seen *a, long k, const double *params)
{
    if (a->last_k == k) return;
    a->last_k = k;
    a->points++;
    for (int j = 0; j < s->n_dim; j++) {
        const lt_sweep_dim *d = &s->dim[j];
        double x = params[d->param];
        if (d->scale != LT_SWEEP_DISCRETE) {
            a->lo[j] = fmin(a->lo[j], x), a->hi[j] = fmax(a->hi[j], x);
        } else if (x >= 0 && x < MAX_VALUES) {
            a->values[j] |= 1ull << (int)x;
        }
    }
}

lt_sweep_groups *lt_sweep_groups_new(const lt_sweep_space *s)
{
    lt_sweep_groups *g = calloc(1, sizeof *g);
    if (!g) return NULL;
    g->s = s;
    seen_init(&g->all);
    return g;
}

void lt_sweep_groups_free(lt_sweep_groups *g)
{
    if (!g) return;
    free(g->g);
    free(g);
}

void lt_sweep_groups_point(lt_sweep_groups *g, long k, const double *params)
{
    if (g) seen_add(g->s, &g->all, k, params);
}

/* The group of (kase, quantity), made when new; NULL when memory runs out. */
static group *group_of(lt_sweep_groups *g, const char *kase, const char *quantity)
{
    char q[160];
    snprintf(q, sizeof q, "%s", quantity);
    char *cut = strstr(q, " (");
    if (cut) *cut = 0;
    for (int i = 0; i < g->n; i++)
        if (strcmp(g->g[i].kase, kase) == 0 && strcmp(g->g[i].quantity, q) == 0) return &g->g[i];
    if (g->n == g->cap) {
        int cap = g->cap ? 2 * g->cap : 8;
        group *ng = realloc(g->g, (size_t)cap * sizeof *ng);
        if (!ng) return NULL;
        g->g = ng, g->cap = cap;
    }
    group *n = &g->g[g->n++];
    snprintf(n->kase, sizeof n->kase, "%s", kase);
    snprintf(n->quantity, sizeof n->quantity, "%s", q);
    seen_init(&n->at);
    return n;
}

void lt_sweep_groups_fail(lt_sweep_groups *g, const char *kase, const char *quantity, long k,
                          const double *params)
{
    group *n = g ? group_of(g, kase, quantity) : NULL;
    if (n) seen_add(g->s, &n->at, k, params);
}

/* The share of the range run that [lo, hi] spans on the real dimension d (log for log-uniform). */
static double share(const lt_sweep_dim *d, double lo, double hi, double all_lo, double all_hi)
{
    if (!(all_hi > all_lo)) return 1;
    if ((d->scale == LT_SWEEP_LOG || d->scale == LT_SWEEP_LOG_ZERO) && lo > 0 && all_lo > 0)
        return log(hi / lo) / log(all_hi / all_lo);
    return (hi - lo) / (all_hi - all_lo);
}

/* What the group's points share on dimension j, appended to f ("" when nothing); 1 if written. */
static int shared(const lt_sweep_groups *g, const group *n, int j, int first, FILE *f)
{
    const lt_sweep_dim *d = &g->s->dim[j];
    const lt_law *law = g->s->law;
    const char *name = law->params[d->param].name;
    const char *sep = first ? ", all with " : ", ";
    char v[200];
    if (d->scale == LT_SWEEP_DISCRETE) {
        unsigned long long mine = n->at.values[j], all = g->all.values[j];
        if (!mine || mine == all || d->count > MAX_VALUES) return 0;
        fprintf(f, "%s%s", sep, name);
        int k = 0;
        for (int x = 0; x < d->count; x++)
            if (mine >> x & 1ull)
                fprintf(f, "%s%s", k++ ? "|" : "=",
                        lt_param_value_text(law, d->param, x, v, sizeof v));
        return 1;
    }
    double lo = n->at.lo[j], hi = n->at.hi[j];
    if (!(lo <= hi) || share(d, lo, hi, g->all.lo[j], g->all.hi[j]) > NARROW_SHARE) return 0;
    char a[FMT_DOUBLE_MAX + 1], b[FMT_DOUBLE_MAX + 1];
    a[lt_fmt_double(a, lo)] = 0;
    b[lt_fmt_double(b, hi)] = 0;
    if (lo == hi)
        fprintf(f, "%s%s=%s", sep, name, a);
    else
        fprintf(f, "%s%s in [%s, %s]", sep, name, a, b);
    return 1;
}

void lt_sweep_groups_print(const lt_sweep_groups *g, FILE *f)
{
    if (!g || !f || g->n == 0) return;
    fprintf(f, "# failures by cause: check and quantity, their points, and the values those points "
               "share\n");
    for (int i = 0; i < g->n; i++) {
        const group *n = &g->g[i];
        fprintf(f, "#   %s %s: %ld of %ld point%s", n->kase, n->quantity, n->at.points,
                g->all.points, g->all.points == 1 ? "" : "s");
        int any = 0;
        for (int j = 0; j < g->s->n_dim; j++) any += shared(g, n, j, !any, f);
        if (!any)
            fprintf(f, n->at.points == g->all.points ? ", every point run"
                                                     : ", no value shared beyond the range swept");
        fputc('\n', f);
    }
    fflush(f);
}
