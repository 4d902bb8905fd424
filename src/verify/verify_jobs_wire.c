/* src/verify/verify_jobs_wire.c - the messages of verify's children (see verify_jobs_wire.h). */
#define _POSIX_C_SOURCE 200809L
#include "verify/verify_jobs_wire.h"
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define NO_TEXT UINT32_MAX /* the length of a NULL string */

static int write_all(int fd, const char *p, size_t n)
{
    while (n > 0) {
        ssize_t k = write(fd, p, n);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) return -1;
        p += k, n -= (size_t)k;
    }
    return 0;
}

int lt_wire_send(int fd, char type, const void *p, size_t n)
{
    if (n > UINT32_MAX - 1) return -1;
    char small[1024], *buf = n + LT_WIRE_HEAD <= sizeof small ? small : malloc(n + LT_WIRE_HEAD);
    if (!buf) return -1;
    uint32_t len = (uint32_t)n;
    buf[0] = type;
    memcpy(buf + 1, &len, sizeof len);
    if (n) memcpy(buf + LT_WIRE_HEAD, p, n);
    int rc = write_all(fd, buf, n + LT_WIRE_HEAD); /* one write: the message whole in the pipe */
    if (buf != small) free(buf);
    return rc;
}

int lt_wire_send_job(int fd, char type, long job)
{
    return lt_wire_send(fd, type, &job, sizeof job);
}

/* the bytes of a string field: its length (NO_TEXT: NULL), then the text and its NUL */
static size_t put_text(char *out, const char *s)
{
    uint32_t len = s ? (uint32_t)strlen(s) : NO_TEXT;
    if (out) memcpy(out, &len, sizeof len);
    if (!s) return sizeof len;
    if (out) memcpy(out + sizeof len, s, (size_t)len + 1);
    return sizeof len + (size_t)len + 1;
}

/* the fixed part of a row: kind, pass, then the four values */
typedef struct row_values {
    int32_t kind, pass;
    double expected, obtained, error, tol;
} row_values;

static size_t put_row(char *out, const lt_verify_row *r)
{
    row_values v = {(int32_t)r->kind, (int32_t)r->pass, r->expected, r->obtained, r->error, r->tol};
    size_t n = sizeof v;
    if (out) memcpy(out, &v, sizeof v);
    const char *texts[] = {r->law, r->kase, r->quantity, r->note, r->xfail};
    for (size_t i = 0; i < sizeof texts / sizeof *texts; i++)
        n += put_text(out ? out + n : NULL, texts[i]);
    return n;
}

int lt_wire_send_row(int fd, const lt_verify_row *r)
{
    char small[1024];
    size_t n = put_row(NULL, r);
    char *buf = n <= sizeof small ? small : malloc(n);
    if (!buf) return -1;
    put_row(buf, r);
    int rc = lt_wire_send(fd, 'R', buf, n);
    if (buf != small) free(buf);
    return rc;
}

int lt_wire_next(const char *buf, size_t len, char *type, const char **payload, size_t *n)
{
    if (len < LT_WIRE_HEAD) return 0;
    uint32_t k;
    memcpy(&k, buf + 1, sizeof k);
    if (len - LT_WIRE_HEAD < k) return 0;
    *type = buf[0];
    *payload = buf + LT_WIRE_HEAD;
    *n = k;
    return 1;
}

/* A string field at p (n bytes left) into *s; its bytes, or 0 if malformed. */
static size_t get_text(char *p, size_t n, const char **s)
{
    uint32_t len;
    if (n < sizeof len) return 0;
    memcpy(&len, p, sizeof len);
    if (len == NO_TEXT) {
        *s = NULL;
        return sizeof len;
    }
    if (n - sizeof len < (size_t)len + 1 || p[sizeof len + len] != 0) return 0;
    *s = p + sizeof len;
    return sizeof len + (size_t)len + 1;
}

int lt_wire_row(char *p, size_t n, lt_verify_row *r)
{
    row_values v;
    if (n < sizeof v) return -1;
    memcpy(&v, p, sizeof v);
    if (v.kind < LT_CHECK_REL || v.kind > LT_CHECK_NA) return -1;
    *r = (lt_verify_row){.kind = (lt_check_kind)v.kind,
                         .pass = v.pass,
                         .expected = v.expected,
                         .obtained = v.obtained,
                         .error = v.error,
                         .tol = v.tol};
    const char **texts[] = {&r->law, &r->kase, &r->quantity, &r->note, &r->xfail};
    size_t at = sizeof v;
    for (size_t i = 0; i < sizeof texts / sizeof *texts; i++) {
        size_t k = get_text(p + at, n - at, texts[i]);
        if (!k) return -1;
        at += k;
    }
    return at == n ? 0 : -1;
}

long lt_wire_job(const char *p, size_t n)
{
    long job;
    if (n != sizeof job) return -1;
    memcpy(&job, p, sizeof job);
    return job;
}
