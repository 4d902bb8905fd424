/* tests/test_validate.c - input validation (docs/reliability.md): every number is checked
 * against the range its descriptor declares (law parameters: the lt_param min/max of the law;
 * materials, particles, test and stage keys: the readers of src/script/script_*.c), with the valid range
 * in the message, and a key that is not known (misspelt, or an extra entry in a list) is an
 * error, never ignored.  Each case: one line `FILE:LINE: field PATH: ...`, exit status 1, no
 * file (tests/cli.c, check_bad). */
#include "check.h"
#include "cli.h"

/* ---- ranges ------------------------------------------------------------------------------------ */

static void test_negative_stiffness(void) { check_bad("negative_stiffness.lua", 3, "field params.kn: value -1e+06 out of range: must be >= 0"); }
static void test_negative_friction(void) { check_bad("negative_friction.lua", 4, "field params.tanPhi: value -0.2 out of range: must be >= 0"); }
static void test_material_friction(void) { check_bad("material_friction.lua", 4, "field materials.m.tanPhi: value -1 out of range: must be >= 0"); }
static void test_poisson_range(void) { check_bad("poisson_range.lua", 3, "field materials.m.poisson: value 0.7 out of range: must be in [-1, 0.5]"); }
static void test_density_zero(void) { check_bad("density_zero.lua", 3, "field materials.m.density: value 0 out of range: must be > 0"); }
static void test_young_negative(void) { check_bad("young_negative.lua", 4, "field particles[1].material.young: value -1e+07 out of range: must be > 0"); }
static void test_zero_radius(void) { check_bad("zero_radius.lua", 4, "field particles[1].radius: must be a finite number > 0, got 0"); }
static void test_dt_zero(void) { check_bad("dt_zero.lua", 3, "field dt: value 0 out of range: must be > 0"); }
static void test_dt_negative(void) { check_bad("dt_negative.lua", 3, "field dt: value -1e-06 out of range: must be > 0"); }
static void test_dt_infinite(void) { check_bad("inf_dt.lua", 4, "field dt: is not finite"); }
static void test_abweight_range(void) { check_bad("abweight_range.lua", 3, "field abWeight: value 1.5 out of range: must be in [0, 1]"); }
static void test_damping_range(void) { check_bad("damping_range.lua", 3, "field damping: value 1 out of range: must be in [0, 0.99]"); }
static void test_until_every_zero(void) { check_bad("until_every_zero.lua", 4, "field stages[1].untilEvery: value 0 out of range: must be in [1, 1e+09]"); }
static void test_max_steps_fraction(void) { check_bad("max_steps_fraction.lua", 3, "field max_steps: expected a whole number, got 1.5"); }
static void test_record_every_zero(void) { check_bad("record_every_zero.lua", 3, "field record.every: value 0 out of range: must be in [1, 4e+18]"); }
static void test_probe_negative_steps(void) { check_bad("probe_negative_steps.lua", 1, "field steps: value -5 out of range: must be in [1, 1e+09]"); }
static void test_probe_too_long(void)
{
    check_bad("probe_too_long.lua", 2, "field steps: 1000000 directions of 1000000000 steps exceed the test's max_steps = 1000000000");
}
static void test_bool_param_number(void) { check_bad("bool_param_number.lua", 3, "field params.noSlip: expected true or false (or 1, 0), got 0.5"); }
static void test_choice_param_unknown(void) { check_bad("choice_param_unknown.lua", 3, "field params.dissipation: unknown value 'exact' (slip dissipation formula: trapezoid|doc|code|potential|path"); }

/* ---- keys -------------------------------------------------------------------------------------- */

static void test_unknown_test_key(void) { check_bad("unknown_key.lua", 5, "field abweight: unknown key 'abweight'"); }
static void test_unknown_material_key(void) { check_bad("unknown_material_key.lua", 3, "field materials.m.yung: unknown key 'yung' (allowed: young, poisson, density, ktDivKn, tanPhi)"); }
static void test_unknown_stage_key(void) { check_bad("unknown_stage_key.lua", 4, "field stages[1].max_step: unknown key 'max_step' (allowed: whats, values, until, till, done, untilEvery, max_steps, name, spin, servoGain, servoMaxSpeed)"); }
static void test_unknown_record_key(void) { check_bad("unknown_record_key.lua", 3, "field record.evry: unknown key 'evry' (allowed: every)"); }
static void test_unknown_particle_key(void) { check_bad("unknown_particle_key.lua", 4, "field particles[2].velocity: unknown key 'velocity' for a sphere"); }
static void test_unknown_param(void) { check_bad("unknown_param.lua", 5, "field params.ktt: law 'linear' has no parameter 'ktt'"); }
static void test_unknown_stiffness_key(void) { check_bad("stiffness_unknown_key.lua", 5, "field stiffness.Kn: unknown key 'Kn'"); }
static void test_unknown_probe_key(void) { check_bad("probe_unknown_key.lua", 2, "field direction: unknown key 'direction' (allowed: test, directions, limit, steps, name, dofs, control)"); }
static void test_probe_dofs_same(void) { check_bad("probe_dofs_same.lua", 2, "field dofs: the same DoF 5 (bend y) twice: a probe needs two different DoFs"); }
static void test_probe_dofs_unknown(void) { check_bad("probe_dofs_unknown.lua", 2, "field dofs[2]: expected a DoF number 1..6 (normal, shear y, shear z, twist, bend y, bend z), got 7"); }
static void test_probe_dofs_torque(void) { check_bad("probe_dofs_torque.lua", 3, "field dofs: DoF 5 (bend y) is not one law 'linear' declares its surface over (1 normal, 2 shear y, 3 shear z)"); }
static void test_probe_control_unknown(void) { check_bad("probe_control_unknown.lua", 2, "field control: unknown value 'torque' (one of displacement, force)"); }
static void test_probe_force_no_stiffness(void) { check_bad("probe_force_no_stiffness.lua", 3, "field control: force control needs a positive stiffness on DoF 5 at the initial state, got 0 N/m or N m/rad"); }
static void test_vector_extra_key(void) { check_bad("vector_extra_key.lua", 3, "field normal.z: unexpected key 'z' (a list of 3 numbers {x, y, z})"); }
static void test_values_extra_key(void) { check_bad("values_extra_key.lua", 4, "field stages[1].values.shear: unexpected key 'shear' (a list of 6 numbers or functions, one per DoF)"); }
static void test_particles_extra_key(void) { check_bad("particles_extra_key.lua", 3, "field particles.C: unexpected key 'C' (a list of 2 particles, A and B)"); }
static void test_stages_extra_key(void) { check_bad("stages_extra_key.lua", 4, "field stages.every: unexpected key 'every' (a list of stages)"); }
static void test_until_and_till(void) { check_bad("until_and_till.lua", 4, "field stages[1].till: give until or till, not both"); }
static void test_fixed_with_velocity(void) { check_bad("fixed_with_velocity.lua", 4, "field particles[2].vel: a fixed body takes no initial velocity"); }

const test_case validate_tests[] = {
    TEST(negative_stiffness),
    TEST(negative_friction),
    TEST(material_friction),
    TEST(poisson_range),
    TEST(density_zero),
    TEST(young_negative),
    TEST(zero_radius),
    TEST(dt_zero),
    TEST(dt_negative),
    TEST(dt_infinite),
    TEST(abweight_range),
    TEST(damping_range),
    TEST(until_every_zero),
    TEST(max_steps_fraction),
    TEST(record_every_zero),
    TEST(probe_negative_steps),
    TEST(probe_too_long),
    TEST(bool_param_number),
    TEST(choice_param_unknown),
    TEST(unknown_test_key),
    TEST(unknown_material_key),
    TEST(unknown_stage_key),
    TEST(unknown_record_key),
    TEST(unknown_particle_key),
    TEST(unknown_param),
    TEST(unknown_stiffness_key),
    TEST(unknown_probe_key),
    TEST(probe_dofs_same),
    TEST(probe_dofs_unknown),
    TEST(probe_dofs_torque),
    TEST(probe_control_unknown),
    TEST(probe_force_no_stiffness),
    TEST(vector_extra_key),
    TEST(values_extra_key),
    TEST(particles_extra_key),
    TEST(stages_extra_key),
    TEST(until_and_till),
    TEST(fixed_with_velocity),
    {0, 0},
};
