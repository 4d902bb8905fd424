/* src/cond.c - `until` strings compiled to a C predicate (grammar and semantics: cond.h).
 *
 * The parser is Lua 5.4's expression parser cut down to the grammar (lparser.c subexpr: unary
 * operators bind at priority 12, `^` is right associative at 14/13, comparisons at 3, `and` 2,
 * `or` 1); the evaluator follows lvm.c for every operator it accepts (integer wrap-around,
 * luaV_idiv/luaV_mod, luai_nummod, luai_numpow with its b == 2 case, exact integer-float
 * comparisons).  Values are tagged: nil, boolean, integer, float, object (a proxy: C, C.u, stage,
 * E, S, tester; only its truth is used).  Every case where Lua would raise an error returns
 * DEFER, and the caller asks Lua.
 */
#include "cond.h"
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

enum { V_NIL, V_BOOL, V_INT, V_FLT, V_OBJ };
typedef struct val {
    int t;
    union {
        double f;
        long long i;
        int b;
    } u;
} val;

enum {
    K_CONST, K_C, K_CFIELD, K_CVEC, K_OBJ, K_STAGE, K_E, K_S, K_TESTER,
    K_NOT, K_NEG, K_AND, K_OR, K_BIN, K_ABS, K_SQRT
};
enum { B_ADD, B_SUB, B_MUL, B_DIV, B_IDIV, B_MOD, B_POW, B_LT, B_LE, B_GT, B_GE, B_EQ, B_NE, B_AND, B_OR };
enum { CF_UN, CF_KN, CF_KT, CF_CONTA, CF_STATE };
enum { SF_STEP, SF_TIME, SF_HADC, SF_HASC, SF_BROKEN, SF_REBOUND, SF_CTIME, SF_TIMEC0, SF_BOUNCES, SF_INDEX };
enum { XF_STEP, XF_TIME, XF_DT, XF_STAGE, XF_ABWEIGHT };

typedef struct node {
    int kind, op, field; /* field: which field / vector / law state index */
    int a, b;            /* children (node indices) */
    val k;               /* K_CONST */
} node;

/* The shapes most `until` strings have, evaluated without walking the tree (lt_cond_eval gives
 * the same answer either way; tests/test_cond.c compares them): "not C", and a float quantity of
 * the contact compared with a number, alone or behind "C and". */
enum { FAST_NONE, FAST_NOT_C, FAST_CMP, FAST_C_AND_CMP };
typedef struct fast_form {
    int kind;
    int op;       /* B_LT, B_LE, B_GT or B_GE, with the quantity on the left */
    double k;     /* the number */
    size_t off;   /* where the quantity is in an lt_view (leaf_offset) */
} fast_form;

struct lt_cond {
    node *n;
    int count, cap, root;
    unsigned names;
    fast_form fast;
};

#define DEFER (-1)

static void find_fast_form(lt_cond *c);

/* ---- lexer ------------------------------------------------------------------------------ */

enum { T_EOF, T_NAME, T_NUM, T_OP, T_BAD };

typedef struct parser {
    const char *p;        /* next character */
    int tok;              /* current token */
    const char *s;        /* its text */
    size_t len;
    char op[3];           /* T_OP: the operator */
    val num;              /* T_NUM */
    lt_cond *c;
    const lt_law *law;
    int depth;
    int bad;              /* outside the grammar */
} parser;

static int is_alpha(int ch) { return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || ch == '_'; }
static int is_digit(int ch) { return ch >= '0' && ch <= '9'; }
static int is_xdigit(int ch) { return is_digit(ch) || ((ch | 32) >= 'a' && (ch | 32) <= 'f'); }
static int is_space(int ch) { return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == '\f' || ch == '\v'; }

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
        } else if (is_xdigit((unsigned char)*q) || *q == '.') {
            q++;
        } else {
            break;
        }
    }
    if (is_alpha((unsigned char)*q) || is_digit((unsigned char)*q)) return T_BAD;
    size_t n = (size_t)(q - ps->p);
    char buf[64];
    if (n >= sizeof buf) return T_BAD;
    memcpy(buf, ps->p, n);
    buf[n] = 0;
    ps->s = ps->p;
    ps->len = n;
    ps->p = q;
    int digits_only = 1;
    for (size_t i = 0; i < n; i++)
        if (!is_digit((unsigned char)buf[i])) digits_only = 0;
    if (digits_only) {
        unsigned long long a = 0;
        int overflow = 0;
        for (size_t i = 0; i < n; i++) {
            unsigned d = (unsigned)(buf[i] - '0');
            if (a > (unsigned long long)LLONG_MAX / 10 || a * 10 + d > (unsigned long long)LLONG_MAX) overflow = 1;
            a = a * 10 + d;
        }
        if (!overflow) {
            ps->num.t = V_INT;
            ps->num.u.i = (long long)a;
            return T_NUM;
        }
    }
    for (size_t i = 0; i < n; i++)
        if (buf[i] == 'n' || buf[i] == 'N') return T_BAD; /* Lua refuses "inf"/"nan" */
    char *end;
    double x = strtod(buf, &end);
    if (*end) return T_BAD;
    ps->num.t = V_FLT;
    ps->num.u.f = x;
    return T_NUM;
}

static void next(parser *ps)
{
    while (is_space((unsigned char)*ps->p)) ps->p++;
    const char *q = ps->p;
    ps->s = q;
    ps->len = 0;
    if (!*q) {
        ps->tok = T_EOF;
        return;
    }
    if (is_alpha((unsigned char)*q)) {
        while (is_alpha((unsigned char)*q) || is_digit((unsigned char)*q)) q++;
        ps->len = (size_t)(q - ps->p);
        ps->p = q;
        ps->tok = T_NAME;
        return;
    }
    if (is_digit((unsigned char)*q) || (*q == '.' && is_digit((unsigned char)q[1]))) {
        ps->tok = lex_number(ps);
        return;
    }
    static const char *const two[] = {"<=", ">=", "==", "~=", "//", NULL};
    for (int i = 0; two[i]; i++)
        if (q[0] == two[i][0] && q[1] == two[i][1]) {
            memcpy(ps->op, two[i], 3);
            ps->p += 2;
            ps->tok = T_OP;
            return;
        }
    /* "--" (comment), "..", "<<", ">>" and every other character are outside the grammar */
    if ((q[0] == '-' && q[1] == '-') || (q[0] == '.' && q[1] == '.') || (q[0] == '<' && q[1] == '<') ||
        (q[0] == '>' && q[1] == '>') || !strchr("+-*/%^<>()[].", *q)) {
        ps->tok = T_BAD;
        return;
    }
    ps->op[0] = *q;
    ps->op[1] = 0;
    ps->p++;
    ps->tok = T_OP;
}

static int tok_is(const parser *ps, const char *op) { return ps->tok == T_OP && strcmp(ps->op, op) == 0; }
static int name_is(const parser *ps, const char *name)
{
    return ps->tok == T_NAME && ps->len == strlen(name) && memcmp(ps->s, name, ps->len) == 0;
}

/* ---- nodes ------------------------------------------------------------------------------ */

static int add_node(parser *ps, int kind, int op, int field, int a, int b)
{
    lt_cond *c = ps->c;
    if (c->count == c->cap) {
        int cap = c->cap ? 2 * c->cap : 16;
        node *nn = realloc(c->n, (size_t)cap * sizeof *nn);
        if (!nn) {
            ps->bad = 1;
            return 0;
        }
        c->n = nn;
        c->cap = cap;
    }
    node *n = &c->n[c->count];
    memset(n, 0, sizeof *n);
    n->kind = kind, n->op = op, n->field = field, n->a = a, n->b = b;
    return c->count++;
}

static int add_const(parser *ps, val v)
{
    int i = add_node(ps, K_CONST, 0, 0, 0, 0);
    if (!ps->bad) ps->c->n[i].k = v;
    return i;
}

/* ---- parser ----------------------------------------------------------------------------- */

static int subexpr(parser *ps, int limit);

static int fail(parser *ps)
{
    ps->bad = 1;
    return 0;
}

/* After NAME "." : read the field name into a NUL-terminated buffer. */
static int field_name(parser *ps, char *buf, size_t n)
{
    next(ps);
    if (!tok_is(ps, ".")) return 0;
    next(ps);
    if (ps->tok != T_NAME || ps->len >= n) return fail(ps);
    memcpy(buf, ps->s, ps->len);
    buf[ps->len] = 0;
    next(ps);
    return 1;
}

static int index_of(const char *const *names, const char *k)
{
    for (int i = 0; names[i]; i++)
        if (strcmp(names[i], k) == 0) return i;
    return -1;
}

/* C, C.field, C.u[exp] */
static int parse_c(parser *ps)
{
    char k[64];
    ps->c->names |= LT_COND_C;
    if (!field_name(ps, k, sizeof k)) return ps->bad ? 0 : add_node(ps, K_C, 0, 0, 0, 0);
    static const char *const fixed[] = {"uN", "kn", "kt", "contA", NULL};
    static const char *const vecs[] = {"u", "v", "f", NULL};
    int i = index_of(fixed, k);
    if (i >= 0) return add_node(ps, K_CFIELD, 0, i, 0, 0);
    i = index_of(vecs, k);
    if (i >= 0) {
        if (!tok_is(ps, "[")) return add_node(ps, K_OBJ, 0, 1, 0, 0); /* the vector itself */
        next(ps);
        int e = subexpr(ps, 0);
        if (ps->bad || !tok_is(ps, "]")) return fail(ps);
        next(ps);
        return add_node(ps, K_CVEC, 0, i, e, 0);
    }
    for (int s = 0; s < ps->law->n_state; s++)
        if (strcmp(ps->law->state_names[s], k) == 0) return add_node(ps, K_CFIELD, 0, CF_STATE + s, 0, 0);
    return fail(ps); /* Lua: "C has no field" */
}

static int parse_proxy(parser *ps, int kind, unsigned bit, const char *const *fields)
{
    char k[64];
    ps->c->names |= bit;
    if (!field_name(ps, k, sizeof k)) return ps->bad ? 0 : add_node(ps, K_OBJ, 0, 0, 0, 0);
    if (kind == K_E) {
        const lt_law *law = ps->law;
        for (int i = 0; i < lt_energy_count(law); i++)
            if (strcmp(lt_energy_name(law, i), k) == 0) return add_node(ps, K_E, 0, i, 0, 0);
        val nil = {V_NIL, {0}};
        return add_const(ps, nil); /* E is a dict: an absent energy is nil */
    }
    int i = index_of(fields, k);
    return i < 0 ? fail(ps) : add_node(ps, kind, 0, i, 0, 0);
}

static int parse_math(parser *ps)
{
    char k[16];
    ps->c->names |= LT_COND_MATH;
    if (!field_name(ps, k, sizeof k)) return fail(ps);
    int kind = strcmp(k, "abs") == 0 ? K_ABS : strcmp(k, "sqrt") == 0 ? K_SQRT : -1;
    if (kind < 0 || !tok_is(ps, "(")) return fail(ps);
    next(ps);
    int e = subexpr(ps, 0);
    if (ps->bad || !tok_is(ps, ")")) return fail(ps);
    next(ps);
    return add_node(ps, kind, 0, 0, e, 0);
}

static int simpleexp(parser *ps)
{
    static const char *const stage_f[] = {"step", "time", "hadC", "hasC", "broken", "rebound", "cTime", "timeC0",
                                          "bounces", "index", NULL};
    static const char *const s_f[] = {"step", "time", "dt", NULL};
    static const char *const tester_f[] = {"step", "time", "dt", "stage", "abWeight", NULL};
    if (ps->tok == T_NUM) {
        int i = add_const(ps, ps->num);
        next(ps);
        return i;
    }
    if (tok_is(ps, "(")) {
        next(ps);
        int e = subexpr(ps, 0);
        if (ps->bad || !tok_is(ps, ")")) return fail(ps);
        next(ps);
        if (ps->tok == T_OP && (tok_is(ps, ".") || tok_is(ps, "[") || tok_is(ps, "("))) return fail(ps);
        return e;
    }
    if (ps->tok != T_NAME) return fail(ps);
    val v = {V_NIL, {0}};
    if (name_is(ps, "nil") || name_is(ps, "true") || name_is(ps, "false")) {
        if (!name_is(ps, "nil")) v.t = V_BOOL, v.u.b = name_is(ps, "true");
        next(ps);
        return add_const(ps, v);
    }
    int r;
    if (name_is(ps, "C")) r = parse_c(ps);
    else if (name_is(ps, "stage")) r = parse_proxy(ps, K_STAGE, LT_COND_STAGE, stage_f);
    else if (name_is(ps, "E")) r = parse_proxy(ps, K_E, LT_COND_E, NULL);
    else if (name_is(ps, "S")) r = parse_proxy(ps, K_S, LT_COND_S, s_f);
    else if (name_is(ps, "tester")) r = parse_proxy(ps, K_TESTER, LT_COND_TESTER, tester_f);
    else if (name_is(ps, "math")) r = parse_math(ps);
    else return fail(ps); /* another global, or a keyword outside the grammar */
    /* no further suffix: indexing or calling a number is a Lua error, a field of a vector too */
    if (tok_is(ps, ".") || tok_is(ps, "[") || tok_is(ps, "(")) return fail(ps);
    return r;
}

static int binop(const parser *ps, int *left, int *right)
{
    static const struct { const char *s; int op, l, r; } ops[] = {
        {"+", B_ADD, 10, 10}, {"-", B_SUB, 10, 10}, {"*", B_MUL, 11, 11}, {"/", B_DIV, 11, 11},
        {"//", B_IDIV, 11, 11}, {"%", B_MOD, 11, 11}, {"^", B_POW, 14, 13}, {"<", B_LT, 3, 3},
        {"<=", B_LE, 3, 3}, {">", B_GT, 3, 3}, {">=", B_GE, 3, 3}, {"==", B_EQ, 3, 3}, {"~=", B_NE, 3, 3}};
    if (name_is(ps, "and")) return *left = *right = 2, B_AND;
    if (name_is(ps, "or")) return *left = *right = 1, B_OR;
    if (ps->tok != T_OP) return -1;
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
        if (strcmp(ps->op, ops[i].s) == 0) return *left = ops[i].l, *right = ops[i].r, ops[i].op;
    return -1;
}

#define UNARY_PRIORITY 12

static int subexpr(parser *ps, int limit)
{
    if (ps->bad || ++ps->depth > 200) return fail(ps);
    int e;
    if (name_is(ps, "not") || tok_is(ps, "-")) {
        int kind = name_is(ps, "not") ? K_NOT : K_NEG;
        next(ps);
        int a = subexpr(ps, UNARY_PRIORITY);
        e = add_node(ps, kind, 0, 0, a, 0);
    } else {
        e = simpleexp(ps);
    }
    int l, r, op;
    while (!ps->bad && (op = binop(ps, &l, &r)) >= 0 && l > limit) {
        next(ps);
        int b = subexpr(ps, r);
        e = add_node(ps, op == B_AND ? K_AND : op == B_OR ? K_OR : K_BIN, op, 0, e, b);
    }
    ps->depth--;
    return e;
}

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
    c->root = subexpr(&ps, 0);
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

static val mk_int(long long i) { val v = {V_INT, {0}}; v.u.i = i; return v; }
static val mk_flt(double f) { val v = {V_FLT, {0}}; v.u.f = f; return v; }
static val mk_bool(int b) { val v = {V_BOOL, {0}}; v.u.b = b != 0; return v; }
static int truthy(val v) { return !(v.t == V_NIL || (v.t == V_BOOL && !v.u.b)); }
static int is_num(val v) { return v.t == V_INT || v.t == V_FLT; }
static double to_flt(val v) { return v.t == V_INT ? (double)v.u.i : v.u.f; }
/* integers that convert to double exactly: comparing them as doubles is Lua's exact rule */
static int fits_flt(long long i) { return i >= -(1LL << 53) && i <= (1LL << 53); }

static int arith(int op, val a, val b, val *r)
{
    if (!is_num(a) || !is_num(b)) return DEFER;
    if (a.t == V_INT && b.t == V_INT && op != B_DIV && op != B_POW) {
        unsigned long long x = (unsigned long long)a.u.i, y = (unsigned long long)b.u.i;
        long long m = a.u.i, n = b.u.i;
        switch (op) {
        case B_ADD: *r = mk_int((long long)(x + y)); return 0;
        case B_SUB: *r = mk_int((long long)(x - y)); return 0;
        case B_MUL: *r = mk_int((long long)(x * y)); return 0;
        case B_IDIV: /* luaV_idiv */
            if (n == 0) return DEFER;
            if (n == -1) *r = mk_int((long long)(0ULL - x));
            else {
                long long q = m / n;
                if ((m ^ n) < 0 && m % n != 0) q -= 1;
                *r = mk_int(q);
            }
            return 0;
        default: /* B_MOD, luaV_mod */
            if (n == 0) return DEFER;
            if (n == -1) *r = mk_int(0);
            else {
                long long q = m % n;
                if (q != 0 && (q ^ n) < 0) q += n;
                *r = mk_int(q);
            }
            return 0;
        }
    }
    double x = to_flt(a), y = to_flt(b), m;
    switch (op) {
    case B_ADD: m = x + y; break;
    case B_SUB: m = x - y; break;
    case B_MUL: m = x * y; break;
    case B_DIV: m = x / y; break;
    case B_IDIV: m = floor(x / y); break;
    case B_POW: m = y == 2 ? x * x : pow(x, y); break;
    default: /* luai_nummod */
        m = fmod(x, y);
        if ((m > 0) ? y < 0 : (m < 0 && y != m)) m += y;
        break;
    }
    *r = mk_flt(m);
    return 0;
}

/* a < b (le = 0) or a <= b (le = 1) on numbers */
static int less(val a, val b, int le, int *out)
{
    if (!is_num(a) || !is_num(b)) return DEFER;
    if (a.t == V_INT && b.t == V_INT) {
        *out = le ? a.u.i <= b.u.i : a.u.i < b.u.i;
        return 0;
    }
    if ((a.t == V_INT && !fits_flt(a.u.i)) || (b.t == V_INT && !fits_flt(b.u.i))) return DEFER;
    double x = to_flt(a), y = to_flt(b);
    *out = le ? x <= y : x < y;
    return 0;
}

static int equal(val a, val b, int *out)
{
    if (is_num(a) && is_num(b)) {
        if (a.t == V_INT && b.t == V_INT) *out = a.u.i == b.u.i;
        else if ((a.t == V_INT && !fits_flt(a.u.i)) || (b.t == V_INT && !fits_flt(b.u.i))) return DEFER;
        else *out = to_flt(a) == to_flt(b);
        return 0;
    }
    if (a.t != b.t) *out = 0;
    else if (a.t == V_NIL) *out = 1;
    else if (a.t == V_BOOL) *out = a.u.b == b.u.b;
    else return DEFER; /* two objects */
    return 0;
}

static int eval(const lt_cond *c, int i, const lt_view *t, val *r)
{
    const node *n = &c->n[i];
    const lt_stage_state *st = &t->st;
    val a, b;
    switch (n->kind) {
    case K_CONST: *r = n->k; return 0;
    case K_C: r->t = t->has_contact ? V_OBJ : V_NIL; return 0;
    case K_OBJ:
        if (n->field && !t->has_contact) return DEFER; /* C.u of a nil C */
        r->t = V_OBJ;
        return 0;
    case K_CFIELD: {
        if (!t->has_contact) return DEFER;
        double x = n->field == CF_UN ? t->u[0] : n->field == CF_KN ? t->resp.k[0] : n->field == CF_KT ? t->resp.k[1]
                 : n->field == CF_CONTA ? t->c.contA : t->law_state[n->field - CF_STATE];
        *r = mk_flt(x);
        return 0;
    }
    case K_CVEC: {
        if (!t->has_contact) return DEFER;
        if (eval(c, n->a, t, &a)) return DEFER;
        long long k;
        if (a.t == V_INT) k = a.u.i;
        else if (a.t == V_FLT && a.u.f >= 1 && a.u.f <= LT_DOF && a.u.f == floor(a.u.f)) k = (long long)a.u.f;
        else return DEFER;
        if (k < 1 || k > LT_DOF) return DEFER;
        const double *v = n->field == 0 ? t->u : n->field == 1 ? t->c.v : t->resp.f;
        *r = mk_flt(v[k - 1]);
        return 0;
    }
    case K_STAGE: {
        int broken = st->hadC && !st->hasC;
        switch (n->field) {
        case SF_STEP: *r = mk_int(st->step); break;
        case SF_TIME: *r = mk_flt(st->time); break;
        case SF_HADC: *r = mk_bool(st->hadC); break;
        case SF_HASC: *r = mk_bool(st->hasC); break;
        case SF_BROKEN: *r = mk_bool(broken); break;
        case SF_REBOUND: *r = mk_bool(st->bounces >= 2 || broken); break;
        case SF_CTIME: *r = mk_flt(st->hadC ? st->time - st->timeC0 : 0); break;
        case SF_TIMEC0: *r = mk_flt(st->timeC0); break;
        case SF_BOUNCES: *r = mk_int(st->bounces); break;
        default: *r = mk_int(t->stage + 1); break;
        }
        return 0;
    }
    case K_E: *r = mk_flt(t->energy[n->field]); return 0;
    case K_S:
        *r = n->field == XF_STEP ? mk_int(t->step) : n->field == XF_TIME ? mk_flt(t->time) : mk_flt(t->test->dt);
        return 0;
    case K_TESTER:
        switch (n->field) {
        case XF_STEP: *r = mk_int(t->step); break;
        case XF_TIME: *r = mk_flt(t->time); break;
        case XF_DT: *r = mk_flt(t->test->dt); break;
        case XF_STAGE: *r = mk_int(t->stage + 1); break;
        default: *r = mk_flt(t->test->abWeight); break;
        }
        return 0;
    case K_NOT:
        if (eval(c, n->a, t, &a)) return DEFER;
        *r = mk_bool(!truthy(a));
        return 0;
    case K_NEG:
        if (eval(c, n->a, t, &a)) return DEFER;
        if (a.t == V_INT) *r = mk_int((long long)(0ULL - (unsigned long long)a.u.i));
        else if (a.t == V_FLT) *r = mk_flt(-a.u.f);
        else return DEFER;
        return 0;
    case K_AND:
    case K_OR:
        if (eval(c, n->a, t, &a)) return DEFER;
        if (truthy(a) == (n->kind == K_OR)) {
            *r = a;
            return 0;
        }
        return eval(c, n->b, t, r);
    case K_ABS:
        if (eval(c, n->a, t, &a)) return DEFER;
        if (a.t == V_INT) *r = a.u.i < 0 ? mk_int((long long)(0ULL - (unsigned long long)a.u.i)) : a;
        else if (a.t == V_FLT) *r = mk_flt(fabs(a.u.f));
        else return DEFER;
        return 0;
    case K_SQRT:
        if (eval(c, n->a, t, &a) || !is_num(a)) return DEFER;
        *r = mk_flt(sqrt(to_flt(a)));
        return 0;
    default: { /* K_BIN */
        if (eval(c, n->a, t, &a) || eval(c, n->b, t, &b)) return DEFER;
        int out;
        switch (n->op) {
        case B_LT: if (less(a, b, 0, &out)) return DEFER; break;
        case B_LE: if (less(a, b, 1, &out)) return DEFER; break;
        case B_GT: if (less(b, a, 0, &out)) return DEFER; break;
        case B_GE: if (less(b, a, 1, &out)) return DEFER; break;
        case B_EQ: if (equal(a, b, &out)) return DEFER; break;
        case B_NE: if (equal(a, b, &out)) return DEFER; out = !out; break;
        default: return arith(n->op, a, b, r);
        }
        *r = mk_bool(out);
        return 0;
    }
    }
}

/* ---- fast forms ------------------------------------------------------------------------- */

/* 1 if node i is a float quantity of the contact that needs no evaluation of a child: a field
 * of C, or C.u/v/f at a constant index 1..6. */
static int contact_leaf(const lt_cond *c, int i)
{
    const node *n = &c->n[i];
    if (n->kind == K_CFIELD) return 1;
    if (n->kind != K_CVEC) return 0;
    const node *k = &c->n[n->a];
    return k->kind == K_CONST && k->k.t == V_INT && k->k.u.i >= 1 && k->k.u.i <= LT_DOF;
}

/* Where the contact quantity of leaf node i is in an lt_view (bytes from its start): found
 * once, when the condition is compiled, so that the fast form reads one double per step. */
static size_t leaf_offset(const lt_cond *c, int i)
{
    const node *n = &c->n[i];
    if (n->kind == K_CVEC) {
        size_t vec = n->field == 0 ? offsetof(lt_view, u) : n->field == 1 ? offsetof(lt_view, c.v) : offsetof(lt_view, resp.f);
        return vec + (size_t)(c->n[n->a].k.u.i - 1) * sizeof(double);
    }
    return n->field == CF_UN      ? offsetof(lt_view, u)
         : n->field == CF_KN      ? offsetof(lt_view, resp.k)
         : n->field == CF_KT      ? offsetof(lt_view, resp.k) + sizeof(double)
         : n->field == CF_CONTA   ? offsetof(lt_view, c.contA)
                                  : offsetof(lt_view, law_state) + (size_t)(n->field - CF_STATE) * sizeof(double);
}

/* Node i as "quantity op number" (the number exact as a double), into f; 0 if it is not. */
static int as_comparison(const lt_cond *c, int i, fast_form *f)
{
    static const int mirrored[] = {[B_LT] = B_GT, [B_LE] = B_GE, [B_GT] = B_LT, [B_GE] = B_LE};
    const node *n = &c->n[i];
    if (n->kind != K_BIN || !(n->op == B_LT || n->op == B_LE || n->op == B_GT || n->op == B_GE)) return 0;
    int leaf_left = contact_leaf(c, n->a);
    int leaf = leaf_left ? n->a : n->b, num = leaf_left ? n->b : n->a;
    if (!contact_leaf(c, leaf)) return 0;
    int negate = 0; /* a negative number is the negation of a constant: exact either way */
    if (c->n[num].kind == K_NEG) num = c->n[num].a, negate = 1;
    if (c->n[num].kind != K_CONST) return 0;
    val k = c->n[num].k;
    if (!(k.t == V_FLT || (k.t == V_INT && fits_flt(k.u.i)))) return 0;
    f->off = leaf_offset(c, leaf);
    f->op = leaf_left ? n->op : mirrored[n->op];
    f->k = negate ? -to_flt(k) : to_flt(k);
    return 1;
}

static void find_fast_form(lt_cond *c)
{
    const node *r = &c->n[c->root];
    fast_form f = {FAST_NONE, 0, 0, 0};
    if (r->kind == K_NOT && c->n[r->a].kind == K_C) f.kind = FAST_NOT_C;
    else if (as_comparison(c, c->root, &f)) f.kind = FAST_CMP;
    else if (r->kind == K_AND && c->n[r->a].kind == K_C && as_comparison(c, r->b, &f)) f.kind = FAST_C_AND_CMP;
    c->fast = f;
}

static int fast_eval(const lt_cond *c, const lt_view *t)
{
    const fast_form *f = &c->fast;
    if (f->kind == FAST_NOT_C) return !t->has_contact;
    if (!t->has_contact) return f->kind == FAST_CMP ? DEFER : 0; /* C.x of a nil C: Lua's error; C and ...: nil */
    double x;
    memcpy(&x, (const char *)t + f->off, sizeof x);
    switch (f->op) {
    case B_LT: return x < f->k;
    case B_LE: return x <= f->k;
    case B_GT: return x > f->k;
    default: return x >= f->k;
    }
}

int lt_cond_is_fast(const lt_cond *c) { return c->fast.kind != FAST_NONE; }

int lt_cond_bound(const lt_cond *c, size_t *off, double *k)
{
    if (c->fast.kind != FAST_CMP && c->fast.kind != FAST_C_AND_CMP) return 0;
    *off = c->fast.off;
    *k = c->fast.k;
    return 1;
}

int lt_cond_eval(const lt_cond *c, const lt_tester *tester)
{
    const lt_view *t = lt_tester_view(tester);
    if (c->fast.kind != FAST_NONE) return fast_eval(c, t);
    val v;
    if (eval(c, c->root, t, &v)) return DEFER;
    return truthy(v);
}
