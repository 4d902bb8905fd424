/* tests/plugins/exports_strings.c - lt_plugin_laws as an array of law names (strings) instead of
 * pointers to descriptors: each "descriptor" is text, whose api_version and name pointer are
 * letters.  Refused in one line (docs/plugins.md) before any field but api_version is used. */
#include <stddef.h>

const char *const lt_plugin_laws[] = {"hooke_spring_by_name_not_by_descriptor", NULL};
