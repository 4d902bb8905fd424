/* bench/bench.h - the benchmark of `make bench` (not part of `make test`).
 *
 * bench/main.c runs every case in a fresh child process (so each case's peak memory is its own),
 * several times, and prints the median, the ratio to the bare kernel, the peak memory, the
 * machine, and our targets (docs/performance.md) met or missed.  The kernel and the sparse case run in
 * alternating pairs of processes (11 rounds) and their ratio is the median of the rounds' ratios:
 * a virtual machine's speed drifts over minutes by more than the effects measured.  The ratio,
 * the flatness and the sweep's speed-up are also given for the fastest runs (interference only
 * adds time: bench/main.c, run_paired).  The cases:
 *   kernel   bench/kernel.c: the plain C loop of one contact with the driver's numerical
 *            method (mid-step frame), the reference;
 *   kernel-naive  the same loop imposing and measuring in the current frame (for scale: what
 *            the mid-step method costs, and how far off the naive one is);
 *   sparse   bench/cases.c: compress-shear-unload of `linear` through the whole program (Lua
 *            script, string `until` conditions evaluated every step, a row every 1000 steps to
 *            a file on disk);
 *   sparse-lua  the same with every `until` evaluated in Lua (what compiling them saves);
 *   lua-law  the sparse case with the law written in Lua (stages/lua_linear.lua, lawtester.law):
 *            what a step costs through the Lua trampoline, and its ratio to the built-in;
 *   dense    the same recorded every step: rows/s of full round-trip TSV to disk;
 *   flat     the sparse case at 1e5, 1e6 and 1e7 steps (cost per step against run length);
 *   memory   a 1e8-step run recorded every 1e4 steps (the recorder streams: peak memory);
 *   impact   normal impacts to rebound, repeated over velocities (a Lua parameter loop);
 *   hertz-rescale, md-oblique  one Hertz impact of two spheres (R = 0.01 m, E = 70 GPa) of 1e6
 *            steps in contact, a row every 1000: hertz_mindlin's `rescale` rule head-on, and its
 *            default `md` rule (160 cells) oblique (docs/performance.md, "Where a step goes");
 *   sweep    bench/sweep.c: the yield probe (lt_probe_run), 360 proportional-loading
 *            directions to first yield, on one core and as two shards on two;
 *   plugin   the sparse case with the law `plugin_linear` loaded from a shared object
 *            (examples/plugin/c, built by `make bench` with lawtester's flags; src/plugin/plugin.h)
 *            against the built-in `linear` on the same path (5e5 steps), alternating in one
 *            process over 21 rounds, each law's fastest run: the cost of a law behind dlopen.
 * Units: seconds, steps, bytes.
 */
#ifndef LT_BENCH_H
#define LT_BENCH_H
#include "base/vec.h"

/* The bare kernel (bench/kernel.c): compress-shear-unload of `linear` at time step dt (s), with
 * the driver's mid-step scheme (the reference) or the naive one.  Returns the number of steps;
 * *plast (may be NULL) gets the slip dissipation (J). */
enum { KERNEL_MIDSTEP, KERNEL_NAIVE };
long bench_kernel_csu(double dt, int scheme, double *plast);

/* What one run of a case did. */
typedef struct bench_work {
    long steps;
    long rows;
    long runs;     /* tests run (impact: one per velocity) */
    double check;  /* a result of the run to compare between cases (plast, J) */
    long compiled; /* `until` strings evaluated in C */
    double cpu;    /* s of CPU time of the sweep's workers */
} bench_work;

/* bench/cases.c: the cases that run Lua stage scripts through lt_script_run_file.  dir is the
 * output directory (on disk).  Return 0, or -1 after printing why. */
int bench_csu_script(const char *dir, double dt, long every, int lua_until, bench_work *w);
int bench_csu_script_law(const char *dir, const char *law, double dt, long every, int lua_until,
                         bench_work *w);
int bench_impacts(const char *dir, const char *law, const char *params, int n_velocities,
                  bench_work *w);
/* Two spheres R = 0.01 m, E = 70 GPa in one Hertz impact of about `steps` steps in contact,
 * hertz_mindlin with tangential rule `tangential`, head-on or oblique, a row every 1000 steps. */
int bench_hertz_impact(const char *dir, const char *tangential, int oblique, long steps,
                       bench_work *w);
/* The csu path of bench_csu_script (compiled untils) with the law written in Lua: the law part
 * of LUA_LINEAR_FILE (the same physics as `linear`, docs/lua-laws.md) before the run. */
#define LUA_LINEAR_FILE "stages/lua_linear.lua"
int bench_csu_lua_law(const char *dir, double dt, long every, bench_work *w);

/* bench/sweep.c: the 360-direction sweep on `workers` processes; *seconds gets the wall time.
 * Returns 0, or -1 after printing why.  The results are checked identical for any number of
 * workers (bench_sweep_digest). */
int bench_sweep(int n_dirs, int workers, double *seconds, bench_work *w,
                unsigned long long *digest);

#endif
