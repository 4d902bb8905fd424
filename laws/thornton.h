/* laws/thornton.h - what laws/thornton.c (the `thornton` law), its cases (laws/thornton_cases.c)
 * and its tests share: parameter (TH_P_*), state (TH_S_*) and energy (TH_E_*) indices, the closed
 * forms of the elastic-perfectly-plastic normal model, and the case table (TH_N_CASES).  Prefix TH,
 * the naming of docs/laws.md ("Writing a law in the tree").  SI units (see the law's theory block).
 */
#ifndef LT_THORNTON_H
#define LT_THORNTON_H
#include "kit/params.h"
#include "kit/tangential.h"
#include <lawtester/law.h>

/* Parameters, in the law's order. */
enum {
    TH_P_ESTAR,      /* Pa, E* (NaN: from the materials) */
    TH_P_RSTAR,      /* m, R* (NaN: from the curvature radii) */
    TH_P_PY,         /* Pa, limiting contact pressure p_y (NaN: never yields, Hertz) */
    TH_P_GSTAR,      /* Pa, G* (NaN: from the materials) */
    TH_P_TANPHI,     /* -, friction coefficient (NaN: from the materials) */
    TH_P_ROLLING,    /* choice LT_RR_* of laws/kit/rolling.h: none | epsd | epsd2 */
    TH_P_MUR,        /* -, rolling friction coefficient */
    TH_P_KR,         /* N m/rad, rolling stiffness (NaN: from the rule) */
    TH_P_MUTW,       /* -, twisting friction coefficient */
    TH_P_KTW,        /* N m/rad, twisting stiffness (NaN: 4.5 kt muTw^2 R*^2) */
    TH_P_TANGENTIAL, /* choice LT_TANGENTIAL_*: the tangential rule */
    TH_P_MDCELLS,    /* count, 2..LT_MD_MAX_CELLS: md's most cells */
    TH_P_COUNT
};
/* The choices tangential and rolling take the kit's values (laws/kit/params.h: LT_TANGENTIAL_*,
 * LT_RR_*). */

/* State, in the law's order. */
enum {
    TH_S_ESTAR,
    TH_S_RSTAR,
    TH_S_PY,
    TH_S_GSTAR,
    TH_S_TANPHI,
    TH_S_KT,    /* N/m, Mindlin's 8 G* a of the last step */
    TH_S_ELT,   /* J, energy of the tangential spring */
    TH_S_DMAX,  /* m, largest overlap of the contact (the plastic history) */
    TH_S_DELTA, /* m, overlap of the last step */
    TH_S_FN,    /* N, normal force (< 0 compressive) */
    TH_S_FTY,
    TH_S_FTZ, /* N, tangential force */
    TH_S_ELN, /* J, energy of the current unloading curve */
    TH_S_UN0, /* m, uN of the last step */
    /* 1: the last step flowed plastically, slid, or (rolling) reached a rolling or twisting cap */
    TH_S_YIELD,
    TH_S_RR, /* rolling: the first of the 9 values LT_RR_S_* of laws/kit/rolling.h */
    TH_S_MD_N = TH_S_RR + 9, /* md: the number of cells in use */
    TH_S_MD0, /* md: the first cell's x, uy, uz (m); LT_MD_MAX_CELLS cells, the last state values */
    TH_S_COUNT = TH_S_MD0 + LT_MD_PER_CELL * LT_MD_MAX_CELLS
};

/* Energies, in the law's order. */
enum { TH_E_ELAST, TH_E_PLAST, TH_E_FRIC, TH_E_KVAR, TH_E_QUAD, TH_E_COUNT };

/* The normal model's closed forms (Thornton 1997), for E* (Pa), R* (m), p_y (Pa).
 * lt_th_model: the yield overlap dy = (pi p_y/(2 E*))^2 R* (m) and force Fy = (4/3) E* sqrt(R*)
 *   dy^{3/2} = pi^3 p_y^3 R*^2/(6 E*^2) (N); p_y NaN or infinite: never yields (dy = INFINITY).
 * lt_th_unloading: after loading to the largest overlap dmax (m), the unloading curve
 *   F = (4/3) E* sqrt(Rp) (delta - dp)^{3/2}: Fmax (N), Rp (m), dp (m, the residual overlap). */
typedef struct lt_th_model {
    double estar, rstar, py, dy, fy;
} lt_th_model;
typedef struct lt_th_unload {
    double fmax, rp, dp;
} lt_th_unload;
lt_th_model lt_th_model_of(double estar, double rstar, double py);
lt_th_unload lt_th_unloading(const lt_th_model *m, double dmax);
double lt_th_virgin_force(const lt_th_model *m, double delta); /* N, compressive > 0 */
double lt_th_virgin_work(const lt_th_model *m, double delta);  /* J, int_0^delta of it */
double lt_th_unload_energy(const lt_th_model *m, const lt_th_unload *u, double delta); /* J */
/* The contact radius (m) at the overlap delta on the curve of largest overlap dmax: sqrt(R_p
 * (delta - delta_p)) (0 below delta_p); on the plastic branch sqrt((2 F + F_y)/(2 pi p_y)). */
double lt_th_contact_radius(const lt_th_unload *u, double delta);
/* The yield velocity (m/s) of a head-on impact of effective mass mstar (kg): (1/2) m* vy^2 =
 * (2/5) Fy dy; and Thornton's restitution e(vy/v) for v > vy (1 below). */
double lt_th_yield_velocity(const lt_th_model *m, double mstar);
double lt_th_restitution(double vy_over_v);

#define TH_N_CASES 15
extern const lt_case lt_thornton_cases[TH_N_CASES];

#endif
