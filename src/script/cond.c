/* src/script/cond.c - the shapes of `until` strings compiled to a C predicate (grammar: cond.h).
 *
 * The parser follows Lua 5.4's expression parser (lparser.c subexpr) on the part of the grammar
 * kept: unary `not` and `-` bind tighter than the comparisons, which bind tighter than `and`,
 * tighter than `or`; numerals are read as llex.c reads them.  Every operand of and/or/not is a
 * truth value (C, a boolean quantity, a comparison, a literal), so the tree evaluates to 1 or 0
 * exactly as Lua's truth of the expression's value.  The quantities are read through the rows
 * of quantities.h, as the Lua proxies read them.
 */
#include "script/cond.h"
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#define DEFER (-1)

enum { N_FALSE, N_TRUE, N_C, N_FLAG, N_CMP, N_NOT, N_AND, N_OR };
enum { OP_LT, OP_LE, OP_GT, OP_GE, OP_EQ, OP_NE };

typedef struct num {
    int is_int; /* an integer numeral (Lua's integer subtype), else a float */
    long long i;
    double f; /* the value as a double (exact for an integer within 2^53) */
} num;

typedef struct node {
    int kind;
    int a, b;         /* children (N_NOT, N_AND, N_OR) */
    const lt_qrow *q; /* N_FLAG, N_CMP: the quantity, on the left of the comparison */
    int index;        /* its index (a per-law row's variable, a vector's component) */
    int op;           /* N_CMP */
    num k;            /* N_CMP: the number */
} node;

/* The shapes evaluated without walking the tree (lt_cond_eval gives the same answer either way;
 * tests/test_cond.c compares them): "not C", and a float quantity the tester holds compared with
 * a number, alone or behind "C and", which load the contact flag and the quantity at the byte
 * offsets quantities.c gives (a call to a reader each step costs 20 instructions, 0.8 % of the
 * sparse case's step; docs/performance.md); an integer counter compared with an integer, and a
 * flag of the stage alone, through their readers. */
enum { FAST_NONE, FAST_NOT_C, FAST_CMP, FAST_C_AND_CMP, FAST_CMP_INT, FAST_FLAG };
typedef struct fast_form {
    int kind, op, contact, index;
    double k;
    long at, contact_at; /* byte offsets in the tester: the quantity, the contact flag */
    const lt_qrow *q;
    int indirect; /* at holds a pointer to the quantities, index the one compared (lt_qrow) */
    long long ki; /* FAST_CMP_INT: the integer constant */
} fast_form;

struct lt_cond {
    node *n;
    int count, cap, root;
    unsigned names;
    fast_form fast;
};

/* ---- lexer ------------------------------------------------------------------------------ */

enum { T_EOF, T_NAME, T_NUM, T_OP, T_BAD };

typedef struct parser {
    const char *p; /* next character */
    int tok;       /* current token */
    const char *s; /* its text */
    size_t len;
    char op[3]; /* T_OP: the operator */
    num number; /* T_NUM */
    lt_cond *c;
    const lt_law *law;
    int depth;
    int bad; /* none of the shapes */
} parser;

static int ascii_letter(int ch)
{
    return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || ch == '_';
}
static int ascii_digit(int ch) { return ch >= '0' && ch <= '9'; }
static int ascii_xdigit(int ch)
{
    return ascii_digit(ch) || ((ch | 32) >= 'a' && (ch | 32) <= 'f');
}
static int ascii_space(int ch)
{
    return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == '\f' || ch == '\v';
}

/* integers that convert to double exactly: comparing them as doubles is Lua's exact rule */
static int fits_flt(long long i) { return i >= -(1LL << 53) && i <= (1LL << 53); }

/* A decimal numeral as Lua reads it (llex.c read_numeral, then luaO_str2num): digits only and
 * no overflow: an integer; otherwise strtod's double. */
static int lex_number(parser *ps)
{
    const char *q = ps->p;
    if (q[0] == '0' && (q[1] == 'x' || q[1] == 'X')) return T_BAD; /* hexadecimal: not here */
    for (;;) {
        if (*q == 'e' || *q == 'E') {
            q++;
            if (*q == '+' || *q == '-') q++;
        } else if (ascii_xdigit((unsigned char)*q) || *q == '.') {
            q++;
        } else {
            break;
        }
    }
    if (ascii_letter((unsigned char)*q)) return T_BAD;
    size_t n = (size_t)(q - ps->p);
    char buf[64];
    if (n >= sizeof buf) return T_BAD;
    memcpy(buf, ps->p, n);
    buf[n] = 0;
    ps->p = q;
    ps->number.is_int = strspn(buf, "0123456789") == n;
    if (ps->number.is_int) {
        unsigned long long a = 0;
        for (size_t i = 0; i < n && ps->number.is_int; i++) {
            unsigned d = (unsigned)(buf[i] - '0');
            if (a > ((unsigned long long)LLONG_MAX - d) / 10)
                ps->number.is_int = 0; /* overflow: a float */
            a = a * 10 + d;
        }
        ps->number.i = (long long)a;
        ps->number.f = (double)a;
        if (ps->number.is_int) return T_NUM;
    }
    if (strpbrk(buf, "nN")) return T_BAD; /* Lua refuses "inf"/"nan" */
    char *end;
    ps->number.f = strtod(buf, &end);
    return *end ? T_BAD : T_NUM;
}

static void next(parser *ps)
{
    while (ascii_space((unsigned char)*ps->p)) ps->p++;
    const char *q = ps->p;
    ps->s = q;
    ps->len = 0;
    if (!*q) {
        ps->tok = T_EOF;
    } else if (ascii_letter((unsigned char)*q)) {
        while (ascii_letter((unsigned char)*q) || ascii_digit((unsigned char)*q)) q++;
        ps->len = (size_t)(q - ps->p);
        ps->p = q;
        ps->tok = T_NAME;
    } else if (ascii_digit((unsigned char)*q) || (*q == '.' && ascii_digit((unsigned char)q[1]))) {
        ps->tok = lex_number(ps);
    } else if ((q[0] == '<' || q[0] == '>' || q[0] == '=' || q[0] == '~') && q[1] == '=') {
        memcpy(ps->op, q, 2);
        ps->op[2] = 0;
        ps->p += 2;
        ps->tok = T_OP;
    } else if (strchr("<>()[].-", *q) && !(q[0] == '-' && q[1] == '-') &&
               !(q[0] == '.' && q[1] == '.') && !(q[0] == '<' && q[1] == '<') &&
               !(q[0] == '>' && q[1] == '>')) {
        ps->op[0] = *q; /* not a comment "--", nor "..", "<<", ">>" */
        ps->op[1] = 0;
        ps->p++;
        ps->tok = T_OP;
    } else {
        ps->tok = T_BAD;
    }
}

static int tok_is(const parser *ps, const char *op)
{
    return ps->tok == T_OP && strcmp(ps->op, op) == 0;
}
static int name_is(const parser *ps, const char *name)
{
    return ps->tok == T_NAME && ps->len == strlen(name) && memcmp(ps->s, name, ps->len) == 0;
}

/* ---- parser ----------------------------------------------------------------------------- */

/* What a piece of the expression is: a truth value (a node), a quantity, or a number. */
enum { X_TRUTH, X_QTY, X_NUM };
typedef struct term {
    int what;
    int node;         /* X_TRUTH */
    const lt_qrow *q; /* X_QTY */
    int index;
    num k; /* X_NUM */
} term;

/* The string is not of a compiled shape: Lua evaluates it (ps->bad set). */
static term reject(parser *ps)
{
    ps->bad = 1;
    return (term){X_TRUTH, 0, NULL, 0, {0, 0, 0}};
}

static int add_node(parser *ps, node n)
{
    lt_cond *c = ps->c;
    if (c->count == c->cap) {
        int cap = c->cap ? 2 * c->cap : 8;
        node *nn = realloc(c->n, (size_t)cap * sizeof *nn);
        if (!nn) {
            ps->bad = 1;
            return 0;
        }
        c->n = nn;
        c->cap = cap;
    }
    c->n[c->count] = n;
    return c->count++;
}

static term truth(parser *ps, int kind, int a, int b)
{
    node n = {.kind = kind, .a = a, .b = b};
    return (term){X_TRUTH, add_node(ps, n), NULL, 0, {0, 0, 0}};
}

/* A term as a truth value: a boolean quantity becomes its flag; a number is none of the shapes. */
static int as_truth(parser *ps, term x)
{
    if (x.what == X_QTY && x.q->type == LT_QT_BOOLEAN) {
        node n = {.kind = N_FLAG, .q = x.q, .index = x.index};
        return add_node(ps, n);
    }
    if (x.what != X_TRUTH) ps->bad = 1;
    return x.node;
}

static term disjunction(parser *ps);

/* After a proxy's name, at ".": "." NAME of one of its numbers, integers or booleans (C's
 * vectors with "[" k "]", k a numeral 1..6). */
static term proxy_field(parser *ps, int proxy)
{
    ps->c->names |= 1u << proxy;
    if (!tok_is(ps, ".")) return reject(ps); /* the proxy itself: only C is a shape */
    next(ps);
    char k[64];
    if (ps->tok != T_NAME || ps->len >= sizeof k) return reject(ps);
    memcpy(k, ps->s, ps->len);
    k[ps->len] = 0;
    term x = {X_QTY, 0, NULL, 0, {0, 0, 0}};
    x.q = lt_qrow_find(proxy, k, ps->law, &x.index);
    next(ps);
    if (!x.q) return reject(ps); /* Lua's error, or E's nil: Lua tells */
    if (x.q->type == LT_QT_VECTOR) {
        if (!tok_is(ps, "[")) return reject(ps);
        next(ps);
        if (ps->tok != T_NUM || !ps->number.is_int || ps->number.i < 1 || ps->number.i > LT_DOF)
            return reject(ps);
        x.index = (int)ps->number.i - 1;
        next(ps);
        if (!tok_is(ps, "]")) return reject(ps);
        next(ps);
    } else if (x.q->type != LT_QT_NUMBER && x.q->type != LT_QT_INTEGER &&
               x.q->type != LT_QT_BOOLEAN) {
        return reject(ps);
    }
    return x;
}

static term primary(parser *ps)
{
    static const char *const proxies[] = {[LT_PX_C] = "C",
                                          [LT_PX_STAGE] = "stage",
                                          [LT_PX_E] = "E",
                                          [LT_PX_S] = "S",
                                          [LT_PX_TESTER] = "tester"};
    term x;
    if (ps->tok == T_NUM) {
        x = (term){X_NUM, 0, NULL, 0, ps->number};
        next(ps);
    } else if (tok_is(ps, "(")) {
        next(ps);
        x = disjunction(ps);
        if (!tok_is(ps, ")")) return reject(ps);
        next(ps);
    } else if (name_is(ps, "true") || name_is(ps, "false") || name_is(ps, "nil")) {
        x = truth(ps, name_is(ps, "true") ? N_TRUE : N_FALSE, 0, 0);
        next(ps);
    } else {
        int px = 0;
        while (px <= LT_PX_TESTER && !name_is(ps, proxies[px])) px++;
        if (px > LT_PX_TESTER)
            return reject(ps); /* another global, or a keyword outside the shapes */
        next(ps);
        if (px == LT_PX_C && !tok_is(ps, ".")) {
            ps->c->names |= LT_COND_C;
            x = truth(ps, N_C, 0, 0);
        } else {
            x = proxy_field(ps, px);
        }
    }
    /* no further suffix: a field or call of a number, a boolean or a proxy */
    if (tok_is(ps, ".") || tok_is(ps, "[") || tok_is(ps, "(")) return reject(ps);
    return x;
}

/* "not" and "-" bind tighter than the comparisons (Lua's unary priority 12 against 3). */
static term unary(parser *ps)
{
    if (ps->bad || ++ps->depth > 200) return reject(ps);
    term x;
    if (name_is(ps, "not")) {
        next(ps);
        term a = unary(ps);
        x = truth(ps, N_NOT, as_truth(ps, a), 0);
    } else if (tok_is(ps, "-")) {
        next(ps);
        if (ps->tok != T_NUM) return reject(ps);
        x = (term){X_NUM, 0, NULL, 0, ps->number}; /* Lua folds the constant: integers wrap */
        x.k.i = (long long)(0ULL - (unsigned long long)x.k.i);
        x.k.f = -x.k.f;
        next(ps);
    } else {
        x = primary(ps);
    }
    ps->depth--;
    return x;
}

/* unary [CMP unary]: a quantity and a number, either way round, else none of the shapes. */
static term comparison(parser *ps)
{
    static const char *const ops[] = {[OP_LT] = "<",  [OP_LE] = "<=", [OP_GT] = ">",
                                      [OP_GE] = ">=", [OP_EQ] = "==", [OP_NE] = "~="};
    static const int mirrored[] = {[OP_LT] = OP_GT, [OP_LE] = OP_GE, [OP_GT] = OP_LT,
                                   [OP_GE] = OP_LE, [OP_EQ] = OP_EQ, [OP_NE] = OP_NE};
    term l = unary(ps);
    int op = 0;
    while (op <= OP_NE && !tok_is(ps, ops[op])) op++;
    if (op > OP_NE || ps->bad) return l;
    next(ps);
    term r = unary(ps);
    if (l.what == X_NUM && r.what == X_QTY) {
        term s = l;
        l = r, r = s, op = mirrored[op];
    }
    if (l.what != X_QTY || r.what != X_NUM || l.q->type == LT_QT_BOOLEAN) return reject(ps);
    if (r.k.is_int && !fits_flt(r.k.i) && l.q->type != LT_QT_INTEGER) return reject(ps);
    node n = {.kind = N_CMP, .q = l.q, .index = l.index, .op = op, .k = r.k};
    return (term){X_TRUTH, add_node(ps, n), NULL, 0, {0, 0, 0}};
}

/* Left-associative chains of "and" (priority 2) and of "or" (1). */
static term conjunction(parser *ps)
{
    term x = comparison(ps);
    while (!ps->bad && name_is(ps, "and")) {
        next(ps);
        int a = as_truth(ps, x);
        x = truth(ps, N_AND, a, as_truth(ps, comparison(ps)));
    }
    return x;
}

static term disjunction(parser *ps)
{
    term x = conjunction(ps);
    while (!ps->bad && name_is(ps, "or")) {
        next(ps);
        int a = as_truth(ps, x);
        x = truth(ps, N_OR, a, as_truth(ps, conjunction(ps)));
    }
    return x;
}

static void find_fast_form(lt_cond *c);

lt_cond *lt_cond_compile(const char *expr, const lt_law *law)
{
    lt_cond *c = calloc(1, sizeof *c);
    if (!c) return NULL;
    parser ps;
    memset(&ps, 0, sizeof ps);
    ps.p = expr;
    ps.c = c;
    ps.law = law;
    next(&ps);
    c->root = as_truth(&ps, disjunction(&ps));
    if (ps.bad || ps.tok != T_EOF) {
        lt_cond_free(c);
        return NULL;
    }
    find_fast_form(c);
    return c;
}

void lt_cond_free(lt_cond *c)
{
    if (!c) return;
    free(c->n);
    free(c);
}

unsigned lt_cond_names(const lt_cond *c) { return c->names; }

/* ---- evaluation ------------------------------------------------------------------------- */

static int compare_flt(int op, double x, double k)
{
    switch (op) {
    case OP_LT: return x < k;
    case OP_LE: return x <= k;
    case OP_GT: return x > k;
    case OP_GE: return x >= k;
    case OP_EQ: return x == k;
    default: return x != k;
    }
}

static int compare_int(int op, long long x, long long k)
{
    switch (op) {
    case OP_LT: return x < k;
    case OP_LE: return x <= k;
    case OP_GT: return x > k;
    case OP_GE: return x >= k;
    case OP_EQ: return x == k;
    default: return x != k;
    }
}

static int eval(const lt_cond *c, int i, const lt_tester *t)
{
    const node *n = &c->n[i];
    int a;
    switch (n->kind) {
    case N_FALSE: return 0;
    case N_TRUE: return 1;
    case N_C: return lt_q_has_contact(t);
    case N_FLAG:
        if (lt_qrow_needs_contact(n->q) && !lt_q_has_contact(t)) return DEFER;
        return n->q->read.integer(t, n->index) != 0;
    case N_NOT: a = eval(c, n->a, t); return a < 0 ? DEFER : !a;
    case N_AND: a = eval(c, n->a, t); return a <= 0 ? a : eval(c, n->b, t);
    case N_OR: a = eval(c, n->a, t); return a != 0 ? a : eval(c, n->b, t);
    default: /* N_CMP */
        if (lt_qrow_needs_contact(n->q) && !lt_q_has_contact(t))
            return DEFER; /* C.x of a nil C: Lua's error */
        if (n->q->type != LT_QT_INTEGER)
            return compare_flt(n->op, n->q->read.number(t, n->index), n->k.f);
        long long x = n->q->read.integer(t, n->index);
        if (n->k.is_int) return compare_int(n->op, x, n->k.i);
        return fits_flt(x) ? compare_flt(n->op, (double)x, n->k.f) : DEFER;
    }
}

/* ---- fast forms ------------------------------------------------------------------------- */

/* Node i as "float quantity the tester holds, op number" into f; 0 if it is not. */
static int as_comparison(const lt_cond *c, int i, fast_form *f)
{
    const node *n = &c->n[i];
    if (n->kind != N_CMP || n->q->at < 0) return 0;
    f->op = n->op;
    f->k = n->k.f;
    f->q = n->q;
    f->index = n->index;
    f->indirect = n->q->indirect;
    f->at = n->q->at + (f->indirect ? 0 : n->index * (long)sizeof(double));
    f->contact = lt_qrow_needs_contact(n->q);
    return 1;
}

static void find_fast_form(lt_cond *c)
{
    const node *r = &c->n[c->root];
    fast_form f = {FAST_NONE, 0, 0, 0, 0, 0, lt_q_contact_at(), NULL, 0, 0};
    if (r->kind == N_NOT && c->n[r->a].kind == N_C)
        f.kind = FAST_NOT_C;
    else if (as_comparison(c, c->root, &f))
        f.kind = FAST_CMP;
    else if (r->kind == N_CMP && r->q->type == LT_QT_INTEGER && r->k.is_int &&
             !lt_qrow_needs_contact(r->q)) {
        /* an integer counter against an integer (`stage.step >= 1000000`, the usual end of a
         * stage): its reader and the comparison, without eval's walk (79 instructions a step
         * before, docs/performance.md's third round) */
        f.kind = FAST_CMP_INT, f.op = r->op, f.q = r->q, f.index = r->index, f.ki = r->k.i;
    } else if (r->kind == N_AND && c->n[r->a].kind == N_C && as_comparison(c, r->b, &f)) {
        f.kind = FAST_C_AND_CMP;
    } else if (r->kind == N_FLAG && !lt_qrow_needs_contact(r->q)) {
        /* a flag of the stage alone (`stage.rebound`, how an impact ends): its reader, without
         * eval's walk (81 instructions a step with the callbacks before, docs/performance.md) */
        f.kind = FAST_FLAG, f.q = r->q, f.index = r->index;
    }
    c->fast = f;
}

static int fast_eval(const fast_form *f, const lt_tester *t)
{
    if (f->kind == FAST_CMP_INT) return compare_int(f->op, f->q->read.integer(t, f->index), f->ki);
    if (f->kind == FAST_FLAG) return f->q->read.integer(t, f->index) != 0;
    const char *p = (const char *)lt_tester_view(t); /* the offsets are lt_view's (quantities.c) */
    int contact;
    memcpy(&contact, p + f->contact_at, sizeof contact);
    if (f->kind == FAST_NOT_C) return !contact;
    if (!contact && (f->kind == FAST_C_AND_CMP || f->contact))
        return f->kind == FAST_CMP ? DEFER : 0; /* C.x of a nil C: Lua's error; C and ...: nil */
    double x;
    if (f->indirect) {
        const double *base;
        memcpy(&base, p + f->at, sizeof base);
        x = base[f->index];
    } else
        memcpy(&x, p + f->at, sizeof x);
    return compare_flt(f->op, x, f->k);
}

int lt_cond_is_fast(const lt_cond *c) { return c->fast.kind != FAST_NONE; }

int lt_cond_has_quiet_form(const lt_cond *c)
{
    const fast_form *f = &c->fast;
    return f->kind == FAST_CMP_INT && f->q->per_step &&
           (f->op == OP_GE || f->op == OP_GT || f->op == OP_EQ);
}

long lt_cond_quiet_steps(const lt_cond *c, const lt_tester *t)
{
    if (!lt_cond_has_quiet_form(c)) return 1;
    const fast_form *f = &c->fast;
    if (f->op == OP_GT && f->ki == LLONG_MAX) return LT_COND_QUIET_MAX; /* never holds */
    long long first = f->op == OP_GT ? f->ki + 1 : f->ki, x = f->q->read.integer(t, f->index);
    if (x >= first) return 1; /* holds already (not asked then), or `==` passed its value */
    /* a counter is >= 0, so first - x does not overflow */
    return first - x > LT_COND_QUIET_MAX ? LT_COND_QUIET_MAX : (long)(first - x);
}

int lt_cond_bound(const lt_cond *c, const lt_qrow **q, int *index, double *k)
{
    if (c->fast.kind != FAST_CMP && c->fast.kind != FAST_C_AND_CMP) return 0;
    *q = c->fast.q;
    *index = c->fast.index;
    *k = c->fast.k;
    return 1;
}

int lt_cond_eval(const lt_cond *c, const lt_tester *t)
{
    return c->fast.kind != FAST_NONE ? fast_eval(&c->fast, t) : eval(c, c->root, t);
}
