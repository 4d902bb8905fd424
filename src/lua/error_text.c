/* src/lua/error_text.c - the text of a Lua error object, whatever its type, for the one
 * error line a script's failure prints (script.c's message handler, the `until`/`done` calls of
 * script_scope.c, the stage values of script_values.c). */
#include "lua/error_text.h"
#include <lauxlib.h>

static int tostring_call(lua_State *L)
{
    luaL_tolstring(L, 1, NULL);
    return 1;
}

/* Push the text of the error object at idx and return it: a string or a number as it is; any
 * other value as "(error object is a TYPE value: TEXT)", TEXT from its __tostring, called in
 * protected mode under the running budget (a __tostring that fails or loops gives the type
 * alone); its length is not bounded here (print_error bounds what is printed). */
const char *lt_push_error_text(lua_State *L, int idx)
{
    idx = lua_absindex(L, idx);
    int type = lua_type(L, idx);
    if (type == LUA_TSTRING || type == LUA_TNUMBER) {
        lua_pushvalue(L, idx);
        return lua_tostring(L, -1);
    }
    const char *tname = luaL_typename(L, idx);
    if (luaL_getmetafield(L, idx, "__tostring") != LUA_TNIL) { /* raw: no metamethod runs here */
        lua_pop(L, 1);
        lua_pushcfunction(L, tostring_call);
        lua_pushvalue(L, idx);
        if (lua_pcall(L, 1, 1, 0) == LUA_OK && lua_type(L, -1) == LUA_TSTRING)
            return lua_pushfstring(L, "(error object is a %s value: %s)", tname,
                                   lua_tostring(L, -1));
        lua_pop(L, 1);
        return lua_pushfstring(L, "(error object is a %s value whose __tostring failed)", tname);
    }
    return lua_pushfstring(L, "(error object is a %s value)", tname);
}
