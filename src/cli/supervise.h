/* src/cli/supervise.h - containment of the law under test: `lawtester run`, `verify` and `laws` run
 * in a worker process watched by a supervisor (docs/reliability.md, "Containment").
 *
 * The worker loads the laws (--law-lib), runs the scripts and the checks, and writes its outputs
 * through afile's temporaries, saying what it does in the watch page (watch.h), a page of memory
 * shared with the supervisor.  The supervisor runs no law code.  When the worker ends without
 * reaching its own end (a signal, abort, exit() with any status, a law call that does not return
 * within --law-timeout, a stop signal it did not act on within a second), the supervisor:
 *   - names what happened in one line: the file and line of the running test, the stage and
 *     step, the law and its function, and the signal, exit status or timeout;
 *   - keeps the rows of the running record as NAME.tsv.partial with NAME.meta.partial (status
 *     `failed: ...`), removes every other temporary, and kills what the worker started;
 *   - under `verify`, prints a FAIL row for the case that was running and starts a new worker
 *     after it, so the other cases still run and the summary line is printed.
 * Exit status: the worker's own, when it both reported its end in the watch page and exited by
 * itself with it (waitpid); 1 after a fault; 128 + the signal after SIGINT, SIGTERM or SIGHUP,
 * whatever the worker did then (nothing is published after the signal).  The supervisor owns
 * every process the worker starts (reap.h), and the worker dies with it (docs/reliability.md,
 * "Who owns what").  LAWTESTER_NO_SUPERVISOR=1 in the environment runs the command in one
 * process (for a debugger).
 */
#ifndef LT_SUPERVISE_H
#define LT_SUPERVISE_H

/* the default of --law-timeout: seconds one call of a law function may take */
#define LT_DEFAULT_LAW_TIMEOUT 10.0

/* Run work(argc, argv) (a command of main.c, returning its exit status) under a supervisor if
 * argv[1] is a command that runs law code; the exit status.  Takes `--law-timeout S` out of
 * argv (0: no limit); a bad value is one line and exit status 2. */
int lt_supervised_main(int argc, char **argv, int (*work)(int argc, char **argv));

#endif
