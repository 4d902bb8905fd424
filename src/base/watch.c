/* src/base/watch.c - the watch page (see watch.h): the static page of a process without a
 * supervisor, and the output file slots. */
#define _GNU_SOURCE /* O_PATH */
#include "base/watch.h"
#include <fcntl.h>
#include <pthread.h>
#include <string.h>
#include <unistd.h>

static lt_watch unsupervised_page;
lt_watch *lt_watch_page = &unsupervised_page;

const char *const lt_watch_call_names[LT_CALL_COUNT] = {
    "",
    "its loading (constructors and exports)",
    "init()",
    "step()",
    "its yield surface functions",
    "a verify case's functions",
    "a function",
};

void lt_watch_text(char *dst, size_t n, const char *s)
{
    if (n == 0) return;
    size_t k = s ? strlen(s) : 0;
    if (k >= n) k = n - 1;
    if (k) memcpy(dst, s, k);
    dst[k] = 0;
}

int lt_watch_add_file(const char *tmp, const char *final, int role)
{
    lt_watch *w = lt_watch_page;
    if (!tmp || strlen(tmp) >= LT_WATCH_PATH || (final && strlen(final) >= LT_WATCH_PATH))
        return -1;
    for (int i = 0; i < LT_WATCH_FILES; i++) {
        lt_watch_file *f = &w->files[i];
        if (f->role != LT_WF_FREE) continue;
        f->stream = -1;
        f->lock_fd = -1;
        f->contacts = 0;
        f->body = 0;
        lt_watch_text(f->tmp, sizeof f->tmp, tmp);
        lt_watch_text(f->final, sizeof f->final, final ? final : "");
        f->role = role; /* last: the supervisor reads a slot only once its role is set */
        return i;
    }
    return -1;
}

void lt_watch_drop_file(int slot)
{
    if (slot < 0 || slot >= LT_WATCH_FILES) return;
    lt_watch_file *f = &lt_watch_page->files[slot];
    f->role = LT_WF_FREE;
    if (f->lock_fd >= 0) close(f->lock_fd);
    f->lock_fd = -1;
    if (f->stream >= 0 && f->stream < LT_WATCH_STREAMS) lt_watch_page->streams[f->stream].used = 0;
    f->stream = -1;
}

int lt_watch_find_file(const char *tmp)
{
    for (int i = 0; tmp && i < LT_WATCH_FILES; i++)
        if (lt_watch_page->files[i].role != LT_WF_FREE &&
            strcmp(lt_watch_page->files[i].tmp, tmp) == 0)
            return i;
    return -1;
}

int lt_watch_unit_begin(const char *law, const char *kase, int counts_as_case)
{
    lt_watch *w = lt_watch_page;
    int u = w->unit++;
    if (u < w->skip) return 0;
    lt_watch_text(w->unit_law, sizeof w->unit_law, law);
    lt_watch_text(w->unit_case, sizeof w->unit_case, kase);
    lt_watch_text(w->law, sizeof w->law, law);
    if (counts_as_case) w->cases++;
    /* no stage or step of the unit before: a fault before this unit's first stage names none (a
     * worker of verify -j N that runs the unit must name what a single worker names) */
    w->stage = 0;
    w->step = 0;
    w->in_unit = 1;
    return 1;
}

void lt_watch_unit_end(void) { lt_watch_page->in_unit = 0; }

void lt_watch_test_begin(const char *file, int line, const int *stage_lines, int n_stages,
                         const char *prefix, const char *test, const char *law)
{
    lt_watch *w = lt_watch_page;
    int n = (int)(sizeof w->stage_lines / sizeof w->stage_lines[0]);
    for (int i = 0; i < n; i++)
        w->stage_lines[i] = i < n_stages && stage_lines ? stage_lines[i] : 0;
    w->line = line;
    lt_watch_text(w->field_prefix, sizeof w->field_prefix, prefix);
    lt_watch_text(w->test, sizeof w->test, test);
    lt_watch_text(w->law, sizeof w->law, law);
    w->stage = 0;
    w->step = 0;
    w->doing[0] = 0;
    lt_watch_text(w->file, sizeof w->file, file);
}

void lt_watch_test_end(void)
{
    lt_watch_page->file[0] = 0;
    lt_watch_page->doing[0] = 0;
    lt_watch_page->stage = 0;
}

/* ---- ownership: only the worker publishes and reports ------------------------------------- */

static pid_t owner;   /* the worker's pid (0: no worker: one process, nothing to check) */
static int home = -1; /* the worker's working directory as it started, held open */
volatile int lt_watch_forked;

static void mark_forked(void)
{
    if (owner) lt_watch_forked = 1;
}

void lt_watch_forked_exit(void)
{
    if (getpid() != owner) _exit(LT_WATCH_FORKED_STATUS);
    lt_watch_forked = 0; /* the worker's own fork (gnuplot's child) came back here: not ours */
}

void lt_watch_own(void)
{
    owner = getpid();
    if (home < 0) home = open(".", O_PATH | O_DIRECTORY | O_CLOEXEC);
    lt_watch_forked = 0;
    static int registered;
    if (!registered) pthread_atfork(NULL, NULL, mark_forked);
    registered = 1;
}

void lt_watch_check_owner(void)
{
    /* getpid, not the atfork mark: a law may fork by the raw system call */
    if (owner && getpid() != owner) _exit(LT_WATCH_FORKED_STATUS);
}

void lt_watch_publish_begin(void)
{
    if (!owner) return;
    lt_watch_check_owner();
    lt_watch *w = lt_watch_page;
    if (!w->supervised) return;
    int open = LT_GATE_OPEN;
    if (__atomic_compare_exchange_n(&w->gate, &open, LT_GATE_PUBLISHING, 0, __ATOMIC_SEQ_CST,
                                    __ATOMIC_SEQ_CST))
        return;
    _exit(128 + (w->stop_sig > 0 && w->stop_sig < 64 ? w->stop_sig : 15));
}

void lt_watch_publish_end(void)
{
    if (owner && lt_watch_page->supervised)
        __atomic_store_n(&lt_watch_page->gate, LT_GATE_OPEN, __ATOMIC_SEQ_CST);
}

void lt_watch_home(void)
{
    if (home >= 0 && fchdir(home) != 0) home = -1;
}

void lt_watch_finish(int status)
{
    lt_watch_page->status = status;
    lt_watch_page->finished_pid = (int)getpid();
    lt_watch_page->finished = 1;
}
