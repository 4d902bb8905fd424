/* tests/test_fmt.c - tests of src/output/fmt.c, the shortest round-trip double formatter.
 *
 * What is checked (all deterministic: fixed-seed splitmix64):
 *   - exact text of special values and of a table of known outputs (famous hard cases, the
 *     smallest subnormals, powers of ten across the whole range, the notation thresholds);
 *   - the grammar of fmt.h for every output (parse_output() below is an independent validator);
 *   - round trip through strtod, bit for bit, for 2 million random bit patterns and for all
 *     powers of two, subnormal edges, integers, decimal fractions;
 *   - shortness: the digit count never exceeds that of printf("%.17g"), and equals the brute-force
 *     minimum (brute_min_digits()) on a sample of 200k random values and on all powers of two;
 *   - nearness: among decimals of that length the output is the one nearest to x (is_nearest());
 *   - ties between two equally near candidates go to the even one;
 *   - decimals with at most 15 significant digits come back as the very same digits.
 *
 * fmt_roundtrip_sweep() is a longer round-trip run for a fuzz or bench target.
 */
#include "check.h"
#include "output/fmt.h"

#include <float.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Round-trips n random bit patterns (all exponents, both signs, NaNs too) through lt_fmt_double and
 * strtod, also validating the grammar; prints the first few failures to stderr and returns the
 * number of failures. */
long fmt_roundtrip_sweep(unsigned long long n, unsigned long long seed);

/* ---- helpers ------------------------------------------------------------------------------ */

static uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

static double from_bits(uint64_t b)
{
    double x;
    memcpy(&x, &b, sizeof x);
    return x;
}

static uint64_t to_bits(double x)
{
    uint64_t b;
    memcpy(&b, &x, sizeof b);
    return b;
}

/* A random finite double whose bit pattern is uniform over the non-NaN, non-inf patterns. */
static double random_finite(uint64_t *state)
{
    uint64_t b;
    do b = splitmix64(state);
    while (((b >> 52) & 0x7ff) == 0x7ff);
    return from_bits(b);
}

/* An output of lt_fmt_double taken apart: value = (-) d1.d2d3... * 10^E. */
typedef struct parsed {
    int ok; /* 1 if the text follows the grammar of fmt.h */
    int negative;
    int kind;        /* 0 finite non-zero, 1 zero, 2 inf, 3 nan */
    char digits[32]; /* the significant digits, no leading or trailing zeros */
    int ndigits;
    int E; /* decimal exponent of the first significant digit */
} parsed;

static int is_digit(char ch) { return ch >= '0' && ch <= '9'; }

/* Validates s[0..len-1] against the grammar of fmt.h (see there) and extracts the digits. */
static parsed parse_output(const char *s, int len)
{
    parsed r;
    memset(&r, 0, sizeof r);
    if (len <= 0 || len > FMT_DOUBLE_MAX) return r;
    int i = 0;
    if (len == 3 && memcmp(s, "nan", 3) == 0) {
        r.ok = 1, r.kind = 3;
        return r;
    }
    if (s[0] == '-') r.negative = 1, i = 1;
    if (len - i == 3 && memcmp(s + i, "inf", 3) == 0) {
        r.ok = 1, r.kind = 2;
        return r;
    }
    if (len - i == 1 && s[i] == '0') {
        r.ok = 1, r.kind = 1;
        return r;
    }
    /* integer part, optional fraction, optional exponent */
    int int_begin = i;
    while (i < len && is_digit(s[i])) i++;
    int int_len = i - int_begin;
    int frac_begin = i, frac_len = 0;
    if (i < len && s[i] == '.') {
        frac_begin = ++i;
        while (i < len && is_digit(s[i])) i++;
        frac_len = i - frac_begin;
        if (frac_len == 0 || s[i - 1] == '0')
            return r; /* "1." or a trailing zero after the point */
    }
    if (int_len == 0) return r;
    int nd = 0;
    if (i < len) { /* scientific: d[.ddd]e(+|-)XX[X] */
        if (s[i] != 'e' || int_len != 1 || s[int_begin] == '0' || len - i < 4 || len - i > 5)
            return r;
        int sign = s[i + 1] == '-' ? -1 : s[i + 1] == '+' ? 1 : 0;
        int exp_len = len - i - 2, e = 0;
        if (sign == 0 || (exp_len == 3 && s[i + 2] == '0')) return r;
        for (int j = i + 2; j < len; j++) {
            if (!is_digit(s[j])) return r;
            e = 10 * e + (s[j] - '0');
        }
        r.E = sign * e;
        if (r.E >= -5 && r.E <= 16) return r; /* should have been plain */
        r.digits[nd++] = s[int_begin];
        memcpy(r.digits + nd, s + frac_begin, (size_t)frac_len);
        nd += frac_len;
    } else if (int_len == 1 && s[int_begin] == '0') { /* 0.000ddd */
        if (frac_len == 0) return r;
        int zeros = 0;
        while (zeros < frac_len && s[frac_begin + zeros] == '0') zeros++;
        r.E = -zeros - 1;
        if (r.E < -5) return r; /* should have been scientific */
        memcpy(r.digits, s + frac_begin + zeros, (size_t)(frac_len - zeros));
        nd = frac_len - zeros;
    } else { /* ddd[.ddd] */
        if (s[int_begin] == '0') return r;
        r.E = int_len - 1;
        if (r.E > 16) return r; /* should have been scientific */
        memcpy(r.digits, s + int_begin, (size_t)int_len);
        memcpy(r.digits + int_len, s + frac_begin, (size_t)frac_len);
        nd = int_len + frac_len;
        while (nd > 1 && r.digits[nd - 1] == '0') /* an integer's zeros are not significant */
            nd--;
    }
    r.digits[nd] = '\0';
    r.ndigits = nd;
    r.ok = nd >= 1 && nd <= 17;
    return r;
}

/* Significant digits of any printf %e / %g output ("1.0000000000000001e-05" -> 17). */
static int count_sig_digits(const char *s)
{
    int n = 0, started = 0, trailing_zeros = 0;
    for (; *s && *s != 'e'; s++) {
        if (!is_digit(*s)) continue;
        if (*s != '0') started = 1;
        if (!started) continue;
        n++;
        trailing_zeros = *s == '0' ? trailing_zeros + 1 : 0;
    }
    return n - trailing_zeros;
}

/* 1 if strtod reads s back to exactly x (any NaN for a NaN). */
static int reads_back(const char *s, double x)
{
    char *end;
    double y = strtod(s, &end);
    if (*end != '\0') return 0;
    if (x != x) return y != y;
    return to_bits(y) == to_bits(x);
}

/* Formats x, and checks the length, the grammar, the sign and the round trip.  Returns 1 if all
 * hold; fills text (NUL-terminated) and *p. */
static int format_and_check(double x, char *text, parsed *p)
{
    char buf[64];
    memset(buf, 'X', sizeof buf);
    int len = lt_fmt_double(buf, x);
    int ok = len >= 1 && len <= FMT_DOUBLE_MAX && buf[len] == 'X'; /* nothing written beyond */
    if (len < 1 || len > FMT_DOUBLE_MAX) len = 0;
    memcpy(text, buf, (size_t)len);
    text[len] = '\0';
    *p = parse_output(text, len);
    ok = ok && p->ok && (int)strlen(text) == len;
    if (x == x)
        ok = ok && p->negative == (int)(to_bits(x) >> 63) && p->kind != 3;
    else
        ok = ok && p->kind == 3;
    return ok && reads_back(text, x);
}

/* 1 if some decimal of P significant digits reads back to x > 0: tries the correctly rounded
 * one (%.{P-1}e) and its two neighbours at that precision.  The rounding interval of a power of
 * two is lopsided, so the nearest P-digit decimal can miss it while the next one is inside. */
static int p_digits_read_back(double x, int P)
{
    char s[64];
    snprintf(s, sizeof s, "%.*e", P - 1, x);
    if (reads_back(s, x)) return 1;
    /* s = "d.ddde[+-]XX": the P digits as an integer m, value m 10^(ex - P + 1) */
    unsigned long long m = 0;
    const char *c = s;
    for (; *c != 'e'; c++)
        if (is_digit(*c)) m = 10 * m + (unsigned long long)(*c - '0');
    int ex = atoi(c + 1) - P + 1;
    unsigned long long low = 1;
    for (int j = 1; j < P; j++) low *= 10; /* 10^(P-1), the smallest P-digit m */
    snprintf(s, sizeof s, "%llue%d", m + 1, ex);
    if (reads_back(s, x)) return 1;
    if (m == low) /* the next smaller P-digit decimal is 99...9 one decade lower */
        snprintf(s, sizeof s, "%llue%d", 10 * m - 1, ex - 1);
    else
        snprintf(s, sizeof s, "%llue%d", m - 1, ex);
    return reads_back(s, x);
}

/* The fewest significant digits of a decimal that reads back to x (finite, non-zero): the
 * first P in 1..17 for which p_digits_read_back() holds.  That predicate is monotone in P (a
 * P-digit decimal inside the interval is also a (P+1)-digit one, and then the nearest
 * (P+1)-digit decimal on its side of x lies between them), so a binary search finds it. */
static int brute_min_digits(double x)
{
    x = fabs(x);
    int lo = 0, hi = 17; /* p_digits_read_back(x, hi) holds; lo does not (or is 0) */
    while (hi - lo > 1) {
        int mid = (lo + hi) / 2;
        if (p_digits_read_back(x, mid))
            hi = mid;
        else
            lo = mid;
    }
    return hi;
}

/* 1 if p (the output for x, finite non-zero) is the P-digit decimal nearest to x, P = its digit
 * count, or the nearest does not read back to x.  glibc's %e is correctly rounded (ties to
 * even, like fmt), so it gives that nearest decimal. */
static int is_nearest(double x, const parsed *p)
{
    char s[64];
    snprintf(s, sizeof s, "%.*e", p->ndigits - 1, fabs(x));
    if (!reads_back(s, fabs(x))) return 1;
    parsed q;
    memset(&q, 0, sizeof q);
    int nd = 0;
    const char *c = s;
    for (; *c != 'e'; c++)
        if (is_digit(*c)) q.digits[nd++] = *c;
    while (nd > 1 && q.digits[nd - 1] == '0') nd--;
    q.digits[nd] = '\0';
    return strcmp(q.digits, p->digits) == 0 && atoi(c + 1) == p->E;
}

/* Checks x: valid, round trip, and (if check_min) shortest by brute force and nearest.  Returns
 * 1 if ok. */
static int check_value(double x, int check_min)
{
    char text[64];
    parsed p;
    if (!format_and_check(x, text, &p)) {
        CHECK_MSG(0, "%.17g (bits %016llx): bad output \"%s\"", x, (unsigned long long)to_bits(x),
                  text);
        return 0;
    }
    if (check_min && p.kind == 0) {
        int want = brute_min_digits(x);
        if (p.ndigits != want) {
            CHECK_MSG(0, "%.17g: \"%s\" has %d digits, the shortest has %d", x, text, p.ndigits,
                      want);
            return 0;
        }
        if (!is_nearest(x, &p)) {
            CHECK_MSG(0, "%.17g: \"%s\" is not the nearest of its length", x, text);
            return 0;
        }
    }
    return 1;
}

/* lt_fmt_double_nul(x) must give exactly `want`. */
static void check_text(double x, const char *want)
{
    char buf[FMT_DOUBLE_MAX + 1];
    int len = lt_fmt_double_nul(buf, x);
    CHECK_MSG(strcmp(buf, want) == 0 && len == (int)strlen(want),
              "%.17g: obtained \"%s\" (len %d) expected \"%s\"", x, buf, len, want);
}

/* ---- tests -------------------------------------------------------------------------------- */

static void test_fmt_special_values(void)
{
    check_text(0.0, "0");
    check_text(-0.0, "-0");
    check_text(HUGE_VAL, "inf");
    check_text(-HUGE_VAL, "-inf");
    check_text(NAN, "nan");
    check_text(-NAN, "nan");
    check_text(from_bits(UINT64_C(0x7ff0000000000001)), "nan"); /* signalling-NaN pattern */
    check_text(from_bits(UINT64_C(0xffffffffffffffff)), "nan");

    /* lt_fmt_double writes no NUL and nothing past its length; lt_fmt_double_nul adds the NUL. */
    char buf[40];
    memset(buf, 'X', sizeof buf);
    CHECK(lt_fmt_double(buf, 0.25) == 4 && memcmp(buf, "0.25X", 5) == 0);
    memset(buf, 'X', sizeof buf);
    CHECK(lt_fmt_double_nul(buf, -1.5) == 4 && strcmp(buf, "-1.5") == 0 && buf[5] == 'X');
}

static void test_fmt_known_strings(void)
{
    static const struct {
        double x;
        const char *text;
    } known[] = {
        {1.0, "1"},
        {-1.0, "-1"},
        {0.1, "0.1"},
        {0.3, "0.3"},
        {0.5, "0.5"},
        {123.25, "123.25"},
        {4.35, "4.35"},
        {100.0, "100"},
        {299792458.0, "299792458"},
        {0.1 + 0.2, "0.30000000000000004"},
        {1.0 / 3.0, "0.3333333333333333"},
        {2.0 / 3.0, "0.6666666666666666"},
        {100.0 / 3.0, "33.333333333333336"},
        {1e-7 / 3.0, "3.3333333333333334e-08"},
        {123456789.123456789, "123456789.12345679"},
        {1e15 + 0.3, "1000000000000000.2"},
        {1e23, "1e+23"}, /* the double is 9.99999999999999991611e22; 1e23 lies in its interval */
        {8.41e21, "8.41e+21"},
        {6.02214076e23, "6.02214076e+23"},
        {1.602176634e-19, "1.602176634e-19"},
        {6.62607015e-34, "6.62607015e-34"},
        {9.5367431640625e-07, "9.5367431640625e-07"},       /* 2^-20, exact */
        {9223372036854775808.0, "9.223372036854776e+18"},   /* 2^63 */
        {18446744073709551616.0, "1.8446744073709552e+19"}, /* 2^64 */
        {18014398509481984.0, "18014398509481984"},         /* 2^54: E = 16, still plain */
        {8.98846567431158e+307, "8.98846567431158e+307"},   /* 2^1023 */
        {DBL_MAX, "1.7976931348623157e+308"},
        {-DBL_MAX, "-1.7976931348623157e+308"},
        {1.7e308, "1.7e+308"},
        {1e300, "1e+300"},
        {DBL_MIN, "2.2250738585072014e-308"},                          /* smallest normal */
        {DBL_MIN - 4.9406564584124654e-324, "2.225073858507201e-308"}, /* largest subnormal */
        {5e-310, "5e-310"},
        /* The smallest subnormals, c * 2^-1074: nearest among several 1- or 2-digit candidates. */
        {4.9406564584124654e-324, "5e-324"},
        {2 * 4.9406564584124654e-324, "1e-323"},
        {3 * 4.9406564584124654e-324, "1.5e-323"},
        {4 * 4.9406564584124654e-324, "2e-323"},
        {5 * 4.9406564584124654e-324, "2.5e-323"},
        {6 * 4.9406564584124654e-324, "3e-323"},
        {7 * 4.9406564584124654e-324, "3.5e-323"},
        {8 * 4.9406564584124654e-324, "4e-323"},
        {9 * 4.9406564584124654e-324, "4.4e-323"},
        {10 * 4.9406564584124654e-324, "5e-323"},
        /* integers around 2^53 (9007199254740993 is not a double: it reads as 2^53) */
        {9007199254740991.0, "9007199254740991"},
        {9007199254740992.0, "9007199254740992"},
        {9007199254740994.0, "9007199254740994"},
        {9007199254740996.0, "9007199254740996"},
        {-9007199254740991.0, "-9007199254740991"},
        /* notation thresholds: plain for E in [-5, 16] */
        {1e-5, "0.00001"},
        {1.2345e-5, "0.000012345"},
        {-9.99e-5, "-0.0000999"},
        {1e-6, "1e-06"},
        {9.5e-6, "9.5e-06"},
        {1.5e-7, "1.5e-07"},
        {0.000123, "0.000123"},
        {1e16, "10000000000000000"},
        {1.5e16, "15000000000000000"},
        {1e17, "1e+17"},
        {2.5e17, "2.5e+17"},
        {123456789012345678.0, "1.2345678901234568e+17"},
        {1e21, "1e+21"},
        {1e22, "1e+22"},
        {1e100, "1e+100"},
        {1e-100, "1e-100"},
        {1.5e-10, "1.5e-10"},
    };
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
        check_text(known[i].x, known[i].text);
    /* The doubles whose scaled value x = 4v/10^k comes closest to an integer without being one
     * (0 < frac(x) < 2^-62 or frac(x) > 1 - 2^-60), found by src/output/fmt_tables_gen.py's method:
     * the hardest inputs for the 126-bit arithmetic.  Expected texts from an independent
     * shortest-repr implementation (David Gay's dtoa, as used by Python's repr). */
    static const struct {
        uint64_t bits;
        const char *text;
    } hard[] = {
        {UINT64_C(0x0d07c0747bd76fa1), "6.794064501329792e-246"},
        {UINT64_C(0x4d63de005bd620df), "6.538311315939327e+64"}, /* frac 2^-63.5 */
        {UINT64_C(0x4d73de005bd620df), "1.3076622631878654e+65"},
        {UINT64_C(0x6cbf92bacb3cb40c), "6.802601037806062e+215"}, /* frac 2^-65.4, the min */
        {UINT64_C(0x2b559a2783ce70ab), "6.17275068316372e-100"},
        {UINT64_C(0x59fc66f5ea0149cc), "3.0040699404461114e+125"},
        {UINT64_C(0x59fc66f5ea0149cb), "3.004069940446111e+125"},
        {UINT64_C(0x612491daad0ba280), "9.03725590277404e+159"}, /* 1 - frac = 2^-60.5 */
        {UINT64_C(0x6159b651584e8b20), "9.03725590277404e+160"},
        {UINT64_C(0x619011f2d73116f4), "9.03725590277404e+161"},
        {UINT64_C(0x61c4166f8cfd5cb1), "9.03725590277404e+162"},
    };
    for (size_t i = 0; i < sizeof hard / sizeof hard[0]; i++) {
        check_text(from_bits(hard[i].bits), hard[i].text);
        check_value(from_bits(hard[i].bits), 1);
    }

    double x = strtod("9007199254740993", NULL);
    CHECK(x == 9007199254740992.0);
    check_text(x, "9007199254740992");
}

/* 10^K for every K with a double: the text must be exactly "1" in the notation for E = K. */
static void test_fmt_powers_of_ten(void)
{
    for (int K = -323; K <= 308; K++) {
        char dec[32], want[40];
        snprintf(dec, sizeof dec, "1e%d", K);
        double x = strtod(dec, NULL);
        if (K >= -5 && K < 0)
            snprintf(want, sizeof want, "0.%.*s1", -K - 1, "0000");
        else if (K >= 0 && K <= 16)
            snprintf(want, sizeof want, "1%.*s", K, "0000000000000000");
        else
            snprintf(want, sizeof want, "1e%+03d", K);
        check_text(x, want);
        check_value(nextafter(x, 0.0), 1);
        check_value(nextafter(x, HUGE_VAL), 1);
    }
}

/* All powers of two and their neighbours, including the irregular case c = 2^52 where the
 * rounding interval is lopsided; digit counts against the brute force. */
static void test_fmt_powers_of_two(void)
{
    int bad = 0;
    for (int e = -1074; e <= 1023 && bad < 10; e++) {
        double x = ldexp(1.0, e);
        bad += !check_value(x, 1);
        bad += !check_value(-x, 0);
        bad += !check_value(nextafter(x, 0.0), 1);
        bad += !check_value(nextafter(x, HUGE_VAL), 1);
    }
}

/* Subnormal edges: the smallest subnormals, the largest ones, the smallest normals. */
static void test_fmt_subnormal_edges(void)
{
    int bad = 0;
    for (uint64_t c = 1; c <= (uint64_t)test_count(3000) && bad < 10; c++)
        bad += !check_value(from_bits(c), 1);
    for (uint64_t j = 0; j < (uint64_t)test_count(3000) && bad < 10; j++) {
        bad += !check_value(from_bits(UINT64_C(0x000fffffffffffff) - j), 1); /* largest subn. */
        bad += !check_value(from_bits(UINT64_C(0x0010000000000000) + j), 1); /* smallest normal */
        bad += !check_value(from_bits(UINT64_C(0x8010000000000000) + j), 0);
    }
    uint64_t state = 11;
    for (long i = 0; i < test_count(20000) && bad < 10; i++) /* random subnormals */
        bad += !check_value(from_bits(splitmix64(&state) >> 12), i < 2000);
    check_text(from_bits(1), "5e-324");
    check_text(from_bits(UINT64_C(0x800fffffffffffff)), "-2.225073858507201e-308");
    check_text(from_bits(UINT64_C(0x0010000000000000)), "2.2250738585072014e-308");
}

/* Integers up to 2^53 print as "%.0f" does. */
static void test_fmt_integers(void)
{
    char want[64], got[FMT_DOUBLE_MAX + 1];
    int bad = 0;
    for (long i = 0; i <= test_count(100000) && bad < 10; i++) {
        double x = i % 2 ? -(double)i : (double)i;
        snprintf(want, sizeof want, "%.0f", x);
        lt_fmt_double_nul(got, x);
        if (x == 0.0) strcpy(want, "0");
        bad += strcmp(want, got) != 0;
        CHECK_MSG(strcmp(want, got) == 0, "%s: obtained \"%s\"", want, got);
    }
    uint64_t state = 5;
    for (long i = 0; i < test_count(200000) && bad < 10; i++) {
        int bits = 1 + (int)(splitmix64(&state) % 53); /* all magnitudes up to 2^53 */
        double x = (double)(splitmix64(&state) >> (64 - bits));
        snprintf(want, sizeof want, "%.0f", x);
        lt_fmt_double_nul(got, x);
        bad += strcmp(want, got) != 0;
        CHECK_MSG(strcmp(want, got) == 0, "%s: obtained \"%s\"", want, got);
    }
    CHECK(lt_fmt_double_nul(got, 9007199254740992.0) == 16 && strcmp(got, "9007199254740992") == 0);
}

/* Both s and s + 1 in the interval and exactly equally near: the even one.  v = m + 1/4 and
 * m + 3/4 with 2^50 <= m < 2^51 are such ties at scale 0.1 (the interval is v -/+ 1/8). */
static void test_fmt_ties_to_even(void)
{
    uint64_t state = 3;
    char want[40];
    for (long i = 0; i < test_count(1000); i++) {
        unsigned long long m = (1ULL << 50) + (splitmix64(&state) >> 14);
        snprintf(want, sizeof want, "%llu.2", m);
        check_text((double)m + 0.25, want); /* m.25: m.2 and m.3 equally near */
        snprintf(want, sizeof want, "%llu.8", m);
        check_text((double)m + 0.75, want); /* m.75: m.7 and m.8 equally near */
    }
    check_text(1e15 + 0.25, "1000000000000000.2");
    check_text(1e15 + 0.75, "1000000000000000.8");
}

/* A decimal with at most 15 significant digits (DBL_DIG) is the only decimal of that length
 * reading to its double, so it must come back digit for digit.  Covers k * 1e-6 style data. */
static void test_fmt_short_decimals(void)
{
    uint64_t state = 99;
    int bad = 0;
    for (long i = 0; i < test_count(200000) && bad < 10; i++) {
        int nd = 1 + (int)(splitmix64(&state) % 15);
        unsigned long long m = 1;
        for (int j = 1; j < nd; j++) m *= 10;
        m += splitmix64(&state) % (9 * m); /* exactly nd digits */
        while (m % 10 == 0) m /= 10, nd--;
        /* near the thresholds */
        int E = i < test_count(200000) / 2 ? (int)(splitmix64(&state) % 23) - 8
                                           : (int)(splitmix64(&state) % 600) - 300;
        char dec[64], text[64], want[32];
        snprintf(dec, sizeof dec, "%llue%d", m, E - nd + 1);
        snprintf(want, sizeof want, "%llu", m);
        double x = strtod(dec, NULL);
        parsed p;
        int ok = format_and_check(x, text, &p) && strcmp(p.digits, want) == 0 && p.E == E;
        bad += !ok;
        CHECK_MSG(ok, "%s: obtained \"%s\"", dec, text);
    }
    /* k * 1e-6 and k * 0.001 computed in floating point: round trip and shortest */
    for (long k = 0; k < test_count(20000) && bad < 10; k++) {
        bad += !check_value(k * 1e-6, k % 10 == 0);
        bad += !check_value(k * 0.001, k % 10 == 5);
    }
}

/* Round trip and grammar for 2 million random bit patterns (both signs, all exponents). */
static void test_fmt_random_roundtrip(void)
{
    CHECK(fmt_roundtrip_sweep((unsigned long long)test_count(2000000), 20240601) == 0);
}

/* Shortness on random values: never more digits than %.17g, exactly the brute-force minimum. */
static void test_fmt_random_shortest(void)
{
    uint64_t state = 7;
    int bad = 0;
    for (long i = 0; i < test_count(200000) && bad < 10; i++) {
        double x = random_finite(&state);
        if (i % 4 == 1) /* also "typical" magnitudes: uniform in [0, 1) and [0, 1000) */
            x = (double)(splitmix64(&state) >> 11) * 0x1p-53;
        else if (i % 4 == 3)
            x = (double)(splitmix64(&state) >> 11) * 0x1p-53 * 1000.0;
        if (x == 0.0) continue;
        char text[64], g17[64];
        parsed p;
        if (!format_and_check(x, text, &p)) {
            bad++;
            CHECK_MSG(0, "%.17g: bad output \"%s\"", x, text);
            continue;
        }
        snprintf(g17, sizeof g17, "%.17g", x);
        int n17 = count_sig_digits(g17), nmin = brute_min_digits(x);
        int ok = p.ndigits <= n17 && p.ndigits == nmin && is_nearest(x, &p);
        bad += !ok;
        CHECK_MSG(ok, "%.17g: \"%s\" has %d digits; %%.17g has %d, the shortest %d%s", x, text,
                  p.ndigits, n17, nmin, is_nearest(x, &p) ? "" : "; not the nearest");
    }
}

/* ---- the sweep ---------------------------------------------------------------------------- */

long fmt_roundtrip_sweep(unsigned long long n, unsigned long long seed)
{
    uint64_t state = seed;
    long failures = 0;
    for (unsigned long long i = 0; i < n; i++) {
        uint64_t b = splitmix64(&state);
        if (i % 8 == 1) /* every 8th a subnormal, to cover them densely */
            b = (b & (UINT64_C(1) << 63)) | (b >> 12);
        double x = from_bits(b);
        char text[64];
        parsed p;
        if (format_and_check(x, text, &p)) continue;
        if (failures++ < 10)
            fprintf(stderr, "fmt_roundtrip_sweep: bits %016llx (%.17g): \"%s\"\n",
                    (unsigned long long)b, x, text);
    }
    return failures;
}

const test_case fmt_tests[] = {
    TEST(fmt_special_values),
    TEST(fmt_known_strings),
    TEST(fmt_powers_of_ten),
    TEST(fmt_powers_of_two),
    TEST(fmt_subnormal_edges),
    TEST(fmt_integers),
    TEST(fmt_ties_to_even),
    TEST(fmt_short_decimals),
    TEST(fmt_random_roundtrip),
    TEST(fmt_random_shortest),
    {0, 0},
};
