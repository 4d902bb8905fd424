/* src/afile.c - temporary file + rename, alone or in a set (see afile.h). */
#define _POSIX_C_SOURCE 200809L
#include "afile.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

char *lt_afile_path(const char *dir, const char *prefix, const char *name, const char *suffix)
{
    size_t n = strlen(dir) + strlen(prefix) + strlen(name) + strlen(suffix) + 2;
    char *p = malloc(n);
    if (p) snprintf(p, n, "%s/%s%s%s", dir, prefix, name, suffix);
    return p;
}

int lt_mkdir_p(const char *dir, char *err, size_t errlen)
{
    size_t n = strlen(dir);
    char *p = malloc(n + 1);
    if (!p) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    memcpy(p, dir, n + 1);
    int rc = 0;
    /* each prefix ending before a '/' (and the whole path), from the root down */
    for (size_t i = 1; i <= n && rc == 0; i++) {
        if (i < n && (p[i] != '/' || p[i - 1] == '/')) continue;
        char c = p[i];
        p[i] = 0;
        struct stat st;
        errno = 0;
        if (mkdir(p, 0777) != 0 && errno != EEXIST) rc = errno;
        else if (stat(p, &st) != 0) rc = errno;
        else if (!S_ISDIR(st.st_mode)) rc = ENOTDIR;
        if (rc) {
            if (i < n)
                snprintf(err, errlen, "cannot create directory '%s' (for '%s'): %s", p, dir, strerror(rc));
            else
                snprintf(err, errlen, "cannot create directory '%s': %s", p, strerror(rc));
        }
        p[i] = c;
    }
    free(p);
    return rc ? -1 : 0;
}

int lt_afile_mkstemp(char *path)
{
    int fd = mkstemp(path);
    if (fd < 0) return -1;
    /* mkstemp makes 0600; the published file gets the mode of any new file (0666 & ~umask) */
    mode_t mask = umask(0);
    umask(mask);
    if (fchmod(fd, 0666 & ~mask) != 0) {
        int e = errno;
        close(fd);
        unlink(path);
        errno = e;
        return -1;
    }
    return fd;
}

int lt_afile_open(lt_afile *f, const char *dir, const char *name, const char *suffix, size_t bufsize, char *err,
               size_t errlen)
{
    memset(f, 0, sizeof *f);
    char tmp_suffix[64];
    snprintf(tmp_suffix, sizeof tmp_suffix, "%s.tmp.XXXXXX", suffix);
    f->final_path = lt_afile_path(dir, "", name, suffix);
    f->tmp_path = lt_afile_path(dir, ".", name, tmp_suffix);
    if (!f->final_path || !f->tmp_path) {
        snprintf(err, errlen, "out of memory");
        lt_afile_abort(f);
        return -1;
    }
    if (lt_afile_target_ok(f->final_path, err, errlen) < 0) { /* checked again when it is published */
        free(f->tmp_path);
        f->tmp_path = NULL;
        lt_afile_abort(f);
        return -1;
    }
    int fd = lt_afile_mkstemp(f->tmp_path);
    if (fd < 0) {
        snprintf(err, errlen, "cannot write in output directory '%s': %s", dir, strerror(errno));
        free(f->tmp_path);
        f->tmp_path = NULL;
        lt_afile_abort(f);
        return -1;
    }
    f->fp = fdopen(fd, "w");
    f->buf = malloc(bufsize);
    if (!f->fp || !f->buf) {
        if (!f->fp) close(fd);
        snprintf(err, errlen, "cannot open '%s': %s", f->tmp_path, strerror(errno));
        lt_afile_abort(f);
        return -1;
    }
    setvbuf(f->fp, f->buf, _IOFBF, bufsize);
    return 0;
}

void lt_afile_fail(lt_afile *f, int err_no)
{
    if (!f->failed) f->err_no = err_no;
    f->failed = 1;
}

/* Flush and close; 0 if every write of the file succeeded. */
static int close_checked(lt_afile *f, char *err, size_t errlen)
{
    errno = 0;
    if (!f->failed && (ferror(f->fp) || fflush(f->fp) != 0 || ferror(f->fp))) lt_afile_fail(f, errno);
    errno = 0;
    if (fclose(f->fp) != 0) lt_afile_fail(f, errno);
    f->fp = NULL;
    if (!f->failed) return 0;
    snprintf(err, errlen, "cannot write '%s': %s", f->final_path, strerror(f->err_no ? f->err_no : EIO));
    lt_afile_abort(f);
    return -1;
}

int lt_afile_target_ok(const char *path, char *err, size_t errlen)
{
    struct stat st;
    if (lstat(path, &st) != 0 || S_ISREG(st.st_mode) || S_ISLNK(st.st_mode)) return 0;
    snprintf(err, errlen, "cannot write '%s': the name is taken by %s, not a regular file", path,
             S_ISDIR(st.st_mode) ? "a directory" : S_ISFIFO(st.st_mode) ? "a FIFO" : S_ISSOCK(st.st_mode) ? "a socket"
                                                                                                       : "a device");
    return -1;
}

void lt_afile_remove_stale(const char *path)
{
    struct stat st;
    if (lstat(path, &st) == 0 && (S_ISREG(st.st_mode) || S_ISLNK(st.st_mode))) unlink(path);
}

int lt_afile_commit_as(lt_afile *f, const char *suffix, char *err, size_t errlen)
{
    if (close_checked(f, err, errlen) < 0) return -1;
    size_t n = suffix ? strlen(f->final_path) + strlen(suffix) + 1 : 0;
    char *final = suffix ? malloc(n) : NULL;
    if (final) snprintf(final, n, "%s%s", f->final_path, suffix);
    const char *dest = final ? final : f->final_path;
    if (suffix && !final) {
        snprintf(err, errlen, "out of memory");
        lt_afile_abort(f);
        return -1;
    }
    int taken = lt_afile_target_ok(dest, err, errlen) < 0;
    if (taken || rename(f->tmp_path, dest) != 0) {
        if (!taken) snprintf(err, errlen, "cannot write '%s': %s", dest, strerror(errno));
        free(final);
        lt_afile_abort(f);
        return -1;
    }
    free(final);
    free(f->tmp_path);
    f->tmp_path = NULL;
    lt_afile_abort(f);
    return 0;
}

int lt_afile_commit(lt_afile *f, char *err, size_t errlen) { return lt_afile_commit_as(f, NULL, err, errlen); }

void lt_afile_abort(lt_afile *f)
{
    if (f->fp) fclose(f->fp);
    f->fp = NULL;
    if (f->tmp_path) unlink(f->tmp_path);
    free(f->tmp_path);
    free(f->final_path);
    free(f->buf);
    f->tmp_path = f->final_path = NULL;
    f->buf = NULL;
}

/* ---- sets of files ---------------------------------------------------------------------- */

int lt_pending_add(lt_pending *p, char *tmp, char *final)
{
    if (p->n == p->cap) {
        int cap = p->cap ? 2 * p->cap : 8;
        char **t = realloc(p->tmp, (size_t)cap * sizeof *t);
        if (t) p->tmp = t;
        char **f = t ? realloc(p->final, (size_t)cap * sizeof *f) : NULL;
        if (f) p->final = f;
        if (!t || !f) {
            if (tmp) unlink(tmp);
            free(tmp);
            free(final);
            return -1;
        }
        p->cap = cap;
    }
    p->tmp[p->n] = tmp;
    p->final[p->n] = final;
    p->n++;
    return 0;
}

int lt_afile_close_into(lt_afile *f, lt_pending *p, char *err, size_t errlen)
{
    if (close_checked(f, err, errlen) < 0) return -1;
    char *tmp = f->tmp_path, *final = f->final_path;
    f->tmp_path = f->final_path = NULL;
    lt_afile_abort(f);
    if (lt_pending_add(p, tmp, final) < 0) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    return 0;
}

int lt_pending_publish(lt_pending *p, char *err, size_t errlen)
{
    for (int i = 0; i < p->n; i++)
        if (lt_afile_target_ok(p->final[i], err, errlen) < 0) { /* never renamed over, never written through */
            lt_pending_discard(p);
            return -1;
        }
    int rc = 0;
    for (int i = 0; i < p->n; i++) {
        if (rc == 0 && rename(p->tmp[i], p->final[i]) != 0) {
            snprintf(err, errlen, "cannot write '%s': %s", p->final[i], strerror(errno));
            rc = -1;
        }
        if (rc < 0) unlink(p->tmp[i]);
        free(p->tmp[i]);
        free(p->final[i]);
    }
    free(p->tmp);
    free(p->final);
    memset(p, 0, sizeof *p);
    return rc;
}

void lt_pending_discard(lt_pending *p)
{
    for (int i = 0; i < p->n; i++) {
        unlink(p->tmp[i]);
        free(p->tmp[i]);
        free(p->final[i]);
    }
    free(p->tmp);
    free(p->final);
    memset(p, 0, sizeof *p);
}
