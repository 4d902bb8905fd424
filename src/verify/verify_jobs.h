/* src/verify/verify_jobs.h - `lawtester verify -j N`: verify's jobs (a law's generic checks, one of
 * its cases, one point of a sweep, one case of a case file) run on N worker processes, their rows
 * printed in the order and with the bytes of `-j 1` (docs/verify.md, "Workers";
 * docs/performance.md, "Workers").
 *
 * The design: the supervised worker (src/cli/supervise.c) runs verify's loops as it always did.  At
 * its first job it forks N children, each a copy at that point, each with a watch page of its own
 * (watch.h).  Every process goes through the same loops; a child runs the jobs it claims (the next
 * unclaimed one, from a counter they share: the idle child takes the next job) and sends what each
 * job produced through a pipe: its rows (as the values the loop's code hands on, before they are
 * counted or printed) and whatever it wrote to stdout and stderr.  The worker skips each job's
 * code and hands its rows on, in order, to the same function that would have received them: the
 * rows, counts, notes, sweep tables and scripts after them are the worker's own, as with -j 1.
 *
 * A child that ends inside a job (a crash, exit(), a law call past --law-timeout) is settled by the
 * worker, which then runs that job itself: the law faults there again, and the supervisor names it
 * and goes on after the job exactly as with -j 1 (a hang then costs the timeout twice).  The jobs
 * of a hosted law (an engine's library: stateful, slow to start) run in the worker itself, one
 * after the other.
 */
#ifndef LT_VERIFY_JOBS_H
#define LT_VERIFY_JOBS_H
#include "verify/verify.h"

/* the largest -j */
#define LT_JOBS_MAX 256

/* where a job's rows go (the function the loop's code hands them to) */
typedef void (*lt_jobs_deliver)(void *ctx, const lt_verify_row *row);

/* The number of workers of the next jobs (1: everything in this process, the default); the
 * machine's online cores. */
void lt_jobs_set_workers(int n);
int lt_jobs_cores(void);

/* A job of law law_name starts: 1 if its code is to run in this process, 0 if it is skipped (a
 * child: another child's job; the worker: its rows were handed to deliver(ctx, row) already).
 * Every call is matched by lt_jobs_end, whatever it returned. */
int lt_jobs_begin(const char *law_name, lt_jobs_deliver deliver, void *ctx);
void lt_jobs_end(void);

/* In a child inside its job: a row for deliver(ctx) is sent to the worker instead; 1 when it
 * was (the caller then does nothing with it). */
int lt_jobs_take(void *ctx, const lt_verify_row *row);

/* After the loop: a child stops here (it never returns: the worker kills it, no exit handler
 * runs); the worker kills and reaps its children. */
void lt_jobs_finish(void);

#endif
