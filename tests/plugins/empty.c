/* tests/plugins/empty.c - lt_plugin_laws present but empty (NULL first). */
#include "../../include/lawtester/law.h"
#include <stddef.h>

const lt_law *const lt_plugin_laws[] = {NULL};
