/* tests/run_tests.c - the test runner: runs every suite, prints each failed check and, last,
 * the summary line `N passed, N failed` (N = tests) that CI reads.  Exit status 1 on any
 * failure.  `run_tests NAME...` runs only the tests whose name contains one of the NAMEs. */
#include "check.h"
#include <stdio.h>
#include <string.h>

int check_failures_in_test;
const char *check_current_test;

extern const test_case linear_tests[], spring_dashpot_tests[], hertz_mindlin_tests[], linel6_tests[],
    cohesive_tests[], law_energy_tests[], verify_tests[], surface_tests[], probe_tests[], probe_pair_tests[], driver_tests[],
    energy_tests[], script_tests[], cli_tests[], probe_cli_tests[], fmt_tests[], srcloc_tests[], geom_tests[],
    body_tests[], stiffness_tests[], fastpath_tests[], predictor_tests[], cond_tests[], wall_case_tests[], oblique_tests[],
    sandbox_tests[], faults_tests[], io_tests[], validate_tests[], fuzz_tests[], law_check_tests[], hostile_tests[];
/* one line a suite from here on */
extern const test_case rolling_tests[];
extern const test_case rolling_hertz_tests[];
extern const test_case adhesion_tests[];
extern const test_case thornton_tests[];
extern const test_case cycle_dof_tests[];
extern const test_case case_script_tests[];
extern const test_case lua_law_tests[];
extern const test_case plugin_tests[];
extern const test_case usability_tests[];
extern const test_case servo_tests[];
extern const test_case plot_tests[];
extern const test_case docs_tests[];
extern const test_case hertz_mindlin_md_tests[];
extern const test_case contain_tests[];
extern const test_case law_names_tests[];
extern const test_case sweep_tests[];
extern const test_case walton_braun_tests[];
extern const test_case compare_tests[];
extern const test_case guard_tests[];
extern const test_case passivity_tests[];
extern const test_case api5_tests[];
extern const test_case lua_citizen_tests[];
extern const test_case walkthrough_tests[];
extern const test_case lever_tests[];

static const struct {
    const char *name;
    const test_case *tests;
} suites[] = {
    {"linear", linear_tests},
    {"spring_dashpot", spring_dashpot_tests},
    {"hertz_mindlin", hertz_mindlin_tests},
    {"hertz_mindlin_md", hertz_mindlin_md_tests},
    {"linel6", linel6_tests},
    {"cohesive", cohesive_tests},
    {"rolling", rolling_tests},
    {"rolling_hertz", rolling_hertz_tests},
    {"adhesion", adhesion_tests},
    {"walton_braun", walton_braun_tests},
    {"thornton", thornton_tests},
    {"law_check", law_check_tests},
    {"law_names", law_names_tests},
    {"api5", api5_tests},
    {"lua_law", lua_law_tests},
    {"lua_citizen", lua_citizen_tests},
    {"plugin", plugin_tests},
    {"contain", contain_tests},
    {"law_energy", law_energy_tests},
    {"verify", verify_tests},
    {"sweep", sweep_tests},
    {"passivity", passivity_tests},
    {"cycle_dof", cycle_dof_tests},
    {"case_scripts", case_script_tests},
    {"wall_cases", wall_case_tests},
    {"oblique", oblique_tests},
    {"surface", surface_tests},
    {"probe", probe_tests},
    {"probe_pair", probe_pair_tests},
    {"body", body_tests},
    {"geom", geom_tests},
    {"stiffness", stiffness_tests},
    {"driver", driver_tests},
    {"energy", energy_tests},
    {"servo", servo_tests},
    {"script", script_tests},
    {"cli", cli_tests},
    {"probe_cli", probe_cli_tests},
    {"fmt", fmt_tests},
    {"srcloc", srcloc_tests},
    {"fastpath", fastpath_tests},
    {"predictor", predictor_tests},
    {"cond", cond_tests},
    {"sandbox", sandbox_tests},
    {"faults", faults_tests},
    {"guard", guard_tests},
    {"io", io_tests},
    {"plot", plot_tests},
    {"docs", docs_tests},
    {"validate", validate_tests},
    {"hostile", hostile_tests},
    {"fuzz", fuzz_tests},
    {"usability", usability_tests},
    {"compare", compare_tests},
    {"walkthrough", walkthrough_tests},
    {"lever", lever_tests},
};

static int selected(const char *name, int argc, char **argv)
{
    if (argc < 2) return 1;
    for (int i = 1; i < argc; i++)
        if (strstr(name, argv[i])) return 1;
    return 0;
}

int main(int argc, char **argv)
{
    int passed = 0, failed = 0;
    for (size_t s = 0; s < sizeof suites / sizeof suites[0]; s++) {
        for (const test_case *t = suites[s].tests; t->name; t++) {
            char full[200];
            snprintf(full, sizeof full, "%s.%s", suites[s].name, t->name);
            if (!selected(full, argc, argv)) continue;
            check_current_test = full;
            check_failures_in_test = 0;
            t->fn();
            if (check_failures_in_test) {
                failed++;
                printf("FAIL %s\n", full);
            } else {
                passed++;
                printf("ok   %s\n", full);
            }
            fflush(stdout);
        }
    }
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
