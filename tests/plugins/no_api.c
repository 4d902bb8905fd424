/* tests/plugins/no_api.c - a descriptor whose author forgot .api_version (0): refused in one
 * line naming the file, the law and what to set (docs/plugins.md). */
#include "plugin_common.h"

static const lt_law law = {TEST_LAW("no_version")};
const lt_law *const lt_plugin_laws[] = {&law, NULL};
