/* src/base/quote.c - escaping and shortening user text for one error line (see quote.h). */
#include "base/quote.h"
#include <stdio.h>
#include <string.h>

int lt_has_control(const char *s)
{
    for (; s && *s; s++)
        if ((unsigned char)*s < 0x20 || *s == 0x7f) return 1;
    return 0;
}

/* the escaped form of byte c into e (at most 5 bytes with its NUL); its length */
static size_t escape(unsigned char c, char e[5])
{
    const char *named = c == '\n'   ? "\\n"
                        : c == '\t' ? "\\t"
                        : c == '\r' ? "\\r"
                        : c == '\\' ? "\\\\"
                                    : NULL;
    if (named) return (size_t)snprintf(e, 5, "%s", named);
    if (c < 0x20 || c == 0x7f) return (size_t)snprintf(e, 5, "\\x%02x", c);
    e[0] = (char)c, e[1] = 0;
    return 1;
}

char *lt_quote(const char *s, char *buf, size_t n, size_t keep)
{
    if (n == 0) return buf;
    if (!s) s = "(null)";
    size_t limit = n - 1;
    if (keep && keep < limit) limit = keep;
    /* the length of the whole escaped text */
    size_t total = 0;
    char e[5];
    for (const char *p = s; *p; p++) total += escape((unsigned char)*p, e);
    if (total <= limit || limit < 9) {
        size_t u = 0;
        for (const char *p = s; *p; p++) {
            size_t k = escape((unsigned char)*p, e);
            if (u + k > limit) break;
            memcpy(buf + u, e, k);
            u += k;
        }
        buf[u] = 0;
        return buf;
    }
    /* head ... tail: the tail (the file name) gets the larger half */
    size_t room = limit - 3, head = room * 2 / 5, tail = room - head, u = 0;
    for (const char *p = s; *p; p++) {
        size_t k = escape((unsigned char)*p, e);
        if (u + k > head) break;
        memcpy(buf + u, e, k);
        u += k;
    }
    memcpy(buf + u, "...", 3);
    u += 3;
    /* the tail: walk back from the end while it fits */
    size_t len = strlen(s), start = len, used = 0;
    while (start > 0) {
        size_t k = escape((unsigned char)s[start - 1], e);
        if (used + k > tail) break;
        used += k;
        start--;
    }
    for (size_t i = start; i < len; i++) {
        size_t k = escape((unsigned char)s[i], e);
        memcpy(buf + u, e, k);
        u += k;
    }
    buf[u] = 0;
    return buf;
}
