/* src/cli/supervise.c - the supervisor and its worker (see supervise.h). */
#define _GNU_SOURCE /* MAP_ANONYMOUS, sigabbrev_np, sigdescr_np */
#include "cli/supervise.h"
#include "base/guard.h"
#include "base/quote.h"
#include "base/watch.h"
#include "cli/reap.h"
#include "verify/verify.h"
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* how long a worker told to stop (SIGINT, SIGTERM, SIGHUP) has before it is killed: it stops
 * at its next step or Lua hook and keeps its partial record itself; a native call that never
 * returns, Lua without a budget or gnuplot on a large table is cut short, so that the whole
 * command ends within a second */
#define STOP_GRACE_SECONDS 0.6
/* how often the supervisor looks at the watch page while waiting (the timeout's resolution) */
#define POLL_SECONDS 0.1
/* a worker that is stopped (SIGSTOP from a law, SIGTTOU/SIGTTIN of a terminal) is continued this
 * many times; stopped once more, it is killed and the run fails with one line */
#define MAX_CONTINUES 3

enum { ENDED_ITSELF, KILLED_TIMEOUT, KILLED_STOP, KILLED_STOPPED };

/* the signal that stopped the worker the last time, and how many times it was stopped */
static int stopped_by, stopped_times;

#ifdef __SANITIZE_ADDRESS__
void __lsan_do_leak_check(void); /* LeakSanitizer's exit-time check, which _exit skips */
#endif

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* --law-timeout S taken out of argv (*argc shrinks); 0, or 2 after a message. */
static int take_timeout(int *argc, char **argv, double *timeout)
{
    int kept = 0, seen = 0, ended = 0; /* ended: after `--`, every argument is a file */
    for (int i = 0; i < *argc; i++) {
        if (i >= 2 && strcmp(argv[i], "--") == 0) ended = 1;
        if (i < 2 || ended || strcmp(argv[i], "--law-timeout") != 0) {
            argv[kept++] = argv[i];
            continue;
        }
        char *end = NULL, q[160];
        const char *v = i + 1 < *argc ? argv[i + 1] : "";
        double s = strtod(v, &end);
        if (!*v || *end || !(s >= 0) || !isfinite(s)) {
            fprintf(
                stderr,
                "lawtester: --law-timeout needs a number of seconds >= 0 (0: no limit), got '%s'\n",
                lt_quote(v, q, sizeof q, 60));
            return 2;
        }
        if (seen++) {
            fprintf(stderr, "lawtester: --law-timeout given twice\n");
            return 2;
        }
        *timeout = s;
        i++;
    }
    *argc = kept;
    argv[kept] = NULL;
    return 0;
}

/* "SIGSEGV (Segmentation fault)" */
static void signal_text(int sig, char *buf, size_t n)
{
    const char *abbrev = sigabbrev_np(sig), *descr = sigdescr_np(sig);
    if (abbrev)
        snprintf(buf, n, "SIG%s (%s)", abbrev, descr ? descr : "unknown");
    else
        snprintf(buf, n, "signal %d", sig);
}

/* The law code that was running: *subject ("law 'NAME'", "the law library FILE", "" none) and
 * *in (" in step()", " while loading", ""). */
static void who_text(const lt_watch *w, char *subject, size_t n, char *in, size_t m)
{
    char q[200];
    int call = w->call >= 0 && w->call < LT_CALL_COUNT ? w->call : LT_CALL_OTHER;
    subject[0] = in[0] = 0;
    if (call == LT_CALL_LOAD) {
        snprintf(subject, n, "the law library %s", lt_quote(w->lib, q, sizeof q, LT_QUOTE_KEEP));
        snprintf(in, m, " while loading (its constructors or its exports)");
    } else if (call != LT_CALL_NONE) {
        char law[sizeof w->law];
        lt_watch_text(law, sizeof law, w->law);
        snprintf(subject, n, "law '%s'", lt_quote(law, q, sizeof q, 60));
        snprintf(in, m, " in %s", lt_watch_call_names[call]);
    }
}

/* What happened, as the end of one line (no "FILE:LINE:" prefix). */
static void what_text(const lt_watch *w, int status, int how, double timeout, int stop_sig,
                      char *buf, size_t n)
{
    char who[400], in[120], sig[120];
    who_text(w, who, sizeof who, in, sizeof in);
    int in_law = who[0] != 0;
    if (how == KILLED_TIMEOUT) {
        int call = w->call >= 0 && w->call < LT_CALL_COUNT ? w->call : LT_CALL_OTHER;
        snprintf(buf, n,
                 "%s did not return from %s within %g s (--law-timeout); the worker was killed",
                 who, call != LT_CALL_NONE ? lt_watch_call_names[call] : "its call", timeout);
    } else if (how == KILLED_STOPPED) {
        signal_text(stopped_by, sig, sizeof sig);
        snprintf(buf, n,
                 "the worker%s%s%s was stopped by %s %d times (continued with SIGCONT %d times); "
                 "it was killed",
                 in_law ? " running " : "", in_law ? who : "", in_law ? in : "", sig, stopped_times,
                 MAX_CONTINUES);
    } else if (how == KILLED_STOP) {
        snprintf(buf, n,
                 "interrupted by signal %d (%s)%s%s%s; it did not stop within %g s and was killed",
                 stop_sig,
                 stop_sig == SIGINT    ? "SIGINT"
                 : stop_sig == SIGTERM ? "SIGTERM"
                                       : "SIGHUP",
                 in_law ? " while " : "", who, in, STOP_GRACE_SECONDS);
    } else if (stop_sig && !WIFSIGNALED(status)) {
        /* it ended itself after the signal without handling it (a law that blocks signals):
         * nothing it had not published before the signal was published */
        snprintf(buf, n, "interrupted by signal %d (%s)%s%s%s", stop_sig,
                 stop_sig == SIGINT    ? "SIGINT"
                 : stop_sig == SIGTERM ? "SIGTERM"
                                       : "SIGHUP",
                 in_law ? " while " : "", who, in);
    } else if (WIFSIGNALED(status)) {
        signal_text(WTERMSIG(status), sig, sizeof sig);
        if (w->fault == LT_FAULT_GUARD) {
            char what[sizeof w->fault_what];
            lt_watch_text(what, sizeof what, w->fault_what);
            snprintf(buf, n, "%s %s%s: caught by a guard page (%s)",
                     in_law ? who : "the worker process", what, in, sig);
        } else if (stop_sig && (WTERMSIG(status) == stop_sig)) {
            snprintf(buf, n, "interrupted by signal %d (%s)", stop_sig,
                     stop_sig == SIGINT    ? "SIGINT"
                     : stop_sig == SIGTERM ? "SIGTERM"
                                           : "SIGHUP");
        } else {
            snprintf(buf, n, "%s crashed%s with %s", in_law ? who : "the worker process", in, sig);
        }
    } else if (WIFEXITED(status)) {
        if (in_law)
            snprintf(buf, n, "%s called exit(%d)%s: the process ended before lawtester's own end",
                     who, WEXITSTATUS(status), in);
        else
            snprintf(buf, n,
                     "the process was ended with exit status %d before its end (os.exit in the "
                     "script under --unsafe, or a law library's exit() outside a law call)",
                     WEXITSTATUS(status));
    } else {
        snprintf(buf, n, "the worker process ended with status %d", status);
    }
}

/* The one line of a fault: "FILE:LINE: field PREFIXstages[K]: stage K, step N: WHAT" in a run,
 * "lawtester: WHAT" elsewhere. */
static void fault_line(const lt_watch *w, const char *what, char *buf, size_t n)
{
    char file[LT_WATCH_PATH], pre[sizeof w->field_prefix];
    lt_watch_text(file, sizeof file, w->file);
    lt_watch_text(pre, sizeof pre, w->field_prefix);
    if (!file[0]) {
        if (w->stage > 0)
            snprintf(buf, n, "lawtester: stage %d, step %ld: %s", w->stage, w->step, what);
        else
            snprintf(buf, n, "lawtester: %s", what);
        return;
    }
    char q[LT_QUOTE_KEEP + 8];
    lt_quote(file, q, sizeof q, LT_QUOTE_KEEP);
    int k = w->stage;
    if (k > 0) {
        int line = k <= (int)(sizeof w->stage_lines / sizeof w->stage_lines[0]) &&
                           w->stage_lines[k - 1] > 0
                       ? w->stage_lines[k - 1]
                       : w->line;
        snprintf(buf, n, "%s:%d: field %sstages[%d]: stage %d, step %ld: %s", q, line, pre, k, k,
                 w->step, what);
    } else {
        char doing[sizeof w->doing];
        lt_watch_text(doing, sizeof doing, w->doing);
        snprintf(buf, n, "%s:%d: %s%s%s", q, w->line, doing, doing[0] ? ": " : "", what);
    }
}

/* ---- settling the worker's files ---------------------------------------------------------- */

/* Write the unwritten bytes of stream s to path: the file is cut to what the worker wrote (a
 * write that was running may have written part of the buffer) and the buffer appended.  0 or -1. */
static int flush_stream(const lt_watch_stream *s, const char *path)
{
    int fd = open(path, O_WRONLY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) return -1;
    int rc = 0;
    if (s->writing && ftruncate(fd, (off_t)s->written) != 0) rc = -1;
    long long left = s->pending < 0 || s->pending > LT_WATCH_BUF ? 0 : s->pending;
    const char *p = s->buf;
    if (rc == 0 && lseek(fd, (off_t)s->written, SEEK_SET) < 0) rc = -1;
    while (rc == 0 && left > 0) {
        ssize_t k = write(fd, p, (size_t)left);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0)
            rc = -1;
        else
            p += k, left -= k;
    }
    if (close(fd) != 0) rc = -1;
    return rc;
}

/* 1 if the table at path has a row after its header line */
static int has_rows(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) return 0;
    int c, lines = 0, after = 0;
    while ((c = getc(f)) != EOF && lines < 1)
        if (c == '\n') lines++;
    if (lines == 1 && getc(f) != EOF) after = 1;
    fclose(f);
    return after;
}

/* "DIR/NAME" of a final path "DIR/NAME.SUFFIX" (the suffix after the last '.'), into buf */
static void path_stem(const char *final, char *buf, size_t n)
{
    lt_watch_text(buf, n, final);
    char *dot = strrchr(buf, '.'), *slash = strrchr(buf, '/');
    if (dot && (!slash || dot > slash)) *dot = 0;
}

/* Close the sidecar at path the way a failed run does: its closing lines cut (if it had them)
 * and `contacts` and `status failed: MESSAGE` appended. */
static int close_meta(const lt_watch_file *f, const char *message)
{
    int fd = open(f->tmp, O_WRONLY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) return -1;
    int rc = 0;
    if (f->body > 0 && ftruncate(fd, (off_t)f->body) != 0) rc = -1;
    if (lseek(fd, 0, SEEK_END) < 0) rc = -1;
    FILE *fp = rc == 0 ? fdopen(fd, "a") : NULL;
    if (!fp) {
        close(fd);
        return -1;
    }
    fprintf(fp, "contacts\t%ld\nstatus\tfailed: ", f->contacts);
    for (const char *c = message; *c; c++)
        fputc(*c == '\n' || *c == '\t' || *c == '\r' ? ' ' : *c, fp);
    fputc('\n', fp);
    return fclose(fp) == 0 ? rc : -1;
}

/* After a fault: each record with rows kept as FINAL.partial beside its sidecar (closed with
 * message), every other temporary removed.  The first kept table's name into kept ("" none). */
static void settle_files(lt_watch *w, const char *message, char *kept, size_t kn)
{
    kept[0] = 0;
    char kept_stems[LT_WATCH_FILES][LT_WATCH_PATH];
    int n_kept = 0;
    for (int pass = 0; pass < 3; pass++) /* tables, then their sidecars, then the rest */
        for (int i = 0; i < LT_WATCH_FILES; i++) {
            lt_watch_file *f = &w->files[i];
            int role = f->role;
            if (role == LT_WF_FREE || (pass == 0 && role != LT_WF_TABLE) ||
                (pass == 1 && role != LT_WF_META))
                continue;
            /* read to their ends only */
            f->tmp[LT_WATCH_PATH - 1] = f->final[LT_WATCH_PATH - 1] = 0;
            const lt_watch_stream *s =
                f->stream >= 0 && f->stream < LT_WATCH_STREAMS ? &w->streams[f->stream] : NULL;
            if (s && !s->used) s = NULL;
            char partial[LT_WATCH_PATH + 16], st[LT_WATCH_PATH];
            snprintf(partial, sizeof partial, "%s.partial", f->final);
            path_stem(f->final, st, sizeof st);
            int keep = 0;
            if (pass == 0) {
                keep = (!s || flush_stream(s, f->tmp) == 0) && f->final[0] && has_rows(f->tmp);
            } else if (pass == 1) {
                for (int k = 0; k < n_kept; k++) keep |= strcmp(kept_stems[k], st) == 0;
                keep = keep && (!s || flush_stream(s, f->tmp) == 0) && close_meta(f, message) == 0;
            }
            struct stat sb;
            if (keep &&
                !(lstat(partial, &sb) == 0 && !S_ISREG(sb.st_mode) && !S_ISLNK(sb.st_mode)) &&
                rename(f->tmp, partial) == 0) {
                if (pass == 0) {
                    lt_watch_text(kept_stems[n_kept++], LT_WATCH_PATH, st);
                    if (!kept[0]) lt_watch_text(kept, kn, partial);
                }
            } else {
                unlink(f->tmp);
            }
            f->role = LT_WF_FREE;
        }
}

/* ---- the worker ---------------------------------------------------------------------------- */

static void reset_progress(lt_watch *w)
{
    w->finished = 0;
    w->finished_pid = 0;
    w->status = 0;
    w->gate = LT_GATE_OPEN;
    w->call = LT_CALL_NONE;
    w->stage = 0;
    w->step = 0;
    w->fault = LT_FAULT_NONE;
    w->fault_what[0] = w->file[0] = w->law[0] = w->lib[0] = w->test[0] = w->field_prefix[0] = 0;
    w->line = 0;
    w->engine_call = 0;
    w->engine_error[0] = 0;
    w->unit = 0;
    w->in_unit = 0;
    w->unit_law[0] = w->unit_case[0] = 0;
    for (int i = 0; i < LT_WATCH_STREAMS; i++) w->streams[i].used = 0;
}

/* stdout and stderr on descriptors of the worker's own (close-on-exec, above 2), so that a law
 * that closes or redirects descriptors 1 and 2 changes nothing lawtester writes */
static void private_std_streams(void)
{
    int o = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3), e = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 3);
    FILE *fo = o >= 0 ? fdopen(o, "w") : NULL, *fe = e >= 0 ? fdopen(e, "w") : NULL;
    if (fo)
        stdout = fo;
    else if (o >= 0)
        close(o);
    if (fe) {
        setvbuf(fe, NULL, _IONBF, 0);
        stderr = fe;
    } else if (e >= 0) {
        close(e);
    }
}

static void run_worker(lt_watch *w, pid_t supervisor, const sigset_t *mask, int argc, char **argv,
                       int (*work)(int, char **))
{
    /* it dies with its supervisor, whatever ends that (SIGKILL, the OOM killer); the check
     * closes the race of a supervisor that died before the prctl */
    prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
    if (getppid() != supervisor) _exit(128 + SIGKILL);
    setpgid(0, 0); /* its own group: a terminal's SIGINT reaches the supervisor only */
    /* job control never stops a run: a background group writing to a terminal with `stty
     * tostop` (SIGTTOU), reading from it (SIGTTIN: the read fails instead), ^Z (SIGTSTP) */
    signal(SIGTTOU, SIG_IGN);
    signal(SIGTTIN, SIG_IGN);
    signal(SIGTSTP, SIG_IGN);
    sigprocmask(SIG_SETMASK, mask, NULL);
    lt_watch_page = w;
    lt_watch_own(); /* only this process publishes and reports (not a law's fork of it) */
    private_std_streams();
    setvbuf(stdout, NULL, _IOLBF, 0); /* what it printed is out if it dies */
    lt_guard_install();               /* a write past a law's state or response is named */
    int status = work(argc, argv);
    fflush(NULL);
    lt_watch_forked_exit(); /* a law's fork that got here ends without a word */
    lt_watch_finish(status);
    /* code at exit (atexit handlers, a law library's destructors) does not run: it could only
     * hang or crash after the results were published, or change the status */
#ifdef __SANITIZE_ADDRESS__
    __lsan_do_leak_check();
#endif
    _exit(status);
}

/* Close the publication gate after a stop signal (the worker publishes nothing after it); 1 once
 * closed, 0 while the worker is in the middle of publishing a set (tried again at the next
 * poll). */
static int close_gate(lt_watch *w)
{
    int open = LT_GATE_OPEN;
    return __atomic_compare_exchange_n(&w->gate, &open, LT_GATE_CLOSED, 0, __ATOMIC_SEQ_CST,
                                       __ATOMIC_SEQ_CST) ||
           __atomic_load_n(&w->gate, __ATOMIC_SEQ_CST) == LT_GATE_CLOSED;
}

/* the worker, its group and every other descendant, killed (their statuses left to waitpid) */
static void kill_worker(pid_t pid)
{
    kill(-pid, SIGKILL);
    kill(pid, SIGKILL);
    lt_reap_kill_descendants(0);
}

/* Wait for the worker; how it ended, its wait status in *status. */
static int wait_worker(pid_t pid, lt_watch *w, double timeout, const sigset_t *waited,
                       int *stop_sig, int *status)
{
    double deadline = 0, since = now_seconds();
    unsigned long last_calls = w->calls;
    int last_call = w->call, how = ENDED_ITSELF, gate_closed = 0;
    stopped_by = stopped_times = 0;
    for (;;) {
        struct timespec ts = {.tv_sec = 0, .tv_nsec = (long)(POLL_SECONDS * 1e9)};
        siginfo_t info;
        int sig = sigtimedwait(waited, &info, &ts);
        if ((sig == SIGINT || sig == SIGTERM || sig == SIGHUP) && !*stop_sig) {
            *stop_sig = sig;
            w->stop_sig = sig;
            gate_closed = close_gate(w);
            kill(pid, sig);
            deadline = now_seconds() + STOP_GRACE_SECONDS;
        } else if (sig == SIGINT || sig == SIGTERM || sig == SIGHUP) {
            kill_worker(pid); /* a second signal: at once */
            how = KILLED_STOP;
        }
        if (*stop_sig && !gate_closed) gate_closed = close_gate(w);
        int got = lt_reap_collect(pid, status);
        if (got < 0) {
            *status = 0;
            break;
        }
        if (got > 0 && WIFSTOPPED(*status)) {
            /* stopped (a law's SIGSTOP, a terminal's SIGTTOU): continued, up to a point */
            stopped_by = WSTOPSIG(*status);
            if (++stopped_times > MAX_CONTINUES && how == ENDED_ITSELF) {
                kill_worker(pid);
                how = KILLED_STOPPED;
            }
            kill(pid, SIGCONT);
            got = 0;
        }
        if (got > 0) break;
        double t = now_seconds();
        if (*stop_sig && how == ENDED_ITSELF && t > deadline) {
            kill_worker(pid);
            how = KILLED_STOP;
        }
        int call = w->call;
        unsigned long calls = w->calls;
        if (call == LT_CALL_NONE || calls != last_calls || call != last_call) {
            since = t;
            last_calls = calls;
            last_call = call;
        } else if (timeout > 0 && how == ENDED_ITSELF && t - since > timeout) {
            kill_worker(pid);
            how = KILLED_TIMEOUT;
        }
    }
    /* whatever the worker left running: its group, and every descendant however detached */
    kill(-pid, SIGKILL);
    lt_reap_kill_descendants(1);
    return how;
}

/* The FAIL row of the verify unit a fault ended. */
static void fail_row(lt_watch *w, const char *message)
{
    char law[sizeof w->unit_law], kase[sizeof w->unit_case];
    lt_watch_text(law, sizeof law, w->unit_law);
    lt_watch_text(kase, sizeof kase, w->unit_case);
    lt_verify_row r = {.law = law,
                       .kase = kase,
                       .quantity = "ran to its end",
                       .kind = LT_CHECK_ABS,
                       .expected = 0,
                       .obtained = NAN,
                       .error = 0,
                       .tol = 0,
                       .pass = 0,
                       .note = message};
    lt_verify_row_check(&r);
    if (!w->header) lt_verify_print_header(stdout);
    w->header = 1;
    lt_verify_print_row(stdout, &r);
    fflush(stdout);
    w->rows++;
    w->failed++;
}

int lt_supervised_main(int argc, char **argv, int (*work)(int, char **))
{
    const char *cmd = argc > 1 ? argv[1] : "";
    int verify = strcmp(cmd, "verify") == 0;
    if (!verify && strcmp(cmd, "run") != 0 && strcmp(cmd, "laws") != 0) return work(argc, argv);
    double timeout = LT_DEFAULT_LAW_TIMEOUT;
    int st = take_timeout(&argc, argv, &timeout);
    if (st) return st;
    const char *off = getenv("LAWTESTER_NO_SUPERVISOR");
    lt_watch *w =
        off && *off && strcmp(off, "0") != 0
            ? MAP_FAILED
            : mmap(NULL, sizeof *w, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (w == MAP_FAILED) return work(argc, argv); /* no page to share: one process, uncontained */
    /* MAP_ANONYMOUS pages are zero: nothing to clear (a memset would touch all of them) */
    w->supervised = 1;
    w->timeout = timeout; /* verify -j N: the worker times its children's law calls too */
    sigset_t waited, old;
    sigemptyset(&waited);
    sigaddset(&waited, SIGCHLD);
    sigaddset(&waited, SIGINT);
    sigaddset(&waited, SIGTERM);
    sigaddset(&waited, SIGHUP);
    sigprocmask(SIG_BLOCK, &waited, &old);
    /* children are waited for whatever the disposition of SIGCHLD the caller left (SIG_IGN would
     * reap them unseen) */
    signal(SIGCHLD, SIG_DFL);
    lt_reap_become_subreaper(); /* orphaned descendants become the supervisor's to end */
    pid_t supervisor = getpid();
    int stop_sig = 0;
    fflush(NULL);
    for (;;) {
        reset_progress(w);
        pid_t pid = fork();
        if (pid < 0) { /* no worker: one process, uncontained */
            sigprocmask(SIG_SETMASK, &old, NULL);
            lt_watch_page = w;
            return work(argc, argv);
        }
        if (pid == 0) run_worker(w, supervisor, &old, argc, argv, work);
        setpgid(pid, pid);
        int status = 0, how = wait_worker(pid, w, timeout, &waited, &stop_sig, &status);
        /* success needs both: the page's report, from the worker itself, and the worker's own
         * exit as waitpid saw it (a law can write the page, then crash) */
        int clean =
            w->finished && w->finished_pid == pid && WIFEXITED(status) && how == ENDED_ITSELF;
        /* after a stop signal, only a worker that acted on it (its own 128 + the signal, its
         * own line printed) ends quietly; one that ran on (a law blocking signals) is told */
        if (clean && (!stop_sig || w->status == 128 + stop_sig)) {
            char kept[8];
            settle_files(w, "the worker ended with its temporaries open", kept, sizeof kept);
            /* what exit() returned after the worker's end: a sanitizer's or valgrind's report at
             * exit (leaks) changes it, and must reach the caller */
            return WIFEXITED(status) && WEXITSTATUS(status) != 0 ? WEXITSTATUS(status) : w->status;
        }
        char what[1200], line[2800], kept[LT_WATCH_PATH + 16];
        if (how == ENDED_ITSELF && WIFSIGNALED(status) && WTERMSIG(status) == SIGPIPE &&
            w->call == LT_CALL_NONE) {
            /* its reader went away (`lawtester ... | head`): end as any command does, quietly */
            settle_files(w, "its output pipe was closed (SIGPIPE)", kept, sizeof kept);
            signal(SIGPIPE, SIG_DFL);
            sigset_t pipe;
            sigemptyset(&pipe);
            sigaddset(&pipe, SIGPIPE);
            sigprocmask(SIG_UNBLOCK, &pipe, NULL);
            raise(SIGPIPE);
            return 128 + SIGPIPE;
        }
        /* a hosted law's engine that ended the worker in one of its commands (its ERROR) left
         * its one line (src/host/hosted.c): bad input, exit status 2 */
        int engine = w->engine_error[0] != 0 && !stop_sig;
        if (engine)
            lt_watch_text(what, sizeof what, w->engine_error);
        else
            what_text(w, status, how, timeout, stop_sig, what, sizeof what);
        fault_line(w, what, line, sizeof line);
        settle_files(w, line, kept, sizeof kept);
        if (verify && w->in_unit && !stop_sig) {
            char note[1400];
            if (w->stage > 0)
                snprintf(note, sizeof note, "stage %d, step %ld: %s", w->stage, w->step, what);
            else
                snprintf(note, sizeof note, "%s", what);
            fail_row(w, note);
            w->skip = w->unit; /* the next worker starts after the unit that failed */
            continue;
        }
        char q[LT_QUOTE_KEEP + 8];
        if (kept[0])
            fprintf(stderr, "%s [rows up to the failure kept in %s]\n", line,
                    lt_quote(kept, q, sizeof q, LT_QUOTE_KEEP));
        else
            fprintf(stderr, "%s\n", line);
        return stop_sig ? 128 + stop_sig : engine ? 2 : 1;
    }
}
