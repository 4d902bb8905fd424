/* src/lualaw/known.c - a Lua law's known defects (docs/lua-laws.md, "Known defects"): rows of
 * verify's generic checks that fail because the law (above all a hosted law: an engine's own
 * model) is wrong there, named so that verify prints them XFAIL, not FAIL, and XPASS (a failure)
 * once the defect is gone:
 *   known = { { row = "generic-oblique coulomb", why = "one line",
 *               when = function(p) return p.tangential_damping end }, ... }
 * row is the case and the start of the quantity, as verify prints them (the case without its
 * sweep point "@k"); when (optional) says at which parameters the defect shows (a sweep point
 * where it returns false keeps the row plain).  The registry asks through lt_law_known. */
#include "contact/registry.h"
#include "lualaw/lualaw_int.h"
#include <lauxlib.h>
#include <stdio.h>
#include <string.h>

static void read_entry(conv *cv, lua_law_extra *x, int t, int i, int K)
{
    lua_State *L = cv->L;
    static const char *const keys[] = {"row", "why", "when", NULL};
    lt_path_push_index(cv, i + 1);
    if (!lua_istable(L, t))
        lt_field_error(cv,
                       "expected { row = \"CASE QUANTITY\", why = \"...\" [, when = "
                       "function(p)] }, got %s",
                       luaL_typename(L, t));
    lt_check_keys(cv, t, keys);
    const char *row = NULL, *why = NULL;
    for (int k = 0; k < 2; k++) {
        lt_path_push_key(cv, keys[k]);
        if (lt_get_field(cv, t, keys[k]) != LUA_TSTRING || !*lua_tostring(L, -1))
            lt_field_error(cv, "expected %s, got %s",
                           k ? "one line naming the defect"
                             : "\"CASE QUANTITY\" as verify prints them",
                           luaL_typename(L, -1));
        const char *s = lt_lua_law_keep(x, lua_tostring(L, -1));
        if (!s) luaL_error(L, "out of memory");
        if (k == 0) {
            const char *sp = strchr(s, ' ');
            if (!sp || sp == s || !sp[1])
                lt_field_error(cv, "'%s': a case and a quantity, e.g. \"generic-oblique coulomb\"",
                               s);
            row = s;
        } else {
            why = s;
        }
        lua_pop(L, 1);
        lt_path_pop(cv);
    }
    lua_law_known *k = &x->known[i];
    k->row = row, k->why = why;
    k->case_len = (int)(strchr(row, ' ') - row);
    k->when_line = lt_function_field(cv, t, "when", 0, "when(p)");
    if (k->when_line > 0)
        lua_rawseti(L, K, i + 1);
    else
        lua_pop(L, 1);
    lt_path_pop(cv);
}

void lt_lua_law_read_known(conv *cv, lua_law *b, int t, int X)
{
    lua_State *L = cv->L;
    lua_law_extra *x = b->extra;
    lt_path_push_key(cv, "known");
    int ty = lt_get_field(cv, t, "known");
    int n = ty == LUA_TTABLE ? (int)lua_rawlen(L, -1) : -1;
    if (n < 0) lt_field_error(cv, "expected a list of known defects, got %s", luaL_typename(L, -1));
    lt_check_list(cv, -1, n, "known defects");
    if (n > LUA_LAW_MAX_KNOWN) lt_field_error(cv, "more than %d known defects", LUA_LAW_MAX_KNOWN);
    int list = lua_gettop(L);
    lua_createtable(L, n, 0); /* the `when` functions, in X.known */
    int K = lua_gettop(L);
    for (int i = 0; i < n; i++) {
        lua_rawgeti(L, list, i + 1);
        read_entry(cv, x, lua_gettop(L), i, K);
        lua_pop(L, 1);
    }
    x->n_known = n;
    lua_setfield(L, X, "known");
    lua_pop(L, 1);
    lt_path_pop(cv);
}

/* lt_known_fn of a Lua law (ctx: its binding). */
static const char *known_row(void *ctx, const double *param, const char *kase, const char *quantity)
{
    lua_law *b = ctx;
    lua_law_extra *x = b->extra;
    size_t clen = strcspn(kase, "@");
    for (int i = 0; x && i < x->n_known; i++) {
        const lua_law_known *k = &x->known[i];
        const char *q = k->row + k->case_len + 1;
        if ((size_t)k->case_len != clen || strncmp(k->row, kase, clen) != 0 ||
            strncmp(quantity, q, strlen(q)) != 0)
            continue;
        if (k->when_line <= 0) return k->why;
        if (!lt_lua_law_known_when(b, i, param)) { /* its error: the row stays as it is */
            fprintf(stderr, "lawtester: %s:%d: known[%d].when: %s\n", b->file, b->err_line, i + 1,
                    b->err);
            b->failed = 0;
            return NULL;
        }
        if (x->result != 0) return k->why;
    }
    return NULL;
}

void lt_lua_law_register_known(lua_law *b)
{
    if (b->extra && b->extra->n_known > 0) lt_law_set_known(b->law, known_row, b);
}
