/* src/output/outlimit.h - a bound on what one `lawtester run` writes, so that a densely recorded
 * stage that never ends cannot fill a laptop's disk.
 *
 * Two limits, both checked while the run writes (docs/records.md "Output bounds"):
 *   - the bytes of every file the run writes in the output directory (records, sidecars,
 *     surfaces, probe tables, plots, lawtester.write) stay <= limit (--max-output MB, default
 *     LT_DEFAULT_MAX_OUTPUT_MB; 1 MB = 2^20 bytes, as --max-memory);
 *   - the output filesystem keeps at least min_free bytes free (--min-free MB, default
 *     LT_DEFAULT_MIN_FREE_MB), read with statvfs before the run, before each table and every
 *     LT_OUTLIMIT_CHECK_EVERY bytes of rows.
 * A record is counted row by row as it is handed to stdio, before the row is written: the row
 * that would cross the limit is not written, the run stops, and the rows before it are kept as
 * NAME.tsv.partial with NAME.meta.partial, whose closing lines LT_OUTLIMIT_RESERVE bytes are
 * held back for.  Files of a set (record, sidecar, surface, plots) are counted again, exactly,
 * by their sizes when they are published.  0 in a limit: none. */
#ifndef LT_OUTLIMIT_H
#define LT_OUTLIMIT_H
#include "output/afile.h"
#include <stddef.h>

#define LT_DEFAULT_MAX_OUTPUT_MB 1024L
#define LT_DEFAULT_MIN_FREE_MB 100L
/* bytes held back for the lines a sidecar gets when it is closed (the contact count and a
 * `status failed: MESSAGE` line, MESSAGE at most ~2.3 kB: src/script/script_failure.c,
 * lt_fail_run) */
#define LT_OUTLIMIT_RESERVE 4096LL
/* statvfs once per this many bytes of rows (a system call per row would cost more than the row) */
#define LT_OUTLIMIT_CHECK_EVERY (1LL << 20)

enum { LT_OUT_OK, LT_OUT_LIMIT, LT_OUT_DISK };

typedef struct lt_outlimit {
    const char *dir;     /* the output directory (NULL: nothing is written, nothing checked) */
    long long limit;     /* bytes, 0: none */
    long long min_free;  /* bytes the filesystem keeps free, 0: none */
    long long used;      /* bytes of the files published (or kept as .partial) so far */
    long long open;      /* bytes handed to the files of the table being written */
    long long unchecked; /* bytes of rows since the last statvfs */
    long long free_seen; /* bytes free at the last statvfs (-1: unknown) */
} lt_outlimit;

/* Set up o for directory dir with limits in MB (0: the defaults, < 0: none). */
void lt_outlimit_init(lt_outlimit *o, const char *dir, long max_mb, long min_free_mb);
/* Whether n more bytes of the open table may be written: LT_OUT_OK (counted in o->open), or
 * LT_OUT_LIMIT / LT_OUT_DISK (not counted). */
int lt_outlimit_take(lt_outlimit *o, long long n);
/* The free space now (statvfs): LT_OUT_OK, or LT_OUT_DISK when below o->min_free. */
int lt_outlimit_check_disk(lt_outlimit *o);
/* Files of p about to be published: their sizes (stat) replace o->open in the count.  Returns
 * LT_OUT_OK (o->used grows by them, o->open is 0), or LT_OUT_LIMIT (nothing counted). */
int lt_outlimit_publish(lt_outlimit *o, const lt_pending *p);
/* A file of this many bytes written outside a table (lawtester.write, a kept .partial):
 * counted in o->used. */
void lt_outlimit_kept(lt_outlimit *o, long long bytes);
/* One phrase for why a write was refused (code LT_OUT_LIMIT or LT_OUT_DISK), e.g. "output limit
 * 20 MB reached (--max-output)". */
void lt_outlimit_reason(const lt_outlimit *o, int code, char *buf, size_t n);
/* Bytes of the regular file at path (0 if it cannot be read). */
long long lt_file_size(const char *path);

#endif
