/* src/watch.c - the watch page (see watch.h): the static page of a process without a
 * supervisor, and the output file slots. */
#include "watch.h"
#include <string.h>

static lt_watch unsupervised_page;
lt_watch *lt_watch_page = &unsupervised_page;

const char *const lt_watch_call_names[LT_CALL_COUNT] = {
    "", "its loading (constructors and exports)", "init()", "step()", "its yield surface functions",
    "a verify case's functions", "a function",
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
    if (!tmp || strlen(tmp) >= LT_WATCH_PATH || (final && strlen(final) >= LT_WATCH_PATH)) return -1;
    for (int i = 0; i < LT_WATCH_FILES; i++) {
        lt_watch_file *f = &w->files[i];
        if (f->role != LT_WF_FREE) continue;
        f->stream = -1;
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
    if (f->stream >= 0 && f->stream < LT_WATCH_STREAMS) lt_watch_page->streams[f->stream].used = 0;
    f->stream = -1;
}

int lt_watch_find_file(const char *tmp)
{
    for (int i = 0; tmp && i < LT_WATCH_FILES; i++)
        if (lt_watch_page->files[i].role != LT_WF_FREE && strcmp(lt_watch_page->files[i].tmp, tmp) == 0) return i;
    return -1;
}
