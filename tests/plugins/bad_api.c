/* tests/plugins/bad_api.c - a descriptor declaring a law API version no lawtester reads (9). */
#include "plugin_common.h"

static const lt_law law = {.api_version = 9, TEST_LAW("future_law")};
const lt_law *const lt_plugin_laws[] = {&law, NULL};
