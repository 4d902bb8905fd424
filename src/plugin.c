/* src/plugin.c - lt_plugin_load (see plugin.h): dlopen, dlsym, register each descriptor. */
#define _POSIX_C_SOURCE 200809L
#include "plugin.h"
#include "law.h"
#include "registry.h"
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

/* The last line of dlerror() without a leading "PATH: " (dlerror names the file itself). */
static const char *dl_reason(const char *tried)
{
    const char *e = dlerror();
    if (!e) return "unknown dynamic loader error";
    size_t n = strlen(tried);
    if (strncmp(e, tried, n) == 0 && e[n] == ':' && e[n + 1] == ' ') e += n + 2;
    return e;
}

int lt_plugin_load(const char *path, char *err, size_t errlen)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    if (!S_ISREG(st.st_mode)) {
        snprintf(err, errlen, "%s: not a regular file (a shared object is expected)", path);
        return -1;
    }
    /* dlopen searches the library path for a name without '/': take it as a file here */
    char tried[4096];
    snprintf(tried, sizeof tried, "%s%s", strchr(path, '/') ? "" : "./", path);
    void *handle = dlopen(tried, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        snprintf(err, errlen, "%s: cannot load it as a shared object: %s", path, dl_reason(tried));
        return -1;
    }
    dlerror();
    const lt_law *const *list = (const lt_law *const *)dlsym(handle, LT_PLUGIN_SYMBOL);
    if (!list) {
        snprintf(err, errlen, "%s: exports no '%s' (a NULL-terminated array of const lt_law *, C linkage; "
                              "docs/plugins.md)", path, LT_PLUGIN_SYMBOL);
        dlclose(handle);
        return -1;
    }
    int n = 0;
    while (n < LT_MAX_LAWS && list[n]) n++;
    if (n == LT_MAX_LAWS) {
        snprintf(err, errlen, "%s: '%s' has no NULL end within %d entries", path, LT_PLUGIN_SYMBOL, LT_MAX_LAWS);
        dlclose(handle);
        return -1;
    }
    if (n == 0) {
        snprintf(err, errlen, "%s: '%s' is empty (no law before its NULL end)", path, LT_PLUGIN_SYMBOL);
        dlclose(handle);
        return -1;
    }
    const lt_law *added[LT_MAX_LAWS];
    for (int i = 0; i < n; i++) {
        char why[512];
        added[i] = lt_register_law(list[i], path, why, sizeof why);
        if (!added[i]) {
            snprintf(err, errlen, "%s: %s", path, why);
            while (i > 0) lt_unregister_law(added[--i]);
            dlclose(handle);
            return -1;
        }
    }
    return n; /* handle kept open: the registered laws point into the object */
}
