/* src/stiffness.c - the connector stiffness rule; see stiffness.h for the equations. */
#include "stiffness.h"

void lt_stiffness_connector(const lt_material *m1, const lt_material *m2, const double lens[2], double contA,
                            double *kn, double *kt, double *tanPhi)
{
    *kn = contA / (lens[0] / m1->young + lens[1] / m2->young);
    *kt = 0.5 * (m1->ktDivKn + m2->ktDivKn) * *kn;
    *tanPhi = m1->tanPhi < m2->tanPhi ? m1->tanPhi : m2->tanPhi;
}
