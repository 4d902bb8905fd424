/* bench/cases.c - benchmark cases that run the whole program: a Lua stage script written to the
 * output directory, run by lt_script_run_file (Lua tables -> lt_test, `until` strings compiled
 * or in Lua, the driver, the TSV recorder writing to disk), exactly as `lawtester run` does.
 */
#include "bench.h"
#include "script/script.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int write_script(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (!f || fputs(text, f) < 0 || fclose(f) != 0) {
        fprintf(stderr, "bench: cannot write %s\n", path);
        return -1;
    }
    return 0;
}

static int run_script(const char *path, const char *dir, int lua_until, bench_work *w)
{
    lt_script_stats st;
    memset(&st, 0, sizeof st);
    lt_script_opts o;
    memset(&o, 0, sizeof o);
    o.out_dir = dir;
    o.quiet = 1;
    o.lua_until = lua_until;
    o.stats = &st;
    if (lt_script_run_file(path, &o) != 0) return -1;
    w->steps = st.steps;
    w->rows = st.rows;
    w->runs = st.tests;
    w->compiled = st.compiled_untils;
    return 0;
}

/* Compress-shear-unload of the law called law (linear, or one that takes linear's parameters:
 * plugin_linear from a shared object, lua_linear defined by the Lua text prelude put before the
 * test), the demo's path (kn = 1e6 N/m, kt = 5e5 N/m, tan phi = tan 0.5, normal +z, compress
 * 1 mm, shear 3 mm (both thresholds 1e-10 m past, so that no stage ends on a round-off tie and
 * the kernel follows the same steps), unload to contact loss: 5 mm of imposed motion at 1 m/s,
 * so 5e-3/dt steps), with Woo-style string conditions evaluated every step and a row every
 * `every` steps (0: none). */
static int csu_script(const char *dir, const char *prelude, const char *law, double dt, long every,
                      int lua_until, bench_work *w)
{
    char path[512], text[2048];
    snprintf(path, sizeof path, "%s/bench_csu.lua", dir);
    snprintf(
        text, sizeof text,
        "-- written by the benchmark (bench/cases.c)\n"
        "local r = lawtester.run{\n"
        "  name = 'bench-csu', law = '%s',\n"
        "  params = { kn = 1e6, kt = 5e5, tanPhi = math.tan(0.5) },\n"
        "  particles = { { radius = 0.1 }, { radius = 0.1 } },\n"
        "  normal = {0, 0, 1}, gap = 0, dt = %.17g, abWeight = 1,\n"
        "  stages = {\n"
        "    { whats = 'v.....', values = {-1, 0,0,0,0,0}, ['until'] = 'C and C.uN <= "
        "-1.0000001e-3' },\n"
        "    { whats = 'vv....', values = {0, 1, 0,0,0,0}, till = 'C.u[2] >= 3.0000001e-3' },\n"
        "    { whats = 'vv....', values = {1, 0, 0,0,0,0}, till = 'not C' },\n"
        "  },\n"
        "  record = %s,\n"
        "}\n"
        "lawtester.write('bench_csu.plast', string.format('%%.17g', r.E.plast))\n",
        law, dt, every > 0 ? "{ every = EVERY }" : "false");
    if (every > 0) {
        char *e = strstr(text, "EVERY");
        char num[32];
        int n = snprintf(num, sizeof num, "%ld", every);
        memmove(e + n, e + 5, strlen(e + 5) + 1);
        memcpy(e, num, (size_t)n);
    }
    size_t np = strlen(prelude), nt = strlen(text);
    char *all = malloc(np + nt + 1);
    if (!all) return -1;
    memcpy(all, prelude, np);
    memcpy(all + np, text, nt + 1);
    int rc = write_script(path, all);
    free(all);
    if (rc < 0 || run_script(path, dir, lua_until, w) < 0) return -1;
    snprintf(path, sizeof path, "%s/bench_csu.plast", dir);
    FILE *f = fopen(path, "r");
    if (!f || fscanf(f, "%lf", &w->check) != 1) w->check = 0;
    if (f) fclose(f);
    return 0;
}

int bench_csu_script(const char *dir, double dt, long every, int lua_until, bench_work *w)
{
    return csu_script(dir, "", "linear", dt, every, lua_until, w);
}

int bench_csu_script_law(const char *dir, const char *law, double dt, long every, int lua_until,
                         bench_work *w)
{
    return csu_script(dir, "", law, dt, every, lua_until, w);
}

/* The law part of stages/lua_linear.lua: the file up to its line "-- ---- the test". */
static char *lua_linear_law(void)
{
    FILE *f = fopen(LUA_LINEAR_FILE, "r");
    char *buf = malloc(1 << 16);
    size_t n = f && buf ? fread(buf, 1, (1 << 16) - 1, f) : 0;
    if (f) fclose(f);
    if (!buf) return NULL;
    buf[n] = 0;
    char *end = strstr(buf, "-- ---- the test");
    if (!end) {
        fprintf(stderr, "bench: no law part in %s\n", LUA_LINEAR_FILE);
        free(buf);
        return NULL;
    }
    *end = 0;
    return buf;
}

int bench_csu_lua_law(const char *dir, double dt, long every, bench_work *w)
{
    char *law = lua_linear_law();
    if (!law) return -1;
    int rc = csu_script(dir, law, "lua_linear", dt, every, 0, w);
    free(law);
    return rc;
}

/* Normal impacts to rebound: an 'i' stage gives B the approach velocity on the first step, the
 * contact takes it back; one test per velocity, 0.01 to 10 m/s (log spaced), from a 1e-5 m gap,
 * in a plain Lua loop as a user would write it; the contact time of each goes to a file. */
int bench_impacts(const char *dir, const char *law, const char *params, int n_velocities,
                  bench_work *w)
{
    char path[512], text[2048];
    snprintf(path, sizeof path, "%s/bench_impact.lua", dir);
    snprintf(
        text, sizeof text,
        "-- written by the benchmark (bench/cases.c)\n"
        "local lines = {}\n"
        "for i = 0, %d - 1 do\n"
        "  local v = 0.01 * 1000 ^ (i / (%d - 1))\n"
        "  local tc\n"
        "  lawtester.run{\n"
        "    name = 'bench-impact', law = '%s', params = %s, record = false,\n"
        "    particles = { { radius = 0.1 }, { radius = 0.1 } }, gap = 1e-5, dt = 1e-6,\n"
        "    stages = { { whats = 'i.....', values = {-v, 0,0,0,0,0}, till = 'stage.rebound',\n"
        "                 done = function(C, stage) tc = stage.cTime end } },\n"
        "  }\n"
        "  lines[#lines + 1] = string.format('%%.6g\\t%%.9g', v, tc)\n"
        "end\n"
        "lawtester.write('bench_impact.tsv', 'v\\tcontact_time\\n' .. table.concat(lines, '\\n') "
        ".. '\\n')\n",
        n_velocities, n_velocities, law, params);
    if (write_script(path, text) < 0) return -1;
    return run_script(path, dir, 0, w);
}

/* The two-sphere Hertz impact of docs/performance.md ("Where a step goes"): R = 0.01 m, E = 70 GPa,
 * nu 0.3, 2700 kg/m^3, tanPhi 0.3, meeting at 1 m/s along (1, 2, 2)/3, dt = t_c/steps (t_c the
 * Hertz contact time, so that about `steps` steps are in contact; the first from a gap of half a
 * step), `hertz_mindlin` with tangential rule `tangential`, head-on (B given only the normal
 * velocity) or oblique (and a tangential velocity of half of it), to rebound, a row every 1000
 * steps to disk.  *w gets the steps, rows and the slip dissipation (J) as the check value. */
int bench_hertz_impact(const char *dir, const char *tangential, int oblique, long steps,
                       bench_work *w)
{
    char path[512], text[2048];
    snprintf(path, sizeof path, "%s/bench_hertz.lua", dir);
    snprintf(
        text, sizeof text,
        "-- written by the benchmark (bench/cases.c)\n"
        "local R, v, E, nu, rho = 0.01, 1.0, 7e10, 0.3, 2700\n"
        "local m = rho * 4 / 3 * math.pi * R^3\n"
        "local K = 4 / 3 * E / (2 * (1 - nu * nu)) * math.sqrt(R / 2)\n"
        "local tc = 3.21 * ((m / 2)^2 / (K * K * v))^0.2\n"
        "local dt = tc / %ld\n"
        "local r = lawtester.run{\n"
        "  name = 'bench-hertz', law = 'hertz_mindlin', params = { tangential = '%s' },\n"
        "  materials = { m = { young = E, poisson = nu, density = rho, tanPhi = 0.3 } },\n"
        "  particles = { { radius = R, material = 'm' }, { radius = R, material = 'm' } },\n"
        "  normal = {1, 2, 2}, gap = v * dt / 2, dt = dt,\n"
        "  stages = { { whats = '%s', values = {-v, %s, 0,0,0,0}, till = 'stage.rebound' } },\n"
        "  record = { every = 1000 },\n"
        "}\n"
        "lawtester.write('bench_hertz.plast', string.format('%%.17g', r.E.plast))\n",
        steps, tangential, oblique ? "ii...." : "i.....", oblique ? "0.5 * v" : "0");
    if (write_script(path, text) < 0 || run_script(path, dir, 0, w) < 0) return -1;
    snprintf(path, sizeof path, "%s/bench_hertz.plast", dir);
    FILE *f = fopen(path, "r");
    if (!f || fscanf(f, "%lf", &w->check) != 1) w->check = 0;
    if (f) fclose(f);
    return 0;
}
