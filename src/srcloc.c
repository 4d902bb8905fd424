/* src/srcloc.c - best-effort source-line locator for fields of a stage script's returned table.
 *
 * Three parts:
 *   1. lexer: Lua 5.4 tokens with their lines (short strings with escapes, long strings and
 *      comments with levels, numerals, names, keywords, punctuation; `\r\n` counts once, a
 *      leading BOM and `#` first line are skipped as luaL_loadfile does).  Tokens are made on
 *      demand (3 tokens of lookahead), so memory follows what is recorded, not the text;
 *   2. parser: Lua's own grammar (statements, expressions, constructors, function bodies)
 *      with error recovery instead of errors.  It records table constructors and their
 *      fields, the top-level assignments and the last top-level `return`.  Recursion depth
 *      is capped at MAX_DEPTH (Lua itself refuses nesting deeper than ~200 C levels); past it
 *      constructs are skipped with an iterative bracket/keyword counter;
 *   3. query: walks a key path from the returned value, following names to their last
 *      top-level assignment (and `NAME.a.b = ...` field assignments made before `return`);
 *      a repeated state (reference cycle such as `t.x = t.x`) ends the walk.
 *
 * Nothing here needs the script to be valid: every loop consumes a token or stops, so time
 * is linear in the input and the result is merely less precise for broken input.
 */
#include "srcloc.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------------------- */
/* Data kept after parsing                                                               */

#define NIL_IDX SIZE_MAX

enum { V_OTHER, V_TABLE, V_REF };

/* An expression's value as far as locating goes: a table constructor, a reference
 * NAME.k1.k2... (root name at keys[k0], then nk keys), or anything else. */
typedef struct val {
    int kind;
    size_t tid;   /* V_TABLE: index into tables */
    size_t k0;    /* V_REF: root name in keys[k0], keys in keys[k0+1 .. k0+nk] */
    size_t nk;
    size_t pos;   /* V_REF: token index where the reference is written */
} val;

typedef struct pkey {   /* one component of a path written in the source */
    int isidx;
    long long idx;
    size_t soff, slen;  /* name text in str */
} pkey;

enum { F_OTHER, F_KEY, F_IDX, F_POS };

typedef struct field {
    int kind;           /* F_KEY: name/["str"]; F_IDX: [integer]; F_POS: positional */
    int line;           /* key's line; value's first line for positional entries */
    size_t soff, slen;  /* F_KEY */
    long long idx;      /* F_IDX, F_POS */
    val v;
    size_t next;        /* next field of the same table, NIL_IDX at the end */
} field;

typedef struct table {
    size_t head, tail;
    int line;           /* line of the opening '{' */
} table;

typedef struct event {  /* top-level assignment  root.k1...knk = v  */
    size_t k0, nk;      /* as in val; nk == 0: binding of the name itself */
    int line;           /* line of the last key (of the name for bindings) */
    val v;
    size_t pos;         /* token index just after the statement */
} event;

struct srcloc {
    char *str;
    size_t nstr, capstr;
    pkey *keys;
    size_t nkeys, capkeys;
    field *fields;
    size_t nfields, capfields;
    table *tables;
    size_t ntables, captables;
    event *events;
    size_t nevents, capevents;
    int has_ret;
    int ret_line;
    size_t ret_pos;
    val ret;
};

/* Bytes the running srcloc_parse_capped may still allocate (per thread: parses may run side by
 * side). */
static _Thread_local size_t grow_left = SIZE_MAX;

/* Grow an array so that it holds `need` elements; returns the (possibly moved) array,
 * or the old one with *ok cleared if memory ran out (or the parse's cap was reached). */
static void *grow(void *arr, size_t *cap, size_t need, size_t elsz, int *ok)
{
    if (need <= *cap) return arr;
    size_t nc = *cap ? *cap : 16;
    while (nc < need) {
        if (nc > SIZE_MAX / 2 / elsz) {
            *ok = 0;
            return arr;
        }
        nc *= 2;
    }
    size_t more = (nc - *cap) * elsz;
    if (more > grow_left) {
        *ok = 0;
        return arr;
    }
    void *q = realloc(arr, nc * elsz);
    if (!q) {
        *ok = 0;
        return arr;
    }
    if (grow_left != SIZE_MAX) grow_left -= more;
    *cap = nc;
    return q;
}

/* ------------------------------------------------------------------------------------- */
/* Lexer                                                                                 */

enum {
    TK_EOF = 256, TK_NAME, TK_STRING, TK_NUMBER, TK_BAD,
    /* keywords, in alphabetical order (see kw_names) */
    TK_AND, TK_BREAK, TK_DO, TK_ELSE, TK_ELSEIF, TK_END, TK_FALSE, TK_FOR, TK_FUNCTION,
    TK_GOTO, TK_IF, TK_IN, TK_LOCAL, TK_NIL, TK_NOT, TK_OR, TK_REPEAT, TK_RETURN, TK_THEN,
    TK_TRUE, TK_UNTIL, TK_WHILE,
    /* multi-character punctuation */
    TK_CONCAT, TK_DOTS, TK_EQ, TK_GE, TK_LE, TK_NE, TK_SHL, TK_SHR, TK_IDIV, TK_DBCOLON
};

static const char *const kw_names[] = {
    "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if",
    "in", "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while",
};

typedef struct tok {
    int type;
    int line;
    size_t off, len;
} tok;

typedef struct lexer {
    const unsigned char *s;
    size_t n, i;
    int line;
} lexer;

static int is_alpha_(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
static int is_digit(int c) { return c >= '0' && c <= '9'; }
static int is_alnum_(int c) { return is_alpha_(c) || is_digit(c); }
static int is_xdigit(int c)
{
    return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}
static int hex_val(int c)
{
    return is_digit(c) ? c - '0' : (c >= 'a' && c <= 'f') ? c - 'a' + 10 : c - 'A' + 10;
}
static int is_nl(int c) { return c == '\n' || c == '\r'; }
static int is_space(int c) { return c == ' ' || c == '\t' || c == '\f' || c == '\v' || is_nl(c); }

/* At a newline character: skip it (and the other half of a \r\n or \n\r pair). */
static void lx_newline(lexer *L)
{
    unsigned char c = L->s[L->i++];
    if (L->i < L->n && is_nl(L->s[L->i]) && L->s[L->i] != c) L->i++;
    if (L->line < INT_MAX) L->line++;
}

/* At '[': the level of a long bracket "[==[" starting here, or -1 (as SIZE_MAX) if none. */
static size_t lx_long_open(const lexer *L)
{
    size_t j = L->i + 1, lev = 0;
    for (; j < L->n && L->s[j] == '='; j++) lev++;
    return (j < L->n && L->s[j] == '[') ? lev : SIZE_MAX;
}

/* After a long-bracket opener of level lev: skip to just after the closer (or EOF). */
static void lx_long_body(lexer *L, size_t lev)
{
    while (L->i < L->n) {
        unsigned char c = L->s[L->i];
        if (c == ']') {
            size_t j = L->i + 1, k = 0;
            for (; j < L->n && L->s[j] == '='; j++) k++;
            if (k == lev && j < L->n && L->s[j] == ']') {
                L->i = j + 1;
                return;
            }
            L->i = j; /* s[j] is not '=': it may start the real closer, so rescan it */
        } else if (is_nl(c)) {
            lx_newline(L);
        } else {
            L->i++;
        }
    }
}

/* At an opening quote: skip the short string.  An unescaped newline ends it (unfinished
 * string: Lua's error), without being consumed. */
static void lx_short_string(lexer *L)
{
    unsigned char q = L->s[L->i++];
    while (L->i < L->n) {
        unsigned char c = L->s[L->i];
        if (c == q) {
            L->i++;
            return;
        }
        if (is_nl(c)) return;
        if (c != '\\') {
            L->i++;
            continue;
        }
        L->i++;
        if (L->i >= L->n) return;
        c = L->s[L->i];
        if (is_nl(c)) {
            lx_newline(L);
        } else if (c == 'z') {
            L->i++;
            while (L->i < L->n && is_space(L->s[L->i])) {
                if (is_nl(L->s[L->i])) lx_newline(L);
                else L->i++;
            }
        } else {
            L->i++; /* \x.., \ddd, \u{..}: the rest are ordinary characters */
        }
    }
}

/* At a digit, or '.' followed by a digit: Lua's read_numeral, plus any letters touching it. */
static void lx_number(lexer *L)
{
    const unsigned char *s = L->s;
    size_t i = L->i, n = L->n;
    char e1 = 'E', e2 = 'e';
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
    while (i < n && is_alnum_(s[i])) i++; /* malformed numeral: keep it one token */
    L->i = i;
}

static int kw_lookup(const unsigned char *s, size_t len)
{
    if (len < 2 || len > 8) return TK_NAME;
    for (size_t k = 0; k < sizeof kw_names / sizeof kw_names[0]; k++)
        if (strlen(kw_names[k]) == len && memcmp(kw_names[k], s, len) == 0)
            return TK_AND + (int)k;
    return TK_NAME;
}

/* Scan the next token into *t; at the end of the text, TK_EOF (again and again). */
static void lex_next(lexer *L, tok *t)
{
    const unsigned char *s = L->s;
    size_t n = L->n;
    int type = 0;
    for (;;) {
        if (L->i >= n) {
            type = TK_EOF;
            break;
        }
        unsigned char c = s[L->i];
        if (is_nl(c)) {
            lx_newline(L);
            continue;
        }
        if (c == ' ' || c == '\t' || c == '\f' || c == '\v') {
            L->i++;
            continue;
        }
        if (c == '-' && L->i + 1 < n && s[L->i + 1] == '-') {
            L->i += 2;
            if (L->i < n && s[L->i] == '[') {
                size_t lev = lx_long_open(L);
                if (lev != SIZE_MAX) {
                    L->i += lev + 2;
                    lx_long_body(L, lev);
                    continue;
                }
            }
            while (L->i < n && !is_nl(s[L->i])) L->i++;
            continue;
        }
        break;
    }
    t->line = L->line;
    t->off = L->i;
    if (type != TK_EOF) {
        unsigned char c = s[L->i];
        size_t start = L->i;
        size_t lev = c == '[' ? lx_long_open(L) : SIZE_MAX;
        if (lev != SIZE_MAX) {
            L->i += lev + 2;
            lx_long_body(L, lev);
            type = TK_STRING;
        } else if (c == '"' || c == '\'') {
            lx_short_string(L);
            type = TK_STRING;
        } else if (is_digit(c) || (c == '.' && L->i + 1 < n && is_digit(s[L->i + 1]))) {
            lx_number(L);
            type = TK_NUMBER;
        } else if (is_alpha_(c)) {
            while (L->i < n && is_alnum_(s[L->i])) L->i++;
            type = kw_lookup(s + start, L->i - start);
        } else {
            static const struct { unsigned char a, b; int type; } two[] = {
                { '.', '.', TK_CONCAT }, { '=', '=', TK_EQ }, { '~', '=', TK_NE },
                { ':', ':', TK_DBCOLON }, { '/', '/', TK_IDIV }, { '<', '=', TK_LE },
                { '<', '<', TK_SHL }, { '>', '=', TK_GE }, { '>', '>', TK_SHR },
            };
            unsigned char d = L->i + 1 < n ? s[L->i + 1] : 0;
            unsigned char e = L->i + 2 < n ? s[L->i + 2] : 0;
            size_t w = 1;
            type = TK_BAD; /* a byte Lua rejects, unless found below */
            if (c != 0 && strchr("+-*/%^#&|~<>=(){}[];:,.", c)) type = c;
            for (size_t k = 0; k < sizeof two / sizeof two[0]; k++)
                if (two[k].a == c && two[k].b == d) {
                    type = two[k].type;
                    w = 2;
                }
            if (type == TK_CONCAT && e == '.') {
                type = TK_DOTS;
                w = 3;
            }
            L->i += w;
        }
    }
    t->type = type;
    t->len = L->i - t->off;
}

/* Start lexing: a UTF-8 BOM and a first line starting with '#' are skipped (the newline
 * ending that line still counts), as luaL_loadfile does. */
static void lex_init(lexer *L, const unsigned char *s, size_t n)
{
    L->s = s;
    L->n = n;
    L->i = 0;
    L->line = 1;
    if (n >= 3 && s[0] == 0xEF && s[1] == 0xBB && s[2] == 0xBF) L->i = 3;
    if (L->i < n && s[L->i] == '#')
        while (L->i < n && s[L->i] != '\n') L->i++;
}

/* ------------------------------------------------------------------------------------- */
/* Parser                                                                                */

#define MAX_DEPTH 256 /* Lua refuses more than ~200 nested C levels, so valid code fits */
#define NCAP 16       /* targets / values captured per top-level assignment */

typedef struct parser {
    srcloc *S;
    const unsigned char *src;
    lexer L;
    tok la[4];      /* lookahead: la[0] is the current token */
    size_t nla;
    size_t i;       /* index of the current token (positions of events and references) */
    int depth;      /* recursion depth (expr and block entries) */
    int blockdepth; /* > 0 inside any block or function body */
    int ok;         /* cleared on out-of-memory */
    /* top-level assignment capture (top-level statements never nest) */
    val tgt[NCAP];
    int tline[NCAP];
    val vals[NCAP];
} parser;

/* Token k places ahead of the current one (k <= 3), lexed on demand. */
static const tok *tk(parser *p, size_t k)
{
    if (k >= sizeof p->la / sizeof p->la[0]) k = sizeof p->la / sizeof p->la[0] - 1;
    while (p->nla <= k) lex_next(&p->L, &p->la[p->nla++]);
    return &p->la[k];
}
static int cur(parser *p) { return tk(p, 0)->type; }
static int peek(parser *p, size_t k) { return tk(p, k)->type; }
static int cur_line(parser *p) { return tk(p, 0)->line; }
static void adv(parser *p)
{
    if (cur(p) == TK_EOF) return; /* never past the end */
    memmove(p->la, p->la + 1, (p->nla - 1) * sizeof p->la[0]);
    p->nla--;
    p->i++;
}
static void expect(parser *p, int type)
{
    if (cur(p) == type) adv(p);
}

static const val val_other = { V_OTHER, 0, 0, 0, 0 };

/* Reserve room for `extra` more bytes of key text; returns 0 on out-of-memory. */
static int str_reserve(parser *p, size_t extra)
{
    srcloc *S = p->S;
    if (extra > SIZE_MAX - S->nstr) {
        p->ok = 0;
        return 0;
    }
    S->str = grow(S->str, &S->capstr, S->nstr + extra, 1, &p->ok);
    return p->ok;
}

/* Copy a NAME token's text into str. */
static void str_name(parser *p, const tok *t, size_t *soff, size_t *slen)
{
    *soff = *slen = 0;
    if (!str_reserve(p, t->len)) return;
    memcpy(p->S->str + p->S->nstr, p->src + t->off, t->len);
    *soff = p->S->nstr;
    *slen = t->len;
    p->S->nstr += t->len;
}

static size_t utf8_put(unsigned char *o, unsigned long x)
{
    unsigned char buf[8];
    size_t n = 1;
    if (x < 0x80) {
        o[0] = (unsigned char)x;
        return 1;
    }
    unsigned long mfb = 0x3f;
    do {
        buf[8 - n++] = (unsigned char)(0x80 | (x & 0x3f));
        x >>= 6;
        mfb >>= 1;
    } while (x > mfb);
    buf[8 - n] = (unsigned char)((~mfb << 1) | x);
    memcpy(o, buf + 8 - n, n);
    return n;
}

/* Decode a STRING token (short with escapes, or long) into str. */
static void str_decode(parser *p, const tok *t, size_t *soff, size_t *slen)
{
    const unsigned char *s = p->src + t->off, *e = s + t->len;
    *soff = *slen = 0;
    if (!str_reserve(p, t->len + 8)) return;
    unsigned char *o = (unsigned char *)p->S->str + p->S->nstr;
    size_t n = 0;
    if (s < e && *s == '[') {
        size_t lev = 0;
        s++;
        for (; s < e && *s == '='; s++) lev++;
        if (s < e) s++; /* second '[' */
        /* a terminated token ends with "]==]" (the lexer stops right after the closer) */
        if (t->len >= 2 * (lev + 2) && e[-1] == ']' && e[-(ptrdiff_t)lev - 2] == ']') {
            size_t k;
            for (k = 0; k < lev && e[-(ptrdiff_t)k - 2] == '='; k++) {}
            if (k == lev) e -= lev + 2;
        }
        if (s < e && is_nl(*s)) { /* first newline is skipped */
            unsigned char c = *s++;
            if (s < e && is_nl(*s) && *s != c) s++;
        }
        while (s < e) {
            if (is_nl(*s)) {
                unsigned char c = *s++;
                if (s < e && is_nl(*s) && *s != c) s++;
                o[n++] = '\n';
            } else {
                o[n++] = *s++;
            }
        }
    } else if (s < e) {
        unsigned char q = *s++;
        while (s < e && *s != q) {
            if (*s != '\\' || s + 1 >= e) {
                o[n++] = *s++;
                continue;
            }
            s++;
            unsigned char c = *s++;
            switch (c) {
            case 'a': o[n++] = '\a'; break;
            case 'b': o[n++] = '\b'; break;
            case 'f': o[n++] = '\f'; break;
            case 'n': o[n++] = '\n'; break;
            case 'r': o[n++] = '\r'; break;
            case 't': o[n++] = '\t'; break;
            case 'v': o[n++] = '\v'; break;
            case '\n': case '\r':
                if (s < e && is_nl(*s) && *s != c) s++;
                o[n++] = '\n';
                break;
            case 'x': {
                unsigned v = 0;
                for (int k = 0; k < 2 && s < e && is_xdigit(*s); k++) v = v * 16 + (unsigned)hex_val(*s++);
                o[n++] = (unsigned char)v;
                break;
            }
            case 'z':
                while (s < e && is_space(*s)) s++;
                break;
            case 'u': {
                unsigned long v = 0;
                if (s < e && *s == '{') s++;
                while (s < e && is_xdigit(*s)) {
                    if (v <= 0x7FFFFFFUL) v = v * 16 + (unsigned long)hex_val(*s);
                    s++;
                }
                if (s < e && *s == '}') s++;
                n += utf8_put(o + n, v > 0x7FFFFFFFUL ? 0x7FFFFFFFUL : v);
                break;
            }
            default:
                if (is_digit(c)) {
                    unsigned v = (unsigned)(c - '0');
                    for (int k = 0; k < 2 && s < e && is_digit(*s); k++) v = v * 10 + (unsigned)(*s++ - '0');
                    o[n++] = (unsigned char)v;
                } else {
                    o[n++] = c; /* \\ \" \' and invalid escapes */
                }
                break;
            }
        }
    }
    *soff = p->S->nstr;
    *slen = n;
    p->S->nstr += n;
}

/* Value of a NUMBER token if it is a plain (decimal or hex) integer literal. */
static int tok_int(const parser *p, const tok *t, long long *out)
{
    const unsigned char *s = p->src + t->off;
    size_t len = t->len, k = 0;
    int base = 10;
    long long v = 0;
    if (t->type != TK_NUMBER) return 0;
    if (len > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        base = 16;
        k = 2;
    }
    if (k >= len) return 0;
    for (; k < len; k++) {
        int c = s[k];
        if (base == 10 ? !is_digit(c) : !is_xdigit(c)) return 0;
        if (v > LLONG_MAX / 16 - 16) return 0;
        v = v * base + hex_val(c);
    }
    *out = v;
    return 1;
}

static size_t key_add(parser *p)
{
    srcloc *S = p->S;
    S->keys = grow(S->keys, &S->capkeys, S->nkeys + 1, sizeof *S->keys, &p->ok);
    if (!p->ok) return 0;
    memset(&S->keys[S->nkeys], 0, sizeof S->keys[0]);
    return S->nkeys++;
}

/* Push a path key for token t (NAME, STRING or integer NUMBER). */
static void key_push(parser *p, const tok *t)
{
    size_t k = key_add(p);
    if (!p->ok) return;
    pkey *pk = &p->S->keys[k];
    if (t->type == TK_NUMBER) {
        pk->isidx = 1;
        tok_int(p, t, &pk->idx);
        return;
    }
    size_t soff, slen;
    if (t->type == TK_STRING) str_decode(p, t, &soff, &slen);
    else str_name(p, t, &soff, &slen);
    pk = &p->S->keys[k];
    pk->soff = soff;
    pk->slen = slen;
}

static size_t table_new(parser *p)
{
    srcloc *S = p->S;
    S->tables = grow(S->tables, &S->captables, S->ntables + 1, sizeof *S->tables, &p->ok);
    if (!p->ok) return 0;
    S->tables[S->ntables].head = S->tables[S->ntables].tail = NIL_IDX;
    S->tables[S->ntables].line = cur_line(p);
    return S->ntables++;
}

static void field_add(parser *p, size_t tid, const field *f)
{
    srcloc *S = p->S;
    if (!p->ok) return;
    S->fields = grow(S->fields, &S->capfields, S->nfields + 1, sizeof *S->fields, &p->ok);
    if (!p->ok) return;
    size_t fi = S->nfields++;
    S->fields[fi] = *f;
    S->fields[fi].next = NIL_IDX;
    if (S->tables[tid].tail == NIL_IDX) S->tables[tid].head = fi;
    else S->fields[S->tables[tid].tail].next = fi;
    S->tables[tid].tail = fi;
}

static void event_add(parser *p, const val *target, int line, const val *v)
{
    srcloc *S = p->S;
    if (!p->ok || target->kind != V_REF) return;
    S->events = grow(S->events, &S->capevents, S->nevents + 1, sizeof *S->events, &p->ok);
    if (!p->ok) return;
    event *e = &S->events[S->nevents++];
    e->k0 = target->k0;
    e->nk = target->nk;
    e->line = line;
    e->v = *v;
    e->pos = p->i;
}

static int is_block_end(int t)
{
    return t == TK_EOF || t == TK_END || t == TK_ELSE || t == TK_ELSEIF || t == TK_UNTIL;
}
static int is_opener(int t)
{
    return t == '(' || t == '[' || t == '{' || t == TK_FUNCTION || t == TK_IF || t == TK_DO ||
           t == TK_REPEAT;
}
static int is_closer(int t)
{
    return t == ')' || t == ']' || t == '}' || t == TK_END || t == TK_UNTIL;
}
static int is_unop(int t) { return t == TK_NOT || t == '-' || t == '#' || t == '~'; }
static int is_binop(int t)
{
    switch (t) {
    case '+': case '-': case '*': case '/': case '%': case '^': case '&': case '|': case '~':
    case '<': case '>': case TK_CONCAT: case TK_EQ: case TK_NE: case TK_LE: case TK_GE:
    case TK_AND: case TK_OR: case TK_SHL: case TK_SHR: case TK_IDIV:
        return 1;
    default:
        return 0;
    }
}

/* Past MAX_DEPTH (expression): skip one balanced unit, iteratively. */
static void skip_unit(parser *p)
{
    int t = cur(p);
    size_t n = 0;
    if (t == TK_EOF || is_closer(t)) return;
    if (!is_opener(t)) {
        adv(p);
        return;
    }
    do {
        t = cur(p);
        if (t == TK_EOF) return;
        if (is_opener(t)) n++;
        else if (is_closer(t)) n--;
        adv(p);
    } while (n > 0);
}

/* Past MAX_DEPTH (block): skip to the block's terminator, iteratively. */
static void skip_block(parser *p)
{
    size_t n = 0;
    for (;;) {
        int t = cur(p);
        if (t == TK_EOF || (n == 0 && is_block_end(t))) return;
        if (is_opener(t)) n++;
        else if (is_closer(t) && n > 0) n--;
        adv(p);
    }
}

static void expr(parser *p, val *out);
static void block(parser *p);
static void statement(parser *p);

static void explist(parser *p, val *outs, int maxout, int *nout)
{
    int n = 0;
    for (;;) {
        val v = val_other;
        expr(p, outs ? &v : NULL);
        if (outs && n < maxout) outs[n] = v;
        if (n < INT_MAX) n++;
        if (cur(p) != ',') break;
        adv(p);
    }
    if (nout) *nout = n;
}

static void funcbody(parser *p)
{
    if (cur(p) == '(') {
        adv(p);
        while (cur(p) == TK_NAME || cur(p) == ',' || cur(p) == TK_DOTS) adv(p);
        expect(p, ')');
    }
    block(p);
    expect(p, TK_END);
}

static size_t constructor(parser *p)
{
    size_t tid = table_new(p);
    long long npos = 0;
    adv(p); /* '{' */
    for (;;) {
        int t = cur(p);
        size_t before = p->i;
        field f;
        if (t == '}') {
            adv(p);
            break;
        }
        if (t == TK_EOF) break;
        memset(&f, 0, sizeof f);
        f.kind = F_OTHER;
        f.line = cur_line(p);
        f.v = val_other;
        if (t == TK_NAME && peek(p, 1) == '=') {
            f.kind = F_KEY;
            str_name(p, tk(p, 0), &f.soff, &f.slen);
            adv(p);
            adv(p);
            expr(p, &f.v);
        } else if (t == '[') {
            if (peek(p, 2) == ']') {
                f.line = tk(p, 1)->line;
                if (peek(p, 1) == TK_STRING) {
                    f.kind = F_KEY;
                    str_decode(p, tk(p, 1), &f.soff, &f.slen);
                } else if (tok_int(p, tk(p, 1), &f.idx)) {
                    f.kind = F_IDX;
                }
            }
            adv(p);
            expr(p, NULL);
            expect(p, ']');
            expect(p, '=');
            expr(p, &f.v);
        } else {
            expr(p, &f.v);
            if (p->i != before) {
                f.kind = F_POS;
                f.idx = ++npos;
            }
        }
        if (p->i != before && f.kind != F_OTHER) field_add(p, tid, &f);
        t = cur(p);
        if (t == ',' || t == ';') {
            adv(p);
        } else if (t == '}') {
            adv(p);
            break;
        } else if (p->i == before) {
            if (t == TK_EOF) break;
            adv(p); /* junk */
        }
    }
    return tid;
}

static void args(parser *p)
{
    int t = cur(p);
    if (t == '(') {
        adv(p);
        if (cur(p) != ')') explist(p, NULL, 0, NULL);
        expect(p, ')');
    } else if (t == '{') {
        constructor(p);
    } else if (t == TK_STRING) {
        adv(p);
    }
}

/* suffixedexp: NAME or (expr), then .name [expr] :name args / args.  With out, a plain
 * path NAME.a["b"][3] becomes a V_REF (its keys pushed contiguously: nothing nested in a
 * plain path pushes keys) and *lastline the line of its last component. */
static void suffixedexp(parser *p, val *out, int *lastline)
{
    val v = val_other, inner = val_other;
    int simple = 0, paren = 0, line = 0;
    size_t rootpos = p->i, k0 = 0, nk = 0;
    if (cur(p) == TK_NAME) {
        line = cur_line(p);
        if (out) {
            k0 = p->S->nkeys;
            key_push(p, tk(p, 0));
            simple = 1;
        }
        adv(p);
    } else if (cur(p) == '(') {
        adv(p);
        expr(p, out ? &inner : NULL);
        expect(p, ')');
        paren = 1;
    } else {
        if (out) *out = v;
        return;
    }
    for (;;) {
        int t = cur(p);
        if (t == '.') {
            adv(p);
            if (cur(p) == TK_NAME) {
                if (simple) {
                    key_push(p, tk(p, 0));
                    nk++;
                    line = cur_line(p);
                }
                adv(p);
            } else {
                simple = 0;
            }
        } else if (t == '[') {
            long long dummy;
            if (simple && peek(p, 2) == ']' &&
                (peek(p, 1) == TK_STRING || tok_int(p, tk(p, 1), &dummy))) {
                key_push(p, tk(p, 1));
                nk++;
                line = tk(p, 1)->line;
            } else {
                simple = 0;
            }
            adv(p);
            expr(p, NULL);
            expect(p, ']');
        } else if (t == ':') {
            simple = 0;
            adv(p);
            if (cur(p) == TK_NAME) adv(p);
            args(p);
        } else if (t == '(' || t == '{' || t == TK_STRING) {
            simple = 0;
            args(p);
        } else {
            break;
        }
        paren = 0;
    }
    if (simple && p->ok) {
        v.kind = V_REF;
        v.k0 = k0;
        v.nk = nk;
        v.pos = rootpos;
    } else if (paren) {
        v = inner;
    }
    if (out) *out = v;
    if (lastline) *lastline = line;
}

static void simpleexp(parser *p, val *out)
{
    val v = val_other;
    switch (cur(p)) {
    case TK_NUMBER: case TK_STRING: case TK_NIL: case TK_TRUE: case TK_FALSE: case TK_DOTS:
        adv(p);
        break;
    case '{':
        v.tid = constructor(p);
        v.kind = V_TABLE;
        break;
    case TK_FUNCTION:
        adv(p);
        funcbody(p);
        break;
    default:
        suffixedexp(p, out ? &v : NULL, NULL);
        break;
    }
    if (out) *out = v;
}

static void expr(parser *p, val *out)
{
    val v = val_other;
    int other = 0;
    if (p->depth >= MAX_DEPTH) {
        skip_unit(p);
        if (out) *out = v;
        return;
    }
    p->depth++;
    while (is_unop(cur(p))) {
        adv(p);
        other = 1;
    }
    simpleexp(p, out ? &v : NULL);
    while (is_binop(cur(p))) {
        adv(p);
        while (is_unop(cur(p))) adv(p);
        simpleexp(p, NULL);
        other = 1;
    }
    p->depth--;
    if (out) *out = other ? val_other : v;
}

static void block(parser *p)
{
    if (p->depth >= MAX_DEPTH) {
        skip_block(p);
        return;
    }
    p->depth++;
    p->blockdepth++;
    while (!is_block_end(cur(p))) {
        size_t before = p->i;
        statement(p);
        if (p->i == before) adv(p);
    }
    p->blockdepth--;
    p->depth--;
}

/* function NAME{.NAME}[:NAME] body: at top level an assignment of a non-table value. */
static void funcstat(parser *p, int top)
{
    val target = val_other;
    int line = 0;
    adv(p);
    if (cur(p) == TK_NAME) {
        line = cur_line(p);
        if (top) {
            target.kind = V_REF;
            target.k0 = p->S->nkeys;
            key_push(p, tk(p, 0));
        }
        adv(p);
        while ((cur(p) == '.' || cur(p) == ':') && peek(p, 1) == TK_NAME) {
            int colon = cur(p) == ':';
            adv(p);
            line = cur_line(p);
            if (top) {
                key_push(p, tk(p, 0));
                target.nk++;
            }
            adv(p);
            if (colon) break;
        }
    }
    funcbody(p);
    if (top) event_add(p, &target, line, &val_other);
}

static void localstat(parser *p, int top)
{
    int n = 0, nv = 0;
    adv(p);
    if (cur(p) == TK_FUNCTION) {
        val target = val_other;
        int line = 0;
        adv(p);
        if (cur(p) == TK_NAME) {
            line = cur_line(p);
            if (top) {
                target.kind = V_REF;
                target.k0 = p->S->nkeys;
                key_push(p, tk(p, 0));
            }
            adv(p);
        }
        funcbody(p);
        if (top) event_add(p, &target, line, &val_other);
        return;
    }
    while (cur(p) == TK_NAME) {
        if (top && n < NCAP) {
            p->tgt[n] = val_other;
            p->tgt[n].kind = V_REF;
            p->tgt[n].k0 = p->S->nkeys;
            p->tline[n] = cur_line(p);
            key_push(p, tk(p, 0));
        }
        if (n < INT_MAX) n++;
        adv(p);
        if (cur(p) == '<') { /* attribute <const> / <close> */
            adv(p);
            if (cur(p) == TK_NAME) adv(p);
            expect(p, '>');
        }
        if (cur(p) != ',') break;
        adv(p);
    }
    if (cur(p) == '=') {
        adv(p);
        explist(p, top ? p->vals : NULL, NCAP, &nv);
    }
    if (top)
        for (int k = 0; k < n && k < NCAP; k++)
            event_add(p, &p->tgt[k], p->tline[k], k < nv ? &p->vals[k] : &val_other);
}

static void retstat(parser *p, int top)
{
    size_t rpos = p->i;
    int line = cur_line(p), nv = 0;
    val v = val_other;
    adv(p);
    if (!is_block_end(cur(p)) && cur(p) != ';') explist(p, top ? &v : NULL, 1, &nv);
    expect(p, ';');
    if (top) {
        p->S->has_ret = 1;
        p->S->ret_line = line;
        p->S->ret_pos = rpos;
        p->S->ret = nv > 0 ? v : val_other;
    }
}

/* Assignment or call statement. */
static void exprstat(parser *p, int top)
{
    int n = 0, nv = 0;
    for (;;) {
        size_t before = p->i;
        val v = val_other;
        int line = 0;
        suffixedexp(p, top ? &v : NULL, &line);
        if (p->i == before) return;
        if (top && n < NCAP) {
            p->tgt[n] = v;
            p->tline[n] = line;
        }
        if (n < INT_MAX) n++;
        if (cur(p) != ',') break;
        adv(p);
    }
    if (cur(p) != '=') return;
    adv(p);
    explist(p, top ? p->vals : NULL, NCAP, &nv);
    if (top)
        for (int k = 0; k < n && k < NCAP; k++)
            event_add(p, &p->tgt[k], p->tline[k], k < nv ? &p->vals[k] : &val_other);
}

static void statement(parser *p)
{
    int top = p->blockdepth == 0;
    switch (cur(p)) {
    case ';':
    case TK_BREAK:
        adv(p);
        return;
    case TK_IF:
        adv(p);
        expr(p, NULL);
        expect(p, TK_THEN);
        block(p);
        while (cur(p) == TK_ELSEIF) {
            adv(p);
            expr(p, NULL);
            expect(p, TK_THEN);
            block(p);
        }
        if (cur(p) == TK_ELSE) {
            adv(p);
            block(p);
        }
        expect(p, TK_END);
        return;
    case TK_WHILE:
        adv(p);
        expr(p, NULL);
        expect(p, TK_DO);
        block(p);
        expect(p, TK_END);
        return;
    case TK_DO:
        adv(p);
        block(p);
        expect(p, TK_END);
        return;
    case TK_FOR:
        adv(p);
        while (cur(p) == TK_NAME || cur(p) == ',') adv(p);
        if (cur(p) == '=' || cur(p) == TK_IN) {
            adv(p);
            explist(p, NULL, 0, NULL);
        }
        expect(p, TK_DO);
        block(p);
        expect(p, TK_END);
        return;
    case TK_REPEAT:
        adv(p);
        block(p);
        if (cur(p) == TK_UNTIL) {
            adv(p);
            expr(p, NULL);
        }
        return;
    case TK_FUNCTION:
        funcstat(p, top);
        return;
    case TK_LOCAL:
        localstat(p, top);
        return;
    case TK_DBCOLON:
        adv(p);
        if (cur(p) == TK_NAME) adv(p);
        expect(p, TK_DBCOLON);
        return;
    case TK_GOTO:
        adv(p);
        if (cur(p) == TK_NAME) adv(p);
        return;
    case TK_RETURN:
        retstat(p, top);
        return;
    default:
        exprstat(p, top);
        return;
    }
}

/* The main chunk: stray block terminators are skipped so the whole text is seen. */
static void chunk(parser *p)
{
    while (p->ok && cur(p) != TK_EOF) {
        size_t before = p->i;
        if (is_block_end(cur(p))) {
            adv(p);
            continue;
        }
        statement(p);
        if (p->i == before) adv(p);
    }
}

void srcloc_free(srcloc *s)
{
    if (!s) return;
    free(s->str);
    free(s->keys);
    free(s->fields);
    free(s->tables);
    free(s->events);
    free(s);
}

srcloc *srcloc_parse_capped(const char *src, size_t len, size_t max_bytes, size_t *used)
{
    grow_left = max_bytes ? max_bytes : SIZE_MAX;
    srcloc *S = srcloc_parse(src, len);
    if (used) *used = max_bytes ? max_bytes - grow_left : 0;
    grow_left = SIZE_MAX;
    return S;
}

srcloc *srcloc_parse(const char *src, size_t len)
{
    static const char empty[1] = "";
    srcloc *S = calloc(1, sizeof *S);
    parser P;
    if (!S) return NULL;
    if (!src) {
        src = empty;
        len = 0;
    }
    memset(&P, 0, sizeof P);
    P.S = S;
    P.src = (const unsigned char *)src;
    P.ok = 1;
    lex_init(&P.L, P.src, len);
    chunk(&P);
    if (!P.ok) {
        srcloc_free(S);
        return NULL;
    }
    return S;
}

/* ------------------------------------------------------------------------------------- */
/* Query                                                                                 */

#define MAX_HOPS 256 /* name indirections followed per query */

typedef struct wkey { /* a key of the path being resolved */
    int isidx;
    long long idx;
    const char *s;
    size_t len;
    int qi; /* index in the caller's path, -1 for keys that come from a reference */
} wkey;

static int wkey_eq(const wkey *a, const wkey *b)
{
    if (a->isidx != b->isidx || a->qi != b->qi) return 0;
    if (a->isidx) return a->idx == b->idx;
    return a->len == b->len && (a->s == b->s || memcmp(a->s, b->s, a->len) == 0);
}

/* Walk state before a hop through reference `ref` with keys K[0..n) left: 1 if it was
 * seen before (a reference cycle), else it is logged and 0 returned (also on no memory,
 * with *ok cleared). */
typedef struct hoplog {
    size_t ref[MAX_HOPS], off[MAX_HOPS], n[MAX_HOPS];
    size_t count;
    wkey *keys;
    size_t nkeys, cap;
    int ok;
} hoplog;

static int hop_seen(hoplog *h, size_t ref, const wkey *K, size_t n)
{
    for (size_t k = 0; k < h->count; k++) {
        if (h->ref[k] != ref || h->n[k] != n) continue;
        size_t j;
        for (j = 0; j < n && wkey_eq(&h->keys[h->off[k] + j], &K[j]); j++) {}
        if (j == n) return 1;
    }
    if (h->count >= MAX_HOPS || n > SIZE_MAX / 2 - h->nkeys) {
        h->ok = 0;
        return 0;
    }
    h->keys = grow(h->keys, &h->cap, h->nkeys + n, sizeof *h->keys, &h->ok);
    if (!h->ok) return 0;
    if (n) memcpy(h->keys + h->nkeys, K, n * sizeof *K);
    h->ref[h->count] = ref;
    h->off[h->count] = h->nkeys;
    h->n[h->count] = n;
    h->count++;
    h->nkeys += n;
    return 0;
}

static int pkey_eq(const srcloc *S, const pkey *a, const wkey *b)
{
    if (a->isidx != b->isidx) return 0;
    if (a->isidx) return a->idx == b->idx;
    return a->slen == b->len && (b->len == 0 || memcmp(S->str + a->soff, b->s, b->len) == 0);
}

static int name_eq(const srcloc *S, size_t ka, size_t kb)
{
    const pkey *a = &S->keys[ka], *b = &S->keys[kb];
    return !a->isidx && !b->isidx && a->slen == b->slen &&
           (a->slen == 0 || memcmp(S->str + a->soff, S->str + b->soff, a->slen) == 0);
}

static const field *find_field(const srcloc *S, size_t tid, const wkey *k)
{
    const field *best = NULL, *bestpos = NULL;
    for (size_t fi = S->tables[tid].head; fi != NIL_IDX; fi = S->fields[fi].next) {
        const field *f = &S->fields[fi];
        if (k->isidx) {
            if (f->kind == F_POS && f->idx == k->idx) bestpos = f;
            else if (f->kind == F_IDX && f->idx == k->idx) best = f;
        } else if (f->kind == F_KEY && f->slen == k->len &&
                   (k->len == 0 || memcmp(S->str + f->soff, k->s, k->len) == 0)) {
            best = f;
        }
    }
    return bestpos ? bestpos : best; /* positional entries win, as in Lua */
}

/* The value of the path root.K[0..nK) where root (a name) is evaluated at token `pos`:
 * the binding of root in force at pos, overridden by the latest top-level assignment
 * root.K[0..m) = v (m >= 1) made after that binding and before the return.  Returns the
 * event whose value holds the rest of the path, and sets *m to the number of keys it
 * covers (0 for the binding itself); NULL if root is not bound at top level. */
static const event *resolve_name(const srcloc *S, size_t root, size_t pos, const wkey *K,
                                 size_t nK, size_t *m)
{
    const event *bind = NULL, *best = NULL;
    size_t bi = 0, end = S->ret_pos;
    for (size_t ei = 0; ei < S->nevents && S->events[ei].pos <= pos; ei++) {
        const event *e = &S->events[ei];
        if (e->nk == 0 && name_eq(S, e->k0, root)) {
            bind = e;
            bi = ei;
        }
    }
    if (!bind) return NULL;
    for (size_t ei = bi + 1; ei < S->nevents && S->events[ei].pos <= end; ei++) {
        const event *e = &S->events[ei];
        if (!name_eq(S, e->k0, root)) continue;
        if (e->nk == 0) break; /* rebound: later assignments concern another object */
        if (e->nk > nK) continue;
        size_t k;
        for (k = 0; k < e->nk && pkey_eq(S, &S->keys[e->k0 + 1 + k], &K[k]); k++) {}
        if (k == e->nk) best = e;
    }
    *m = best ? best->nk : 0;
    return best ? best : bind;
}

/* The line of path[0..depth) followed from the value v (fallback when nothing is found). */
static int walk_line(const srcloc *S, val v, int fallback, const srcloc_key *path, int depth)
{
    int found = 0;
    hoplog *hl;
    if (!path || depth <= 0) return fallback;
    size_t cap = (size_t)depth, cap2 = 0, nK = (size_t)depth, i = 0;
    wkey *K = malloc(cap * sizeof *K), *K2 = NULL;
    hl = calloc(1, sizeof *hl);
    if (!K || !hl) {
        free(K);
        free(hl);
        return fallback;
    }
    hl->ok = 1;
    for (size_t q = 0; q < nK; q++) {
        K[q].isidx = path[q].name == NULL;
        K[q].idx = path[q].index;
        K[q].s = path[q].name;
        K[q].len = path[q].name ? strlen(path[q].name) : 0;
        K[q].qi = (int)q;
    }
    while (i < nK) {
        if (v.kind == V_TABLE) {
            const field *f = find_field(S, v.tid, &K[i]);
            if (!f) break;
            if (K[i].qi >= 0) found = f->line;
            v = f->v;
            i++;
        } else if (v.kind == V_REF) {
            /* continue from the named value: path = reference's keys + what is left */
            size_t need = v.nk + (nK - i), m = 0;
            if (hop_seen(hl, v.k0, K + i, nK - i) || !hl->ok) break;
            if (need > cap2) {
                wkey *nw = realloc(K2, need * sizeof *K2);
                if (!nw) break;
                K2 = nw;
                cap2 = need;
            }
            for (size_t k = 0; k < v.nk; k++) {
                const pkey *pk = &S->keys[v.k0 + 1 + k];
                K2[k].isidx = pk->isidx;
                K2[k].idx = pk->idx;
                K2[k].s = S->str ? S->str + pk->soff : "";
                K2[k].len = pk->slen;
                K2[k].qi = -1;
            }
            memcpy(K2 + v.nk, K + i, (nK - i) * sizeof *K);
            {
                wkey *tk = K;
                size_t tc = cap;
                K = K2;
                cap = cap2;
                K2 = tk;
                cap2 = tc;
            }
            nK = need;
            const event *e = resolve_name(S, v.k0, v.pos, K, nK, &m);
            if (!e) break;
            if (m > 0 && K[m - 1].qi >= 0) found = e->line;
            v = e->v;
            i = m;
        } else {
            break;
        }
    }
    free(K);
    free(K2);
    free(hl->keys);
    free(hl);
    return found ? found : fallback;
}

int srcloc_line(const srcloc *S, const srcloc_key *path, int depth)
{
    if (!S) return 0;
    if (!S->has_ret) return 0;
    return walk_line(S, S->ret, S->ret_line, path, depth);
}

int srcloc_line_at(const srcloc *S, int line, const srcloc_key *path, int depth)
{
    if (!S) return line;
    for (size_t t = 0; t < S->ntables; t++)
        if (S->tables[t].line == line) {
            val v = val_other;
            v.kind = V_TABLE;
            v.tid = t;
            return walk_line(S, v, line, path, depth);
        }
    return line;
}
