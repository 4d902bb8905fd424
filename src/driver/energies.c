/* src/driver/energies.c - the names and the count of a run's energy columns: the law's own
 * energies, then the driver's (driver.h, LT_E_*; src/base/record_columns.def).  J. */
#include "driver/driver.h"

const char *const lt_driver_energy_names[LT_E_DRIVER_COUNT] = {
#define LT_DRIVER_ENERGY(id, name, plot) [LT_E_##id] = #name,
#include "base/record_columns.def"
};

int lt_energy_count(const lt_law *law) { return law->n_energies + LT_E_DRIVER_COUNT; }

const char *lt_energy_name(const lt_law *law, int i)
{
    return i < law->n_energies ? law->energies[i].name
                               : lt_driver_energy_names[i - law->n_energies];
}
