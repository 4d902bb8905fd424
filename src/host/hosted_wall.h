/* src/host/hosted_wall.h - a hosted law against a plane wall (docs/hosted.md, "Walls"): the
 * engine's own wall (LAMMPS's `fix wall/gran`, LIGGGHTS's primitive wall) at z = 0 of a frame
 * whose z axis is the wall's normal toward the sphere, the sphere its only atom.  The sphere's
 * velocity and spin are taken relative to the wall's material under it (a wall that moves or
 * turns as lawtester imposes it: the engines' walls stand still), the force and torque the
 * engine returns turned back to the global frame.  Units SI.
 *
 * The wall's command: the law's `wall` (a command with ${NAME}), or derived from its pair style
 * (`wall = true`):
 *   LAMMPS  pair_style granular + pair_coeff * * ARGS  ->  fix lt_wall all wall/gran granular ARGS
 *           zplane 0.0 NULL [limit_damping];
 *           pair_style gran/STYLE ARGS  ->  fix lt_wall all wall/gran STYLE ARGS zplane 0.0 NULL;
 *   LIGGGHTS pair_style gran MODELS KEYWORDS  ->  fix lt_wall all wall/gran MODELS primitive type 1
 *           zplane 0.0 KEYWORDS (MODELS the model/name pairs: model, tangential, cohesion,
 *           rolling_friction, surface; KEYWORDS the rest).
 * An explicit `wall` gets " zplane 0.0 NULL" (LAMMPS) or " primitive type 1 zplane 0.0"
 * (LIGGGHTS) appended. */
#ifndef LT_HOSTED_WALL_H
#define LT_HOSTED_WALL_H
#include "host/engine.h"
#include <stddef.h>

/* The axes of the wall's frame, as the rows of m. */
typedef struct lt_wall_axes {
    double m[3][3];
} lt_wall_axes;

/* The wall's frame: rows e1, e2, n (n the unit normal toward the sphere, e1 from the global axis
 * least aligned with n: the same frame for the same n). */
void lt_wall_frame(const double n[3], lt_wall_axes *Q);
/* g (global) in the wall's frame, and back. */
void lt_wall_to(const lt_wall_axes *Q, const double g[3], double w[3]);
void lt_wall_from(const lt_wall_axes *Q, const double w[3], double g[3]);

/* The engine's wall command derived from the law's last pair_style and pair_coeff commands
 * (expanded; "" where the law gave none) into out.  0, or -1 with one line in err. */
int lt_wall_command(lt_engine_kind kind, const char *pair_style, const char *pair_coeff, char *out,
                    size_t n, char *err, size_t errlen);

#endif
