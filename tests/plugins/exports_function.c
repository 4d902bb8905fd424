/* tests/plugins/exports_function.c - a function called lt_plugin_laws where the array of
 * pointers to descriptors is expected (its code would be read as pointers).  Refused in one
 * line (docs/plugins.md), never called nor read. */
#include "plugin_common.h"

const lt_law *const *lt_plugin_laws(void);

const lt_law *const *lt_plugin_laws(void)
{
    static const lt_law law = {.api_version = LT_LAW_API_VERSION, TEST_LAW("function")};
    static const lt_law *const list[] = {&law, NULL};
    return list;
}
