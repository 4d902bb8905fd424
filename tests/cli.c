/* tests/cli.c - see cli.h. */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"
#include "check.h"
#include <dirent.h>
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

/* Run `lawtester ARGS` with stdout and stderr captured (files named after this process, so
 * test runs in parallel do not mix). */
void run(result *r, const char *args)
{
    char out[64], err[64], cmd[2048];
    snprintf(out, sizeof out, "/tmp/lt_cli_out.%ld", (long)getpid());
    snprintf(err, sizeof err, "/tmp/lt_cli_err.%ld", (long)getpid());
    snprintf(cmd, sizeof cmd, "%s %s >%s 2>%s", lawtester(), args, out, err);
    int st = system(cmd);
    r->status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    slurp(out, r->out, sizeof r->out);
    slurp(err, r->err, sizeof r->err);
    remove(out);
    remove(err);
}

char *make_tmpdir(void)
{
    static char dir[64];
    strcpy(dir, "/tmp/lt_cli_XXXXXX");
    return mkdtemp(dir);
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

int count_lines(const char *s)
{
    int n = 0;
    for (; *s; s++)
        if (*s == '\n') n++;
    return n;
}

/* One bad script: exit status 1, exactly one line on stderr starting with "FILE:LINE:" and
 * containing `fragment`, and nothing written in the output directory. */
void check_bad(const char *file, int line, const char *fragment)
{
    char *dir = make_tmpdir();
    char args[512], prefix[256];
    snprintf(args, sizeof args, "run tests/bad/%s -o %s", file, dir);
    result r;
    run(&r, args);
    snprintf(prefix, sizeof prefix, "tests/bad/%s:%d: ", file, line);
    CHECK_MSG(r.status == 1, "%s: exit status %d (stderr: %s)", file, r.status, r.err);
    CHECK_MSG(strncmp(r.err, prefix, strlen(prefix)) == 0, "%s: stderr does not start with '%s': %s", file, prefix,
              r.err);
    CHECK_MSG(strstr(r.err, fragment) != NULL, "%s: stderr lacks '%s': %s", file, fragment, r.err);
    CHECK_MSG(count_lines(r.err) == 1, "%s: %d lines on stderr: %s", file, count_lines(r.err), r.err);
    CHECK_MSG(count_files(dir) == 0, "%s: %d files left in the output directory", file, count_files(dir));
    remove_tree(dir);
}

