/* tests/plugins/ctor_exit.c - a shared object whose constructor calls exit(0) when it is loaded:
 * lawtester must not take that for a successful command (tests/test_contain.c). */
#include "plugin_common.h"
#include <stdlib.h>

__attribute__((constructor)) static void leave(void) { exit(0); }

static const lt_law ctor = {.api_version = LT_LAW_API_VERSION, TEST_LAW("ctor_exit")};
const lt_law *const lt_plugin_laws[] = {&ctor, NULL};
