/* src/output/progress.h - a progress display for long sweeps and runs, on stderr, only when stderr
 * is a terminal:
 *   "probe NAME: direction 12/72 [#####...............] 850/s, 0.07 s left"
 *   "run NAME: step 1234567, stage 2/3, 2.1e+06 steps/s, 0.6 s"  (a run has no known end; drawn
 *   once it has taken RUN_SILENT_FOR = 0.5 s, so the many short runs of a script stay quiet)
 * redrawn in place (carriage return) at most every 0.1 s and once at the end, which is kept on
 * its own line with the total time.  Silent when stderr is not a terminal (a file, a pipe, CI,
 * GNU parallel), so logs and captured output stay clean. */
#ifndef LT_PROGRESS_H
#define LT_PROGRESS_H

typedef struct lt_progress {
    char label[128];
    int enabled;
    double t0, last;   /* s, monotonic clock */
    double silent_for; /* s a run stays quiet: RUN_SILENT_FOR, or $LAWTESTER_PROGRESS_AFTER */
} lt_progress;

/* enabled < 0: decide by isatty(stderr); 0: off; 1: on. */
void lt_progress_start(lt_progress *p, const char *label, int enabled);
/* Monotonic clock, s. */
double lt_clock(void);
/* Callback form (ctx = lt_progress*): `done` of `total` items finished. */
void lt_progress_update(void *ctx, int done, int total);
/* A run at global step `step` in stage `stage` of n_stages (1-based). */
void lt_progress_steps(lt_progress *p, long step, int stage, int n_stages);
/* The run ended (ok: it completed; else it failed and a message follows): if a line was drawn,
 * it is finished with the totals and a newline. */
void lt_progress_end_steps(lt_progress *p, long step, int n_stages, int ok);

#endif
