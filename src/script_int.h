/* src/script_int.h - what the parts of the scripting layer share (not a public header):
 * script.c (the sandbox, the lawtester library, running a file), script_test.c (test tables
 * to lt_test), script_scope.c (what until/done see: proxies, compiled and Lua conditions),
 * script_run.c (running one test table: records, summaries, results), script_probe.c
 * (lawtester.probe_yield). */
#ifndef LT_SCRIPT_INT_H
#define LT_SCRIPT_INT_H
#include "cond.h"
#include "conv.h"
#include "driver.h"
#include "afile.h"
#include "meta.h"
#include "record.h"
#include "script.h"
#include "script_limits.h"
#include "srcloc.h"
#include <lauxlib.h>
#include <lua.h>

typedef struct script_ctx {
    const char *path;
    const char *src;
    size_t src_len;
    srcloc *loc;
    const lt_script_opts *opts;
    lua_State *L;
    int env_ref;       /* the sandbox environment of the script (or _G when unsafe) */
    int n_runs;
    lua_CFunction math_abs, math_sqrt; /* the genuine math.abs, math.sqrt (compiled conditions) */
    lt_limits lim;     /* instruction budget and memory cap of L (script_limits.h) */
    int callback_depth; /* > 0 while an until or done runs: runs do not nest */
} script_ctx;

typedef struct run_ctx run_ctx;

/* The functions among a stage's values (script_values.c): the driver's value_ctx, allocated for
 * a stage that has one (lt_stage.value_ctx; run_release frees it). */
typedef struct stage_values {
    run_ctx *run;
    int stage_no;      /* 1-based */
    int ref[LT_DOF];   /* the function of DoF k (LUA_NOREF: a number) */
    int line[LT_DOF];  /* its line, for messages */
} stage_values;

typedef struct stage_cb {
    run_ctx *run;
    int ref;           /* compiled chunk or user function */
    int is_function;   /* user function: called with (C, stage, E, S, tester) */
    int stage_no;      /* 1-based */
    int line;
    const char *what;  /* "until" or "done" */
    lt_cond *cond;     /* string until compiled to C (NULL: Lua evaluates it) */
    long validated;    /* run_ctx.lua_epoch at which cond's names were last checked */
} stage_cb;

struct run_ctx {
    script_ctx *sc;
    lua_State *L;
    lt_tester *t;
    lt_test test;
    stage_cb *cbs;     /* 2 per stage */
    int env_ref;       /* environment of string conditions */
    int proxy_ref[5];  /* C, stage, E, S, tester */
    int env_mt_ref;    /* metatable of env_ref */
    int cb_error;
    long lua_epoch;    /* counts the calls into Lua during the run (they may rebind names) */
    /* What a run holds outside Lua.  run_release() frees it on every way out; the run_ctx is a
     * userdata whose __gc calls run_release too, so an error that unwinds past the explicit calls
     * (the memory cap hit inside a Lua API call, say) leaks nothing and leaves no temporary file
     * (at the latest when the state closes). */
    char *name;
    char *file;             /* the record's final path, once written */
    lt_tester *tester;
    lt_record rec;
    lt_meta meta;
    int rec_open, meta_open;
    lt_pending pending;     /* files ready to be renamed to their final names together */
    void (*release_extra)(run_ctx *r); /* frees what a probe holds (script_probe.c) */
    void *extra;
};

enum { PX_C, PX_STAGE, PX_E, PX_S, PX_TESTER };
extern const char *const proxy_names[5];

/* script_scope.c */
void register_proxy_metatables(lua_State *L);
void make_proxies(lua_State *L, run_ctx *r);
const char *strip_chunk_prefix(const char *msg);
int stage_callback(void *ctx, lt_tester *t);
int load_string_callback(lua_State *L, const char *s, int is_until, int env_ref);
void read_callback(conv *cv, run_ctx *r, int stage_tbl, const char *key, const char *alias, int stage_no,
                   stage_cb *cb, lt_stage_cb *fn, void **ctx);

/* script_values.c */
void read_stage_values(conv *cv, run_ctx *r, int st, int stage_no, lt_stage *s);
void release_stage_values(run_ctx *r);

/* script_test.c */
void read_test(conv *cv, run_ctx *r, int t, char **name_out);
/* A new run_ctx, pushed as a userdata (freed by the GC; run_release on __gc). */
run_ctx *run_new(lua_State *L, script_ctx *sc);
/* Free everything the run holds (idempotent): references, stages, the tester, open records
 * (their temporary files removed), pending files; the run's proxies are invalidated, so a C,
 * stage, E, S or tester kept by the script after its run ends raises an error when used. */
void run_release(run_ctx *r);
void register_run_metatable(lua_State *L);
int valid_name(const char *s);

/* script_run.c */
void run_test_table(script_ctx *sc, lua_State *L, int idx, int call_line);
void cap_steps(const lt_script_opts *o, lt_test *test);
typedef struct read_args {
    conv cv;
    run_ctx *r;
    int idx;
    char **name;
} read_args;
int protected_read(lua_State *L);

/* script_probe.c */
int lib_probe_yield(lua_State *L);
int lib_shard(lua_State *L);

/* script.c */
script_ctx *lib_ctx(lua_State *L);
extern const luaL_Reg lawtester_lib[];

/* script_sandbox.c */
void push_environment(script_ctx *sc, lua_State *L);

/* script_run.c: copies of the final names of the n pending files from index first (a run's
 * plots), taken before pending_publish empties the set (NULL if n is 0 or memory is short: then
 * they are not listed); plotted_report prints "  plotted NAME" for each when print is set, and
 * frees them. */
char **plotted_names(const lt_pending *p, int first, int n);
void plotted_report(char **names, int n, int print);

#endif
