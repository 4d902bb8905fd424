/* src/base/watch.h - the watch page: what the worker process is doing, in memory it shares with the
 * supervisor (src/cli/supervise.c), so that a law under test that crashes, exits or hangs is named
 * exactly and its outputs are settled by the supervisor (docs/reliability.md, "Containment").
 *
 * lt_watch_page is never NULL: without a supervisor (the tests, the benchmark, an in-process
 * library user) it points to a static page nobody reads, so the hot paths store into it without
 * a branch.  Everything in it is plain data (no pointers: the supervisor reads it after the
 * worker is gone).  Writes are single stores of naturally aligned words; a torn text is only a
 * wrong name in a message, never a crash of the supervisor, which reads every text up to its
 * buffer's end.
 *
 * Files: every output a worker opens (lt_afile) or holds for publication (lt_pending) takes a
 * slot in `files`.  A streamed table keeps its unwritten bytes in the slot's buffer (no stdio
 * buffer in the worker's memory), so the supervisor can keep the rows up to a fault as
 * NAME.tsv.partial with NAME.meta.partial; every other temporary it removes.
 */
#ifndef LT_WATCH_H
#define LT_WATCH_H
#include <signal.h>
#include <stddef.h>

/* which function of the law under test is running (lt_watch.call) */
enum lt_watch_call {
    LT_CALL_NONE = 0,
    LT_CALL_LOAD,  /* dlopen of a --law-lib (its constructors) and reading its exports */
    LT_CALL_INIT,  /* lt_law.init */
    LT_CALL_STEP,  /* lt_law.step */
    LT_CALL_YIELD, /* the law's yield surface functions */
    LT_CALL_CASE,  /* a verify case's own functions (setup, expected values) */
    LT_CALL_OTHER, /* any other function of the law */
    LT_CALL_COUNT
};
extern const char *const lt_watch_call_names[LT_CALL_COUNT]; /* "step()", ... */

/* what the worker's fault handler found (lt_watch.fault) */
enum lt_watch_fault {
    LT_FAULT_NONE = 0,
    /* a write into a guard page after a block the law was given: fault_what says which */
    LT_FAULT_GUARD,
};

/* roles of an output file slot */
enum lt_watch_role {
    LT_WF_FREE = 0,
    LT_WF_TABLE, /* a streamed record: kept as FINAL.partial (its pending bytes written first) */
    LT_WF_META,  /* its sidecar: `contacts`/`status failed: ...` appended, kept as FINAL.partial */
    /* any other temporary (surface, plot, probe table, a closed file awaiting its set): removed */
    LT_WF_TEMP,
};

#define LT_WATCH_FILES 48
#define LT_WATCH_PATH 1024
#define LT_WATCH_BUF (1 << 18) /* bytes a streamed file holds before a write(2) */
#define LT_WATCH_STREAMS 6     /* slots with a buffer (files open for writing at once) */

typedef struct lt_watch_file {
    volatile int role;         /* enum lt_watch_role; LT_WF_FREE: unused */
    int stream;                /* index into streams[], -1: none */
    int lock_fd;               /* the worker's descriptor holding an flock on tmp (-1: none): a
                                    * temporary nobody holds belongs to a run that is gone */
    volatile long contacts;    /* a sidecar's contact count (its `contacts` line) */
    volatile long long body;   /* a sidecar's bytes before its closing lines (0: not closed) */
    char tmp[LT_WATCH_PATH];   /* the temporary file */
    char final[LT_WATCH_PATH]; /* its final name */
} lt_watch_file;

typedef struct lt_watch_stream {
    volatile int used;
    int fd;                     /* the worker's descriptor (the supervisor opens tmp itself) */
    volatile long long written; /* bytes of the file on disk, as the worker last wrote them */
    volatile long long pending; /* bytes in buf not yet written */
    /* 1 while a write(2) of buf runs: on disk may be written..written+pending */
    volatile int writing;
    char buf[LT_WATCH_BUF];
} lt_watch_stream;

typedef struct lt_watch {
    /* the worker's own end: set just before it exits normally; a worker gone without it was
     * ended by something else (the law's exit(), a signal) */
    volatile int finished;
    volatile int status;
    /* progress: the law call running, a counter of calls (a hang: the counter stands still
     * while `call` is not LT_CALL_NONE), the stage (1-based, 0: none) and step */
    volatile int call;
    volatile unsigned long calls;
    volatile int stage;
    volatile long step;
    char law[128];           /* the law under test */
    char lib[LT_WATCH_PATH]; /* the --law-lib being loaded (phase LT_CALL_LOAD) */
    /* the running test, for a message in the form of the driver's errors:
     * FILE:LINE: field PREFIXstages[K]: stage K, step N: ... (file "": no test is running) */
    char file[LT_WATCH_PATH];
    int line;               /* the test's line */
    int stage_lines[64];    /* the line of stage K (K <= 64; 0: the test's) */
    char field_prefix[128]; /* "cases[2].test." in a case file, else "" */
    char test[256];         /* the running test's name */
    char doing[128];        /* what the worker does after the run's steps ("" : the steps) */
    /* the worker's fault handler */
    volatile sig_atomic_t fault;
    char fault_what[256];
    /* a hosted law's engine (src/host/hosted.c): 1 while one of its commands runs; the one line
     * its exit hook leaves when the engine ended the process (an engine ERROR: exit status 2) */
    volatile int engine_call;
    char engine_error[1200];
    int supervised; /* 1: a supervisor reads this page (the hook then prints nothing itself) */
    double timeout; /* --law-timeout in seconds (0: none), for verify's children (verify_jobs.h) */
    /* verify: units (a law's generic checks, one case) are numbered as they start; a worker
     * started again after a fault skips the units before `skip` */
    volatile int unit, skip, in_unit;
    volatile int header; /* verify's header line was printed */
    char unit_law[128], unit_case[128];
    volatile int rows, failed, cases; /* verify's counts over all workers */
    volatile int xfailed;             /* verify's expected failures (XFAIL rows) over all workers */
    /* ownership (docs/reliability.md, "Who owns what"): the pid of the worker that set
     * `finished` (a report from any other process is not the worker's), and the publication
     * gate: the worker publishes a set only while it holds the gate open (LT_GATE_PUBLISHING),
     * and the supervisor closes it (LT_GATE_CLOSED, with the signal in stop_sig) when it is told
     * to stop, so that nothing is published after a stop signal reached it */
    volatile int finished_pid;
    int gate;
    volatile int stop_sig;
    /* the outputs */
    lt_watch_file files[LT_WATCH_FILES];
    lt_watch_stream streams[LT_WATCH_STREAMS];
} lt_watch;

extern lt_watch *lt_watch_page;

/* Mark the law function running (LT_CALL_NONE when it returned).  Two stores. */
static inline void lt_watch_enter(int call)
{
    lt_watch_page->call = call;
    lt_watch_page->calls++;
}
/* 1 in a process the law forked from the worker (set by a pthread_atfork handler): such a
 * process ends as soon as the law's call returns into lawtester, so only the worker runs on */
extern volatile int lt_watch_forked;
void lt_watch_forked_exit(void);
static inline void lt_watch_leave(void)
{
    lt_watch_page->call = LT_CALL_NONE;
    if (lt_watch_forked) lt_watch_forked_exit();
}

/* the exit status of a process the law forked that came back into lawtester (a failed exec's) */
#define LT_WATCH_FORKED_STATUS 127

/* publication gate states (lt_watch.gate) */
enum { LT_GATE_OPEN = 0, LT_GATE_PUBLISHING, LT_GATE_CLOSED };

/* The worker: record this process as the one that may publish and report (its pid; a process
 * forked from it by a law is marked by lt_watch_forked).  Called before any law code.  A process
 * lawtester itself forks to run law code (parallel verify workers) calls it again first: it is
 * then the owner in its own right, not a law's stray child. */
void lt_watch_own(void);
/* Around each publication (renames of finished files to their final names): a process other than
 * the worker ends at once (_exit, LT_WATCH_FORKED_STATUS); a worker whose supervisor closed the
 * gate after a stop signal ends at once with 128 + the signal (the supervisor then keeps its rows
 * as .partial).  Without a supervisor both are no-ops. */
void lt_watch_publish_begin(void);
/* Only the first check: a process other than the worker ends at once (before it keeps a failed
 * run's rows as .partial, which a stopped worker still does). */
void lt_watch_check_owner(void);
void lt_watch_publish_end(void);
/* The worker's own end with status: the report the supervisor needs (with the worker's clean
 * exit) to call a command a success.  Async-signal-safe. */
void lt_watch_finish(int status);
/* Back into the worker's working directory as it started (held by a descriptor since
 * lt_watch_own): a law's chdir() does not move lawtester's relative paths (the output directory,
 * its temporaries, gnuplot's files).  Called before each of lawtester's own file operations by
 * path; without a worker, a no-op. */
void lt_watch_home(void);

/* verify: a unit (a law's generic checks, a case) starts: 1 if it is to run (its names in the
 * page), 0 if a worker before this one ran it already (the unit then does nothing).
 * counts_as_case: it is one of the `cases` of the summary line. */
int lt_watch_unit_begin(const char *law, const char *kase, int counts_as_case);
void lt_watch_unit_end(void);
/* a run starts (file, the test's line, the line of each stage, "cases[2].test." or "", the
 * test's name and law) and ends */
void lt_watch_test_begin(const char *file, int line, const int *stage_lines, int n_stages,
                         const char *prefix, const char *test, const char *law);
void lt_watch_test_end(void);

/* Copy s into dst (n bytes, NUL-terminated, cut if longer). */
void lt_watch_text(char *dst, size_t n, const char *s);

/* File slots (src/base/watch.c).  lt_watch_add_file: a slot for tmp -> final with a role; its
 * index, or -1 when all are taken (the file is then simply not watched).  lt_watch_drop_file: free
 * it
 * (after the file was renamed or removed). */
int lt_watch_add_file(const char *tmp, const char *final, int role);
void lt_watch_drop_file(int slot);
/* Find the slot of tmp (-1: none). */
int lt_watch_find_file(const char *tmp);

#endif
