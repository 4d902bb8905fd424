/* src/base/guard.c - guarded blocks and the fault handler that names them (guard.h).
 *
 * A block is one anonymous mapping: the block's pages, readable and writable, with the block at
 * their end, then LT_GUARD_BYTES of PROT_NONE.  Every block has a slot in a registry (the guard's
 * address range and the block's prepared name) that the fault handler searches.  The registry
 * is a list of fixed chunks of slots, a chunk linked in once it is complete and never freed, so
 * that the handler, which may interrupt nothing of this file (the laws run outside it; the
 * process runs the laws on one thread), reads only memory that stays valid.
 */
#if defined(__linux__)
#define _GNU_SOURCE /* MAP_ANONYMOUS, sigaltstack, the x86 ucontext's REG_ERR */
#endif
#include "base/guard.h"
#include "base/watch.h"
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#if defined(__linux__) && (defined(__x86_64__) || defined(__i386__))
#include <ucontext.h>
#define GUARD_X86_LINUX 1
#endif

#if !defined(MAP_ANONYMOUS) && defined(MAP_ANON)
#define MAP_ANONYMOUS MAP_ANON
#endif

typedef struct guard_slot {
    volatile int used;
    char *map; /* the mapping: block pages, then the guard */
    size_t map_len;
    char *block;                  /* what lt_guard_alloc returned */
    uintptr_t guard_lo, guard_hi; /* the guard's addresses [lo, hi) */
    char what[LT_GUARD_WHAT];
} guard_slot;

#define SLOTS_PER_CHUNK 64
typedef struct guard_chunk {
    guard_slot slot[SLOTS_PER_CHUNK];
    struct guard_chunk *volatile next;
} guard_chunk;

static guard_chunk first_chunk;

static size_t page_size(void)
{
    static size_t page;
    if (!page) {
        long p = sysconf(_SC_PAGESIZE);
        page = p > 0 ? (size_t)p : 4096;
    }
    return page;
}

static size_t round_up(size_t n, size_t to) { return (n + to - 1) / to * to; }

/* A free slot, or NULL when a new chunk cannot be allocated. */
static guard_slot *free_slot(void)
{
    guard_chunk *c = &first_chunk;
    for (;;) {
        for (int i = 0; i < SLOTS_PER_CHUNK; i++)
            if (!c->slot[i].used) return &c->slot[i];
        if (!c->next) {
            guard_chunk *n = calloc(1, sizeof *n);
            if (!n) return NULL;
            c->next = n; /* complete (zeroed) before it is linked */
        }
        c = c->next;
    }
}

static guard_slot *slot_of(const void *block)
{
    for (guard_chunk *c = &first_chunk; c && block; c = c->next)
        for (int i = 0; i < SLOTS_PER_CHUNK; i++)
            if (c->slot[i].used && c->slot[i].block == block) return &c->slot[i];
    return NULL;
}

static void set_what(guard_slot *s, const char *what)
{
    /* the handler may read it only while a law runs, never while this writes it */
    lt_watch_text(s->what, sizeof s->what, what ? what : "a guarded block");
}

void *lt_guard_alloc(size_t size, const char *what)
{
    size_t page = page_size(), body = round_up(size, page), guard = round_up(LT_GUARD_BYTES, page);
    if (body < size || body + guard < body) return NULL;
    guard_slot *s = free_slot();
    if (!s) return NULL;
    char *map =
        mmap(NULL, body + guard, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (map == MAP_FAILED) return NULL;
    if (mprotect(map + body, guard, PROT_NONE) != 0) {
        int e = errno;
        munmap(map, body + guard);
        errno = e;
        return NULL;
    }
    s->map = map;
    s->map_len = body + guard;
    s->block = map + body - size;
    s->guard_lo = (uintptr_t)(map + body);
    s->guard_hi = s->guard_lo + guard;
    set_what(s, what);
    s->used = 1; /* last: the handler reads a slot once it is used */
    return s->block;
}

void lt_guard_rename(void *block, const char *what)
{
    guard_slot *s = slot_of(block);
    if (s) set_what(s, what);
}

void lt_guard_free(void *block)
{
    guard_slot *s = slot_of(block);
    if (!s) return;
    s->used = 0; /* first: the handler no longer names memory that may be mapped again */
    munmap(s->map, s->map_len);
    s->map = s->block = NULL;
}

/* ---- the fault handler (async-signal-safe: no library call but sigaction) ---------------- */

/* Copy s after dst[*k] (n bytes in all, NUL-terminated), byte by byte. */
static void put(char *dst, size_t n, size_t *k, const char *s)
{
    while (*s && *k + 1 < n) dst[(*k)++] = *s++;
    dst[*k] = 0;
}

/* "wrote", "read", or "read or wrote" when the hardware does not say (x86 Linux: bit 1 of the
 * page fault's error code is set for a write). */
static const char *access_kind(const void *ucv)
{
#if defined(GUARD_X86_LINUX) && defined(REG_ERR)
    const ucontext_t *uc = ucv;
    return uc && (uc->uc_mcontext.gregs[REG_ERR] & 2) ? "wrote" : "read";
#else
    (void)ucv;
    return "read or wrote";
#endif
}

/* The slot whose guard holds address a, or NULL. */
static const guard_slot *slot_at(uintptr_t a)
{
    for (const guard_chunk *c = &first_chunk; c; c = c->next)
        for (int i = 0; i < SLOTS_PER_CHUNK; i++) {
            const guard_slot *s = &c->slot[i];
            if (s->used && a >= s->guard_lo && a < s->guard_hi) return s;
        }
    return NULL;
}

static void on_fault(int sig, siginfo_t *si, void *ucv)
{
    const guard_slot *s = slot_at((uintptr_t)si->si_addr);
    if (s) {
        char *dst = lt_watch_page->fault_what;
        size_t k = 0, n = sizeof lt_watch_page->fault_what;
        put(dst, n, &k, access_kind(ucv));
        put(dst, n, &k, " past the end of ");
        put(dst, n, &k, s->what);
        lt_watch_page->fault = LT_FAULT_GUARD;
    }
    /* the default action again: returning runs the access again, which now ends the process
     * with this signal, as it would have without the handler */
    struct sigaction dfl;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    sigaction(sig, &dfl, NULL);
}

int lt_guard_install(void)
{
    static char *alt;
    size_t alt_size = 1 << 16;
    if (!alt) {
        alt = mmap(NULL, alt_size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (alt == MAP_FAILED) return alt = NULL, -1;
    }
    stack_t st;
    memset(&st, 0, sizeof st);
    st.ss_sp = alt;
    st.ss_size = alt_size;
    if (sigaltstack(&st, NULL) != 0) return -1;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_fault;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&sa.sa_mask);
    if (sigaction(SIGSEGV, &sa, NULL) != 0 || sigaction(SIGBUS, &sa, NULL) != 0) return -1;
    return 0;
}
