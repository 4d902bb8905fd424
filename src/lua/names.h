/* src/lua/names.h - the names a script may give what it makes: its tests, the cases of a
 * case file or of a Lua law, the files it writes (lawtester.write, a probe's table): letters,
 * digits, - _ . +, not starting with a dot (no paths, no hidden or temporary names), at most 200
 * characters, so that no name can put a path, control characters or a newline into a file name
 * or the .meta. */
#ifndef LT_LUA_NAMES_H
#define LT_LUA_NAMES_H
#include <stddef.h>

/* 1 if s is a valid name, else 0. */
int lt_valid_name(const char *s);
/* NULL if the len bytes at s are a valid name, else why not. */
const char *lt_name_problem(const char *s, size_t len);
/* The test's name when it gives none: the file name of path without .lua, made a valid name
 * (every other character becomes '_', at most 200 of them, no leading dot); malloc'ed, NULL when
 * out of memory. */
char *lt_name_from_path(const char *path);

#endif
