/* src/lua/srcloc.h - best-effort source-line locator for fields of a stage script's returned
 * table.
 *
 * Lua tables do not remember where their fields were written, so error messages of the form
 * `FILE:LINE: field stages[2].whats: ...` find LINE by reading the script text again:
 * lt_srcloc_parse() runs the Lua 5.4 lexer (srclex.h) over it and records every table
 * constructor with the lines of its fields (`name = `, `["name"] = `, `[2] = `, positional
 * entries, nested constructors) and the last top-level `return`.  lt_srcloc_line() follows a key
 * path from the constructor that return gives back; a table returned from a local or built by
 * a call or assignments is not followed (the `return` line stands for its fields).
 *
 * It never executes anything and never fails on malformed input: bad input gives a less
 * precise (or zero) line, not an error.  One pass over the tokens, no recursion: time and
 * memory are linear in the input.
 */
#ifndef LT_SRCLOC_H
#define LT_SRCLOC_H
#include <stddef.h>

typedef struct srcloc srcloc;

/* Parse `len` bytes of Lua source (need not be NUL-terminated; NUL bytes allowed).  The
 * text is not referenced after the call returns.  Returns NULL only on out-of-memory. */
srcloc *lt_srcloc_parse(const char *src, size_t len);

/* The same, allocating at most max_bytes for its tables (0: no cap); NULL also when they would
 * need more.  *used (may be NULL): the bytes its tables hold (0 with no cap). */
srcloc *lt_srcloc_parse_capped(const char *src, size_t len, size_t max_bytes, size_t *used);

/* Free an object from lt_srcloc_parse (NULL is fine). */
void lt_srcloc_free(srcloc *s);

/* One component of a key path: a string key by name ("stages"), or, with name == NULL,
 * a positional entry by its 1-based index. */
typedef struct srcloc_key {
    const char *name;
    int index;
} srcloc_key;

/* Line (1-based) where the deepest component of path[0..depth) that could be found is
 * written: the key's line for keyed fields (`name = `, `["name"] = `, `[2] = `), the line
 * where the entry's value starts for positional entries.  If no component is found (or depth <= 0):
 * the line of the last top-level
 * `return`; 0 if there is none (or s is NULL). */
int lt_srcloc_line(const srcloc *s, const srcloc_key *path, int depth);

/* The same from the first table constructor whose '{' is on `line` (the argument of a call
 * such as `lawtester.law{...}` written on that line) instead of the returned value; `line`
 * itself when there is no such constructor or no component of path is found in it. */
int lt_srcloc_line_at(const srcloc *s, int line, const srcloc_key *path, int depth);

#endif
