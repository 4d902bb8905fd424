/* src/afile.h - an output file that appears complete or not at all.
 *
 * afile_open() writes to DIR/.NAME.SUFFIX.tmp.XXXXXX; afile_commit() flushes, closes and
 * renames it to DIR/NAME.SUFFIX; afile_abort() (or any failed write, then refused at commit)
 * removes the temporary file.  So DIR/NAME.SUFFIX holds either a complete file or what it
 * held before.
 */
#ifndef LT_AFILE_H
#define LT_AFILE_H
#include <stddef.h>
#include <stdio.h>

typedef struct lt_afile {
    FILE *fp;
    char *tmp_path;
    char *final_path;
    char *buf;   /* stdio buffer */
    int failed;  /* a write failed: commit will refuse */
} lt_afile;

/* Returns 0, or -1 with a message in err (nothing left behind). */
int afile_open(lt_afile *f, const char *dir, const char *name, const char *suffix, size_t bufsize, char *err,
               size_t errlen);
/* Returns 0, or -1 with a message (temporary file removed). */
int afile_commit(lt_afile *f, char *err, size_t errlen);
void afile_abort(lt_afile *f);

#endif
