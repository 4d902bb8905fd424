/* src/contact/law_compat.h - the layouts of earlier law API versions, frozen (private to
 * lawtester).
 *
 * Every API version only appends fields (include/lawtester/law.h).  A descriptor compiled for
 * version 1 ends before `check`; one of version 2 has lt_case elements without `dof`, so its cases
 * array has a shorter stride than today's; one of version 2 or 3 points to an lt_yield that ends
 * before `excess`; one of versions 2 to 4 ends after `yield`, before API 5's `friction`; one of
 * version 5 ends before API 6's `known`.  The
 * registry copies such a descriptor into the current layout (lt_law_normalize) and everything
 * else in lawtester reads only the current one.  lt_expect
 * needs no copy: lawtester allocates it and clears every field before a law's `expect` fills
 * it, so a field appended to it (API 5: `xfail`) stays empty for a law compiled before.  Tests use
 * these layouts to build old descriptors as an old compiler would have.
 *
 * What API 5 declares and older descriptors do not, lt_law_normalize reads as before: the
 * friction coefficient is the parameter or state variable named "tanPhi" if there is one; a real
 * parameter whose range was left at [0, 0] has no bounds (it is flagged LT_PARAM_RANGE_UNDECLARED,
 * which `lawtester laws` shows), one with min == max != 0 is LT_PARAM_FIXED; no parameter is
 * LT_PARAM_MATERIALS (an unset one is `unset` in .meta); an LT_INT kind is refused (kind 3 was
 * no kind before API 5).  A descriptor of API 1 to 5 has no sweep scales (param_scales NULL, as
 * the copy's zeroed tail reads) and, having no open-end flags, closed ranges. */
#ifndef LT_LAW_COMPAT_H
#define LT_LAW_COMPAT_H
#include <lawtester/law.h>
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

/* Size of an lt_law of API 1 (it ends before `check`), of API 2 to 4 (they end with `yield`;
 * API 3 appended to lt_case only, API 4 to lt_yield) and of API 5 (it ends before API 6's
 * `known`: the padding after n_state_arrays was its own); API 6 is today's. */
#define LT_LAW_V1_SIZE offsetof(lt_law, check)
#define LT_LAW_V2_SIZE (offsetof(lt_law, yield) + sizeof(const lt_yield *))
#define LT_LAW_V5_SIZE offsetof(lt_law, known)
#define LT_LAW_V6_SIZE sizeof(lt_law)
/* The bytes of a descriptor declaring version v (1..LT_LAW_API_VERSION; others: version 1's,
 * the least that holds api_version and the name). */
#define LT_LAW_SIZE_OF_VERSION(v)                           \
    ((v) >= 6 && (v) <= LT_LAW_API_VERSION ? LT_LAW_V6_SIZE \
     : (v) == 5                            ? LT_LAW_V5_SIZE \
     : (v) >= 2 && (v) <= 4                ? LT_LAW_V2_SIZE \
                                           : LT_LAW_V1_SIZE)

/* Set by lt_law_normalize, never by a law: a real parameter of a descriptor of API 1 to 4 whose
 * range was left at [0, 0], read as unbounded (-INFINITY, INFINITY). */
#define LT_PARAM_RANGE_UNDECLARED (1u << 31)

/* Size of an lt_yield of API 2 and 3 (it ends with `formula`; API 4 appended `excess` and
 * `dofs`). */
#define LT_YIELD_V3_SIZE (offsetof(lt_yield, formula) + sizeof(const char *))

_Static_assert(offsetof(lt_case, curve) == offsetof(lt_case_v2, curve) &&
                   offsetof(lt_case, dof) >= sizeof(lt_case_v2),
               "API 3's lt_case must begin with API 2's lt_case");

#endif
