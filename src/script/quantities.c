/* src/script/quantities.c - the table of what `until` and `done` read (quantities.h) and its
 * readers: the only functions of the scripting side that read an lt_tester's fields. */
#include "script/quantities.h"
#include <stddef.h>
#include <string.h>

/* ---- C: the contact (contact-local frame) ----------------------------------------------- */

static double c_uN(const lt_tester *t, int i)
{
    (void)i;
    return lt_tester_view(t)->u[0];
}
static double c_u(const lt_tester *t, int k) { return lt_tester_view(t)->u[k]; }
static double c_v(const lt_tester *t, int k) { return lt_tester_view(t)->c.v[k]; }
static double c_f(const lt_tester *t, int k) { return lt_tester_view(t)->resp.f[k]; }
static double c_kn(const lt_tester *t, int i)
{
    (void)i;
    return lt_tester_view(t)->resp.k[0];
}
static double c_kt(const lt_tester *t, int i)
{
    (void)i;
    return lt_tester_view(t)->resp.k[1];
}
static double c_contA(const lt_tester *t, int i)
{
    (void)i;
    return lt_tester_view(t)->c.contA;
}
static double c_l1(const lt_tester *t, int i)
{
    (void)i;
    return lt_tester_view(t)->c.lens[0];
}
static double c_l2(const lt_tester *t, int i)
{
    (void)i;
    return lt_tester_view(t)->c.lens[1];
}
static double c_state(const lt_tester *t, int i) { return lt_tester_view(t)->law_state[i]; }

/* ---- stage: the running stage ----------------------------------------------------------- */

static int broken(const lt_stage_state *s) { return s->hadC && !s->hasC; }
static long long stage_step(const lt_tester *t, int i)
{
    (void)i;
    return lt_tester_view(t)->st.step;
}
static double stage_time(const lt_tester *t, int i)
{
    (void)i;
    return lt_tester_view(t)->st.time;
}
static long long stage_hadC(const lt_tester *t, int i)
{
    (void)i;
    return lt_tester_view(t)->st.hadC != 0;
}
static long long stage_hasC(const lt_tester *t, int i)
{
    (void)i;
    return lt_tester_view(t)->st.hasC != 0;
}
static long long stage_broken(const lt_tester *t, int i)
{
    (void)i;
    return broken(&lt_tester_view(t)->st);
}
static long long stage_rebound(const lt_tester *t, int i)
{
    (void)i;
    return lt_tester_view(t)->st.bounces >= 2 || broken(&lt_tester_view(t)->st);
}
static double stage_cTime(const lt_tester *t, int i)
{
    (void)i;
    return lt_tester_view(t)->st.hadC ? lt_tester_view(t)->st.time - lt_tester_view(t)->st.timeC0
                                      : 0;
}
static double stage_timeC0(const lt_tester *t, int i)
{
    (void)i;
    return lt_tester_view(t)->st.timeC0;
}
static long long stage_bounces(const lt_tester *t, int i)
{
    (void)i;
    return lt_tester_view(t)->st.bounces;
}
static long long stage_index(const lt_tester *t, int i)
{
    (void)i;
    return lt_tester_view(t)->stage + 1;
}

/* ---- E, S, tester ----------------------------------------------------------------------- */

static double energy(const lt_tester *t, int i) { return lt_tester_view(t)->energy[i]; }
static long long run_step(const lt_tester *t, int i)
{
    (void)i;
    return lt_tester_view(t)->step;
}
static double run_time(const lt_tester *t, int i)
{
    (void)i;
    return lt_tester_view(t)->time;
}
static double run_dt(const lt_tester *t, int i)
{
    (void)i;
    return lt_tester_view(t)->test->dt;
}
static double run_abWeight(const lt_tester *t, int i)
{
    (void)i;
    return lt_tester_view(t)->test->abWeight;
}
static const char *run_law(const lt_tester *t, int i)
{
    (void)i;
    return lt_tester_view(t)->test->law->name;
}
static const char *run_name(const lt_tester *t, int i)
{
    (void)i;
    return lt_tester_view(t)->test->name;
}

/* ---- A, B: the bodies (global frame) ----------------------------------------------------- */

/* The position: its high and low parts summed (the compensated sum the driver keeps). */
static void body_pos(const lt_tester *t, int b, double v[3])
{
    const lt_body *p = &lt_tester_view(t)->body[b];
    v[0] = p->pos.x + p->pos_lo.x, v[1] = p->pos.y + p->pos_lo.y, v[2] = p->pos.z + p->pos_lo.z;
}
static void body_vel(const lt_tester *t, int b, double v[3])
{
    vec3 w = lt_tester_view(t)->body[b].vel;
    v[0] = w.x, v[1] = w.y, v[2] = w.z;
}
static void body_angvel(const lt_tester *t, int b, double v[3])
{
    vec3 w = lt_tester_view(t)->body[b].angvel;
    v[0] = w.x, v[1] = w.y, v[2] = w.z;
}
static double body_mass(const lt_tester *t, int b) { return lt_tester_view(t)->body[b].mass; }

/* ---- the table --------------------------------------------------------------------------- */

#define AT(field) ((long)offsetof(lt_view, field))
#define NUM(px, nm, f)                                                            \
    {                                                                             \
        .proxy = px, .name = nm, .type = LT_QT_NUMBER, .read.number = f, .at = -1 \
    }
#define FIELD(px, nm, f, off)                                                      \
    {                                                                              \
        .proxy = px, .name = nm, .type = LT_QT_NUMBER, .read.number = f, .at = off \
    }
#define VEC(nm, k, f, off)                                                                        \
    {                                                                                             \
        .proxy = LT_PX_C, .name = nm, .type = LT_QT_VECTOR, .sub = k, .read.number = f, .at = off \
    }
#define INT(px, nm, f)                                                              \
    {                                                                               \
        .proxy = px, .name = nm, .type = LT_QT_INTEGER, .read.integer = f, .at = -1 \
    }
#define COUNTER(px, nm, f)                                                                         \
    {                                                                                              \
        .proxy = px, .name = nm, .type = LT_QT_INTEGER, .read.integer = f, .at = -1, .per_step = 1 \
    }
#define BOOL(px, nm, f)                                                             \
    {                                                                               \
        .proxy = px, .name = nm, .type = LT_QT_BOOLEAN, .read.integer = f, .at = -1 \
    }
#define OTHER(px, nm, ty, ...)                                     \
    {                                                              \
        .proxy = px, .name = nm, .type = ty, __VA_ARGS__, .at = -1 \
    }

/* Each proxy's rows in the order its error message lists them. */
static const lt_qrow rows[] = {
    FIELD(LT_PX_C, "uN", c_uN, AT(u)),
    VEC("u", 0, c_u, AT(u)),
    VEC("v", 1, c_v, AT(c.v)),
    VEC("f", 2, c_f, AT(resp.f)),
    FIELD(LT_PX_C, "kn", c_kn, AT(resp.k)),
    FIELD(LT_PX_C, "kt", c_kt, AT(resp.k) + (long)sizeof(double)),
    FIELD(LT_PX_C, "contA", c_contA, AT(c.contA)),
    FIELD(LT_PX_C, "l1", c_l1, AT(c.lens)),
    FIELD(LT_PX_C, "l2", c_l2, AT(c.lens) + (long)sizeof(double)),
    COUNTER(LT_PX_STAGE, "step", stage_step),
    FIELD(LT_PX_STAGE, "time", stage_time, AT(st.time)),
    BOOL(LT_PX_STAGE, "hadC", stage_hadC),
    BOOL(LT_PX_STAGE, "hasC", stage_hasC),
    BOOL(LT_PX_STAGE, "broken", stage_broken),
    BOOL(LT_PX_STAGE, "rebound", stage_rebound),
    NUM(LT_PX_STAGE, "cTime", stage_cTime),
    FIELD(LT_PX_STAGE, "timeC0", stage_timeC0, AT(st.timeC0)),
    INT(LT_PX_STAGE, "bounces", stage_bounces),
    INT(LT_PX_STAGE, "index", stage_index),
    COUNTER(LT_PX_S, "step", run_step),
    FIELD(LT_PX_S, "time", run_time, AT(time)),
    NUM(LT_PX_S, "dt", run_dt),
    INT(LT_PX_TESTER, "stage", stage_index),
    COUNTER(LT_PX_TESTER, "step", run_step),
    FIELD(LT_PX_TESTER, "time", run_time, AT(time)),
    NUM(LT_PX_TESTER, "dt", run_dt),
    NUM(LT_PX_TESTER, "abWeight", run_abWeight),
    OTHER(LT_PX_TESTER, "law", LT_QT_STRING, .read.string = run_law),
    OTHER(LT_PX_TESTER, "name", LT_QT_STRING, .read.string = run_name),
    OTHER(LT_PX_TESTER, "A", LT_QT_PROXY, .sub = LT_PX_A),
    OTHER(LT_PX_TESTER, "B", LT_QT_PROXY, .sub = LT_PX_B),
    OTHER(LT_PX_A, "pos", LT_QT_TRIPLE, .read.triple = body_pos),
    OTHER(LT_PX_A, "vel", LT_QT_TRIPLE, .read.triple = body_vel),
    OTHER(LT_PX_A, "angvel", LT_QT_TRIPLE, .read.triple = body_angvel),
    NUM(LT_PX_A, "mass", body_mass),
};
enum { N_ROWS = sizeof rows / sizeof rows[0] };

/* The per-law rows: C's state variables, E's energies. */
static const lt_qrow law_state_row = {.proxy = LT_PX_C,
                                      .type = LT_QT_NUMBER,
                                      .read.number = c_state,
                                      .at = AT(law_state),
                                      .indirect = 1};
static const lt_qrow energy_row = FIELD(LT_PX_E, NULL, energy, AT(energy));

const lt_qrow *lt_qrow_nth(int proxy, int n)
{
    if (proxy == LT_PX_B) proxy = LT_PX_A;
    for (int r = 0; r < N_ROWS; r++)
        if (rows[r].proxy == proxy && n-- == 0) return &rows[r];
    return NULL;
}

const lt_qrow *lt_qrow_find(int proxy, const char *name, const lt_law *law, int *index)
{
    *index = proxy == LT_PX_B;
    const lt_qrow *q;
    for (int n = 0; (q = lt_qrow_nth(proxy, n)) != NULL; n++)
        if (strcmp(q->name, name) == 0) return q;
    if (proxy == LT_PX_C)
        for (int i = 0; i < law->n_state; i++)
            if (strcmp(name, law->state_names[i]) == 0) return *index = i, &law_state_row;
    if (proxy == LT_PX_E)
        for (int i = 0; i < lt_energy_count(law); i++)
            if (strcmp(name, lt_energy_name(law, i)) == 0) return *index = i, &energy_row;
    return NULL;
}

int lt_qrow_needs_contact(const lt_qrow *q) { return q->proxy == LT_PX_C; }

int lt_qrow_displacement(const lt_qrow *q, int i)
{
    if (q->type == LT_QT_NUMBER && q->read.number == c_uN) return 0;
    return q->type == LT_QT_VECTOR && q->read.number == c_u ? i : -1;
}

int lt_q_has_contact(const lt_tester *t) { return lt_tester_view(t)->has_contact; }
long lt_q_contact_at(void) { return AT(has_contact); }
const lt_law *lt_q_law(const lt_tester *t) { return lt_tester_view(t)->test->law; }
long lt_q_step(const lt_tester *t) { return lt_tester_view(t)->step; }
