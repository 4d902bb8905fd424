/* laws/kit/tangential.h - the tangential sub-model the laws compose: the force of a contact in its
 * tangent plane by one of three rules (the choice `tangential`, LT_TANGENTIAL_* of
 * laws/kit/params.h), returned onto the Coulomb limit (laws/kit/coulomb.h), with an optional
 * dashpot returned together with the spring.  `hertz_mindlin` and `thornton` take every rule and
 * `hertz_mindlin` the dashpot; `linear`, `walton_braun` (and the laws built on linear) take the
 * incremental spring of a constant stiffness.  The spring rules are static inline (they sit on the
 * step's chain); the md row is laws/kit/md_row.c, its cells four or two at a time in vector lanes,
 * the bits of one cell at a time, the sums in eight partial sums; each law keeps its history (the
 * spring's force, the md row) in its own state.
 *
 * Theory (SI; frame and signs of include/lawtester/law.h: local y, z tangential, force on A;
 * kt the stick stiffness, N/m, d = v_t dt the step's tangential displacement, m):
 * incremental: one spring whose force history Ft (N, local components) carries from step to
 *   step; the trial Ft_tr = Ft(n-1) + kt d, returned onto |Ft| <= lim when beyond it (Coulomb,
 *   lim = tan(phi) Fc).  With a constant kt this is the linear spring of Cundall & Strack (1979);
 *   with a kt that follows the contact (Mindlin 1949, kt = 8 G* a) it creates energy when the
 *   contact unloads under a tangential force.
 * rescale: the same, the history first scaled by kt(n)/kt(n-1) on a step whose overlap
 *   decreased (Thornton, Cummins & Cleary 2011: the spring shrinks with the contact and gives back
 *   no energy it did not store).
 * dashpot: a trial dashpot force Fd (N) beside the spring is returned with it: when |Ft_tr + Fd|
 *   > lim both are scaled by one factor q onto the circle, so the spring keeps the direction of its
 *   trial and never pushes backwards (md: every cell u = q u after its own return).
 * Energies of a step (J): elast = |Ft|^2/(2 kt); plast = the slip work (laws/kit/slip_work.h:
 *   trapezoid (Fs + Ft).(Ft_tr - Ft)/(2 kt), Fs the (rescaled) history, unless a law offers the
 *   other formulas); what a changing kt leaves the law books as kvar (work - d(elast) - plast).
 * md: Mindlin & Deresiewicz (1953) with the whole loading history, by the method of
 *   dimensionality reduction [Popov & Hess 2015]: an elastic contact of an axisymmetric profile
 *   maps, exactly for unidirectional tangential loading, onto a row of independent springs at
 *   x in [0, a] (one side, counted twice) over the 1-D profile g(x) (m); the normal force per
 *   length is 2 E* (delta - g(x)) (N/m) and the tangential stiffness per length 8 G* (Pa).
 *   Here g(x) = x^2/R for a paraboloid of radius R (m) pressed to the elastic overlap delta (m):
 *   a = sqrt(R delta) (m), Fe = (4/3) E* sqrt(R) delta^{3/2} = K delta^{3/2} (N) and
 *   kt = 8 G* a (N/m).  The caller gives (R, delta) of its elastic curve: hertz_mindlin (R*,
 *   delta); thornton the current unloading curve (R_p, delta - delta_p), a Hertz contact of
 *   radius R_p shifted by delta_p (laws/thornton.c says where that is exact).
 *   Each spring has its own displacement u(x) (m, local y and z): it sticks (u += v dt) unless
 *   8 G* |u| > mu 2 E* (delta - x^2/R) |Fn|/|Fe| (then u is returned to that circle: local
 *   Coulomb; the factor |Fn|/|Fe| makes the total limit mu |Fn|, Fn the normal force the law's
 *   Coulomb limit takes, Fe < 0 the profile's elastic force), and a spring is released (u = 0)
 *   when the contact shrinks below it; it enters again with u = 0.  Ft = 8 G* int u dx.  In the
 *   no-slip limit this is the superposition Ft = sum_i 8 G* min(a_i_eff, a) dxi_i, a_i_eff the
 *   least contact radius since increment i.  In 2-D (the direction of slip turning) the circle
 *   return of each spring is an extension of the MDR, exact only for unidirectional loading: an
 *   approximation.
 *   Discretisation: at most `cap` cells [x_{k-1}, x_k] (x_{-1} = 0), LT_MD_PER_CELL values each
 *   (x_k m, u_ky, u_kz m; in three arrays, below), n cells in use.  No cells until the first
 *   tangential motion (u = 0 everywhere), then a uniform row over the previous contact radius
 *   sqrt(R_prev delta_prev); a cell wholly beyond a is released, the one across a cut at a (its u
 *   kept: the released part takes its share), the annulus the contact grew into appended with u = 0
 *   and half the step's increment (it entered midway on average: second order in dt), two
 *   neighbours merged
 *   (force-preserving) when the row is full; a full row whose outermost cell is thin (with the
 *   annulus at most LT_MD_FOLD_SHARE of the mean cell a/cap) takes the annulus into that cell
 *   instead, force-preserving (the cell carries L_o u_o + L_a (-d/2) before the step's increment
 *   d).  A cell's limit is mu 2 E* (F(x_k) - F(x_{k-1})) |Fn|/|Fe|, F(x) = x (delta - x^2/(3 R))
 *   (the limits sum to mu |Fn| exactly).  Accuracy measured in laws/hertz_mindlin.c's theory block.
 * Energies of a step (J): elast = sum_k |8 G* L_k u_k|^2/(2 * 8 G* L_k) (the springs' energy,
 *   L_k the cell's length in contact); plast += per cell (F_s + F).(trial - F)/(2 k_c),
 *   k_c = 8 G* L_k, F_s the cell's force before the step's increment.  What the released cells
 *   and the merges lose is left to the caller's kvar (work - d(elast) - plast).
 * References: R. D. Mindlin (1949), J. Appl. Mech. 16:259; R. D. Mindlin, H. Deresiewicz (1953),
 *   J. Appl. Mech. 20:327; [Popov & Hess 2015]; [Popov & Hess 2014]; C. Thornton, S. J. Cummins,
 *   P. W. Cleary (2011); P. A. Cundall, O. D. L. Strack (1979); docs/references.md.
 */
#ifndef LT_KIT_TANGENTIAL_H
#define LT_KIT_TANGENTIAL_H
#include "coulomb.h"
#include "params.h"
#include "slip_work.h"

/* A full row folds the annulus the contact grew into into its outermost cell (force-preserving)
 * while that cell with the annulus is at most this share of the row's mean cell length a / cap;
 * a longer one gets the annulus as a new cell after the merge of the row's best pair.  A quarter:
 * the verify rows' errors against their closed forms stay those of the merge on every step
 * (md-stick-alumina-glass 1.9e-6 -> 2.5e-6, 0.5 gives 3.2e-6, 1 gives 6.6e-6, 2 fails
 * md-cycle-partial at 2.1e-4), and a growing contact merges once every ~cap/4 steps' worth of
 * growth of a quarter cell instead of on every step (docs/performance.md, "Third round"). */
#define LT_MD_FOLD_SHARE 0.25

/* values per cell: outer edge x (m), displacements uy, uz (m).  The row is three arrays of
 * LT_MD_MAX_CELLS values (structure of arrays, for the vector lanes): x_k = cell[k],
 * uy_k = cell[LT_MD_MAX_CELLS + k], uz_k = cell[2 LT_MD_MAX_CELLS + k], whatever `cap` is. */
#define LT_MD_PER_CELL 3
/* the most cells a law keeps (its state array; mdCells at most this): LT_MD_MAX_CELLS of
 * laws/kit/params.h */

/* The tangential force of a step and its energies (N, J). */
typedef struct lt_tangential {
    double fy, fz, elast, plast;
    int slip; /* 1: the force was returned to the Coulomb surface (md: every cell sliding) */
} lt_tangential;

/* ---- the spring rules: incremental and rescale ------------------------------------------- */

/* The inputs of a step of the spring (SI). */
typedef struct lt_spring_in {
    double fy0, fz0; /* N: the spring's force at the previous state (0 on a contact's first step) */
    double kt, kt0;  /* N/m: the stiffness now and at the previous state */
    int rescale;     /* 1: scale the history by kt/kt0 first (rescale, unloading; kt0 > 0 only) */
    double vy, vz;   /* m/s: the tangential velocity of the step */
    double dt;       /* s: the step (the increment is kt vy dt, in that order) */
    double lim;      /* N: the Coulomb limit tan(phi) Fc */
    int slips;       /* 0: no Coulomb limit (noSlip) */
    int formula;     /* LT_SLIP_*: the slip work (LT_SLIP_TRAPEZOID unless the law offers others) */
    double lim0;     /* N: the previous state's limit (LT_SLIP_PATH only) */
} lt_spring_in;

/* One step of the spring: its force and energies; fd (N; {0, 0} without a dashpot) is the
 * dashpot's trial force, scaled with the spring when the whole force is returned. */
static inline lt_tangential lt_tangential_spring(const lt_spring_in *in, double fd[2])
{
    double kt = in->kt, fsy = in->fy0, fsz = in->fz0;
    if (in->rescale && in->kt0 > 0) {
        fsy *= kt / in->kt0;
        fsz *= kt / in->kt0;
    }
    double ty = fsy + kt * in->vy * in->dt, tz = fsz + kt * in->vz * in->dt, q;
    lt_tangential t = {.fy = ty, .fz = tz, .elast = 0, .plast = 0, .slip = 0};
    /* (+ 0 without a dashpot: hypot ignores the sign of a zero, so the same bits as without) */
    if (in->slips && lt_coulomb_return(ty + fd[0], tz + fd[1], in->lim, &q)) {
        t.fy *= q, t.fz *= q;
        fd[0] *= q, fd[1] *= q;
        t.slip = 1;
        if (kt > 0)
            t.plast = lt_slip_work_of(in->formula, kt, in->lim0, fsy, fsz, ty, tz, t.fy, t.fz);
    }
    if (kt > 0) t.elast = (t.fy * t.fy + t.fz * t.fz) / (2 * kt);
    return t;
}

/* ---- the md row ---------------------------------------------------------------------------- */

/* The row's inputs of a step, in SI units. */
typedef struct lt_md_in {
    double rstar, delta;      /* m: the profile g(x) = x^2/rstar and its elastic overlap */
    double rprev, delta_prev; /* m: the same of the previous state (the first row's extent) */
    double K;                 /* N/m^1.5: (4/3) E* sqrt(rstar), the profile's Hertz constant */
    double gstar;             /* Pa: G* */
    double tanphi;            /* -: friction coefficient */
    double fn_abs, fe; /* N: the normal force the Coulomb limit takes; the profile's force (< 0) */
    double dy, dz;     /* m: the tangential displacement of the step, local y and z */
    int cap;           /* the most cells (2 or more) */
    int slips;         /* 0: no Coulomb limit (noSlip) */
    int fresh;         /* 1: the contact's first step (no history) */
} lt_md_in;

/* A full row: merge two neighbours (force-preserving: the merged cell carries L1 u1 + L2 u2).
 * The pair whose union is shortest, each union's length weighted by 1 + 16 |u1 - u2|/(|u1| +
 * |u2|) (L1 norms) so that cells of different displacement stay apart: the cells stay about
 * equally long where the history is uniform (a loop after normal loading), and the no-slip
 * impact's error at 160 cells fell from 1.7e-4 (length alone) to 6e-5. */
int lt_md_merge(double *cell, int n);

/* md: the method of dimensionality reduction (see the theory block).  Cells k = 0..n-1 cover
 * [x_{k-1}, x_k] (x_{-1} = 0), each with one tangential displacement u_k (m); a cell beyond the
 * contact radius a is released, the cell across it cut at a, the annulus the contact grew into
 * appended with u = 0; then every cell sticks (u += v dt) or slides on its own Coulomb limit.
 * cell: the row (cap cells); md_n: the state value holding the number of cells in use. */
lt_tangential lt_md_step(const lt_md_in *in, double *cell, double *md_n);

/* md with a dashpot: after lt_md_step (each cell on its own limit), spring + dashpot returned
 * onto the Coulomb circle lim (N) by one factor q for all n cells of the row and the dashpot fd
 * (N).  Slip booked as for one spring from the cell's start s and trial t to its end q u (u:
 * md_step's), sum of 8 G* L (s + q u).(t - q u)/2 = md_step's plast + (1 - q^2) E - (1 - q) F.v
 * dt/2 (E, F: md_step's energy and force, v = (vy, vz) the tangential velocity, m/s, dt the step,
 * s; the cell entering this step takes half the increment, which this counts whole: a
 * second-order term, in the law's kvar), so kvar stays md_step's. */
static inline void lt_md_whole_return(double *cell, int n, double lim, double vy, double vz,
                                      double dt, lt_tangential *t, double fd[2])
{
    double q;
    if (!lt_coulomb_return(t->fy + fd[0], t->fz + fd[1], lim, &q)) return;
    for (int k = 0; k < n; k++) cell[LT_MD_MAX_CELLS + k] *= q, cell[2 * LT_MD_MAX_CELLS + k] *= q;
    t->plast += (1 - q * q) * t->elast - 0.5 * (1 - q) * (t->fy * vy + t->fz * vz) * dt;
    t->elast *= q * q;
    t->fy *= q, t->fz *= q, fd[0] *= q, fd[1] *= q;
    t->slip = 1;
}

/* The pass over cells [from, to) of a row: each sticks (u += (dy, dz), m) or slides on its
 * Coulomb limit lim (F(x_k) - F(x_{k-1})) (N), F(x) = x (delta - x^2 third) (third = 1/(3 R), 1/m),
 * stiffness g8 (x_k - x_{k-1}) (g8 = 8 G*, Pa; no slip when slips is 0); the cells' forces (N) and
 * energies (J) are summed in eight partial sums, cell k in partial (k - from) mod 8, which are
 * added as ((p0 + p1) + (p2 + p3)) + ((p4 + p5) + (p6 + p7)) to *sum (plast: this step's slip
 * dissipation; elast: the springs' energy): the same bits on every vector path, within round-off of
 * the sum in cell order. Returns how many slid.  Exposed for tests/test_fastpath.c, which checks
 * its vector code against the one-cell loop. */
typedef struct lt_md_sums {
    double fy, fz, elast, plast;
} lt_md_sums;
int lt_md_cells(double *cell, int from, int to, double dy, double dz, double g8, double delta,
                double third, double lim, int slips, lt_md_sums *sum);
/* lt_md_cells with cell `half` (from <= half < to; -1: none) taking half the increment (0.5 dy,
 * 0.5 dz): the annulus the contact grew into during the step, in the same pass as the others. */
int lt_md_cells_half(double *cell, int from, int to, int half, double dy, double dz, double g8,
                     double delta, double third, double lim, int slips, lt_md_sums *sum);
/* Which vector code lt_md_cells may use (for tests; default all, each where the processor has it;
 * none: one cell at a time); returns the previous setting. */
#define LT_MD_SSE2 1u
#define LT_MD_AVX 2u
#define LT_MD_AVX512 4u
unsigned lt_md_paths(unsigned paths);

/* State names of a row of 160 cells in its order: "md_x0" ... "md_x159", "md_uy0" ... "md_uy159",
 * "md_uz0" ... "md_uz159", as initialisers of a name array (the law's LT_MD_STATE_NAMES_160 after
 * its own names). */
#define LT_MD_NAME(p, i) p #i,
/* the lists of macro expansions, ten names a line (laid out by hand) */
/* clang-format off */
#define LT_MD_NAMES_TEN(p, d) \
    LT_MD_NAME(p, d##0) LT_MD_NAME(p, d##1) LT_MD_NAME(p, d##2) LT_MD_NAME(p, d##3) \
    LT_MD_NAME(p, d##4) LT_MD_NAME(p, d##5) LT_MD_NAME(p, d##6) LT_MD_NAME(p, d##7) \
    LT_MD_NAME(p, d##8) LT_MD_NAME(p, d##9)
#define LT_MD_NAMES_160(p) \
    LT_MD_NAME(p, 0) LT_MD_NAME(p, 1) LT_MD_NAME(p, 2) LT_MD_NAME(p, 3) LT_MD_NAME(p, 4) \
    LT_MD_NAME(p, 5) LT_MD_NAME(p, 6) LT_MD_NAME(p, 7) LT_MD_NAME(p, 8) LT_MD_NAME(p, 9) \
    LT_MD_NAMES_TEN(p, 1) \
    LT_MD_NAMES_TEN(p, 2) \
    LT_MD_NAMES_TEN(p, 3) \
    LT_MD_NAMES_TEN(p, 4) \
    LT_MD_NAMES_TEN(p, 5) \
    LT_MD_NAMES_TEN(p, 6) \
    LT_MD_NAMES_TEN(p, 7) \
    LT_MD_NAMES_TEN(p, 8) \
    LT_MD_NAMES_TEN(p, 9) \
    LT_MD_NAMES_TEN(p, 10) \
    LT_MD_NAMES_TEN(p, 11) \
    LT_MD_NAMES_TEN(p, 12) \
    LT_MD_NAMES_TEN(p, 13) \
    LT_MD_NAMES_TEN(p, 14) \
    LT_MD_NAMES_TEN(p, 15)
/* clang-format on */
#define LT_MD_STATE_NAMES_160 \
    LT_MD_NAMES_160("md_x") LT_MD_NAMES_160("md_uy") LT_MD_NAMES_160("md_uz")

#endif
