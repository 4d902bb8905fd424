/* src/base/rfile.c - regular input files of a bounded size (rfile.h). */
#define _POSIX_C_SOURCE 200809L
#include "base/rfile.h"
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *kind(mode_t m)
{
    return S_ISFIFO(m)   ? "a FIFO"
           : S_ISCHR(m)  ? "a character device"
           : S_ISBLK(m)  ? "a block device"
           : S_ISDIR(m)  ? "a directory"
           : S_ISSOCK(m) ? "a socket"
                         : "not a plain file";
}

void lt_rfile_too_big(const char *shown, long line, long long max, char *err, size_t errlen)
{
    snprintf(err, errlen, "%s:%ld: cannot read: more than %lld bytes, the most a table may hold",
             shown, line, max);
}

FILE *lt_rfile_open(const char *path, const char *shown, long long max, long long *size, char *err,
                    size_t errlen)
{
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY);
    if (fd < 0) {
        snprintf(err, errlen, "%s:0: cannot read: %s", shown, strerror(errno));
        return NULL;
    }
    struct stat st;
    if (fstat(fd, &st) < 0) {
        snprintf(err, errlen, "%s:0: cannot read: %s", shown, strerror(errno));
        close(fd);
        return NULL;
    }
    if (!S_ISREG(st.st_mode)) {
        snprintf(err, errlen, "%s:0: cannot read: not a regular file (%s)", shown,
                 kind(st.st_mode));
        close(fd);
        return NULL;
    }
    if ((long long)st.st_size > max) {
        lt_rfile_too_big(shown, 0, max, err, errlen);
        close(fd);
        return NULL;
    }
    int fl = fcntl(fd, F_GETFL);
    if (fl >= 0) fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
    FILE *fp = fdopen(fd, "rb");
    if (!fp) {
        snprintf(err, errlen, "%s:0: cannot read: %s", shown, strerror(errno));
        close(fd);
        return NULL;
    }
    *size = (long long)st.st_size;
    return fp;
}
