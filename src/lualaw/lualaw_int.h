/* src/lualaw/lualaw_int.h - what the files of Lua laws share (not a public header): lualaw.c reads
 * a `lawtester.law{...}` table into a binding (lua_law: the lt_law descriptor and what the call
 * into Lua needs), yield_cases.c the law's yield surface and analytic cases; slots.c holds the
 * slots and the trampolines, call.c the call into Lua, call_extra.c its Lua side for the yield
 * functions and the closed forms; tables.c makes the tables the law sees and their guards;
 * script_verify_law.c is `lawtester.verify_law`.  docs/lua-laws.md is the reference of the Lua
 * side.
 */
#ifndef LT_LUALAW_INT_H
#define LT_LUALAW_INT_H
#include "lua/conv.h"
#include "lualaw/lualaw.h"
#include <lauxlib.h>

#define LUA_LAW_SLOTS 32 /* Lua laws registered at once (all scripts of the process) */

#define LUA_LAW_MAX_CASES 16 /* cases of one Lua law */
#define CASE_SLOTS 128       /* cases of all Lua laws registered at once */
#define LUA_LAW_MAX_KNOWN 32 /* known defects of one Lua law (known.c) */

/* The functions of a law's yield surface and of its cases' closed forms, as a call names them. */
enum { X_FT_MAX, X_FN_MAX, X_YIELDING, X_EXCESS, X_EXPECT, X_ALONG, X_CURVE, X_COMMANDS, X_KNOWN };
/* Their field names: X_FT_MAX ... X_EXCESS, and X_EXPECT ... X_CURVE (call_extra.c). */
extern const char *const lt_lua_law_yield_fn_names[4];
extern const char *const lt_lua_law_case_fn_names[3];

/* A known defect of the law (known.c): a row of verify (its case, the start of its quantity),
 * why, and the line of its `when(p)` (0: none, always). */
typedef struct lua_law_known {
    const char *row, *why;
    int case_len; /* the case's length in row */
    int when_line;
} lua_law_known;

/* A law's yield surface and cases (yield_cases.c reads them), and the call of one of their
 * functions in progress. */
typedef struct lua_law_extra {
    /* registry: { ft_max, fn_max, yielding, excess, s, cases = {{expect, along, curve}} } */
    int ref;
    lt_yield yield;
    int has_fn_max_number;  /* fn_max given as a number: */
    double fn_max_number;   /* N */
    int yield_line[4];      /* where the yield functions are defined */
    char yield_what[4][32]; /* "yield.ft_max", ... */
    lt_case cases[LUA_LAW_MAX_CASES];
    int n_cases;
    int slot[LUA_LAW_MAX_CASES]; /* each case's slot in case_slots (-1: none) */
    int case_line[LUA_LAW_MAX_CASES][3];
    char *case_what[LUA_LAW_MAX_CASES][3]; /* "case 'NAME' expect", ... */
    void **owned;                          /* strings kept for the law's life */
    int n_owned, cap_owned;
    /* a hosted law's `commands` given as a function of p (hosted_law.c): where it is defined (0:
     * none), and what its last call returned (strings owned here until the next call) */
    int commands_line;
    char **cmd;
    int n_cmd;
    /* its known defects (known.c; their `when` functions in the registry table, as known) */
    lua_law_known known[LUA_LAW_MAX_KNOWN];
    int n_known;
    /* the call in progress */
    int what, kase;
    double fn, uN, s;
    const double *f;
    const lt_case_env *env;
    lt_expect *ex;
    double result, out[LT_ALONG_COUNT], curve[2];
} lua_law_extra;

struct lt_hosted;

typedef struct lua_law {
    lua_law_script *script;   /* the script that defines the law */
    struct lt_hosted *hosted; /* a hosted law's engine (hosted_law.c), else NULL */
    lua_State *T;             /* the law's thread; stack slot 1: the law_call closure */
    int thread_ref;           /* registry reference that keeps T */
    int slot;
    const lt_law *law;        /* the registered copy (NULL until registered) */
    int line;                 /* line of the lawtester.law call */
    int step_line, init_line; /* where the functions are defined (for errors without a location) */
    int has_init;
    const char *file;     /* the file the law table is written in: the script, or a module it
                           required (lua/require.h); messages of its functions name it */
    lua_law_extra *extra; /* the yield surface and the cases (NULL: none) */
    lt_law desc;          /* what is registered (lt_register_law copies this, not the tables) */
    lt_param params[LT_MAX_PARAMS];
    const char *state_names[LT_MAX_STATE];
    lt_energy_def energies[LT_MAX_ENERGIES];
    void **owned; /* every string and choice list above */
    int n_owned, cap_owned;
    /* the call in progress: what it calls (for messages) and the line of that function */
    int mode;
    const char *call_what;
    int call_line;
    const double *param;
    const lt_contact *c;
    double *state;
    lt_response *out;
    int alive;
    /* what the tables p and c hold now (refreshed only when the values change) */
    double pcache[LT_MAX_PARAMS];
    int p_valid;
    lt_contact ccache;
    lt_material mcache[2];
    int c_valid;
    const double *s_ptr; /* the state array s was last read back into, and its values */
    double s_last[LT_MAX_STATE];
    int s_valid;
    /* an error inside init or step, kept until the script layer reports it */
    int failed;
    int err_line;
    const char *err_what;
    char err[800];
} lua_law;

/* The upvalues of the closure that calls the law (call.c).  The law gets U_PP, U_CP,
 * U_S and U_OUT; lawtester writes the real tables behind the proxies (tables.c). */
enum {
    U_BINDING = 1,
    U_STEP,
    U_INIT,
    U_P,
    U_PP, /* the parameters; p, its read-only proxy */
    U_C,
    U_CP, /* the contact; c, its read-only proxy (c.v, c.lens, ... are proxies of: */
    U_V,
    U_LENS,
    U_RCURV,
    U_MAT1,
    U_MAT2, /* these lists and the two materials' tables) */
    U_S,    /* the state: its declared keys only */
    U_F,
    U_K,
    U_E,   /* out.f, out.k, out.e: their declared keys only */
    U_OUT, /* out: a read-only proxy of { f, k, e } */
    U_KEY_UN,
    U_KEY_FRESH,
    U_KEYS, /* a list of the n_state state keys, then the n_energies energy keys (one
                            upvalue: a C closure has at most 255, a law up to LT_MAX_STATE keys) */
    U_NUP = U_KEYS
};

/* The modes of law_call (call.c): a contact's init or step, or one of the law's other
 * functions (a yield function, a case's closed form: lt_lua_law_call_extra), which sees p for
 * b->param and, when b->state is not NULL, s for b->state (read-only: nothing is read back). */
enum { LT_LUA_MODE_INIT, LT_LUA_MODE_STEP, LT_LUA_MODE_EXTRA };

/* Enter Lua once with the binding's arguments and mode set (call.c): 1, or 0 after the
 * error was kept in the binding (b->failed, b->err; b->call_what and b->call_line name the
 * function for a message without a location). */
int lt_lua_law_enter(lua_law *b);

/* Inside law_call, mode LT_LUA_MODE_EXTRA (call_extra.c): call the function b->extra
 * names and read what it returns; raises on a bad result. */
void lt_lua_law_call_extra(lua_State *T, lua_law *b);

/* s kept as long as the law (with x; NULL: out of memory; call_extra.c). */
const char *lt_lua_law_keep(lua_law_extra *x, const char *s);

/* The names of the load values of each kind (law.h, lt_case_kind), in load[] order; their number
 * in *n (call_extra.c). */
const char *const *lt_lua_law_load_names(lt_case_kind kind, int *n);

/* Read `yield` and `cases` of the law table at index t (after the params, state and energies,
 * and after lt_lua_law_make_binding) into b->desc, their functions bound to the law's slot
 * (yield_cases.c); errors are field errors of cv. */
void lt_lua_law_read_extras(conv *cv, lua_law *b, int t, int slot);

/* Free what lt_lua_law_read_extras took (the strings, b->extra; call_extra.c); from
 * the binding's __gc, after lt_lua_law_unbind_cases. */
void lt_lua_law_free_extras(lua_law *b);

/* Push a read-only proxy of the table at index t: a write is "HEAD: NAME.key = value HINT"
 * (tables.c). */
void lt_lua_law_push_readonly(lua_State *L, int t, const char *name, const char *head,
                              const char *hint);

/* Push the upvalues U_P ... U_KEYS of binding b (tables.c). */
void lt_lua_law_push_tables(lua_State *L, lua_law *b);

/* Inside the closure: remove from the table at index t every key other than the n keys U_KEYS[first
 * + 1 ...] (keys only rawset can have added; a contact starts without them). */
void lt_lua_law_sweep(lua_State *T, int t, int first, int n);

/* ---- hosted laws (hosted_law.c): a law table with `engine` ---------------------------------- */

/* A hosted law has no state, energies, init or step of its own: a field error if t gives one. */
void lt_lua_law_refuse_own_step(conv *cv, int t);
/* A law with a step of its own has no `library` or `commands`: a field error if t gives one. */
void lt_lua_law_refuse_engine_fields(conv *cv, int t);
/* Push the placeholder step and init of a hosted law's binding (lt_lua_law_make_binding's). */
void lt_lua_law_push_hosted_step(lua_State *L);
/* `engine`, `library`, `commands` of t: the engine's library loaded, the commands kept, into
 * b->hosted (and returned); field errors of cv. */
struct lt_hosted *lt_lua_law_read_engine(conv *cv, lua_law *b, int t);
/* The registered law b->law takes its engine (its host in the registry): the commands' ${NAME}
 * checked, the engine set up once with the defaults; field errors of cv. */
void lt_lua_law_host_engine(conv *cv, lua_law *b);

/* A hosted law's `commands` function called with the parameters param (slots.c): 1 with the
 * commands it returned in b->extra->cmd, b->extra->n_cmd; 0 after its error was kept in the
 * binding (b->err). */
int lt_lua_law_commands(lua_law *b, const double *param);

/* ---- known defects (known.c) --------------------------------------------------------------- */

/* `known` of the law table at t into b->extra (its `when` functions into X.known). */
void lt_lua_law_read_known(conv *cv, lua_law *b, int t, int X);
/* The registered law b->law takes its known defects (lt_law_set_known), if it has any. */
void lt_lua_law_register_known(lua_law *b);
/* known[i].when(p) called with the parameters param (slots.c): 1 with its truth in
 * b->extra->result (0 or 1); 0 after its error was kept in the binding. */
int lt_lua_law_known_when(lua_law *b, int i, const double *param);

/* The binding of each slot (NULL: free); slot k's trampolines call the law of
 * lt_lua_law_slots[k] (slots.c).  Process-wide, not locked: lawtester runs a script on
 * one thread. */
extern lua_law *lt_lua_law_slots[LUA_LAW_SLOTS];

/* d->init and d->step: the trampolines of slot (0 <= slot < LUA_LAW_SLOTS). */
void lt_lua_law_bind_slot(lt_law *d, int slot);

/* y's functions: the yield trampolines of law slot `slot` (excess only with_excess). */
void lt_lua_law_bind_yield(lt_yield *y, int slot, int with_excess);

/* Case kase of b takes a free case slot: the case's expect, along and curve (those it defines)
 * become the slot's trampolines.  The slot, or -1 when every one of CASE_SLOTS is taken. */
int lt_lua_law_bind_case(lua_law *b, int kase);

/* b's cases leave their case slots (the binding's __gc). */
void lt_lua_law_unbind_cases(lua_law *b);

/* Make the closure that calls the law on a new thread of L, b->T (the binding's tables, its
 * step and init functions at the stack indices step_idx and init_idx; init may be nil;
 * call.c). */
void lt_lua_law_make_binding(lua_State *L, lua_law *b, int step_idx, int init_idx);

#endif
