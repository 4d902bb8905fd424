/* src/base/rfile.h - an input file opened only if it is a regular file of a bounded size.
 *
 * `lawtester compare` and `lawtester merge` read tables named on the command line.  A FIFO would
 * hang them (open and read wait for a writer), and /dev/zero or a growing file would be read
 * until memory runs out.  lt_rfile_open() opens without waiting (O_NONBLOCK, cleared after),
 * refuses anything but a regular file (a FIFO, a device, a directory, a socket) and a file above
 * max bytes; readers count what they read against the same max (the file may grow).  The limits
 * are documented where they apply (docs/compare.md, docs/probes.md). */
#ifndef LT_RFILE_H
#define LT_RFILE_H
#include <stdio.h>

/* path opened for reading ("rb").  NULL with one line in err, "SHOWN:0: cannot read: why" (shown:
 * path as messages quote it): it cannot be opened, is no regular file ("not a regular file (a
 * FIFO)"), or holds more than max bytes.  *size: its size at the open. */
FILE *lt_rfile_open(const char *path, const char *shown, long long max, long long *size, char *err,
                    size_t errlen);

/* "N bytes, more than the M bytes a table may hold" into err for SHOWN at line; for readers that
 * find the file grown past max. */
void lt_rfile_too_big(const char *shown, long line, long long max, char *err, size_t errlen);

#endif
