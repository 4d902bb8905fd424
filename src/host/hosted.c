/* src/host/hosted.c - a hosted law's engine (see hosted.h): setup, a fresh state per contact, the
 * exchange of a step, the engine's ERROR turned into one line. */
#define _POSIX_C_SOURCE 200809L /* mkdtemp, strdup */
#include "host/hosted.h"
#include "base/quote.h"
#include "base/watch.h"
#include "host/hosted_wall.h"
#include "output/fmt.h"
#include <dirent.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

typedef struct hosted_cmd {
    char *text; /* as the file writes it, ${NAME} unexpanded */
    int line;
} hosted_cmd;

/* The engine instance of one library in this process, shared by the hosted laws of that library
 * (every contact sets the engine up anew, so a law needs the instance only while its contact
 * runs; a second instance of LIGGGHTS would also print a warning per style it registers). */
typedef struct engine_slot {
    const lt_engine_lib *lib;
    void *engine;           /* NULL: not opened yet */
    const lt_hosted *owner; /* the law whose contact the engine holds (NULL: none) */
    int users;              /* hosted laws of this library alive */
    long runs;              /* `run 1` since the log was truncated */
    int log_off;            /* the log closed for the steps (lt_hosted_log_steps) */
    int has_wall;           /* the engine holds the wall fix lt_wall */
    char logpath[1024];
    pid_t log_pid; /* the process whose directory holds logpath */
} engine_slot;

static engine_slot slots[LT_ENGINE_COUNT * 4];

struct lt_hosted {
    lt_host host; /* what the registry keeps: ctx is this */
    const lt_engine_lib *lib;
    engine_slot *slot; /* the library's shared instance */
    char *file;        /* the hosted law's file, quoted */
    int line;          /* its law table's line */
    hosted_cmd cmds[LT_HOSTED_MAX_COMMANDS];
    int n_cmds;
    const lt_law *law;                 /* the registered law (lt_hosted_bind) */
    lt_hosted_commands_fn commands_fn; /* the commands as a function of the parameters, or NULL */
    int walls;       /* 0: no wall; 1: the wall's command derived from the pair style; 2: given */
    char *wall_text; /* the given wall command, ${NAME} unexpanded */
    int wall_line;
    void *commands_ctx;
    int commands_line;
};

/* ---- the engine's ERROR: one line, exit status 2 ------------------------------------------- */

/* The command in flight, for the exit hook: what it is and where it comes from; the directory of
 * this process's engine logs (a worker forked from a process that opened an engine makes its
 * own: the two must not write, truncate or remove each other's files). */
static struct {
    const lt_hosted *h;
    char cmd[512];
    int line; /* the hosted file's line of the command (0: lawtester's own setup or step) */
    char logdir[512];
    pid_t logdir_pid; /* the process that made logdir */
    int n_logs;       /* logs named in it */
    int hooked;
} inflight;

/* The last line of the log starting with "ERROR" (or "WARNING" if none), into buf. */
static void error_of_log(const char *path, char *buf, size_t n)
{
    snprintf(buf, n, "no ERROR line in its log");
    FILE *f = fopen(path, "r");
    if (!f) return;
    char line[1024];
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "ERROR", 5) != 0) continue;
        line[strcspn(line, "\n")] = 0;
        lt_quote(line, buf, n, 0);
    }
    fclose(f);
}

/* Remove this process's logs' directory (its files first); a directory a parent made is the
 * parent's. */
static void remove_logs(void)
{
    if (!inflight.logdir[0] || inflight.logdir_pid != getpid()) return;
    DIR *d = opendir(inflight.logdir);
    for (struct dirent *e; d && (e = readdir(d)) != NULL;) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
        char path[1400];
        snprintf(path, sizeof path, "%s/%s", inflight.logdir, e->d_name);
        unlink(path);
    }
    if (d) closedir(d);
    rmdir(inflight.logdir);
    inflight.logdir[0] = 0;
}

/* The engine ended the process inside a command (its ERROR: exit() from LAMMPS's Error::all, or
 * MPI_Abort from Error::one, src/host/mpi_abort.c): one line, the logs removed, status 2.  0
 * when no engine command was running (the caller goes on). */
int lt_hosted_stopped(void)
{
    lt_watch *w = lt_watch_page;
    if (w->engine_call && inflight.h) {
        const lt_hosted *h = inflight.h;
        char err[500], q[LT_QUOTE_KEEP + 8];
        if (h->slot->log_off)
            snprintf(err, sizeof err,
                     "its log is off during steps, which are faster without it (a run with "
                     "LAWTESTER_ENGINE_LOG=1 keeps it and names the engine's ERROR)");
        else
            error_of_log(h->slot->logpath, err, sizeof err);
        snprintf(w->engine_error, sizeof w->engine_error,
                 "%.200s:%d: law '%.64s': %s stopped at its command '%s': %s", h->file,
                 inflight.line > 0 ? inflight.line : h->line, h->law ? h->law->name : "?",
                 h->lib->name, lt_quote(inflight.cmd, q, sizeof q, LT_QUOTE_KEEP), err);
        if (!w->supervised) fprintf(stderr, "lawtester: %s\n", w->engine_error);
        remove_logs();
        fflush(NULL);
        _exit(2);
    }
    return 0;
}

/* At exit: an engine that ended the process inside a command gets its one line; the logs go. */
static void exit_hook(void)
{
    lt_hosted_stopped();
    remove_logs();
}

/* Run one command in the engine (line: its line in the hosted file, 0: lawtester's own). */
static void run_command(lt_hosted *h, const char *cmd, int line)
{
    inflight.h = h;
    snprintf(inflight.cmd, sizeof inflight.cmd, "%.511s", cmd);
    inflight.line = line;
    lt_watch_page->engine_call = 1;
    h->lib->command(h->slot->engine, (char *)cmd);
    lt_watch_page->engine_call = 0;
}

static void run_commandf(lt_hosted *h, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
static void run_commandf(lt_hosted *h, const char *fmt, ...)
{
    char cmd[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(cmd, sizeof cmd, fmt, ap);
    va_end(ap);
    run_command(h, cmd, 0);
}

/* ---- the law and its commands -------------------------------------------------------------- */

static int hosted_prepare(void *ctx, const lt_host_pair *p, char *err, size_t errlen);
static int hosted_begin(void *ctx, const lt_host_pair *p, char *err, size_t errlen);
static int hosted_step(void *ctx, const lt_host_pair *p, lt_host_out *out, char *err,
                       size_t errlen);

lt_hosted *lt_hosted_new(lt_engine_kind kind, const char *library, const char *file, int line,
                         char *err, size_t errlen)
{
    const lt_engine_lib *lib = lt_engine_load(kind, library, err, errlen);
    if (!lib) return NULL;
    engine_slot *slot = NULL;
    for (size_t i = 0; i < sizeof slots / sizeof slots[0] && !slot; i++)
        if (slots[i].lib == lib || !slots[i].lib) slot = &slots[i];
    if (!slot) {
        snprintf(err, errlen, "more than %zu engine libraries in one process",
                 sizeof slots / sizeof slots[0]);
        return NULL;
    }
    lt_hosted *h = calloc(1, sizeof *h);
    if (h) h->file = strdup(file);
    if (!h || !h->file) {
        free(h);
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    h->lib = lib;
    slot->lib = lib;
    slot->users++;
    h->slot = slot;
    h->line = line;
    return h;
}

void lt_hosted_free(lt_hosted *h)
{
    if (!h) return;
    engine_slot *slot = h->slot;
    if (slot->owner == h) slot->owner = NULL;
    if (--slot->users == 0 && slot->engine) { /* the library's last law: its engine goes */
        h->lib->close(slot->engine);
        slot->engine = NULL;
    }
    for (int i = 0; i < h->n_cmds; i++) free(h->cmds[i].text);
    free(h->wall_text);
    free(h->file);
    free(h);
}

void lt_hosted_set_commands(lt_hosted *h, lt_hosted_commands_fn fn, void *ctx, int line)
{
    h->commands_fn = fn, h->commands_ctx = ctx, h->commands_line = line;
}

int lt_hosted_set_wall(lt_hosted *h, const char *text, int line, char *err, size_t errlen)
{
    h->walls = text ? 2 : 1, h->wall_line = line;
    if (text && !(h->wall_text = strdup(text))) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    return 0;
}

int lt_hosted_add_command(lt_hosted *h, const char *text, int line, char *err, size_t errlen)
{
    if (h->n_cmds == LT_HOSTED_MAX_COMMANDS) {
        snprintf(err, errlen, "more than %d commands", LT_HOSTED_MAX_COMMANDS);
        return -1;
    }
    char *t = strdup(text);
    if (!t) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    h->cmds[h->n_cmds++] = (hosted_cmd){.text = t, .line = line};
    return 0;
}

/* The parameter that ${NAME} at s (s points after "${") names, or -1; *len its name's length
 * (-1: no closing brace). */
static int reference_at(const lt_law *law, const char *s, int *len)
{
    const char *close = strchr(s, '}');
    *len = close ? (int)(close - s) : -1;
    if (!close) return -1;
    for (int i = 0; i < law->n_params; i++)
        if ((int)strlen(law->params[i].name) == *len && strncmp(law->params[i].name, s, *len) == 0)
            return i;
    return -1;
}

/* Every ${NAME} of text names a parameter of law: 0, or -1 with one line in err (where: the
 * field's name for it). */
static int check_references(const lt_law *law, const char *text, const char *where, char *err,
                            size_t errlen)
{
    for (const char *s = text; (s = strstr(s, "${")) != NULL; s += 2) {
        int len;
        if (reference_at(law, s + 2, &len) < 0) {
            if (len < 0)
                snprintf(err, errlen, "%s: '${' without its '}'", where);
            else
                snprintf(err, errlen, "%s: ${%.*s} names no parameter of the law", where,
                         len > 64 ? 64 : len, s + 2);
            return -1;
        }
    }
    return 0;
}

int lt_hosted_bind(lt_hosted *h, const lt_law *law, char *err, size_t errlen)
{
    for (int c = 0; c < h->n_cmds; c++) {
        char where[32];
        snprintf(where, sizeof where, "commands[%d]", c + 1);
        if (check_references(law, h->cmds[c].text, where, err, errlen) < 0) return -1;
    }
    if (h->wall_text && check_references(law, h->wall_text, "wall", err, errlen) < 0) return -1;
    h->law = law;
    h->host = (lt_host){.ctx = h,
                        .walls = h->walls != 0,
                        .prepare = hosted_prepare,
                        .begin = hosted_begin,
                        .step = hosted_step};
    if (lt_law_set_host(law, &h->host) < 0) {
        snprintf(err, errlen, "law '%s' is not a registered law", law->name);
        return -1;
    }
    return 0;
}

/* A parameter's value as a command takes it: shortest round-trip decimal; a bool 0 or 1, a choice
 * its name, a whole number without decimals. */
static void param_text(const lt_param *p, double x, char *buf, size_t n)
{
    if (p->kind == LT_CHOICE && p->choices)
        snprintf(buf, n, "%s", p->choices[(int)x]);
    else if (p->kind == LT_BOOL)
        snprintf(buf, n, "%d", x != 0);
    else if (p->kind == LT_INT && fabs(x) < 1e15)
        snprintf(buf, n, "%.0f", x);
    else if (n > FMT_DOUBLE_MAX)
        lt_fmt_double_nul(buf, x);
}

/* cmd with its ${NAME} references replaced by the values of param, into out (n bytes). */
static void expand(const lt_hosted *h, const char *cmd, const double *param, char *out, size_t n)
{
    size_t o = 0;
    for (const char *s = cmd; *s && o + 1 < n;) {
        int len, i = strncmp(s, "${", 2) == 0 ? reference_at(h->law, s + 2, &len) : -1;
        if (i < 0) {
            out[o++] = *s++;
            continue;
        }
        char v[64];
        param_text(&h->law->params[i], param[i], v, sizeof v);
        o += (size_t)snprintf(out + o, n - o, "%s", v);
        s += 2 + len + 1;
    }
    out[o < n ? o : n - 1] = 0;
}

/* ---- the engine: an instance, its setup, a step ---------------------------------------------- */

/* A log of this process for the engine of slot (a file of its own in this process's directory,
 * made on first use; the exit hook removes it) into slot->logpath.  0, or -1 with one line in
 * err. */
static int new_log_path(engine_slot *slot, char *err, size_t errlen)
{
    if (!inflight.logdir[0] || inflight.logdir_pid != getpid()) {
        const char *tmp = getenv("TMPDIR");
        int n = snprintf(inflight.logdir, sizeof inflight.logdir, "%s/lawtester-engine-XXXXXX",
                         tmp && *tmp ? tmp : "/tmp");
        if (n < 0 || (size_t)n >= sizeof inflight.logdir || !mkdtemp(inflight.logdir)) {
            inflight.logdir[0] = 0;
            snprintf(err, errlen, "cannot make a directory for the engine's log");
            return -1;
        }
        inflight.logdir_pid = getpid();
        inflight.n_logs = 0;
    }
    if (!inflight.hooked) atexit(exit_hook), inflight.hooked = 1;
    snprintf(slot->logpath, sizeof slot->logpath, "%s/log%d", inflight.logdir, inflight.n_logs++);
    slot->log_pid = getpid();
    return 0;
}

/* The engine's instance, opened with its log in this process's directory: 0, or -1 with one
 * line in err. */
static int open_engine(lt_hosted *h, char *err, size_t errlen)
{
    engine_slot *slot = h->slot;
    if (new_log_path(slot, err, errlen) < 0) return -1;
    char *argv[] = {"lawtester", "-screen", "none", "-log", slot->logpath, "-nocite", NULL};
    inflight.h = h;
    snprintf(inflight.cmd, sizeof inflight.cmd, "(start)");
    inflight.line = 0;
    lt_watch_page->engine_call = 1;
    slot->engine = lt_engine_open(h->lib, argv);
    lt_watch_page->engine_call = 0;
    if (!slot->engine) {
        snprintf(err, errlen, "%s did not start (lammps_open_no_mpi)", h->lib->name);
        return -1;
    }
    return 0;
}

/* The engine's per-atom array `name` (double **), or NULL. */
static double **atom_array(lt_hosted *h, const char *name)
{
    return h->lib->extract_atom(h->slot->engine, (char *)name);
}

/* The engine's atoms for the pair: both spheres as given; or, against a wall, the sphere alone in
 * the wall's frame (hosted_wall.h), at height d above the wall's plane z = 0, its velocity and
 * spin relative to the wall's material under it. */
typedef struct engine_view {
    int n; /* atoms */
    double x[2][3], v[2][3], w[2][3], radius[2], mass[2];
    lt_wall_axes Q; /* the wall's frame (n = 1) */
    double d;       /* m: the sphere's centre above the wall */
} engine_view;

static void view_of(const lt_host_pair *p, engine_view *e)
{
    if (!p->wall) {
        e->n = 2;
        memcpy(e->x, p->x, sizeof e->x), memcpy(e->v, p->v, sizeof e->v);
        memcpy(e->w, p->w, sizeof e->w);
        memcpy(e->radius, p->radius, sizeof e->radius), memcpy(e->mass, p->mass, sizeof e->mass);
        return;
    }
    e->n = 1;
    lt_wall_frame(p->n, &e->Q);
    e->d = -(p->x[0][0] * p->n[0] + p->x[0][1] * p->n[1] + p->x[0][2] * p->n[2]);
    double dv[3], dw[3];
    for (int k = 0; k < 3; k++) dv[k] = p->v[1][k] - p->v[0][k], dw[k] = p->w[1][k] - p->w[0][k];
    e->x[0][0] = 0, e->x[0][1] = 0, e->x[0][2] = e->d;
    lt_wall_to(&e->Q, dv, e->v[0]);
    lt_wall_to(&e->Q, dw, e->w[0]);
    e->radius[0] = p->radius[1], e->mass[0] = p->mass[1];
}

/* Positions, velocities and spins of the engine's atoms. */
static int put_state(lt_hosted *h, const engine_view *e)
{
    double **x = atom_array(h, "x"), **v = atom_array(h, "v"), **w = atom_array(h, "omega");
    if (!x || !v || !w) return -1;
    for (int i = 0; i < e->n; i++)
        for (int k = 0; k < 3; k++)
            x[i][k] = e->x[i][k], v[i][k] = e->v[i][k], w[i][k] = e->w[i][k];
    return 0;
}

/* The harness's part of the setup before the law's commands: the style, the box, the atoms with
 * the pair's radii and masses. */
static int setup_atoms(lt_hosted *h, const engine_view *p, char *err, size_t errlen)
{
    int lig = h->lib->kind == LT_ENGINE_LIGGGHTS;
    run_command(h, "units si", 0);
    run_command(h, lig ? "atom_style granular" : "atom_style sphere", 0);
    run_command(h, "atom_modify map array sort 0 0.0", 0);
    run_command(h, "boundary f f f", 0);
    run_command(h, "newton off", 0);
    run_command(h, lig ? "communicate single vel yes" : "comm_modify vel yes", 0);
    if (lig) run_command(h, "hard_particles yes", 0);
    double L = 4 * (p->radius[0] + (p->n > 1 ? p->radius[1] : 0));
    for (int i = 0; i < p->n; i++)
        for (int k = 0; k < 3; k++) L = fmax(L, 2 * (fabs(p->x[i][k]) + p->radius[i]));
    run_commandf(h, "region lt_box block %.17g %.17g %.17g %.17g %.17g %.17g units box", -L, L, -L,
                 L, -L, L);
    run_command(h, "create_box 1 lt_box", 0);
    for (int i = 0; i < p->n; i++)
        run_commandf(h, "create_atoms 1 single %.17g %.17g %.17g units box", p->x[i][0], p->x[i][1],
                     p->x[i][2]);
    void *e = h->slot->engine;
    double *r = h->lib->extract_atom(e, "radius"), *m = h->lib->extract_atom(e, "rmass");
    int *id = h->lib->extract_atom(e, "id");
    if (!r || !m || !id || id[0] != 1 || (p->n > 1 && id[1] != 2)) {
        snprintf(err, errlen, "%s gave no radius, rmass or id of its atoms", h->lib->name);
        return -1;
    }
    for (int i = 0; i < p->n; i++) r[i] = p->radius[i], m[i] = p->mass[i];
    return 0;
}

/* The law's last pair_style and pair_coeff commands (expanded), for the wall's command. */
typedef struct law_pair {
    char style[2048], coeff[2048];
} law_pair;

/* Run one of the law's commands (at line), noting its pair_style and pair_coeff. */
static void run_law_command(lt_hosted *h, law_pair *lp, const char *cmd, int line)
{
    const char *s = cmd + strspn(cmd, " \t");
    if (strncmp(s, "pair_style", 10) == 0) snprintf(lp->style, sizeof lp->style, "%s", s);
    if (strncmp(s, "pair_coeff", 10) == 0) snprintf(lp->coeff, sizeof lp->coeff, "%s", s);
    run_command(h, cmd, line);
}

/* The engine's wall, the law's `wall` command or the one derived from its pair style
 * (hosted_wall.h).  0, or -1 with one line in err. */
static int wall_command(lt_hosted *h, const law_pair *lp, const double *param, char *err,
                        size_t errlen)
{
    char cmd[4200], given[2048];
    int lig = h->lib->kind == LT_ENGINE_LIGGGHTS;
    if (h->walls == 2) {
        expand(h, h->wall_text, param, given, sizeof given);
        snprintf(cmd, sizeof cmd, "%s%s", given,
                 lig ? " primitive type 1 zplane 0.0" : " zplane 0.0 NULL");
    } else if (lt_wall_command(h->lib->kind, lp->style, lp->coeff, cmd, sizeof cmd, err, errlen) <
               0) {
        return -1;
    }
    run_command(h, cmd, h->wall_line);
    h->slot->has_wall = 1;
    return 0;
}

/* A fresh engine state for the pair p with the parameters param: the whole setup. */
static int setup(lt_hosted *h, const lt_host_pair *p, const double *param, char *err, size_t errlen)
{
    engine_slot *slot = h->slot;
    slot->owner = NULL; /* whatever happens now, the engine holds no contact of anyone's */
    if (!slot->engine) {
        if (open_engine(h, err, errlen) < 0) return -1;
    } else {
        if (slot->log_pid != getpid()) { /* a worker forked after the engine opened: its own log */
            if (new_log_path(slot, err, errlen) < 0) return -1;
            slot->log_off = 1;
        }
        if (slot->log_off) { /* the setup's commands are logged: their ERROR is named */
            run_commandf(h, "log %s", slot->logpath);
            slot->log_off = 0;
        }
        if (slot->has_wall) { /* LIGGGHTS crashes in `clear` with its wall still there */
            run_command(h, "unfix lt_wall", 0);
            slot->has_wall = 0;
        }
        run_command(h, "clear", 0);
    }
    engine_view e;
    view_of(p, &e);
    if (setup_atoms(h, &e, err, errlen) < 0) return -1;
    law_pair lp;
    lp.style[0] = lp.coeff[0] = 0;
    if (h->commands_fn) { /* the law's function of its parameters: its list, verbatim */
        char *const *cmds;
        int n;
        if (h->commands_fn(h->commands_ctx, param, &cmds, &n, err, errlen) < 0) return -1;
        for (int c = 0; c < n; c++) run_law_command(h, &lp, cmds[c], h->commands_line);
    }
    for (int c = 0; c < h->n_cmds; c++) {
        char cmd[2048];
        expand(h, h->cmds[c].text, param, cmd, sizeof cmd);
        run_law_command(h, &lp, cmd, h->cmds[c].line);
    }
    if (p->wall && wall_command(h, &lp, param, err, errlen) < 0) return -1;
    run_commandf(h, "timestep %.17g", p->dt);
    run_commandf(h, "neighbor %.17g bin", 0.25 * (e.radius[0] + (e.n > 1 ? e.radius[1] : 0)));
    run_command(h, "neigh_modify every 1000000000 delay 0 check no", 0);
    run_command(h, "thermo 0", 0);
    if (put_state(h, &e) < 0) {
        snprintf(err, errlen, "%s gave no x, v or omega of its atoms", h->lib->name);
        return -1;
    }
    run_command(h, "run 0", 0);
    slot->runs = 0;
    if (!lt_hosted_log_steps()) { /* 2 of the step's 8.4 us are its log (docs/performance.md) */
        run_command(h, "log none", 0);
        slot->log_off = 1;
    }
    slot->owner = h;
    return 0;
}

static int hosted_begin(void *ctx, const lt_host_pair *p, char *err, size_t errlen)
{
    return setup(ctx, p, p->param, err, errlen);
}

static int hosted_step(void *ctx, const lt_host_pair *p, lt_host_out *out, char *err, size_t errlen)
{
    lt_hosted *h = ctx;
    engine_slot *slot = h->slot;
    if (slot->owner != h) { /* another hosted law of this engine set it up since */
        snprintf(err, errlen,
                 "%s's engine was set up for %s since this contact began: two contacts of hosted "
                 "laws of one engine cannot run interleaved",
                 h->lib->name, slot->owner ? slot->owner->law->name : "nothing");
        return -1;
    }
    engine_view e;
    view_of(p, &e);
    if (put_state(h, &e) < 0) {
        snprintf(err, errlen, "%s gave no x, v or omega of its atoms", h->lib->name);
        return -1;
    }
    if (!slot->log_off && ++slot->runs >= LT_HOSTED_LOG_RUNS) {
        run_commandf(h, "log %s", slot->logpath); /* the log truncated: it stays small */
        slot->runs = 0;
    }
    run_command(h, "run 1 pre no post no", 0);
    double **f = atom_array(h, "f"), **t = atom_array(h, "torque");
    if (!f || !t) {
        snprintf(err, errlen, "%s gave no f or torque of its atoms", h->lib->name);
        return -1;
    }
    int loaded = 0;
    for (int i = 0; i < e.n; i++)
        for (int k = 0; k < 3; k++) loaded |= f[i][k] != 0 || t[i][k] != 0;
    if (p->wall) { /* the sphere's force and torque back from the wall's frame; the wall's */
        lt_wall_from(&e.Q, f[0], out->f[1]);
        lt_wall_from(&e.Q, t[0], out->t[1]);
        double arm[3] = {e.d * p->n[0], e.d * p->n[1], e.d * p->n[2]}; /* wall point -> centre */
        const double *F = out->f[1];
        double m[3] = {arm[1] * F[2] - arm[2] * F[1], arm[2] * F[0] - arm[0] * F[2],
                       arm[0] * F[1] - arm[1] * F[0]};
        for (int k = 0; k < 3; k++) out->f[0][k] = -F[k], out->t[0][k] = -out->t[1][k] - m[k];
        out->touching = e.d < p->radius[1] || loaded;
        return 0;
    }
    for (int i = 0; i < 2; i++)
        for (int k = 0; k < 3; k++) out->f[i][k] = f[i][k], out->t[i][k] = t[i][k];
    double d2 = 0;
    for (int k = 0; k < 3; k++) d2 += (p->x[1][k] - p->x[0][k]) * (p->x[1][k] - p->x[0][k]);
    double rs = p->radius[0] + p->radius[1];
    out->touching = d2 < rs * rs || loaded;
    return 0;
}

static int hosted_prepare(void *ctx, const lt_host_pair *p, char *err, size_t errlen)
{
    return setup(ctx, p, p->param, err, errlen);
}

int lt_hosted_try(lt_hosted *h, const double *param, char *err, size_t errlen)
{
    lt_host_pair p = {.param = param, .radius = {5e-3, 5e-3}, .dt = 1e-7};
    p.x[0][0] = -6e-3, p.x[1][0] = 6e-3;
    for (int i = 0; i < 2; i++) p.mass[i] = 7800 * 4.0 / 3.0 * 3.14159265358979323846 * 1.25e-7;
    return setup(h, &p, param, err, errlen);
}

int lt_hosted_log_steps(void)
{
    const char *v = getenv("LAWTESTER_ENGINE_LOG");
    return v && *v && strcmp(v, "0") != 0;
}

const char *lt_hosted_engine(const lt_hosted *h) { return h->lib->name; }
const char *lt_hosted_library(const lt_hosted *h) { return h->lib->path; }
