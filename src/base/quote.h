/* src/base/quote.h - user text made safe for one error line.
 *
 * Names and paths come from users and from laws under test: a newline in one would split an
 * error over two lines (or forge a line of a .meta), and a path of hundreds of characters would
 * push the field and the reason out of a terminal's line.  lt_quote() writes s with every
 * control character escaped (\n, \t, \r, \\ and \xNN; bytes >= 0x80 are kept, as UTF-8) and, if
 * the result is longer than `keep` characters, shortened in the middle with "..." so that both
 * the start and the end (the file name) stay readable.
 */
#ifndef LT_QUOTE_H
#define LT_QUOTE_H
#include <stddef.h>

/* the default `keep`: long enough for any sensible path, short enough for one line */
#define LT_QUOTE_KEEP 120

/* s quoted into buf (n bytes, always NUL-terminated), at most keep characters (0: no bound but
 * n); returns buf.  s NULL gives "(null)". */
char *lt_quote(const char *s, char *buf, size_t n, size_t keep);
/* 1 if s holds a control character (< 0x20 or 0x7f) */
int lt_has_control(const char *s);

#endif
