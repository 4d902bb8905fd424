/* src/output/probe_table.c - probe tables: format and merge of shards, also of the shards of a
 * verify sweep (see probe_table.h). */
#define _POSIX_C_SOURCE 200809L
#include "output/probe_table.h"
#include "base/quote.h"
#include "base/rfile.h"
#include "output/fmt.h"
#include "output/record.h"
#include "output/sweep_shard.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char lt_probe_header[] = "k\tdirections\tangle\tdirN\tdirT\tyielded\tbroken\tsteps\tuN\tuT\tF"
                               "n\tFty\tFtz\tFn1\tFty1\tFtz1\tdF\tdist\tgap\twork\tbalance_err\n";
#define PROBE_COLUMNS 21
/* a probe on another pair or under force control: the same columns, then the pair's */
const char lt_probe_header_pair[] =
    "k\tdirections\tangle\tdirN\tdirT\tyielded\tbroken\tsteps\tuN\tuT\tFn\tFty\tFtz\tFn1\tFty1\tFtz"
    "1\tdF\tdist\tgap\twork\tbalance_"
    "err\tdofI\tdofJ\tcontrol\tuI\tuJ\tFI\tFJ\tFI1\tFJ1\tdFI\tdFJ\tdsteps\n";
#define PROBE_PAIR_COLUMNS 33
const char lt_sweep_header[] =
    "k\tpoints\tpoint\tcase\tquantity\texpected\tobtained\terror\ttol\tcheck\tresult\tnote\n";
#define SWEEP_COLUMNS 12

/* A tab and x, shortest round-trip, written at p; the end of what was written. */
static char *put_cell(char *p, double x)
{
    *p++ = '\t';
    return p + lt_fmt_double(p, x);
}

char *lt_probe_format(const lt_probe *p, int directions, size_t *len)
{
    const char *header = p->extended ? lt_probe_header_pair : lt_probe_header;
    size_t hl = strlen(header);
    size_t cap = hl + 1 + (size_t)p->n_points * PROBE_PAIR_COLUMNS * (FMT_DOUBLE_MAX + 1) + 1;
    char *text = malloc(cap), *q = text;
    if (!text) return NULL;
    memcpy(q, header, hl);
    q += hl;
    for (int i = 0; i < p->n_points; i++) {
        const lt_probe_point *pt = &p->points[i];
        q += sprintf(q, "%d\t%d", pt->k, directions);
        q = put_cell(q, pt->angle);
        q = put_cell(q, pt->dir[0]);
        q = put_cell(q, pt->dir[1]);
        q += sprintf(q, "\t%d\t%d\t%ld", pt->yielded, pt->broken, pt->steps);
        const double v[] = {pt->u[0],  pt->u[1],  pt->f[0],   pt->f[1], pt->f[2],
                            pt->f1[0], pt->f1[1], pt->f1[2],  pt->dF,   pt->dist,
                            pt->gap,   pt->work,  pt->balance};
        for (size_t j = 0; j < sizeof v / sizeof v[0]; j++) q = put_cell(q, v[j]);
        if (p->extended) { /* 1-based DoFs, as the stage scripts number them */
            q += sprintf(q, "\t%d\t%d\t%s", pt->dofs[0] + 1, pt->dofs[1] + 1,
                         p->force ? "force" : "displacement");
            const double w[] = {pt->uij[0],  pt->uij[1],  pt->fij[0],  pt->fij[1], pt->fij1[0],
                                pt->fij1[1], pt->dFij[0], pt->dFij[1], pt->dsteps};
            for (size_t j = 0; j < sizeof w / sizeof w[0]; j++) q = put_cell(q, w[j]);
        }
        *q++ = '\n';
    }
    *len = (size_t)(q - text);
    *q = 0; /* a string too (not counted in len): lt_probe_merge_texts takes it as it is */
    return text;
}

/* ---- merge ---------------------------------------------------------------------------- */

typedef struct row {
    const char *text; /* the line */
    size_t len;       /* with its newline */
    int file, line;
} row;

/* The file at path (shown: its name in messages), a regular file of at most
 * LT_SHARD_MAX_BYTES (base/rfile.h: a FIFO or a device would hang the merge or fill the memory),
 * into a malloc'ed text with a NUL after its *n bytes.  NULL with the message in err. */
static char *slurp(const char *path, const char *shown, size_t *n, char *err, size_t errlen)
{
    long long size;
    FILE *f = lt_rfile_open(path, shown, LT_SHARD_MAX_BYTES, &size, err, errlen);
    if (!f) return NULL;
    size_t cap = (size_t)size + 1; /* one more: a file grown since the open is seen */
    char *buf = malloc(cap + 1);
    *n = 0;
    while (buf) {
        *n += fread(buf + *n, 1, cap - *n, f);
        if (*n < cap) break;
        if ((long long)*n > LT_SHARD_MAX_BYTES) {
            lt_rfile_too_big(shown, 0, LT_SHARD_MAX_BYTES, err, errlen);
            free(buf);
            fclose(f);
            return NULL;
        }
        char *nb = realloc(buf, (cap *= 2) + 1);
        if (!nb) free(buf);
        buf = nb;
    }
    if (!buf)
        snprintf(err, errlen, "%s:0: out of memory", shown);
    else if (ferror(f)) {
        snprintf(err, errlen, "%s:0: cannot read: %s", shown, strerror(errno ? errno : EIO));
        free(buf);
        buf = NULL;
    }
    fclose(f);
    if (buf) buf[*n] = 0;
    return buf;
}

static int cmp_k(const void *a, const void *b)
{
    const long *x = a, *y = b; /* (k, row index) pairs */
    return x[0] != y[0] ? (x[0] < y[0] ? -1 : 1) : (x[1] < y[1] ? -1 : x[1] > y[1]);
}

/* The message of the merge below for n_rows < directions: the first row (in file order) that
 * repeats a direction, else the smallest direction in none of the files.  A sweep's table
 * (multi: rows of a point together) is told only the missing point. */
static void missing_or_repeated(const char *const *files, const row *rows, size_t n_rows,
                                int directions, int n, const char *out_path, int multi, char *err,
                                size_t errlen)
{
    long *kv = malloc((n_rows ? n_rows : 1) * 2 * sizeof *kv);
    if (!kv) {
        snprintf(err, errlen, "%s:0: out of memory", out_path);
        return;
    }
    for (size_t i = 0; i < n_rows; i++)
        kv[2 * i] = strtol(rows[i].text, NULL, 10), kv[2 * i + 1] = (long)i;
    qsort(kv, n_rows, 2 * sizeof *kv, cmp_k);
    long again = -1, first = -1;
    for (size_t i = 1; i < n_rows && !multi; i++)
        if (kv[2 * i] == kv[2 * i - 2]) {
            size_t g = i - 1;
            while (g > 0 && kv[2 * g - 2] == kv[2 * i]) g--;
            if (again < 0 || kv[2 * i + 1] < again) again = kv[2 * i + 1], first = kv[2 * g + 1];
        }
    if (again >= 0) {
        const row *a = &rows[again], *f = &rows[first];
        snprintf(err, errlen, "%s:%d: field k: direction %ld again (also %s:%d)", files[a->file],
                 a->line, strtol(a->text, NULL, 10), files[f->file], f->line);
    } else {
        long k = 0;
        for (size_t i = 0; i < n_rows && kv[2 * i] <= k; i++)
            if (kv[2 * i] == k) k++;
        snprintf(err, errlen,
                 "%s:0: field k: %s %ld of %d is in none of the %d files (a shard missing?)",
                 out_path, multi ? "point" : "direction", k, directions, n);
    }
    free(kv);
}

/* A merge of shard texts under way: the rows read so far (file order) and what the first file
 * fixed (its header, the number of columns and of directions or points). */
typedef struct merge {
    const char *const *files; /* as the messages name them */
    int n;
    const char *out_path;
    row *rows;
    size_t n_rows, cap_rows;
    int directions;     /* -1 until the first row */
    const char *header; /* of the first file: every file has it */
    int columns, multi; /* multi: a sweep's table, rows of a point together (any number) */
    char *err;
    size_t errlen;
} merge;

/* The header text of file f (lens: its length, a NUL inside it is no table) checked against the
 * first file's; sets the columns expected.  0, or -1 with the message. */
static int merge_header(merge *m, int f, const char *text, size_t len)
{
    const char *h = NULL;
    if (strlen(text) == len) {
        if (strncmp(text, lt_probe_header, strlen(lt_probe_header)) == 0)
            h = lt_probe_header;
        else if (strncmp(text, lt_probe_header_pair, strlen(lt_probe_header_pair)) == 0)
            h = lt_probe_header_pair;
        else if (strncmp(text, lt_sweep_header, strlen(lt_sweep_header)) == 0)
            h = lt_sweep_header;
    }
    if (!h) {
        snprintf(m->err, m->errlen,
                 "%s:1: field header: not a probe table (expected the columns k directions angle "
                 "...; a sweep's: k points point ...)",
                 m->files[f]);
        return -1;
    }
    static const char *const kinds[] = {"default probe", "pair probe", "sweep table"};
    static const char *const shorts[] = {"default", "pair", "sweep"};
    int kind = h == lt_probe_header ? 0 : h == lt_probe_header_pair ? 1 : 2;
    if (m->header && h != m->header) {
        int kind0 = m->header == lt_probe_header ? 0 : m->header == lt_probe_header_pair ? 1 : 2;
        snprintf(m->err, m->errlen,
                 "%s:1: field header: the columns of a %s, but %s holds a %s one", m->files[f],
                 kinds[kind], m->files[0], shorts[kind0]);
        return -1;
    }
    m->header = h;
    m->columns = kind == 0 ? PROBE_COLUMNS : kind == 1 ? PROBE_PAIR_COLUMNS : SWEEP_COLUMNS;
    m->multi = kind == 2;
    return 0;
}

/* The rows of sweep table file f (m->rows from first on) checked against its last line (trailer,
 * at line ln; NULL: none) by sweep_shard.h.  0, or -1 with the message. */
static int shard_rows(merge *m, int f, size_t first, const char *trailer, int ln)
{
    size_t n = m->n_rows - first;
    long *ks = malloc(n * sizeof *ks);
    int *lines = malloc(n * sizeof *lines), rc = -1;
    if (!ks || !lines)
        snprintf(m->err, m->errlen, "%s:%d: out of memory", m->files[f], ln);
    else {
        for (size_t i = 0; i < n; i++)
            ks[i] = strtol(m->rows[first + i].text, NULL, 10), lines[i] = m->rows[first + i].line;
        rc = lt_sweep_shard_check(m->files[f], ks, lines, n, m->directions, trailer, ln, m->err,
                                  m->errlen);
    }
    free(ks);
    free(lines);
    return rc;
}

/* The rows of file f after its header (line: the first), each checked (its columns, k and the
 * number of directions) and kept.  0, or -1 with the message naming the file and line. */
static int merge_rows(merge *m, int f, char *line)
{
    const char *const *files = m->files;
    size_t first = m->n_rows;
    int ln = 2;
    const char *trailer = NULL;
    char tbuf[200];
    for (; *line; ln++) {
        char *end = strchr(line, '\n');
        if (!end) {
            snprintf(m->err, m->errlen,
                     "%s:%d: field row: the last line has no newline (a truncated file?)", files[f],
                     ln);
            return -1;
        }
        if (m->multi && *line == '#') { /* a sweep shard's last line (sweep_shard.h) */
            if (end[1]) {
                snprintf(m->err, m->errlen,
                         "%s:%d: field row: a comment line before the last line (only a shard's "
                         "last line, '# shard K of N: R rows', is one)",
                         files[f], ln);
                return -1;
            }
            size_t tl = (size_t)(end - line);
            snprintf(tbuf, sizeof tbuf, "%.*s", tl < sizeof tbuf ? (int)tl : 0, line);
            trailer = tl < sizeof tbuf ? tbuf : "(a line too long)";
            break;
        }
        int tabs = 0;
        for (char *c = line; c < end; c++) tabs += *c == '\t';
        char *e1, *e2 = NULL;
        long k = strtol(line, &e1, 10), d = *e1 == '\t' ? strtol(e1 + 1, &e2, 10) : -1;
        if (tabs != m->columns - 1 || e1 == line || d < 1 || d > 100000000 || *e2 != '\t') {
            snprintf(m->err, m->errlen,
                     "%s:%d: field row: expected %d columns starting with k and %s", files[f], ln,
                     m->columns, m->multi ? "points" : "directions");
            return -1;
        }
        if (m->directions < 0) m->directions = (int)d;
        if (d != m->directions) {
            snprintf(m->err, m->errlen, "%s:%d: field %s: %ld, but %d in %s", files[f], ln,
                     m->multi ? "points" : "directions", d, m->directions, files[m->rows[0].file]);
            return -1;
        }
        if (k < 0 || k >= d) {
            snprintf(m->err, m->errlen, "%s:%d: field k: %ld out of range 0..%ld", files[f], ln, k,
                     d - 1);
            return -1;
        }
        if (m->n_rows == m->cap_rows) {
            m->cap_rows = m->cap_rows ? 2 * m->cap_rows : 256;
            row *nr = realloc(m->rows, m->cap_rows * sizeof *m->rows);
            if (!nr) {
                snprintf(m->err, m->errlen, "%s:%d: out of memory", files[f], ln);
                return -1;
            }
            m->rows = nr;
        }
        m->rows[m->n_rows++] =
            (row){.text = line, .len = (size_t)(end - line) + 1, .file = f, .line = ln};
        line = end + 1;
    }
    return m->multi && m->n_rows > first ? shard_rows(m, f, first, trailer, ln) : 0;
}

/* The rows by k: by_k[k] the first row of direction (or point) k, count[k] its rows (a sweep's
 * point: its rows, one after the other in one file), *total the merged table's size with its
 * terminating NUL.  0, or -1 with the message: a direction repeated or missing. */
static int merge_index(merge *m, row **by_k, size_t *count, size_t *total)
{
    const char *const *files = m->files;
    const row *rows = m->rows;
    *total = strlen(m->header) + 1;
    for (size_t i = 0; i < m->n_rows; i++) {
        long k = strtol(rows[i].text, NULL, 10);
        /* a sweep's point has its rows one after the other in one file: they follow its first */
        if (by_k[k] &&
            !(m->multi && by_k[k] + count[k] == &rows[i] && by_k[k]->file == rows[i].file)) {
            snprintf(m->err, m->errlen, "%s:%d: field k: %s %ld again (also %s:%d)",
                     files[rows[i].file], rows[i].line, m->multi ? "point" : "direction", k,
                     files[by_k[k]->file], by_k[k]->line);
            return -1;
        }
        if (!by_k[k]) by_k[k] = &m->rows[i];
        count[k]++;
        *total += rows[i].len;
    }
    for (int k = 0; k < m->directions; k++)
        if (!by_k[k]) {
            snprintf(m->err, m->errlen,
                     "%s:0: field k: %s %d of %d is in none of the %d files (a shard missing?)",
                     m->out_path, m->multi ? "point" : "direction", k, m->directions, m->n);
            return -1;
        }
    return 0;
}

/* The merged table: the header, then the rows of each direction in the order of k (total: its
 * size, from merge_index).  NULL when out of memory; *len its length. */
static char *merge_join(const merge *m, row *const *by_k, const size_t *count, size_t total,
                        size_t *len)
{
    char *out = malloc(total);
    if (!out) return NULL;
    size_t u = strlen(m->header);
    memcpy(out, m->header, u);
    for (int k = 0; k < m->directions; k++)
        for (size_t j = 0; j < count[k]; j++) {
            memcpy(out + u, by_k[k][j].text, by_k[k][j].len);
            u += by_k[k][j].len;
        }
    *len = u;
    return out;
}

int lt_probe_merge_texts(const char *const *files, char *const *texts, const size_t *lens, int n,
                         const char *out_path, char **merged, size_t *merged_len, char *err,
                         size_t errlen)
{
    merge m = {.files = files,
               .n = n,
               .out_path = out_path,
               .directions = -1,
               .err = err,
               .errlen = errlen};
    int rc = -1;
    row **by_k = NULL;
    size_t *count = NULL;
    *merged = NULL;
    *merged_len = 0;
    for (int f = 0; f < n; f++) {
        const char *nul = memchr(texts[f], 0, lens[f]);
        if (!nul) continue;
        int line = 1;
        const char *bol = texts[f];
        for (const char *p = texts[f]; p < nul; p++)
            if (*p == '\n') line++, bol = p + 1;
        snprintf(err, errlen, "%s:%d: field %s: a NUL byte (byte %ld of the line): a table is text",
                 files[f], line, line == 1 ? "header" : "row", (long)(nul - bol) + 1);
        goto done;
    }
    for (int f = 0; f < n; f++)
        if (merge_header(&m, f, texts[f], lens[f]) < 0 ||
            merge_rows(&m, f, texts[f] + strlen(m.header)) < 0)
            goto done;
    if (m.directions < 0) {
        snprintf(err, errlen, "%s:0: field k: the shard files hold no rows", out_path);
        goto done;
    }
    /* fewer rows than directions (a shard missing, or a row whose `directions` is absurd): the
     * same messages from the rows sorted by k, without a table of all the directions */
    if (m.n_rows < (size_t)m.directions) {
        missing_or_repeated(files, m.rows, m.n_rows, m.directions, n, out_path, m.multi, err,
                            errlen);
        goto done;
    }
    by_k = calloc((size_t)m.directions, sizeof *by_k);
    count = calloc((size_t)m.directions, sizeof *count);
    if (!by_k || !count) {
        snprintf(err, errlen, "%s:0: out of memory", out_path);
        goto done;
    }
    size_t total;
    if (merge_index(&m, by_k, count, &total) < 0) goto done;
    *merged = merge_join(&m, by_k, count, total, merged_len);
    if (!*merged) {
        snprintf(err, errlen, "%s:0: out of memory", out_path);
        goto done;
    }
    rc = 0;
done:
    free(m.rows);
    free(by_k);
    free(count);
    return rc;
}

/* The merge of files into out_path.  Its messages name the files by their paths quoted
 * (quote.h): one line each, of a readable length, whatever a path holds. */
int lt_probe_merge(const char *const *files, int n, const char *out_path, char *err, size_t errlen)
{
    typedef char shown_path[LT_QUOTE_KEEP + 1];
    char **texts = calloc((size_t)n, sizeof *texts);
    size_t *lens = calloc((size_t)n, sizeof *lens);
    shown_path *shown = malloc((size_t)n * sizeof *shown);
    const char **names = calloc((size_t)n, sizeof *names);
    shown_path out_name;
    lt_quote(out_path, out_name, sizeof out_name, LT_QUOTE_KEEP);
    char *out = NULL;
    size_t len = 0;
    int rc = -1;
    if (!texts || !lens || !shown || !names) {
        snprintf(err, errlen, "%s:0: out of memory", out_name);
        goto done;
    }
    for (int f = 0; f < n; f++) {
        names[f] = lt_quote(files[f], shown[f], sizeof shown[f], LT_QUOTE_KEEP);
        texts[f] = slurp(files[f], names[f], &lens[f], err, errlen);
        if (!texts[f]) goto done;
    }
    if (lt_probe_merge_texts(names, texts, lens, n, out_name, &out, &len, err, errlen) < 0)
        goto done;
    /* DIR/NAME from out_path */
    char dir[4096];
    const char *slash = strrchr(out_path, '/');
    snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - out_path) : 1, slash ? out_path : ".");
    if (slash && slash == out_path) snprintf(dir, sizeof dir, "/");
    char werr[600];
    if (lt_write_file_atomic(dir, slash ? slash + 1 : out_path, out, len, werr, sizeof werr) < 0) {
        snprintf(err, errlen, "%s:0: %s", out_name, werr);
        goto done;
    }
    rc = 0;
done:
    for (int f = 0; texts && f < n; f++) free(texts[f]);
    free(texts);
    free(lens);
    free(shown);
    free(names);
    free(out);
    return rc;
}
