/* src/script/script_bodies.h - the bodies of a stage script's test table: materials, the two
 * particles with their shapes, the initial normal and gap, and the stiffness rule (README
 * "Stage scripts" documents the keys; SI units).  Errors are `FILE:LINE: field PATH: ...`
 * raised through conv. */
#ifndef LT_SCRIPT_BODIES_H
#define LT_SCRIPT_BODIES_H
#include "driver/driver.h"
#include "script/conv.h"

/* Read a material table (stack index t; keys young, poisson, density, ktDivKn, tanPhi) into m,
 * keeping what is absent.  young = math.huge (+inf) is a rigid body (docs/stage-scripts.md,
 * "Rigid bodies"). */
void lt_script_read_material(conv *cv, int t, lt_material *m);
/* Refuse (at cv's current path) a pair of materials that are both rigid: no finite E*. */
void lt_script_check_rigid_pair(conv *cv, const lt_material *a, const lt_material *b);

/* Read `materials`, `particles`, `normal`, `gap` and `stiffness` of the test table at stack
 * index t into test (which holds lt_default_test() values).  Walls without their own normal
 * take the test's normal; a test without `normal` and with a wall or facet takes its normal
 * (pointing from A to B, B on the flat body's positive side). */
void lt_script_read_bodies(conv *cv, int t, lt_test *test);

#endif
