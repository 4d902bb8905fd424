/* tests/plugins/exports_no_null.c - an array of pointers without its NULL end: the word after it
 * belongs to something else (here an array of integers that is no descriptor).  Its symbol's size
 * says where it ends: refused in one line (docs/plugins.md), nothing past it read. */
#include "plugin_common.h"

static const lt_law law = {.api_version = LT_LAW_API_VERSION, TEST_LAW("no_null")};
const lt_law *const lt_plugin_laws[] = {&law};
const long lt_plugin_after[] = {4, 4, 4, 4};
