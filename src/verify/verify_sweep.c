/* src/verify/verify_sweep.c - the parameter space of a law: --set values read by their kind, the
 * points of a sweep, and the sweep itself (the generic checks at every point, its table and the
 * scripts that reproduce a failed point).  See verify_sweep.h; docs/verify.md, "The parameter
 * space". */
#define _POSIX_C_SOURCE 200809L
#include "verify/verify_sweep.h"
#include "base/quote.h"
#include "base/shortg.h"
#include "base/watch.h"
#include "contact/law_check.h"
#include "contact/registry.h"
#include "output/afile.h"
#include "output/fmt.h"
#include "output/probe_table.h"
#include "output/sweep_shard.h"
#include "verify/sweep_groups.h"
#include "verify/verify_int.h"
#include "verify/verify_jobs.h"
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* An infinite end of a range is bounded a decade beyond the default. */
#define INFINITE_END_FACTOR 10.0
/* A parameter swept by its declared scale S: over [S/100, 100 S], four decades about it. */
#define SCALE_SPAN 100.0
/* A range this wide (hi/lo, lo > 0) is swept log-uniformly: two decades. */
#define LOG_SPAN 100.0

/* ---- --set P=V ------------------------------------------------------------------------- */

static void param_range_text(const lt_param *p, unsigned flags, char *buf, size_t n)
{
    if (p->kind == LT_BOOL) {
        snprintf(buf, n, "true or false");
    } else if (p->kind == LT_CHOICE) {
        size_t u = (size_t)snprintf(buf, n, "one of ");
        for (int j = 0; p->choices[j] && u < n; j++)
            u += (size_t)snprintf(buf + u, n - u, j ? ", %s" : "%s", p->choices[j]);
    } else {
        char r[120];
        snprintf(buf, n, "a number in %s", lt_param_range_text(p, flags, r, sizeof r));
    }
}

const char *lt_param_value_text(const lt_law *law, int i, double x, char *buf, size_t n)
{
    const lt_param *p = &law->params[i];
    char num[FMT_DOUBLE_MAX + 1];
    if (isnan(x))
        snprintf(buf, n, "unset");
    else if (p->kind == LT_BOOL)
        snprintf(buf, n, "%s", x != 0 ? "true" : "false");
    else if (p->kind == LT_CHOICE)
        snprintf(buf, n, "%s", p->choices[(int)x]);
    else {
        num[lt_fmt_double(num, x)] = 0;
        snprintf(buf, n, "%s", num);
    }
    return buf;
}

/* One "P=V" into *out.  0, or -1 with the message. */
static int parse_set_arg(const lt_law *law, const char *arg, lt_param_value *out, char *err,
                         size_t errlen)
{
    char shown[LT_QUOTE_KEEP + 1];
    lt_quote(arg, shown, sizeof shown, 60); /* user text, one line of a readable length */
    const char *eq = strchr(arg, '=');
    if (!eq || eq == arg) {
        snprintf(err, errlen, "--set needs P=V (a parameter of law %s and its value), got '%s'",
                 law->name, shown);
        return -1;
    }
    int len = (int)(eq - arg), i = -1;
    for (int j = 0; j < law->n_params && i < 0; j++)
        if ((int)strlen(law->params[j].name) == len &&
            strncmp(law->params[j].name, arg, (size_t)len) == 0)
            i = j;
    if (i < 0) {
        char list[400] = "";
        size_t u = 0;
        for (int j = 0; j < law->n_params && u < sizeof list; j++)
            u +=
                (size_t)snprintf(list + u, sizeof list - u, j ? ", %s" : "%s", law->params[j].name);
        char *cut = strchr(shown, '=');
        if (cut) *cut = 0;
        snprintf(err, errlen, "--set '%s': law %s has no parameter of that name (parameters: %s)",
                 shown, law->name, law->n_params ? list : "none");
        return -1;
    }
    const lt_param *p = &law->params[i];
    const char *v = eq + 1;
    char range[300];
    unsigned flags = lt_law_param_flags(law, i);
    param_range_text(p, flags, range, sizeof range);
    double x = NAN;
    if (p->kind == LT_BOOL) {
        if (strcmp(v, "true") == 0)
            x = 1;
        else if (strcmp(v, "false") == 0)
            x = 0;
    } else if (p->kind == LT_CHOICE) {
        for (int j = 0; p->choices[j]; j++)
            if (strcmp(p->choices[j], v) == 0) x = j;
    } else if (p->kind == LT_REAL || p->kind == LT_INT) {
        char *end, why[200];
        errno = 0;
        double y = *v ? strtod(v, &end) : NAN;
        const char *bad = *v && !*end && !isnan(y)
                              ? lt_param_value_problem_in(p, flags, y, why, sizeof why)
                              : NULL;
        if (*v && !*end && !isnan(y) && !bad)
            x = y;
        else if (*v && !*end && !isnan(y)) {
            if (p->kind == LT_INT && y != floor(y))
                snprintf(err, errlen, "--set '%s': %s; %s takes a whole number in %s", shown, bad,
                         p->name, range + 12);
            else
                snprintf(err, errlen, "--set '%s': out of range: %s takes %s", shown, p->name,
                         range);
            return -1;
        }
    } else {
        snprintf(err, errlen, "--set %s: a parameter of this kind (%d) is not read by --set",
                 p->name, (int)p->kind);
        return -1;
    }
    if (isnan(x)) {
        snprintf(err, errlen, "--set '%s': %s takes %s", shown, p->name, range);
        return -1;
    }
    out->name = p->name;
    out->value = x;
    return 0;
}

int lt_verify_read_sets(const lt_law *law, const char *const *sets, int n, lt_param_value *out,
                        char *err, size_t errlen)
{
    double params[LT_MAX_PARAMS];
    for (int i = 0; i < law->n_params; i++) params[i] = law->params[i].def;
    for (int j = 0; j < n; j++) {
        if (parse_set_arg(law, sets[j], &out[j], err, errlen) < 0) return -1;
        for (int k = 0; k < j; k++)
            if (out[k].name == out[j].name) {
                snprintf(err, errlen, "--set %s given twice", out[j].name);
                return -1;
            }
        params[lt_law_param_index(law, out[j].name)] = out[j].value;
    }
    const char *bad = law->check ? law->check(params) : NULL;
    if (bad) {
        snprintf(err, errlen, "--set: law %s refuses these values: %.200s", law->name, bad);
        return -1;
    }
    return 0;
}

/* ---- the points ------------------------------------------------------------------------ */

static const unsigned primes[LT_MAX_PARAMS] = {2,  3,  5,  7,   11,  13,  17,  19,  23,  29, 31,
                                               37, 41, 43, 47,  53,  59,  61,  67,  71,  73, 79,
                                               83, 89, 97, 101, 103, 107, 109, 113, 127, 131};

double lt_halton(unsigned long i, unsigned b)
{
    /* the digits of i reversed into an integer r over b^m, then one correctly rounded division */
    unsigned long long r = 0, d = 1;
    while (i > 0) {
        r = r * b + i % b;
        d *= b;
        i /= b;
    }
    return (double)r / (double)d;
}

/* A scaled dimension (a default of 0, an infinite end, a sweep scale S declared): 0 or, where
 * the range does not hold it, S/100 at the low corner, log-uniform over [S/100, 100 S] between.
 * 1 if it applies. */
static int scaled_dim(const lt_law *law, int i, lt_sweep_dim *d)
{
    const lt_param *p = &law->params[i];
    double scale = lt_law_param_scale(law, i);
    if (!(p->def == 0 && scale > 0 && p->kind == LT_REAL && (isinf(p->min) || isinf(p->max))))
        return 0;
    d->lo = scale / SCALE_SPAN, d->hi = scale * SCALE_SPAN;
    if (!lt_param_in_range(p, lt_law_param_flags(law, i), d->lo) ||
        !lt_param_in_range(p, lt_law_param_flags(law, i), d->hi))
        return 0; /* a scale the range does not hold (the law's check refuses it) */
    d->scale = LT_SWEEP_LOG_ZERO;
    d->low_corner = lt_param_in_range(p, lt_law_param_flags(law, i), 0) ? 0 : d->lo;
    return 1;
}

/* A real or integer parameter's dimension: its range (an infinite end bounded a decade beyond
 * the default, an open end moved to the next double inside it), log-uniform over two decades or
 * more; or a scaled one (scaled_dim).  1 if it is swept. */
static int real_dim(const lt_law *law, int i, lt_sweep_dim *d)
{
    const lt_param *p = &law->params[i];
    if (scaled_dim(law, i, d)) return 1;
    unsigned flags = lt_law_param_flags(law, i);
    d->lo = p->min, d->hi = p->max;
    double scale = INFINITE_END_FACTOR * fabs(p->def);
    if (isinf(d->hi)) d->hi = scale;
    if (isinf(d->lo)) d->lo = -scale;
    if (!(d->lo < d->hi) || !isfinite(d->lo) || !isfinite(d->hi) || d->lo > p->def ||
        d->hi < p->def)
        return 0;
    /* an open end is never a point: the nearest value inside it is */
    if ((flags & LT_PARAM_MIN_OPEN) && d->lo == p->min) d->lo = nextafter(d->lo, d->hi);
    if ((flags & LT_PARAM_MAX_OPEN) && d->hi == p->max) d->hi = nextafter(d->hi, d->lo);
    if (!(d->lo < d->hi)) return 0;
    if (d->lo > 0 && d->hi / d->lo >= LOG_SPAN) d->scale = LT_SWEEP_LOG;
    d->low_corner = d->lo;
    return 1;
}

void lt_sweep_space_of(const lt_law *law, const lt_param_value *set, int n_set, lt_sweep_space *s)
{
    memset(s, 0, sizeof *s);
    s->law = law;
    for (int i = 0; i < law->n_params; i++) s->base[i] = law->params[i].def;
    for (int j = 0; j < n_set; j++) {
        int i = lt_law_param_index(law, set[j].name);
        if (i >= 0) s->base[i] = set[j].value, s->set[i] = 1;
    }
    double corners = 1;
    for (int i = 0; i < law->n_params; i++) {
        const lt_param *p = &law->params[i];
        if (s->set[i]) continue;
        lt_sweep_dim d = {.param = i, .scale = LT_SWEEP_UNIFORM};
        if (p->kind == LT_BOOL || p->kind == LT_CHOICE) {
            d.scale = LT_SWEEP_DISCRETE;
            d.count = 2;
            if (p->kind == LT_CHOICE)
                for (d.count = 0; p->choices[d.count];) d.count++;
            if (d.count < 2) continue;
        } else if ((p->kind == LT_REAL || p->kind == LT_INT) && isfinite(p->def)) {
            if (!real_dim(law, i, &d)) continue;
            s->n_real++;
        } else {
            /* NaN default (from the materials), an infinite default, or a kind not swept */
            continue;
        }
        corners *= d.scale == LT_SWEEP_DISCRETE ? d.count : 2;
        s->dim[s->n_dim++] = d;
    }
    s->corners = corners >= (double)LONG_MAX ? LONG_MAX : (long)corners;
    s->grid = s->n_real ? -1 : s->corners;
}

static double real_at(const lt_sweep_dim *d, double u)
{
    double x = d->scale == LT_SWEEP_LOG || d->scale == LT_SWEEP_LOG_ZERO
                   ? exp(log(d->lo) + u * log(d->hi / d->lo))
                   : d->lo + u * (d->hi - d->lo);
    return fmin(fmax(x, d->lo), d->hi); /* round-off at the ends */
}

void lt_sweep_point(const lt_sweep_space *s, long k, double params[LT_MAX_PARAMS])
{
    memcpy(params, s->base, sizeof s->base);
    if (k < s->corners) {
        long r = k;
        for (int j = 0; j < s->n_dim; j++) {
            const lt_sweep_dim *d = &s->dim[j];
            int radix = d->scale == LT_SWEEP_DISCRETE ? d->count : 2;
            int digit = (int)(r % radix);
            r /= radix;
            params[d->param] = d->scale == LT_SWEEP_DISCRETE ? digit
                               : digit                       ? d->hi
                                                             : d->low_corner;
        }
        return;
    }
    unsigned long i = (unsigned long)(k - s->corners) + 1;
    for (int j = 0; j < s->n_dim; j++) {
        const lt_sweep_dim *d = &s->dim[j];
        double u = lt_halton(i, primes[j]);
        if (d->scale == LT_SWEEP_DISCRETE) {
            int v = (int)floor(u * d->count);
            params[d->param] = v < d->count ? v : d->count - 1;
        } else {
            params[d->param] = real_at(d, u);
        }
    }
    for (int j = 0; j < s->n_dim;
         j++) /* an integer parameter at the nearest whole number in its range */
        if (s->law->params[s->dim[j].param].kind == LT_INT) {
            const lt_sweep_dim *d = &s->dim[j]; /* lo, hi inside open ends: ceil, floor too */
            params[d->param] = fmin(fmax(round(params[d->param]), ceil(d->lo)), floor(d->hi));
        }
}

static int is_swept(const lt_sweep_space *s, int i)
{
    for (int j = 0; j < s->n_dim; j++)
        if (s->dim[j].param == i) return 1;
    return 0;
}

void lt_sweep_point_text(const lt_sweep_space *s, const double *params, char *buf, size_t n)
{
    size_t u = 0;
    buf[0] = 0;
    for (int i = 0; i < s->law->n_params && u < n; i++)
        if (s->set[i] || is_swept(s, i)) {
            char v[200];
            u += (size_t)snprintf(buf + u, n - u, "%s%s=%s", u ? " " : "", s->law->params[i].name,
                                  lt_param_value_text(s->law, i, params[i], v, sizeof v));
        }
    if (!buf[0]) snprintf(buf, n, "-");
}

/* How the real parameter i is swept (dimension d), to the end of its comment line. */
static void describe_real(const lt_law *law, int i, const lt_sweep_dim *d, FILE *f)
{
    const lt_param *p = &law->params[i];
    unsigned flags = lt_law_param_flags(law, i);
    char a[32], b[32], c[32], e[32];
    if (d->scale == LT_SWEEP_LOG_ZERO) {
        fprintf(f, "%s, log-uniform over [%s, %s] %s (the law's sweep scale %s, default 0)\n",
                lt_shortg(d->low_corner, a, sizeof a), lt_shortg(d->lo, b, sizeof b),
                lt_shortg(d->hi, c, sizeof c), p->unit,
                lt_shortg(lt_law_param_scale(law, i), e, sizeof e));
        return;
    }
    /* an open end shows as the law declares it, not as the double inside it that is swept */
    int lo_open = (flags & LT_PARAM_MIN_OPEN) && d->lo > p->min,
        hi_open = (flags & LT_PARAM_MAX_OPEN) && d->hi < p->max;
    fprintf(f, "%s over %c%s, %s%c %s%s\n", d->scale == LT_SWEEP_LOG ? "log-uniform" : "uniform",
            lo_open ? '(' : '[', lt_shortg(lo_open ? p->min : d->lo, a, sizeof a),
            lt_shortg(hi_open ? p->max : d->hi, b, sizeof b), hi_open ? ')' : ']', p->unit,
            isinf(p->max) || isinf(p->min) ? " (an infinite end bounded at 10 |default|)" : "");
}

/* The comment lines that say how each parameter is swept. */
static void describe(const lt_sweep_space *s, long points, FILE *f)
{
    const lt_law *law = s->law;
    fprintf(f, "# sweep of %s: %ld points: %ld corner%s first", law->name, points, s->corners,
            s->corners == 1 ? "" : "s");
    fprintf(f, "%s\n",
            s->n_real ? ", then the Halton sequence (docs/verify.md, \"The parameter space\")"
                      : "");
    for (int i = 0; i < law->n_params; i++) {
        const lt_param *p = &law->params[i];
        char v[200];
        fprintf(f, "#   %-12s ", p->name);
        const lt_sweep_dim *d = NULL;
        for (int j = 0; j < s->n_dim; j++)
            if (s->dim[j].param == i) d = &s->dim[j];
        if (d && d->scale == LT_SWEEP_DISCRETE) {
            for (int j = 0; j < d->count; j++)
                fprintf(f, "%s%s", j ? ", " : "", lt_param_value_text(law, i, j, v, sizeof v));
            fputc('\n', f);
        } else if (d) {
            describe_real(law, i, d, f);
        } else if (s->set[i]) {
            fprintf(f, "held at %s (--set)\n",
                    lt_param_value_text(law, i, s->base[i], v, sizeof v));
        } else if (isnan(s->base[i])) {
            fprintf(f, "held: unset (the law's default: %.120s)\n", p->doc);
        } else {
            fprintf(f, "held at %s%s\n", lt_param_value_text(law, i, s->base[i], v, sizeof v),
                    p->kind != LT_REAL || p->min == p->max
                        ? ""
                        : " (no finite scale: give a value with --set)");
        }
    }
}

/* ---- the sweep ------------------------------------------------------------------------- */

typedef struct text {
    char *s;
    size_t len, cap;
    int failed; /* out of memory */
} text;

/* The n bytes at s appended to t (t->failed when memory runs out). */
static void text_add(text *t, const char *s, size_t n)
{
    if (t->failed) return;
    if (t->len + n + 1 > t->cap) {
        size_t cap = t->cap ? 2 * t->cap : 1 << 16;
        while (cap < t->len + n + 1) cap *= 2;
        char *ns = realloc(t->s, cap);
        if (!ns) {
            t->failed = 1;
            return;
        }
        t->s = ns, t->cap = cap;
    }
    memcpy(t->s + t->len, s, n);
    t->len += n;
    t->s[t->len] = 0;
}

static void puts_clean(text *t, const char *s) /* a field: tabs and line ends become spaces */
{
    for (; *s; s++) {
        char c = *s == '\t' || *s == '\n' || *s == '\r' ? ' ' : *s;
        text_add(t, &c, 1);
    }
}

/* A tab and x, shortest round-trip, appended to t. */
static void put_tab_number(text *t, double x)
{
    char b[FMT_DOUBLE_MAX + 2];
    b[0] = '\t';
    text_add(t, b, 1 + (size_t)lt_fmt_double(b + 1, x));
}

/* A failed row, kept for the script of its point. */
#define KEPT_FAILS 8
/* The distinct checks failed at a point (the generic checks: ten, with room) */
#define KEPT_CASES 16

typedef struct sweep_run {
    const lt_sweep_opts *o;
    const lt_sweep_space *s;
    long k;
    char point[1200];
    text table;
    int failed_here;             /* failed rows at this point */
    char fails[KEPT_FAILS][160]; /* "case quantity: obtained > tol" */
    char first_case[64];         /* the check of the first failed row */
    char cases[KEPT_CASES][64];  /* every check with a failed row at this point, in order */
    int n_cases;
    double params[LT_MAX_PARAMS]; /* the point's */
    lt_sweep_groups *groups;      /* the failures by cause (NULL: not grouped) */
} sweep_run;

/* indexed by lt_check_kind; an n/a row (a law that books no energies) is written `n/a` in both
 * columns */
static const char *const check_names[] = {"rel", "abs", "order", "n/a"};

/* kase among the checks failed at the point (once, in the order they failed). */
static void keep_failed_case(sweep_run *w, const char *kase)
{
    for (int j = 0; j < w->n_cases; j++)
        if (strcmp(w->cases[j], kase) == 0) return;
    if (w->n_cases < KEPT_CASES) snprintf(w->cases[w->n_cases++], sizeof w->cases[0], "%s", kase);
}

/* A row of the point being run: relabelled CASE@K (a failure's note naming the point, which is
 * counted), handed to the caller's on_row and written to the sweep's table. */
static void point_row(void *ctx, const lt_verify_row *r)
{
    sweep_run *w = ctx;
    char kase[200], note[1600];
    snprintf(kase, sizeof kase, "%s@%ld", r->kase, w->k);
    lt_verify_row shown = *r;
    shown.kase = kase;
    if (!r->pass) {
        snprintf(note, sizeof note, "point %ld: %s%s%s", w->k, w->point,
                 r->note && *r->note ? "; " : "", r->note ? r->note : "");
        shown.note = note;
        if (w->failed_here < KEPT_FAILS)
            snprintf(w->fails[w->failed_here], sizeof w->fails[0],
                     "%s %s: obtained %.6g, error %.3g > tol %.3g", r->kase, r->quantity,
                     r->obtained, r->error, r->tol);
        if (!w->failed_here) snprintf(w->first_case, sizeof w->first_case, "%s", r->kase);
        keep_failed_case(w, r->kase);
        lt_sweep_groups_fail(w->groups, r->kase, r->quantity, w->k, w->params);
        w->failed_here++;
    }
    const lt_verify_opts *vo = w->o->verify;
    if (vo->on_row) vo->on_row(vo->ctx, &shown);
    if (!w->o->out_dir) return;
    char head[64];
    text *t = &w->table;
    text_add(t, head, (size_t)snprintf(head, sizeof head, "%ld\t%ld\t", w->k, w->o->points));
    puts_clean(t, w->point);
    text_add(t, "\t", 1);
    puts_clean(t, r->kase);
    text_add(t, "\t", 1);
    puts_clean(t, r->quantity);
    put_tab_number(t, r->expected);
    put_tab_number(t, r->obtained);
    put_tab_number(t, r->error);
    put_tab_number(t, r->tol);
    text_add(t, "\t", 1);
    puts_clean(t, check_names[r->kind]);
    if (r->kind == LT_CHECK_NA)
        text_add(t, "\tn/a\t", 5);
    else
        text_add(t, r->pass ? "\tPASS\t" : "\tFAIL\t", 6);
    puts_clean(t, r->note ? r->note : "");
    text_add(t, "\n", 1);
}

/* The generic path of verify_generic.c as a stage script's test (same bodies, normal, time step
 * and stages), so that `lawtester run -o DIR --plot` records and plots it at the point. */
static const char repro_path[] =
    "-- the path of generic-path (docs/verify.md, \"Generic checks\"): approach, compress, shear "
    "and\n"
    "-- rotate in all six DoFs, pull apart; spheres of 0.1 and 0.05 m, default materials\n"
    "local path = lawtester.run{\n"
    "  name = \"%s-path\", law = \"%s\", params = params,\n"
    "  particles = { { radius = 0.1 }, { radius = 0.05 } },\n"
    "  normal = {0.36, 0.48, 0.80}, gap = 1e-5, dt = 1e-6, abWeight = 0.3,\n"
    "  stages = {\n"
    "    { whats = \"vvvvvv\", values = {-0.5, 0, 0, 0, 0, 0}, till = \"stage.step >= 1020\" },\n"
    "    { whats = \"vvvvvv\", values = {0, 0.5, -0.25, 1, 0.5, -1}, till = \"stage.step >= 1000\" "
    "},\n"
    "    { whats = \"vvvvvv\", values = {0.5, 0, 0, 0, 0, 0}, till = \"not C\", max_steps = 4080 "
    "},\n"
    "    { whats = \"vvvvvv\", values = {0.5, 0, 0, 0, 0, 0}, till = \"stage.step >= 20\" },\n"
    "  },\n"
    "}\n"
    "print(string.format(\"generic path at point %ld: work %%.6g J, %s %%.3g of the work\",\n"
    "                    path.E.work, path.E.work ~= 0 and math.abs(path.E.balance_err / "
    "path.E.work) or 0))\n";

/* The path of generic-objectivity (verify_generic.c) as a stage script's test: compress, shear
 * and rotate in all six DoFs, hold, then turn the loaded pair rigidly by 1 rad about (1, -2, 3)
 * in 1e5 steps (the spin: %s %s %s rad/s). */
static const char repro_objectivity[] =
    "-- the path of generic-objectivity (docs/verify.md, \"Generic checks\"): compress, shear and "
    "rotate,\n"
    "-- hold, then turn the loaded pair rigidly by 1 rad: the local force must not change\n"
    "local turn = lawtester.run{\n"
    "  name = \"%s-objectivity\", law = \"%s\", params = params,\n"
    "  particles = { { radius = 0.1 }, { radius = 0.05 } },\n"
    "  normal = {0.36, 0.48, 0.80}, dt = 1e-6, abWeight = 0.3,\n"
    "  stages = {\n"
    "    { whats = \"vvvvvv\", values = {-0.5, 0, 0, 0, 0, 0}, till = \"stage.step >= 1000\" },\n"
    "    { whats = \"vvvvvv\", values = {0, 0.125, -0.0625, 1, 0.5, -1}, till = \"stage.step >= "
    "1000\" },\n"
    "    { whats = \"vvvvvv\", values = {0, 0, 0, 0, 0, 0}, till = \"stage.step >= 10\" },\n"
    "    { whats = \"vvvvvv\", values = {0, 0, 0, 0, 0, 0}, till = \"stage.step >= 100000\",\n"
    "      spin = {%s, %s, %s} },\n"
    "  },\n"
    "}\n";

/* The paths a failed check runs that a script can run as a test: 1 generic-path's (also
 * generic-touch's first stage), 2 generic-objectivity's, 0 none (the other checks' runs: the
 * verify_law call at the end runs them). */
static int script_path_of(const char *kase)
{
    if (strcmp(kase, "generic-path") == 0 || strcmp(kase, "generic-touch") == 0) return 1;
    return strcmp(kase, "generic-objectivity") == 0 ? 2 : 0;
}

/* The runs of the paths marked in paths (bit script_path_of - 1) into f. */
static void write_paths(FILE *f, unsigned paths, const char *name, const lt_law *law, long k)
{
    if (paths & 1u)
        fprintf(f, repro_path, name, law->name, k,
                law->n_energies
                    ? "balance error"
                    : "absorbed by the contact, not booked (the law books no energies):");
    if (paths & 2u) {
        /* 1 rad in 1e5 steps of 1e-6 s about the unit vector of (1, -2, 3), as verify_generic.c */
        double n = sqrt(14.0), w = 1.0 / (1e-6 * 100000.0);
        char x[FMT_DOUBLE_MAX + 1], y[FMT_DOUBLE_MAX + 1], z[FMT_DOUBLE_MAX + 1];
        x[lt_fmt_double(x, 1 / n * w)] = 0;
        y[lt_fmt_double(y, -2 / n * w)] = 0;
        z[lt_fmt_double(z, 3 / n * w)] = 0;
        fprintf(f, "%s", paths & 1u ? "\n" : "");
        fprintf(f, repro_objectivity, name, law->name, x, y, z);
    }
}

/* DIR/sweep-NAME-K.lua into the set p: the point's parameters, the paths of the failed checks
 * that a script runs as a test (write_paths), and verify's rows of every check failed at the
 * point (each on its own path) through lawtester.verify_law. */
static int write_script(const sweep_run *w, const lt_law *law, lt_pending *p, char *err,
                        size_t errlen)
{
    char name[300], flags[6000] = ""; /* 32 parameters of up to 180 characters each */
    snprintf(name, sizeof name, "sweep-%s-%ld", law->name, w->k);
    size_t u = 0;
    const lt_sweep_space *s = w->s;
    double params[LT_MAX_PARAMS];
    lt_sweep_point(s, w->k, params);
    for (int i = 0; i < law->n_params && u < sizeof flags; i++)
        if (s->set[i] || is_swept(s, i)) {
            char v[200];
            u += (size_t)snprintf(flags + u, sizeof flags - u, " --set %s=%s", law->params[i].name,
                                  lt_param_value_text(law, i, params[i], v, sizeof v));
        }
    const char *origin = lt_law_library(law);
    char lib[1200] = "";
    if (origin) snprintf(lib, sizeof lib, " --law-lib %s", origin);
    lt_afile f;
    if (lt_afile_open(&f, w->o->out_dir, name, ".lua", 0, err, errlen) < 0) return -1;
    fprintf(
        f.fp,
        "-- %s.lua - written by `lawtester verify --law %s --sweep %ld`: point %ld of the sweep,\n",
        name, law->name, w->o->points, w->k);
    fprintf(f.fp, "-- where %d check%s failed (docs/verify.md, \"The parameter space\"):\n",
            w->failed_here, w->failed_here == 1 ? "" : "s");
    for (int j = 0; j < w->failed_here && j < KEPT_FAILS; j++)
        fprintf(f.fp, "--   %s\n", w->fails[j]);
    if (w->failed_here > KEPT_FAILS) fprintf(f.fp, "--   ... (all in sweep-%s.tsv)\n", law->name);
    fprintf(f.fp, "-- Run it:  lawtester run%s %s.lua [-o DIR --plot]\n", lib, name);
    unsigned paths = 0;
    for (int j = 0; j < w->n_cases; j++) {
        fprintf(f.fp, "-- (the same rows: lawtester verify%s --law %s%s --case %s)\n", lib,
                law->name, flags, w->cases[j]);
        int path = script_path_of(w->cases[j]);
        if (path) paths |= 1u << (path - 1);
    }
    fprintf(f.fp, "local params = {");
    for (int i = 0; i < law->n_params; i++)
        if (s->set[i] || is_swept(s, i)) {
            char v[200];
            lt_param_value_text(law, i, params[i], v, sizeof v);
            if (law->params[i].kind == LT_CHOICE)
                fprintf(f.fp, " %s = \"%s\",", law->params[i].name, v);
            else if (law->params[i].kind == LT_REAL && isinf(params[i]))
                fprintf(f.fp, " %s = %smath.huge,", law->params[i].name, params[i] < 0 ? "-" : "");
            else
                fprintf(f.fp, " %s = %s,", law->params[i].name, v);
        }
    fprintf(f.fp, " }\n\n");
    write_paths(f.fp, paths, name, law, w->k);
    fprintf(f.fp,
            "%s-- verify's rows of each failed check at the point, on its own path: the script "
            "fails if any fails\nlocal failed, why = 0, {}\n",
            paths ? "\n" : "");
    for (int j = 0; j < w->n_cases; j++)
        fprintf(f.fp,
                "do\n  local f, rows = lawtester.verify_law(\"%s\", { params = params, case = "
                "\"%s\" })\n  failed = failed + f\n  if f > 0 then why[#why + 1] = "
                "string.format(\"%%d of %%d checks of %s failed\", f, rows) end\nend\n",
                law->name, w->cases[j], w->cases[j]);
    fprintf(f.fp,
            "if failed > 0 then\n  error(\"point %ld of the sweep of %s: \" .. table.concat(why, "
            "\", \"), 0)\nend\n",
            w->k, law->name);
    return lt_afile_close_into(&f, p, err, errlen);
}

static const char *only_generic(const char *kase)
{
    return kase && strncmp(kase, "generic-", 8) != 0 ? kase : NULL;
}

/* What the sweep cannot run at all: a --case that is no generic check, a law that fails its
 * validation.  0, or -1 with the message in err. */
static int sweep_refused(const lt_law *law, const lt_verify_opts *vo, char *err, size_t errlen)
{
    if (only_generic(vo->kase)) {
        snprintf(err, errlen,
                 "--sweep runs the generic checks: --case %.80s is not one (generic-touch, "
                 "generic-path, ...)",
                 vo->kase);
        return -1;
    }
    char why[300];
    if (lt_law_validate(law, why, sizeof why) < 0) {
        snprintf(err, errlen, "law %s: %s", law->name, why);
        return -1;
    }
    return 0;
}

/* The notes' head: the space swept, the points' count when the grid is all of it, the shard. */
static void note_sweep(const lt_sweep_opts *o, const lt_sweep_space *s, long points)
{
    if (!o->notes || lt_watch_page->skip != 0)
        return; /* not again in a worker started after a fault */
    describe(s, points, o->notes);
    if (points < o->points)
        fprintf(o->notes, "# the %ld points are all the combinations (no real parameter swept)\n",
                points);
    if (o->shards > 1)
        fprintf(o->notes, "# shard %d of %d: points k with k %% %d == %d\n", o->shard, o->shards,
                o->shards, o->shard - 1);
    fflush(o->notes);
}

/* A point the law's check refuses: a note, and its one row of the table (no check of it fails). */
static void refused_point(sweep_run *w, long k, const char *bad)
{
    const lt_sweep_opts *o = w->o;
    if (o->notes)
        fprintf(o->notes, "# point %ld (%s) refused by the law's check: %s\n", k, w->point, bad);
    if (!o->out_dir) return;
    char head[64];
    text_add(&w->table, head, (size_t)snprintf(head, sizeof head, "%ld\t%ld\t", k, o->points));
    puts_clean(&w->table, w->point);
    static const char cols[] = "\t-\tparameters\tnan\tnan\tnan\tnan\tabs\trefused\t";
    text_add(&w->table, cols, strlen(cols));
    puts_clean(&w->table, bad);
    text_add(&w->table, "\n", 1);
}

/* "lawtester verify [--law-lib LIB] --law NAME --set P=V ... --case KASE" of the point. */
static void put_point_command(FILE *notes, const lt_law *law, const lt_param_value *pv, int n,
                              const char *kase)
{
    const char *origin = lt_law_library(law);
    fprintf(notes, "lawtester verify%s%s --law %s", origin ? " --law-lib " : "",
            origin ? origin : "", law->name);
    for (int j = 0; j < n; j++) {
        char vt[200];
        fprintf(notes, " --set %s=%s", pv[j].name,
                lt_param_value_text(law, lt_law_param_index(law, pv[j].name), pv[j].value, vt,
                                    sizeof vt));
    }
    fprintf(notes, " --case %s", kase);
}

/* The note of a failed point k: the command that repeats its first failed check, and its script
 * (sname, "" when none was written); then one line for each other check failed there. */
static void note_failed_point(const sweep_run *w, const lt_law *law, const lt_param_value *pv,
                              int n, const char *sname)
{
    FILE *notes = w->o->notes;
    fprintf(notes, "# point %ld failed %s: ", w->k, w->first_case);
    put_point_command(notes, law, pv, n, w->first_case);
    fprintf(notes, "%s\n", sname);
    for (int c = 0; c < w->n_cases; c++) {
        if (strcmp(w->cases[c], w->first_case) == 0) continue;
        /* the other checks failed at the point: the same command, their --case */
        fprintf(notes, "#   and failed %s: ", w->cases[c]);
        put_point_command(notes, law, pv, n, w->cases[c]);
        fputc('\n', notes);
    }
    fflush(notes);
}

/* The generic checks at point k of the sweep (a point the law refuses: its row only).  1: the
 * point failed, 0: it passed or was refused or skipped, -1: its script could not be written (err).
 * */
static int sweep_point(sweep_run *w, const lt_law *law, lt_verify_summary *sum, int restarted,
                       lt_pending *pend, char *err, size_t errlen)
{
    const lt_sweep_opts *o = w->o;
    const lt_sweep_space *s = w->s;
    long k = w->k;
    double params[LT_MAX_PARAMS];
    lt_sweep_point(s, k, params);
    w->failed_here = 0;
    w->first_case[0] = 0;
    w->n_cases = 0;
    lt_sweep_point_text(s, params, w->point, sizeof w->point);
    lt_param_value pv[LT_MAX_PARAMS];
    int n = 0;
    for (int i = 0; i < law->n_params; i++)
        if (s->set[i] || is_swept(s, i))
            pv[n++] = (lt_param_value){.name = law->params[i].name, .value = params[i]};
    const char *bad = law->check ? law->check(params) : NULL;
    if (bad) {
        refused_point(w, k, bad);
        return 0;
    }
    memcpy(w->params, params, sizeof w->params);
    lt_sweep_groups_point(w->groups, k, params);
    char unit[80];
    snprintf(unit, sizeof unit, "generic@%ld", k);
    lt_verify_opts po = *o->verify;
    po.set = pv;
    po.n_set = n;
    po.on_row = point_row;
    po.ctx = w;
    vr_ctx v = {.o = &po, .sum = sum, .law = law};
    /* one watch unit a point: a fault of the law at a point is that point's FAIL row, and
     * the next worker goes on after it (supervise.h) */
    if (!lt_watch_unit_begin(law->name, unit, 0)) return 0;
    if (lt_jobs_begin(law->name, lt_vr_deliver, &v)) { /* -j N: maybe a child's (verify_jobs.h) */
        lt_vr_generic(&v);
        if (lt_vr_has_oblique(law)) lt_vr_oblique(&v);
    }
    lt_jobs_end();
    lt_watch_unit_end();
    if (!w->failed_here) return 0;
    char sname[300] = "";
    if (o->out_dir && !restarted) {
        if (write_script(w, law, pend, err, errlen) < 0) return -1;
        snprintf(sname, sizeof sname, " (%s/sweep-%s-%ld.lua)", o->out_dir, law->name, k);
    }
    if (o->notes) note_failed_point(w, law, pv, n, sname);
    return 1;
}

/* DIR/sweep-NAME.tsv (a shard's: sweep-NAME.shard-K-of-N.tsv) from the rows kept, published with
 * the failed points' scripts in pend.  0, or -1 with the message in err. */
static int write_sweep_table(const sweep_run *w, const lt_law *law, lt_pending *pend, char *err,
                             size_t errlen)
{
    const lt_sweep_opts *o = w->o;
    if (w->table.failed) {
        snprintf(err, errlen, "out of memory for the sweep table");
        return -1;
    }
    char tname[300];
    if (o->shards > 1)
        snprintf(tname, sizeof tname, "sweep-%s.shard-%d-of-%d", law->name, o->shard, o->shards);
    else
        snprintf(tname, sizeof tname, "sweep-%s", law->name);
    lt_afile f;
    if (lt_afile_open(&f, o->out_dir, tname, ".tsv", 0, err, errlen) < 0) return -1;
    fwrite(w->table.s, 1, w->table.len, f.fp);
    if (o->shards > 1) lt_sweep_shard_end(f.fp, w->table.s, w->table.len, o->shard, o->shards);
    if (lt_afile_close_into(&f, pend, err, errlen) < 0 || lt_pending_publish(pend, err, errlen) < 0)
        return -1;
    return 0;
}

/* After the rows: the failures grouped by cause (sweep_groups.h), not in a worker started after a
 * fault (it saw only the points after it). */
static void note_groups(const sweep_run *w)
{
    if (w->o->notes && lt_watch_page->skip == 0) lt_sweep_groups_print(w->groups, w->o->notes);
}

int lt_verify_sweep(const lt_law *law, const lt_sweep_opts *o, lt_verify_summary *sum, char *err,
                    size_t errlen)
{
    memset(sum, 0, sizeof *sum);
    const lt_verify_opts *vo = o->verify;
    if (sweep_refused(law, vo, err, errlen) < 0) return -1;
    lt_sweep_space *s = calloc(1, sizeof *s);
    sweep_run *w = calloc(1, sizeof *w);
    if (!s || !w) {
        free(s), free(w);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    lt_sweep_space_of(law, vo->set, vo->n_set, s);
    int rc = -1;
    lt_pending pend = {0};
    if (s->n_dim == 0) {
        snprintf(err, errlen,
                 "--sweep: law %s has no parameter to sweep (none with a numeric default and a "
                 "range, no bool, no choice, or all given with --set)",
                 law->name);
        goto done;
    }
    long points = s->grid > 0 && s->grid < o->points ? s->grid : o->points;
    lt_sweep_opts oo = *o;
    oo.points = points;
    w->o = &oo;
    w->s = s;
    w->groups = lt_sweep_groups_new(s);
    note_sweep(o, s, points);
    if (o->out_dir) text_add(&w->table, lt_sweep_header, strlen(lt_sweep_header));
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    int restarted = lt_watch_page->skip > 0, failed_points = 0;
    rc = -2; /* from here on, a failure is one to write the outputs */
    for (long k = o->shard - 1; k < points; k += o->shards) {
        w->k = k;
        int failed = sweep_point(w, law, sum, restarted, &pend, err, errlen);
        if (failed < 0) goto done;
        failed_points += failed;
    }
    lt_jobs_finish();
    clock_gettime(CLOCK_MONOTONIC, &t1);
    sum->seconds = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
    sum->cases = failed_points; /* a sweep's "cases" are its failed points */
    note_groups(w);
    if (o->out_dir && restarted) {
        /* the rows of the points before the fault went with the worker that ran them */
        snprintf(err, errlen,
                 "the law faulted at a point (the FAIL row above): the sweep table and scripts are "
                 "not written; sweep the points after it with --shard, or fix the law");
        goto done;
    }
    if (o->out_dir && write_sweep_table(w, law, &pend, err, errlen) < 0) goto done;
    rc = 0;
done:
    lt_pending_discard(&pend);
    lt_sweep_groups_free(w->groups);
    free(w->table.s);
    free(w);
    free(s);
    return rc;
}
