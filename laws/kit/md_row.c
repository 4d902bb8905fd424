/* laws/kit/md_row.c - the `md` tangential rule's row of cells (laws/kit/tangential.h): its step,
 * its merge of two neighbours when the row is full, and the cells' pass, four (AVX) or two (SSE2)
 * cells at a time in vector lanes with the one-cell code's operations and the sums in eight partial
 * sums of the same order on every path, so that every path gives the same bits
 * (tests/test_fastpath.c); eight cells at a time with AVX-512F where the processor has it.  Shared
 * by `hertz_mindlin` and `thornton`; the theory (the method of dimensionality reduction, SI units)
 * is in laws/kit/tangential.h and laws/hertz_mindlin.c's theory block.  No law descriptor here. */
#include "tangential.h"
#include <math.h>
#include <stddef.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* Pair k (cells k and k + 1) in the merge's scan: its weighted length if its plain length does
 * not already exceed *shortest, and the best pair so far updated (the first of equals, inward). */
static inline void md_merge_pair(const double *cell, int k, double *shortest, int *best)
{
    const double *x = cell, *uy = cell + LT_MD_MAX_CELLS, *uz = cell + 2 * LT_MD_MAX_CELLS;
    double len = x[k + 1] - (k ? x[k - 1] : 0);
    if (len > *shortest && len >= 0) return;
    double du = fabs(uy[k + 1] - uy[k]) + fabs(uz[k + 1] - uz[k]);
    double um = fabs(uy[k]) + fabs(uz[k]) + fabs(uy[k + 1]) + fabs(uz[k + 1]);
    if (um > 0) len *= 1 + 16 * du / um;
    if (len <= *shortest) *shortest = len, *best = k;
}

/* A full row: merge two neighbours (force-preserving: the merged cell carries L1 u1 + L2 u2).
 * The pair whose union is shortest, each union's length weighted by 1 + 16 |u1 - u2|/(|u1| +
 * |u2|) (L1 norms) so that cells of different displacement stay apart: the cells stay about
 * equally long where the history is uniform (a loop after normal loading), and the no-slip
 * impact's error at 160 cells fell from 1.7e-4 (length alone) to 6e-5. */
int lt_md_merge(double *cell, int n)
{
    /* The pair of least weighted length, the first of equals.  The weight is at least 1 (du, um
     * >= 0), so a pair's weighted length is never below its plain length (a product with a
     * factor >= 1 rounds to at least the other factor): a pair whose plain length already
     * exceeds the least weighted length found so far cannot be the pair, and its weight (a
     * division) is not computed.  The scan runs from the outer edge in, where the cells the
     * contact grew into lie, short, so that the bound is low early; it keeps the first of
     * equals (<=, inward), and pair 0 when no weighted length is below infinity, as the
     * outward scan with < did.  With SSE2 the plain lengths of four pairs are tested at once
     * against the bound at the group's start: a pair they pass over would be passed over by the
     * scalar test too (the bound only falls), and a group where some pair is not passed over
     * goes through the scalar test pair by pair, in order, so the pair chosen is the scalar
     * scan's always. */
    int best = 0, k = n - 2;
    double shortest = INFINITY;
#if defined(__SSE2__)
    const double *x = cell;
    for (; k - 3 >= 1; k -= 4) {
        __m128d sh = _mm_set1_pd(shortest), zero = _mm_setzero_pd();
        /* pairs k, k-1: x_{k+1} - x_{k-1}, x_k - x_{k-2}; pairs k-2, k-3: x_{k-1} - x_{k-3},
         * x_{k-2} - x_{k-4} */
        __m128d a = _mm_loadu_pd(x + k), b = _mm_loadu_pd(x + k - 2), c = _mm_loadu_pd(x + k - 4);
        __m128d l1 = _mm_sub_pd(a, b), l2 = _mm_sub_pd(b, c);
        __m128d skip1 = _mm_and_pd(_mm_cmpgt_pd(l1, sh), _mm_cmpge_pd(l1, zero));
        __m128d skip2 = _mm_and_pd(_mm_cmpgt_pd(l2, sh), _mm_cmpge_pd(l2, zero));
        if (_mm_movemask_pd(_mm_and_pd(skip1, skip2)) == 3) continue;
        for (int j = k; j > k - 4; j--) md_merge_pair(cell, j, &shortest, &best);
    }
#endif
    for (; k >= 0; k--) md_merge_pair(cell, k, &shortest, &best);
    if (!(shortest < INFINITY)) best = 0;
    double *xs = cell, *uy = cell + LT_MD_MAX_CELLS, *uz = cell + 2 * LT_MD_MAX_CELLS;
    double lo = best ? xs[best - 1] : 0, la = xs[best] - lo, lb = xs[best + 1] - xs[best],
           l = la + lb;
    if (l > 0) {
        uy[best] = (la * uy[best] + lb * uy[best + 1]) / l;
        uz[best] = (la * uz[best] + lb * uz[best + 1]) / l;
    }
    xs[best] = xs[best + 1];
    size_t moved = (size_t)(n - best - 2) * sizeof *cell;
    memmove(xs + best + 1, xs + best + 2, moved);
    memmove(uy + best + 1, uy + best + 2, moved);
    memmove(uz + best + 1, uz + best + 2, moved);
    return n - 1;
}

/* The four sums of a pass run in eight partial sums each, cell k of a pass from cell `from` in
 * partial (k - from) mod 8, and the partials are added as ((p0 + p1) + (p2 + p3)) + ((p4 + p5) +
 * (p6 + p7)) at the pass's end: the cells' work is then eight independent chains of additions
 * (one a lane of a vector) instead of one chain through every cell, and the order of the
 * additions is the same on every path (one cell at a time, two, four, eight), so every path
 * gives the same bits.  Against the sum in cell order it differs by round-off only: each partial
 * sum and the cell-order sum are within n eps sum|terms| of the exact sum (tests/test_fastpath.c
 * checks it). */
enum { MD_FY, MD_FZ, MD_PL, MD_EL, MD_SUMS };
#define MD_LANES 8

typedef struct md_row {
    double *cell;
    int k, from, to, slid;
    int half; /* the cell that takes half the step's increment (the entering annulus), or -1 */
    double lo, flo;                 /* x_{k-1}, F(x_{k-1}) */
    double part[MD_SUMS][MD_LANES]; /* the partial sums (N, N, J, J) */
} md_row;

/* Cell k of the row sticks (u += (dy, dz)) or slides on its Coulomb limit (lo, flo: x_{k-1} and
 * F(x_{k-1}); *fhi gets F(x_k)); its force and energies are added to partial j of the sums.  1 if
 * it slid.  Its limit is max(lim (F(x_k) - F(x_{k-1})), 0) (as fmax: a NaN gives 0), its test
 * |kc t| against it squared, its return a factor on t (1 for a sticking cell: u * 1 is u, bit for
 * bit). */
static inline int md_cell(double *cell, int k, double lo, double flo, double *fhi_out, double dy,
                          double dz, double g8, double delta, double third, double lim, int slips,
                          double part[MD_SUMS][MD_LANES], int j)
{
    double *uyk = cell + LT_MD_MAX_CELLS + k, *uzk = uyk + LT_MD_MAX_CELLS;
    double hi = cell[k], kc = g8 * (hi - lo);
    double sy = *uyk, sz = *uzk, ty = sy + dy, tz = sz + dz;
    double fhi = hi * (delta - hi * hi * third);
    double lc = lim * (fhi - flo), fmax_cell = lc > 0 ? lc : 0, t2 = ty * ty + tz * tz; /* N */
    int slide = slips && kc * kc * t2 > fmax_cell * fmax_cell; /* t2 > 0 then */
    double scale = slide ? fmax_cell / (kc * sqrt(t2)) : 1;
    double uy = ty * scale, uz = tz * scale, half = 0.5 * kc;
    /* a sticking cell: u = t, |u|^2 = t2 bit for bit, and no slip work (+-0, which leaves a sum
     * as it is) */
    if (slide) part[MD_PL][j] += half * ((sy + uy) * (ty - uy) + (sz + uz) * (tz - uz));
    part[MD_EL][j] += half * (slide ? uy * uy + uz * uz : t2);
    part[MD_FY][j] += kc * uy, part[MD_FZ][j] += kc * uz;
    *uyk = uy, *uzk = uz;
    *fhi_out = fhi;
    return slide;
}

/* Cells [from, to) of the row over a step (md_cell each) into the partial sums; returns how many
 * slid.  A cell's work needs only its own edges and u, so several cells are done at once in the
 * lanes of a vector (SSE2: two; AVX, where the processor has it: four), with the same operations
 * in the same order as md_cell: each lane rounds as the scalar code does (no fused or reordered
 * arithmetic; the slide taken by a mask instead of a branch, a sticking lane's return factor 1,
 * and the square root and division, which hold the divider for tens of cycles, skipped where no
 * lane slides: t * 1 is t), and adds into its own partial sums, so that the result is md_cell's
 * over the row, bit for bit, whatever the vector width (tests/test_fastpath.c checks every path
 * against the one-cell loop). */
#if defined(__SSE2__)
static const unsigned char md_bits4[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};

/* Cells k and k + 1 (SSE2) into the partial sums of lanes j, j + 1 (j = 0 or 2); returns the
 * slide mask. */
static inline int md_pair_sse2(md_row *r, int k, int j, double *lo, double *flo, __m128d vdy,
                               __m128d vdz, __m128d vg8, __m128d vdelta, __m128d vthird,
                               __m128d vlim, __m128d slipmask)
{
    double *x = r->cell + k, *py = x + LT_MD_MAX_CELLS,
           *pz = py + LT_MD_MAX_CELLS; /* cells k, k + 1 */
    __m128d hi = _mm_loadu_pd(x), vlo = _mm_set_pd(x[0], *lo);
    __m128d sy = _mm_loadu_pd(py), sz = _mm_loadu_pd(pz);
    __m128d kc = _mm_mul_pd(vg8, _mm_sub_pd(hi, vlo));
    __m128d ty = _mm_add_pd(sy, vdy), tz = _mm_add_pd(sz, vdz);
    __m128d fhi = _mm_mul_pd(hi, _mm_sub_pd(vdelta, _mm_mul_pd(_mm_mul_pd(hi, hi), vthird)));
    __m128d lc = _mm_mul_pd(vlim, _mm_sub_pd(fhi, _mm_unpacklo_pd(_mm_set_sd(*flo), fhi)));
    __m128d fmx = _mm_and_pd(lc, _mm_cmpgt_pd(lc, _mm_setzero_pd()));
    __m128d t2 = _mm_add_pd(_mm_mul_pd(ty, ty), _mm_mul_pd(tz, tz));
    __m128d slide = _mm_and_pd(
        slipmask, _mm_cmpgt_pd(_mm_mul_pd(_mm_mul_pd(kc, kc), t2), _mm_mul_pd(fmx, fmx)));
    int slides = _mm_movemask_pd(slide);
    __m128d uy = ty, uz = tz, half = _mm_mul_pd(_mm_set1_pd(0.5), kc); /* t * 1 is t */
    __m128d u2 = t2;                                                   /* as the AVX code */
    double *p = &r->part[0][j];
    if (slides) {
        __m128d ret = _mm_div_pd(fmx, _mm_mul_pd(kc, _mm_sqrt_pd(t2)));
        __m128d scale = _mm_or_pd(_mm_and_pd(slide, ret), _mm_andnot_pd(slide, _mm_set1_pd(1)));
        uy = _mm_mul_pd(ty, scale), uz = _mm_mul_pd(tz, scale);
        u2 = _mm_add_pd(_mm_mul_pd(uy, uy), _mm_mul_pd(uz, uz));
        __m128d pl =
            _mm_mul_pd(half, _mm_add_pd(_mm_mul_pd(_mm_add_pd(sy, uy), _mm_sub_pd(ty, uy)),
                                        _mm_mul_pd(_mm_add_pd(sz, uz), _mm_sub_pd(tz, uz))));
        _mm_storeu_pd(p + MD_PL * MD_LANES, _mm_add_pd(_mm_loadu_pd(p + MD_PL * MD_LANES), pl));
    }
    __m128d el = _mm_mul_pd(half, u2);
    _mm_storeu_pd(p + MD_FY * MD_LANES,
                  _mm_add_pd(_mm_loadu_pd(p + MD_FY * MD_LANES), _mm_mul_pd(kc, uy)));
    _mm_storeu_pd(p + MD_FZ * MD_LANES,
                  _mm_add_pd(_mm_loadu_pd(p + MD_FZ * MD_LANES), _mm_mul_pd(kc, uz)));
    _mm_storeu_pd(p + MD_EL * MD_LANES, _mm_add_pd(_mm_loadu_pd(p + MD_EL * MD_LANES), el));
    _mm_storeu_pd(py, uy);
    _mm_storeu_pd(pz, uz);
    *lo = x[1];
    *flo = _mm_cvtsd_f64(_mm_unpackhi_pd(fhi, fhi));
    return slides;
}

/* Two cells at a time from r->k while two remain (SSE2). */
static void md_cells_sse2(md_row *r, double dy, double dz, double g8, double delta, double third,
                          double lim, int slips)
{
    const __m128d vdy = _mm_set1_pd(dy), vdz = _mm_set1_pd(dz), vg8 = _mm_set1_pd(g8),
                  vdelta = _mm_set1_pd(delta);
    const __m128d vthird = _mm_set1_pd(third), vlim = _mm_set1_pd(lim);
    const __m128d slipmask = _mm_castsi128_pd(_mm_set1_epi64x(slips ? -1 : 0));
    double lo = r->lo, flo = r->flo;
    int k = r->k, slid = 0;
    for (; k + 2 <= r->to; k += 2) {
        __m128d ddy = vdy, ddz = vdz;
        if ((unsigned)(r->half - k) < 2u) { /* the entering cell: half the increment in its lane */
            double hy[2] = {dy, dy}, hz[2] = {dz, dz};
            hy[r->half - k] = 0.5 * dy, hz[r->half - k] = 0.5 * dz;
            ddy = _mm_loadu_pd(hy), ddz = _mm_loadu_pd(hz);
        }
        slid += md_bits4[md_pair_sse2(r, k, (k - r->from) & 7, &lo, &flo, ddy, ddz, vg8, vdelta,
                                      vthird, vlim, slipmask)];
    }
    r->lo = lo, r->flo = flo, r->k = k, r->slid += slid;
}

#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#define MD_AVX 1
#include <immintrin.h>
/* Four cells from e (AVX; no FMA: the products round as the scalar code's) added into the
 * partial sums s[4] (fy, fz, plast, elast of four lanes); *px, *pf: lane 3 holds x_{k-1} and
 * F(x_{k-1}) on entry, this group's on return.  The row's x, uy, uz of four cells are three
 * 32-byte loads, shuffled into one vector each and back.  Returns the slide mask. */
#define MD_AVX_CONSTS                                                                    \
    __m256d vdy, __m256d vdz, __m256d vg8, __m256d vdelta, __m256d vthird, __m256d vlim, \
        __m256d slipmask
__attribute__((target("avx"), always_inline)) static inline int
md_group_avx(double *x, __m256d *px, __m256d *pf, __m256d s[4], MD_AVX_CONSTS)
{
    double *py = x + LT_MD_MAX_CELLS, *pz = py + LT_MD_MAX_CELLS;
    __m256d hi = _mm256_loadu_pd(x), sy = _mm256_loadu_pd(py), sz = _mm256_loadu_pd(pz);
    /* x_{k-1} .. x_{k+2} */
    __m256d vlo = _mm256_shuffle_pd(_mm256_permute2f128_pd(*px, hi, 0x21), hi, 0x5);
    __m256d kc = _mm256_mul_pd(vg8, _mm256_sub_pd(hi, vlo));
    __m256d ty = _mm256_add_pd(sy, vdy), tz = _mm256_add_pd(sz, vdz);
    __m256d fhi =
        _mm256_mul_pd(hi, _mm256_sub_pd(vdelta, _mm256_mul_pd(_mm256_mul_pd(hi, hi), vthird)));
    __m256d flo = _mm256_shuffle_pd(_mm256_permute2f128_pd(*pf, fhi, 0x21), fhi, 0x5);
    __m256d lc = _mm256_mul_pd(vlim, _mm256_sub_pd(fhi, flo));
    __m256d fmx = _mm256_and_pd(lc, _mm256_cmp_pd(lc, _mm256_setzero_pd(), _CMP_GT_OQ));
    __m256d t2 = _mm256_add_pd(_mm256_mul_pd(ty, ty), _mm256_mul_pd(tz, tz));
    __m256d slide = _mm256_and_pd(slipmask, _mm256_cmp_pd(_mm256_mul_pd(_mm256_mul_pd(kc, kc), t2),
                                                          _mm256_mul_pd(fmx, fmx), _CMP_GT_OQ));
    int slides = _mm256_movemask_pd(slide);
    __m256d uy = ty, uz = tz, half = _mm256_mul_pd(_mm256_set1_pd(0.5), kc); /* t * 1 is t */
    __m256d u2 = t2; /* uy^2 + uz^2 of sticking cells: t's, bit for bit */
    /* the square root and the division only where a lane slides: they hold the divider */
    if (slides) {
        __m256d ret = _mm256_div_pd(fmx, _mm256_mul_pd(kc, _mm256_sqrt_pd(t2)));
        /* the factor by masks (gcc turns a blendv with a constant into a branch per lane) */
        __m256d scale =
            _mm256_or_pd(_mm256_and_pd(slide, ret), _mm256_andnot_pd(slide, _mm256_set1_pd(1)));
        uy = _mm256_mul_pd(ty, scale), uz = _mm256_mul_pd(tz, scale);
        u2 = _mm256_add_pd(_mm256_mul_pd(uy, uy), _mm256_mul_pd(uz, uz));
        /* the slip work; a sticking lane's is +-0 (t - u = 0), which leaves a sum as it is */
        s[2] = _mm256_add_pd(
            s[2],
            _mm256_mul_pd(
                half, _mm256_add_pd(_mm256_mul_pd(_mm256_add_pd(sy, uy), _mm256_sub_pd(ty, uy)),
                                    _mm256_mul_pd(_mm256_add_pd(sz, uz), _mm256_sub_pd(tz, uz)))));
    }
    s[3] = _mm256_add_pd(s[3], _mm256_mul_pd(half, u2));
    s[0] = _mm256_add_pd(s[0], _mm256_mul_pd(kc, uy));
    s[1] = _mm256_add_pd(s[1], _mm256_mul_pd(kc, uz));
    /* back: x unchanged, u returned */
    _mm256_storeu_pd(py, uy);
    _mm256_storeu_pd(pz, uz);
    *px = hi, *pf = fhi;
    return slides;
}

/* Four cells at a time from r->k = r->from while four remain (AVX), groups alternating between
 * partial sums 0-3 and 4-7 (lane j of group g: cell from + 4 g + j, partial (4 g + j) mod 8). */
__attribute__((target("avx"))) static void md_cells_avx(md_row *r, double dy, double dz, double g8,
                                                        double delta, double third, double lim,
                                                        int slips)
{
    const __m256d vdy = _mm256_set1_pd(dy), vdz = _mm256_set1_pd(dz), vg8 = _mm256_set1_pd(g8);
    const __m256d vdelta = _mm256_set1_pd(delta), vthird = _mm256_set1_pd(third),
                  vlim = _mm256_set1_pd(lim);
    const __m256d slipmask = _mm256_castsi256_pd(_mm256_set1_epi64x(slips ? -1 : 0));
    __m256d s0[4], s1[4];
    for (int q = 0; q < MD_SUMS; q++)
        s0[q] = _mm256_loadu_pd(r->part[q]), s1[q] = _mm256_loadu_pd(r->part[q] + 4);
    __m256d px = _mm256_set_pd(r->lo, 0, 0, 0),
            pf = _mm256_set_pd(r->flo, 0, 0, 0); /* lane 3: x_{k-1}, F */
    int k = r->k, to = r->to, slid = 0;
    double *cell = r->cell;
    /* the entering cell's group takes these increments: half in its lane (h: its lane from k) */
    double hy[8] = {dy, dy, dy, dy, dy, dy, dy, dy}, hz[8] = {dz, dz, dz, dz, dz, dz, dz, dz};
    int h = r->half - k;
    if (h >= 0) hy[h & 7] = 0.5 * dy, hz[h & 7] = 0.5 * dz; /* read only when h < 8 below */
    for (; k + 8 <= to; k += 8, h -= 8) {
        int in = (unsigned)h < 8u;
        slid += md_bits4[md_group_avx(cell + k, &px, &pf, s0, in ? _mm256_loadu_pd(hy) : vdy,
                                      in ? _mm256_loadu_pd(hz) : vdz, vg8, vdelta, vthird, vlim,
                                      slipmask)];
        slid += md_bits4[md_group_avx(
            cell + k + 4, &px, &pf, s1, in ? _mm256_loadu_pd(hy + 4) : vdy,
            in ? _mm256_loadu_pd(hz + 4) : vdz, vg8, vdelta, vthird, vlim, slipmask)];
    }
    if (k + 4 <= to) {
        int in = (unsigned)h < 4u;
        slid += md_bits4[md_group_avx(cell + k, &px, &pf, s0, in ? _mm256_loadu_pd(hy) : vdy,
                                      in ? _mm256_loadu_pd(hz) : vdz, vg8, vdelta, vthird, vlim,
                                      slipmask)];
        k += 4;
    }
    for (int q = 0; q < MD_SUMS; q++)
        _mm256_storeu_pd(r->part[q], s0[q]), _mm256_storeu_pd(r->part[q] + 4, s1[q]);
    double last[4];
    _mm256_storeu_pd(last, px);
    r->lo = last[3];
    _mm256_storeu_pd(last, pf);
    r->flo = last[3];
    r->k = k, r->slid += slid;
}

/* Cells [r->k = r->from, r->to) eight at a time (AVX-512F, where the processor has it; no FMA),
 * lane j into partial j, the last group masked to the cells left: the same operations as
 * md_group_avx.  The row's x,
 * uy, uz of eight cells are three 64-byte loads; each quantity is gathered from them by two
 * two-source permutes (element 3 j + q of the 24) and put back by two. */
#define MD_AVX512 1
__attribute__((target("avx512f"))) static void md_cells_avx512(md_row *r, double dy, double dz,
                                                               double g8, double delta,
                                                               double third, double lim, int slips)
{
    const __m512d vdy = _mm512_set1_pd(dy), vdz = _mm512_set1_pd(dz), vg8 = _mm512_set1_pd(g8);
    const __m512d vdelta = _mm512_set1_pd(delta), vthird = _mm512_set1_pd(third),
                  vlim = _mm512_set1_pd(lim);
    const __m512d zero = _mm512_setzero_pd(), one = _mm512_set1_pd(1), halfc = _mm512_set1_pd(0.5);
    const __mmask8 slipmask = slips ? 0xFF : 0;
    /* lane 7 of the previous group, then lanes 0-6 */
    const __m512i shift = _mm512_set_epi64(6, 5, 4, 3, 2, 1, 0, 15);
    __m512d sfy = _mm512_loadu_pd(r->part[MD_FY]), sfz = _mm512_loadu_pd(r->part[MD_FZ]);
    __m512d spl = _mm512_loadu_pd(r->part[MD_PL]), sel = _mm512_loadu_pd(r->part[MD_EL]);
    __m512d px = _mm512_set1_pd(r->lo),
            pf = _mm512_set1_pd(r->flo); /* lane 7: x_{k-1}, F(x_{k-1}) */
    int k = r->k, to = r->to, slid = 0;
    double *cell = r->cell;
    for (; k < to; k += 8) {
        /* the last group may be short: its missing lanes load zeros, add nothing and store nothing
         * */
        int n8 = to - k < 8 ? to - k : 8;
        __mmask8 lanes = (__mmask8)((1u << n8) - 1);
        double *x = cell + k, *py = x + LT_MD_MAX_CELLS, *pz = py + LT_MD_MAX_CELLS;
        __m512d hi = _mm512_maskz_loadu_pd(lanes, x), sy = _mm512_maskz_loadu_pd(lanes, py),
                sz = _mm512_maskz_loadu_pd(lanes, pz);
        __m512d vlo = _mm512_permutex2var_pd(hi, shift, px);
        __m512d kc = _mm512_mul_pd(vg8, _mm512_sub_pd(hi, vlo));
        __m512d ddy = vdy, ddz = vdz;
        if ((unsigned)(r->half - k) < 8u) { /* the entering cell: half the increment in its lane */
            __mmask8 hl = (__mmask8)(1u << (r->half - k));
            ddy = _mm512_mask_mov_pd(vdy, hl, _mm512_set1_pd(0.5 * dy)),
            ddz = _mm512_mask_mov_pd(vdz, hl, _mm512_set1_pd(0.5 * dz));
        }
        __m512d ty = _mm512_add_pd(sy, ddy), tz = _mm512_add_pd(sz, ddz);
        __m512d fhi =
            _mm512_mul_pd(hi, _mm512_sub_pd(vdelta, _mm512_mul_pd(_mm512_mul_pd(hi, hi), vthird)));
        __m512d flo = _mm512_permutex2var_pd(fhi, shift, pf);
        __m512d lc = _mm512_mul_pd(vlim, _mm512_sub_pd(fhi, flo));
        __m512d fmx = _mm512_maskz_mov_pd(_mm512_cmp_pd_mask(lc, zero, _CMP_GT_OQ), lc);
        __m512d t2 = _mm512_add_pd(_mm512_mul_pd(ty, ty), _mm512_mul_pd(tz, tz));
        __mmask8 slide = lanes & slipmask &
                         _mm512_cmp_pd_mask(_mm512_mul_pd(_mm512_mul_pd(kc, kc), t2),
                                            _mm512_mul_pd(fmx, fmx), _CMP_GT_OQ);
        __m512d uy = ty, uz = tz, half = _mm512_mul_pd(halfc, kc), u2 = t2;
        if (slide) {
            __m512d ret = _mm512_div_pd(fmx, _mm512_mul_pd(kc, _mm512_sqrt_pd(t2)));
            __m512d scale = _mm512_mask_blend_pd(slide, one, ret);
            uy = _mm512_mul_pd(ty, scale), uz = _mm512_mul_pd(tz, scale);
            u2 = _mm512_add_pd(_mm512_mul_pd(uy, uy), _mm512_mul_pd(uz, uz));
            spl = _mm512_mask_add_pd(
                spl, lanes, spl,
                _mm512_mul_pd(
                    half,
                    _mm512_add_pd(_mm512_mul_pd(_mm512_add_pd(sy, uy), _mm512_sub_pd(ty, uy)),
                                  _mm512_mul_pd(_mm512_add_pd(sz, uz), _mm512_sub_pd(tz, uz)))));
            slid += __builtin_popcount(slide);
        }
        sel = _mm512_mask_add_pd(sel, lanes, sel, _mm512_mul_pd(half, u2));
        sfy = _mm512_mask_add_pd(sfy, lanes, sfy, _mm512_mul_pd(kc, uy));
        sfz = _mm512_mask_add_pd(sfz, lanes, sfz, _mm512_mul_pd(kc, uz));
        _mm512_mask_storeu_pd(py, lanes, uy);
        _mm512_mask_storeu_pd(pz, lanes, uz);
        if (n8 < 8) { /* x_{k-1} and F of the last cell into lane 7, as a whole group leaves them */
            const __m512i last = _mm512_set1_epi64(n8 - 1);
            hi = _mm512_permutexvar_pd(last, hi), fhi = _mm512_permutexvar_pd(last, fhi);
            k = to - 8; /* k += 8 gives to */
        }
        px = hi, pf = fhi;
    }
    _mm512_storeu_pd(r->part[MD_FY], sfy), _mm512_storeu_pd(r->part[MD_FZ], sfz);
    _mm512_storeu_pd(r->part[MD_PL], spl), _mm512_storeu_pd(r->part[MD_EL], sel);
    double last[8];
    _mm512_storeu_pd(last, px);
    r->lo = last[7];
    _mm512_storeu_pd(last, pf);
    r->flo = last[7];
    r->k = k, r->slid += slid;
}

/* 1: the processor runs AVX-512F (and the system saves its registers), asked once */
static int md_avx512(void)
{
    static int has = -1;
    if (has < 0) {
        __builtin_cpu_init();
        has = __builtin_cpu_supports("avx512f") ? 1 : 0;
    }
    return has;
}

/* 1: the processor runs AVX (and the system saves its registers), asked once */
static int md_avx(void)
{
    static int has = -1;
    if (has < 0) {
        __builtin_cpu_init();
        has = __builtin_cpu_supports("avx") ? 1 : 0;
    }
    return has;
}
#endif
#endif

/* For tests: which vector code lt_md_cells may use (LT_HM_MD_* bits); the default is all
 * that the processor has.  Returns the previous setting. */
static unsigned md_paths = LT_MD_SSE2 | LT_MD_AVX | LT_MD_AVX512;
unsigned lt_md_paths(unsigned paths)
{
    unsigned old = md_paths;
    md_paths = paths;
    return old;
}

/* lt_md_cells with cell `half` (or none: -1) taking half the increment */
static int md_pass(double *cell, int from, int to, int half, double dy, double dz, double g8,
                   double delta, double third, double lim, int slips, lt_md_sums *sum)
{
    md_row r;
    r.cell = cell, r.k = r.from = from, r.to = to, r.slid = 0, r.half = half;
#if defined(__SSE2__) /* sixteen stores, not the rep stos gcc makes of the struct's zeroing */
    for (int q = 0; q < MD_SUMS; q++)
        for (int j = 0; j < MD_LANES; j += 2) _mm_storeu_pd(&r.part[q][j], _mm_setzero_pd());
#else
    for (int q = 0; q < MD_SUMS; q++)
        for (int j = 0; j < MD_LANES; j++) r.part[q][j] = 0;
#endif
    r.lo = from ? cell[from - 1] : 0;
    r.flo = from ? r.lo * (delta - r.lo * r.lo * third) : 0;
#if defined(__SSE2__)
    if (to > from && (md_paths & LT_MD_SSE2)) {
#if defined(MD_AVX)
        if (to - from >= 8 && (md_paths & LT_MD_AVX512) && md_avx512())
            md_cells_avx512(&r, dy, dz, g8, delta, third, lim, slips);
        if (to - r.k >= 4 && (md_paths & LT_MD_AVX) && md_avx())
            md_cells_avx(&r, dy, dz, g8, delta, third, lim, slips);
#endif
        md_cells_sse2(&r, dy, dz, g8, delta, third, lim, slips);
    }
#endif
    for (; r.k < to; r.k++) {
        double fhi;
        double ddy = r.k == half ? 0.5 * dy : dy, ddz = r.k == half ? 0.5 * dz : dz;
        r.slid += md_cell(cell, r.k, r.lo, r.flo, &fhi, ddy, ddz, g8, delta, third, lim, slips,
                          r.part, (r.k - from) & 7);
        r.lo = cell[r.k], r.flo = fhi;
    }
    double t[MD_SUMS];
    for (int q = 0; q < MD_SUMS; q++) {
        const double *v = r.part[q];
        t[q] = ((v[0] + v[1]) + (v[2] + v[3])) + ((v[4] + v[5]) + (v[6] + v[7]));
    }
    sum->fy += t[MD_FY], sum->fz += t[MD_FZ], sum->plast += t[MD_PL], sum->elast += t[MD_EL];
    return r.slid;
}

int lt_md_cells(double *cell, int from, int to, double dy, double dz, double g8, double delta,
                double third, double lim, int slips, lt_md_sums *sum)
{
    return md_pass(cell, from, to, -1, dy, dz, g8, delta, third, lim, slips, sum);
}

int lt_md_cells_half(double *cell, int from, int to, int half, double dy, double dz, double g8,
                     double delta, double third, double lim, int slips, lt_md_sums *sum)
{
    return md_pass(cell, from, to, half, dy, dz, g8, delta, third, lim, slips, sum);
}

/* md: the method of dimensionality reduction (see the theory block).  Cells k = 0..n-1 cover
 * [x_{k-1}, x_k] (x_{-1} = 0), each with one tangential displacement u_k (m); a cell beyond the
 * contact radius a is released, the cell across it cut at a, the annulus the contact grew into
 * appended with u = 0; then every cell sticks (u += v dt) or slides on its own Coulomb limit. */
lt_tangential lt_md_step(const lt_md_in *in, double *cell, double *md_n)
{
    double delta = in->delta, fn_abs = in->fn_abs, fe = in->fe;
    double rstar = in->rstar, a = sqrt(rstar * delta), g8 = 8 * in->gstar;
    double dy = in->dy, dz = in->dz;
    int n = in->fresh ? 0 : (int)*md_n, cap = in->cap;
    lt_tangential t = {0, 0, 0, 0, 0};
    if (n == 0) {
        /* no history yet (no tangential motion since the contact formed): u = 0 everywhere, so
         * the row is not kept (a normal impact costs no cells); the first motion starts from a
         * uniform row over the contact radius of the previous state, one cell left free for
         * the annulus the contact may grow into */
        *md_n = 0;
        if (dy == 0 && dz == 0) return t;
        double ap = sqrt(in->rprev * in->delta_prev);
        if (ap > 0) {
            for (int k = 0; k < cap - 1; k++)
                cell[k] = ap * (k + 1) / (cap - 1),
                cell[LT_MD_MAX_CELLS + k] = cell[2 * LT_MD_MAX_CELLS + k] = 0;
            n = cap - 1;
        }
    }
    while (n > 0 && (n > 1 ? cell[n - 2] : 0) >= a) n--;
    if (n > 0 && cell[n - 1] > a) cell[n - 1] = a;
    int entered = -1; /* the cell of the annulus the contact grew into during this step */
    double xout = n ? cell[n - 1] : 0;
    if (a > xout) {
        double xin = n > 1 ? cell[n - 2] : 0;
        if (n >= cap && a - xin <= a * LT_MD_FOLD_SHARE / cap) {
            /* a full row whose outermost cell, with the annulus, stays shorter than the row's
             * mean cell (a / cap) times LT_MD_FOLD_SHARE: the annulus is folded into that cell,
             * force-preserving, instead of being appended after a merge of the row's best pair
             * (a scan of the row on every step the contact grows).  The cell [xin, a] carries
             * Lo uo + La ua with the annulus's ua = -d/2 before the pass adds d to every cell:
             * after the pass Lo (uo + d) + La d/2, the appended annulus's half increment. */
            double *uy = cell + LT_MD_MAX_CELLS + n - 1, *uz = uy + LT_MD_MAX_CELLS;
            double lo = xout - xin, la = a - xout, l = a - xin;
            *uy = (lo * *uy - la * 0.5 * dy) / l;
            *uz = (lo * *uz - la * 0.5 * dz) / l;
            cell[n - 1] = a;
        } else {
            if (n >= cap) n = lt_md_merge(cell, n);
            entered = n;
            cell[n] = a, cell[LT_MD_MAX_CELLS + n] = cell[2 * LT_MD_MAX_CELLS + n] = 0;
            n++;
        }
    }
    /* Coulomb per unit length: mu 2 E* (delta - x^2/R*) |Fn|/|Fe|, E* = 3 K/(4 sqrt R*); a
     * cell's limit is its integral, mu 2 E* (F(x_k) - F(x_{k-1})) |Fn|/|Fe| with
     * F(x) = x (delta - x^2/(3 R*)) (the limits sum to mu |Fn| exactly) */
    int slips = in->slips;
    double estar = 0.75 * in->K / sqrt(rstar), third = 1 / (3 * rstar);
    double lim = in->tanphi * 2 * estar * (fe != 0 ? fn_abs / -fe : 0);
    /* the entering annulus (the last cell, when there is one) was reached halfway through the
     * step on average: half the increment (second order in dt; the whole increment is first
     * order), in the same pass as the others (its lane's partial sums) */
    lt_md_sums sum = {0, 0, 0, 0};
    int slid = md_pass(cell, 0, n, entered, dy, dz, g8, delta, third, lim, slips, &sum);
    t.fy = sum.fy, t.fz = sum.fz, t.elast = sum.elast, t.plast = sum.plast;
    t.slip = n > 0 && slid == n;
    *md_n = n;
    return t;
}
