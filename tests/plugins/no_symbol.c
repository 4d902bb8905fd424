/* tests/plugins/no_symbol.c - a shared object with a law but without lt_plugin_laws (exported
 * under another name, as a typo or a C++ name mangling would do). */
#include "plugin_common.h"

static const lt_law law = {.api_version = LT_LAW_API_VERSION, TEST_LAW("unexported")};
const lt_law *const lt_plugin_law[] = {&law, NULL};
