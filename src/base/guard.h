/* src/base/guard.h - guarded memory for what a native law writes (docs/reliability.md, "Guarded
 * memory").  A guarded block is mapped so that its last byte is followed by pages that may not be
 * touched (PROT_NONE): a law that writes (or reads) past the end of its state or of its response
 * faults at that very access, while it runs, at the step it does so.  The fault handler
 * (lt_guard_install) finds the block whose guard was touched and names it in the watch page
 * (src/base/watch.h: fault = LT_FAULT_GUARD, fault_what), then lets the process die of the signal
 * as it would have, so that a supervisor reports the law, its call, the stage and the step.
 *
 * Not detected: an access before the start of a block (the pages before it are readable), and a
 * wild write anywhere else in the process (it corrupts what it hits, or faults unnamed).
 */
#ifndef LT_GUARD_H
#define LT_GUARD_H
#include <stddef.h>

/* Bytes of guard after every block (at least one page): a law that runs past its block by up to
 * this much faults in the guard. */
#define LT_GUARD_BYTES (64 * 1024)

/* Room for the text that names a block (what the law went past, e.g. "its state (2 values
 * declared)"). */
#define LT_GUARD_WHAT 160

/* A block of size bytes (a multiple of sizeof(double) keeps it aligned for doubles; 0 is
 * allowed: the block is then the guard's first byte), zeroed, whose end abuts the guard.  what:
 * the block as the fault message names it, after "wrote past the end of " (copied, cut to
 * LT_GUARD_WHAT - 1 bytes).  NULL when the memory cannot be mapped. */
void *lt_guard_alloc(size_t size, const char *what);

/* Name the block (a pointer lt_guard_alloc returned) anew, e.g. once the law is known. */
void lt_guard_rename(void *block, const char *what);

/* Unmap a block lt_guard_alloc returned; NULL does nothing. */
void lt_guard_free(void *block);

/* Install the fault handler for SIGSEGV and SIGBUS, on an alternate signal stack (a law that
 * overflowed the stack still gets it named).  The handler is async-signal-safe: when the
 * faulting address lies in a registered guard it copies the block's prepared text into
 * lt_watch_page->fault_what ("wrote past the end of its state (2 values declared)"; "read" for
 * a read where the hardware tells, "read or wrote" where it does not) and sets
 * lt_watch_page->fault = LT_FAULT_GUARD.  Either way it resets the signal to its default action
 * and returns: the access runs again and the process dies of the signal.  Call once, at the
 * start of the process that runs the laws.  0, or -1 when a system call failed (errno). */
int lt_guard_install(void);

#endif
