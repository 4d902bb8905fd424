/* tests/plugins/exports_structs.c - lt_plugin_laws declared as an array of descriptors, not of
 * pointers to them: its first "pointer" is the api_version of the first law (LT_LAW_API_VERSION,
 * plus the padding), which points nowhere.  Refused in one line (docs/plugins.md), never
 * dereferenced. */
#include "plugin_common.h"

const lt_law lt_plugin_laws[] = {{.api_version = LT_LAW_API_VERSION, TEST_LAW("structs")},
                                 {.api_version = 0}};
