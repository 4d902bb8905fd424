/* src/afile.c - temporary file + rename (see afile.h). */
#define _POSIX_C_SOURCE 200809L
#include "afile.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char *path_join(const char *dir, const char *prefix, const char *name, const char *suffix)
{
    size_t n = strlen(dir) + strlen(prefix) + strlen(name) + strlen(suffix) + 2;
    char *p = malloc(n);
    if (p) snprintf(p, n, "%s/%s%s%s", dir, prefix, name, suffix);
    return p;
}

int afile_open(lt_afile *f, const char *dir, const char *name, const char *suffix, size_t bufsize, char *err,
               size_t errlen)
{
    memset(f, 0, sizeof *f);
    char tmp_suffix[64];
    snprintf(tmp_suffix, sizeof tmp_suffix, "%s.tmp.XXXXXX", suffix);
    f->final_path = path_join(dir, "", name, suffix);
    f->tmp_path = path_join(dir, ".", name, tmp_suffix);
    if (!f->final_path || !f->tmp_path) {
        snprintf(err, errlen, "out of memory");
        afile_abort(f);
        return -1;
    }
    int fd = mkstemp(f->tmp_path);
    if (fd < 0) {
        snprintf(err, errlen, "cannot write in output directory '%s': %s", dir, strerror(errno));
        free(f->tmp_path);
        f->tmp_path = NULL;
        afile_abort(f);
        return -1;
    }
    f->fp = fdopen(fd, "w");
    f->buf = malloc(bufsize);
    if (!f->fp || !f->buf) {
        if (!f->fp) close(fd);
        snprintf(err, errlen, "cannot open '%s': %s", f->tmp_path, strerror(errno));
        afile_abort(f);
        return -1;
    }
    setvbuf(f->fp, f->buf, _IOFBF, bufsize);
    return 0;
}

int afile_commit(lt_afile *f, char *err, size_t errlen)
{
    int ok = !f->failed && !ferror(f->fp) && fflush(f->fp) == 0 && !ferror(f->fp);
    int saved = errno;
    if (fclose(f->fp) != 0 && ok) {
        ok = 0;
        saved = errno;
    }
    f->fp = NULL;
    if (ok && rename(f->tmp_path, f->final_path) != 0) {
        ok = 0;
        saved = errno;
    }
    if (!ok) {
        snprintf(err, errlen, "cannot write '%s': %s", f->final_path, strerror(saved ? saved : EIO));
        afile_abort(f);
        return -1;
    }
    free(f->tmp_path);
    f->tmp_path = NULL;
    afile_abort(f);
    return 0;
}

void afile_abort(lt_afile *f)
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
