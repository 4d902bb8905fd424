/* src/output/outlimit.c - the output bounds of a run (see outlimit.h). */
#define _POSIX_C_SOURCE 200809L
#include "output/outlimit.h"
#include "base/quote.h"
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>

void lt_outlimit_init(lt_outlimit *o, const char *dir, long max_mb, long min_free_mb)
{
    memset(o, 0, sizeof *o);
    o->dir = dir;
    long mb = max_mb == 0 ? LT_DEFAULT_MAX_OUTPUT_MB : max_mb < 0 ? 0 : max_mb;
    long fr = min_free_mb == 0 ? LT_DEFAULT_MIN_FREE_MB : min_free_mb < 0 ? 0 : min_free_mb;
    o->limit = (long long)mb << 20;
    o->min_free = (long long)fr << 20;
    o->free_seen = -1;
}

long long lt_file_size(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode) ? (long long)st.st_size : 0;
}

int lt_outlimit_check_disk(lt_outlimit *o)
{
    o->unchecked = 0;
    if (!o->dir || o->min_free <= 0) return LT_OUT_OK;
    struct statvfs sv;
    /* unknown (no statvfs, or a pseudo filesystem reporting no blocks at all, like sysfs): the
     * writes themselves report a full disk */
    if (statvfs(o->dir, &sv) != 0 || sv.f_blocks == 0) return LT_OUT_OK;
    o->free_seen = (long long)sv.f_bavail * (long long)sv.f_frsize;
    return o->free_seen < o->min_free ? LT_OUT_DISK : LT_OUT_OK;
}

int lt_outlimit_take(lt_outlimit *o, long long n)
{
    if (o->limit > 0 && o->used + o->open + n + LT_OUTLIMIT_RESERVE > o->limit) return LT_OUT_LIMIT;
    o->unchecked += n;
    if (o->unchecked >= LT_OUTLIMIT_CHECK_EVERY && lt_outlimit_check_disk(o) != LT_OUT_OK)
        return LT_OUT_DISK;
    o->open += n;
    return LT_OUT_OK;
}

int lt_outlimit_publish(lt_outlimit *o, const lt_pending *p)
{
    long long sum = 0;
    for (int i = 0; i < p->n; i++) sum += lt_file_size(p->tmp[i]);
    if (o->limit > 0 && o->used + sum > o->limit) return LT_OUT_LIMIT;
    o->used += sum;
    o->open = 0;
    return LT_OUT_OK;
}

void lt_outlimit_kept(lt_outlimit *o, long long bytes) { o->used += bytes; }

void lt_outlimit_reason(const lt_outlimit *o, int code, char *buf, size_t n)
{
    char dir[LT_QUOTE_KEEP + 1]; /* one line, of a readable length, whatever the path holds */
    if (code == LT_OUT_DISK)
        snprintf(buf, n,
                 "only %.1f MB free on the filesystem of '%s', below the margin of %lld MB "
                 "(--min-free): free some space, write elsewhere (-o DIR) or lower --min-free",
                 (double)o->free_seen / (1 << 20), lt_quote(o->dir, dir, sizeof dir, LT_QUOTE_KEEP),
                 o->min_free >> 20);
    else
        snprintf(buf, n,
                 "output limit %lld MB reached (--max-output): record less often (record.every), "
                 "end the stage sooner, or raise the limit (0 lifts it)",
                 o->limit >> 20);
}
