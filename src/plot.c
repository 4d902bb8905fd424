/* src/plot.c - runs gnuplot on the scripts in plots/ (see plot.h).  Each script reads the
 * variables `datafile` (TSV path), `outfile` (PNG path), `tanphi` (friction coefficient or
 * NaN) and `surfacefile` (the sampled yield surface or '') and may use column names of the
 * table (README "Records", "Yield probes"). */
#define _POSIX_C_SOURCE 200809L
#include "plot.h"
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

const char *lt_plots_dir(void)
{
    static char dir[PATH_MAX];
    const char *env = getenv("LAWTESTER_PLOTS");
    if (env && *env) return env;
    /* plots/ beside the executable (./lawtester in the source tree), or one level up
     * (build/lawtester, build-asan/lawtester) */
    ssize_t n = readlink("/proc/self/exe", dir, sizeof dir - 32);
    if (n > 0) {
        dir[n] = 0;
        for (int up = 0; up < 2; up++) {
            char *slash = strrchr(dir, '/');
            if (!slash) break;
            *slash = 0;
            size_t len = strlen(dir);
            strcpy(dir + len, "/plots");
            struct stat st;
            if (stat(dir, &st) == 0 && S_ISDIR(st.st_mode)) return dir;
            dir[len] = 0;
        }
    }
    return "plots";
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* Run gnuplot with the variable definitions and the script; 0 on success. */
static int run_gnuplot(const char *defs, const char *script, char *err, size_t errlen)
{
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(err, errlen, "cannot start gnuplot: %s", strerror(errno));
        return -1;
    }
    if (pid == 0) {
        execlp("gnuplot", "gnuplot", "-e", defs, script, (char *)NULL);
        _exit(127);
    }
    int status;
    if (waitpid(pid, &status, 0) < 0) {
        snprintf(err, errlen, "gnuplot: %s", strerror(errno));
        return -1;
    }
    if (WIFEXITED(status) && WEXITSTATUS(status) == 127) {
        snprintf(err, errlen, "gnuplot not found (install it: apt-get install gnuplot-nox)");
        return -1;
    }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        snprintf(err, errlen, "gnuplot failed on %s (exit status %d)", script,
                 WIFEXITED(status) ? WEXITSTATUS(status) : -1);
        return -1;
    }
    return 0;
}

int lt_plot_script(const char *script, const char *defs, char *err, size_t errlen)
{
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/%s", lt_plots_dir(), script);
    return run_gnuplot(defs, path, err, errlen);
}

int lt_plot_all(const char *kind, const char *tsv, const char *surface, double tanPhi, int verbose, char *err,
                size_t errlen)
{
    char dir[PATH_MAX];
    snprintf(dir, sizeof dir, "%s%s%s", lt_plots_dir(), kind ? "/" : "", kind ? kind : "");
    if (!surface) surface = "";
    DIR *d = opendir(dir);
    if (!d) {
        snprintf(err, errlen, "cannot open the plot scripts directory '%s': %s", dir, strerror(errno));
        return -1;
    }
    char *names[64];
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) && n < 64) {
        size_t len = strlen(e->d_name);
        if (len > 3 && strcmp(e->d_name + len - 3, ".gp") == 0 && e->d_name[0] != '_') names[n++] = strdup(e->d_name);
    }
    closedir(d);
    qsort(names, (size_t)n, sizeof *names, cmp_str);
    size_t tl = strlen(tsv);
    size_t base_len = tl > 4 && strcmp(tsv + tl - 4, ".tsv") == 0 ? tl - 4 : tl;
    int rc = 0;
    for (int i = 0; i < n && rc == 0; i++) {
        if (!names[i]) continue;
        char script[2 * PATH_MAX], out[PATH_MAX], defs[4 * PATH_MAX];
        size_t nl = strlen(names[i]) - 3;
        snprintf(script, sizeof script, "%s/%s", dir, names[i]);
        snprintf(out, sizeof out, "%.*s-%.*s.png", (int)base_len, tsv, (int)nl, names[i]);
        if (strchr(tsv, '\'') || strchr(out, '\'') || strchr(surface, '\'')) {
            snprintf(err, errlen, "cannot plot a file whose name contains a quote: %s", tsv);
            rc = -1;
            break;
        }
        char tp[32] = "NaN";
        if (isfinite(tanPhi)) snprintf(tp, sizeof tp, "%.17g", tanPhi);
        snprintf(defs, sizeof defs, "datafile='%s'; outfile='%s'; tanphi=%s; surfacefile='%s'", tsv, out, tp, surface);
        rc = run_gnuplot(defs, script, err, errlen);
        if (rc == 0 && verbose) printf("  plotted %s\n", out);
    }
    for (int i = 0; i < n; i++) free(names[i]);
    return rc;
}
