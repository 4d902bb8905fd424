/* src/cli/reap.h - the supervisor owns every process its worker starts (docs/reliability.md,
 * "Who owns what").  The supervisor is a child subreaper (prctl PR_SET_CHILD_SUBREAPER), so a
 * process whose parent dies (a law's child that called setpgid or setsid and was left behind by
 * the worker) becomes the supervisor's child, not init's; the supervisor finds every descendant
 * by walking /proc (the parent of each process) and kills them all when the worker ends. */
#ifndef LT_REAP_H
#define LT_REAP_H
#include <sys/types.h>

/* Make this process a subreaper: orphaned descendants reparent to it.  0, or -1 (then only the
 * descendants still linked by their parents are found). */
int lt_reap_become_subreaper(void);
/* SIGKILL every descendant of this process (its children, theirs, ...).  reap: also wait for
 * each of them until none is left (bounded: at most a few seconds for a law that forks as fast
 * as it is killed); without it, only the ones found in one pass are killed and none is waited
 * for (the caller's waitpid gets their statuses). */
void lt_reap_kill_descendants(int reap);
/* Wait for children that ended, without blocking, other than keep; 1 if keep ended or stopped
 * (its wait status in *status), 0 if not, -1 if there are no children at all. */
int lt_reap_collect(pid_t keep, int *status);

#endif
