/* src/output/fmt.c - shortest round-trip formatting of doubles; the algorithm is described in
 * fmt.h.
 *
 * Notation: a finite positive double is v = c * 2^q; k, s, t = s + 1 and R as in fmt.h.  Values
 * "at scale 10^k" are multiplied by 4 so that the bounds of R, which lie a quarter or a half of
 * 2^q away from v, become integers times 2^q:
 *     vb  = 4 v / 10^k           = cb  2^q / 10^k,   cb  = 4c
 *     vbl = 4 (lower bound) / 10^k = cbl 2^q / 10^k,   cbl = 4c - 2  (4c - 1 if irregular)
 *     vbr = 4 (upper bound) / 10^k = cbr 2^q / 10^k,   cbr = 4c + 2
 * round_to_odd() returns these reals rounded to odd integers, which is all the comparisons need.
 */
#include "output/fmt.h"
#include "output/fmt_table.h" /* fmt_g: the generated table of 10^-k */

#include <stdint.h>
#include <string.h>

#define FMT_Q_MIN (-1074)                  /* q of subnormals and of the smallest binade */
#define FMT_HIDDEN_BIT (UINT64_C(1) << 52) /* c = 2^52: the irregular (power of two) case */
#define FMT_PLAIN_MIN (-5)                 /* plain notation for E in [-5, 16] */
#define FMT_PLAIN_MAX 16

/* ---- 64 x 64 -> 128-bit products ---------------------------------------------------------- */

#if defined(__SIZEOF_INT128__) && !defined(FMT_NO_INT128)
__extension__ typedef unsigned __int128 fmt_u128;

/* a * b = hi * 2^64 + lo; returns hi. */
static inline uint64_t umul128(uint64_t a, uint64_t b, uint64_t *lo)
{
    fmt_u128 p = (fmt_u128)a * b;
    *lo = (uint64_t)p;
    return (uint64_t)(p >> 64);
}
#else
/* Portable version from four 32 x 32 -> 64 products. */
static inline uint64_t umul128(uint64_t a, uint64_t b, uint64_t *lo)
{
    uint64_t a0 = (uint32_t)a, a1 = a >> 32, b0 = (uint32_t)b, b1 = b >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint64_t mid = (p00 >> 32) + (uint32_t)p01 + (uint32_t)p10; /* < 3 * 2^32, no overflow */
    *lo = (mid << 32) | (uint32_t)p00;
    return p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
}
#endif

/* ---- integer logarithms ------------------------------------------------------------------- */

/* floor(n / 2^20) and floor(n / 2^19) for n >= -2^30, without right-shifting negative values. */
static inline int floor_div_2p20(int64_t n) { return (int)((n + (INT64_C(1) << 30)) >> 20) - 1024; }
static inline int floor_div_2p19(int64_t n) { return (int)((n + (INT64_C(1) << 30)) >> 19) - 2048; }

/* floor(log10(2^q)), |q| <= 1100 (315653 / 2^20 ~ log10 2; exact on that range, see the script). */
static inline int floor_log10_pow2(int q) { return floor_div_2p20((int64_t)q * 315653); }

/* floor(log10(3/4 * 2^q)) on the same range (131237 / 2^20 ~ -log10(3/4)). */
static inline int floor_log10_three_quarters_pow2(int q)
{
    return floor_div_2p20((int64_t)q * 315653 - 131237);
}

/* floor(log2(10^e)), -292 <= e <= 324 (1741647 / 2^19 ~ log2 10). */
static inline int floor_log2_pow10(int e) { return floor_div_2p19((int64_t)e * 1741647); }

/* ---- the conversion ----------------------------------------------------------------------- */

/* Round to odd of y = g * cp / 2^127, for a table entry g (126 bits) and cp < 2^60:
 * floor(y), with its lowest bit set when frac(y) >= 2^-66.  The exact y overestimates the real
 * value x = cp 2^q / 10^k by less than 2^-67, and x never has 0 < frac(x) < 2^-66 or
 * frac(x) > 1 - 2^-67 (fmt_tables_gen.py proves both), so the result is the round to odd of x:
 * x itself if x is an integer, otherwise floor(x) | 1. */
static inline uint64_t round_to_odd(const uint64_t g[2], uint64_t cp)
{
    uint64_t a0, a1 = umul128(g[1], cp, &a0); /* low half of g times cp:  a1 2^64 + a0 */
    uint64_t b0, b1 = umul128(g[0], cp, &b0); /* high half of g times cp: b1 2^64 + b0 */
    /* g cp = b1 2^128 + (b0 + a1) 2^64 + a0, and b0 + a1 = carry 2^64 + m. */
    uint64_t m = b0 + a1;
    uint64_t carry = m < b0;
    /* floor(y) = 2 b1 + 2 carry + (m >> 63); frac(y) 2^127 = (m mod 2^63) 2^64 + a0. */
    uint64_t floor_y = 2 * (b1 + carry) + (m >> 63);
    uint64_t sticky = ((m & (UINT64_MAX >> 1)) | (a0 >> 61)) != 0; /* frac(y) >= 2^61 / 2^127 */
    return floor_y | sticky;
}

/* A decimal digits * 10^exp10. */
typedef struct fmt_decimal {
    uint64_t digits;
    int exp10;
} fmt_decimal;

/* Divides out the trailing decimal zeros of 0 < d < 10^16 (at most 15 = 8 + 4 + 2 + 1 of them),
 * adding their count to *e. */
static inline uint64_t strip_zeros(uint64_t d, int *e)
{
    if (d % 100000000 == 0) {
        d /= 100000000;
        *e += 8;
    }
    if (d % 10000 == 0) {
        d /= 10000;
        *e += 4;
    }
    if (d % 100 == 0) {
        d /= 100;
        *e += 2;
    }
    if (d % 10 == 0) {
        d /= 10;
        *e += 1;
    }
    return d;
}

/* The shortest (then nearest) decimal in the rounding interval of v = c 2^q, c > 0. */
static fmt_decimal shortest_decimal(uint64_t c, int q)
{
    /* strtod rounds ties to even: the bounds of R belong to R iff c is even. */
    const uint64_t open = c & 1;
    const uint64_t cb = c << 2, cbr = cb + 2;
    uint64_t cbl;
    int k;
    if (c != FMT_HIDDEN_BIT || q == FMT_Q_MIN) {
        cbl = cb - 2;
        k = floor_log10_pow2(q); /* 10^k <= 2^q = width of R < 10^(k+1) */
    } else {
        cbl = cb - 1;
        k = floor_log10_three_quarters_pow2(q); /* width is 3/4 2^q */
    }
    /* g = 10^-k 2^(125 - F), F = floor(log2 10^-k); shifting cp left by h = q + F + 2 (2..5)
       makes g (cp << h) / 2^127 = cp 2^q / 10^k. */
    const int h = q + floor_log2_pow10(-k) + 2;
    const uint64_t *g = fmt_g[k - FMT_K_MIN];
    const uint64_t vb = round_to_odd(g, cb << h);
    const uint64_t vbl = round_to_odd(g, cbl << h);
    const uint64_t vbr = round_to_odd(g, cbr << h);

    /* s = floor(v / 10^k); exact, since round to odd keeps vb in [4s, 4s + 3]. */
    const uint64_t s = vb >> 2;

    /* One digit shorter: u = 10 floor(s / 10) <= v < w = u + 10.  X is in R iff
       vbl <= 4X <= vbr (strict when open); u <= v and w > v need only one side each. */
    const uint64_t s10 = s / 10;
    const int u_in = vbl + open <= s10 * 40;
    const int w_in = (s10 + 1) * 40 + open <= vbr;
    if (u_in != w_in) { /* s10 + w_in < 10^16, since s < 2^53 * 10 */
        int e = k + 1;
        uint64_t d = strip_zeros(s10 + (uint64_t)w_in, &e);
        return (fmt_decimal){.digits = d, .exp10 = e};
    }

    /* Scale 10^k: s <= v < t = s + 1, at least one of them in R. */
    const uint64_t t = s + 1;
    const int s_in = vbl + open <= s * 4;
    const int t_in = t * 4 + open <= vbr;
    if (s_in != t_in) return (fmt_decimal){.digits = t_in ? t : s, .exp10 = k};
    /* Both in R: the nearer one; 4s + 2 is 4 times the midpoint; a tie goes to the even one. */
    const uint64_t mid = s * 4 + 2;
    const int pick_t = vb > mid || (vb == mid && (s & 1));
    return (fmt_decimal){.digits = s + (uint64_t)pick_t, .exp10 = k};
}

/* ---- writing digits ----------------------------------------------------------------------- */

static const char fmt_digit_pairs[201] = "00010203040506070809"
                                         "10111213141516171819"
                                         "20212223242526272829"
                                         "30313233343536373839"
                                         "40414243444546474849"
                                         "50515253545556575859"
                                         "60616263646566676869"
                                         "70717273747576777879"
                                         "80818283848586878889"
                                         "90919293949596979899";

static const uint64_t fmt_pow10[20] = {
    UINT64_C(1),
    UINT64_C(10),
    UINT64_C(100),
    UINT64_C(1000),
    UINT64_C(10000),
    UINT64_C(100000),
    UINT64_C(1000000),
    UINT64_C(10000000),
    UINT64_C(100000000),
    UINT64_C(1000000000),
    UINT64_C(10000000000),
    UINT64_C(100000000000),
    UINT64_C(1000000000000),
    UINT64_C(10000000000000),
    UINT64_C(100000000000000),
    UINT64_C(1000000000000000),
    UINT64_C(10000000000000000),
    UINT64_C(100000000000000000),
    UINT64_C(1000000000000000000),
    UINT64_C(10000000000000000000),
};

/* Number of decimal digits of d > 0. */
static inline int decimal_length(uint64_t d)
{
#if defined(__GNUC__)
    /* With b = bit length of d, 2^(b-1) <= d < 2^b, so the length is n or n + 1 for
       n = floor(b log10 2) (1233 / 4096 ~ log10 2, exact for b <= 64). */
    int n = ((64 - __builtin_clzll(d)) * 1233) >> 12;
    return n + (d >= fmt_pow10[n]);
#else
    int n = 1;
    while (n < 20 && d >= fmt_pow10[n]) n++;
    return n;
#endif
}

static inline void put2(char *p, uint32_t v) { memcpy(p, fmt_digit_pairs + 2 * v, 2); }

/* The 8 digits of v < 10^8, with leading zeros. */
static inline void put8(char *p, uint32_t v)
{
    uint32_t hi = v / 10000, lo = v % 10000;
    put2(p, hi / 100);
    put2(p + 2, hi % 100);
    put2(p + 4, lo / 100);
    put2(p + 6, lo % 100);
}

/* The n digits of d, 10^(n-1) <= d < 10^n, into p[0 .. n-1]. */
static void put_digits(char *p, uint64_t d, int n)
{
    char *end = p + n;
    while (d >= 100000000) {
        end -= 8;
        put8(end, (uint32_t)(d % 100000000));
        d /= 100000000;
    }
    uint32_t v = (uint32_t)d;
    while (v >= 100) {
        end -= 2;
        put2(end, v % 100);
        v /= 100;
    }
    if (v >= 10)
        put2(end - 2, v);
    else
        end[-1] = (char)('0' + v);
}

/* "d.ddde+XX": the n digits of d, decimal exponent E. */
static int put_scientific(char *p, uint64_t d, int n, int E)
{
    put_digits(p + 1, d, n);
    p[0] = p[1];
    int len = 1;
    if (n > 1) {
        p[1] = '.';
        len = n + 1;
    }
    p[len++] = 'e';
    p[len++] = E < 0 ? '-' : '+';
    unsigned a = (unsigned)(E < 0 ? -E : E);
    if (a >= 100) {
        p[len++] = (char)('0' + a / 100);
        a %= 100;
    }
    put2(p + len, a);
    return len + 2;
}

/* Writes d 10^e (d > 0; d has no trailing zeros unless e == 0) per the grammar in fmt.h. */
static int put_decimal(char *p, uint64_t d, int e)
{
    const int n = decimal_length(d);
    const int E = e + n - 1; /* value = d.ddd 10^E */
    if (E < FMT_PLAIN_MIN || E > FMT_PLAIN_MAX) return put_scientific(p, d, n, E);
    if (e >= 0) { /* integer: the digits, then e zeros */
        put_digits(p, d, n);
        memset(p + n, '0', (size_t)e);
        return n + e;
    }
    if (E >= 0) { /* ddd.ddd: write the digits one place right, move the E + 1 integer ones back */
        put_digits(p + 1, d, n);
        memmove(p, p + 1, (size_t)E + 1);
        p[E + 1] = '.';
        return n + 1;
    }
    /* 0.000ddd with -E - 1 zeros after the point */
    const int zeros = -E - 1;
    p[0] = '0';
    p[1] = '.';
    memset(p + 2, '0', (size_t)zeros);
    put_digits(p + 2 + zeros, d, n);
    return 2 + zeros + n;
}

/* ---- the API ------------------------------------------------------------------------------ */

int lt_fmt_double(char *buf, double x)
{
    uint64_t bits;
    memcpy(&bits, &x, sizeof bits);
    const uint64_t fraction = bits & (FMT_HIDDEN_BIT - 1);
    const int biased_exp = (int)(bits >> 52) & 0x7ff;
    char *p = buf;

    if (biased_exp == 0x7ff && fraction != 0) {
        memcpy(buf, "nan", 3);
        return 3;
    }
    if (bits >> 63) *p++ = '-';
    if (biased_exp == 0x7ff) {
        memcpy(p, "inf", 3);
        return (int)(p - buf) + 3;
    }
    if (biased_exp == 0 && fraction == 0) {
        *p = '0';
        return (int)(p - buf) + 1;
    }

    /* v = c 2^q; subnormals share q with the smallest normal binade. */
    const uint64_t c = biased_exp == 0 ? fraction : fraction | FMT_HIDDEN_BIT;
    const int q = biased_exp == 0 ? FMT_Q_MIN : biased_exp - 1075;

    /* Integers below 2^53 are their own shortest decimal: every other decimal of R (width <= 1)
       is a non-integer, which needs at least as many digits. */
    if (q <= 0 && q >= -52 && (c & ((UINT64_C(1) << -q) - 1)) == 0)
        return (int)(p - buf) + put_decimal(p, c >> -q, 0);

    const fmt_decimal dec = shortest_decimal(c, q);
    return (int)(p - buf) + put_decimal(p, dec.digits, dec.exp10);
}

int lt_fmt_double_nul(char *buf, double x)
{
    int n = lt_fmt_double(buf, x);
    buf[n] = '\0';
    return n;
}
