/* src/host/hosted.h - a hosted law's engine: the law's own commands run in a DEM engine's library
 * (host/engine.h) on two atoms that take lawtester's spheres at every state, the forces and
 * torques read back (the host of src/contact/host.h).  docs/hosted.md describes the whole.
 *
 * The engine's setup, per contact (a fresh engine state: `clear`, then all of it again):
 *   units si; atom_style sphere (LIGGGHTS: granular); atom_modify map array sort 0 0.0;
 *   boundary f f f; newton off; comm_modify vel yes (LIGGGHTS: communicate single vel yes;
 *   hard_particles yes); a box of half-width 4 (r_A + r_B) (or wider, to hold the atoms) about
 *   the pair's midpoint; atoms 1 (A) and 2 (B) at the bodies' centres with their radii and masses
 *   written into the engine's arrays (exactly: no text round trip); then the law's `commands`,
 *   each ${NAME} replaced by the parameter's value (shortest round-trip decimal; a bool 0 or 1, a
 *   choice its name); then timestep dt; neighbor 0.25 (r_A + r_B) bin; neigh_modify every
 *   1000000000 check no; thermo 0; run 0; log none.  A step: x, v, omega of both atoms written,
 *   `run 1 pre no post no`, f and torque read (no integrator: the atoms move only as lawtester
 *   moves them).
 * The engine's output goes to a log in a directory of its own (removed at exit) during the setup;
 * the steps run without it (a quarter of their cost), unless LAWTESTER_ENGINE_LOG is set (then it
 * is truncated every LT_HOSTED_LOG_RUNS runs); an engine ERROR ends the process (Debian's builds
 * have no exceptions): an exit hook, or lawtester's MPI_Abort (mpi_abort.c), reads the ERROR line
 * from the log and ends the worker with status 2 and one line (the hosted file's line of the
 * command, the engine's own text; base/watch.h's engine fields carry it to the supervisor).
 */
#ifndef LT_HOSTED_H
#define LT_HOSTED_H
#include "contact/host.h"
#include "host/engine.h"
#include <lawtester/law.h>
#include <stddef.h>

/* Runs between truncations of an engine's log. */
#define LT_HOSTED_LOG_RUNS 1000
/* Commands of one law. */
#define LT_HOSTED_MAX_COMMANDS 64

typedef struct lt_hosted lt_hosted;

/* A hosted law of engine kind (library: NULL, the default; see engine.h) written in file (quoted
 * for messages) at line: the library loaded.  NULL with one line in err. */
lt_hosted *lt_hosted_new(lt_engine_kind kind, const char *library, const char *file, int line,
                         char *err, size_t errlen);
void lt_hosted_free(lt_hosted *h);

/* The law's command number i (its text, with ${NAME} references, and its line in the file).  0,
 * or -1 with one line in err (too many, or a ${...} that names no parameter of law, or an
 * unclosed one: checked once law is known, lt_hosted_bind). */
int lt_hosted_add_command(lt_hosted *h, const char *text, int line, char *err, size_t errlen);

/* The law's wall against a plane wall A (hosted_wall.h): text its command with ${NAME} (the
 * geometry appended), or NULL to derive it from the law's pair style; at line.  0, or -1 with one
 * line in err. */
int lt_hosted_set_wall(lt_hosted *h, const char *text, int line, char *err, size_t errlen);

/* The law's commands given as a function of its parameters instead (a Lua function: the list it
 * returns for param, verbatim, in *cmds, its number in *n; 0, or -1 with one line in err), defined
 * at line. */
typedef int (*lt_hosted_commands_fn)(void *ctx, const double *param, char *const **cmds, int *n,
                                     char *err, size_t errlen);
void lt_hosted_set_commands(lt_hosted *h, lt_hosted_commands_fn fn, void *ctx, int line);

/* The law registered (lt_register_law's copy): its parameters name the ${...}; the host given to
 * the registry (lt_law_set_host).  0, or -1 with one line in err (a ${NAME} of no parameter). */
int lt_hosted_bind(lt_hosted *h, const lt_law *law, char *err, size_t errlen);

/* The engine set up once with the parameters param (the law's defaults, say) for two spheres of
 * radius 5 mm: a bad command or value stops here, before anything runs (the exit hook ends the
 * process with its one line).  0, or -1 with one line in err. */
int lt_hosted_try(lt_hosted *h, const double *param, char *err, size_t errlen);

/* An engine that ends the process inside one of its commands: its one line (the hosted file's
 * line, the command, the engine's ERROR from its log), into the watch page for the supervisor or
 * on stderr, then _exit(2).  Returns 0 when no engine command is running. */
int lt_hosted_stopped(void);

/* 1 if the engine keeps its log during the steps (LAWTESTER_ENGINE_LOG set, not "0"): an engine
 * ERROR in a step is then named with its own text; otherwise the message says the log was off. */
int lt_hosted_log_steps(void);

/* The hosted law's engine name ("LAMMPS") and the library it runs. */
const char *lt_hosted_engine(const lt_hosted *h);
const char *lt_hosted_library(const lt_hosted *h);

#endif
