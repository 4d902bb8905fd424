/* src/script/script_lint.c - plausibility warnings on a test's inputs (docs/reliability.md
 * "Plausibility warnings").
 *
 * A stage script can be valid and still not mean what its author meant: a radius typed in
 * millimetres as metres, a friction angle given for its tangent, a time step that jumps over the
 * stage's target.  These are not errors (an unusual test may want them), so each prints one
 * line on stderr and the results are unchanged:
 *   warning: FILE:LINE: field X: VALUE, REASON; LIKELY FIX
 * `--strict` makes each an error: the message without "warning: ", exit status 1, nothing of
 * that test written.
 *
 * The bounds are those of DEM practice, wide enough that no shipped stage file comes near them
 * (tests/test_usability.c runs every one and checks no warning appears):
 *   sizes (radius, shaft, halfThick)  1e-7 m .. 10 m   (sub-micron powders to rock blocks)
 *   density                           10 .. 3e4 kg/m^3 (foams to osmium, 22.6e3)
 *   mass                              <= 1e6 kg        (a 4.5 m granite sphere)
 *   moduli (young, law moduli in Pa)  1e3 .. 1e13 Pa   (soft gels to diamond, 1.2e12); young =
 *                                     math.huge is no slip but a rigid body: not warned
 *   tanPhi, and the law's friction     <= 1.5           (phi = 56 deg; measured interparticle
 *   parameter (lt_law.friction)                         friction stays below ~1.2)
 *   imposed motion per step           <= 1e-2 of the smallest particle radius, and <= 1/10 of the
 *                                     stage's target when its until is "[C and] C.uN (or
 *                                     C.u[k]) OP NUMBER" on the moved DoF
 * and the time step against leapfrog's limit (stability.h), checked while the run goes, in free
 * and in imposed stages (lt_run_test_table prints those after the run). */
#define _POSIX_C_SOURCE 200809L
#include "contact/registry.h"
#include "script/script_int.h"
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#define SIZE_SMALLEST 1e-7  /* m */
#define SIZE_LARGEST 10.0   /* m */
#define DENSITY_MIN 10.0    /* kg/m^3 */
#define DENSITY_MAX 3e4     /* kg/m^3 */
#define MASS_MAX 1e6        /* kg */
#define MODULUS_MIN 1e3     /* Pa */
#define MODULUS_MAX 1e13    /* Pa */
#define TANPHI_MAX 1.5      /* - */
#define STEP_OF_RADIUS 1e-2 /* imposed displacement per step / smallest radius */
#define STEP_OF_TARGET 0.1  /* imposed displacement per step / the until's target */

static const double pi = 3.14159265358979323846;

/* Print one warning (or raise it under --strict).  field: the field path as printed; path:
 * its srcloc key path for the line. */
static void warn(script_ctx *sc, lua_State *L, run_ctx *r, int call_line, const char *field,
                 const srcloc_key *path, int depth, const char *fmt, ...)
{
    char msg[700];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    int line = call_line > 0 ? call_line : lt_srcloc_line(sc->script.loc, path, depth);
    if (sc->opts->strict) {
        lt_run_release(r);
        luaL_error(L, "%s:%d: field %s: %s (an error under --strict)", sc->script.path, line, field,
                   msg);
    }
    fprintf(stderr, "warning: %s:%d: field %s: %s\n", sc->script.path, line, field, msg);
}

/* A friction coefficient (called name) that looks like an angle in degrees. */
static void check_tanphi(script_ctx *sc, lua_State *L, run_ctx *r, int call_line, const char *field,
                         const srcloc_key *path, int depth, const char *name, double x)
{
    if (!(x > TANPHI_MAX)) return;
    if (x < 90)
        warn(sc, L, r, call_line, field, path, depth,
             "%s = %g is above any measured friction coefficient (<= %g): an angle in degrees? "
             "tan(%g deg) = %.3g; write math.tan(math.rad(%g))",
             name, x, TANPHI_MAX, x, tan(x * pi / 180), x);
    else
        warn(sc, L, r, call_line, field, path, depth,
             "%s = %g is far above any friction coefficient (<= %g): it is the tangent of the "
             "friction angle, e.g. 0.5",
             name, x, TANPHI_MAX);
}

static void check_modulus(script_ctx *sc, lua_State *L, run_ctx *r, int call_line,
                          const char *field, const srcloc_key *path, int depth, const char *name,
                          double x)
{
    if (x < MODULUS_MIN)
        warn(sc, L, r, call_line, field, path, depth,
             "%s = %g Pa is below any DEM material (%g .. %g Pa): given in GPa or MPa? (%g GPa = "
             "%g Pa)",
             name, x, MODULUS_MIN, MODULUS_MAX, x, x * 1e9);
    else if (x > MODULUS_MAX)
        warn(sc, L, r, call_line, field, path, depth,
             "%s = %g Pa is above any solid (diamond: 1.2e12 Pa; DEM practice %g .. %g Pa): a unit "
             "slip?",
             name, x, MODULUS_MIN, MODULUS_MAX);
}

static void check_size(script_ctx *sc, lua_State *L, run_ctx *r, int call_line, const char *field,
                       const srcloc_key *path, int depth, const char *name, double x)
{
    if (x > SIZE_LARGEST)
        warn(sc, L, r, call_line, field, path, depth,
             "%s = %g m is larger than DEM particles (%g .. %g m): millimetres typed as metres? "
             "(%g mm = %g m)",
             name, x, SIZE_SMALLEST, SIZE_LARGEST, x, x * 1e-3);
    else if (x > 0 && x < SIZE_SMALLEST)
        warn(sc, L, r, call_line, field, path, depth,
             "%s = %g m is smaller than DEM particles (%g .. %g m): a unit slip? (sizes are in "
             "metres)",
             name, x, SIZE_SMALLEST, SIZE_LARGEST);
}

/* Sizes, material and mass of body i (0: A). */
static void check_body(script_ctx *sc, lua_State *L, run_ctx *r, int call_line, int i)
{
    const lt_body *b = &r->test.body[i];
    char field[96];
    srcloc_key path[4] = {{"particles", 0}, {NULL, i + 1}, {NULL, 0}, {NULL, 0}};
    static const char *const size_names[3] = {"radius", "shaft", "halfThick"};
    const double sizes[3] = {b->shape == LT_SPHERE || b->shape == LT_CAPSULE ? b->radius : 0,
                             b->shape == LT_CAPSULE ? b->shaft : 0,
                             b->shape == LT_FACET ? b->halfThick : 0};
    for (int k = 0; k < 3; k++) {
        snprintf(field, sizeof field, "particles[%d].%s", i + 1, size_names[k]);
        path[2].name = size_names[k];
        check_size(sc, L, r, call_line, field, path, 3, size_names[k], sizes[k]);
    }
    /* the material: once when both bodies have the same */
    const lt_material *m = &b->mat;
    if (i == 1 && memcmp(m, &r->test.body[0].mat, sizeof *m) == 0) return;
    path[2].name = "material";
    path[3].name = "young";
    snprintf(field, sizeof field, "particles[%d].material.young", i + 1);
    if (!isinf(m->young))
        check_modulus(sc, L, r, call_line, field, path, 4, "young", m->young); /* inf: rigid */
    path[3].name = "density";
    snprintf(field, sizeof field, "particles[%d].material.density", i + 1);
    if (m->density < DENSITY_MIN)
        warn(sc, L, r, call_line, field, path, 4,
             "density = %g kg/m^3 is below any DEM material (%g .. %g kg/m^3): g/cm^3 typed as "
             "kg/m^3? (%g g/cm^3 = %g kg/m^3)",
             m->density, DENSITY_MIN, DENSITY_MAX, m->density, m->density * 1e3);
    else if (m->density > DENSITY_MAX)
        warn(sc, L, r, call_line, field, path, 4,
             "density = %g kg/m^3 is above any solid (osmium: 2.26e4 kg/m^3): a unit slip?",
             m->density);
    path[3].name = "tanPhi";
    snprintf(field, sizeof field, "particles[%d].material.tanPhi", i + 1);
    check_tanphi(sc, L, r, call_line, field, path, 4, "tanPhi", m->tanPhi);
    /* the mass: what the size and the density give */
    lt_body mb = *b;
    lt_body_mass_props(&mb);
    if (!b->fixed && mb.mass > MASS_MAX) {
        snprintf(field, sizeof field, "particles[%d]", i + 1);
        warn(sc, L, r, call_line, field, path, 2,
             "mass = %g kg (from its size and density %g kg/m^3) is above DEM particles (<= %g "
             "kg): check the size's unit (metres) and the density's (kg/m^3)",
             mb.mass, m->density, MASS_MAX);
    }
}

/* The smallest round radius of the two bodies (m; INFINITY if neither has one). */
static double smallest_radius(const lt_test *test)
{
    double rmin = INFINITY;
    for (int i = 0; i < 2; i++) {
        double rho = lt_body_rho(&test->body[i]);
        if (rho > 0 && rho < rmin) rmin = rho;
    }
    return rmin;
}

/* Imposed displacement per step of stage s (0-based) against the particle size and the stage's
 * target. */
static void check_stage_steps(script_ctx *sc, lua_State *L, run_ctx *r, int call_line, int s)
{
    const lt_test *test = &r->test;
    const lt_stage *st = &test->stages[s];
    static const char *const dof_names[3] = {"normal", "shear y", "shear z"};
    double rmin = smallest_radius(test);
    const lt_qrow *q = NULL;
    int qi = 0;
    double target = NAN;
    const lt_cond *until = r->cbs ? r->cbs[2 * s].cond : NULL;
    if (!(until && lt_cond_bound(until, &q, &qi, &target))) target = NAN;
    char field[64];
    snprintf(field, sizeof field, "stages[%d].values", s + 1);
    srcloc_key path[3] = {{"stages", 0}, {NULL, s + 1}, {"values", 0}};
    for (int k = 0; k < 3; k++) {
        if (st->whats[k] != 'v' && st->whats[k] != 'i') continue;
        double d = fabs(st->values[k]) * test->dt;
        if (!isnan(target) && lt_qrow_displacement(q, qi) == k && target != 0 &&
            d > STEP_OF_TARGET * fabs(target)) {
            warn(sc, L, r, call_line, field, path, 3,
                 "the %s velocity %g m/s moves %g m per step (dt = %g s) against the until's "
                 "target %g m: it holds after %.0f step(s), up to %g m past the target; lower dt "
                 "to %g s (100 steps to the target)",
                 dof_names[k], st->values[k], d, test->dt, target, ceil(fabs(target) / d), d,
                 fabs(target) / 100 / fabs(st->values[k]));
            return;
        }
        if (d > STEP_OF_RADIUS * rmin) {
            warn(sc, L, r, call_line, field, path, 3,
                 "the %s velocity %g m/s moves %g m per step (dt = %g s), %.3g of the particle "
                 "radius %g m: the contact is crossed in a few steps; lower dt or the velocity (<= "
                 "%g m per step)",
                 dof_names[k], st->values[k], d, test->dt, d / rmin, rmin, STEP_OF_RADIUS * rmin);
            return;
        }
    }
}

void lt_lint_test(script_ctx *sc, lua_State *L, run_ctx *r, int call_line)
{
    const lt_test *test = &r->test;
    const lt_law *law = test->law;
    for (int i = 0; i < 2; i++) check_body(sc, L, r, call_line, i);
    char field[96];
    /* the parameter the law declares its friction coefficient */
    int friction = lt_law_friction_param(law);
    for (int i = 0; i < law->n_params; i++) {
        const lt_param *p = &law->params[i];
        double x = test->params[i];
        if (p->kind != LT_REAL || isnan(x)) continue;
        snprintf(field, sizeof field, "params.%s", p->name);
        srcloc_key path[2] = {{"params", 0}, {p->name, 0}};
        if (i == friction)
            check_tanphi(sc, L, r, call_line, field, path, 2, p->name, x);
        else if (strcmp(p->unit, "Pa") == 0)
            check_modulus(sc, L, r, call_line, field, path, 2, p->name, x);
    }
    for (int s = 0; s < test->n_stages; s++) check_stage_steps(sc, L, r, call_line, s);
}

void lt_stability_text(double dt, const lt_stability *s, const char *also, char *buf, size_t n)
{
    char z[64] = "";
    if (s->zeta > 0) snprintf(z, sizeof z, ", zetaN = %.4g", s->zeta);
    char where[64];
    if (s->stage > 0)
        snprintf(where, sizeof where, "stage %d, step %ld", s->stage, s->step);
    else
        snprintf(where, sizeof where, "the initial state");
    snprintf(buf, n,
             "dt = %.4g s exceeds the stability limit of leapfrog for the normal contact, dt_crit "
             "= %.4g s (m* = %.4g kg, kn = %.4g N/m%s; first at %s%s)",
             dt, s->dt_crit, s->mstar, s->k, z, where, also);
}

void lt_lint_stability(script_ctx *sc, lua_State *L, run_ctx *r, int call_line,
                       const lt_tester *tester)
{
    const lt_view *t = lt_tester_view(tester);
    const lt_stability *st[2] = {&t->stab, &t->stab_imposed};
    srcloc_key path[1] = {{"dt", 0}};
    for (int i = 0; i < 2; i++) {
        const lt_stability *s = st[i];
        if (!s->exceeded) continue;
        char text[400];
        lt_stability_text(t->test->dt, s, i ? ", where the normal velocity is imposed" : "", text,
                          sizeof text);
        warn(sc, L, r, call_line, "dt", path, 1, "%s; %s; lower dt below %.4g s", text,
             i ? "harmless while imposed, but the contact would be unstable if released"
               : "the results are not reliable",
             s->dt_crit);
    }
}
