/* tests/plugins/faults.c - a law that fails the way native code does, on demand, for the
 * containment tests (tests/test_contain.c, docs/reliability.md "Containment").  Physics: a
 * Hooke normal spring, Fn = kn uN (N; kn = 1e6 N/m; uN < 0 in overlap, m), stored energy
 * kn uN^2/2 (J), no tangential force; the contact ends at uN > 0.  Signs of law.h.
 *
 * Parameter `mode` chooses the fault, done in the step() call number `at` of a contact (or in
 * init() for init_segv): segv (a write through NULL), abort, exit0, exit3 (exit() with that
 * status), hang (a call that never returns, deaf to SIGTERM), none.  Its verify cases: one that
 * crashes (segv at the 20th step) and one that passes, so that verify shows the first contained
 * and the second still run. */
#define _POSIX_C_SOURCE 200809L
#include "../../include/lawtester/law.h"
#include <signal.h>
#include <stdlib.h>

#define KN 1e6 /* N/m */

enum { P_MODE, P_AT, N_PARAMS };
enum { M_NONE, M_SEGV, M_ABORT, M_EXIT0, M_EXIT3, M_HANG, M_INIT_SEGV };
static const char *const modes[] = {"none",  "segv", "abort",     "exit0",
                                    "exit3", "hang", "init_segv", NULL};
static const lt_param params[N_PARAMS] = {
    {"mode", LT_CHOICE, M_NONE, 0, 0, "-", "the fault to commit", modes},
    {"at", LT_REAL, 50, 1, 1e9, "-", "the step() call of a contact that commits it", NULL},
};
static const char *const state[2] = {"Fn", "calls"};
static const lt_energy_def energies[1] = {{"elast", LT_STORED, "energy of the normal spring"}};

static volatile int *nowhere; /* NULL, read at run time so the compiler cannot see it */

static void fault(int mode)
{
    sigset_t all;
    switch (mode) {
    case M_SEGV:
    case M_INIT_SEGV: *nowhere = 1; break;
    case M_ABORT: abort();
    case M_EXIT0: exit(0);
    case M_EXIT3: exit(3);
    case M_HANG:
        sigfillset(&all);
        sigprocmask(SIG_BLOCK, &all, NULL); /* deaf to SIGTERM and SIGINT: only a kill ends it */
        for (;;) {}
    default: break;
    }
}

static void init(const double *p, const lt_contact *c, double *s)
{
    (void)c;
    s[0] = s[1] = 0;
    if ((int)p[P_MODE] == M_INIT_SEGV) fault(M_INIT_SEGV);
}

static int step(const double *p, const lt_contact *c, double *s, lt_response *out)
{
    if (++s[1] == p[P_AT] && (int)p[P_MODE] != M_INIT_SEGV) fault((int)p[P_MODE]);
    if (c->uN > 0) return 0;
    s[0] = KN * c->uN;
    lt_respond_force(out, s[0], 0, 0, KN, 0);
    out->energy[0] = 0.5 * KN * c->uN * c->uN;
    return 1;
}

/* Hooke along the path: exact but for the overlap's round-off */
static void along(const lt_case_env *env, double uN, double out[LT_ALONG_COUNT])
{
    (void)env;
    out[LT_ALONG_FN] = KN * uN;
    out[LT_ALONG_KN] = KN;
    out[LT_ALONG_KT] = 0;
    out[LT_ALONG_ELAST] = 0.5 * KN * uN * uN;
}

#define CASE_NORMAL(NAME, MODE)                                                          \
    {                                                                                    \
        .name = NAME, .doc = "Hooke: Fn, kn, elast along loading to 1 mm and unloading", \
        .kind = LT_CASE_NORMAL, .set = {{"mode", MODE}, {"at", 20}},                     \
        .shape = {"sphere", "sphere"}, .radius = {0.1, 0.1},                             \
        .mat = {{1e7, 0.25, 2600, 0.5, 0.5}, {1e7, 0.25, 2600, 0.5, 0.5}},               \
        .normal = {.overlap = 1e-3, .speed = 1.0}, .steps = 1000, .along = along,        \
        .along_tol = 1e-9,                                                               \
        .along_why = "constant stiffness: exact but for the overlap's round-off"         \
    }

static const lt_case cases[2] = {CASE_NORMAL("crashes", M_SEGV), CASE_NORMAL("passes", M_NONE)};

static const lt_law faults = {
    .api_version = LT_LAW_API_VERSION,
    .name = "faults",
    .summary = "Hooke normal spring that faults on demand (a test plugin)",
    .params = params,
    .n_params = N_PARAMS,
    .state_names = state,
    .n_state = 2,
    .energies = energies,
    .n_energies = 1,
    .init = init,
    .step = step,
    .cases = cases,
    .n_cases = 2,
};

const lt_law *const lt_plugin_laws[] = {&faults, NULL};
