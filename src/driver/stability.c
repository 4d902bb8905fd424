/* src/driver/stability.c - leapfrog's time-step limit for the normal contact DoF (see stability.h).
 * */
#include "driver/stability.h"
#include <math.h>
#include <string.h>

static int param_index(const lt_law *law, const char *name)
{
    for (int i = 0; i < law->n_params; i++)
        if (strcmp(law->params[i].name, name) == 0) return i;
    return -1;
}

double lt_normal_damping_ratio(const lt_law *law, const double *params)
{
    int z = param_index(law, "zetaN"), e = param_index(law, "en");
    if (z < 0) return 0; /* not the spring-dashpot family: undamped limit */
    if (!isnan(params[z])) return params[z];
    if (e >= 0 && !isnan(params[e]) && params[e] > 0 && params[e] < 1) {
        double l = log(params[e]);
        return -l / sqrt(LT_PI * LT_PI + l * l);
    }
    return 0;
}

double lt_dt_crit(double mstar, double k, double zeta)
{
    if (!(k > 0) || !isfinite(k) || !(mstar > 0) || !isfinite(mstar)) return INFINITY;
    double w0 = sqrt(k / mstar);
    return 2 / w0 * (sqrt(1 + zeta * zeta) - zeta);
}
