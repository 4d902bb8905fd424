/* src/host/engine.h - a DEM engine's C library, loaded at run time (dlopen): LAMMPS
 * (`liblammps.so.0`, Debian's liblammps0, or the library a user names) and LIGGGHTS 3.8
 * (`libliggghts.so.3`, Debian's libliggghts3).  lawtester links neither: a hosted law names its
 * engine, and the library is found when the law is loaded (docs/hosted.md).
 *
 * Both libraries export the same C names from the older LAMMPS API (lammps_open_no_mpi,
 * lammps_command, lammps_extract_atom, lammps_close), each through its own handle (RTLD_LOCAL),
 * so one process may load both.  Which library: the law's `library` field, else the environment
 * (LAWTESTER_LAMMPS_LIB, LAWTESTER_LIGGGHTS_LIB), else the Debian package's.
 */
#ifndef LT_ENGINE_H
#define LT_ENGINE_H
#include <stddef.h>

typedef enum lt_engine_kind {
    LT_ENGINE_LAMMPS,
    LT_ENGINE_LIGGGHTS,
    LT_ENGINE_COUNT
} lt_engine_kind;

/* A loaded library: its functions (the older LAMMPS C API both libraries export). */
typedef struct lt_engine_lib {
    lt_engine_kind kind;
    const char *name; /* "LAMMPS", "LIGGGHTS" */
    char path[1024];  /* the library as dlopen took it */
    void *dl;
    /* lammps_open_no_mpi: LAMMPS returns the handle (and warns when asked for it in the third
     * argument), LIGGGHTS 3.8 gives it only there */
    void *(*open_returning)(int argc, char **argv, void **handle);
    void (*open_into)(int argc, char **argv, void **handle);
    char *(*command)(void *handle, char *cmd);
    void *(*extract_atom)(void *handle, char *name);
    void (*close)(void *handle);
} lt_engine_lib;

/* The engine called name ("lammps", "liggghts"), or -1. */
int lt_engine_kind_of(const char *name);
/* "lammps" or "liggghts": the name a hosted law gives. */
const char *lt_engine_key(lt_engine_kind kind);

/* A new instance of the library's engine (argv: its command line, NULL-terminated), or NULL. */
void *lt_engine_open(const lt_engine_lib *l, char **argv);

/* The library of kind: path (NULL: the environment's, else the Debian package's), loaded once per
 * path for the process.  NULL with one line in err (naming the package to install) when it does
 * not load or lacks a function. */
const lt_engine_lib *lt_engine_load(lt_engine_kind kind, const char *path, char *err,
                                    size_t errlen);

#endif
