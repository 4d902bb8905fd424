/* tests/plugins/name_newline.c - a law whose name holds a newline: refused (a name is an
 * identifier), and the refusal stays on one line, the name escaped (docs/plugins.md). */
#include "plugin_common.h"

static const lt_law law = {.api_version = LT_LAW_API_VERSION, TEST_LAW("two\nlines")};
const lt_law *const lt_plugin_laws[] = {&law, NULL};
