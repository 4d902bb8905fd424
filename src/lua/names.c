/* src/lua/names.c - the names a script may give what it makes (its tests, the cases of a case file
 * or of a Lua law, lawtester.write's files, probes): letters, digits, - _ . +, not starting with a
 * dot, at most 200 characters (names.h). */
#include "lua/names.h"
#include <stdlib.h>
#include <string.h>

/* A character a name may hold. */
static int name_char(char c)
{
    return ((c | 32) >= 'a' && (c | 32) <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_' ||
           c == '.' || c == '+';
}

char *lt_name_from_path(const char *path)
{
    const char *b = strrchr(path, '/');
    b = b ? b + 1 : path;
    size_t n = strlen(b);
    if (n > 4 && strcmp(b + n - 4, ".lua") == 0) n -= 4;
    if (n > 200) n = 200;
    char *s = malloc(n + 2);
    if (s) {
        for (size_t i = 0; i < n; i++) s[i] = name_char(b[i]) ? b[i] : '_';
        if (n == 0 || s[0] == '.') s[0] = n ? '_' : 't', n += !n;
        s[n] = 0;
    }
    return s;
}

int lt_valid_name(const char *s) { return lt_name_problem(s, strlen(s)) == NULL; }

const char *lt_name_problem(const char *s, size_t len)
{
    static const char rule[] = "letters, digits, - _ . +; not starting with .";
    if (strlen(s) != len) return "it holds a NUL byte";
    if (len == 0 || len > 200) return len ? "more than 200 characters" : rule;
    if (s[0] == '.') return rule;
    for (; *s; s++)
        if (!name_char(*s)) return rule;
    return NULL;
}
