/* tests/plugins/owner.c - a law that contests lawtester's ownership of its processes, its verdict
 * and its outputs, on demand, for tests/test_owner.c (docs/reliability.md, "Who owns what").
 * Physics: a Hooke normal spring, Fn = kn uN (N; kn = 1e6 N/m; uN < 0 in overlap, m), stored
 * energy kn uN^2/2 (J), no tangential force; the contact ends at uN > 0.  Signs of law.h.
 *
 * Parameter `mode` chooses what it does in the step() call number `at` of a contact (init() for
 * the modes that change the process's state):
 *   forge        writes "finished, status 0" into the watch page, then crashes
 *   fork_fall    forks; the child's exec fails and it returns into lawtester (the parent waits)
 *   detach_spin  forks a child that leaves the process group (setpgid) and spins, its pid in
 *                $OWNER_PIDFILE; then spins itself, deaf to signals
 *   stop_once    raises SIGSTOP once;   stop_always: at every step from `at`
 *   term_blocked blocks every signal, sends SIGTERM to its parent (the supervisor), waits 0.2 s
 *                and goes on to the end
 *   hang_pid     writes its pid into $OWNER_PIDFILE and spins, deaf to signals
 *   chdir        chdir("/") in init()
 *   sigchld      signal(SIGCHLD, SIG_IGN) in init()
 *   close1, close2   close(1) or close(2) in init(); close2_nan also returns a NaN force at `at`
 *   hoard        allocates 1 MB blocks (malloc) until the machine refuses (under a `ulimit -v`),
 *                keeps all but the last 8 MB
 * At load, $OWNER_CTOR=sleep makes its constructor sleep 30 s; at exit, $OWNER_DTOR=hang or segv
 * makes its destructor hang or crash, after creating the file $OWNER_DTOR_MARK. */
#define _GNU_SOURCE /* setpgid, kill, nanosleep */
#include "../../include/lawtester/law.h"
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define KN 1e6 /* N/m */

enum { P_MODE, P_AT, N_PARAMS };
enum {
    M_NONE,
    M_FORGE,
    M_FORK_FALL,
    M_DETACH_SPIN,
    M_STOP_ONCE,
    M_STOP_ALWAYS,
    M_TERM_BLOCKED,
    M_HANG_PID,
    M_CHDIR,
    M_SIGCHLD,
    M_CLOSE1,
    M_CLOSE2,
    M_CLOSE2_NAN,
    M_HOARD
};
static const char *const modes[] = {
    "none",        "forge",        "fork_fall",  "detach_spin", "stop_once",
    "stop_always", "term_blocked", "hang_pid",   "chdir",       "sigchld",
    "close1",      "close2",       "close2_nan", "hoard",       NULL};
static const lt_param params[N_PARAMS] = {
    {"mode", LT_CHOICE, M_NONE, 0, 0, "-", "what it contests", modes},
    {"at", LT_REAL, 50, 1, 1e9, "-", "the step() call of a contact that does it", NULL},
};
static const char *const state[2] = {"Fn", "calls"};
static const lt_energy_def energies[1] = {{"elast", LT_STORED, "energy of the normal spring"}};

static volatile int *nowhere; /* NULL, read at run time so the compiler cannot see it */

static void write_pid(pid_t pid)
{
    const char *path = getenv("OWNER_PIDFILE");
    FILE *f = path ? fopen(path, "w") : NULL;
    if (f) fprintf(f, "%ld\n", (long)pid), fclose(f);
}

static void spin_deaf(void)
{
    sigset_t all;
    sigfillset(&all);
    sigprocmask(SIG_BLOCK, &all, NULL);
    for (;;) {}
}

/* The watch page: the one shared, writable mapping of /dev/zero (MAP_SHARED | MAP_ANONYMOUS) */
static volatile int *find_page(void)
{
    FILE *f = fopen("/proc/self/maps", "r");
    char line[512];
    unsigned long lo = 0;
    while (f && fgets(line, sizeof line, f))
        if (strstr(line, " rw-s ") && strstr(line, "/dev/zero")) {
            sscanf(line, "%lx-", &lo);
            break;
        }
    if (f) fclose(f);
    return (volatile int *)lo;
}

static void act(int mode)
{
    pid_t pid;
    struct timespec fifth = {0, 200000000};
    volatile int *page;
    switch (mode) {
    case M_FORGE:
        page = find_page();
        if (page) page[0] = 1, page[1] = 0; /* lt_watch.finished, lt_watch.status */
        *nowhere = 1;
        break;
    case M_FORK_FALL:
        pid = fork();
        if (pid == 0) {
            execl("/nonexistent/helper", "helper", (char *)NULL);
            return; /* the exec failed: back into lawtester, as a careless law does */
        }
        if (pid > 0) waitpid(pid, NULL, 0);
        break;
    case M_DETACH_SPIN:
        pid = fork();
        if (pid == 0) {
            setpgid(0, 0);
            write_pid(getpid());
            for (;;) {}
        }
        spin_deaf();
        break;
    case M_STOP_ONCE:
    case M_STOP_ALWAYS: raise(SIGSTOP); break;
    case M_TERM_BLOCKED: {
        sigset_t all;
        sigfillset(&all);
        sigprocmask(SIG_BLOCK, &all, NULL);
        kill(getppid(), SIGTERM);
        nanosleep(&fifth, NULL);
        break;
    }
    case M_HOARD: {
        void **keep = NULL;
        for (size_t n = 0;; n++) {
            void **more = realloc(keep, (n + 1) * sizeof *keep);
            void *block = more ? malloc(1 << 20) : NULL;
            if (more) keep = more;
            if (!block) {
                for (size_t i = n > 8 ? n - 8 : 0; i < n; i++) free(keep[i]);
                break;
            }
            memset(block, 1, 64);
            keep[n] = block; /* held for the rest of the process: hoarded */
        }
        break;
    }
    case M_HANG_PID:
        write_pid(getpid());
        spin_deaf();
        break;
    default: break;
    }
}

static void init(const double *p, const lt_contact *c, double *s)
{
    (void)c;
    s[0] = s[1] = 0;
    int mode = (int)p[P_MODE];
    if (mode == M_CHDIR && chdir("/") != 0) abort();
    if (mode == M_SIGCHLD) signal(SIGCHLD, SIG_IGN);
    if (mode == M_CLOSE1) close(1);
    if (mode == M_CLOSE2 || mode == M_CLOSE2_NAN) close(2);
}

static int step(const double *p, const lt_contact *c, double *s, lt_response *out)
{
    int mode = (int)p[P_MODE];
    ++s[1];
    if (s[1] == p[P_AT] || (mode == M_STOP_ALWAYS && s[1] > p[P_AT])) act(mode);
    if (c->uN > 0) return 0;
    s[0] = KN * c->uN;
    if (mode == M_CLOSE2_NAN && s[1] == p[P_AT]) s[0] = NAN;
    lt_respond_force(out, s[0], 0, 0, KN, 0);
    out->energy[0] = 0.5 * KN * c->uN * c->uN;
    return 1;
}

__attribute__((constructor)) static void loaded(void)
{
    const char *how = getenv("OWNER_CTOR");
    if (how && strcmp(how, "sleep") == 0) sleep(30);
}

__attribute__((destructor)) static void unloaded(void)
{
    const char *how = getenv("OWNER_DTOR"), *mark = getenv("OWNER_DTOR_MARK");
    if (!how) return;
    if (mark) close(open(mark, O_WRONLY | O_CREAT, 0666));
    if (strcmp(how, "hang") == 0) spin_deaf();
    if (strcmp(how, "segv") == 0) *nowhere = 1;
}

static const lt_law owner = {
    .api_version = LT_LAW_API_VERSION,
    .name = "owner",
    .summary = "Hooke normal spring that contests lawtester's ownership (a test plugin)",
    .params = params,
    .n_params = N_PARAMS,
    .state_names = state,
    .n_state = 2,
    .energies = energies,
    .n_energies = 1,
    .init = init,
    .step = step,
};

const lt_law *const lt_plugin_laws[] = {&owner, NULL};
