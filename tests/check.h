/* tests/check.h - the test runner's tiny assertion macros.
 *
 * A test is `static void test_NAME(void)` registered with TEST(NAME) in a suite table; the
 * runner (tests/run_tests.c) calls every test and prints one line per failed check plus the
 * summary `N passed, N failed` that CI reads.  A check counts once: CHECK(cond) fails the
 * current test but lets it go on, so one run shows every broken check.
 *
 * CHECK_REL(obtained, expected, tol, what): relative error |o-e|/max(|e|, tiny) <= tol, where
 * tol is a named constant of the calling test that says why it is that size (GSL's
 * gsl_test_rel idea).  CHECK_ABS for quantities whose expected value is 0.
 */
#ifndef LT_CHECK_H
#define LT_CHECK_H
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LT_TEST_PI 3.14159265358979323846

extern int check_failures_in_test; /* defined in run_tests.c */
extern const char *check_current_test;

#define CHECK_FAIL_AT(file, line, ...)                                        \
    do {                                                                      \
        fprintf(stderr, "FAIL %s (%s:%d): ", check_current_test, file, line); \
        fprintf(stderr, __VA_ARGS__);                                         \
        fputc('\n', stderr);                                                  \
        check_failures_in_test++;                                             \
    } while (0)

#define CHECK(cond)                                                  \
    do {                                                             \
        if (!(cond)) CHECK_FAIL_AT(__FILE__, __LINE__, "%s", #cond); \
    } while (0)

#define CHECK_MSG(cond, ...)                                         \
    do {                                                             \
        if (!(cond)) CHECK_FAIL_AT(__FILE__, __LINE__, __VA_ARGS__); \
    } while (0)

static inline double check_rel_err(double obtained, double expected)
{
    double scale = fabs(expected) > 1e-300 ? fabs(expected) : 1e-300;
    return fabs(obtained - expected) / scale;
}

#define CHECK_REL(obtained, expected, tol, what)                                                 \
    do {                                                                                         \
        double o_ = (obtained), e_ = (expected);                                                 \
        double r_ = check_rel_err(o_, e_);                                                       \
        if (!(r_ <= (tol)))                                                                      \
            CHECK_FAIL_AT(__FILE__, __LINE__,                                                    \
                          "%s: obtained %.17g expected %.17g rel.err %.3g > tol %.3g", what, o_, \
                          e_, r_, (double)(tol));                                                \
    } while (0)

#define CHECK_ABS(obtained, expected, tol, what)                                                 \
    do {                                                                                         \
        double o_ = (obtained), e_ = (expected);                                                 \
        if (!(fabs(o_ - e_) <= (tol)))                                                           \
            CHECK_FAIL_AT(__FILE__, __LINE__,                                                    \
                          "%s: obtained %.17g expected %.17g abs.err %.3g > tol %.3g", what, o_, \
                          e_, fabs(o_ - e_), (double)(tol));                                     \
    } while (0)

#define CHECK_STR(obtained, expected)                                                    \
    do {                                                                                 \
        const char *o_ = (obtained), *e_ = (expected);                                   \
        if (!o_ || strcmp(o_, e_) != 0)                                                  \
            CHECK_FAIL_AT(__FILE__, __LINE__, "string: obtained \"%s\" expected \"%s\"", \
                          o_ ? o_ : "(null)", e_);                                       \
    } while (0)

/* The count of a long random sweep: n in `make test`, n/100 (at least 100) under valgrind
 * (`make check-valgrind` sets LAWTESTER_VALGRIND=1), which is 20-50 times slower and checks
 * memory, not the arithmetic the full counts are there for. */
static inline long test_count(long n)
{
    const char *v = getenv("LAWTESTER_VALGRIND");
    if (!v || !*v || strcmp(v, "0") == 0) return n;
    return n / 100 > 100 ? n / 100 : (n < 100 ? n : 100);
}

/* A suite is a NULL-terminated array of these. */
typedef struct test_case {
    const char *name;
    void (*fn)(void);
} test_case;
#define TEST(name)         \
    {                      \
#name, test_##name \
    }

#endif
