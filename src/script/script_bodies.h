/* src/script/script_bodies.h - the bodies of a stage script's test table: materials, the two
 * particles with their shapes, the initial normal and gap, and the stiffness rule (README
 * "Stage scripts" documents the keys; SI units).  Errors are `FILE:LINE: field PATH: ...`
 * raised through conv. */
#ifndef LT_SCRIPT_BODIES_H
#define LT_SCRIPT_BODIES_H
#include "driver/driver.h"
#include "lua/conv.h"

/* Read `materials`, `particles`, `normal`, `gap` and `stiffness` of the test table at stack
 * index t into test (which holds lt_default_test() values).  Walls without their own normal
 * take the test's normal; a test without `normal` and with a wall or facet takes its normal
 * (pointing from A to B, B on the flat body's positive side). */
void lt_script_read_bodies(conv *cv, int t, lt_test *test);

#endif
