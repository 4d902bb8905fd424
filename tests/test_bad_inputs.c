/* tests/test_bad_inputs.c - every script under tests/bad/ run as the header in its first lines
 * says (tests/bad/README.md): the command (`run` with a fresh output directory, or `verify`) and
 * its extra arguments, then the exit status, the error line (exact, or its start), the warnings
 * before it, and what the output directory holds afterwards (nothing; exactly the partial record
 * of a failed run; or the complete files named).  A script without a header, or with a key the
 * walker does not know, fails by name.  The scripts run in parallel, a few seconds in all. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "cli.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define BAD_DIR "tests/bad"
/* A script has this long to end: the budget-limited ones end in well under a second, the rest
 * in milliseconds; valgrind (make check-valgrind) runs ~50 times slower and a loaded machine
 * slower still.  A script still running then is a hang: killed and failed. */
#define SCRIPT_WALL_SECONDS 120.0
/* stderr read back: the longest expected line is ~500 bytes, the warnings a few hundred each */
#define ERR_BYTES 16384

typedef enum { KIND_NONE, KIND_RUN, KIND_VERIFY, KIND_MODULE, KIND_ELSEWHERE } bad_kind;

/* One script: its header as parsed, then its run. */
typedef struct bad_script {
    char path[256];
    bad_kind kind;
    char args[256];  /* extra arguments of the command */
    int status;      /* expect-status; -1: not given */
    char line[2048]; /* expect-stderr or expect-stderr-prefix ($OUT: the output directory) */
    int line_is_prefix;
    int warnings;        /* expect-warnings: lines "warning: PATH:" before the error */
    char files[256];     /* expect-files: complete files left in the output directory */
    char partial[64];    /* expect-partial: NAME of NAME.tsv.partial and NAME.meta.partial */
    long partial_rows;   /* rows of NAME.tsv.partial after its header */
    char elsewhere[256]; /* expect: elsewhere FILE (why) */
    char problem[512];   /* what is wrong with the header, if anything */
    char work[300];      /* this script's directory: out/ (the -o directory), stdout, stderr */
    pid_t pid;
    double started;
    int ended, killed, wait_status;
} bad_script;

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* ---- the header ------------------------------------------------------------------------------ */

/* src into dst (at most n - 1 bytes, NUL-terminated) */
static void copy_text(char *dst, size_t n, const char *src)
{
    size_t len = strlen(src);
    if (len >= n) len = n - 1;
    memcpy(dst, src, len);
    dst[len] = 0;
}

/* The value of "-- KEY: value" into buf if line is that key's line. */
static int header_value(const char *line, const char *key, char *buf, size_t n)
{
    size_t kl = strlen(key);
    if (strncmp(line, "-- ", 3) != 0 || strncmp(line + 3, key, kl) != 0 ||
        strncmp(line + 3 + kl, ": ", 2) != 0)
        return 0;
    copy_text(buf, n, line + 3 + kl + 2);
    return 1;
}

/* The command line "run ARGS" or "verify ARGS". */
static void parse_command(bad_script *s, const char *v)
{
    const char *rest = NULL;
    if (strncmp(v, "run", 3) == 0 && (v[3] == 0 || v[3] == ' '))
        s->kind = KIND_RUN, rest = v + 3;
    else if (strncmp(v, "verify", 6) == 0 && (v[6] == 0 || v[6] == ' '))
        s->kind = KIND_VERIFY, rest = v + 6;
    else
        snprintf(s->problem, sizeof s->problem, "command '%.200s': expected run or verify", v);
    if (rest) copy_text(s->args, sizeof s->args, rest + (*rest == ' '));
}

/* "module, ..." or "elsewhere tests/FILE.c (why)". */
static void parse_expect(bad_script *s, const char *v)
{
    if (strncmp(v, "module", 6) == 0)
        s->kind = KIND_MODULE;
    else if (sscanf(v, "elsewhere %255s", s->elsewhere) == 1)
        s->kind = KIND_ELSEWHERE;
    else
        snprintf(s->problem, sizeof s->problem,
                 "expect '%.200s': expected 'module' or 'elsewhere FILE (why)'", v);
}

/* One header line; 0 if the line is not part of the header (the header ends there). */
static int parse_header_line(bad_script *s, const char *line)
{
    char v[2048];
    if (header_value(line, "command", v, sizeof v))
        parse_command(s, v);
    else if (header_value(line, "expect", v, sizeof v))
        parse_expect(s, v);
    else if (header_value(line, "expect-status", v, sizeof v))
        s->status = atoi(v);
    else if (header_value(line, "expect-stderr", v, sizeof v))
        copy_text(s->line, sizeof s->line, v);
    else if (header_value(line, "expect-stderr-prefix", v, sizeof v))
        copy_text(s->line, sizeof s->line, v), s->line_is_prefix = 1;
    else if (header_value(line, "expect-warnings", v, sizeof v))
        s->warnings = atoi(v);
    else if (header_value(line, "expect-files", v, sizeof v))
        copy_text(s->files, sizeof s->files, v);
    else if (header_value(line, "expect-partial", v, sizeof v)) {
        if (sscanf(v, "%63s %ld", s->partial, &s->partial_rows) != 2)
            snprintf(s->problem, sizeof s->problem, "expect-partial '%.200s': expected NAME ROWS",
                     v);
    } else if (strncmp(line, "-- expect", 9) == 0 || strncmp(line, "-- command", 10) == 0)
        snprintf(s->problem, sizeof s->problem, "unknown header line '%.200s'", line);
    else
        return 0;
    return 1;
}

/* A header says how to run the script and what to expect, completely. */
static void check_header_complete(bad_script *s)
{
    if (s->problem[0]) return;
    if (s->kind == KIND_NONE)
        snprintf(s->problem, sizeof s->problem,
                 "no header: its first lines must say how it is run and what it gives "
                 "(tests/bad/README.md)");
    else if ((s->kind == KIND_RUN || s->kind == KIND_VERIFY) && (s->status < 0 || !s->line[0]))
        snprintf(s->problem, sizeof s->problem, "the header needs expect-status and expect-stderr");
    else if (s->kind == KIND_VERIFY && (s->files[0] || s->partial[0]))
        snprintf(s->problem, sizeof s->problem,
                 "verify writes no files: expect-files and expect-partial are for run");
}

/* Read the header of s->path. */
static void read_header(bad_script *s)
{
    s->status = -1;
    FILE *f = fopen(s->path, "r");
    if (!f) {
        snprintf(s->problem, sizeof s->problem, "cannot read: %s", strerror(errno));
        return;
    }
    char line[4096];
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = 0;
        if (!parse_header_line(s, line)) break;
    }
    fclose(f);
    check_header_complete(s);
}

/* ---- the walk -------------------------------------------------------------------------------- */

typedef struct script_list {
    bad_script *s;
    size_t n, cap;
    int links; /* symbolic links met (fixtures of require's refusals, not scripts) */
} script_list;

static void add_script(script_list *l, const char *path)
{
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 256;
        bad_script *s = realloc(l->s, cap * sizeof *s);
        if (!s) return;
        l->s = s, l->cap = cap;
    }
    bad_script *s = &l->s[l->n++];
    memset(s, 0, sizeof *s);
    CHECK_MSG(strlen(path) < sizeof s->path, "%s: a path longer than %zu bytes", path,
              sizeof s->path - 1);
    snprintf(s->path, sizeof s->path, "%.255s", path);
    read_header(s);
}

/* Every .lua file under dir (a symbolic link is counted and skipped: modules/outside.lua points
 * outside tests/bad on purpose, for require_symlink.lua); any other file but the README fails. */
static void walk(script_list *l, const char *dir)
{
    DIR *d = opendir(dir);
    CHECK_MSG(d != NULL, "cannot open %s", dir);
    struct dirent *e;
    while (d && (e = readdir(d))) {
        if (e->d_name[0] == '.') continue;
        char path[600];
        struct stat st;
        snprintf(path, sizeof path, "%s/%.300s", dir, e->d_name);
        if (lstat(path, &st) != 0) continue;
        if (S_ISLNK(st.st_mode))
            l->links++;
        else if (S_ISDIR(st.st_mode))
            walk(l, path);
        else if (strlen(path) > 4 && strcmp(path + strlen(path) - 4, ".lua") == 0)
            add_script(l, path);
        else
            CHECK_MSG(strcmp(e->d_name, "README.md") == 0,
                      "%s: not a .lua script (tests/bad holds scripts and its README.md)", path);
    }
    if (d) closedir(d);
}

static int by_path(const void *a, const void *b)
{
    return strcmp(((const bad_script *)a)->path, ((const bad_script *)b)->path);
}

/* ---- running them ---------------------------------------------------------------------------- */

/* Start s: `lawtester run PATH -o WORK/out ARGS` or `lawtester verify PATH ARGS`, stdout and
 * stderr into WORK/, stdin empty, in a process group of its own (killed whole on a hang). */
static void start(bad_script *s, const char *top, int index)
{
    char cmd[1024], path[400];
    snprintf(s->work, sizeof s->work, "%s/%d", top, index);
    snprintf(path, sizeof path, "%s/out", s->work);
    if (mkdir(s->work, 0700) != 0 || mkdir(path, 0700) != 0) {
        snprintf(s->problem, sizeof s->problem, "cannot make %s", path);
        s->ended = 1;
        return;
    }
    if (s->kind == KIND_RUN)
        snprintf(cmd, sizeof cmd, "exec %s run '%s' -o '%s' %s", lawtester(), s->path, path,
                 s->args);
    else
        snprintf(cmd, sizeof cmd, "exec %s verify '%s' %s", lawtester(), s->path, s->args);
    char out[400], err[400];
    snprintf(out, sizeof out, "%s/stdout", s->work);
    snprintf(err, sizeof err, "%s/stderr", s->work);
    fflush(stdout);
    fflush(stderr);
    s->started = now_seconds();
    s->pid = fork();
    if (s->pid == 0) {
        setpgid(0, 0);
        int in = open("/dev/null", O_RDONLY), o = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0600),
            e = open(err, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        if (in < 0 || o < 0 || e < 0) _exit(126);
        dup2(in, 0), dup2(o, 1), dup2(e, 2);
        execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
        _exit(127);
    }
    if (s->pid < 0)
        snprintf(s->problem, sizeof s->problem, "fork: %s", strerror(errno)), s->ended = 1;
}

/* 1 if s has ended (reaped now or before); a script past SCRIPT_WALL_SECONDS is killed. */
static int reap(bad_script *s)
{
    if (s->ended) return 1;
    if (waitpid(s->pid, &s->wait_status, WNOHANG) == s->pid) return s->ended = 1;
    if (!s->killed && now_seconds() - s->started > SCRIPT_WALL_SECONDS) {
        kill(-s->pid, SIGKILL);
        s->killed = 1;
    }
    return 0;
}

/* How many scripts run at once: one per online CPU, at most 8 (1 when LT_TEST_JOBS=1 asks the
 * runner for one thing at a time). */
static int script_jobs(void)
{
    const char *env = getenv("LT_TEST_JOBS");
    if (env && atoi(env) == 1) return 1;
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    return cpus < 1 ? 1 : cpus > 8 ? 8 : (int)cpus;
}

/* Run every runnable script of l, jobs at a time. */
static void run_all(script_list *l, const char *top)
{
    int jobs = script_jobs(), running = 0;
    size_t next = 0, *live = calloc((size_t)jobs, sizeof *live);
    if (!live) return;
    while (next < l->n || running) {
        while (running < jobs && next < l->n) {
            bad_script *s = &l->s[next];
            if (!s->problem[0] && (s->kind == KIND_RUN || s->kind == KIND_VERIFY)) {
                start(s, top, (int)next);
                if (!s->ended) live[running++] = next;
            }
            next++;
        }
        int reaped = 0;
        for (int j = 0; j < running; j++)
            if (reap(&l->s[live[j]])) live[j--] = live[--running], reaped = 1;
        if (!reaped && running) nanosleep(&(struct timespec){0, 1000000}, NULL);
    }
    free(live);
}

/* ---- what they gave -------------------------------------------------------------------------- */

/* text with every "$OUT" replaced by out, into buf */
static void expand_out(const char *text, const char *out, char *buf, size_t n)
{
    size_t k = 0;
    for (const char *p = text; *p && k + 1 < n;) {
        if (strncmp(p, "$OUT", 4) == 0) {
            k += (size_t)snprintf(buf + k, n - k, "%s", out);
            if (k >= n) k = n - 1;
            p += 4;
        } else
            buf[k++] = *p++;
    }
    buf[k] = 0;
}

/* The expected line starts "tests/bad/FILE.lua:LINE: " (a module's file for a module's error). */
static int names_file_and_line(const char *line)
{
    const char *lua = strstr(line, ".lua:");
    if (strncmp(line, BAD_DIR "/", strlen(BAD_DIR) + 1) != 0 || !lua) return 0;
    const char *p = lua + 5;
    while (*p >= '0' && *p <= '9') p++;
    return p > lua + 5 && p[0] == ':' && p[1] == ' ';
}

/* stderr: the warnings the header counts (each "warning: PATH:"), then the one error line. */
static void check_stderr(const bad_script *s, const char *err, const char *want)
{
    const char *p = err;
    char warn[300];
    snprintf(warn, sizeof warn, "warning: %s:", s->path);
    for (int w = 0; w < s->warnings; w++) {
        const char *nl = strchr(p, '\n');
        CHECK_MSG(strncmp(p, warn, strlen(warn)) == 0 && nl,
                  "%s: line %d of stderr is not a warning naming the script: %.300s", s->path,
                  w + 1, p);
        if (!nl) return;
        p = nl + 1;
    }
    CHECK_MSG(count_lines(p) == 1 && p[strlen(p) - 1] == '\n',
              "%s: %d lines on stderr after %d warnings, expected one: %.600s", s->path,
              count_lines(p), s->warnings, err);
    size_t len = strcspn(p, "\n"), wl = strlen(want);
    int ok = s->line_is_prefix ? len >= wl && strncmp(p, want, wl) == 0
                               : len == wl && strncmp(p, want, wl) == 0;
    CHECK_MSG(ok, "%s: stderr %s\n  expected: %s\n  obtained: %.*s", s->path,
              s->line_is_prefix ? "does not start with" : "differs", want, (int)len, p);
}

/* The last line of text into buf (without its newline). */
static void last_line(const char *text, char *buf, size_t n)
{
    size_t len = strlen(text);
    while (len && text[len - 1] == '\n') len--;
    size_t b = len;
    while (b && text[b - 1] != '\n') b--;
    snprintf(buf, n, "%.*s", (int)(len - b), text + b);
}

/* A failed run's partial record: the table's header and partial_rows rows; the sidecar's last line
 * `status<TAB>failed: ` and, when stderr names the partial record, the same message. */
static void check_partial(const bad_script *s, const char *out, const char *errline)
{
    size_t size = 1 << 20;
    char *text = malloc(size), path[600], last[2400], tail[700];
    if (!text) return;
    snprintf(path, sizeof path, "%s/%s.tsv.partial", out, s->partial);
    slurp(path, text, size);
    CHECK_MSG(strncmp(text, "step\ttime\tstage\t", 16) == 0, "%s: %s.tsv.partial: %.80s", s->path,
              s->partial, text);
    CHECK_MSG(count_lines(text) == 1 + s->partial_rows,
              "%s: %s.tsv.partial has %d rows, expected %ld", s->path, s->partial,
              count_lines(text) - 1, s->partial_rows);
    snprintf(path, sizeof path, "%s/%s.meta.partial", out, s->partial);
    slurp(path, text, size);
    last_line(text, last, sizeof last);
    CHECK_MSG(strncmp(last, "status\tfailed: ", 15) == 0, "%s: last line of %s.meta.partial: %s",
              s->path, s->partial, last);
    snprintf(tail, sizeof tail, " [rows up to the failure kept in %s/%s.tsv.partial]", out,
             s->partial);
    size_t el = strlen(errline), tl = strlen(tail);
    if (el > tl && strcmp(errline + el - tl, tail) == 0)
        CHECK_MSG(strlen(last) == 15 + el - tl && strncmp(last + 15, errline, el - tl) == 0,
                  "%s: %s.meta.partial's status is not the error: %s", s->path, s->partial, last);
    free(text);
}

/* The output directory holds exactly the files the header names (none by default). */
static void check_outputs(const bad_script *s, const char *out)
{
    char want[400];
    if (s->partial[0])
        snprintf(want, sizeof want, " %s.meta.partial %s.tsv.partial ", s->partial, s->partial);
    else
        snprintf(want, sizeof want, " %s ", s->files);
    int expected = 0;
    for (const char *p = want; *p; p++) expected += p[0] != ' ' && (p[1] == ' ' || p[1] == 0);
    DIR *d = opendir(out);
    struct dirent *e;
    int found = 0;
    while (d && (e = readdir(d))) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
        char name[300];
        snprintf(name, sizeof name, " %s ", e->d_name);
        CHECK_MSG(strstr(want, name) != NULL,
                  "%s: the run left %s in its output directory (expected: %s)", s->path, e->d_name,
                  expected ? want : "nothing");
        found++;
    }
    if (d) closedir(d);
    CHECK_MSG(found == expected, "%s: %d files in the output directory, expected %d:%s", s->path,
              found, expected, want);
}

/* Everything the header of a script that ran expects. */
static void check_script(const bad_script *s)
{
    char path[400], out[400], want[4096];
    char *err = malloc(ERR_BYTES), *sout = malloc(ERR_BYTES);
    if (!err || !sout) {
        free(err);
        free(sout);
        return;
    }
    snprintf(out, sizeof out, "%s/out", s->work);
    snprintf(path, sizeof path, "%s/stderr", s->work);
    slurp(path, err, ERR_BYTES);
    snprintf(path, sizeof path, "%s/stdout", s->work);
    slurp(path, sout, ERR_BYTES);
    int status = WIFEXITED(s->wait_status) ? WEXITSTATUS(s->wait_status) : -1;
    if (s->killed)
        CHECK_MSG(0, "%s: still running after %.0f s: killed", s->path, SCRIPT_WALL_SECONDS);
    else
        CHECK_MSG(status == s->status, "%s: exit status %d, expected %d (stderr: %.400s)", s->path,
                  status, s->status, err);
    CHECK_MSG(names_file_and_line(s->line),
              "%s: the expected line does not start with tests/bad/FILE.lua:LINE: %s", s->path,
              s->line);
    expand_out(s->line, out, want, sizeof want);
    check_stderr(s, err, want);
    if (s->kind == KIND_VERIFY)
        CHECK_MSG(sout[0] == 0, "%s: verify printed rows for a bad file: %.300s", s->path, sout);
    check_outputs(s, out);
    const char *errline = err;
    for (int w = 0; w < s->warnings && strchr(errline, '\n'); w++)
        errline = strchr(errline, '\n') + 1;
    char line[4096];
    snprintf(line, sizeof line, "%.*s", (int)strcspn(errline, "\n"), errline);
    if (s->partial[0]) check_partial(s, out, line);
    free(err);
    free(sout);
}

/* A script checked by a C test of its own: that file exists and names the script. */
static void check_elsewhere(const bad_script *s)
{
    size_t size = 1 << 20;
    char *text = malloc(size);
    if (!text) return;
    slurp(s->elsewhere, text, size);
    CHECK_MSG(strstr(text, s->path) != NULL,
              "%s: its header sends it to %s, which does not name it", s->path, s->elsewhere);
    free(text);
}

/* ---- the test -------------------------------------------------------------------------------- */

static void test_every_bad_script(void)
{
    script_list l = {0};
    walk(&l, BAD_DIR);
    CHECK_MSG(l.n > 0, "no scripts under %s (run from the repository's top)", BAD_DIR);
    qsort(l.s, l.n, sizeof *l.s, by_path);
    char top[] = "/tmp/lt_bad_XXXXXX";
    CHECK(mkdtemp(top) != NULL);
    double t0 = now_seconds();
    run_all(&l, top);
    int ran = 0, modules = 0, elsewhere = 0;
    for (size_t i = 0; i < l.n; i++) {
        bad_script *s = &l.s[i];
        if (s->problem[0])
            CHECK_MSG(0, "%s: %s", s->path, s->problem);
        else if (s->kind == KIND_MODULE)
            modules++;
        else if (s->kind == KIND_ELSEWHERE)
            check_elsewhere(s), elsewhere++;
        else
            check_script(s), ran++;
    }
    printf("     (%zu scripts under %s: %d run in %.1f s, %d modules, %d checked elsewhere; %d "
           "symbolic link)\n",
           l.n, BAD_DIR, ran, now_seconds() - t0, modules, elsewhere, l.links);
    remove_tree(top);
    free(l.s);
}

/* A table with several unknown keys names the same one on every run: the first in the source.
 * Lua seeds its string hashes per process, so the order of its table walk, which once chose the
 * key named, changes from run to run; RUNS processes would have drawn more than one of the four
 * keys with a probability of about 1 - 4 (1/4)^RUNS. */
#define RUNS 8
static void test_unknown_keys_named_the_same_every_run(void)
{
    const char *script = "tests/bad/unknown_keys_first_in_source.lua";
    char first[sizeof((result *)0)->err] = "";
    for (int i = 0; i < RUNS; i++) {
        static result r;
        char args[300];
        snprintf(args, sizeof args, "run %s", script);
        run(&r, args);
        CHECK_MSG(r.status == 1 && strstr(r.err, ":8: field zeta: unknown key 'zeta'"),
                  "run %d: %s", i, r.err);
        if (i == 0)
            snprintf(first, sizeof first, "%s", r.err);
        else
            CHECK_MSG(strcmp(first, r.err) == 0, "run %d named another key: %s", i, r.err);
    }
}

const test_case bad_inputs_tests[] = {
    TEST(every_bad_script),
    TEST(unknown_keys_named_the_same_every_run),
    {NULL, NULL},
};
