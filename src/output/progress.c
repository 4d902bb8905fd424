/* src/output/progress.c - progress bar on a terminal's stderr (see progress.h). */
#define _POSIX_C_SOURCE 200809L
#include "output/progress.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define BAR_WIDTH 24
#define REDRAW_EVERY 0.1   /* s */
#define RUN_SILENT_FOR 0.5 /* s: a run shows nothing before (see progress.h) */

double lt_clock(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

void lt_progress_start(lt_progress *p, const char *label, int enabled)
{
    snprintf(p->label, sizeof p->label, "%s", label);
    p->enabled = enabled < 0 ? isatty(fileno(stderr)) : enabled;
    p->t0 = lt_clock();
    p->last = -1;
    /* LAWTESTER_PROGRESS_AFTER (s) replaces RUN_SILENT_FOR: the tests show the line of a short run
     * */
    const char *after = getenv("LAWTESTER_PROGRESS_AFTER");
    char *end;
    double a = after ? strtod(after, &end) : NAN;
    p->silent_for = after && *after && !*end && a >= 0 ? a : RUN_SILENT_FOR;
}

void lt_progress_update(void *ctx, int done, int total)
{
    lt_progress *p = ctx;
    if (!p->enabled || total <= 0) return;
    double t = lt_clock(), elapsed = t - p->t0;
    int last = done >= total;
    if (!last && p->last >= 0 && t - p->last < REDRAW_EVERY) return;
    p->last = t;
    char bar[BAR_WIDTH + 1];
    int filled = (int)((long)BAR_WIDTH * done / total);
    memset(bar, '#', (size_t)filled);
    memset(bar + filled, '.', (size_t)(BAR_WIDTH - filled));
    bar[BAR_WIDTH] = 0;
    double rate = elapsed > 0 ? done / elapsed : 0;
    if (last)
        fprintf(stderr, "\r%s: direction %d/%d [%s] %.0f/s, done in %.2f s\033[K\n", p->label, done,
                total, bar, rate, elapsed);
    else
        fprintf(stderr, "\r%s: direction %d/%d [%s] %.0f/s, %.2f s left\033[K", p->label, done,
                total, bar, rate, rate > 0 ? (total - done) / rate : 0.0);
    fflush(stderr);
}

void lt_progress_steps(lt_progress *p, long step, int stage, int n_stages)
{
    if (!p->enabled) return;
    double t = lt_clock(), elapsed = t - p->t0;
    if (elapsed < p->silent_for || (p->last >= 0 && t - p->last < REDRAW_EVERY)) return;
    p->last = t;
    fprintf(stderr, "\r%s: step %ld, stage %d/%d, %.3g steps/s, %.1f s\033[K", p->label, step,
            stage, n_stages, step / elapsed, elapsed);
    fflush(stderr);
}

void lt_progress_end_steps(lt_progress *p, long step, int n_stages, int ok)
{
    if (!p->enabled || p->last < 0) return;
    double elapsed = lt_clock() - p->t0;
    if (ok)
        fprintf(stderr, "\r%s: %ld steps, %d stages, %.3g steps/s, done in %.2f s\033[K\n",
                p->label, step, n_stages, elapsed > 0 ? step / elapsed : 0.0, elapsed);
    else
        fprintf(stderr, "\r%s: stopped at step %ld after %.2f s\033[K\n", p->label, step, elapsed);
    fflush(stderr);
}
