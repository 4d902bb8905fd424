/* src/host/engine.c - the engines' libraries loaded at run time (see engine.h). */
#include "host/engine.h"
#include "base/quote.h"
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What each engine's library is called, where the environment names another, and which Debian
 * package has it. */
static const struct {
    const char *key, *name, *lib, *env, *package;
} engines[LT_ENGINE_COUNT] = {
    [LT_ENGINE_LAMMPS] = {"lammps", "LAMMPS", "liblammps.so.0", "LAWTESTER_LAMMPS_LIB",
                          "liblammps0"},
    [LT_ENGINE_LIGGGHTS] = {"liggghts", "LIGGGHTS", "libliggghts.so.3", "LAWTESTER_LIGGGHTS_LIB",
                            "libliggghts3"},
};

/* The libraries loaded so far (a few: one per engine and path). */
#define MAX_LIBS 8
static lt_engine_lib libs[MAX_LIBS];
static int n_libs;

int lt_engine_kind_of(const char *name)
{
    for (int k = 0; k < LT_ENGINE_COUNT; k++)
        if (strcmp(name, engines[k].key) == 0) return k;
    return -1;
}

const char *lt_engine_key(lt_engine_kind kind) { return engines[kind].key; }

/* The library's functions, each looked up by name: 0, or -1 with the missing one in err. */
static int bind_functions(lt_engine_lib *l, char *err, size_t errlen)
{
    static const char *const names[4] = {"lammps_open_no_mpi", "lammps_command",
                                         "lammps_extract_atom", "lammps_close"};
    void *f[4];
    for (int i = 0; i < 4; i++)
        if (!(f[i] = dlsym(l->dl, names[i]))) {
            char q[LT_QUOTE_KEEP + 8];
            snprintf(err, errlen, "%s library '%s' has no function %s (not a %s library?)", l->name,
                     lt_quote(l->path, q, sizeof q, LT_QUOTE_KEEP), names[i], l->name);
            return -1;
        }
    /* object pointers to function pointers: how dlsym's results are used (POSIX) */
    memcpy(&l->open_returning, &f[0], sizeof f[0]);
    memcpy(&l->open_into, &f[0], sizeof f[0]);
    memcpy(&l->command, &f[1], sizeof f[1]);
    memcpy(&l->extract_atom, &f[2], sizeof f[2]);
    memcpy(&l->close, &f[3], sizeof f[3]);
    return 0;
}

void *lt_engine_open(const lt_engine_lib *l, char **argv)
{
    int argc = 0;
    while (argv[argc]) argc++;
    void *h = NULL;
    if (l->kind == LT_ENGINE_LAMMPS)
        h = l->open_returning(argc, argv, NULL);
    else
        l->open_into(argc, argv, &h);
    return h;
}

const lt_engine_lib *lt_engine_load(lt_engine_kind kind, const char *path, char *err, size_t errlen)
{
    const char *env = getenv(engines[kind].env);
    if (!path) path = env && *env ? env : engines[kind].lib;
    for (int i = 0; i < n_libs; i++)
        if (libs[i].kind == kind && strcmp(libs[i].path, path) == 0) return &libs[i];
    char q[LT_QUOTE_KEEP + 8];
    if (n_libs == MAX_LIBS || strlen(path) >= sizeof libs[0].path) {
        snprintf(err, errlen, "too many engine libraries, or a path too long: '%s'",
                 lt_quote(path, q, sizeof q, LT_QUOTE_KEEP));
        return NULL;
    }
    lt_engine_lib *l = &libs[n_libs];
    memset(l, 0, sizeof *l);
    l->kind = kind;
    l->name = engines[kind].name;
    strcpy(l->path, path);
    l->dl = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!l->dl) {
        const char *why = dlerror();
        char qw[LT_QUOTE_KEEP + 8];
        snprintf(err, errlen,
                 "cannot load the %s library '%s' (%s): install Debian's %s (apt-get install %s), "
                 "or name the library with %s or the law's field `library`",
                 l->name, lt_quote(path, q, sizeof q, LT_QUOTE_KEEP),
                 lt_quote(why ? why : "?", qw, sizeof qw, LT_QUOTE_KEEP), engines[kind].package,
                 engines[kind].package, engines[kind].env);
        return NULL;
    }
    if (bind_functions(l, err, errlen) < 0) {
        dlclose(l->dl);
        return NULL;
    }
    n_libs++;
    return l;
}
