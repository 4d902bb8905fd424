/* src/verify/verify_jobs_wire.h - the messages a child of `verify -j N` sends its worker through a
 * pipe (verify_jobs.h): each a type byte, a 4-byte length and the payload.
 *   'B' job  - the child starts job number `job` (a long)
 *   'R' row  - a row (every value bit for bit, strings with their NUL; NULL kept as NULL)
 *   'O' fd   - bytes the job wrote to stdout (fd 1) or stderr (fd 2), first the fd's byte
 *   'E' job  - the job ended
 */
#ifndef LT_VERIFY_JOBS_WIRE_H
#define LT_VERIFY_JOBS_WIRE_H
#include "verify/verify.h"
#include <stddef.h>

#define LT_WIRE_HEAD 5 /* type and length */

/* Write the message (type, payload p of n bytes) to fd, whole; 0 or -1. */
int lt_wire_send(int fd, char type, const void *p, size_t n);
/* Send the row r; 0 or -1. */
int lt_wire_send_row(int fd, const lt_verify_row *r);
/* Send a job number ('B' or 'E'); 0 or -1. */
int lt_wire_send_job(int fd, char type, long job);

/* The message at buf (len bytes available): 1 with its type, payload and payload length when
 * it is whole, 0 when more bytes are needed. */
int lt_wire_next(const char *buf, size_t len, char *type, const char **payload, size_t *n);
/* The row of an 'R' payload p (n bytes, written into: its strings point into it); 0, or -1 if
 * it is malformed. */
int lt_wire_row(char *p, size_t n, lt_verify_row *r);
/* The job number of a 'B' or 'E' payload (-1 if malformed). */
long lt_wire_job(const char *p, size_t n);

#endif
