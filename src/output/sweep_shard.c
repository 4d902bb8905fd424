/* src/output/sweep_shard.c - a sweep shard table's last line, written and checked
 * (sweep_shard.h). */
#include "output/sweep_shard.h"
#include "base/quote.h"
#include <string.h>

void lt_sweep_shard_end(FILE *fp, const char *table, size_t len, int shard, int shards)
{
    long rows = -1; /* the header's newline is not a row's */
    for (const char *p = table; (p = memchr(p, '\n', len - (size_t)(p - table))) != NULL; p++)
        rows++;
    fprintf(fp, "# shard %d of %d: %ld rows\n", shard, shards, rows < 0 ? 0 : rows);
}

/* 1 if the rows hold every point 0 .. points-1 (each point's rows together): an unsharded table */
static int all_points(const long *ks, size_t n, long points)
{
    long next = 0;
    for (size_t i = 0; i < n; i++)
        if (i == 0 || ks[i] != ks[i - 1]) {
            if (ks[i] != next) return 0;
            next++;
        }
    return next == points;
}

int lt_sweep_shard_check(const char *file, const long *ks, const int *lines, size_t n, long points,
                         const char *trailer, int trailer_line, char *err, size_t errlen)
{
    if (!trailer) {
        if (all_points(ks, n, points)) return 0;
        snprintf(err, errlen,
                 "%s:%d: field rows: the table ends without its last line '# shard K of N: R "
                 "rows' (a sweep's shard table ends with it: a truncated file?)",
                 file, trailer_line);
        return -1;
    }
    int k1, nk, end = -1;
    long rows;
    if (sscanf(trailer, "# shard %d of %d: %ld rows%n", &k1, &nk, &rows, &end) != 3 || end < 0 ||
        trailer[end] || nk < 1 || k1 < 1 || k1 > nk || rows < 0) {
        char q[LT_QUOTE_KEEP + 1];
        snprintf(err, errlen,
                 "%s:%d: field rows: '%s' is not a shard's last line ('# shard K of N: R rows', "
                 "1 <= K <= N)",
                 file, trailer_line, lt_quote(trailer, q, sizeof q, 60));
        return -1;
    }
    if ((size_t)rows != n) {
        snprintf(err, errlen,
                 "%s:%d: field rows: %zu rows above, but the shard's last line says %ld (a row "
                 "lost or added?)",
                 file, trailer_line, n, rows);
        return -1;
    }
    long next = k1 - 1; /* the points of shard K of N: k % N == K - 1, in order */
    for (size_t i = 0; i < n; i++) {
        if (i > 0 && ks[i] == ks[i - 1]) continue;
        if (ks[i] != next) {
            snprintf(err, errlen,
                     "%s:%d: field k: point %ld, but shard %d of %d has point %ld next (k %% %d == "
                     "%d)",
                     file, lines[i], ks[i], k1, nk, next, nk, k1 - 1);
            return -1;
        }
        next += nk;
    }
    if (next < points) {
        snprintf(err, errlen,
                 "%s:%d: field k: point %ld of %ld is missing from shard %d of %d (k %% %d == %d)",
                 file, trailer_line, next, points, k1, nk, nk, k1 - 1);
        return -1;
    }
    return 0;
}
