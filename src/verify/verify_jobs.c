/* src/verify/verify_jobs.c - verify's jobs on N worker processes (see verify_jobs.h): the children,
 * their claims, and the worker that hands their rows on in order. */
#define _GNU_SOURCE /* prctl's PR_SET_PDEATHSIG */
#include "verify/verify_jobs.h"
#include "base/watch.h"
#include "contact/host.h"
#include "contact/registry.h"
#include "verify/verify_jobs_wire.h"
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define POLL_MS 100      /* how often the worker looks at its children's pages (hangs) */
#define READ_CHUNK 65536 /* bytes read from a child's pipe, or from its output, at a time */

enum { SERIAL, WORKER, CHILD };

typedef struct child {
    pid_t pid;
    int fd;    /* the read end of its pipe; -1 after its end */
    char *buf; /* what it sent and the worker did not take yet: buf[pos..len) */
    size_t len, cap, pos;
    lt_watch *page;      /* its own watch page */
    unsigned long calls; /* its page's call counter when last seen moving, at `since` */
    int call;
    double since;
} child;

static int workers = 1, role = SERIAL, depth;
static long next_job;
static child *kids;
static int n_kids;
static atomic_long *claim; /* the next job no child has claimed (shared by the children) */
/* a child's: its pipe, and the context of its running job (NULL: none) */
static int pipe_out = -1;
static void *own_ctx;
static off_t out_seen[3]; /* bytes of its stdout (1), stderr (2) already sent */

void lt_jobs_set_workers(int n) { workers = n < 1 ? 1 : n > LT_JOBS_MAX ? LT_JOBS_MAX : n; }

int lt_jobs_cores(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > LT_JOBS_MAX ? LT_JOBS_MAX : (int)n;
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* ---- a child ------------------------------------------------------------------------------- */

/* The child's stdout and stderr go to files of its own: a job's bytes are sent with its rows. */
/* The descriptor of stream 1 (stdout) or 2 (stderr): the worker writes them on descriptors of
 * its own above 2 (src/cli/supervise.c, private_std_streams), 1 and 2 without a supervisor. */
static int stream_fd(int stream) { return fileno(stream == 1 ? stdout : stderr); }

static int capture_output(void)
{
    fflush(stdout);
    fflush(stderr);
    for (int st = 1; st <= 2; st++) {
        FILE *f = tmpfile();
        int fd = stream_fd(st);
        if (!f || dup2(fileno(f), fd) < 0) return -1;
        if (fd > 2) fcntl(fd, F_SETFD, FD_CLOEXEC); /* dup2 cleared it */
        fclose(f);
    }
    return 0;
}

/* What the job wrote since the last call, sent ('O'); the child ends if its worker is gone. */
static void send_output(void)
{
    static char chunk[READ_CHUNK + 1];
    fflush(stdout);
    fflush(stderr);
    for (int st = 1; st <= 2; st++) {
        int fd = stream_fd(st);
        off_t end = lseek(fd, 0, SEEK_CUR);
        while (end > out_seen[st]) {
            size_t want =
                end - out_seen[st] > READ_CHUNK ? READ_CHUNK : (size_t)(end - out_seen[st]);
            ssize_t k = pread(fd, chunk + 1, want, out_seen[st]);
            if (k <= 0) break;
            chunk[0] = (char)st;
            if (lt_wire_send(pipe_out, 'O', chunk, (size_t)k + 1) < 0) _exit(1);
            out_seen[st] += k;
        }
    }
}

/* Forget what was written outside the child's jobs (it is the worker's to write). */
static void drop_output(void)
{
    fflush(stdout);
    fflush(stderr);
    for (int st = 1; st <= 2; st++) {
        int fd = stream_fd(st);
        if (ftruncate(fd, 0) != 0) { /* a file of our own: cannot fail but for the disk */
        }
        lseek(fd, 0, SEEK_SET);
        out_seen[st] = 0;
    }
}

/* In the new child: its page, pipe and output; the other children's pipes closed. */
static void become_child(lt_watch *page, int fd, pid_t worker)
{
    prctl(PR_SET_PDEATHSIG, SIGKILL); /* never outlive the worker (uncontained: no supervisor) */
    if (getppid() != worker) _exit(1);
    for (int i = 0; i < n_kids; i++) close(kids[i].fd);
    free(kids);
    kids = NULL;
    n_kids = 0;
    role = CHILD;
    pipe_out = fd;
    lt_watch_page = page;
    lt_watch_own(); /* lawtester's own fork: an owner of its law calls, not a law's stray child */
    if (capture_output() < 0) _exit(1);
}

static int child_begin(long job, int hosted, void *ctx)
{
    long expected = job;
    if (!atomic_compare_exchange_strong(claim, &expected, job + 1)) return 0; /* another's */
    if (hosted) return 0; /* the worker runs it */
    drop_output();
    own_ctx = ctx;
    if (lt_wire_send_job(pipe_out, 'B', job) < 0) _exit(1);
    return 1;
}

int lt_jobs_take(void *ctx, const lt_verify_row *row)
{
    if (role != CHILD || !own_ctx || ctx != own_ctx) return 0;
    send_output(); /* what the job printed before the row comes first */
    if (lt_wire_send_row(pipe_out, row) < 0) _exit(1);
    return 1;
}

/* ---- the worker: starting and settling children ------------------------------------------- */

static int start_children(long job)
{
    claim = mmap(NULL, sizeof *claim, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    kids = calloc((size_t)workers, sizeof *kids);
    if (claim == MAP_FAILED || !kids) {
        if (claim != MAP_FAILED) munmap(claim, sizeof *claim);
        free(kids);
        kids = NULL;
        return -1;
    }
    atomic_init(claim, job);
    pid_t worker = getpid();
    fflush(NULL); /* nothing buffered is written twice */
    for (int i = 0; i < workers; i++) {
        lt_watch *page =
            mmap(NULL, sizeof *page, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
        int p[2] = {-1, -1};
        if (page == MAP_FAILED || pipe(p) != 0) {
            if (page != MAP_FAILED) munmap(page, sizeof *page);
            break;
        }
        memcpy(page, lt_watch_page, offsetof(lt_watch, files)); /* the units, the timeout */
        pid_t pid = fork();
        if (pid == 0) {
            close(p[0]);
            become_child(page, p[1], worker);
            return 0;
        }
        close(p[1]);
        if (pid < 0) {
            close(p[0]);
            munmap(page, sizeof *page);
            break;
        }
        kids[n_kids++] = (child){.pid = pid, .fd = p[0], .page = page, .since = now_seconds()};
    }
    role = WORKER;
    return 0;
}

/* A child that ended: reaped, its temporaries (a plot it was writing) removed. */
static void settle_child(child *c)
{
    close(c->fd);
    c->fd = -1;
    int status;
    while (waitpid(c->pid, &status, 0) < 0 && errno == EINTR) {}
    for (int i = 0; i < LT_WATCH_FILES; i++) {
        lt_watch_file *f = &c->page->files[i];
        if (f->role == LT_WF_FREE) continue;
        f->tmp[LT_WATCH_PATH - 1] = 0;
        unlink(f->tmp);
        f->role = LT_WF_FREE;
    }
}

/* Read what child c sent (0 at its end: then settled). */
static void read_child(child *c)
{
    if (c->pos == c->len) c->pos = c->len = 0;
    if (c->cap - c->len < READ_CHUNK) {
        if (c->pos > 0) {
            memmove(c->buf, c->buf + c->pos, c->len - c->pos);
            c->len -= c->pos, c->pos = 0;
        }
        size_t cap = c->len + 2 * READ_CHUNK;
        char *b = realloc(c->buf, cap);
        if (!b) { /* no memory to take its rows: its jobs go back to the worker */
            kill(c->pid, SIGKILL);
            settle_child(c);
            return;
        }
        c->buf = b, c->cap = cap;
    }
    ssize_t k = read(c->fd, c->buf + c->len, c->cap - c->len);
    if (k > 0)
        c->len += (size_t)k;
    else if (k == 0 || errno != EINTR)
        settle_child(c);
}

/* A child in a law call that has not returned within --law-timeout is killed (its job then runs
 * in the worker, where the supervisor times it out and names it). */
static void watch_child(child *c, double t)
{
    double timeout = lt_watch_page->timeout;
    int call = c->page->call;
    unsigned long calls = c->page->calls;
    if (call == LT_CALL_NONE || calls != c->calls || call != c->call) {
        c->since = t, c->calls = calls, c->call = call;
    } else if (timeout > 0 && t - c->since > timeout) {
        kill(c->pid, SIGKILL);
    }
}

/* Wait up to POLL_MS for what the children send; 0, or -1 when none is left. */
static int pump(void)
{
    struct pollfd pf[LT_JOBS_MAX];
    child *of[LT_JOBS_MAX];
    int n = 0;
    for (int i = 0; i < n_kids; i++)
        if (kids[i].fd >= 0) {
            pf[n] = (struct pollfd){.fd = kids[i].fd, .events = POLLIN};
            of[n++] = &kids[i];
        }
    if (n == 0) return -1;
    if (poll(pf, (nfds_t)n, POLL_MS) > 0)
        for (int i = 0; i < n; i++)
            if (pf[i].revents) read_child(of[i]);
    double t = now_seconds();
    for (int i = 0; i < n; i++)
        if (of[i]->fd >= 0) watch_child(of[i], t);
    return 0;
}

/* ---- the worker: taking a job's rows --------------------------------------------------------- */

/* 1 if child c's next message begins job */
static int holds(const child *c, long job)
{
    char type;
    const char *p;
    size_t n;
    return lt_wire_next(c->buf + c->pos, c->len - c->pos, &type, &p, &n) && type == 'B' &&
           lt_wire_job(p, n) == job;
}

/* The bytes of job's messages in c (from its 'B' to its 'E'), or 0 when it has not ended. */
static size_t job_bytes(const child *c, long job)
{
    size_t at = c->pos;
    char type;
    const char *p;
    size_t n;
    while (lt_wire_next(c->buf + at, c->len - at, &type, &p, &n)) {
        at += LT_WIRE_HEAD + n;
        if (type == 'E' && lt_wire_job(p, n) == job) return at - c->pos;
    }
    return 0;
}

/* Hand the ended job's messages in c (size bytes) on: rows to deliver, output to ours. */
static void replay(child *c, size_t size, lt_jobs_deliver deliver, void *ctx)
{
    size_t at = c->pos, end = c->pos + size;
    char type;
    const char *p;
    size_t n;
    while (at < end && lt_wire_next(c->buf + at, end - at, &type, &p, &n)) {
        char *payload = c->buf + at + LT_WIRE_HEAD;
        at += LT_WIRE_HEAD + n;
        lt_verify_row r;
        if (type == 'R' && lt_wire_row(payload, n, &r) == 0) {
            deliver(ctx, &r);
        } else if (type == 'O' && n > 1) {
            FILE *f = payload[0] == 2 ? stderr : stdout;
            fflush(stdout);
            fwrite(payload + 1, 1, n - 1, f);
            fflush(f);
        }
    }
    c->pos = end;
}

/* The worker at job: 0 when a child ran it (its rows handed on), 1 when it is to run here (a
 * hosted law's, or one whose child ended inside it, or no child is left). */
static int worker_take(long job, int hosted, lt_jobs_deliver deliver, void *ctx)
{
    if (hosted) return 1;
    for (;;) {
        for (int i = 0; i < n_kids; i++) {
            child *c = &kids[i];
            if (!holds(c, job)) continue;
            size_t size;
            while (!(size = job_bytes(c, job)) && c->fd >= 0) pump();
            if (!size) { /* it ended inside the job: the job runs here, and faults here */
                c->pos = c->len;
                return 1;
            }
            replay(c, size, deliver, ctx);
            return 0;
        }
        if (pump() < 0) return 1; /* no child left */
    }
}

/* ---- the jobs ------------------------------------------------------------------------------ */

static int is_hosted(const char *law_name)
{
    const lt_law *law = law_name ? lt_find_law(law_name) : NULL;
    return law && lt_law_host(law) != NULL;
}

int lt_jobs_begin(const char *law_name, lt_jobs_deliver deliver, void *ctx)
{
    if (depth++ > 0) return 1; /* a job inside a job (lawtester.verify_law in a case) */
    if (role == SERIAL && workers <= 1) return 1;
    long job = next_job++;
    int hosted = is_hosted(law_name);
    if (role == SERIAL) {
        if (hosted) return 1;
        if (start_children(job) < 0) {
            workers = 1;
            return 1;
        }
    }
    if (role == CHILD) return child_begin(job, hosted, ctx);
    return worker_take(job, hosted, deliver, ctx);
}

void lt_jobs_end(void)
{
    if (depth > 0) depth--;
    if (depth > 0 || role != CHILD || !own_ctx) return;
    send_output();
    if (lt_wire_send_job(pipe_out, 'E', next_job - 1) < 0) _exit(1);
    own_ctx = NULL;
}

void lt_jobs_finish(void)
{
    if (role == CHILD) { /* the rest of the command is the worker's */
        fflush(NULL);
        /* no exit: its memory is a copy of the worker's, often left inside a Lua call here (a
         * case file), which a leak checker at exit (valgrind, LSan) would report as lost; the
         * worker kills it below (or its end does, PR_SET_PDEATHSIG) */
        for (;;) pause();
    }
    for (int i = 0; i < n_kids; i++) {
        child *c = &kids[i];
        if (c->fd >= 0) {
            kill(c->pid, SIGKILL); /* every job was taken: it waits for this, or runs to it */
            settle_child(c);
        }
        munmap(c->page, sizeof *c->page);
        free(c->buf);
    }
    free(kids);
    kids = NULL;
    n_kids = 0;
    if (role == WORKER) munmap(claim, sizeof *claim);
    role = SERIAL;
    next_job = 0;
    depth = 0;
}
