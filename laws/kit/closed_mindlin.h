/* laws/kit/closed_mindlin.h - closed forms of a Hertz contact's tangential force with its
 * loading history (Cattaneo, Mindlin & Deresiewicz), shared by the cases of the laws that take the
 * md rule (hertz_mindlin; thornton, whose unloading curve is a Hertz contact) and by their tests
 * (laws/kit/closed_mindlin.c derives them).  SI units: mu friction coefficient, P normal force
 * (N), gstar G* (Pa), a contact radius (m), ua the displacement amplitude of a cycle (m).
 * lt_mindlin_c0: the tangential displacement at full slip, 3 mu P/(16 G* a) (m);
 * lt_mindlin_cycle_energy: the energy dissipated per cycle of amplitude ua under constant P (J);
 * lt_mindlin_stick_ratio: vc'/vc of the no-slip elastic Hertz impact for kappa = 4 G* / E* and
 *   k2 = I/(m r^2), by the superposition of Mindlin & Deresiewicz in n steps (NaN: no memory).
 * A Cattaneo-Mindlin cycle 0 -> ua -> -ua -> ua at held P, a: lt_mindlin_cycle_rows, the rows
 * cycle energy (lt_mindlin_cycle_energy) and peak slip force phi mu P, phi = 1 - (1 -
 * ua/c0)^{3/2} (1 beyond c0), at the tolerances of the 160-cell row with the reasons given;
 * lt_mindlin_cycle_point: the loop for verify --plot at the fraction s of its three legs (1, 2 and
 * 2 fifths): the displacement *u (m) and force *f (N), Masing's rule on the first loading's
 * T(x) = mu P [1 - (1 - x/c0)^{3/2}].
 * References: R. D. Mindlin, H. Deresiewicz (1953), J. Appl. Mech. 20:327; [Johnson 1985] 7.55;
 * docs/references.md. */
#ifndef LT_KIT_CLOSED_MINDLIN_H
#define LT_KIT_CLOSED_MINDLIN_H
#include <lawtester/law.h>

/* The no-slip impact's reference: the superposition at MD_STICK_STEPS steps, against which a law at
 * its case's resolution (2000 steps, 160 cells) is held. */
#define MD_STICK_STEPS 40000
/* verify's target: the law at the case's resolution against the converged superposition */
#define TOL_MD_STICK 1e-4
#define WHY_MD_STICK \
    "no-slip Mindlin-Deresiewicz impact (superposition, 40000 steps) at 2000 steps, 160 cells"

double lt_mindlin_c0(double mu, double P, double gstar, double a);
double lt_mindlin_cycle_energy(double mu, double P, double gstar, double a, double ua);
double lt_mindlin_stick_ratio(double kappa, double k2, int n);
void lt_mindlin_cycle_rows(lt_expect *x, double mu, double P, double gstar, double a, double ua,
                           const char *why_cycle, const char *why_peak);
void lt_mindlin_cycle_point(double mu, double P, double gstar, double a, double ua, double s,
                            double *u, double *f);

#endif
