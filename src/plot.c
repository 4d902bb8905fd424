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

static int is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

const char *lt_plots_dir(void)
{
    static char dir[PATH_MAX];
    const char *env = getenv("LAWTESTER_PLOTS");
    if (env && *env) return env;
    ssize_t n = readlink("/proc/self/exe", dir, sizeof dir - 64);
    if (n > 0) {
        dir[n] = 0;
        char *slash = strrchr(dir, '/');
        if (slash) {
            *slash = 0; /* the executable's directory */
            size_t len = strlen(dir);
            /* installed (make install): PREFIX/bin/lawtester -> PREFIX/share/lawtester/plots */
            strcpy(dir + len, "/../share/lawtester/plots");
            if (is_dir(dir)) return dir;
            /* the source tree: plots/ beside the executable (./lawtester), or one level up
             * (build/lawtester, build-asan/lawtester) */
            strcpy(dir + len, "/plots");
            if (is_dir(dir)) return dir;
            strcpy(dir + len, "/../plots");
            if (is_dir(dir)) return dir;
        }
    }
    return "plots";
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* The last non-empty line of text (gnuplot puts its error message last), at most n-1 chars. */
static void last_line(const char *text, char *out, size_t n)
{
    const char *end = text + strlen(text);
    while (end > text && (end[-1] == '\n' || end[-1] == '\r' || end[-1] == ' ')) end--;
    const char *begin = end;
    while (begin > text && begin[-1] != '\n') begin--;
    while (begin < end && *begin == ' ') begin++;
    snprintf(out, n, "%.*s", (int)(end - begin), begin);
}

/* Run gnuplot with the variable definitions and the script, its stderr captured: passed on if it
 * succeeds (warnings), condensed into the one-line message in err if it fails.  0 on success. */
static int run_gnuplot(const char *defs, const char *script, char *err, size_t errlen)
{
    int fds[2];
    if (pipe(fds) != 0) {
        snprintf(err, errlen, "cannot start gnuplot: %s", strerror(errno));
        return -1;
    }
    fflush(stdout);
    pid_t pid = fork();
    if (pid < 0) {
        close(fds[0]);
        close(fds[1]);
        snprintf(err, errlen, "cannot start gnuplot: %s", strerror(errno));
        return -1;
    }
    if (pid == 0) {
        close(fds[0]);
        dup2(fds[1], 2);
        close(fds[1]);
        execlp("gnuplot", "gnuplot", "-e", defs, script, (char *)NULL);
        _exit(127);
    }
    close(fds[1]);
    char text[8192];
    size_t n = 0;
    for (;;) {
        char chunk[1024];
        ssize_t got = read(fds[0], chunk, sizeof chunk);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) break;
        size_t keep = (size_t)got < sizeof text - 1 - n ? (size_t)got : sizeof text - 1 - n;
        memcpy(text + n, chunk, keep); /* beyond 8 KB: the start is kept */
        n += keep;
    }
    text[n] = 0;
    close(fds[0]);
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) {
            snprintf(err, errlen, "gnuplot: %s", strerror(errno));
            return -1;
        }
    if (WIFEXITED(status) && WEXITSTATUS(status) == 127) {
        snprintf(err, errlen, "gnuplot not found (install it: apt-get install gnuplot-nox)");
        return -1;
    }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        char why[600];
        last_line(text, why, sizeof why);
        snprintf(err, errlen, "gnuplot failed on %s (%s %d)%s%s", script, WIFEXITED(status) ? "exit status" : "signal",
                 WIFEXITED(status) ? WEXITSTATUS(status) : WIFSIGNALED(status) ? WTERMSIG(status) : -1,
                 why[0] ? ": " : "", why);
        return -1;
    }
    if (n) fputs(text, stderr);
    return 0;
}

int lt_plot_script(const char *script, const char *defs, char *err, size_t errlen)
{
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/%s", lt_plots_dir(), script);
    return run_gnuplot(defs, path, err, errlen);
}

int lt_plot_available(char *err, size_t errlen)
{
    const char *path = getenv("PATH");
    int found = 0;
    if (path && *path) {
        char *copy = strdup(path);
        for (char *save = NULL, *dir = copy ? strtok_r(copy, ":", &save) : NULL; dir && !found;
             dir = strtok_r(NULL, ":", &save)) {
            char exe[PATH_MAX];
            snprintf(exe, sizeof exe, "%s/gnuplot", *dir ? dir : ".");
            found = access(exe, X_OK) == 0;
        }
        free(copy);
    }
    if (!found) {
        snprintf(err, errlen, "--plot needs gnuplot, which is not on PATH (install it: apt-get install gnuplot-nox)");
        return -1;
    }
    const char *dir = lt_plots_dir();
    DIR *d = opendir(dir);
    if (!d) {
        snprintf(err, errlen, "--plot: cannot open the plot scripts directory '%s': %s", dir, strerror(errno));
        return -1;
    }
    closedir(d);
    return 0;
}

/* "DIR/.FILE.tmp.XXXXXX" for the final path "DIR/FILE" (malloc'ed; the file is created). */
static char *temp_beside(const char *final, char *err, size_t errlen)
{
    const char *slash = strrchr(final, '/');
    size_t dl = slash ? (size_t)(slash - final) + 1 : 0, n = strlen(final) + 16;
    char *tmp = malloc(n);
    if (!tmp) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    snprintf(tmp, n, "%.*s.%s.tmp.XXXXXX", (int)dl, final, final + dl);
    int fd = afile_mkstemp(tmp);
    if (fd < 0) {
        snprintf(err, errlen, "cannot write '%s': %s", final, strerror(errno));
        free(tmp);
        return NULL;
    }
    close(fd);
    return tmp;
}

int lt_plot_pending(const char *kind, const char *data, const char *base, const char *surface, double tanPhi,
                    lt_pending *p, char *err, size_t errlen)
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
    size_t tl = strlen(base);
    size_t base_len = tl > 4 && strcmp(base + tl - 4, ".tsv") == 0 ? tl - 4 : tl;
    int rc = 0, made = 0;
    for (int i = 0; i < n && rc == 0; i++) {
        if (!names[i]) {
            snprintf(err, errlen, "out of memory");
            rc = -1;
            break;
        }
        char script[2 * PATH_MAX], out[PATH_MAX], defs[4 * PATH_MAX];
        size_t nl = strlen(names[i]) - 3;
        snprintf(script, sizeof script, "%s/%s", dir, names[i]);
        snprintf(out, sizeof out, "%.*s-%.*s.png", (int)base_len, base, (int)nl, names[i]);
        if (strchr(data, '\'') || strchr(out, '\'') || strchr(surface, '\'') || strchr(base, '\'')) {
            snprintf(err, errlen, "cannot plot a file whose name contains a quote: %s", base);
            rc = -1;
            break;
        }
        char *tmp = temp_beside(out, err, errlen), *final = tmp ? strdup(out) : NULL;
        if (tmp && !final) unlink(tmp), free(tmp), tmp = NULL, snprintf(err, errlen, "out of memory");
        if (!tmp || pending_add(p, tmp, final) < 0) {
            if (tmp) snprintf(err, errlen, "out of memory");
            rc = -1;
            break;
        }
        char tp[32] = "NaN";
        if (isfinite(tanPhi)) snprintf(tp, sizeof tp, "%.17g", tanPhi);
        /* name: the table's final name, for titles (datafile may still be its temporary file) */
        snprintf(defs, sizeof defs, "datafile='%s'; outfile='%s'; tanphi=%s; surfacefile='%s'; name='%s'", data, tmp, tp,
                 surface, base);
        rc = run_gnuplot(defs, script, err, errlen);
        made += rc == 0;
    }
    for (int i = 0; i < n; i++) free(names[i]);
    return rc < 0 ? -1 : made;
}
