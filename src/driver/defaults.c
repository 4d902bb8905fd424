/* src/driver/defaults.c - a test and a stage as they are before a script or a C caller sets
 * them (driver.h, lt_default_test and lt_default_stage).  SI units. */
#include "contact/stiffness.h"
#include "driver/driver.h"
#include <string.h>

lt_test lt_default_test(void)
{
    lt_test t;
    memset(&t, 0, sizeof t);
    t.name = "test";
    t.normal = v3(1, 0, 0);
    t.dt = 1e-6;
    t.abWeight = 1;
    t.record_every = 1;
    t.max_steps = 1000000000L;
    for (int i = 0; i < 2; i++) {
        t.body[i].shape = LT_SPHERE;
        t.body[i].radius = 0.1;
        t.body[i].ori = q_identity();
        t.body[i].mat = (lt_material){
            .young = 1e7, .poisson = 0.25, .density = 2600, .ktDivKn = 0.5, .tanPhi = 0.5};
    }
    t.stiffness = lt_stiffness_default();
    return t;
}

lt_stage lt_default_stage(void)
{
    lt_stage s;
    memset(&s, 0, sizeof s);
    memset(s.whats, '.', LT_DOF);
    s.until_every = 1;
    s.max_steps = 100000000L;
    s.servo_gain = 0.5;
    s.servo_vmax = 1;
    return s;
}
