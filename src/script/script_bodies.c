/* src/script/script_bodies.c - materials, particles (sphere, capsule, facet, wall), normal, gap and
 * stiffness rule of a test table (see script_bodies.h; keys in docs/stage-scripts.md; a material
 * table itself is conv.h's).  Units SI: m, Pa, kg/m^3, N/m. */
#include "script/script_bodies.h"
#include "contact/geom.h"
#include <lauxlib.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#define BIG 1e300 /* largest accepted length or stiffness: finite */

/* `material = "name"` (from the test's materials) or an inline table. */
static void read_particle_material(conv *cv, int test_idx, int p, lt_body *b)
{
    lua_State *L = cv->L;
    lt_path_push_key(cv, "material");
    int ty = lt_get_field(cv, p, "material");
    if (ty == LUA_TSTRING) {
        const char *name = lua_tostring(L, -1);
        int found = 0;
        if (lt_get_field(cv, test_idx, "materials") == LUA_TTABLE) {
            lua_getfield(L, -1, name);
            if (lua_istable(L, -1))
                found = 1;
            else
                lua_pop(L, 1);
        }
        if (!found) lt_field_error(cv, "no material called '%s' in materials", name);
        /* errors inside point at materials.NAME */
        srcloc_key saved[MAX_PATH_DEPTH];
        int saved_depth = cv->depth;
        memcpy(saved, cv->path, sizeof saved);
        cv->depth = 0;
        lt_path_push_key(cv, "materials");
        lt_path_push_key(cv, name);
        lt_read_material(cv, -1, &b->mat);
        memcpy(cv->path, saved, sizeof saved);
        cv->depth = saved_depth;
        lua_pop(L, 2);
    } else if (ty == LUA_TTABLE) {
        lt_read_material(cv, -1, &b->mat);
    } else if (ty != LUA_TNIL) {
        lt_field_error(cv, "expected a material name or table, got %s", luaL_typename(L, -1));
    }
    lua_pop(L, 1);
    lt_path_pop(cv);
}

/* ---- particles -------------------------------------------------------------------------- */

static const char *const sphere_keys[] = {"shape", "radius", "material", "fixed",
                                          "vel",   "angvel", NULL};
static const char *const capsule_keys[] = {"shape", "radius", "shaft",  "axis", "material",
                                           "fixed", "vel",    "angvel", NULL};
static const char *const facet_keys[] = {"shape",    "vertices", "halfThick",
                                         "material", "fixed",    NULL};
static const char *const wall_keys[] = {"shape", "point", "normal", "material", "fixed", NULL};
static const char *const *const shape_keys[LT_SHAPE_COUNT] = {sphere_keys, capsule_keys, facet_keys,
                                                              wall_keys};
static const char *const shape_what[LT_SHAPE_COUNT] = {"for a sphere", "for a capsule",
                                                       "for a facet", "for a wall"};

static void read_vertices(conv *cv, int p, vec3 v[3])
{
    lua_State *L = cv->L;
    lt_path_push_key(cv, "vertices");
    int ty = lt_get_field(cv, p, "vertices");
    if (ty == LUA_TNIL)
        lt_field_error(cv, "missing (a facet needs 3 vertices {{x,y,z}, {x,y,z}, {x,y,z}}, m)");
    if (ty != LUA_TTABLE)
        lt_field_error(cv, "expected a table of 3 vertices, got %s", luaL_typename(L, -1));
    if (lua_rawlen(L, -1) != 3)
        lt_field_error(cv, "expected 3 vertices, got %d", (int)lua_rawlen(L, -1));
    lt_check_list(cv, -1, 3, "a list of 3 vertices");
    for (int i = 0; i < 3; i++) {
        lt_path_push_index(cv, i + 1);
        lua_rawgeti(L, -1, i + 1);
        lt_read_vec3(cv, -1, &v[i]);
        if (!v3_isfinite(v[i])) lt_field_error(cv, "is not finite");
        lua_pop(L, 1);
        lt_path_pop(cv);
    }
    lua_pop(L, 1);
    lt_path_pop(cv);
}

/* shape: a known shape's name (default: the body's shape as it is). */
static void read_shape(conv *cv, int p, lt_body *b)
{
    lua_State *L = cv->L;
    lt_path_push_key(cv, "shape");
    if (lt_get_field(cv, p, "shape") != LUA_TNIL) {
        if (lua_type(L, -1) != LUA_TSTRING)
            lt_field_error(cv, "expected a shape name, got %s", luaL_typename(L, -1));
        int k = lt_shape_from_name(lua_tostring(L, -1));
        if (k < 0)
            lt_field_error(cv, "unknown shape '%s' (known: %s)", lua_tostring(L, -1),
                           lt_shape_names());
        b->shape = (lt_shape_kind)k;
    }
    lua_pop(L, 1);
    lt_path_pop(cv);
}

/* A capsule: radius, shaft (required) and axis. */
static void read_capsule(conv *cv, int p, lt_body *b)
{
    lt_opt_positive(cv, p, "radius", &b->radius);
    if (!lt_has_field(cv, p, "shaft")) {
        lt_path_push_key(cv, "shaft");
        lt_field_error(
            cv,
            "missing (the length between the cap centres, m, > 0; without a shaft use a sphere)");
    }
    double shaft = 0;
    lt_opt_positive(cv, p, "shaft", &shaft);
    vec3 axis = v3(1, 0, 0);
    lt_opt_nonzero_vec3(cv, p, "axis", &axis);
    lt_body_set_capsule(b, b->radius, shaft, axis);
}

/* A facet: three vertices that make a triangle, and its halfThick. */
static void read_facet(conv *cv, int p, lt_body *b)
{
    vec3 v[3];
    read_vertices(cv, p, v);
    double h = 0;
    lt_opt_number(cv, p, "halfThick", &h, 0, BIG);
    if (lt_body_set_facet(b, v, h) < 0) {
        lt_path_push_key(cv, "vertices");
        lt_field_error(cv, "degenerate triangle: the vertices are collinear or coincide");
    }
}

/* A wall: point (A only: B is placed by the test's normal and gap) and normal; *own_normal: the
 * wall gave its normal. */
static void read_wall(conv *cv, int p, int index, lt_body *b, int *own_normal)
{
    if (index == 1 && lt_has_field(cv, p, "point")) {
        lt_path_push_key(cv, "point");
        lt_field_error(
            cv, "B is placed by the test's normal and gap; point applies to particle A only");
    }
    vec3 point = v3(0, 0, 0), normal = v3(1, 0, 0);
    lt_opt_vec3(cv, p, "point", &point);
    if (!v3_isfinite(point)) {
        lt_path_push_key(cv, "point");
        lt_field_error(cv, "is not finite");
    }
    *own_normal = lt_has_field(cv, p, "normal");
    lt_opt_nonzero_vec3(cv, p, "normal", &normal);
    lt_body_set_wall(b, point, normal);
}

/* fixed, vel, angvel: a body without finite mass is always fixed; a fixed body takes no initial
 * velocity. */
static void read_motion(conv *cv, int p, lt_body *b)
{
    if (lt_shape_is_held(b->shape)) {
        b->fixed = 1;
        int fixed = 1;
        lt_opt_bool(cv, p, "fixed", &fixed);
        if (!fixed) {
            lt_path_push_key(cv, "fixed");
            lt_field_error(
                cv, "a %s has no finite mass: it is always fixed (moved only by imposed motion)",
                lt_shape_name(b->shape));
        }
    } else {
        lt_opt_bool(cv, p, "fixed", &b->fixed);
        lt_opt_vec3(cv, p, "vel", &b->vel);
        lt_opt_vec3(cv, p, "angvel", &b->angvel);
        if (b->fixed && (lt_has_field(cv, p, "vel") || lt_has_field(cv, p, "angvel"))) {
            lt_path_push_key(cv, lt_has_field(cv, p, "vel") ? "vel" : "angvel");
            lt_field_error(
                cv, "a fixed body takes no initial velocity (it moves only by imposed motion)");
        }
    }
}

/* Read particle `index` (0 = A, 1 = B) at stack index p.  *own_normal: a wall gave `normal`. */
static void read_particle(conv *cv, int test_idx, int p, int index, lt_body *b, int *own_normal)
{
    lua_State *L = cv->L;
    p = lua_absindex(L, p);
    if (!lua_istable(L, p))
        lt_field_error(cv, "expected a particle table, got %s", luaL_typename(L, p));
    read_shape(cv, p, b);
    lt_check_keys_for(cv, p, shape_keys[b->shape], shape_what[b->shape]);
    *own_normal = 0;
    switch (b->shape) {
    case LT_SPHERE:
        lt_opt_positive(cv, p, "radius", &b->radius);
        lt_body_set_sphere(b, b->radius);
        break;
    case LT_CAPSULE: read_capsule(cv, p, b); break;
    case LT_FACET: read_facet(cv, p, b); break;
    case LT_WALL: read_wall(cv, p, index, b, own_normal); break;
    default: break;
    }
    read_particle_material(cv, test_idx, p, b);
    read_motion(cv, p, b);
}

/* ---- the stiffness rule ----------------------------------------------------------------- */

static const char *const stiffness_keys[] = {"rule", "area", "lengths", "kn", "kt", "ratio", NULL};

static void read_stiffness(conv *cv, int t, lt_stiffness *s)
{
    lua_State *L = cv->L;
    lt_path_push_key(cv, "stiffness");
    int ty = lt_get_field(cv, t, "stiffness");
    if (ty == LUA_TNIL) {
        lua_pop(L, 1);
        lt_path_pop(cv);
        return;
    }
    if (ty != LUA_TTABLE)
        lt_field_error(
            cv, "expected a table {rule = ..., area = ..., lengths = ..., kn, kt, ratio}, got %s",
            luaL_typename(L, -1));
    int st = lua_gettop(L);
    lt_check_keys(cv, st, stiffness_keys);
    int v = s->rule;
    lt_opt_choice(cv, st, "rule", lt_stiff_rule_names, LT_RULE_COUNT, &v);
    s->rule = (lt_stiff_rule)v;
    v = s->area;
    lt_opt_choice(cv, st, "area", lt_stiff_area_names, LT_AREA_COUNT, &v);
    s->area = (lt_stiff_area)v;
    v = s->lengths;
    lt_opt_choice(cv, st, "lengths", lt_stiff_lengths_names, LT_LENGTHS_COUNT, &v);
    s->lengths = (lt_stiff_lengths)v;
    int has_kn = lt_has_field(cv, st, "kn"), has_kt = lt_has_field(cv, st, "kt"),
        has_ratio = lt_has_field(cv, st, "ratio");
    if (s->rule != LT_RULE_DIRECT && (has_kn || has_kt)) {
        lt_path_push_key(cv, has_kn ? "kn" : "kt");
        lt_field_error(cv,
                       "applies to rule 'direct' only (rule '%s' computes it from the materials)",
                       lt_stiff_rule_names[s->rule]);
    }
    if (s->rule == LT_RULE_DIRECT && !has_kn) lt_field_error(cv, "rule 'direct' needs kn (N/m)");
    if (has_kt && has_ratio) {
        lt_path_push_key(cv, "ratio");
        lt_field_error(cv, "give kt or ratio, not both");
    }
    lt_opt_positive(cv, st, "kn", &s->kn);
    lt_opt_number(cv, st, "kt", &s->kt, 0, BIG);
    lt_opt_number(cv, st, "ratio", &s->ratio, 0, BIG);
    lua_pop(L, 1);
    lt_path_pop(cv);
}

/* ---- everything together ---------------------------------------------------------------- */

/* materials: a table of named material tables, each checked here (particles name them). */
static void read_materials(conv *cv, int t)
{
    lua_State *L = cv->L;
    lt_path_push_key(cv, "materials");
    int ty = lt_get_field(cv, t, "materials");
    if (ty == LUA_TTABLE) {
        lua_pushnil(L);
        while (lua_next(L, -2)) {
            if (lua_type(L, -2) != LUA_TSTRING)
                lt_field_error(cv, "material names must be strings");
            lt_path_push_key(cv, lua_tostring(L, -2));
            lt_material m = {0};
            lt_read_material(cv, -1, &m);
            lt_path_pop(cv);
            lua_pop(L, 1);
        }
    } else if (ty != LUA_TNIL) {
        lt_field_error(cv, "expected a table of materials, got %s", luaL_typename(L, -1));
    }
    lua_pop(L, 1);
    lt_path_pop(cv);
}

/* particles: two particle tables, A and B, into test->body; own_normal[i]: wall i gave its
 * normal. */
static void read_particles(conv *cv, int t, lt_test *test, int own_normal[2])
{
    lua_State *L = cv->L;
    lt_path_push_key(cv, "particles");
    int ty = lt_get_field(cv, t, "particles");
    if (ty != LUA_TNIL) {
        if (ty != LUA_TTABLE)
            lt_field_error(cv, "expected a table of 2 particles, got %s", luaL_typename(L, -1));
        if (lua_rawlen(L, -1) != 2)
            lt_field_error(cv, "expected 2 particles, got %d", (int)lua_rawlen(L, -1));
        lt_check_list(cv, -1, 2, "a list of 2 particles, A and B");
        for (int i = 0; i < 2; i++) {
            lt_path_push_index(cv, i + 1);
            lua_rawgeti(L, -1, i + 1);
            read_particle(cv, t, -1, i, &test->body[i], &own_normal[i]);
            lua_pop(L, 1);
            lt_path_pop(cv);
        }
    }
    lua_pop(L, 1);
    lt_path_pop(cv);
}

/* The pair can touch: not two rigid bodies, and a contact geometry for its shapes. */
static void check_pair(conv *cv, const lt_body *A, const lt_body *B)
{
    if (isinf(A->mat.young) && isinf(B->mat.young)) { /* B's material (A's was read first) */
        lt_path_push_key(cv, "particles");
        lt_path_push_index(cv, 2);
        lt_path_push_key(cv, "material");
        lt_check_rigid_pair(cv, &A->mat, &B->mat);
    }
    if (!lt_geom_pair_defined(A->shape, B->shape)) {
        lt_path_push_key(cv, "particles");
        lt_field_error(cv,
                       "no contact geometry for %s-%s (a contact of two flat bodies is undefined)",
                       lt_shape_name(A->shape), lt_shape_name(B->shape));
    }
}

/* normal: the test's, given to the walls without their own (B: the other body on its positive
 * side); without one, a wall's or facet's own; checked against the pair. */
static void read_normal(conv *cv, int t, lt_test *test, const int own_normal[2])
{
    int normal_given = lt_has_field(cv, t, "normal");
    lt_opt_nonzero_vec3(cv, t, "normal", &test->normal);
    vec3 n = v3_normalized(test->normal);
    for (int i = 0; i < 2; i++)
        if (test->body[i].shape == LT_WALL && !own_normal[i])
            lt_body_set_wall(&test->body[i], test->body[i].pos, i == 0 ? n : v3_neg(n));
    if (!normal_given)
        for (int i = 0; i < 2; i++) {
            const lt_body *b = &test->body[i];
            if ((b->shape == LT_WALL && own_normal[i]) || b->shape == LT_FACET) {
                vec3 p = lt_body_plane_normal(b);
                test->normal = i == 0 ? p : v3_neg(p);
                break;
            }
        }
    const char *why =
        lt_geom_normal_problem(&test->body[0], &test->body[1], v3_normalized(test->normal));
    if (why) {
        lt_path_push_key(cv, "normal");
        lt_field_error(cv, "(%g, %g, %g) %s", test->normal.x, test->normal.y, test->normal.z, why);
    }
}

/* gap: finite, and above the overlap that reaches the cores of the bodies. */
static void read_gap(conv *cv, int t, lt_test *test)
{
    const lt_body *A = &test->body[0], *B = &test->body[1];
    lt_opt_number(cv, t, "gap", &test->gap, -INFINITY, INFINITY);
    if (!isfinite(test->gap)) {
        lt_path_push_key(cv, "gap");
        lt_field_error(cv, "is not finite");
    }
    if (!(test->gap > lt_geom_min_gap(A, B))) {
        lt_path_push_key(cv, "gap");
        lt_field_error(cv, "overlap %g m reaches the cores of the bodies: gap must be > %g m",
                       -test->gap, lt_geom_min_gap(A, B));
    }
}

/* |v| without overflow in its squares */
static double safe_norm(vec3 v)
{
    double m = fmax(fabs(v.x), fmax(fabs(v.y), fabs(v.z)));
    return m > 0 && isfinite(m) ? m * v3_norm(v3_scale(v, 1 / m)) : m;
}

/* The initial velocities give a finite kinetic energy: 1/2 m |vel|^2 and (bounded above by)
 * 1/2 max(I) |angvel|^2 of each body, and their sum, else the field that overflows
 * (particles[i].vel or .angvel), not the first stage that finds kin = inf at step 0. */
static void check_kinetic(conv *cv, const lt_test *test)
{
    double total = 0;
    for (int i = 0; i < 2; i++) {
        lt_body b = test->body[i];
        if (b.fixed) continue;
        lt_body_mass_props(&b);
        double imax = fmax(b.inertia.x, fmax(b.inertia.y, b.inertia.z));
        double kt = 0.5 * b.mass * v3_dot(b.vel, b.vel),
               kr = 0.5 * imax * v3_dot(b.angvel, b.angvel);
        total += kt + kr;
        const char *bad = !isfinite(kt)     ? "vel"
                          : !isfinite(kr)   ? "angvel"
                          : isfinite(total) ? NULL
                          : kt >= kr        ? "vel"
                                            : "angvel";
        if (!bad) continue;
        lt_path_push_key(cv, "particles");
        lt_path_push_index(cv, i + 1);
        lt_path_push_key(cv, bad);
        lt_field_error(cv,
                       "the initial kinetic energy of the bodies is not a finite number (mass %g "
                       "kg, |vel| %g m/s, |angvel| %g rad/s)",
                       b.mass, safe_norm(b.vel), safe_norm(b.angvel));
    }
}

void lt_script_read_bodies(conv *cv, int t, lt_test *test)
{
    int own_normal[2] = {0, 0};
    read_materials(cv, t);
    read_particles(cv, t, test, own_normal);
    check_pair(cv, &test->body[0], &test->body[1]);
    read_normal(cv, t, test, own_normal);
    read_gap(cv, t, test);
    read_stiffness(cv, t, &test->stiffness);
    check_kinetic(cv, test);
}
