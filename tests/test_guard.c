/* tests/test_guard.c - guarded memory for native laws (src/base/guard.h; docs/reliability.md,
 * "Guarded memory").  A law planted here writes one value past its declared state, or past its
 * response, or reads past its state, at a chosen step; run through the driver in a child
 * process with the fault handler installed and the watch page in memory shared with the test,
 * the child dies of SIGSEGV at that very step and the watch page names what the law went past,
 * its call, the stage and the step.  A law that writes its last declared value runs to the end;
 * a tester's copy keeps guarded blocks of its own; verify's direct calls of a law are guarded.
 *
 * Sanitizers: ASan does not track anonymous mappings (their shadow says addressable), so an
 * access to a guard page reaches the hardware and faults as without it, and the handler the
 * child installs replaces ASan's own (ASan lets a program install its SIGSEGV handler); UBSan
 * sees no array bound in a pointer the law is handed.  Nothing here is skipped under them.
 */
#if defined(__linux__)
#define _GNU_SOURCE /* MAP_ANONYMOUS, fork, waitpid */
#else
#define _POSIX_C_SOURCE 200809L
#endif
#include "base/guard.h"
#include "base/watch.h"
#include "check.h"
#include "drive.h"
#include "driver/driver_int.h"
#include "verify/verify.h"
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#if !defined(MAP_ANONYMOUS) && defined(MAP_ANON)
#define MAP_ANONYMOUS MAP_ANON
#endif

/* What the fault handler says of the access (guard.c: the page fault's error code on x86 Linux). */
#if defined(__linux__) && (defined(__x86_64__) || defined(__i386__))
#define WROTE "wrote"
#define READ "read"
#else
#define WROTE "read or wrote"
#define READ "read or wrote"
#endif

/* ---- a law that goes past its memory at a given step -------------------------------------- */

enum { GL_CHANNEL, GL_AT };                                              /* parameters */
enum { GL_WITHIN, GL_PAST_STATE, GL_PAST_RESPONSE, GL_READ_PAST_STATE }; /* channels */
static const lt_param guardlaw_params[] = {
    {"channel", LT_REAL, GL_WITHIN, 0, 3, "-",
     "0 writes its last state value, 1 writes one past its state, 2 one past its response, 3 reads "
     "one past its state",
     NULL},
    {"at", LT_REAL, 5, 1, 1e9, "-", "the contact step at which it does so", NULL},
};
static const char *const guardlaw_state[] = {"n", "last"};
static const lt_energy_def guardlaw_energies[] = {{"elast", LT_STORED, "spring energy"}};

/* the child's count of the law's steps, in memory the test reads */
static volatile long *law_steps;
static volatile double sink;

static void guardlaw_init(const double *param, const lt_contact *c, double *state)
{
    (void)param, (void)c;
    state[0] = 0;
}

static int guardlaw_step(const double *param, const lt_contact *c, double *state, lt_response *out)
{
    state[0] += 1; /* steps of this contact */
    if (law_steps) *law_steps = (long)state[0];
    out->f[0] = c->kn * c->uN;
    out->k[0] = c->kn;
    out->k[1] = c->kt;
    out->energy[0] = 0.5 * c->kn * c->uN * c->uN;
    state[1] = state[0]; /* the last declared value: within */
    if (state[0] == param[GL_AT]) {
        volatile double *past_state = state + 2; /* n_state = 2 */
        volatile double *past_response = (volatile double *)(void *)(out + 1);
        switch ((int)param[GL_CHANNEL]) {
        case GL_PAST_STATE: *past_state = 1; break;
        case GL_PAST_RESPONSE: *past_response = 1; break;
        case GL_READ_PAST_STATE: sink = *past_state; break;
        default: break;
        }
    }
    return c->uN < 0;
}

static const lt_law guardlaw = {
    .api_version = LT_LAW_API_VERSION,
    .name = "guardlaw",
    .summary = "a spring that writes or reads past its memory at a given step (tests)",
    .params = guardlaw_params,
    .n_params = 2,
    .state_names = guardlaw_state,
    .n_state = 2,
    .energies = guardlaw_energies,
    .n_energies = 1,
    .init = guardlaw_init,
    .step = guardlaw_step};

/* Compression at 1 m/s from a gap of 2.5 steps (the contact forms at step 3), stages of 50 steps.
 * */
static lt_test guard_test(int channel, double at, lt_stage st[2], cond c[2])
{
    lt_test t = linear_test(v3(1, 0, 0), 0);
    t.law = &guardlaw;
    t.params[GL_CHANNEL] = channel;
    t.params[GL_AT] = at;
    t.gap = 2.5e-6;
    for (int i = 0; i < 2; i++) {
        c[i] = (cond){COND_STEPS, 0, 0, 50, 0};
        st[i] = stage("v.....", -1, 0, 0, 0, 0, 0, &c[i]);
    }
    t.stages = st;
    t.n_stages = 2;
    return t;
}

/* ---- a child with the fault handler, its watch page shared with the test ------------------- */

typedef struct shared {
    lt_watch w;
    volatile long law_steps;
} shared;

typedef int (*child_fn)(void *ctx); /* the child's exit status */

/* Run fn in a child process that installed the fault handler; *sh: what it left in the shared
 * watch page (the caller unmaps it); returns the child's wait status. */
static int run_in_child(child_fn fn, void *ctx, shared **sh)
{
    *sh = mmap(NULL, sizeof **sh, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (*sh == MAP_FAILED) {
        *sh = NULL;
        return -1;
    }
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid == 0) {
        lt_watch_page = &(*sh)->w;
        law_steps = &(*sh)->law_steps;
        if (lt_guard_install() != 0) _exit(90);
        _exit(fn(ctx));
    }
    int status = -1;
    if (pid < 0 || waitpid(pid, &status, 0) != pid) return -1;
    return status;
}

static void unmap_shared(shared *sh)
{
    if (sh) munmap(sh, sizeof *sh);
}

static int died_of_sigsegv(int status)
{
    return status != -1 && WIFSIGNALED(status) && WTERMSIG(status) == SIGSEGV;
}

/* The fault the handler named: the text, the call, stage and step of the watch page. */
static void check_fault(const shared *sh, int status, const char *what, int stage, long step,
                        long law_step)
{
    CHECK_MSG(died_of_sigsegv(status), "the child did not die of SIGSEGV (wait status %d)", status);
    if (!sh) return;
    CHECK_MSG(sh->w.fault == LT_FAULT_GUARD, "fault %d, not LT_FAULT_GUARD", (int)sh->w.fault);
    CHECK_STR(sh->w.fault_what, what);
    CHECK_MSG(sh->w.call == LT_CALL_STEP, "call %d, not step()", sh->w.call);
    CHECK_MSG(sh->w.stage == stage && sh->w.step == step,
              "at stage %d, step %ld, not stage %d, step %ld", sh->w.stage, sh->w.step, stage,
              step);
    CHECK_MSG(sh->law_steps == law_step, "the law's step %ld, not %ld", sh->law_steps, law_step);
}

typedef struct run_ctx {
    int channel;
    double at;
} run_ctx;

/* The child: the test through the driver in a tester of lt_tester_new; 0 when it ran to the end. */
static int run_guard_test(void *ctx)
{
    const run_ctx *r = ctx;
    lt_stage st[2];
    cond c[2];
    lt_test t = guard_test(r->channel, r->at, st, c);
    lt_tester *T = lt_tester_new();
    if (!T) return 91;
    int rc = lt_run(T, &t, NULL, NULL);
    lt_tester_free(T);
    return rc == 0 ? 0 : 92;
}

/* ---- the tests ---------------------------------------------------------------------------- */

/* The law writes one value past its two at its 5th contact step, global step 7 (the contact
 * formed at step 3): the child dies there, named. */
static void test_write_past_state_dies_at_that_step(void)
{
    shared *sh;
    run_ctx r = {GL_PAST_STATE, 5};
    int status = run_in_child(run_guard_test, &r, &sh);
    check_fault(sh, status, WROTE " past the end of its state (2 values declared)", 1, 7, 5);
    unmap_shared(sh);
    /* in the second stage: stage 2, global step 3 + 59 */
    r.at = 60;
    status = run_in_child(run_guard_test, &r, &sh);
    check_fault(sh, status, WROTE " past the end of its state (2 values declared)", 2, 62, 60);
    unmap_shared(sh);
}

static void test_write_past_response_dies_at_that_step(void)
{
    shared *sh;
    run_ctx r = {GL_PAST_RESPONSE, 5};
    int status = run_in_child(run_guard_test, &r, &sh);
    check_fault(sh, status, WROTE " past the end of its response (lt_response)", 1, 7, 5);
    unmap_shared(sh);
}

static void test_read_past_state_dies_at_that_step(void)
{
    shared *sh;
    run_ctx r = {GL_READ_PAST_STATE, 9};
    int status = run_in_child(run_guard_test, &r, &sh);
    check_fault(sh, status, READ " past the end of its state (2 values declared)", 1, 11, 9);
    unmap_shared(sh);
}

/* Writing its last declared value every step is within: the run ends normally, the law stepped
 * at states 3 to 100, nothing was named. */
static void test_within_state_runs_to_the_end(void)
{
    shared *sh;
    run_ctx r = {GL_WITHIN, 5};
    int status = run_in_child(run_guard_test, &r, &sh);
    CHECK_MSG(status != -1 && WIFEXITED(status) && WEXITSTATUS(status) == 0,
              "the child did not run to the end "
              "(wait status %d)",
              status);
    if (sh) {
        CHECK_MSG(sh->w.fault == LT_FAULT_NONE, "fault %d named: %s", (int)sh->w.fault,
                  sh->w.fault_what);
        CHECK_MSG(sh->law_steps == 98, "the law stepped %ld times, not 98", sh->law_steps);
    }
    unmap_shared(sh);
}

/* 1 if the n values at p end where a page begins (the guard: guard.c maps it right there). */
static int ends_at_page(const double *p, int n)
{
    long page = sysconf(_SC_PAGESIZE);
    return page > 0 && (uintptr_t)(p + n) % (uintptr_t)page == 0;
}

typedef struct copy_ctx {
    lt_tester *T;
    lt_test *t;
} copy_ctx;

/* The child: a copy of T whose law writes past its state two steps into the second stage. */
static int run_copy_past(void *ctx)
{
    copy_ctx *cc = ctx;
    lt_tester *C = lt_tester_new();
    if (!C) return 91;
    lt_tester_copy(C, cc->T);
    cc->t->params[GL_CHANNEL] = GL_PAST_STATE;
    cc->t->params[GL_AT] = lt_tester_view(C)->law_state[0] + 2;
    int rc = lt_run_stage(C, 1);
    lt_tester_free(C);
    return rc == 0 ? 0 : 92;
}

/* A copy runs on from the same state in blocks of its own: its state changes do not reach the
 * original, and its own guard is where its state ends. */
static void test_copy_keeps_its_own_blocks(void)
{
    lt_stage st[2];
    cond c[2];
    lt_test t = guard_test(GL_WITHIN, 5, st, c);
    lt_tester *T = lt_tester_new(), *C = lt_tester_new();
    CHECK(T && C);
    if (!T || !C) goto out;
    CHECK(lt_start(T, &t, NULL, NULL) == 0 && lt_run_stage(T, 0) == 0);
    const lt_view *vt = lt_tester_view(T), *vc = lt_tester_view(C);
    double before[2] = {vt->law_state[0], vt->law_state[1]};
    CHECK_MSG(before[0] == 48, "the law stepped %g times in stage 1, not 48", before[0]);
    lt_tester_copy(C, T);
    CHECK(vc->law_state != vt->law_state && vc->law_state[0] == before[0] &&
          vc->law_state[1] == before[1]);
    CHECK(ends_at_page(vt->law_state, 2) && ends_at_page(vc->law_state, 2));
    CHECK(lt_run_stage(C, 1) == 0);
    CHECK_MSG(vc->law_state[0] == 98, "the copy's law stepped %g times, not 98", vc->law_state[0]);
    CHECK_MSG(vt->law_state[0] == before[0] && vt->law_state[1] == before[1],
              "the original's state changed: %g %g", vt->law_state[0], vt->law_state[1]);
    /* the copy's own guard: a write past its state in the second stage, at the law's step 50
     * (global step 52) */
    shared *sh;
    copy_ctx cc = {T, &t};
    int status = run_in_child(run_copy_past, &cc, &sh);
    check_fault(sh, status, WROTE " past the end of its state (2 values declared)", 2, 52, 50);
    unmap_shared(sh);
out:
    lt_tester_free(T);
    lt_tester_free(C);
}

typedef struct verify_ctx {
    int channel;
} verify_ctx;

/* The child: verify's generic-touch check, which calls the law directly, of guardlaw going past
 * its memory at its first step. */
static int verify_touch(void *ctx)
{
    const verify_ctx *v = ctx;
    lt_param params[2];
    memcpy(params, guardlaw_params, sizeof params);
    params[GL_CHANNEL].def = v->channel;
    params[GL_AT].def = 1;
    lt_law law = guardlaw;
    law.params = params;
    lt_verify_opts o = {.kase = "generic-touch"};
    lt_verify_summary sum = {0};
    lt_verify_law(&law, &o, &sum);
    return sum.rows > 0 ? 0 : 93;
}

static void test_verify_direct_calls_are_guarded(void)
{
    const int channel[2] = {GL_PAST_STATE, GL_PAST_RESPONSE};
    const char *what[2] = {WROTE " past the end of its state (2 values declared)",
                           WROTE " past the end of its response (lt_response)"};
    for (int i = 0; i < 2; i++) {
        shared *sh;
        verify_ctx v = {channel[i]};
        int status = run_in_child(verify_touch, &v, &sh);
        CHECK_MSG(died_of_sigsegv(status),
                  "channel %d: the child did not die of SIGSEGV (wait status %d)", channel[i],
                  status);
        if (sh) {
            CHECK(sh->w.fault == LT_FAULT_GUARD && sh->w.call == LT_CALL_STEP);
            CHECK_STR(sh->w.fault_what, what[i]);
        }
        unmap_shared(sh);
    }
}

/* A fault elsewhere is not named: the handler lets the process die of it unchanged. */
static int wild_write(void *ctx)
{
    (void)ctx;
    void *block = lt_guard_alloc(16, "a block");
    lt_guard_free(block); /* its guard is no longer registered */
    volatile char *p = mmap(NULL, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if ((void *)p == MAP_FAILED) return 94;
    p[0] = 1;
    return 0;
}

static void test_other_faults_are_not_named(void)
{
    shared *sh;
    int status = run_in_child(wild_write, NULL, &sh);
    CHECK_MSG(died_of_sigsegv(status), "the child did not die of SIGSEGV (wait status %d)", status);
    if (sh)
        CHECK_MSG(sh->w.fault == LT_FAULT_NONE && sh->w.fault_what[0] == 0, "named: %s",
                  sh->w.fault_what);
    unmap_shared(sh);
}

/* A block of every size ends at its guard and reads back zeroed; rename and free take what alloc
 * gave. */
static void test_blocks_end_at_their_guard(void)
{
    const size_t sizes[] = {0, 8, 16, 4088, 4096, 4104, 40000};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        double *b = lt_guard_alloc(sizes[i], "a block");
        CHECK_MSG(b != NULL, "size %zu: not mapped", sizes[i]);
        if (!b) continue;
        size_t n = sizes[i] / sizeof(double), nonzero = 0;
        CHECK_MSG(ends_at_page(b, (int)n), "size %zu: the block does not end at a page", sizes[i]);
        for (size_t k = 0; k < n; k++) nonzero += b[k] != 0;
        CHECK(nonzero == 0);
        lt_guard_rename(b, "another name");
        lt_guard_free(b);
    }
    lt_guard_free(NULL);
}

const test_case guard_tests[] = {
    TEST(write_past_state_dies_at_that_step),
    TEST(write_past_response_dies_at_that_step),
    TEST(read_past_state_dies_at_that_step),
    TEST(within_state_runs_to_the_end),
    TEST(copy_keeps_its_own_blocks),
    TEST(verify_direct_calls_are_guarded),
    TEST(other_faults_are_not_named),
    TEST(blocks_end_at_their_guard),
    {0, 0},
};
