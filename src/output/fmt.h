/* src/output/fmt.h - fast shortest round-trip formatting of IEEE-754 doubles (for the TSV tables).
 *
 * lt_fmt_double() writes the shortest decimal string that strtod() reads back to exactly the same
 * double.  It takes about 40 ns for a random double and 20 ns for short data like k * 1e-6 on
 * the development machine, 8-13x less than printf("%.17g"), whose output is also longer.  No
 * locale, no allocation, no global state: thread-safe.
 *
 * Output grammar (the '.' never depends on the locale):
 *
 *     out     = "nan" | [ "-" ] ( "inf" | "0" | plain | sci )
 *     plain   = used when the decimal exponent E (value = d.ddd * 10^E) is in [-5, 16]:
 *               digits[ "." digits ]   for E >= 0, e.g. "1", "123.25", "10000000000000000"
 *               "0." zeros digits      for E < 0,  e.g. "0.001", "0.00001234"
 *     sci     = digit [ "." digits ] "e" ( "+" | "-" ) exp, exp of 2 or 3 digits,
 *               e.g. "1e-06", "2.5e+17", "1e+300", "5e-324", "1.7976931348623157e+308"
 *
 *   Negative zero prints "-0"; every NaN prints "nan".  There are no trailing zeros after a '.',
 *   no '.' without digits after it, no leading zeros except the single "0." of 0 < |x| < 1.
 *   Integers |x| < 2^53 therefore print as plain integers, like "%.0f".  The longest output is
 *   24 chars ("-0.000012345678901234567", "-1.2345678901234567e-308").
 *
 * Guarantees (tests/test_fmt.c checks them; src/output/fmt_tables_gen.py proves the arithmetic
 * step):
 *   - round trip: strtod(out) == x bit for bit, for every non-NaN double (strtod rounds to
 *     nearest, ties to even, so the decimal is chosen inside the rounding interval of x,
 *     boundaries included only when the significand of x is even);
 *   - shortest: no decimal with fewer significant digits lies in that interval;
 *   - closest: among the shortest candidates the one nearest to x (ties: even last digit).
 *   The round trip assumes a correctly rounding strtod (glibc's is) in the default rounding
 *   mode; lt_fmt_double itself uses only integer arithmetic, so the FP environment does not matter.
 *
 * Algorithm (Schubfach, R. Giulietti 2020; this is an independent implementation).  Write
 * |x| = c * 2^q (c < 2^53, q >= -1074).  The midpoints to the neighbouring doubles bound the
 * rounding interval R = [x - 2^q/2, x + 2^q/2], or [x - 2^q/4, x + 2^q/2] when c = 2^52 and x is
 * normal (the power-of-two significand, whose lower neighbour is closer; "irregular" case).  Choose
 * k = floor(log10 w) where w = width of R, so 1 <= w / 10^k < 10, and look at R in units of 10^k:
 *   - R contains at most one multiple of 10 (w < 10 units).  If it does, that number is the
 *     unique element of R with scale >= 10^(k+1), hence the shortest: output it.
 *   - Otherwise the shortest candidates have scale 10^k; of s = floor(x / 10^k) and s + 1 at
 *     least one lies in R (w >= 1 unit); output the one in R, or the nearer if both are.
 * Every membership and nearness test compares 4x/10^k or 4 * (bound of R)/10^k with an even
 * integer (4 times a candidate, or 4s + 2 for the midpoint).  Those three reals are computed
 * rounded to odd integers (floor, with the last bit set if the value was not an integer) from a
 * 126-bit approximation of 10^-k times a power of two (table fmt_g in fmt_table.h, 617 entries),
 * one 64 x 128-bit product each.  Rounding to odd preserves every comparison with an even integer,
 * and src/output/fmt_tables_gen.py proves with exact integer arithmetic, for all 2^64 bit patterns
 * at once (a floor-sum count per binary exponent), that the 126-bit product always gives exactly
 * the rounded-to-odd value.  So nothing is decided on an approximation and there is no slow path.
 * Digits are then written two at a time from a 200-byte table.
 *
 * The table between the BEGIN/END GENERATED TABLE markers in src/output/fmt_table.h is produced by
 *     python3 src/output/fmt_tables_gen.py --update src/output/fmt_table.h
 * (and `--check src/output/fmt_table.h` re-verifies it); do not edit it by hand.
 */
#ifndef LT_FMT_H
#define LT_FMT_H

/* Largest return value of lt_fmt_double(); lt_fmt_double_nul() needs FMT_DOUBLE_MAX + 1 bytes. */
#define FMT_DOUBLE_MAX 25

/* Writes the shortest decimal string that strtod() reads back to exactly x. No NUL is written;
   returns the number of chars written (at most FMT_DOUBLE_MAX = 25). */
int lt_fmt_double(char *buf, double x);

/* Same as lt_fmt_double() and then writes a NUL (buf must hold FMT_DOUBLE_MAX + 1 chars).  Returns
   the length without the NUL. */
int lt_fmt_double_nul(char *buf, double x);

#endif
