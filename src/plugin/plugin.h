/* src/plugin/plugin.h - contact laws loaded from shared objects (`--law-lib FILE.so`,
 * docs/plugins.md).
 *
 * A shared object exports `const lt_law *const lt_plugin_laws[]` (LT_PLUGIN_SYMBOL,
 * include/lawtester/law.h), a NULL-terminated list of descriptors; each is registered
 * (lt_register_law: normalized from its API version, validated, its name checked free) with the
 * file's path as its origin.  Native code enters lawtester only this way, from the command line:
 * stage scripts cannot load any
 * (src/lua/sandbox.c). */
#ifndef LT_PLUGIN_H
#define LT_PLUGIN_H
#include <stddef.h>

/* Load the shared object at path (RTLD_NOW | RTLD_LOCAL; a path without '/' is taken relative
 * to the current directory, never searched for in the library path) and register every law it
 * exports.  The export is checked for what it is before any descriptor is read (its ELF symbol's
 * type and size, each pointer into readable memory of a descriptor's size: docs/plugins.md), so
 * a wrong one is refused, never a crash.  A file loaded before (the same device and inode, by
 * any path) is not loaded again: its count is returned.  Returns the number of laws registered
 * (>= 1), or -1 with one line in err naming the file and, when one is at fault, the law:
 * "PATH: law 'NAME': WHAT", the path and any control character escaped and a long path
 * shortened (lt_quote); the registry keeps the escaped path as the laws' origin.  On failure no
 * law of the file stays registered.  The object stays loaded for the life of the process.
 * While it runs, the watch page names the file (lt_watch_page->lib) and the call LT_CALL_LOAD. */
int lt_plugin_load(const char *path, char *err, size_t errlen);

#endif
