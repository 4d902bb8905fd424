/* src/lua/srclex.c - a Lua 5.4 lexer for locating things in a script's text (see srclex.h).
 * It follows llex.c: the same token boundaries, comments, long brackets, escapes and line
 * counting; a lexical error only ends the token where Lua would have stopped. */
#include "lua/srclex.h"

#include <limits.h>
#include <string.h>

static const char *const keywords[] = {
    "and",      "break",  "do",   "else", "elseif", "end",   "false", "for",
    "function", "goto",   "if",   "in",   "local",  "nil",   "not",   "or",
    "repeat",   "return", "then", "true", "until",  "while",
};

static int is_alpha(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
static int is_digit(int c) { return c >= '0' && c <= '9'; }
static int is_alnum(int c) { return is_alpha(c) || is_digit(c); }
static int is_xdigit(int c)
{
    return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}
static int hex_value(int c) { return is_digit(c) ? c - '0' : (c | 0x20) - 'a' + 10; }
static int is_newline(int c) { return c == '\n' || c == '\r'; }
static int is_space(int c)
{
    return c == ' ' || c == '\t' || c == '\f' || c == '\v' || is_newline(c);
}

/* At a newline: skip it and the other half of a \r\n or \n\r pair; count one line. */
static void newline(lt_lexer *lx)
{
    unsigned char c = lx->s[lx->i++];
    if (lx->i < lx->n && is_newline(lx->s[lx->i]) && lx->s[lx->i] != c) lx->i++;
    if (lx->line < INT_MAX) lx->line++;
}

/* At '[': the level of a long bracket `[==[` starting here, or -1 if there is none. */
static long long long_open(const lt_lexer *lx)
{
    size_t j = lx->i + 1;
    while (j < lx->n && lx->s[j] == '=') j++;
    return j < lx->n && lx->s[j] == '[' ? (long long)(j - lx->i - 1) : -1;
}

/* Past a long bracket opener of level lev: skip to just after its closer (or the end). */
static void long_body(lt_lexer *lx, size_t lev)
{
    while (lx->i < lx->n) {
        unsigned char c = lx->s[lx->i];
        if (c == ']') {
            size_t j = lx->i + 1;
            while (j < lx->n && lx->s[j] == '=') j++;
            if (j - lx->i - 1 == lev && j < lx->n && lx->s[j] == ']') {
                lx->i = j + 1;
                return;
            }
            lx->i = j; /* s[j] is no '=': it may begin the real closer */
        } else if (is_newline(c)) {
            newline(lx);
        } else {
            lx->i++;
        }
    }
}

/* At a quote: skip the short string.  An unescaped newline ends it, unconsumed (Lua's
 * "unfinished string"). */
static void short_string(lt_lexer *lx)
{
    unsigned char q = lx->s[lx->i++];
    while (lx->i < lx->n) {
        unsigned char c = lx->s[lx->i];
        if (c == q) {
            lx->i++;
            return;
        }
        if (is_newline(c)) return;
        lx->i++;
        if (c != '\\' || lx->i >= lx->n) continue;
        c = lx->s[lx->i];
        if (is_newline(c)) {
            newline(lx);
        } else if (c == 'z') {
            for (lx->i++; lx->i < lx->n && is_space(lx->s[lx->i]);)
                if (is_newline(lx->s[lx->i]))
                    newline(lx);
                else
                    lx->i++;
        } else {
            lx->i++; /* the rest of \x.., \ddd, \u{..} are ordinary bytes here */
        }
    }
}

/* At a digit, or '.' before a digit: llex.c's read_numeral, and any letters touching it
 * (Lua's "malformed number") stay in the token. */
static void numeral(lt_lexer *lx)
{
    const unsigned char *s = lx->s;
    size_t i = lx->i, n = lx->n;
    int e1 = 'E', e2 = 'e';
    if (s[i] == '0' && i + 1 < n && (s[i + 1] == 'x' || s[i + 1] == 'X')) {
        i += 2;
        e1 = 'P';
        e2 = 'p';
    }
    for (;;) {
        if (i < n && (s[i] == e1 || s[i] == e2)) {
            i++;
            if (i < n && (s[i] == '+' || s[i] == '-')) i++;
        } else if (i < n && (is_xdigit(s[i]) || s[i] == '.')) {
            i++;
        } else {
            break;
        }
    }
    while (i < n && is_alnum(s[i])) i++;
    lx->i = i;
}

static int keyword(const unsigned char *s, size_t len)
{
    for (size_t k = 0; k < sizeof keywords / sizeof keywords[0]; k++)
        if (strlen(keywords[k]) == len && memcmp(keywords[k], s, len) == 0)
            return LT_TK_AND + (int)k;
    return LT_TK_NAME;
}

/* An operator at s[0..] (up to 3 bytes readable, 0 past the end): its type and width. */
static int operator_token(const unsigned char *s, size_t *width)
{
    static const struct {
        char a, b;
        int type;
    } two[] = {
        {'.', '.', LT_TK_CONCAT},  {'=', '=', LT_TK_EQ},   {'~', '=', LT_TK_NE},
        {':', ':', LT_TK_DBCOLON}, {'/', '/', LT_TK_IDIV}, {'<', '=', LT_TK_LE},
        {'<', '<', LT_TK_SHL},     {'>', '=', LT_TK_GE},   {'>', '>', LT_TK_SHR},
    };
    *width = 1;
    if (s[0] == '.' && s[1] == '.' && s[2] == '.') {
        *width = 3;
        return LT_TK_DOTS;
    }
    for (size_t k = 0; k < sizeof two / sizeof two[0]; k++)
        if (s[0] == two[k].a && s[1] == two[k].b) {
            *width = 2;
            return two[k].type;
        }
    return s[0] && strchr("+-*/%^#&|~<>=(){}[];:,.", s[0]) ? s[0] : LT_TK_BAD;
}

void lt_lex_init(lt_lexer *lx, const char *s, size_t len)
{
    static const char empty[1] = "";
    lx->s = (const unsigned char *)(s ? s : empty);
    lx->n = s ? len : 0;
    lx->i = 0;
    lx->line = 1;
    if (lx->n >= 3 && memcmp(lx->s, "\xEF\xBB\xBF", 3) == 0) lx->i = 3;
    if (lx->i < lx->n && lx->s[lx->i] == '#') /* luaL_loadfile keeps the newline ending it */
        while (lx->i < lx->n && lx->s[lx->i] != '\n') lx->i++;
}

void lt_lex_next(lt_lexer *lx, lt_token *t)
{
    const unsigned char *s = lx->s;
    size_t n = lx->n;
    for (;;) { /* white space and comments */
        if (lx->i >= n) break;
        if (is_newline(s[lx->i])) {
            newline(lx);
        } else if (is_space(s[lx->i])) {
            lx->i++;
        } else if (s[lx->i] == '-' && lx->i + 1 < n && s[lx->i + 1] == '-') {
            lx->i += 2;
            long long lev = lx->i < n && s[lx->i] == '[' ? long_open(lx) : -1;
            if (lev >= 0) {
                lx->i += (size_t)lev + 2;
                long_body(lx, (size_t)lev);
            } else {
                while (lx->i < n && !is_newline(s[lx->i])) lx->i++;
            }
        } else {
            break;
        }
    }
    t->line = lx->line;
    t->off = lx->i;
    if (lx->i >= n) {
        t->type = LT_TK_EOF;
        t->len = 0;
        return;
    }
    unsigned char c = s[lx->i];
    long long lev = c == '[' ? long_open(lx) : -1;
    if (lev >= 0) {
        lx->i += (size_t)lev + 2;
        long_body(lx, (size_t)lev);
        t->type = LT_TK_STRING;
    } else if (c == '"' || c == '\'') {
        short_string(lx);
        t->type = LT_TK_STRING;
    } else if (is_digit(c) || (c == '.' && lx->i + 1 < n && is_digit(s[lx->i + 1]))) {
        numeral(lx);
        t->type = LT_TK_NUMBER;
    } else if (is_alpha(c)) {
        while (lx->i < n && is_alnum(s[lx->i])) lx->i++;
        t->type = keyword(s + t->off, lx->i - t->off);
    } else {
        unsigned char op[3] = {c, lx->i + 1 < n ? s[lx->i + 1] : 0,
                               lx->i + 2 < n ? s[lx->i + 2] : 0};
        size_t w;
        t->type = operator_token(op, &w);
        lx->i += w;
    }
    t->len = lx->i - t->off;
}

/* UTF-8 of x (up to 0x7FFFFFFF, six bytes) as lobject.c's luaO_utf8esc writes it. */
static size_t utf8(unsigned char *o, unsigned long x)
{
    unsigned char buf[8];
    size_t n = 1;
    unsigned long mfb = 0x3f; /* largest value that fits in the first byte */
    if (x < 0x80) {
        o[0] = (unsigned char)x;
        return 1;
    }
    do {
        buf[8 - n++] = (unsigned char)(0x80 | (x & 0x3f));
        x >>= 6;
        mfb >>= 1;
    } while (x > mfb);
    buf[8 - n] = (unsigned char)((~mfb << 1) | x);
    memcpy(o, buf + 8 - n, n);
    return n;
}

/* A newline at *p (below e) as one line: past it and the other half of a pair. */
static const unsigned char *skip_newline(const unsigned char *p, const unsigned char *e)
{
    unsigned char c = *p++;
    return p < e && is_newline(*p) && *p != c ? p + 1 : p;
}

static size_t long_string_value(const unsigned char *s, const unsigned char *e, unsigned char *o)
{
    size_t lev = 0, n = 0;
    for (s++; s < e && *s == '='; s++) lev++;
    if (s < e) s++; /* the second '[' */
    /* a finished long string ends with `]==]` of its level (the lexer stops right after it) */
    if ((size_t)(e - s) >= lev + 2 && e[-1] == ']' && e[-(ptrdiff_t)lev - 2] == ']') {
        size_t k = 0;
        while (k < lev && e[-(ptrdiff_t)k - 2] == '=') k++;
        if (k == lev) e -= lev + 2;
    }
    if (s < e && is_newline(*s)) s = skip_newline(s, e);
    while (s < e)
        if (is_newline(*s)) {
            s = skip_newline(s, e);
            o[n++] = '\n';
        } else {
            o[n++] = *s++;
        }
    return n;
}

size_t lt_lex_string(const char *src, const lt_token *t, char *out)
{
    const unsigned char *s = (const unsigned char *)src + t->off, *e = s + t->len;
    unsigned char *o = (unsigned char *)out;
    size_t n = 0;
    if (s >= e) return 0;
    if (*s == '[') return long_string_value(s, e, o);
    unsigned char q = *s++;
    while (s < e && *s != q) {
        if (*s != '\\' || s + 1 >= e) {
            o[n++] = *s++;
            continue;
        }
        unsigned char c = *++s;
        static const char esc[] = "abfnrtv", val[] = "\a\b\f\n\r\t\v";
        const char *k = c ? strchr(esc, c) : NULL;
        if (k) {
            o[n++] = (unsigned char)val[k - esc];
            s++;
        } else if (is_newline(c)) {
            s = skip_newline(s, e);
            o[n++] = '\n';
        } else if (c == 'x') {
            unsigned v = 0;
            s++;
            for (int d = 0; d < 2 && s < e && is_xdigit(*s); d++)
                v = v * 16 + (unsigned)hex_value(*s++);
            o[n++] = (unsigned char)v;
        } else if (c == 'z') {
            for (s++; s < e && is_space(*s);) s++;
        } else if (c == 'u') {
            unsigned long v = 0;
            if (++s < e && *s == '{') s++;
            for (; s < e && is_xdigit(*s); s++)
                if (v <= 0x7FFFFFFUL) v = v * 16 + (unsigned long)hex_value(*s);
            if (s < e && *s == '}') s++;
            n += utf8(o + n, v > 0x7FFFFFFFUL ? 0x7FFFFFFFUL : v);
        } else if (is_digit(c)) {
            unsigned v = 0;
            for (int d = 0; d < 3 && s < e && is_digit(*s); d++)
                v = v * 10 + (unsigned)(*s++ - '0');
            o[n++] = (unsigned char)v;
        } else {
            o[n++] = c; /* \\ \" \' (and escapes Lua rejects) */
            s++;
        }
    }
    return n;
}

int lt_lex_integer(const char *src, const lt_token *t, long long *out)
{
    const unsigned char *s = (const unsigned char *)src + t->off;
    size_t len = t->len, k = 0;
    int base = 10;
    long long v = 0;
    if (t->type != LT_TK_NUMBER) return 0;
    if (len > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        base = 16;
        k = 2;
    }
    for (; k < len; k++) {
        if (base == 10 ? !is_digit(s[k]) : !is_xdigit(s[k])) return 0;
        if (v > LLONG_MAX / 16 - 16) return 0;
        v = v * base + hex_value(s[k]);
    }
    *out = v;
    return 1;
}

int lt_lex_is_binop(int type)
{
    switch (type) {
    case '+':
    case '-':
    case '*':
    case '/':
    case '%':
    case '^':
    case '&':
    case '|':
    case '~':
    case '<':
    case '>':
    case LT_TK_CONCAT:
    case LT_TK_EQ:
    case LT_TK_NE:
    case LT_TK_LE:
    case LT_TK_GE:
    case LT_TK_AND:
    case LT_TK_OR:
    case LT_TK_SHL:
    case LT_TK_SHR:
    case LT_TK_IDIV: return 1;
    default: return 0;
    }
}
