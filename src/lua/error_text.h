/* src/lua/error_text.h - the text of a Lua error object of any type, for the one error line of a
 * script's failure (error_text.c). */
#ifndef LT_LUA_ERROR_TEXT_H
#define LT_LUA_ERROR_TEXT_H
#include <lua.h>

/* Push the text of the error object at idx and return it: a string or a number as it is; any
 * other value as "(error object is a TYPE value: TEXT)", TEXT from its __tostring, called in
 * protected mode under the running budget (a __tostring that fails or loops gives the type
 * alone); its length is not bounded here. */
const char *lt_push_error_text(lua_State *L, int idx);

#endif
