/* src/progress.h - a progress bar for long sweeps, on stderr, only when stderr is a terminal:
 *   "probe NAME: direction 12/72 [#####...............] 850/s, 0.07 s left"
 * redrawn in place (carriage return) at most every 0.1 s and once at the end, which is kept on
 * its own line with the total time.  Silent when stderr is not a terminal (a file, a pipe, CI,
 * GNU parallel), so logs and captured output stay clean. */
#ifndef LT_PROGRESS_H
#define LT_PROGRESS_H

typedef struct lt_progress {
    char label[128];
    int enabled;
    double t0, last;   /* s, monotonic clock */
} lt_progress;

/* enabled < 0: decide by isatty(stderr); 0: off; 1: on. */
void lt_progress_start(lt_progress *p, const char *label, int enabled);
/* Monotonic clock, s. */
double lt_clock(void);
/* Callback form (ctx = lt_progress*): `done` of `total` items finished. */
void lt_progress_update(void *ctx, int done, int total);

#endif
