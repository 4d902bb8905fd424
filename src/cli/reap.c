/* src/cli/reap.c - killing and waiting for every descendant of the supervisor (see reap.h).
 *
 * Why /proc and a subreaper, not a PID namespace or a cgroup: both would hold every descendant
 * without a walk, but a PID namespace needs CAP_SYS_ADMIN or an unprivileged user namespace
 * (disabled on many CI hosts and in containers), and a cgroup of our own needs a delegated
 * cgroup v2 subtree; lawtester must contain a law wherever it runs, as an ordinary user.  The
 * subreaper is set before the worker is forked, so no descendant, however it detaches itself
 * (setpgid, setsid, a double fork), can reparent past the supervisor. */
#define _GNU_SOURCE /* prctl's PR_SET_CHILD_SUBREAPER */
#include "cli/reap.h"
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int lt_reap_become_subreaper(void)
{
#ifdef PR_SET_CHILD_SUBREAPER
    return prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0 ? 0 : -1;
#else
    return -1;
#endif
}

typedef struct proc {
    pid_t pid, ppid;
    int zombie, mine;
} proc;

/* Every process of /proc with its parent; their count, -1 if /proc cannot be read. */
static int read_procs(proc **out)
{
    *out = NULL;
    DIR *d = opendir("/proc");
    if (!d) return -1;
    int n = 0, cap = 0;
    proc *ps = NULL;
    struct dirent *e;
    while ((e = readdir(d))) {
        char *end;
        long pid = strtol(e->d_name, &end, 10);
        if (*end || pid <= 0) continue;
        char path[64], text[512];
        snprintf(path, sizeof path, "/proc/%ld/stat", pid);
        FILE *f = fopen(path, "r");
        if (!f) continue;
        size_t k = fread(text, 1, sizeof text - 1, f);
        fclose(f);
        text[k] = 0;
        /* "PID (COMM) S PPID ...": COMM may hold ')' and spaces, so after the last ')' */
        char *close = strrchr(text, ')'), state;
        long ppid;
        if (!close || sscanf(close + 1, " %c %ld", &state, &ppid) != 2) continue;
        if (n == cap) {
            cap = cap ? 2 * cap : 256;
            proc *t = realloc(ps, (size_t)cap * sizeof *t);
            if (!t) break;
            ps = t;
        }
        ps[n++] = (proc){(pid_t)pid, (pid_t)ppid, state == 'Z' || state == 'X', 0};
    }
    closedir(d);
    *out = ps;
    return n;
}

/* SIGKILL the live descendants of this process; how many there were */
static int kill_pass(void)
{
    proc *ps;
    int n = read_procs(&ps), live = 0;
    if (n < 0) return 0;
    pid_t self = getpid();
    /* mark descendants: repeated passes over the table (the tree is shallow) */
    for (int changed = 1; changed;) {
        changed = 0;
        for (int i = 0; i < n; i++) {
            if (ps[i].mine) continue;
            int parent_mine = ps[i].ppid == self;
            for (int j = 0; j < n && !parent_mine; j++)
                parent_mine = ps[j].mine && ps[j].pid == ps[i].ppid;
            if (parent_mine) ps[i].mine = changed = 1;
        }
    }
    for (int i = 0; i < n; i++)
        if (ps[i].mine && !ps[i].zombie) {
            kill(ps[i].pid, SIGKILL);
            live++;
        }
    free(ps);
    return live;
}

void lt_reap_kill_descendants(int reap)
{
    if (!reap) {
        kill_pass();
        return;
    }
    struct timespec pause = {0, 2000000}; /* 2 ms: the killed die, the orphans reparent */
    for (int round = 0; round < 2500; round++) {
        int live = kill_pass(), status;
        while (waitpid(-1, &status, WNOHANG) > 0) {}
        if (live == 0) break;
        nanosleep(&pause, NULL);
    }
    int status;
    while (waitpid(-1, &status, WNOHANG) > 0) {}
}

int lt_reap_collect(pid_t keep, int *status)
{
    for (;;) {
        int st;
        pid_t got = waitpid(-1, &st, WNOHANG | WUNTRACED);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) return errno == ECHILD ? -1 : 0;
        if (got == 0) return 0;
        if (got == keep) {
            *status = st;
            return 1;
        }
        /* an orphan the subreaper inherited, or one stopped: it is killed with the rest */
    }
}
