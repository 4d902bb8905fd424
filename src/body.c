/* src/body.c - shape names and mass properties of rigid bodies (SI units). */
#include "body.h"
#include <string.h>

static const char *const shape_names[LT_SHAPE_COUNT] = {"sphere"};

const char *lt_shape_name(lt_shape_kind k) { return k >= 0 && k < LT_SHAPE_COUNT ? shape_names[k] : "?"; }

int lt_shape_from_name(const char *name)
{
    for (int i = 0; i < LT_SHAPE_COUNT; i++)
        if (strcmp(shape_names[i], name) == 0) return i;
    return -1;
}

void lt_body_mass_props(lt_body *b)
{
    switch (b->shape) {
    case LT_SPHERE:
    default: {
        double r = b->radius;
        b->mass = b->mat.density * 4.0 / 3.0 * LT_PI * r * r * r; /* kg */
        b->inertia = 0.4 * b->mass * r * r;                      /* kg m^2, solid sphere */
        break;
    }
    }
}
