/* src/base/shortg.h - a number for a message: %g where its six digits read back as the same
 * double (0.05, 1e-09, 100: as messages always wrote them), else the fewest digits up to 17 that
 * do, so that a bound a hair above 0.05 does not print as 0.05.  Layers below src/output/ (whose
 * fmt.h writes records) use it. */
#ifndef LT_BASE_SHORTG_H
#define LT_BASE_SHORTG_H
#include <stddef.h>

/* x as %.Pg with the least P in 6..17 that strtod reads back as x (inf, -inf, nan as %g writes
 * them) into buf of n bytes (24 hold every value); buf. */
const char *lt_shortg(double x, char *buf, size_t n);

#endif
