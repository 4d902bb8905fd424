/* tests/plugins/clash.c - a law named like a built-in one ("linear"), after a well-formed law
 * ("clash_ok", which must not stay registered when the file is refused). */
#include "plugin_common.h"

static const lt_law ok = {.api_version = LT_LAW_API_VERSION, TEST_LAW("clash_ok")};
static const lt_law law = {.api_version = LT_LAW_API_VERSION, TEST_LAW("linear")};
const lt_law *const lt_plugin_laws[] = {&ok, &law, NULL};
