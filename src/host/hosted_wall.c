/* src/host/hosted_wall.c - a hosted law against a plane wall (hosted_wall.h): the sphere in the
 * wall's frame, the engine's wall command from the law's pair style. */
#include "host/hosted_wall.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

void lt_wall_frame(const double n[3], lt_wall_axes *Q)
{
    /* e1 from the global axis least aligned with n (a deterministic choice: a fixed wall keeps
     * one frame for the whole contact, and the engine's history with it), e2 = n x e1 */
    int k = fabs(n[0]) <= fabs(n[1]) && fabs(n[0]) <= fabs(n[2]) ? 0
            : fabs(n[1]) <= fabs(n[2])                           ? 1
                                                                 : 2;
    double a[3] = {0, 0, 0};
    a[k] = 1;
    double an = a[0] * n[0] + a[1] * n[1] + a[2] * n[2];
    double e1[3] = {a[0] - an * n[0], a[1] - an * n[1], a[2] - an * n[2]};
    double l = sqrt(e1[0] * e1[0] + e1[1] * e1[1] + e1[2] * e1[2]);
    for (int i = 0; i < 3; i++) e1[i] /= l;
    double e2[3] = {n[1] * e1[2] - n[2] * e1[1], n[2] * e1[0] - n[0] * e1[2],
                    n[0] * e1[1] - n[1] * e1[0]};
    for (int i = 0; i < 3; i++) Q->m[0][i] = e1[i], Q->m[1][i] = e2[i], Q->m[2][i] = n[i];
}

void lt_wall_to(const lt_wall_axes *Q, const double g[3], double w[3])
{
    for (int i = 0; i < 3; i++) w[i] = Q->m[i][0] * g[0] + Q->m[i][1] * g[1] + Q->m[i][2] * g[2];
}

void lt_wall_from(const lt_wall_axes *Q, const double w[3], double g[3])
{
    for (int i = 0; i < 3; i++) g[i] = Q->m[0][i] * w[0] + Q->m[1][i] * w[1] + Q->m[2][i] * w[2];
}

/* The words after the first `skip` words of s (a pointer into s, or "" if none). */
static const char *after_words(const char *s, int skip)
{
    for (int i = 0; i < skip; i++) {
        s += strspn(s, " \t");
        s += strcspn(s, " \t");
    }
    return s + strspn(s, " \t");
}

/* s without its trailing word `word` (copied into out), 1 if it had it. */
static int strip_last(const char *s, const char *word, char *out, size_t n)
{
    snprintf(out, n, "%s", s);
    size_t len = strlen(out), w = strlen(word);
    while (len && (out[len - 1] == ' ' || out[len - 1] == '\t')) out[--len] = 0;
    if (len >= w && strcmp(out + len - w, word) == 0 &&
        (len == w || out[len - w - 1] == ' ' || out[len - w - 1] == '\t')) {
        out[len - w] = 0;
        return 1;
    }
    return 0;
}

/* LIGGGHTS: `pair_style gran` ARGS = model/name pairs (model, tangential, cohesion,
 * rolling_friction, surface), then keyword/value pairs; its wall takes the pairs, the primitive,
 * then the keywords. */
static int liggghts_wall(const char *args, char *out, size_t n, char *err, size_t errlen)
{
    static const char *const models[] = {"model", "tangential", "cohesion", "rolling_friction",
                                         "surface"};
    char pairs[1600] = "", word[256];
    const char *s = args;
    for (;;) {
        s += strspn(s, " \t");
        size_t len = strcspn(s, " \t");
        snprintf(word, sizeof word, "%.*s", (int)len, s);
        int is_model = 0;
        for (size_t k = 0; k < sizeof models / sizeof models[0]; k++)
            is_model |= strcmp(word, models[k]) == 0;
        if (!len || !is_model) break;
        const char *name = s + len + strspn(s + len, " \t");
        size_t nlen = strcspn(name, " \t");
        size_t used = strlen(pairs);
        snprintf(pairs + used, sizeof pairs - used, "%s%s %.*s", used ? " " : "", word, (int)nlen,
                 name);
        s = name + nlen;
    }
    if (!pairs[0]) {
        snprintf(err, errlen, "`pair_style gran` without `model NAME` to derive its wall from");
        return -1;
    }
    snprintf(out, n, "fix lt_wall all wall/gran %s primitive type 1 zplane 0.0%s%s", pairs,
             *s ? " " : "", s);
    return 0;
}

int lt_wall_command(lt_engine_kind kind, const char *pair_style, const char *pair_coeff, char *out,
                    size_t n, char *err, size_t errlen)
{
    if (!pair_style[0]) {
        snprintf(err, errlen, "the law's commands set no pair_style to derive its wall from");
        return -1;
    }
    const char *style = after_words(pair_style, 1);
    if (kind == LT_ENGINE_LIGGGHTS) { /* pair_style gran model ... -> fix wall/gran model ... */
        if (strncmp(style, "gran ", 5) != 0) {
            snprintf(err, errlen, "a wall is derived from `pair_style gran ...`, not '%.80s'",
                     pair_style);
            return -1;
        }
        return liggghts_wall(after_words(style, 1), out, n, err, errlen);
    }
    if (strncmp(style, "granular", 8) == 0 && (style[8] == 0 || style[8] == ' ')) {
        if (!pair_coeff[0]) {
            snprintf(err, errlen,
                     "`pair_style granular` without a pair_coeff to derive its wall from");
            return -1;
        }
        char args[1600];
        int limit = strip_last(after_words(pair_coeff, 3), "limit_damping", args, sizeof args);
        snprintf(out, n, "fix lt_wall all wall/gran granular %s zplane 0.0 NULL%s", args,
                 limit ? " limit_damping" : "");
        return 0;
    }
    if (strncmp(style, "gran/", 5) ==
        0) { /* gran/hooke/history Kn ... -> wall/gran hooke/history */
        char args[1600];
        int limit = strip_last(after_words(style, 1), "limit_damping", args, sizeof args);
        char name[64];
        snprintf(name, sizeof name, "%.*s", (int)strcspn(style + 5, " \t"), style + 5);
        snprintf(out, n, "fix lt_wall all wall/gran %s %s zplane 0.0 NULL%s", name, args,
                 limit ? " limit_damping" : "");
        return 0;
    }
    snprintf(err, errlen,
             "a wall is derived from `pair_style granular` or `gran/*`, not '%.80s' (give the "
             "law's `wall` command)",
             pair_style);
    return -1;
}
