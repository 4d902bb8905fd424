#!/usr/bin/env python3
"""src/output/fmt_tables_gen.py - generates and verifies the power-of-ten table of src/output/fmt.c (it sits in
src/output/fmt_table.h).

Usage:
    python3 src/output/fmt_tables_gen.py                 # verify, print the table block to stdout
    python3 src/output/fmt_tables_gen.py --update FILE   # verify, rewrite the block inside FILE
    python3 src/output/fmt_tables_gen.py --check FILE    # verify, exit 1 if FILE's block differs

The block sits between the marker lines BEGIN_MARK and END_MARK below.  Besides printing the
table, the script proves (by exact integer arithmetic, no sampling) the facts fmt.c relies on;
see src/output/fmt.h for the algorithm and the notation used here.

Notation (as in fmt.c): a finite positive double is v = c * 2^q with integer c, q.  The three
scaled values the algorithm needs are

    x = cp * 2^q / 10^k,   cp in {cbl, cb, cbr} = {4c - 2 (or 4c - 1), 4c, 4c + 2},

k = floor(log10(2^q)) (regular case) or floor(log10(3/4 * 2^q)) (c = 2^52, q > Q_MIN).
fmt.c computes y = g * (cp << h) / 2^127, where

    10^-k = beta * 2^(F - 125),  F = floor(log2(10^-k)),  2^125 <= beta < 2^126,
    g = floor(beta) + 1,         h = q + F + 2,

so y = x + delta with 0 < delta <= (cp << h) / 2^127 < 2^-67 (because cp << h < 2^60), and it
returns rop(y) = floor(y) | [frac(y) >= 2^-66].  That equals the exact round-to-odd of x,
ro(x) = x if x is an integer, else floor(x) | 1, provided that for every relevant (q, cp)

    x is an integer, or 2^-66 <= frac(x) <= 1 - 2^-67.                      (*)

(If x is an integer, frac(y) = delta < 2^-66 and floor(y) = x.  Otherwise (*) keeps floor(y) =
floor(x) and frac(y) >= frac(x) >= 2^-66.)  The true extremes over all doubles are
min frac(x) = 2^-65.44 (q = 664) and min (1 - frac(x)) = 2^-60.53 (q = 479), so the sticky
threshold 2^-66 is needed: with the more obvious 2^-63, the computed 4v/10^k of two doubles
would not be the round-to-odd one (harmless for their output, as it happens, but then no longer
proved so).  ro() preserves
every comparison with an even integer, and fmt.c compares those values only with even integers,
so the decisions it makes are the exact ones.  verify_rounding() below checks (*) for every q
and every significand c at once per q: counting the c whose frac(x) falls in a bad range is a
floor-sum (Euclid-like, O(log)) computation, so the proof covers all 2^64 doubles.
(Checked with deliberately weakened bounds: STICKY_BITS = 63 or DELTA_BITS = 60 make it fail.)
"""
import sys
from fractions import Fraction

BEGIN_MARK = "/* BEGIN GENERATED TABLE (src/output/fmt_tables_gen.py) */"
END_MARK = "/* END GENERATED TABLE */"

Q_MIN, Q_MAX = -1074, 971          # exponent range of v = c * 2^q
C_MIN, C_MAX = 1 << 52, (1 << 53) - 1
K_MIN, K_MAX = -324, 292           # range of k, checked below
STICKY_BITS = 66                   # rop() sets the odd bit iff frac(y) >= 2^-STICKY_BITS
DELTA_BITS = 67                    # y - x < 2^-DELTA_BITS

# Integer approximations used by fmt.c (the same constants appear there):
#   floor(q log10 2)            = (q * 315653 + 0 * 2^20) >> 20
#   floor(q log10 2 + log10 3/4) = (q * 315653 - 131237) >> 20
#   floor(e log2 10)            = (e * 1741647) >> 19
# implemented in fmt.c as floor division by a power of two of a value made non-negative by
# adding a multiple of the divisor.
LOG10_2_MUL, LOG10_2_SHIFT = 315653, 20
LOG10_3_4_ADD = -131237
LOG2_10_MUL, LOG2_10_SHIFT = 1741647, 19


def floor_log10(x):
    """floor(log10(x)) of a positive Fraction, exactly."""
    k = len(str(x.numerator)) - len(str(x.denominator))
    while Fraction(10) ** k > x:
        k -= 1
    while Fraction(10) ** (k + 1) <= x:
        k += 1
    return k


def floor_log2(x):
    """floor(log2(x)) of a positive Fraction, exactly."""
    k = x.numerator.bit_length() - x.denominator.bit_length()
    while Fraction(2) ** k > x:
        k -= 1
    while Fraction(2) ** (k + 1) <= x:
        k += 1
    return k


def pow2(e):
    return Fraction(2) ** e


def pow10(e):
    return Fraction(10) ** e


def k_regular(q):
    return floor_log10(pow2(q))


def k_irregular(q):
    return floor_log10(Fraction(3, 4) * pow2(q))


def F_of(k):
    return floor_log2(pow10(-k))


def g_of(k):
    """g = floor(beta) + 1 where 10^-k = beta * 2^(F - 125), 2^125 <= beta < 2^126."""
    beta = pow10(-k) * pow2(125 - F_of(k))
    assert pow2(125) <= beta < pow2(126)
    g = beta.numerator // beta.denominator + 1
    assert g < (1 << 126)
    return g


def verify_floor_logs():
    """The shift-and-multiply formulas of fmt.c equal the exact floors on their ranges."""
    for q in range(Q_MIN, Q_MAX + 1):
        assert (q * LOG10_2_MUL) >> LOG10_2_SHIFT == k_regular(q), q
        assert (q * LOG10_2_MUL + LOG10_3_4_ADD) >> LOG10_2_SHIFT == k_irregular(q), q
    for k in range(K_MIN, K_MAX + 1):
        assert (-k * LOG2_10_MUL) >> LOG2_10_SHIFT == F_of(k), k
    ks = [k_regular(q) for q in range(Q_MIN, Q_MAX + 1)]
    ks += [k_irregular(q) for q in range(Q_MIN + 1, Q_MAX + 1)]
    assert min(ks) == K_MIN and max(ks) == K_MAX, (min(ks), max(ks))


def floor_sum(n, m, a, b):
    """sum_{i=0}^{n-1} floor((a*i + b) / m) for m > 0, n >= 0 (Euclid-like, O(log m))."""
    ans = 0
    while True:
        if a >= m or a < 0:
            ans += (n * (n - 1) // 2) * (a // m)
            a %= m
        if b >= m or b < 0:
            ans += n * (b // m)
            b %= m
        y_max = a * n + b
        if y_max < m:
            return ans
        n, b = divmod(y_max, m)
        m, a = a, m


def count_residues(n, m, a, b, lo, hi):
    """#{0 <= i < n : lo <= (a*i + b) mod m <= hi}, for 0 <= lo <= hi + 1 <= m."""
    # floor(y/m) - floor((y - t)/m) is 1 exactly when y mod m < t (0 <= t <= m).
    return floor_sum(n, m, a, b - lo) - floor_sum(n, m, a, b - hi - 1)


def self_test_floor_sum():
    import random
    rng = random.Random(12345)
    for _ in range(3000):
        n, m = rng.randrange(0, 40), rng.randrange(1, 40)
        a, b = rng.randrange(-100, 100), rng.randrange(-100, 100)
        assert floor_sum(n, m, a, b) == sum((a * i + b) // m for i in range(n))
        lo = rng.randrange(0, m + 1)
        hi = rng.randrange(lo - 1, m)
        want = sum(1 for i in range(n) if lo <= (a * i + b) % m <= hi)
        assert count_residues(n, m, a, b, lo, hi) == want


def h_of(q, k):
    return q + F_of(k) + 2


def bad_count(q, k, cp_first, cp_step, count):
    """Number of cp = cp_first + cp_step*i (0 <= i < count) violating (*) for x = cp 2^q/10^k."""
    ratio = pow2(q) / pow10(k)
    N, D = ratio.numerator, ratio.denominator
    if D <= 1 << STICKY_BITS:
        # A non-zero frac(x) is a multiple of 1/D, hence in [2^-66, 1 - 2^-66]: (*) holds.
        return 0
    # frac(x) = r / D with r = (cp * N) mod D = (a*i + b) mod D.
    a, b = (cp_step * N) % D, (cp_first * N) % D
    lo_bad_max = -(-D // (1 << STICKY_BITS)) - 1        # r in [1, ceil(D/2^66) - 1]
    hi_bad_min = D - (-(-D // (1 << DELTA_BITS))) + 1   # r in [D - ceil(D/2^67) + 1, D - 1]
    bad = 0
    if lo_bad_max >= 1:
        bad += count_residues(count, D, a, b, 1, lo_bad_max)
    if hi_bad_min <= D - 1:
        bad += count_residues(count, D, a, b, hi_bad_min, D - 1)
    return bad


def verify_rounding():
    """Proves (*) for every finite positive double, and the ranges of h and cp << h."""
    total_bad = 0
    for q in range(Q_MIN, Q_MAX + 1):
        # Regular case: cp runs over the even numbers 4c - 2, 4c, 4c + 2 for all c of this q
        # (c = 2^52 is included even when it is irregular: harmless, it only checks more).
        k = k_regular(q)
        h = h_of(q, k)
        assert 2 <= h <= 5, (q, h)
        c_lo = 1 if q == Q_MIN else C_MIN
        cp_first, cp_last = 4 * c_lo - 2, 4 * C_MAX + 2
        assert (cp_last << h) < 1 << (127 - DELTA_BITS)
        total_bad += bad_count(q, k, cp_first, 2, (cp_last - cp_first) // 2 + 1)
        if q > Q_MIN:
            # Irregular case c = 2^52: the lower neighbour is closer; k from 3/4 * 2^q.
            k = k_irregular(q)
            h = h_of(q, k)
            assert 2 <= h <= 5, (q, h)
            for cp in (4 * C_MIN - 1, 4 * C_MIN, 4 * C_MIN + 2):
                total_bad += bad_count(q, k, cp, 1, 1)
    assert total_bad == 0, total_bad


def table_block():
    lines = [BEGIN_MARK,
             "/* fmt_g[k - FMT_K_MIN] = {high 64 bits, low 64 bits} of g(k) = floor(beta) + 1,",
             " * where 10^-k = beta * 2^(floor(log2 10^-k) - 125) and 2^125 <= beta < 2^126. */",
             "#define FMT_K_MIN (%d)" % K_MIN,
             "#define FMT_K_MAX %d" % K_MAX,
             "static const uint64_t fmt_g[FMT_K_MAX - FMT_K_MIN + 1][2] = {"]
    for k in range(K_MIN, K_MAX + 1):
        g = g_of(k)
        lines.append("    {0x%016xu, 0x%016xu}, /* k = %d */" % (g >> 64, g & ((1 << 64) - 1), k))
    lines.append("};")
    lines.append(END_MARK)
    return "\n".join(lines) + "\n"


def splice(text, block):
    start = text.index(BEGIN_MARK)
    end = text.index(END_MARK) + len(END_MARK) + 1
    return text[:start] + block + text[end:]


def main(argv):
    self_test_floor_sum()
    verify_floor_logs()
    verify_rounding()
    block = table_block()
    if len(argv) == 3 and argv[1] in ("--update", "--check"):
        with open(argv[2]) as f:
            text = f.read()
        new = splice(text, block)
        if argv[1] == "--check":
            if new != text:
                print("%s: generated table differs" % argv[2], file=sys.stderr)
                return 1
            print("%s: table up to date; all checks passed" % argv[2], file=sys.stderr)
            return 0
        with open(argv[2], "w") as f:
            f.write(new)
        print("%s: table written; all checks passed" % argv[2], file=sys.stderr)
        return 0
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    sys.stdout.write(block)
    print("all checks passed", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
