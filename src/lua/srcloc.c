/* src/lua/srcloc.c - source lines of the fields of a stage script's returned table (see
 * srcloc.h).
 *
 * A scanner over the tokens of src/lua/srclex.c, not a parser: every script we ship returns a
 * literal table, and the lines of its fields need only
 *   - the table constructors, found by bracket matching: each `{ ... }` anywhere in the text
 *     is recorded with the line of its `{` and its fields: `name = v`, `["str"] = v`,
 *     `[int] = v` (the key's line) and positional entries (the line where the value starts);
 *     a field whose value is a constructor (not followed by a binary operator) points at it;
 *   - block nesting: `function`, `do`, `if` and `repeat` open a block that `end` or `until`
 *     closes, so a `return` outside every block and bracket is a top-level one; the last
 *     one counts, and when its value is a constructor, paths are followed from there.
 *     Statement keywords (`local`, `return`, `end`, `then`, ...) never stand inside a bracket
 *     of their block in valid Lua: there they close what a syntax error left open.
 * Anything else (`return make()`, a table built in locals, `stages = stages`) gives the
 * deepest field found so far, else the `return` line.  Separators count only when the
 * constructor is the innermost open bracket or block, so commas of calls and function
 * bodies inside a field's value are not fields.  A bracket closer that does not match the
 * innermost opener is ignored, so broken text costs precision, never time: one pass, each
 * token once, the stack of open brackets allocated like the rest (within lt_srcloc_parse_capped's
 * cap).
 */
#include "lua/srcloc.h"
#include "lua/srclex.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define NONE SIZE_MAX
#define THE_RETURN (SIZE_MAX - 1) /* value_of of a constructor that is the returned value */

enum { F_KEY, F_INDEX, F_POSITIONAL };

typedef struct field {
    int kind, line;  /* line of the key, or of a positional entry's value */
    long long index; /* F_INDEX, F_POSITIONAL */
    size_t key, len; /* F_KEY: the key's bytes in text */
    size_t table;    /* the constructor that is its value, or NONE */
    size_t next;     /* the next field of the same constructor, or NONE */
} field;

typedef struct table {
    int line; /* of its '{' */
    size_t head, tail;
} table;

struct srcloc {
    char *text;
    size_t ntext, captext;
    field *fields;
    size_t nfields, capfields;
    table *tables;
    size_t ntables, captables;
    int ret_line;     /* of the last top-level `return`, 0 if there is none */
    size_t ret_table; /* the constructor it returns, or NONE */
};

typedef struct frame { /* an open bracket or block */
    int open;          /* '{', '(', '[', or LT_TK_DO for any block */
    int at_field;      /* '{': the next token starts a field */
    long long npos;    /* '{': positional entries so far */
    size_t table;      /* '{': its index in tables */
    size_t value_of;   /* '{': the field (or THE_RETURN) whose value it is, or NONE */
} frame;

typedef struct scanner {
    srcloc *S;
    const char *src;
    lt_lexer lx;
    lt_token la[4]; /* lookahead, la[0] the current token */
    size_t nla;
    frame *stack;
    size_t depth, capstack;
    int ok; /* cleared when memory runs out */
} scanner;

/* Bytes the running lt_srcloc_parse_capped may still allocate (per thread: parses may run side by
 * side). */
static _Thread_local size_t grow_left = SIZE_MAX;

/* Grow arr to hold `need` elements of elsz bytes: the (possibly moved) array, or the old one
 * with sc->ok cleared when memory or the cap runs out. */
static void *grow(scanner *sc, void *arr, size_t *cap, size_t need, size_t elsz)
{
    if (need <= *cap) return arr;
    size_t nc = *cap ? *cap : 16;
    while (nc < need) {
        if (nc > SIZE_MAX / 2 / elsz) {
            sc->ok = 0;
            return arr;
        }
        nc *= 2;
    }
    size_t more = (nc - *cap) * elsz;
    void *q = more <= grow_left ? realloc(arr, nc * elsz) : NULL;
    if (!q) {
        sc->ok = 0;
        return arr;
    }
    if (grow_left != SIZE_MAX) grow_left -= more;
    *cap = nc;
    return q;
}

/* ---- tokens ------------------------------------------------------------------------------ */

static const lt_token *tok(scanner *sc, size_t k) /* k <= 3 tokens ahead */
{
    while (sc->nla <= k) lt_lex_next(&sc->lx, &sc->la[sc->nla++]);
    return &sc->la[k];
}
static int peek(scanner *sc, size_t k) { return tok(sc, k)->type; }
static void advance(scanner *sc)
{
    if (peek(sc, 0) == LT_TK_EOF) return;
    memmove(sc->la, sc->la + 1, (sc->nla - 1) * sizeof sc->la[0]);
    sc->nla--;
}

static int starts_expression(int t)
{
    return t == LT_TK_NAME || t == LT_TK_STRING || t == LT_TK_NUMBER || t == LT_TK_NIL ||
           t == LT_TK_TRUE || t == LT_TK_FALSE || t == LT_TK_DOTS || t == LT_TK_FUNCTION ||
           t == LT_TK_NOT || t == '{' || t == '(' || t == '-' || t == '#' || t == '~';
}

/* ---- recording --------------------------------------------------------------------------- */

/* The key of field f: a NAME token's text, or a STRING token's value. */
static void set_key(scanner *sc, field *f, const lt_token *t)
{
    srcloc *S = sc->S;
    if (t->len > SIZE_MAX - S->ntext) sc->ok = 0;
    if (sc->ok) S->text = grow(sc, S->text, &S->captext, S->ntext + t->len, 1);
    if (!sc->ok) return;
    f->key = S->ntext;
    if (t->type == LT_TK_STRING) {
        f->len = lt_lex_string(sc->src, t, S->text + S->ntext);
    } else {
        memcpy(S->text + S->ntext, sc->src + t->off, t->len);
        f->len = t->len;
    }
    S->ntext += f->len;
}

static size_t add_field(scanner *sc, size_t tid, const field *f)
{
    srcloc *S = sc->S;
    S->fields = grow(sc, S->fields, &S->capfields, S->nfields + 1, sizeof *S->fields);
    if (!sc->ok) return NONE;
    size_t fi = S->nfields++;
    S->fields[fi] = *f;
    S->fields[fi].table = S->fields[fi].next = NONE;
    if (S->tables[tid].tail == NONE)
        S->tables[tid].head = fi;
    else
        S->fields[S->tables[tid].tail].next = fi;
    S->tables[tid].tail = fi;
    return fi;
}

static void push(scanner *sc, int open, size_t tid, size_t value_of)
{
    sc->stack = grow(sc, sc->stack, &sc->capstack, sc->depth + 1, sizeof *sc->stack);
    if (sc->ok) sc->stack[sc->depth++] = (frame){open, open == '{', 0, tid, value_of};
}

/* At '{' on `line`: a new constructor, the value of field value_of (or THE_RETURN, or NONE). */
static void open_table(scanner *sc, int line, size_t value_of)
{
    srcloc *S = sc->S;
    S->tables = grow(sc, S->tables, &S->captables, S->ntables + 1, sizeof *S->tables);
    if (!sc->ok) return;
    size_t tid = S->ntables++;
    S->tables[tid] = (table){line, NONE, NONE};
    if (value_of == THE_RETURN)
        S->ret_table = tid;
    else if (value_of != NONE)
        S->fields[value_of].table = tid;
    push(sc, '{', tid, value_of);
}

/* After a bracket closer of type t: pop the innermost opener if it matches.  A constructor
 * followed by a binary operator is only part of its field's value (`{...} .. x`): unlinked. */
static void close_bracket(scanner *sc, int t)
{
    int want = t == '}' ? '{' : t == ')' ? '(' : '[';
    if (!sc->depth || sc->stack[sc->depth - 1].open != want) return;
    frame f = sc->stack[--sc->depth];
    if (want != '{' || f.value_of == NONE || !lt_lex_is_binop(peek(sc, 0))) return;
    if (f.value_of == THE_RETURN)
        sc->S->ret_table = NONE;
    else
        sc->S->fields[f.value_of].table = NONE;
}

/* At a keyword that only a block holds directly (`local`, `end`, ...): brackets still open
 * in that block were left open by a syntax error; close them. */
static void to_block(scanner *sc)
{
    while (sc->depth && sc->stack[sc->depth - 1].open != LT_TK_DO) sc->depth--;
}

/* At the start of a field of the innermost constructor (top): record it and consume its key;
 * the field whose value starts at the current token, or NONE (`[expr] =`, junk). */
static size_t field_start(scanner *sc, frame *top)
{
    const lt_token *t = tok(sc, 0), *k = tok(sc, 1);
    field f;
    memset(&f, 0, sizeof f);
    top->at_field = 0;
    if (t->type == LT_TK_NAME && k->type == '=') {
        f.kind = F_KEY;
        f.line = t->line;
        set_key(sc, &f, t);
        advance(sc);
    } else if (t->type == '[') {
        if (peek(sc, 2) != ']' || peek(sc, 3) != '=') return NONE; /* a key we cannot name */
        f.kind = F_INDEX;
        f.line = k->line;
        if (k->type == LT_TK_STRING) {
            f.kind = F_KEY;
            set_key(sc, &f, k);
        } else if (!lt_lex_integer(sc->src, k, &f.index)) {
            return NONE;
        }
        advance(sc);
        advance(sc);
        advance(sc);
    } else if (starts_expression(t->type)) {
        f.kind = F_POSITIONAL;
        f.line = t->line;
        f.index = ++top->npos;
        return sc->ok ? add_field(sc, top->table, &f) : NONE;
    } else {
        top->at_field = 1; /* junk: the field starts after it */
        return NONE;
    }
    advance(sc); /* '=' */
    return sc->ok ? add_field(sc, top->table, &f) : NONE;
}

static void scan(scanner *sc)
{
    while (sc->ok && peek(sc, 0) != LT_TK_EOF) {
        size_t value_of = NONE;
        frame *top = sc->depth ? &sc->stack[sc->depth - 1] : NULL;
        if (top && top->open == '{' && top->at_field && peek(sc, 0) != '}')
            value_of = field_start(sc, top);
        const lt_token *t = tok(sc, 0);
        int type = t->type, line = t->line;
        advance(sc);
        switch (type) {
        case '{': open_table(sc, line, value_of); break;
        case '(':
        case '[': push(sc, type, NONE, NONE); break;
        case LT_TK_FUNCTION: push(sc, LT_TK_DO, NONE, NONE); break;
        case LT_TK_DO:
        case LT_TK_IF:
        case LT_TK_REPEAT:
            to_block(sc);
            push(sc, LT_TK_DO, NONE, NONE);
            break;
        case LT_TK_END:
        case LT_TK_UNTIL:
            to_block(sc);
            if (sc->depth) sc->depth--;
            break;
        case LT_TK_LOCAL:
        case LT_TK_WHILE:
        case LT_TK_FOR:
        case LT_TK_GOTO:
        case LT_TK_BREAK:
        case LT_TK_DBCOLON:
        case LT_TK_THEN:
        case LT_TK_ELSE:
        case LT_TK_ELSEIF: to_block(sc); break;
        case '}':
        case ')':
        case ']': close_bracket(sc, type); break;
        case ',':
        case ';':
            if (top && top->open == '{') top->at_field = 1;
            break;
        case LT_TK_RETURN:
            to_block(sc);
            if (sc->depth) break;
            sc->S->ret_line = line;
            sc->S->ret_table = NONE;
            if (peek(sc, 0) == '{') {
                line = tok(sc, 0)->line;
                advance(sc);
                open_table(sc, line, THE_RETURN);
            }
            break;
        default: break;
        }
    }
}

/* ---- the object and its queries ---------------------------------------------------------- */

void lt_srcloc_free(srcloc *s)
{
    if (!s) return;
    free(s->text);
    free(s->fields);
    free(s->tables);
    free(s);
}

srcloc *lt_srcloc_parse(const char *src, size_t len)
{
    srcloc *S = calloc(1, sizeof *S);
    scanner sc;
    if (!S) return NULL;
    S->ret_table = NONE;
    memset(&sc, 0, sizeof sc);
    sc.S = S;
    sc.src = src;
    sc.ok = 1;
    lt_lex_init(&sc.lx, src, len);
    scan(&sc);
    free(sc.stack);
    if (!sc.ok) {
        lt_srcloc_free(S);
        return NULL;
    }
    return S;
}

srcloc *lt_srcloc_parse_capped(const char *src, size_t len, size_t max_bytes, size_t *used)
{
    grow_left = max_bytes ? max_bytes : SIZE_MAX;
    srcloc *S = lt_srcloc_parse(src, len);
    if (used) *used = max_bytes ? max_bytes - grow_left : 0;
    grow_left = SIZE_MAX;
    return S;
}

/* The field of constructor tid that key k names: the last one written, except that a
 * positional entry wins over an `[i] =` key, as in Lua. */
static const field *find_field(const srcloc *S, size_t tid, const srcloc_key *k)
{
    const field *keyed = NULL, *positional = NULL;
    size_t len = k->name ? strlen(k->name) : 0;
    for (size_t fi = S->tables[tid].head; fi != NONE; fi = S->fields[fi].next) {
        const field *f = &S->fields[fi];
        if (k->name
                ? f->kind == F_KEY && f->len == len && memcmp(S->text + f->key, k->name, len) == 0
                : f->kind != F_KEY && f->index == k->index) {
            if (f->kind == F_POSITIONAL)
                positional = f;
            else
                keyed = f;
        }
    }
    return positional ? positional : keyed;
}

/* The line of the deepest component of path found from constructor tid, else fallback. */
static int walk(const srcloc *S, size_t tid, int fallback, const srcloc_key *path, int depth)
{
    int found = 0;
    for (int i = 0; path && i < depth && tid != NONE; i++) {
        const field *f = find_field(S, tid, &path[i]);
        if (!f) break;
        found = f->line;
        tid = f->table;
    }
    return found ? found : fallback;
}

int lt_srcloc_line(const srcloc *S, const srcloc_key *path, int depth)
{
    if (!S || !S->ret_line) return 0;
    return walk(S, S->ret_table, S->ret_line, path, depth);
}

int lt_srcloc_line_at(const srcloc *S, int line, const srcloc_key *path, int depth)
{
    if (!S) return line;
    for (size_t t = 0; t < S->ntables; t++)
        if (S->tables[t].line == line) return walk(S, t, line, path, depth);
    return line;
}
