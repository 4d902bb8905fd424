/* src/script/script_int.h - what the parts of the stage scripts share (not a public header):
 * script.c (the lawtester library, running a file), script_table.c (test tables to lt_test),
 * script_scope.c (what until/done see: proxies, compiled and Lua conditions), script_run.c (running
 * one test table; its failure: script_failure.c, its files: script_publish.c, its summary and
 * results: script_report.c), script_probe.c (lawtester.probe_yield). */
#ifndef LT_SCRIPT_INT_H
#define LT_SCRIPT_INT_H
#include "driver/driver.h"
#include "lua/conv.h"
#include "lua/limits.h"
#include "lua/srcloc.h"
#include "lualaw/lualaw.h"
#include "output/afile.h"
#include "output/meta.h"
#include "output/outlimit.h"
#include "output/record.h"
#include "script/cond.h"
#include "script/quantities.h"
#include "script/script.h"
#include <lauxlib.h>
#include <lua.h>

typedef struct script_ctx {
    /* the script's path quoted, its fields' lines, the limits of L and the entries into it: what
     * its Lua laws see too (lualaw/lualaw.h) */
    lua_law_script script;
    const char *given_path; /* the path as given: the test's default name comes from it */
    const char *src;
    size_t src_len;
    const lt_script_opts *opts;
    lua_State *L;
    int env_ref; /* the sandbox environment of the script (or _G when unsafe) */
    int n_runs;
    long long steps_run; /* steps driven by all runs of the script so far */
    /* Where the test table being run sits in the returned value when it is not the returned value
     * itself (a case file's cases[i].test, script_cases.c): messages name the field from there. */
    srcloc_key test_path[3];
    int test_depth;
    int keep_rows;   /* results of runs get `rows`, every recorded state (case files) */
    lt_outlimit out; /* what the whole script may still write (outlimit.h) */
} script_ctx;

typedef struct run_ctx run_ctx;

/* What until/done see: the contact, the stage counters, the energies, the scene, the tester, and
 * the bodies A and B (script_scope.c; their fields: quantities.h). */
enum {
    PX_C = LT_PX_C,
    PX_STAGE = LT_PX_STAGE,
    PX_E = LT_PX_E,
    PX_S = LT_PX_S,
    PX_TESTER = LT_PX_TESTER,
    PX_A = LT_PX_A,
    PX_B = LT_PX_B,
    N_PROXIES = LT_N_PROXIES
};
/* The functions among a stage's values (script_values.c): the driver's value_ctx, allocated for
 * a stage that has one (lt_stage.value_ctx; lt_run_release frees it). */
typedef struct lua_stage_values {
    run_ctx *run;
    int stage_no;     /* 1-based */
    int ref[LT_DOF];  /* the function of DoF k (LUA_NOREF: a number) */
    int line[LT_DOF]; /* its line, for messages */
} lua_stage_values;

typedef struct stage_cb {
    run_ctx *run;
    int ref;         /* compiled chunk or user function */
    int is_function; /* user function: called with (C, stage, E, S, tester) */
    int stage_no;    /* 1-based */
    int line;
    const char *what; /* "until" or "done" */
    lt_cond *cond;    /* string until compiled to C (NULL: Lua evaluates it) */
    long validated;   /* script.lua_epoch at which cond's names were last checked */
} stage_cb;

struct run_ctx {
    script_ctx *sc;
    lua_State *L;
    lt_tester *t;
    lt_test test;
    stage_cb *cbs;            /* 2 per stage */
    int env_ref;              /* environment of string conditions */
    int proxy_ref[N_PROXIES]; /* C, stage, E, S, tester, A, B */
    int cb_error;
    /* What a run holds outside Lua.  lt_run_release() frees it on every way out; the run_ctx is a
     * userdata whose __gc calls lt_run_release too, so an error that unwinds past the explicit
     * calls
     * (the memory cap hit inside a Lua API call, say) leaks nothing and leaves no temporary file
     * (at the latest when the state closes). */
    char *name;
    char *file; /* the record's final path, once written */
    lt_tester *tester;
    lt_record rec;
    /* the test's record.state: the law's state variables recorded as the last columns, by index,
     * in that order (malloc'ed; on the heap, not in this userdata: a larger userdata moves Lua's
     * garbage collection, and the finalizers an --unsafe script leaves, into the run) */
    int n_rec_state;
    int *rec_state;
    lt_meta meta;
    int rec_open, meta_open; /* the record and the .meta sidecar are open */
    int name_lock;      /* lt_afile_lock of the test's name in the output directory (-1: none) */
    lt_pending pending; /* files ready to be renamed to their final names together */
    void (*release_extra)(run_ctx *r); /* frees what a probe holds (script_probe.c) */
    lt_snapshot *kept; /* script_ctx.keep_rows: the recorded states, for the results' rows */
    long n_kept, cap_kept;
    int keep_failed; /* the kept states outgrew the memory limit */
    int stop;        /* the run's observer stops it: a record write or keeping failed */
    void *extra;
};

extern const char *const lt_proxy_names[N_PROXIES];

/* script_scope.c */
void lt_register_proxy_metatables(lua_State *L);
void lt_make_proxies(lua_State *L, run_ctx *r);
/* A table {pos = {x,y,z}, vel = ..., angvel = ..., mass = m} of body i of t (SI, global frame). */
void lt_push_body_state(lua_State *L, const lt_tester *t, int i);
const char *lt_strip_chunk_prefix(const char *msg);
/* Bytes of an error message printed; the rest is counted, not printed (a script's error may be
 * of any size). */
#define LT_ERROR_PRINT_MAX 4000
/* Seconds the finalizers left at the end of an --unsafe script may run (script.c). */
#define LT_UNSAFE_CLOSE_SECONDS 10
int lt_stage_callback(void *ctx, lt_tester *t);
int lt_load_string_callback(lua_State *L, const char *s, int is_until, int env_ref);
/* Stage s's until_quiet (driver.h) for its until cb: set for a compiled until of the quiet form (a
 * step counter against its bound, cond.h) in a stage over whose steps no Lua runs -- no value
 * functions, a law in C -- so that nothing can rebind the names it reads before its next
 * evaluation; NULL otherwise. */
void lt_set_until_quiet(const stage_cb *cb, lt_stage *s);

void lt_read_callback(conv *cv, run_ctx *r, int stage_tbl, const char *key, const char *alias,
                      int stage_no, stage_cb *cb, lt_stage_cb *fn, void **ctx);

/* script_values.c */
void lt_read_stage_values(conv *cv, run_ctx *r, int st, int stage_no, lt_stage *s);
void lt_release_stage_values(run_ctx *r);

/* script_table.c */
void lt_read_test(conv *cv, run_ctx *r, int t, char **name_out);
/* A new run_ctx, pushed as a userdata (freed by the GC; lt_run_release on __gc). */
run_ctx *lt_run_new(lua_State *L, script_ctx *sc);
/* Free everything the run holds (idempotent): references, stages, the tester, open records
 * (their temporary files removed), pending files; the run's proxies are invalidated, so a C,
 * stage, E, S or tester kept by the script after its run ends raises an error when used. */
void lt_run_release(run_ctx *r);
void lt_register_run_metatable(lua_State *L);
/* Claim the output file name `file` for `by` ("run" or "write"): NULL, or who has it already. */
const char *lt_claim_file(lua_State *L, const char *file, const char *by);
/* A test of this script named name starts at line: 0, or the line of the earlier test of that
 * name (its record would be replaced). */
int lt_claim_test_name(lua_State *L, const char *name, int line);

/* script_run.c */
void lt_run_test_table(script_ctx *sc, lua_State *L, int idx, int call_line);
void lt_cap_steps(const lt_script_opts *o, lt_test *test);

/* script_failure.c: the line of the field path[0..depth) of the test table being run
 * (sc->test_path in front); lt_test_line the same, or call_line when the test came from a
 * lawtester.run call (> 0); lt_test_prefix "cases[2].test." for a test at sc->test_path, "" for
 * the returned test table itself. */
int lt_test_field_line(const script_ctx *sc, const srcloc_key *path, int depth);
int lt_test_line(const script_ctx *sc, int call_line, const srcloc_key *path, int depth);
void lt_test_prefix(const script_ctx *sc, char *buf, size_t n);
/* Raise the message of a run that failed, after keeping the rows recorded before the failure as
 * NAME.tsv.partial; free the run.  Does not return. */
void lt_fail_run(script_ctx *sc, lua_State *L, run_ctx *r, int call_line);

/* script_cases.c: the returned value of a case file (lt_script_opts.cases) at stack index idx. */
void lt_run_case_file(script_ctx *sc, lua_State *L, int idx);
typedef struct read_args {
    conv cv;
    run_ctx *r;
    int idx;
    char **name;
} read_args;
int lt_protected_read(lua_State *L);
/* The test table at test_idx read into r through lt_protected_read; on an error r is released and
 * the error raised again. */
void lt_read_run_test(lua_State *L, run_ctx *r, read_args *args, int test_idx);

/* script_lint.c: plausibility warnings (one line each on stderr; errors under --strict, the
 * run released).  lt_lint_test: the inputs of r's test, before it runs; lt_lint_stability: dt
 * against the stability limit, as t's run met it. */
void lt_lint_test(script_ctx *sc, lua_State *L, run_ctx *r, int call_line);
void lt_lint_stability(script_ctx *sc, lua_State *L, run_ctx *r, int call_line, const lt_tester *t);
/* "dt = X s exceeds the stability limit ... (m* ..., kn ...; first at WHERE ALSO)" of a run of
 * step dt whose stability check s was exceeded (driver/stability.h), into buf (n bytes). */
void lt_stability_text(double dt, const lt_stability *s, const char *also, char *buf, size_t n);

/* script_probe.c */
int lt_lib_probe_yield(lua_State *L);
int lt_lib_shard(lua_State *L);

/* script_verify_law.c: lawtester.verify_law, a Lua law judged (docs/lua-laws.md; the laws
 * themselves: lualaw/lualaw.h). */
int lt_lib_verify_law(lua_State *L);

/* script.c */
script_ctx *lt_lib_ctx(lua_State *L);

/* script_report.c: copies of the final names of the n pending files from index first (a run's
 * plots), taken before lt_pending_publish empties the set (NULL if n is 0 or memory is short: then
 * they are not listed); lt_plotted_report prints "  plotted NAME" for each when print is set, and
 * frees them. */
char **lt_plotted_names(const lt_pending *p, int first, int n);
void lt_plotted_report(char **names, int n, int print);
/* The summary of a run on stdout: the test, bodies, stiffness, final contact, the imposition
 * frame's predictor, energies, and the files written (file: NULL if none). */
void lt_print_summary(const lt_tester *tester, const char *name, const char *file, long rows);
/* The results table of the run, pushed: its name, steps, time, dt, rows (case files), record
 * file, energies E, stiffness, the bodies A and B and the contact C at the end. */
void lt_push_results(script_ctx *sc, lua_State *L, const run_ctx *r);

/* script_publish.c: publish a run's or a probe's pending outputs within the output limits. */
int lt_publish_outputs(script_ctx *sc, lt_pending *pending, int failed, char *err, size_t n);
/* The record's files (surface, sidecar, record, plots) renamed together, or all removed and the
 * error raised (the run freed); then the summary.  The record's rows. */
long lt_publish_record(script_ctx *sc, lua_State *L, run_ctx *r, int call_line);

#endif
