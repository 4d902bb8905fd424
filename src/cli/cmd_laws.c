/* src/cli/cmd_laws.c - `lawtester laws`: the registered contact laws with their parameters,
 * energies, state, verify cases and yield surface. */
#include "cli/commands.h"
#include "contact/law_check.h"
#include "contact/law_compat.h"
#include "contact/registry.h"
#include "plugin/plugin.h"
#include <lawtester/law.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

static void print_range(const lt_param *p, unsigned flags)
{
    if (p->kind == LT_BOOL) {
        printf("true|false");
    } else if (p->kind == LT_CHOICE) {
        for (int j = 0; p->choices[j]; j++) printf(j ? "|%s" : "%s", p->choices[j]);
    } else {
        char r[120];
        printf("%s", lt_param_range_text(p, flags, r, sizeof r));
        if (p->kind == LT_INT) printf(" integer");
        if (flags & LT_PARAM_FIXED) printf(" fixed");
        if (flags & LT_PARAM_RANGE_UNDECLARED)
            printf(" (none declared: its [0, 0] read as no bounds, law API <= 4)");
    }
}

/* The state variables, a declared array as NAME[LENGTH] (its values' names after it, with its
 * doc, on a line of their own). */
static void print_state(const lt_law *law)
{
    printf("  state:");
    for (int k = 0; k < law->n_state; k++) {
        const lt_state_array *a = NULL;
        for (int j = 0; j < law->n_state_arrays; j++)
            if (law->state_arrays[j].first == k) a = &law->state_arrays[j];
        if (!a) {
            printf(" %s", law->state_names[k]);
            continue;
        }
        printf(" %s[%d]", a->name, a->length);
        k += a->length - 1;
    }
    printf("\n");
    for (int j = 0; j < law->n_state_arrays; j++) {
        const lt_state_array *a = &law->state_arrays[j];
        printf("    %s[%d] = C.%s ... C.%s%s%s\n", a->name, a->length, law->state_names[a->first],
               law->state_names[a->first + a->length - 1], a->doc ? ": " : "",
               a->doc ? a->doc : "");
    }
}

/* A parameter's default as `laws` prints it: its choice or bool, `materials` or `unset` (no
 * default: from the materials, or the law's own), or the number. */
static const char *default_text(const lt_param *p, unsigned flags, char *buf, size_t n)
{
    if (p->kind == LT_CHOICE) return p->choices[(int)p->def];
    if (p->kind == LT_BOOL) return p->def ? "true" : "false";
    if (isnan(p->def)) return flags & LT_PARAM_MATERIALS ? "materials" : "unset";
    snprintf(buf, n, "%g", p->def);
    return buf;
}

static unsigned param_flags(const lt_law *law, int k)
{
    return law->param_flags ? law->param_flags[k] : 0;
}

/* The parameters, a line each, their name, default and unit in columns as wide as the law's
 * longest of each (at least 12, 10 and 4 characters, the widths of the laws with short ones). */
static void print_params(const lt_law *law)
{
    int wname = 12, wdef = 10, wunit = 4;
    char buf[64];
    for (int k = 0; k < law->n_params; k++) {
        const lt_param *p = &law->params[k];
        int ln = (int)strlen(p->name),
            ld = (int)strlen(default_text(p, param_flags(law, k), buf, sizeof buf)),
            lu = (int)strlen(p->unit);
        wname = ln > wname ? ln : wname, wdef = ld > wdef ? ld : wdef,
        wunit = lu > wunit ? lu : wunit;
    }
    printf("  parameters:\n");
    for (int k = 0; k < law->n_params; k++) {
        const lt_param *p = &law->params[k];
        unsigned flags = param_flags(law, k);
        printf("    %-*s default %-*s unit %-*s range ", wname, p->name, wdef,
               default_text(p, flags, buf, sizeof buf), wunit, p->unit);
        print_range(p, flags);
        printf("  %s\n", p->doc);
    }
}

int cli_cmd_laws(const cli_args *a)
{
    (void)a;
    for (int i = 0; lt_laws[i]; i++) {
        const lt_law *law = lt_laws[i];
        printf("%s - %s\n", law->name, law->summary);
        if (lt_law_origin(law)) /* quoted when it was loaded (plugin.c) */
            printf("  from: %s (law API %d)\n", lt_law_origin(law), lt_law_declared_api(law));
        print_params(law);
        if (law->friction) printf("  friction coefficient: %s\n", law->friction);
        printf("  energies (J):");
        for (int k = 0; k < law->n_energies; k++)
            printf(" %s (%s)", law->energies[k].name,
                   law->energies[k].kind == LT_STORED ? "stored" : "dissipated");
        printf("\n");
        print_state(law);
        printf("  verify cases:");
        for (int k = 0; k < law->n_cases; k++) printf(" %s", law->cases[k].name);
        printf("%s\n", law->n_cases ? "" : " (none; the generic checks only)");
        const lt_yield *y = lt_law_yield(law);
        printf("  yield surface: %s\n",
               y ? (y->formula ? y->formula : "declared") : "none declared");
    }
    return 0;
}
