/* src/output/plot.c - runs gnuplot on the scripts in plots/ (see plot.h).  Each script reads the
 * variables `datafile` (TSV path), `outfile` (the plot's path), `fmt` (png, svg or pdf),
 * `stylefile` (plots/_style.gp, the house style), `tanphi` (friction coefficient or NaN),
 * `surfacefile` (the sampled yield surface or '') and those of plot_info.h (title, stages,
 * the curves that are not zero), and may use column names of the table (docs/records.md,
 * docs/probes.md). */
#define _POSIX_C_SOURCE 200809L
#include "output/plot.h"
#include "base/watch.h"
#include "output/plot_info.h"
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
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

/* The output format of every plot: its name (the gnuplot variable fmt and the file extension)
 * and the gnuplot terminal plots/_style.gp sets for it. */
static const struct plot_format {
    const char *name, *terminal;
} formats[] = {{"png", "pngcairo"}, {"svg", "svg"}, {"pdf", "pdfcairo"}};
static const struct plot_format *format = &formats[0];

int lt_plot_set_format(const char *name, char *err, size_t errlen)
{
    for (size_t i = 0; i < sizeof formats / sizeof *formats; i++)
        if (strcmp(name, formats[i].name) == 0) {
            format = &formats[i];
            return 0;
        }
    snprintf(err, errlen, "--plot-format needs png, svg or pdf, got '%s'", name);
    return -1;
}

const char *lt_plot_ext(void) { return format->name; }

/* The definitions every script gets besides its own: the format and the style file. */
static void common_defs(char *out, size_t n)
{
    snprintf(out, n, "fmt='%s'; stylefile='%s/_style.gp'; ", format->name, lt_plots_dir());
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

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
    lt_watch_home(); /* gnuplot's relative paths from lawtester's own directory */
    /* waited for whatever a law made of SIGCHLD: SIG_IGN (or SA_NOCLDWAIT) would reap it unseen
     * ("gnuplot: No child processes") */
    struct sigaction dfl, was;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    sigaction(SIGCHLD, &dfl, &was);
    pid_t parent = getpid(), pid = fork();
    if (pid < 0) {
        sigaction(SIGCHLD, &was, NULL);
        close(fds[0]);
        close(fds[1]);
        snprintf(err, errlen, "cannot start gnuplot: %s", strerror(errno));
        return -1;
    }
    if (pid == 0) {
        /* it dies with the worker, which dies with its supervisor (docs/reliability.md, "Who owns
         * what"); the check closes the race of a worker that died before the prctl */
        prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
        if (getppid() != parent) _exit(127);
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
            sigaction(SIGCHLD, &was, NULL);
            snprintf(err, errlen, "gnuplot: %s", strerror(errno));
            return -1;
        }
    sigaction(SIGCHLD, &was, NULL);
    if (WIFEXITED(status) && WEXITSTATUS(status) == 127) {
        snprintf(err, errlen, "gnuplot not found (install it: apt-get install gnuplot-nox)");
        return -1;
    }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        char why[600];
        last_line(text, why, sizeof why);
        snprintf(err, errlen, "gnuplot failed on %s (%s %d)%s%s", script,
                 WIFEXITED(status) ? "exit status" : "signal",
                 WIFEXITED(status)     ? WEXITSTATUS(status)
                 : WIFSIGNALED(status) ? WTERMSIG(status)
                                       : -1,
                 why[0] ? ": " : "", why);
        return -1;
    }
    if (n) fputs(text, stderr);
    return 0;
}

int lt_plot_script(const char *script, const char *defs, char *err, size_t errlen)
{
    char path[PATH_MAX], common[PATH_MAX + 64];
    snprintf(path, sizeof path, "%s/%s", lt_plots_dir(), script);
    common_defs(common, sizeof common);
    size_t n = strlen(common) + strlen(defs) + 1;
    char *all = malloc(n);
    if (!all) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    snprintf(all, n, "%s%s", common, defs);
    int rc = run_gnuplot(all, path, err, errlen);
    free(all);
    return rc;
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
        snprintf(
            err, errlen,
            "--plot needs gnuplot, which is not on PATH (install it: apt-get install gnuplot-nox)");
        return -1;
    }
    const char *dir = lt_plots_dir();
    DIR *d = opendir(dir);
    if (!d) {
        snprintf(err, errlen, "--plot: cannot open the plot scripts directory '%s': %s", dir,
                 strerror(errno));
        return -1;
    }
    closedir(d);
    if (strchr(dir, '\'')) {
        snprintf(err, errlen, "--plot: the plot scripts directory '%s' has a quote in its name",
                 dir);
        return -1;
    }
    /* the terminal of the format: gnuplot builds differ (gnuplot-nox has the cairo ones) */
    char probe[128];
    snprintf(probe, sizeof probe, "set terminal %s", format->terminal);
    if (run_gnuplot(probe, "/dev/null", err, errlen) < 0) {
        snprintf(err, errlen,
                 "--plot-format %s needs gnuplot's %s terminal, which this gnuplot lacks (`gnuplot "
                 "-e 'set terminal'` lists its terminals)",
                 format->name, format->terminal);
        return -1;
    }
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
    int fd = lt_afile_mkstemp(tmp);
    if (fd < 0) {
        snprintf(err, errlen, "cannot write '%s': %s", final, strerror(errno));
        free(tmp);
        return NULL;
    }
    close(fd);
    return tmp;
}

int lt_plot_pending(const char *kind, const lt_plot_input *in, lt_pending *p, char *err,
                    size_t errlen)
{
    char dir[PATH_MAX];
    snprintf(dir, sizeof dir, "%s%s%s", lt_plots_dir(), kind ? "/" : "", kind ? kind : "");
    const char *surface = in->surface ? in->surface : "", *data = in->data, *base = in->base;
    if (strchr(data, '\'') || strchr(surface, '\'') || strchr(base, '\'') ||
        (in->meta && strchr(in->meta, '\''))) {
        snprintf(err, errlen, "cannot plot a file whose name contains a quote: %s", base);
        return -1;
    }
    DIR *d = opendir(dir);
    if (!d) {
        snprintf(err, errlen, "cannot open the plot scripts directory '%s': %s", dir,
                 strerror(errno));
        return -1;
    }
    char *names[64];
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) && n < 64) {
        size_t len = strlen(e->d_name);
        if (len > 3 && strcmp(e->d_name + len - 3, ".gp") == 0 && e->d_name[0] != '_')
            names[n++] = strdup(e->d_name);
    }
    closedir(d);
    qsort(names, (size_t)n, sizeof *names, cmp_str);
    size_t tl = strlen(base);
    size_t base_len = tl > 4 && strcmp(base + tl - 4, ".tsv") == 0 ? tl - 4 : tl;
    /* what the scripts are told about the table: the same for each of them */
    char *info = n > 0 ? lt_plot_info_defs(in, err, errlen) : NULL;
    int rc = n > 0 && !info ? -1 : 0, made = 0;
    char common[PATH_MAX + 64], tp[32] = "NaN";
    common_defs(common, sizeof common);
    if (isfinite(in->tanPhi)) snprintf(tp, sizeof tp, "%.17g", in->tanPhi);
    for (int i = 0; i < n && rc == 0; i++) {
        if (!names[i]) {
            snprintf(err, errlen, "out of memory");
            rc = -1;
            break;
        }
        char script[2 * PATH_MAX], out[PATH_MAX];
        size_t nl = strlen(names[i]) - 3;
        snprintf(script, sizeof script, "%s/%s", dir, names[i]);
        snprintf(out, sizeof out, "%.*s-%.*s.%s", (int)base_len, base, (int)nl, names[i],
                 format->name);
        char *tmp = temp_beside(out, err, errlen), *final = tmp ? strdup(out) : NULL;
        if (tmp && !final)
            lt_afile_unlink_tmp(tmp), free(tmp), tmp = NULL, snprintf(err, errlen, "out of memory");
        if (!tmp || lt_pending_add(p, tmp, final) < 0) {
            if (tmp) snprintf(err, errlen, "out of memory");
            rc = -1;
            break;
        }
        /* name: the table's final name, for titles (datafile may still be its temporary file) */
        size_t dl = strlen(common) + strlen(info) + strlen(data) + strlen(tmp) + strlen(surface) +
                    strlen(base) + 128;
        char *defs = malloc(dl);
        if (!defs) {
            snprintf(err, errlen, "out of memory");
            rc = -1;
            break;
        }
        snprintf(defs, dl,
                 "%sdatafile='%s'; outfile='%s'; tanphi=%s; surfacefile='%s'; name='%s'; %s",
                 common, data, tmp, tp, surface, base, info);
        rc = run_gnuplot(defs, script, err, errlen);
        free(defs);
        made += rc == 0;
    }
    free(info);
    for (int i = 0; i < n; i++) free(names[i]);
    return rc < 0 ? -1 : made;
}
