/* src/base/shortg.c - %g, more digits where its six do not read back as the same double.  See
 * shortg.h. */
#include "base/shortg.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

const char *lt_shortg(double x, char *buf, size_t n)
{
    if (!isfinite(x)) {
        snprintf(buf, n, "%g", x);
        return buf;
    }
    for (int p = 6; p <= 17; p++) {
        snprintf(buf, n, "%.*g", p, x);
        if (strtod(buf, NULL) == x) break; /* 17 digits always read back */
    }
    return buf;
}
