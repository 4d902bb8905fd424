/* bench/main.c - `make bench`: runs every case of bench.h in its own child process, prints the
 * table (median of several runs, ratio to the bare kernel, peak memory), the machine, and the
 * targets of docs/performance.md with the measured figure next to each.
 *
 *   build/lawtester-bench     all cases (writes its tables under build/bench-out/, on disk)
 *   build/lawtester-bench --plugin   only the law from a shared object against the built-in one
 *   build/lawtester-bench --case NAME REPS  one case, REPS runs in this process, one line "RESULT
 *                                           ..." (what the parent
 *                             reads); NAME as in the table below.
 * Every figure printed is measured in this run; nothing is remembered between runs.
 */
#define _POSIX_C_SOURCE 200809L
#include "bench.h"
#include "contact/registry.h"
#include "plugin/plugin.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#ifndef BENCH_CFLAGS
#define BENCH_CFLAGS "?"
#endif

#define OUT_DIR "build/bench-out"
/* plugin_linear.so, built by `make bench` (Makefile) */
#ifndef BENCH_PLUGIN
#define BENCH_PLUGIN "build/bench/plugin_linear.so"
#endif

/* The impact case's laws: one row per law.  hertz_mindlin (damped Hertz) is being written on
 * another branch; when it is registered, add its row here, e.g.
 *   {"hertz_mindlin", "{ ... its parameters ... }"}, */
static const struct {
    const char *law, *params;
} impact_laws[] = {
    {"linear", "{ kn = 1e6, kt = 5e5, tanPhi = 0.5 }"},
    {"hertz_mindlin", "{ en = 0.5 }"}, /* damped Hertz (Tsuji), materials of the default test */
};

typedef struct bench_case {
    const char *name;
    int reps;
    const char *what;
} bench_case;

static const bench_case cases[] = {
    {"kernel", 3,
     "bare kernel: csu, plain C loop, 2.5e6 steps"}, /* these two: PAIRED_ROUNDS rounds */
    {"sparse", 3, "driver, csu, string until every step, row every 1000 steps, 2.5e6 steps"},
    {"sparse-lua", 3, "  the same, every until evaluated in Lua"},
    {"dense", 3, "driver, csu, a row every step to TSV, 2.5e5 rows"},
    {"flat-1e5", 5, "driver, csu as sparse, 1e5 steps"},
    {"flat-1e6", 3, "driver, csu as sparse, 1e6 steps"},
    {"flat-1e7", 1, "driver, csu as sparse, 1e7 steps"},
    {"memory-1e8", 1, "driver, csu, 1e8 steps, a row every 1e4 steps"},
    {"impact", 3, "impacts to rebound, 100 velocities per law"},
    {"sweep-1", 5, "sweep: lt_probe, 360 directions to first yield, 1 core"},
    {"sweep-2", 5, "sweep: lt_probe, 360 directions to first yield, 2 cores (shards)"},
    {"lua-law", 3, "the sparse case with the law in Lua (stages/lua_linear.lua), 2.5e6 steps"},
    {"hertz-rescale", 3, "Hertz impact R 0.01 m E 70 GPa, rescale, head-on, 1e6 steps in contact"},
    {"md-oblique", 3, "  the same, md (160 cells), oblique (tangential v = normal v / 2)"},
    {"kernel-naive", 5, "bare kernel, imposed and measured in the current frame (for scale)"},
};
#define N_CASES ((int)(sizeof cases / sizeof cases[0]))

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Peak resident memory of this process (VmHWM), kB. */
static long peak_kb(void)
{
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    long kb = -1;
    while (f && fgets(line, sizeof line, f))
        if (strncmp(line, "VmHWM:", 6) == 0) kb = atol(line + 6);
    if (f) fclose(f);
    return kb;
}

/* CPU time (user + system) of this process so far, s. */
static double cpu_seconds(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (double)ru.ru_utime.tv_sec + 1e-6 * (double)ru.ru_utime.tv_usec +
           (double)ru.ru_stime.tv_sec + 1e-6 * (double)ru.ru_stime.tv_usec;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* One run of case name; fills w, returns the seconds it took (or < 0 on failure). */
static double run_case(const char *name, bench_work *w, unsigned long long *digest)
{
    memset(w, 0, sizeof *w);
    *digest = 0;
    double t0 = now(), s = -1;
    int rc = 0;
    if (strcmp(name, "kernel") == 0) {
        w->steps = bench_kernel_csu(2e-9, KERNEL_MIDSTEP, &w->check);
        w->runs = 1;
    } else if (strcmp(name, "kernel-naive") == 0) {
        w->steps = bench_kernel_csu(2e-9, KERNEL_NAIVE, &w->check);
        w->runs = 1;
    } else if (strcmp(name, "sparse") == 0) {
        rc = bench_csu_script(OUT_DIR, 2e-9, 1000, 0, w);
    } else if (strcmp(name, "sparse-lua") == 0) {
        rc = bench_csu_script(OUT_DIR, 2e-9, 1000, 1, w);
    } else if (strcmp(name, "lua-law") == 0) {
        double c0 = cpu_seconds();
        rc = bench_csu_lua_law(OUT_DIR, 2e-9, 1000, w);
        w->cpu = cpu_seconds() - c0; /* also in CPU time: a shared host stretches the wall time */
    } else if (strcmp(name, "dense") == 0) {
        rc = bench_csu_script(OUT_DIR, 2e-8, 1, 0, w);
    } else if (strncmp(name, "flat-", 5) == 0 || strcmp(name, "memory-1e8") == 0) {
        double steps = atof(strchr(name, '-') + 1);
        rc = bench_csu_script(OUT_DIR, 5e-3 / steps, name[0] == 'm' ? 10000 : 1000, 0, w);
    } else if (strcmp(name, "hertz-rescale") == 0) {
        rc = bench_hertz_impact(OUT_DIR, "rescale", 0, 1000000, w);
    } else if (strcmp(name, "md-oblique") == 0) {
        rc = bench_hertz_impact(OUT_DIR, "md", 1, 1000000, w);
    } else if (strcmp(name, "impact") == 0) {
        for (size_t i = 0; i < sizeof impact_laws / sizeof impact_laws[0] && rc == 0; i++) {
            bench_work one;
            rc = bench_impacts(OUT_DIR, impact_laws[i].law, impact_laws[i].params, 100, &one);
            w->steps += one.steps, w->runs += one.runs, w->compiled += one.compiled;
        }
    } else if (strncmp(name, "sweep-", 6) == 0) {
        rc = bench_sweep(360, atoi(name + 6), &s, w, digest);
        return rc < 0 ? -1 : s;
    } else {
        fprintf(stderr, "bench: no case '%s'\n", name);
        return -1;
    }
    s = now() - t0;
    return rc < 0 ? -1 : s;
}

/* Child: run the case reps times, print one RESULT line. */
static int child(const char *name, int reps)
{
    double sec[16];
    bench_work w;
    unsigned long long digest = 0, d;
    if (reps > 16) reps = 16;
    for (int r = 0; r < reps; r++) {
        sec[r] = run_case(name, &w, &d);
        if (sec[r] < 0) return 1;
        if (r > 0 && d != digest) {
            fprintf(stderr, "bench: %s: results differ between runs\n", name);
            return 1;
        }
        digest = d;
    }
    qsort(sec, (size_t)reps, sizeof sec[0], cmp_double);
    struct rusage ru;
    getrusage(RUSAGE_CHILDREN, &ru); /* sweep workers */
    long kb = peak_kb();
    if (ru.ru_maxrss > kb) kb = ru.ru_maxrss;
    printf("RESULT %s %ld %ld %ld %.9g %.9g %.9g %ld %.17g %ld %llx %.9g\n", name, w.steps, w.rows,
           w.runs, sec[reps / 2], sec[0], sec[reps - 1], kb, w.check, w.compiled, digest, w.cpu);
    return 0;
}

typedef struct result {
    long steps, rows, runs, kb, compiled;
    double med, min, max, check, cpu;
    unsigned long long digest;
    int ok;
} result;

/* Run case c in a fresh child process (reps runs there); 0 on success. */
static int run_child(const char *name, int reps, result *r)
{
    char cmd[256], line[512], got[64];
    snprintf(cmd, sizeof cmd, "/proc/%ld/exe --case %s %d", (long)getpid(), name, reps);
    memset(r, 0, sizeof *r);
    FILE *p = popen(cmd, "r");
    while (p && fgets(line, sizeof line, p))
        if (sscanf(line, "RESULT %63s %ld %ld %ld %lf %lf %lf %ld %lf %ld %llx %lf", got, &r->steps,
                   &r->rows, &r->runs, &r->med, &r->min, &r->max, &r->kb, &r->check, &r->compiled,
                   &r->digest, &r->cpu) == 12)
            r->ok = 1;
    if (!p || pclose(p) != 0) r->ok = 0;
    return r->ok ? 0 : -1;
}

/* The ratio of the sparse driver to the kernel, measured in pairs: PAIRED_ROUNDS rounds, each
 * running the kernel then the sparse case in fresh processes (their reps runs each), so that
 * both see the machine in the same state; a virtual machine's speed drifts by 10-20 % over
 * minutes (other tenants), more than the effects measured.  Each round gives a ratio of the two
 * medians, and one of the two fastest runs; the ratios reported are the medians over rounds
 * (ratio[0..2]: of medians, its lowest and highest round; ratio[3..5]: the same of fastest runs).
 * Interference only ever adds time, and on the machines measured it adds more to the sparse case
 * than to the kernel (over 12 rounds on the AMD EPYC of README's table, the sparse case's medians
 * spread by a third, the kernel's by 15 %; the step's code is about twice the kernel's), so the
 * fastest runs estimate the driver's own overhead and the medians what a run meets on a loaded
 * host.  The two cases'
 * rows report the median over rounds of their medians, min and max over all runs. */
#define PAIRED_ROUNDS 11
static int paired_verbose; /* --paired: print every round */

static double median_of(double *x, int n)
{
    qsort(x, (size_t)n, sizeof x[0], cmp_double);
    return n % 2 ? x[n / 2] : 0.5 * (x[n / 2 - 1] + x[n / 2]);
}

static int run_paired(const bench_case *k, const bench_case *s, result *rk, result *rs,
                      double ratio[6])
{
    double km[PAIRED_ROUNDS], sm[PAIRED_ROUNDS], q[PAIRED_ROUNDS], qf[PAIRED_ROUNDS];
    result a, b;
    for (int r = 0; r < PAIRED_ROUNDS; r++) {
        if (run_child(k->name, k->reps, &a) < 0 || run_child(s->name, s->reps, &b) < 0) return -1;
        km[r] = a.med, sm[r] = b.med;
        q[r] = ((double)b.steps / b.med) / ((double)a.steps / a.med);
        qf[r] = ((double)b.steps / b.min) / ((double)a.steps / a.min);
        if (paired_verbose)
            printf("round %d: kernel %.3f s (fastest %.3f), sparse %.3f s (fastest %.3f): ratio "
                   "%.3f (fastest %.3f)\n",
                   r + 1, a.med, a.min, b.med, b.min, q[r], qf[r]);
        if (r == 0) *rk = a, *rs = b;
        rk->min = fmin(rk->min, a.min), rk->max = fmax(rk->max, a.max),
        rk->kb = a.kb > rk->kb ? a.kb : rk->kb;
        rs->min = fmin(rs->min, b.min), rs->max = fmax(rs->max, b.max),
        rs->kb = b.kb > rs->kb ? b.kb : rs->kb;
    }
    rk->med = median_of(km, PAIRED_ROUNDS);
    rs->med = median_of(sm, PAIRED_ROUNDS);
    ratio[0] = median_of(q, PAIRED_ROUNDS); /* sorted: */
    ratio[1] = q[0], ratio[2] = q[PAIRED_ROUNDS - 1];
    ratio[3] = median_of(qf, PAIRED_ROUNDS);
    ratio[4] = qf[0], ratio[5] = qf[PAIRED_ROUNDS - 1];
    return 0;
}

static void machine(void)
{
    FILE *f = fopen("/proc/cpuinfo", "r");
    char line[512], model[256] = "?";
    while (f && fgets(line, sizeof line, f))
        if (strncmp(line, "model name", 10) == 0) {
            char *c = strchr(line, ':');
            if (c) snprintf(model, sizeof model, "%s", c + 2);
            model[strcspn(model, "\n")] = 0;
            break;
        }
    if (f) fclose(f);
    printf("machine: %s, %ld cores online\n", model, sysconf(_SC_NPROCESSORS_ONLN));
    printf("compiler: %s %s, flags %s\n", "gcc-compatible", __VERSION__, BENCH_CFLAGS);
}

static void print_row(const bench_case *c, const result *r, double kernel_rate)
{
    if (!r->ok) {
        printf("%-13s %-72s FAILED\n", c->name, c->what);
        return;
    }
    int rows = strcmp(c->name, "dense") == 0;
    double rate = (double)(rows ? r->rows : r->steps) / r->med;
    printf("%-13s %-72s %10.3e %-7s %6.2f %9.1f %8.1f\n", c->name, c->what, rate,
           rows ? "rows/s" : "steps/s", rate / kernel_rate, 1e9 * r->med / (double)r->steps,
           (double)r->kb / 1024);
}

/* ---- the law from a shared object against the built-in one (bench.h, "plugin") -------------- */

/* Rounds of the plugin pair: in one process, each round runs the sparse case once with the
 * built-in linear and once with plugin_linear (in alternating order), 5e5 steps each.  The rates
 * reported are of each law's fastest run (interference from other processes only adds time, and
 * on a shared virtual machine it adds tens of percent at random: the minimum is the estimate of
 * the law's own cost); the ratio's spread is that of the rounds' ratios. */
#define PLUGIN_ROUNDS 21
#define PLUGIN_DT 1e-8 /* s: 5e-3 m of imposed motion at 1 m/s, 5e5 steps */

typedef struct plugin_pair {
    long steps;
    double best[2]; /* s: fastest run, built-in and plugin */
    /* plugin rate / built-in rate: of the fastest runs; median and lowest of the rounds */
    double ratio[3];
    /* J: the slip dissipation of the last run of each (identical laws: identical) */
    double plast[2];
} plugin_pair;

static int plugin_rounds(plugin_pair *pp)
{
    char err[1200];
    if (lt_plugin_load(BENCH_PLUGIN, err, sizeof err) < 0) {
        fprintf(stderr, "bench: %s (make bench builds it)\n", err);
        return -1;
    }
    static const char *const law[2] = {"linear", "plugin_linear"};
    double q[PLUGIN_ROUNDS];
    pp->best[0] = pp->best[1] = INFINITY;
    for (int r = 0; r < PLUGIN_ROUNDS; r++) {
        double sec[2];
        for (int k = 0; k < 2; k++) {
            int which = (r % 2) ? 1 - k : k; /* alternate which law goes first */
            bench_work w;
            memset(&w, 0, sizeof w);
            double t0 = now();
            if (bench_csu_script_law(OUT_DIR, law[which], PLUGIN_DT, 1000, 0, &w) < 0) return -1;
            sec[which] = now() - t0;
            pp->best[which] = fmin(pp->best[which], sec[which]);
            pp->plast[which] = w.check;
            pp->steps = w.steps;
        }
        q[r] = sec[0] / sec[1];
    }
    pp->ratio[0] = pp->best[0] / pp->best[1];
    pp->ratio[1] = median_of(q, PLUGIN_ROUNDS);
    pp->ratio[2] = q[0]; /* median_of sorted q */
    return 0;
}

/* Child: the rounds, one line "PLUGIN ..." for the parent. */
static int plugin_child(void)
{
    plugin_pair pp;
    if (plugin_rounds(&pp) < 0) return 1;
    printf("PLUGIN %ld %.9g %.9g %.9g %.9g %.9g %.17g %.17g\n", pp.steps, pp.best[0], pp.best[1],
           pp.ratio[0], pp.ratio[1], pp.ratio[2], pp.plast[0], pp.plast[1]);
    return 0;
}

/* Run the plugin rounds in a fresh process and print the result; the ratio of the fastest runs,
 * or -1 if it failed.  *same: the two laws' plast bit-identical. */
static double plugin_case(int *same)
{
    char cmd[256], line[512];
    plugin_pair pp;
    int ok = 0;
    snprintf(cmd, sizeof cmd, "/proc/%ld/exe --plugin-child", (long)getpid());
    FILE *p = popen(cmd, "r");
    while (p && fgets(line, sizeof line, p))
        if (sscanf(line, "PLUGIN %ld %lf %lf %lf %lf %lf %lf %lf", &pp.steps, &pp.best[0],
                   &pp.best[1], &pp.ratio[0], &pp.ratio[1], &pp.ratio[2], &pp.plast[0],
                   &pp.plast[1]) == 8)
            ok = 1;
    if (!p || pclose(p) != 0 || !ok) {
        printf("plugin: FAILED\n");
        return -1;
    }
    *same = pp.plast[0] == pp.plast[1];
    printf("plugin: the sparse case, %ld steps, built-in linear and plugin_linear "
           "(examples/plugin/c, --law-lib) in\n"
           "        %d alternating rounds in one process: built-in %.3e steps/s, plugin %.3e "
           "steps/s (fastest runs);\n"
           "        plugin / built-in %.3f (of the fastest runs; median of the rounds %.3f, lowest "
           "%.3f);\n"
           "        plast %.17g J and %.17g J: %s\n",
           pp.steps, PLUGIN_ROUNDS, (double)pp.steps / pp.best[0], (double)pp.steps / pp.best[1],
           pp.ratio[0], pp.ratio[1], pp.ratio[2], pp.plast[0], pp.plast[1],
           *same ? "bit-identical" : "DIFFERENT");
    return pp.ratio[0];
}

static void plugin_target(double ratio, int same)
{
    printf("  %-4s law from a shared object within 5 %% of the built-in (plugin / built-in >= "
           "0.95): %.3f;"
           " records identical: %s\n",
           ratio >= 0.95 ? "met" : "MISS", ratio, same ? "yes" : "NO");
}

int main(int argc, char **argv)
{
    mkdir("build", 0777);
    mkdir(OUT_DIR, 0777);
    if (argc == 4 && strcmp(argv[1], "--case") == 0) return child(argv[2], atoi(argv[3]));
    /* the kernel and the sparse case only, every round shown */
    if (argc == 2 && strcmp(argv[1], "--paired") == 0) {
        result rk, rs;
        double ratio[6];
        paired_verbose = 1;
        setvbuf(stdout, NULL, _IOLBF, 0);
        machine();
        if (run_paired(&cases[0], &cases[1], &rk, &rs, ratio) < 0) return 1;
        printf("sparse / kernel: median of rounds %.3f (%.3f to %.3f); of the fastest runs %.3f "
               "(%.3f to %.3f)\n",
               ratio[0], ratio[1], ratio[2], ratio[3], ratio[4], ratio[5]);
        return 0;
    }
    if (argc == 2 && strcmp(argv[1], "--plugin-child") == 0) return plugin_child();
    if (argc == 2 && strcmp(argv[1], "--plugin") == 0) {
        int same = 0;
        setvbuf(stdout, NULL, _IOLBF, 0);
        machine();
        double ratio = plugin_case(&same);
        plugin_target(ratio, same);
        return ratio > 0 ? 0 : 1;
    }
    if (argc != 1) {
        fprintf(stderr, "usage: bench [--paired | --plugin | --case NAME REPS]\n");
        return 2;
    }
    setvbuf(stdout, NULL, _IOLBF, 0);
    printf("lawtester benchmark (bench/bench.h describes the cases)\n");
    machine();
    printf(
        "each case runs in a fresh process; time = median of the runs (kernel and sparse: of %d "
        "alternating\n"
        "rounds, the median of their medians); ratio = rate / bare kernel rate;\n"
        "peak = VmHWM of the case's process (and of its workers); tables written to %s (disk)\n\n",
        PAIRED_ROUNDS, OUT_DIR);
    printf("%-13s %-72s %10s %-7s %6s %9s %8s\n", "case", "what", "rate", "", "ratio", "ns/step",
           "peak MB");
    result res[N_CASES];
    double kernel_rate = 0, ratio[6] = {0, 0, 0, 0, 0, 0};
    /* cases[0] and cases[1], the kernel and the sparse driver, in pairs (run_paired) */
    memset(res, 0, sizeof res);
    if (run_paired(&cases[0], &cases[1], &res[0], &res[1], ratio) == 0)
        kernel_rate = (double)res[0].steps / res[0].med;
    for (int i = 0; i < N_CASES; i++) {
        if (i >= 2) run_child(cases[i].name, cases[i].reps, &res[i]);
        if (kernel_rate > 0) print_row(&cases[i], &res[i], kernel_rate);
    }
    if (!(kernel_rate > 0)) {
        printf("the kernel case failed: no ratios\n");
        return 1;
    }
    const result *sp = &res[1], *lua = &res[2], *dn = &res[3], *mem = &res[7], *s1 = &res[9],
                 *s2 = &res[10];
    const result *naive = &res[N_CASES - 1];
    printf("\nchecks: kernel %ld steps, plast %.17g J; driver %ld steps, plast %.17g J: %.1e apart "
           "(the kernel's\n"
           "        positions are plain sums, rounding 3e-17 m a step against 2e-9 m steps; the "
           "driver's are compensated);\n",
           res[0].steps, res[0].check, sp->steps, sp->check, fabs(sp->check / res[0].check - 1));
    if (naive->ok)
        printf("        naive kernel (imposed and measured in the current frame): %.3e steps/s, "
               "%.2f of the kernel's rate,\n"
               "        plast %.17g J: %.1e off (first order in the frame's turn per step)\n",
               (double)naive->steps / naive->med, (double)naive->steps / naive->med / kernel_rate,
               naive->check, fabs(naive->check / res[0].check - 1));
    printf("        sparse: %ld until strings compiled to C; sparse-lua: %ld (all in Lua); impact: "
           "%ld tests, %ld steps;\n",
           sp->compiled, lua->compiled, res[8].runs, res[8].steps);
    printf("        sweep: %ld directions, %.0f yield (slip or contact loss), %ld steps; results "
           "on 1 and 2 cores %s\n",
           s1->runs, s1->check, s1->steps,
           s1->digest == s2->digest && s1->ok && s2->ok ? "bit-identical" : "DIFFER");
    double sparse = (double)sp->steps / sp->med, dense = (double)dn->rows / dn->med;
    double flat_lo = 1e300, flat_hi = 0, fast_lo = 1e300,
           fast_hi = 0; /* of medians; of fastest runs */
    for (int i = 4; i <= 7; i++) {
        if (!res[i].ok) continue;
        double ns = res[i].med / (double)res[i].steps, nf = res[i].min / (double)res[i].steps;
        flat_lo = ns < flat_lo ? ns : flat_lo;
        flat_hi = ns > flat_hi ? ns : flat_hi;
        fast_lo = nf < fast_lo ? nf : fast_lo;
        fast_hi = nf > fast_hi ? nf : fast_hi;
    }
    const result *ll = &res[11];
    if (ll->ok && sp->ok)
        printf("        lua-law: %.3e steps/s, %.3f of the built-in's sparse rate (%.0f ns a step "
               "against %.0f); in CPU\n"
               "        time of its last run %.3e steps/s (%.0f ns a step); plast %.17g J, %.1e "
               "from the built-in's\n",
               (double)ll->steps / ll->med, ((double)ll->steps / ll->med) / sparse,
               1e9 * ll->med / (double)ll->steps, 1e9 * sp->med / (double)sp->steps,
               (double)ll->steps / ll->cpu, 1e9 * ll->cpu / (double)ll->steps, ll->check,
               fabs(ll->check / sp->check - 1));
    const result *hr = &res[12], *mo = &res[13];
    if (hr->ok && mo->ok)
        printf("        Hertz impact, 1e6 steps in contact (make bench-peers runs the same in "
               "LIGGGHTS and LAMMPS):\n"
               "        rescale head-on %.0f ns a step (fastest run %.0f), md oblique %.0f ns a "
               "step (fastest run %.0f),\n"
               "        md/rescale %.2f; md's plast %.17g J\n",
               1e9 * hr->med / (double)hr->steps, 1e9 * hr->min / (double)hr->steps,
               1e9 * mo->med / (double)mo->steps, 1e9 * mo->min / (double)mo->steps,
               (mo->med / (double)mo->steps) / (hr->med / (double)hr->steps), mo->check);
    double speedup = s1->med / s2->med;
    printf(
        "        sweep times (min, median, max of the runs): 1 core %.3f %.3f %.3f s, 2 cores %.3f "
        "%.3f %.3f s;\n"
        "        CPU time of the 2 workers in the last run %.3f s for %.3f s of the 1-core run\n",
        s1->min, s1->med, s1->max, s2->min, s2->med, s2->max, s2->cpu, s1->cpu);
    int plugin_same = 0;
    double plugin_ratio = plugin_case(&plugin_same);
    printf("\ntargets (docs/performance.md):\n");
    printf("  %-4s sparse driver / bare kernel >= 0.67: %.3f (median of %d paired rounds of "
           "medians; %.3f to %.3f)\n",
           ratio[0] >= 0.67 ? "met" : "MISS", ratio[0], PAIRED_ROUNDS, ratio[1], ratio[2]);
    printf("  %-4s   the same of the fastest runs of each round: %.3f (%.3f to %.3f)\n",
           ratio[3] >= 0.67 ? "met" : "MISS", ratio[3], ratio[4], ratio[5]);
    printf("  %-4s sparse driver >= 5e6 steps/s: %.3e\n", sparse >= 5e6 ? "met" : "MISS", sparse);
    printf("  %-4s dense recording >= 5e5 rows/s (to disk, round-trip precision): %.3e\n",
           dense >= 5e5 ? "met" : "MISS", dense);
    printf("  %-4s cost per step flat from 1e5 to 1e8 steps (max/min of ns/step <= 1.2): %.3f\n",
           flat_hi / flat_lo <= 1.2 ? "met" : "MISS", flat_hi / flat_lo);
    printf("  %-4s   the same of the fastest runs: %.3f\n",
           fast_hi / fast_lo <= 1.2 ? "met" : "MISS", fast_hi / fast_lo);
    printf("  %-4s peak memory of the 1e8-step run < 16 MB: %.1f MB\n",
           mem->ok && mem->kb < 16 * 1024 ? "met" : "MISS", (double)mem->kb / 1024);
    printf("  %-4s sweep speed-up from 1 to 2 cores >= 1.8: %.2f\n",
           speedup >= 1.8 ? "met" : "MISS", speedup);
    double lua_rate = ll->ok ? (double)ll->steps / ll->med : 0,
           lua_fast = ll->ok ? (double)ll->steps / ll->min : 0;
    printf(
        "  %-4s law in Lua (lua-law) >= 5e5 steps/s: %.3e (fastest run %.3e; in CPU time %.3e)\n",
        lua_rate >= 5e5 ? "met" : "MISS", lua_rate, lua_fast,
        ll->ok ? (double)ll->steps / ll->cpu : 0);
    printf("  %-4s   the same of the fastest runs: %.2f\n",
           s1->min / s2->min >= 1.8 ? "met" : "MISS", s1->min / s2->min);
    printf("target (laws from shared objects, docs/plugins.md):\n");
    plugin_target(plugin_ratio, plugin_same);
    if (!(plugin_ratio > 0)) return 1;
    for (int i = 0; i < N_CASES; i++)
        if (!res[i].ok) return 1;
    return 0;
}
