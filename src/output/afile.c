/* src/output/afile.c - temporary file + rename, alone or in a set (see afile.h). */
#define _GNU_SOURCE /* fopencookie: a stream whose buffer lives in the watch page */
#include "output/afile.h"
#include "base/quote.h"
#include "base/watch.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* A path for a message: control characters escaped, shortened in the middle (quote.h); a few
 * rotating buffers, for one snprintf call. */
static const char *qp(const char *path)
{
    static char buf[4][LT_QUOTE_KEEP + 8];
    static int next;
    char *b = buf[next++ % 4];
    return lt_quote(path, b, LT_QUOTE_KEEP + 8, LT_QUOTE_KEEP);
}

char *lt_afile_path(const char *dir, const char *prefix, const char *name, const char *suffix)
{
    size_t n = strlen(dir) + strlen(prefix) + strlen(name) + strlen(suffix) + 2;
    char *p = malloc(n);
    if (p) snprintf(p, n, "%s/%s%s%s", dir, prefix, name, suffix);
    return p;
}

int lt_mkdir_p(const char *dir, char *err, size_t errlen)
{
    lt_watch_home(); /* paths from lawtester's own directory, whatever a law did */
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
        if (mkdir(p, 0777) != 0 && errno != EEXIST)
            rc = errno;
        else if (stat(p, &st) != 0)
            rc = errno;
        else if (!S_ISDIR(st.st_mode))
            rc = ENOTDIR;
        if (rc) {
            if (i < n)
                snprintf(err, errlen, "cannot create directory '%s' (for '%s'): %s", qp(p), qp(dir),
                         strerror(rc));
            else
                snprintf(err, errlen, "cannot create directory '%s': %s", qp(p), strerror(rc));
        }
        p[i] = c;
    }
    free(p);
    return rc ? -1 : 0;
}

/* Forget the temporary file tmp in the watch page (after it was renamed or removed). */
static void unwatch(const char *tmp) { lt_watch_drop_file(lt_watch_find_file(tmp)); }

void lt_afile_unlink_tmp(const char *tmp)
{
    lt_watch_home(); /* paths from lawtester's own directory, whatever a law did */
    if (!tmp) return;
    unlink(tmp);
    unwatch(tmp);
}

int lt_afile_mkstemp(char *path)
{
    lt_watch_home(); /* paths from lawtester's own directory, whatever a law did */
    int fd = mkstemp(path);
    if (fd < 0) return -1;
    /* held while the file is a temporary (its descriptor in the watch page): a temporary that
     * nobody holds belongs to a run that is gone, and the next run reclaims it */
    int slot = lt_watch_add_file(path, NULL, LT_WF_TEMP);
    if (slot >= 0 && flock(fd, LOCK_EX | LOCK_NB) == 0)
        lt_watch_page->files[slot].lock_fd = fcntl(fd, F_DUPFD_CLOEXEC, 3);
    /* mkstemp makes 0600; the published file gets the mode of any new file (0666 & ~umask) */
    mode_t mask = umask(0);
    umask(mask);
    if (fchmod(fd, 0666 & ~mask) != 0) {
        int e = errno;
        close(fd);
        lt_afile_unlink_tmp(path);
        errno = e;
        return -1;
    }
    return fd;
}

/* ---- streams whose unwritten bytes are in the watch page --------------------------------- */

/* Write the stream's buffer to its file.  0, or -1 with errno. */
static int stream_flush(lt_watch_stream *s)
{
    const char *p = s->buf;
    long long left = s->pending;
    s->writing = 1;
    while (left > 0) {
        ssize_t k = write(s->fd, p, (size_t)left);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) {
            if (k == 0) errno = EIO;
            s->writing = 0;
            return -1;
        }
        p += k, left -= k;
        s->written += k;
        memmove(s->buf, p, (size_t)left); /* what is not on disk stays at the buffer's start */
        p = s->buf;
        s->pending = left;
    }
    s->pending = 0;
    s->writing = 0;
    return 0;
}

static ssize_t stream_write(void *cookie, const char *data, size_t n)
{
    lt_watch_stream *s = cookie;
    size_t done = 0;
    while (done < n) {
        if (s->pending == LT_WATCH_BUF && stream_flush(s) < 0) return done ? (ssize_t)done : -1;
        size_t k = n - done, room = (size_t)(LT_WATCH_BUF - s->pending);
        if (k > room) k = room;
        memcpy(s->buf + s->pending, data + done, k);
        s->pending += (long long)k;
        done += k;
    }
    return (ssize_t)n;
}

/* ftell only (meta.c counts its bytes): the position is what was written and what waits */
static int stream_seek(void *cookie, off64_t *pos, int whence)
{
    lt_watch_stream *s = cookie;
    if (whence != SEEK_CUR || *pos != 0) {
        errno = ESPIPE;
        return -1;
    }
    *pos = s->written + s->pending;
    return 0;
}

static int stream_close(void *cookie)
{
    lt_watch_stream *s = cookie;
    int rc = s->pending > 0 ? stream_flush(s) : 0, e = errno;
    if (close(s->fd) != 0 && rc == 0) rc = -1, e = errno;
    s->fd = -1;
    s->used = 0;
    errno = e;
    return rc;
}

/* A stream over fd with its buffer in the watch page, for the file of watch slot `slot`; NULL
 * when every stream is taken (the caller then uses stdio's own buffer). */
static FILE *watched_stream(int fd, int slot)
{
    if (slot < 0) return NULL;
    for (int i = 0; i < LT_WATCH_STREAMS; i++) {
        lt_watch_stream *s = &lt_watch_page->streams[i];
        if (s->used) continue;
        s->fd = fd;
        s->written = s->pending = 0;
        s->writing = 0;
        cookie_io_functions_t io = {
            .read = NULL, .write = stream_write, .seek = stream_seek, .close = stream_close};
        FILE *fp = fopencookie(s, "w", io);
        if (!fp) return NULL;
        setvbuf(fp, NULL, _IONBF, 0); /* every byte goes to the page's buffer at once */
        s->used = 1;
        lt_watch_page->files[slot].stream = i;
        return fp;
    }
    return NULL;
}

void lt_afile_role(lt_afile *f, int role)
{
    int slot = f->tmp_path ? lt_watch_find_file(f->tmp_path) : -1;
    if (slot >= 0) lt_watch_page->files[slot].role = role;
}

void lt_afile_note_contacts(lt_afile *f, long contacts)
{
    int slot = f->tmp_path ? lt_watch_find_file(f->tmp_path) : -1;
    if (slot >= 0) lt_watch_page->files[slot].contacts = contacts;
}

void lt_afile_mark_body(lt_afile *f)
{
    int slot = f->tmp_path && f->fp ? lt_watch_find_file(f->tmp_path) : -1;
    long at = slot >= 0 ? ftell(f->fp) : -1;
    if (at > 0) lt_watch_page->files[slot].body = at;
}

/* ---- one writer of a test per directory --------------------------------------------------- */

/* 1 if the process whose pid a lock file holds (text) has ended: no such process, or a zombie
 * (killed, not yet waited for).  A lock on this machine only: a pid from another host (a shared
 * file system) may name a live process here, and the lock then stays refused, as before. */
static int owner_gone(const char *text)
{
    char *end;
    long pid = strtol(text, &end, 10);
    if (!text[0] || *end || pid <= 0) return 0;
    if (kill((pid_t)pid, 0) != 0) return errno == ESRCH;
    char path[64], stat[256];
    snprintf(path, sizeof path, "/proc/%ld/stat", pid);
    FILE *f = fopen(path, "r");
    if (!f) return 0;
    size_t n = fread(stat, 1, sizeof stat - 1, f);
    fclose(f);
    stat[n] = 0;
    const char *close = strrchr(stat, ')');
    return close && (close[1] == ' ') && (close[2] == 'Z' || close[2] == 'X');
}

int lt_afile_lock(const char *dir, const char *name, int *held, char *err, size_t errlen)
{
    lt_watch_home(); /* paths from lawtester's own directory, whatever a law did */
    *held = 0;
    char *path = lt_afile_path(dir, ".", name, ".lock");
    if (!path) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (int tries = 0; tries < 100; tries++) {
        int fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0666);
        if (fd < 0) {
            snprintf(err, errlen, "cannot write in output directory '%s': %s", qp(dir),
                     strerror(errno));
            break;
        }
        if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
            char pid[32] = "";
            ssize_t k = read(fd, pid, sizeof pid - 1);
            pid[k > 0 ? k : 0] = 0;
            pid[strcspn(pid, "\n")] = 0;
            if (owner_gone(pid) && tries < 99) {
                /* held by a process its owner left behind (a law's child that inherited the
                 * descriptor): the owner is gone, so the name is taken over; the holder keeps a
                 * lock on a file nobody opens any more */
                close(fd);
                unlink(path);
                continue;
            }
            snprintf(err, errlen,
                     "test '%s' is being written in '%s' by another lawtester (pid %s): two runs "
                     "of one test in one directory would mix their files; wait for it or write to "
                     "another -o DIR",
                     name, qp(dir), pid[0] ? pid : "unknown");
            close(fd);
            *held = 1;
            break;
        }
        /* the holder before may have removed the file between our open and our lock: then the
         * lock is on a file nobody else will open, and the name is taken again */
        struct stat a, b;
        if (fstat(fd, &a) == 0 && lstat(path, &b) == 0 && a.st_ino == b.st_ino &&
            a.st_dev == b.st_dev) {
            char pid[32];
            int n = snprintf(pid, sizeof pid, "%ld\n", (long)getpid());
            /* the pid is only for messages */
            if (ftruncate(fd, 0) != 0 || write(fd, pid, (size_t)n) != n) {}
            /* a supervisor removes it after a fault */
            int slot = lt_watch_add_file(path, NULL, LT_WF_TEMP);
            (void)slot;
            free(path);
            return fd;
        }
        close(fd);
    }
    free(path);
    return -1;
}

void lt_afile_unlock(int fd, const char *dir, const char *name)
{
    lt_watch_home(); /* paths from lawtester's own directory, whatever a law did */
    if (fd < 0) return;
    char *path = lt_afile_path(dir, ".", name, ".lock");
    if (path) lt_afile_unlink_tmp(path); /* removed while held: the next holder makes a new one */
    free(path);
    close(fd);
}

/* ---- temporaries of runs that are gone ---------------------------------------------------- */

long long lt_afile_reclaim(const char *dir, int *count)
{
    lt_watch_home(); /* paths from lawtester's own directory, whatever a law did */
    long long bytes = 0;
    *count = 0;
    DIR *d = opendir(dir);
    if (!d) return 0;
    time_t now = time(NULL);
    struct dirent *e;
    while ((e = readdir(d))) {
        /* afile's names: .NAME.SUFFIX.tmp.XXXXXX */
        const char *t = strstr(e->d_name, ".tmp.");
        if (e->d_name[0] != '.' || !t || strlen(t) != 11) continue;
        char *path = lt_afile_path(dir, "", e->d_name, "");
        struct stat st;
        int fd = path ? open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC) : -1;
        /* a second's grace: a live run locks its file right after creating it */
        if (fd >= 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && now - st.st_mtime >= 2 &&
            flock(fd, LOCK_EX | LOCK_NB) == 0 && unlink(path) == 0) {
            bytes += st.st_size;
            ++*count;
        }
        if (fd >= 0) close(fd);
        free(path);
    }
    closedir(d);
    return bytes;
}

int lt_afile_open(lt_afile *f, const char *dir, const char *name, const char *suffix,
                  size_t bufsize, char *err, size_t errlen)
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
    /* checked again when it is published */
    if (lt_afile_target_ok(f->final_path, err, errlen) < 0) {
        free(f->tmp_path);
        f->tmp_path = NULL;
        lt_afile_abort(f);
        return -1;
    }
    int fd = lt_afile_mkstemp(f->tmp_path);
    if (fd < 0) {
        snprintf(err, errlen, "cannot write in output directory '%s': %s", qp(dir),
                 strerror(errno));
        free(f->tmp_path);
        f->tmp_path = NULL;
        lt_afile_abort(f);
        return -1;
    }
    int slot = lt_watch_find_file(f->tmp_path);
    if (slot >= 0) lt_watch_text(lt_watch_page->files[slot].final, LT_WATCH_PATH, f->final_path);
    f->fp = watched_stream(fd, slot);
    if (f->fp)
        bufsize = 0;
    else
        f->fp = fdopen(fd, "w");
    f->buf = bufsize ? malloc(bufsize) : NULL;
    if (!f->fp || (bufsize && !f->buf)) {
        if (!f->fp) close(fd);
        snprintf(err, errlen, "cannot open '%s': %s", qp(f->tmp_path), strerror(errno));
        lt_afile_abort(f);
        return -1;
    }
    if (bufsize) setvbuf(f->fp, f->buf, _IOFBF, bufsize);
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
    if (!f->failed && (ferror(f->fp) || fflush(f->fp) != 0 || ferror(f->fp)))
        lt_afile_fail(f, errno);
    errno = 0;
    if (fclose(f->fp) != 0) lt_afile_fail(f, errno);
    f->fp = NULL;
    if (!f->failed) return 0;
    snprintf(err, errlen, "cannot write '%s': %s", qp(f->final_path),
             strerror(f->err_no ? f->err_no : EIO));
    lt_afile_abort(f);
    return -1;
}

int lt_afile_target_ok(const char *path, char *err, size_t errlen)
{
    lt_watch_home(); /* paths from lawtester's own directory, whatever a law did */
    struct stat st;
    if (lstat(path, &st) != 0 || S_ISREG(st.st_mode) || S_ISLNK(st.st_mode)) return 0;
    snprintf(err, errlen, "cannot write '%s': the name is taken by %s, not a regular file",
             qp(path),
             S_ISDIR(st.st_mode)    ? "a directory"
             : S_ISFIFO(st.st_mode) ? "a FIFO"
             : S_ISSOCK(st.st_mode) ? "a socket"
                                    : "a device");
    return -1;
}

void lt_afile_remove_stale(const char *path)
{
    lt_watch_home(); /* paths from lawtester's own directory, whatever a law did */
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
    /* only the worker; a complete file not after a stop signal (the rows of a failed run, kept
     * as FINAL.partial, are the worker's to keep then too) */
    if (!taken && suffix) lt_watch_check_owner();
    if (!taken && !suffix) lt_watch_publish_begin();
    int moved = !taken && rename(f->tmp_path, dest) == 0, e = errno;
    if (!taken && !suffix) lt_watch_publish_end();
    if (!moved) {
        if (!taken) snprintf(err, errlen, "cannot write '%s': %s", qp(dest), strerror(e));
        free(final);
        lt_afile_abort(f);
        return -1;
    }
    free(final);
    unwatch(f->tmp_path);
    free(f->tmp_path);
    f->tmp_path = NULL;
    lt_afile_abort(f);
    return 0;
}

int lt_afile_commit(lt_afile *f, char *err, size_t errlen)
{
    return lt_afile_commit_as(f, NULL, err, errlen);
}

void lt_afile_abort(lt_afile *f)
{
    if (f->fp) fclose(f->fp);
    f->fp = NULL;
    lt_afile_unlink_tmp(f->tmp_path);
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
            lt_afile_unlink_tmp(tmp);
            free(tmp);
            free(final);
            return -1;
        }
        p->cap = cap;
    }
    p->tmp[p->n] = tmp;
    p->final[p->n] = final;
    p->n++;
    if (tmp && lt_watch_find_file(tmp) < 0) lt_watch_add_file(tmp, final, LT_WF_TEMP);
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

/* A second name for the file at path (a hard link DIR/.FILE.old.tmp.XXXXXX, malloc'ed), so that
 * it can be put back if the set it is replaced in fails; NULL if nothing is there or no link can
 * be made (a file system without hard links: then it is replaced without a way back). */
static char *keep_old(const char *path)
{
    struct stat st;
    if (lstat(path, &st) != 0) return NULL;
    const char *slash = strrchr(path, '/');
    size_t dl = slash ? (size_t)(slash - path) + 1 : 0, n = strlen(path) + 24;
    char *old = malloc(n);
    if (!old) return NULL;
    snprintf(old, n, "%.*s.%s.old.tmp.XXXXXX", (int)dl, path, path + dl);
    int fd = mkstemp(old); /* reserves a fresh name; the link takes it */
    if (fd >= 0) close(fd);
    if (fd < 0 || unlink(old) != 0 || link(path, old) != 0) {
        free(old);
        return NULL;
    }
    return old;
}

int lt_pending_publish(lt_pending *p, char *err, size_t errlen)
{
    lt_watch_home(); /* paths from lawtester's own directory, whatever a law did */
    /* never renamed over, never written through */
    for (int i = 0; i < p->n; i++)
        if (lt_afile_target_ok(p->final[i], err, errlen) < 0) {
            lt_pending_discard(p);
            return -1;
        }
    /* all or none: what the final names held is kept under second names until every rename
     * succeeded, and put back if one fails */
    char **old = calloc((size_t)p->n + 1, sizeof *old);
    if (!old) {
        snprintf(err, errlen, "out of memory");
        lt_pending_discard(p);
        return -1;
    }
    lt_watch_publish_begin(); /* only the worker, and not after a stop signal */
    for (int i = 0; i < p->n; i++) old[i] = keep_old(p->final[i]);
    int rc = 0, done = 0;
    for (; done < p->n; done++)
        if (rename(p->tmp[done], p->final[done]) != 0) {
            snprintf(err, errlen, "cannot write '%s': %s", qp(p->final[done]), strerror(errno));
            rc = -1;
            break;
        } else {
            unwatch(p->tmp[done]);
        }
    for (int i = 0; i < p->n; i++) {
        if (rc < 0 && i < done) { /* published before the failure: the old file back, or none */
            if (old[i])
                rename(old[i], p->final[i]);
            else
                unlink(p->final[i]);
        } else if (old[i]) {
            unlink(old[i]);
        }
        if (rc < 0 && i >= done) lt_afile_unlink_tmp(p->tmp[i]);
        free(old[i]);
        free(p->tmp[i]);
        free(p->final[i]);
    }
    lt_watch_publish_end();
    free(old);
    free(p->tmp);
    free(p->final);
    memset(p, 0, sizeof *p);
    return rc;
}

void lt_pending_discard(lt_pending *p)
{
    for (int i = 0; i < p->n; i++) {
        lt_afile_unlink_tmp(p->tmp[i]);
        free(p->tmp[i]);
        free(p->final[i]);
    }
    free(p->tmp);
    free(p->final);
    memset(p, 0, sizeof *p);
}
