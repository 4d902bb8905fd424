/* src/output/afile.h - output files that appear complete or not at all.
 *
 * lt_afile_open() writes to DIR/.NAME.SUFFIX.tmp.XXXXXX; lt_afile_commit() flushes, closes and
 * renames it to DIR/NAME.SUFFIX; lt_afile_abort() (or any failed write, then refused at commit)
 * removes the temporary file.  So DIR/NAME.SUFFIX holds either a complete file or what it
 * held before.
 *
 * Files that belong together (a record, its sidecar, its surface, its plots) are closed into an
 * lt_pending set and renamed together by lt_pending_publish() once all of them were written, or
 * all removed by lt_pending_discard(): a failure in any of them (a full disk, a plot that fails)
 * leaves the earlier results of the same name as they were.
 */
#ifndef LT_AFILE_H
#define LT_AFILE_H
#include <stddef.h>
#include <stdio.h>

typedef struct lt_afile {
    FILE *fp;
    char *tmp_path;
    char *final_path;
    char *buf;  /* stdio buffer */
    int failed; /* a write failed: commit will refuse */
    int err_no; /* errno of the first failed write (0: unknown) */
} lt_afile;

/* Returns 0, or -1 with a message in err (nothing left behind). */
int lt_afile_open(lt_afile *f, const char *dir, const char *name, const char *suffix,
                  size_t bufsize, char *err, size_t errlen);
/* Mark a failed write (keeps the errno of the first one). */
void lt_afile_fail(lt_afile *f, int err_no);
/* Returns 0, or -1 with a message (temporary file removed). */
int lt_afile_commit(lt_afile *f, char *err, size_t errlen);
/* Commit to final_path + suffix instead (e.g. ".partial" for the rows of a failed run). */
int lt_afile_commit_as(lt_afile *f, const char *suffix, char *err, size_t errlen);
/* 0 if a file may be published at path: nothing is there, or a regular file or a symbolic link
 * (which rename replaces, never follows); else -1 with the reason (a directory, a FIFO, a
 * socket or a device holds the name). */
int lt_afile_target_ok(const char *path, char *err, size_t errlen);
/* Remove an out-of-date output at path only if it is a regular file or a link. */
void lt_afile_remove_stale(const char *path);
void lt_afile_abort(lt_afile *f);

/* The role of f in the watch page (watch.h: LT_WF_TABLE, LT_WF_META): what a supervisor does
 * with it if the worker fails (kept as .partial).  Files are LT_WF_TEMP (removed) otherwise. */
void lt_afile_role(lt_afile *f, int role);
/* A sidecar's contact count, and the end of its body before its closing lines, for the
 * supervisor that closes it if the worker fails. */
void lt_afile_note_contacts(lt_afile *f, long contacts);
void lt_afile_mark_body(lt_afile *f);
/* Remove the temporary file tmp (and forget it in the watch page). */
void lt_afile_unlink_tmp(const char *tmp);
/* Remove the temporary files of runs that are gone from dir: afile's names (.NAME.SUFFIX.tmp.X)
 * that no process holds locked (a run holds each of its temporaries) and that are older than a
 * second or two.  Returns their bytes, *count their number. */
long long lt_afile_reclaim(const char *dir, int *count);

/* Hold the lock of test NAME in dir (DIR/.NAME.lock, flock'ed, holding the holder's pid): two
 * processes writing the same test in one directory never mix their files.  Returns the lock's
 * descriptor, or -1 with a message in err: *held = 1 if another process holds it (refused, not
 * waited for), 0 if the lock could not be made (a directory that takes no files).
 * lt_afile_unlock removes the file and lets go (fd < 0: nothing). */
int lt_afile_lock(const char *dir, const char *name, int *held, char *err, size_t errlen);
void lt_afile_unlock(int fd, const char *dir, const char *name);

/* Temporary files waiting for their final names. */
typedef struct lt_pending {
    int n, cap;
    char **tmp, **final;
} lt_pending;

/* Flush and close f and move its temporary file into p (f is then empty).  Returns 0, or -1 with
 * a message (f aborted). */
int lt_afile_close_into(lt_afile *f, lt_pending *p, char *err, size_t errlen);
/* Add a temporary file (both strings malloc'ed; p owns them, also when this fails).  Returns 0
 * or -1 (out of memory: tmp removed). */
int lt_pending_add(lt_pending *p, char *tmp, char *final);
/* Rename every file to its final name, in the order added (put the main file last).  Checks
 * first that no final name is a directory.  All or none: returns 0, or -1 with a message, every
 * final name then holding what it held before (kept under a hard link while the set is
 * renamed) and every temporary file removed. */
int lt_pending_publish(lt_pending *p, char *err, size_t errlen);
/* Remove every temporary file and empty p. */
void lt_pending_discard(lt_pending *p);

/* mkstemp(path), the file given the mode of a new file (0666 less the umask) rather than 0600,
 * since it is renamed to a result.  Returns the descriptor, or -1 with errno. */
int lt_afile_mkstemp(char *path);

/* Create directory dir and its missing parents, like `mkdir -p` (mode 0777 less the umask).
 * Returns 0 (also when it exists), or -1 with a message naming the path that could not be made
 * and why. */
int lt_mkdir_p(const char *dir, char *err, size_t errlen);

/* DIR/PREFIX NAME SUFFIX (malloc'ed), the way afile names its files. */
char *lt_afile_path(const char *dir, const char *prefix, const char *name, const char *suffix);

#endif
