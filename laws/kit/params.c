/* laws/kit/params.c - the names of the shared choices (laws/kit/params.h), each
 * NULL-terminated, in the order of their values. */
#include "params.h"

const char *const lt_dashpot_choices[] = {"extrapolated", "halfstep", 0};
const char *const lt_coulomb_choices[] = {"total", "compressive", 0};
const char *const lt_tangential_choices[] = {"rescale", "md", "incremental", 0};
const char *const lt_rolling_choices[] = {"none", "epsd", "epsd2", 0};
const char *const lt_slip_work_choices[] = {"trapezoid", "doc", "code", "potential", "path", 0};
