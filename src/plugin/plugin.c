/* src/plugin/plugin.c - lt_plugin_load (see plugin.h): dlopen, dlsym, the export checked for what
 * it is before anything it points to is read, each descriptor registered.
 *
 * The export is untrusted: an `lt_plugin_laws` declared as an array of lt_law structs, as a
 * function, or without its NULL end is common, and reading it as the array of pointers it
 * should be would crash.  So: the ELF symbol's type and size (dladdr1, glibc) first; then every
 * word of the array, and every descriptor it points to, only once it is known to lie in
 * readable memory of the process (/proc/self/maps); the descriptor's api_version only after
 * that, and its name only once it is readable text.  Each refusal is one line. */
#define _GNU_SOURCE /* dladdr1, RTLD_DL_SYMENT (glibc); this file only */
#include "plugin/plugin.h"
#include "base/quote.h"
#include "base/watch.h"
#include "contact/law_compat.h"
#include "contact/registry.h"
#include <dlfcn.h>
#include <errno.h>
#include <lawtester/law.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#if defined(__GLIBC__) && \
    defined(__ELF__) /* dladdr1 since glibc 2.3.3; RTLD_DL_SYMENT is an enumerator, not a macro */
#include <link.h>    /* ElfW, ELF64_ST_TYPE */
#define HAVE_SYMENT 1
#endif

/* How the array must be declared, for the messages. */
#define DECLARE_IT \
    "declare it const lt_law *const " LT_PLUGIN_SYMBOL "[] = {&law, NULL}; docs/plugins.md"

/* ---- readable memory: the ranges of /proc/self/maps with 'r', adjacent ones merged ---------- */

typedef struct span {
    uintptr_t lo, hi;
} span;

static struct {
    span *s;
    size_t n;
    int known; /* 0: /proc/self/maps unreadable, readable() probes with write(2) instead */
    int probe[2];
} mem = {.probe = {-1, -1}};

static void mem_load(void)
{
    mem.n = 0;
    mem.known = 0;
    FILE *f = fopen("/proc/self/maps", "r");
    if (!f) return;
    size_t cap = 0;
    char line[512];
    while (fgets(line, sizeof line, f)) {
        unsigned long lo, hi;
        char perms[8];
        if (sscanf(line, "%lx-%lx %7s", &lo, &hi, perms) != 3 || perms[0] != 'r') continue;
        if (mem.n && mem.s[mem.n - 1].hi == lo) {
            mem.s[mem.n - 1].hi = hi;
            continue;
        }
        if (mem.n == cap) {
            size_t c = cap ? 2 * cap : 256;
            span *s = realloc(mem.s, c * sizeof *s);
            if (!s) break;
            mem.s = s, cap = c;
        }
        mem.s[mem.n++] = (span){.lo = lo, .hi = hi};
    }
    mem.known = !ferror(f) && mem.n > 0;
    fclose(f);
}

/* Where /proc is not mounted: write(2) of the bytes into a pipe fails with EFAULT (and reads
 * nothing) when any is unreadable. */
static int probe_readable(const void *p, size_t n)
{
    if (mem.probe[0] < 0 && pipe(mem.probe) != 0) return 0;
    const char *c = p;
    while (n > 0) {
        size_t k = n < 512 ? n : 512;
        ssize_t w = write(mem.probe[1], c, k);
        if (w <= 0) return 0;
        char sink[512];
        if (read(mem.probe[0], sink, (size_t)w) != w) return 0;
        c += w, n -= (size_t)w;
    }
    return 1;
}

/* The number of bytes readable from p on, at most n (0: p is not in readable memory). */
static size_t readable_bytes(const void *p, size_t n)
{
    uintptr_t a = (uintptr_t)p;
    if (!mem.known) {
        while (n > 0 && !probe_readable(p, n)) n /= 2; /* a lower bound: enough for the checks */
        return n;
    }
    for (size_t i = 0; i < mem.n; i++)
        if (a >= mem.s[i].lo && a < mem.s[i].hi) return mem.s[i].hi - a < n ? mem.s[i].hi - a : n;
    return 0;
}

static int readable(const void *p, size_t n) { return n == 0 || readable_bytes(p, n) == n; }

/* 1 if s is readable text ending with a NUL within max bytes. */
static int readable_text(const char *s, size_t max)
{
    if (!s) return 0;
    size_t n = readable_bytes(s, max);
    return n > 0 && memchr(s, 0, n) != NULL;
}

/* ---- the export ---------------------------------------------------------------------------- */

/* The last line of dlerror() without a leading "PATH: " (dlerror names the file itself). */
static const char *dl_reason(const char *tried)
{
    const char *e = dlerror();
    if (!e) return "unknown dynamic loader error";
    size_t n = strlen(tried);
    if (strncmp(e, tried, n) == 0 && e[n] == ':' && e[n + 1] == ' ') e += n + 2;
    return e;
}

/* What the symbol's ELF entry says of the export: -1 (err set) if it is a function or its size
 * is no whole number of pointers; else 0, with *entries its number of pointers (0: unknown). */
static int check_symbol(const void *addr, size_t *entries, char *err, size_t errlen)
{
    *entries = 0;
#ifdef HAVE_SYMENT
    Dl_info info;
    const ElfW(Sym) *sym = NULL;
    /* no entry of its own: the checks of the words below only */
    if (!dladdr1(addr, &info, (void **)&sym, RTLD_DL_SYMENT) || !sym || info.dli_saddr != addr ||
        !info.dli_sname || strcmp(info.dli_sname, LT_PLUGIN_SYMBOL) != 0)
        return 0;
    int type = ELF64_ST_TYPE(sym->st_info); /* ELF32_ST_TYPE is the same */
    if (type == STT_FUNC || type == STT_GNU_IFUNC) {
        snprintf(err, errlen, "'%s' is a function, not an array of pointers (" DECLARE_IT ")",
                 LT_PLUGIN_SYMBOL);
        return -1;
    }
    if (sym->st_size == 0) return 0;
    if (sym->st_size % sizeof(void *) != 0) {
        snprintf(err, errlen,
                 "'%s' is %llu bytes, not a whole number of pointers (%zu bytes each): is it an "
                 "array of lt_law structs? (" DECLARE_IT ")",
                 LT_PLUGIN_SYMBOL, (unsigned long long)sym->st_size, sizeof(void *));
        return -1;
    }
    *entries = (size_t)sym->st_size / sizeof(void *);
#else
    (void)addr, (void)err, (void)errlen;
#endif
    return 0;
}

/* Entry i (0-based) of the array, p, checked to be a descriptor lawtester can read: aligned, in
 * readable memory as large as the layout of its API version, its name (when set) readable
 * text.  0, or -1 with err. */
static int check_entry(const lt_law *p, size_t i, char *err, size_t errlen)
{
    const char *why = NULL;
    char detail[160];
    if (!readable(p, LT_LAW_V1_SIZE))
        why = "it points to no readable memory of a descriptor's size";
    else if ((uintptr_t)p % _Alignof(lt_law) != 0)
        why = "it is not aligned as a descriptor is";
    if (!why) {
        int version = p->api_version; /* the first field of every version, now known readable */
        size_t need = LT_LAW_SIZE_OF_VERSION(version);
        if (!readable(p, need)) {
            snprintf(detail, sizeof detail,
                     "api_version %d, but fewer than the %zu bytes of that layout readable there",
                     version, need);
            why = detail;
        } else if (p->name && !readable_text(p->name, 4096)) {
            snprintf(detail, sizeof detail, "api_version %d, and its name %p is not readable text",
                     version, (const void *)p->name);
            why = detail;
        } else if (p->summary && !readable_text(p->summary, 1 << 16)) {
            snprintf(detail, sizeof detail, "its summary %p is not readable text",
                     (const void *)p->summary);
            why = detail;
        }
    }
    if (!why) return 0;
    snprintf(err, errlen,
             "'%s' entry %zu (%p) is not the address of a law descriptor: %s (an array of lt_law "
             "structs or of names? " DECLARE_IT ")",
             LT_PLUGIN_SYMBOL, i + 1, (const void *)p, why);
    return -1;
}

/* The export at addr checked: its number of laws before the NULL end (>= 1), or -1 with err. */
static int check_export(const void *addr, char *err, size_t errlen)
{
    size_t entries;
    if (check_symbol(addr, &entries, err, errlen) < 0) return -1;
    if ((uintptr_t)addr % _Alignof(const lt_law *) != 0) {
        snprintf(err, errlen, "'%s' is not aligned as an array of pointers is (" DECLARE_IT ")",
                 LT_PLUGIN_SYMBOL);
        return -1;
    }
    const lt_law *const *list = addr;
    size_t most = entries && entries < LT_MAX_LAWS ? entries : LT_MAX_LAWS, n = 0;
    for (; n < most; n++) {
        if (!readable(&list[n], sizeof list[n])) {
            snprintf(err, errlen,
                     "'%s' runs into unreadable memory after %zu entries without its NULL end",
                     LT_PLUGIN_SYMBOL, n);
            return -1;
        }
        if (!list[n]) break;
        if (check_entry(list[n], n, err, errlen) < 0) return -1;
    }
    if (n == most) {
        if (entries && entries <= LT_MAX_LAWS)
            snprintf(err, errlen, "'%s' has no NULL end within its %zu entr%s (" DECLARE_IT ")",
                     LT_PLUGIN_SYMBOL, entries, entries == 1 ? "y" : "ies");
        else
            snprintf(err, errlen, "'%s' has no NULL end within %d entries", LT_PLUGIN_SYMBOL,
                     LT_MAX_LAWS);
        return -1;
    }
    if (n == 0) {
        snprintf(err, errlen, "'%s' is empty (no law before its NULL end)", LT_PLUGIN_SYMBOL);
        return -1;
    }
    return (int)n;
}

/* ---- loading -------------------------------------------------------------------------------- */

/* The files loaded so far (device and inode: the same file by another path is the same), with
 * the number of laws each registered. */
static struct loaded {
    dev_t dev;
    ino_t ino;
    int laws;
} loaded[LT_MAX_LAWS];
static int n_loaded;

/* "QPATH: WHAT", WHAT escaped if it holds a control character (a name from the object may: the
 * registry's messages print names as they are; the origins it holds are escaped already). */
static void write_refusal(char *err, size_t errlen, const char *qpath, const char *what)
{
    char qwhat[1024];
    snprintf(err, errlen, "%s: %s", qpath,
             lt_has_control(what) ? lt_quote(what, qwhat, sizeof qwhat, 0) : what);
}

static int load(const char *path, const char *qpath, char *err, size_t errlen)
{
    char why[1024];
    struct stat st;
    if (stat(path, &st) != 0) {
        write_refusal(err, errlen, qpath, strerror(errno));
        return -1;
    }
    if (!S_ISREG(st.st_mode)) {
        write_refusal(err, errlen, qpath, "not a regular file (a shared object is expected)");
        return -1;
    }
    for (int i = 0; i < n_loaded; i++)
        if (loaded[i].dev == st.st_dev && loaded[i].ino == st.st_ino)
            return loaded[i].laws; /* loaded once */
    if (n_loaded == LT_MAX_LAWS) {
        write_refusal(err, errlen, qpath, "more shared objects than laws lawtester holds");
        return -1;
    }
    /* dlopen searches the library path for a name without '/': take it as a file here */
    size_t len = strlen(path) + 3;
    char *tried = malloc(len);
    if (!tried) {
        write_refusal(err, errlen, qpath, "out of memory");
        return -1;
    }
    snprintf(tried, len, "%s%s", strchr(path, '/') ? "" : "./", path);
    void *handle = dlopen(tried, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        snprintf(why, sizeof why, "cannot load it as a shared object: %s", dl_reason(tried));
        free(tried);
        write_refusal(err, errlen, qpath, why);
        return -1;
    }
    free(tried);
    dlerror();
    const void *addr = dlsym(handle, LT_PLUGIN_SYMBOL);
    if (!addr) {
        snprintf(why, sizeof why,
                 "exports no '%s' (a NULL-terminated array of const lt_law *, C linkage; "
                 "docs/plugins.md)",
                 LT_PLUGIN_SYMBOL);
        write_refusal(err, errlen, qpath, why);
        dlclose(handle);
        return -1;
    }
    mem_load(); /* after dlopen: the object's segments are mapped */
    int n = check_export(addr, why, sizeof why);
    if (n < 0) {
        write_refusal(err, errlen, qpath, why);
        dlclose(handle);
        return -1;
    }
    /* the origin the registry keeps (for `lawtester laws` and messages): escaped, not shortened */
    char origin[4200];
    lt_quote(path, origin, sizeof origin, 0);
    const lt_law *const *list = addr;
    const lt_law *added[LT_MAX_LAWS];
    for (int i = 0; i < n; i++) {
        added[i] = lt_register_law(list[i], origin, why, sizeof why);
        if (added[i] && lt_law_set_library(added[i], origin) < 0) {
            lt_unregister_law(added[i]);
            added[i] = NULL;
            snprintf(why, sizeof why, "out of memory");
        }
        if (!added[i]) {
            write_refusal(err, errlen, qpath, why);
            while (i > 0) lt_unregister_law(added[--i]);
            dlclose(handle);
            return -1;
        }
    }
    loaded[n_loaded++] = (struct loaded){.dev = st.st_dev, .ino = st.st_ino, .laws = n};
    return n; /* handle kept open: the registered laws point into the object */
}

int lt_plugin_load(const char *path, char *err, size_t errlen)
{
    char qpath[LT_QUOTE_KEEP + 8];
    lt_quote(path, qpath, sizeof qpath, LT_QUOTE_KEEP);
    /* a supervisor names the file if its constructors or its export bring the process down */
    lt_watch_text(lt_watch_page->lib, sizeof lt_watch_page->lib, qpath);
    lt_watch_enter(LT_CALL_LOAD);
    int n = load(path, qpath, err, errlen);
    lt_watch_leave();
    free(mem.s);
    mem.s = NULL;
    mem.n = 0;
    return n;
}
