/* tests/cli.c - see cli.h. */
#define _XOPEN_SOURCE 700 /* posix_openpt, grantpt, ptsname: run_on_terminal */
#include "cli.h"
#include "check.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

const char *lawtester(void)
{
    const char *l = getenv("LAWTESTER");
    return l && *l ? l : "./lawtester";
}

void slurp(const char *path, char *buf, size_t n)
{
    FILE *f = fopen(path, "rb");
    size_t got = f ? fread(buf, 1, n - 1, f) : 0;
    buf[got] = 0;
    if (f) fclose(f);
}

char *slurp_all(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 1 << 16, n = 0;
    char *s = malloc(cap);
    for (size_t k; s && (k = fread(s + n, 1, cap - n - 1, f)) > 0;) {
        n += k;
        if (n + 1 == cap) {
            char *t = realloc(s, cap *= 2);
            if (!t) free(s);
            s = t;
        }
    }
    fclose(f);
    if (s) s[n] = 0;
    return s;
}

/* Run `PREFIX lawtester ARGS` with stdout and stderr captured (files named after this process,
 * so test runs in parallel do not mix). */
void run_with(result *r, const char *prefix, const char *args)
{
    char out[64], err[64], cmd[4096];
    snprintf(out, sizeof out, "/tmp/lt_cli_out.%ld", (long)getpid());
    snprintf(err, sizeof err, "/tmp/lt_cli_err.%ld", (long)getpid());
    snprintf(cmd, sizeof cmd, "%s %s %s >%s 2>%s", prefix, lawtester(), args, out, err);
    int st = system(cmd);
    r->status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    slurp(out, r->out, sizeof r->out);
    slurp(err, r->err, sizeof r->err);
    remove(out);
    remove(err);
}

void run(result *r, const char *args) { run_with(r, "", args); }

void run_timeout(result *r, int seconds, const char *args)
{
    char prefix[64];
    snprintf(prefix, sizeof prefix, "timeout -k 5 %d", seconds);
    run_with(r, prefix, args);
}

char *make_tmpdir(void)
{
    static char dir[64];
    strcpy(dir, "/tmp/lt_cli_XXXXXX");
    return mkdtemp(dir);
}

int dir_has_file_with(const char *dir, const char *part)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    int found = 0;
    while (d && (e = readdir(d)))
        if (strstr(e->d_name, part)) found = 1;
    if (d) closedir(d);
    return found;
}

int count_files(const char *dir)
{
    DIR *d = opendir(dir);
    int n = 0;
    struct dirent *e;
    while (d && (e = readdir(d)))
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) n++;
    if (d) closedir(d);
    return n;
}

void remove_tree(const char *dir)
{
    char cmd[256];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0) fprintf(stderr, "cannot remove %s\n", dir);
}

const char *meta_value(const char *meta, const char *key, char *buf, size_t n)
{
    size_t kl = strlen(key);
    for (const char *p = meta; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL)
        if (strncmp(p, key, kl) == 0 && p[kl] == '\t') {
            const char *v = p + kl + 1, *e = strchr(v, '\n');
            size_t len = e ? (size_t)(e - v) : strlen(v);
            if (len >= n) len = n - 1;
            memcpy(buf, v, len);
            buf[len] = 0;
            return buf;
        }
    return NULL;
}

int count_lines(const char *s)
{
    int n = 0;
    for (; *s; s++)
        if (*s == '\n') n++;
    return n;
}

/* One bad script: exit status 1, exactly one line on stderr starting with "FILE:LINE:" and
 * containing `fragment`, and nothing written in the output directory. */
/* stderr after its leading plausibility warnings (lines "warning: ..."; the fault scripts are
 * extreme on purpose and draw them), so that the error is its first line. */
static const char *after_warnings(const char *err)
{
    while (strncmp(err, "warning: ", 9) == 0) {
        const char *nl = strchr(err, '\n');
        if (!nl) break;
        err = nl + 1;
    }
    return err;
}

/* Exit status 1 and, after any warnings, one line on stderr starting with prefix and holding
 * fragment. */
static void check_one_error_line(const char *file, const result *r, const char *prefix,
                                 const char *fragment)
{
    const char *err = after_warnings(r->err);
    CHECK_MSG(r->status == 1, "%s: exit status %d (stderr: %s)", file, r->status, r->err);
    CHECK_MSG(strncmp(err, prefix, strlen(prefix)) == 0, "%s: stderr does not start with '%s': %s",
              file, prefix, r->err);
    CHECK_MSG(strstr(err, fragment) != NULL, "%s: stderr lacks '%s': %s", file, fragment, r->err);
    CHECK_MSG(count_lines(err) == 1, "%s: %d lines on stderr: %s", file, count_lines(err), r->err);
}

void check_bad_opts(const char *file, const char *opts, int line, const char *fragment)
{
    char *dir = make_tmpdir();
    char args[512], prefix[256];
    snprintf(args, sizeof args, "run tests/bad/%s -o %s %s", file, dir, opts);
    result r;
    run(&r, args);
    snprintf(prefix, sizeof prefix, "tests/bad/%s:%d: ", file, line);
    check_one_error_line(file, &r, prefix, fragment);
    CHECK_MSG(count_files(dir) == 0, "%s: %d files left in the output directory", file,
              count_files(dir));
    remove_tree(dir);
}

void check_bad(const char *file, int line, const char *fragment)
{
    check_bad_opts(file, "", line, fragment);
}

/* The last line of text (without its newline) into buf. */
static void last_line_of(const char *text, char *buf, size_t n)
{
    size_t len = strlen(text);
    while (len && text[len - 1] == '\n') len--;
    size_t b = len;
    while (b && text[b - 1] != '\n') b--;
    snprintf(buf, n, "%.*s", (int)(len - b), text + b);
}

void check_failed_run(const char *file, const char *opts, int line, const char *fragment,
                      const char *name, int min_rows)
{
    char *dir = make_tmpdir();
    char args[1024], prefix[256], path[512], want[600];
    snprintf(args, sizeof args, "run %s -o %s %s", file, dir, opts);
    result r;
    run(&r, args);
    snprintf(prefix, sizeof prefix, "%s:%d: ", file, line);
    check_one_error_line(file, &r, prefix, fragment);
    snprintf(want, sizeof want, "[rows up to the failure kept in %s/%s.tsv.partial]", dir, name);
    CHECK_MSG(strstr(r.err, want) != NULL, "%s: stderr does not name the partial record: %s", file,
              r.err);
    CHECK_MSG(count_files(dir) == 2,
              "%s: %d files in the output directory, expected the two partial ones", file,
              count_files(dir));
    struct stat st;
    snprintf(path, sizeof path, "%s/%s.tsv", dir, name);
    CHECK_MSG(stat(path, &st) != 0, "%s: the failed run wrote %s", file, path);
    size_t size = 1 << 20;
    char *text = malloc(size);
    if (!text) return;
    snprintf(path, sizeof path, "%s/%s.tsv.partial", dir, name);
    slurp(path, text, size);
    CHECK_MSG(strncmp(text, "step\ttime\tstage\t", 16) == 0, "%s: partial record: %.80s", file,
              text);
    CHECK_MSG(count_lines(text) >= 1 + min_rows, "%s: partial record has %d lines, expected >= %d",
              file, count_lines(text), 1 + min_rows);
    snprintf(path, sizeof path, "%s/%s.meta.partial", dir, name);
    slurp(path, text, size);
    char last[1200];
    last_line_of(text, last, sizeof last);
    CHECK_MSG(strncmp(last, "status\tfailed: ", 15) == 0 && strstr(last, fragment),
              "%s: last line of the .meta.partial: %s", file, last);
    free(text);
    remove_tree(dir);
}

int under_valgrind(void)
{
    const char *v = getenv("LAWTESTER_VALGRIND");
    return v && *v && strcmp(v, "0") != 0;
}

int lines_with(const char *text, const char *a, const char *b, const char *c)
{
    int n = 0;
    for (const char *l = text; *l;) {
        const char *e = strchr(l, '\n');
        size_t len = e ? (size_t)(e - l) : strlen(l);
        char line[4096];
        snprintf(line, sizeof line, "%.*s", (int)(len < sizeof line ? len : sizeof line - 1), l);
        if ((!a || strstr(line, a)) && (!b || strstr(line, b)) && (!c || strstr(line, c))) n++;
        l += len + (e ? 1 : 0);
    }
    return n;
}

static char saved_asan[1024], saved_lawtester[1024];
static int had_asan, had_lawtester;

void real_faults_begin(void)
{
    static char asan[1100];
    const char *old = getenv("ASAN_OPTIONS"), *lt = getenv("LAWTESTER");
    had_asan = old != NULL;
    snprintf(saved_asan, sizeof saved_asan, "%s", old ? old : "");
    had_lawtester = lt != NULL;
    snprintf(saved_lawtester, sizeof saved_lawtester, "%s", lt ? lt : "");
    snprintf(asan, sizeof asan, "%s%shandle_segv=0:handle_sigbus=0:handle_sigfpe=0:handle_abort=0",
             saved_asan, *saved_asan ? ":" : "");
    setenv("ASAN_OPTIONS", asan, 1);
    if (under_valgrind() && lt && strstr(lt, "valgrind")) setenv("LAWTESTER", "./lawtester", 1);
}

const char *write_fault_script(const char *dir, const char *name, const char *law, const char *mode,
                               int at)
{
    static char path[400];
    snprintf(path, sizeof path, "%s/%s.lua", dir, name);
    FILE *f = fopen(path, "w");
    if (!f) return path;
    fprintf(f,
            "return { name = '%s', law = '%s', params = { mode = '%s', at = %d }, dt = 1e-6,\n"
            "  record = { every = 1 },\n"
            "  stages = {\n"
            "    { whats = 'v.....', values = {-1, 0,0,0,0,0}, till = 'C and C.uN <= -1e-3' },\n"
            "    { whats = 'v.....', values = {1, 0,0,0,0,0}, till = 'not C' },\n"
            "  } }\n",
            name, law, mode, at);
    fclose(f);
    return path;
}

void real_faults_end(void)
{
    if (had_asan)
        setenv("ASAN_OPTIONS", saved_asan, 1);
    else
        unsetenv("ASAN_OPTIONS");
    if (had_lawtester)
        setenv("LAWTESTER", saved_lawtester, 1);
    else
        unsetenv("LAWTESTER");
}

int run_on_terminal(const char *cmd, char *buf, size_t n)
{
    buf[0] = 0;
    int master = posix_openpt(O_RDWR | O_NOCTTY);
    if (master < 0 || grantpt(master) != 0 || unlockpt(master) != 0) {
        if (master >= 0) close(master);
        return -1;
    }
    const char *slave_name = ptsname(master);
    int slave = slave_name ? open(slave_name, O_RDWR | O_NOCTTY) : -1;
    if (slave < 0) {
        close(master);
        return -1;
    }
    pid_t pid = fork();
    if (pid == 0) {
        int devnull = open("/dev/null", O_WRONLY);
        if (devnull < 0) _exit(126);
        dup2(slave, 2);
        dup2(devnull, 1);
        close(master);
        execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
        _exit(127);
    }
    close(slave); /* the child holds the terminal now: reading ends with EIO when it exits */
    size_t got_all = 0;
    for (;;) {
        ssize_t got = read(master, buf + got_all, n - 1 - got_all);
        if (got > 0)
            got_all += (size_t)got;
        else if (got < 0 && errno == EINTR)
            continue;
        else
            break;
        if (got_all == n - 1) break;
    }
    buf[got_all] = 0;
    int st;
    waitpid(pid, &st, 0);
    close(master);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

void put_file(const char *dir, const char *name, const char *text)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    CHECK_MSG(f != NULL, "cannot create %s", path);
    if (f) fputs(text, f), fclose(f);
}
