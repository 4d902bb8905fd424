/* src/law_compat.h - the layouts of earlier law API versions, frozen (private to lawtester).
 *
 * Every API version only appends fields (src/law.h).  A descriptor compiled for version 1 ends
 * before `check`; one of version 2 has lt_case elements without `dof`, so its cases array has a
 * shorter stride than today's; one of version 2 or 3 points to an lt_yield that ends before
 * `excess`.  The registry copies such a descriptor into the current layout
 * (lt_law_normalize) and everything else in lawtester reads only the current one.  lt_expect
 * needs no copy: lawtester allocates it and clears every field before a law's `expect` fills
 * it, so a field appended to it (API 5: `xfail`) stays empty for a law compiled before.  Tests use
 * these layouts to build old descriptors as an old compiler would have. */
#ifndef LT_LAW_COMPAT_H
#define LT_LAW_COMPAT_H
#include "law.h"
#include <stddef.h>

/* lt_case as of API 2 (every field of today's up to `curve`). */
typedef struct lt_case_v2 {
    const char *name;
    const char *doc;
    lt_case_kind kind;
    lt_case_param set[LT_CASE_MAX_SET];
    const char *shape[2];
    double radius[2];
    lt_material mat[2];
    int fixed[2];
    double load[4];
    double steps;
    const char *dofs;
    int converge;
    void (*expect)(const lt_case_env *env, lt_expect *out);
    void (*along)(const lt_case_env *env, double uN, double out[LT_ALONG_COUNT]);
    double along_tol;
    const char *along_why;
    void (*curve)(const lt_case_env *env, double s, double *uN, double *Fn);
} lt_case_v2;

/* Size of an lt_law of API 1 (it ends before `check`) and of API 2 to 4 (they end with
 * `yield`; API 3 appended to lt_case only, API 4 to lt_yield). */
#define LT_LAW_V1_SIZE offsetof(lt_law, check)
#define LT_LAW_V2_SIZE (offsetof(lt_law, yield) + sizeof(const lt_yield *))

/* Size of an lt_yield of API 2 and 3 (it ends with `formula`; API 4 appended `excess` and
 * `dofs`). */
#define LT_YIELD_V3_SIZE (offsetof(lt_yield, formula) + sizeof(const char *))

_Static_assert(offsetof(lt_case, curve) == offsetof(lt_case_v2, curve) && offsetof(lt_case, dof) >= sizeof(lt_case_v2),
               "API 3's lt_case must begin with API 2's lt_case");

#endif
