/* src/stiffness.h - contact stiffness and friction from the two materials (SI units).
 *
 * Connector model (Woo's Cp2_FrictMat_FrictPhys, the seed "linear Cundall contact model"):
 *   kn = A / (l1/E1 + l2/E2)       N/m, two springs in series, each a cylinder of section A
 *   A  = pi min(l1, l2)^2          m^2 (the geometry's contA)
 *   kt = (ktDivKn1 + ktDivKn2)/2 kn
 *   tanPhi = min(tanPhi1, tanPhi2)
 */
#ifndef LT_STIFFNESS_H
#define LT_STIFFNESS_H
#include "law.h"

void lt_stiffness_connector(const lt_material *m1, const lt_material *m2, const double lens[2], double contA,
                            double *kn, double *kt, double *tanPhi);

#endif
