/* src/plugin.h - contact laws loaded from shared objects (`--law-lib FILE.so`, docs/plugins.md).
 *
 * A shared object exports `const lt_law *const lt_plugin_laws[]` (LT_PLUGIN_SYMBOL, src/law.h),
 * a NULL-terminated list of descriptors; each is registered (lt_register_law: normalized from its
 * API version, validated, its name checked free) with the file's path as its origin.  Native code
 * enters lawtester only this way, from the command line: stage scripts cannot load any
 * (src/script_sandbox.c). */
#ifndef LT_PLUGIN_H
#define LT_PLUGIN_H
#include <stddef.h>

/* Load the shared object at path (RTLD_NOW | RTLD_LOCAL; a path without '/' is taken relative
 * to the current directory, never searched for in the library path) and register every law it
 * exports.  Returns the number of laws registered (>= 1), or -1 with one line in err naming the
 * file and, when one is at fault, the law: "PATH: law 'NAME': WHAT".  On failure no law of the
 * file stays registered.  The object stays loaded for the life of the process. */
int lt_plugin_load(const char *path, char *err, size_t errlen);

#endif
