/* src/output/plot_info.c - the gnuplot definitions of a table (plot_info.h): its sidecar's test,
 * law and parameters for the titles, and one pass over the table for the stage boundaries and the
 * columns that are zero everywhere. */
#define _POSIX_C_SOURCE 200809L
#include "output/plot_info.h"
#include "contact/registry.h"
#include "output/record.h"
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- a growing string ------------------------------------------------------------------------ */

typedef struct strbuf {
    char *p;
    size_t n, cap;
    int failed;
} strbuf;

static void sb_printf(strbuf *s, const char *fmt, ...)
{
    if (s->failed) return;
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int len = vsnprintf(s->p ? s->p + s->n : NULL, s->p ? s->cap - s->n : 0, fmt, ap);
        va_end(ap);
        if (len < 0) {
            s->failed = 1;
            return;
        }
        if (s->p && s->n + (size_t)len < s->cap) {
            s->n += (size_t)len;
            return;
        }
        size_t cap = (s->cap ? 2 * s->cap : 1024) + (size_t)len;
        char *p = realloc(s->p, cap);
        if (!p) {
            s->failed = 1;
            return;
        }
        s->p = p;
        s->cap = cap;
        s->p[s->n] = 0;
    }
}

/* text as a gnuplot single-quoted string (a quote is doubled) */
static void sb_quoted(strbuf *s, const char *text)
{
    sb_printf(s, "'");
    for (const char *c = text; *c; c++) sb_printf(s, *c == '\'' ? "''" : "%c", *c);
    sb_printf(s, "'");
}

/* ---- numbers for titles ---------------------------------------------------------------------- */

void lt_plot_number(char *out, size_t n, double x)
{
    static const char *const sup[10] = {"⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"};
    char g[40];
    snprintf(g, sizeof g, "%.4g", x);
    char *e = strchr(g, 'e');
    if (!e) {
        snprintf(out, n, "%s", g);
        return;
    }
    *e = 0;
    int ex = atoi(e + 1);
    char pow[64] = "";
    size_t len = 0;
    if (ex < 0) len += (size_t)snprintf(pow + len, sizeof pow - len, "⁻");
    char digits[16];
    snprintf(digits, sizeof digits, "%d", ex < 0 ? -ex : ex);
    for (const char *d = digits; *d; d++)
        len += (size_t)snprintf(pow + len, sizeof pow - len, "%s", sup[*d - '0']);
    if (strcmp(g, "1") == 0)
        snprintf(out, n, "10%s", pow);
    else if (strcmp(g, "-1") == 0)
        snprintf(out, n, "-10%s", pow);
    else
        snprintf(out, n, "%s×10%s", g, pow);
}

/* ---- the sidecar ----------------------------------------------------------------------------- */

typedef struct kv {
    char *text; /* the file, each line split at its tab: key\0value\0 */
    char **key, **val;
    int n;
} kv;

static void kv_free(kv *m)
{
    free(m->text);
    free(m->key);
    free(m->val);
    memset(m, 0, sizeof *m);
}

static int kv_read(kv *m, const char *path, char *err, size_t errlen)
{
    memset(m, 0, sizeof *m);
    FILE *fp = fopen(path, "r");
    if (!fp) {
        snprintf(err, errlen, "cannot read '%s': %s", path, strerror(errno));
        return -1;
    }
    size_t cap = 4096, len = 0;
    m->text = malloc(cap);
    for (size_t got; m->text && (got = fread(m->text + len, 1, cap - 1 - len, fp)) > 0;) {
        len += got;
        if (len + 1 == cap) {
            char *p = realloc(m->text, cap *= 2);
            if (!p) free(m->text);
            m->text = p;
        }
    }
    fclose(fp);
    int lines = 0;
    if (m->text) {
        m->text[len] = 0;
        for (size_t i = 0; i < len; i++) lines += m->text[i] == '\n';
        m->key = malloc(((size_t)lines + 1) * sizeof *m->key);
        m->val = malloc(((size_t)lines + 1) * sizeof *m->val);
    }
    if (!m->text || !m->key || !m->val) {
        kv_free(m);
        snprintf(err, errlen, "out of memory reading '%s'", path);
        return -1;
    }
    for (char *save = NULL, *line = strtok_r(m->text, "\n", &save); line;
         line = strtok_r(NULL, "\n", &save)) {
        char *tab = strchr(line, '\t');
        if (line[0] == '#' || !tab) continue;
        *tab = 0;
        m->key[m->n] = line;
        m->val[m->n++] = tab + 1;
    }
    return 0;
}

static const char *kv_get(const kv *m, const char *key)
{
    for (int i = 0; i < m->n; i++)
        if (strcmp(m->key[i], key) == 0) return m->val[i];
    return NULL;
}

/* One parameter for the title: "kn = 10⁶ N/m"; a boolean only when true, a choice only when it
 * is not the default; nothing for a value the sidecar does not know or an unset one (`unset`:
 * the law's own default).  `materials` (the law declares it LT_PARAM_MATERIALS: the sidecar
 * writes no other parameter so) shows the stiffness rule's value of the same name, if the
 * sidecar has one, marked "(materials)". */
static void param_text(strbuf *s, const lt_param *p, unsigned flags, const char *value,
                       const kv *meta, int *count)
{
    if (!value) return;
    char num[64], key[96];
    if (p->kind == LT_BOOL) {
        if (strtod(value, NULL) == 0) return;
        sb_printf(s, "%s%s", (*count)++ ? ", " : "", p->name);
        return;
    }
    if (p->kind == LT_CHOICE) {
        if (p->choices && strcmp(value, p->choices[(int)p->def]) == 0) return;
        sb_printf(s, "%s%s = %s", (*count)++ ? ", " : "", p->name, value);
        return;
    }
    const char *unit = p->unit && strcmp(p->unit, "-") != 0 ? p->unit : NULL;
    int materials = strcmp(value, "materials") == 0;
    if (materials) {
        if (!(flags & LT_PARAM_MATERIALS))
            return; /* the law does not say so: no stiffness-rule value under its name */
        snprintf(key, sizeof key, "contact.1.%s", p->name);
        value = meta ? kv_get(meta, key) : NULL;
        if (!value) return; /* the law derives it from the materials; the sidecar has no value */
    }
    char *end;
    double x = strtod(value, &end);
    if (end == value) return;
    lt_plot_number(num, sizeof num, x);
    /* the unit as typeset: "J/m^2" -> "J/m²" (the laws' units use ^2 and ^3) */
    char shown[64] = "";
    for (size_t i = 0, n = 0; unit && unit[i] && n + 3 < sizeof shown; i++) {
        if (unit[i] == '^' && (unit[i + 1] == '2' || unit[i + 1] == '3')) {
            n += (size_t)snprintf(shown + n, sizeof shown - n, "%s",
                                  unit[++i] == '2' ? "\u00b2" : "\u00b3");
        } else {
            shown[n++] = unit[i];
            shown[n] = 0;
        }
    }
    sb_printf(s, "%s%s = %s%s%s%s", (*count)++ ? ", " : "", p->name, num, unit ? " " : "", shown,
              materials ? " (materials)" : "");
}

#define PARAMS_LINE \
    42 /* characters: about 8 cm of 9 pt DejaVu Sans (the narrowest figure is 10 cm wide) */

static void params_line(strbuf *s, const lt_law *law, const kv *meta, const double *params)
{
    int count = 0;
    sb_printf(s, "params=");
    strbuf line = {0};
    for (int i = 0; law && i < law->n_params; i++) {
        const lt_param *p = &law->params[i];
        char key[96], value[64];
        const char *v = NULL;
        if (meta) {
            snprintf(key, sizeof key, "params.%s", p->name);
            v = kv_get(meta, key);
        } else if (params) {
            if (p->kind == LT_CHOICE) v = p->choices[(int)params[i]];
            /* unset: shown only when the law takes it from the materials */
            else if (isnan(params[i]))
                v = law->param_flags && (law->param_flags[i] & LT_PARAM_MATERIALS) ? "materials"
                                                                                   : NULL;
            else
                snprintf(value, sizeof value, "%.17g", params[i]), v = value;
        }
        param_text(&line, p, law->param_flags ? law->param_flags[i] : 0, v, meta, &count);
    }
    /* a gnuplot double-quoted string, broken after the comma that ends a line of at most
     * PARAMS_LINE characters (titles are centred over figures 9 to 17 cm wide) */
    sb_printf(s, "\"");
    size_t col = 0;
    int lines = line.p && *line.p ? 1 : 0;
    for (const char *c = line.p ? line.p : ""; *c; c++) {
        if (*c == ',' && c[1] == ' ') {
            const char *next = strchr(c + 2, ',');
            size_t len = next ? (size_t)(next - c) : strlen(c);
            if (col + len > PARAMS_LINE) {
                sb_printf(s, ",\\n");
                col = 0;
                lines++;
                c++;
                continue;
            }
        }
        if ((unsigned char)*c < 0x80 || (*c & 0xC0) == 0xC0) col++; /* UTF-8: count characters */
        sb_printf(s, *c == '"' || *c == '\\' ? "\\%c" : "%c", *c);
    }
    sb_printf(s, "\"; titlelines=%d; ", 1 + lines);
    if (line.failed) s->failed = 1;
    free(line.p);
}

/* ---- the table ------------------------------------------------------------------------------- */

#define MAX_COLS 512

typedef struct table_scan {
    int ncol;
    char *name[MAX_COLS];
    double maxabs[MAX_COLS], first[MAX_COLS];
    int *srow, *sno; /* stage boundaries: data row the stage starts from, its number */
    double *stime;
    int nst, capst;
    int too_many;
} table_scan;

static int col_of(const table_scan *t, const char *name)
{
    for (int i = 0; i < t->ncol; i++)
        if (strcmp(t->name[i], name) == 0) return i;
    return -1;
}

static void scan_free(table_scan *t)
{
    for (int i = 0; i < t->ncol; i++) free(t->name[i]);
    free(t->srow);
    free(t->sno);
    free(t->stime);
}

static int add_stage(table_scan *t, int row, int no, double time)
{
    if (t->nst == LT_PLOT_MAX_STAGE_MARKS) {
        t->too_many = 1;
        return 0;
    }
    if (t->nst == t->capst) {
        int cap = t->capst ? 2 * t->capst : 8;
        int *r = realloc(t->srow, (size_t)cap * sizeof *r);
        if (r) t->srow = r;
        int *s = realloc(t->sno, (size_t)cap * sizeof *s);
        if (s) t->sno = s;
        double *d = realloc(t->stime, (size_t)cap * sizeof *d);
        if (d) t->stime = d;
        if (!r || !s || !d) return -1;
        t->capst = cap;
    }
    t->srow[t->nst] = row;
    t->sno[t->nst] = no;
    t->stime[t->nst++] = time;
    return 0;
}

static int scan_table(table_scan *t, const char *path, char *err, size_t errlen)
{
    memset(t, 0, sizeof *t);
    FILE *fp = fopen(path, "r");
    if (!fp) {
        snprintf(err, errlen, "cannot read '%s': %s", path, strerror(errno));
        return -1;
    }
    size_t cap = 0;
    char *line = NULL;
    ssize_t len = getline(&line, &cap, fp);
    int rc = 0;
    if (len > 0) {
        if (line[len - 1] == '\n') line[--len] = 0;
        for (char *save = NULL, *w = strtok_r(line, "\t", &save); w && t->ncol < MAX_COLS;
             w = strtok_r(NULL, "\t", &save))
            if (!(t->name[t->ncol++] = strdup(w))) rc = -1;
    }
    int c_stage = col_of(t, "stage"), c_time = col_of(t, "time");
    int row = 0, stage = -1;
    double prev_time = 0;
    double *v = malloc(MAX_COLS * sizeof *v);
    if (!v) rc = -1;
    while (rc == 0 && (len = getline(&line, &cap, fp)) > 0) {
        char *p = line;
        int nv = 0;
        while (nv < t->ncol) {
            char *end;
            v[nv] = strtod(p, &end);
            if (end == p) v[nv] = NAN;
            nv++;
            p = strchr(end, '\t');
            if (!p) break;
            p++;
        }
        for (int i = 0; i < nv; i++) {
            if (row == 0) t->first[i] = v[i];
            if (fabs(v[i]) > t->maxabs[i]) t->maxabs[i] = fabs(v[i]);
        }
        /* a stage starts from the last state of the one before it (the initial state: row 0) */
        if (c_stage >= 0 && c_stage < nv && v[c_stage] != stage) {
            int no = (int)v[c_stage];
            if (no > 0 && add_stage(t, row > 0 ? row - 1 : 0, no, row > 0 ? prev_time : 0) < 0)
                rc = -1;
            stage = no;
        }
        if (c_time >= 0 && c_time < nv) prev_time = v[c_time];
        row++;
    }
    if (ferror(fp) && rc == 0) {
        snprintf(err, errlen, "cannot read '%s': %s", path, strerror(errno));
        rc = -2;
    }
    free(v);
    free(line);
    fclose(fp);
    if (rc == -1) snprintf(err, errlen, "out of memory reading '%s'", path);
    if (rc < 0) scan_free(t);
    return rc < 0 ? -1 : 0;
}

/* ---- the definitions ------------------------------------------------------------------------- */

static double maxabs_of(const table_scan *t, const char *name)
{
    int c = col_of(t, name);
    return c >= 0 ? t->maxabs[c] : 0;
}

/* the column is not zero everywhere against scale, the largest of its kind (LT_PLOT_ZERO_REL) */
static int nonzero(const table_scan *t, const char *name, double scale)
{
    double m = maxabs_of(t, name);
    return m > 0 && m > LT_PLOT_ZERO_REL * scale;
}

/* The driver's energies by the group of the energy plot they are drawn in (PLOT of
 * src/base/record_columns.def): the driver's panel, and the contact's beside the law's energies. */
#define DRIVER_GROUP_DRIVER(name) #name,
#define DRIVER_GROUP_CONTACT(name)
#define DRIVER_GROUP_NONE(name)
#define CONTACT_GROUP_DRIVER(name)
#define CONTACT_GROUP_CONTACT(name) #name,
#define CONTACT_GROUP_NONE(name)
static const char *const driver_group[] = {
#define LT_DRIVER_ENERGY(id, name, plot) DRIVER_GROUP_##plot(name)
#include "base/record_columns.def"
};
static const char *const contact_group[] = {
#define LT_DRIVER_ENERGY(id, name, plot) CONTACT_GROUP_##plot(name)
#include "base/record_columns.def"
};
enum {
    N_DRIVER_GROUP = (int)(sizeof driver_group / sizeof *driver_group),
    N_CONTACT_GROUP = (int)(sizeof contact_group / sizeof *contact_group)
};

static void energies(strbuf *s, const table_scan *t, const lt_law *law)
{
    /* the law's energies sit between the last column before the energies (kt) and the driver's
     * first (work): src/base/record_columns.def */
    int from = col_of(t, lt_record_columns[lt_record_ncolumns - 1]),
        to = col_of(t, lt_driver_energy_names[0]);
    const char *const *extra = contact_group, *const *driver = driver_group;
    double scale = 0; /* the largest energy of the run */
    for (int i = from + 1; from >= 0 && i < to; i++) scale = fmax(scale, t->maxabs[i]);
    for (int i = 0; i < N_DRIVER_GROUP; i++) scale = fmax(scale, maxabs_of(t, driver[i]));
    for (int i = 0; i < N_CONTACT_GROUP; i++) scale = fmax(scale, maxabs_of(t, extra[i]));
    sb_printf(s, "econtact='");
    int n = 0;
    for (int i = from + 1; from >= 0 && i < to; i++)
        if (nonzero(t, t->name[i], scale)) sb_printf(s, "%s%s", n++ ? " " : "", t->name[i]);
    for (int i = 0; i < N_CONTACT_GROUP; i++)
        if (nonzero(t, extra[i], scale)) sb_printf(s, "%s%s", n++ ? " " : "", extra[i]);
    sb_printf(s, "'; estored='");
    n = 0;
    for (int i = 0; law && i < law->n_energies; i++)
        if (law->energies[i].kind == LT_STORED)
            sb_printf(s, "%s%s", n++ ? " " : "", law->energies[i].name);
    sb_printf(s, "'; edriver='");
    n = 0;
    for (int i = 0; i < N_DRIVER_GROUP; i++)
        if (nonzero(t, driver[i], scale)) sb_printf(s, "%s%s", n++ ? " " : "", driver[i]);
    int k = col_of(t, "kin");
    /* the law's stored energy in the first state (a contact there from the start) */
    double stored0 = 0;
    for (int i = 0; law && i < law->n_energies; i++) {
        int c = col_of(t, law->energies[i].name);
        if (law->energies[i].kind == LT_STORED && c >= 0 && isfinite(t->first[c]))
            stored0 += t->first[c];
    }
    sb_printf(s, "'; kin0=%.17g; estored0=%.17g; ", k >= 0 ? t->first[k] : 0.0, stored0);
    /* a law that books no energies (a port, a hosted law): its balance_err is not an error but
     * the energy its contact holds or absorbed (docs/energy.md) */
    if (law && law->n_energies == 0) sb_printf(s, "nobook=1; ");
}

/* The components (letters of xyz from first) of the pair P?, Q? (displacement and force, or
 * rotation and torque) that are not zero everywhere against the largest component of each. */
static void pairs(strbuf *s, const table_scan *t, const char *var, const char *p, const char *q,
                  int first)
{
    const char xyz[3] = {'x', 'y', 'z'};
    double sp = 0, sq = 0;
    char name[16];
    for (int i = 0; i < 3; i++) {
        snprintf(name, sizeof name, "%s%c", p, xyz[i]);
        sp = fmax(sp, maxabs_of(t, name));
        snprintf(name, sizeof name, "%s%c", q, xyz[i]);
        sq = fmax(sq, maxabs_of(t, name));
    }
    sb_printf(s, "%s='", var);
    for (int i = first, n = 0; i < 3; i++) {
        char a[16], b[16];
        snprintf(a, sizeof a, "%s%c", p, xyz[i]);
        snprintf(b, sizeof b, "%s%c", q, xyz[i]);
        if (nonzero(t, a, sp) || nonzero(t, b, sq)) sb_printf(s, "%s%c", n++ ? " " : "", xyz[i]);
    }
    sb_printf(s, "'; ");
}

/* The rotational components that carry a torque: T against the largest force times the branch
 * length (the sidecar's contact.1.l1 + l2, 1 m without one).  A rotation alone is not enough:
 * the imposition frame leaves round-off rotations (1e-9 rad) on laws without torques. */
static void torques(strbuf *s, const table_scan *t, double len)
{
    const char xyz[3] = {'x', 'y', 'z'};
    double sf = 0;
    char name[16];
    for (int i = 0; i < 3; i++) {
        snprintf(name, sizeof name, "F%c", xyz[i]);
        sf = fmax(sf, maxabs_of(t, name));
    }
    sb_printf(s, "rcomp='");
    for (int i = 0, n = 0; i < 3; i++) {
        snprintf(name, sizeof name, "T%c", xyz[i]);
        if (nonzero(t, name, sf * len)) sb_printf(s, "%s%c", n++ ? " " : "", xyz[i]);
    }
    sb_printf(s, "'; ");
}

static void components(strbuf *s, const table_scan *t, const kv *meta)
{
    pairs(s, t, "tcomp", "u", "F", 1);
    const char *l1 = meta ? kv_get(meta, "contact.1.l1") : NULL,
               *l2 = meta ? kv_get(meta, "contact.1.l2") : NULL;
    double len = l1 && l2 ? strtod(l1, NULL) + strtod(l2, NULL) : 1.0;
    torques(s, t, len > 0 && isfinite(len) ? len : 1.0);
}

static void stages(strbuf *s, const table_scan *t)
{
    int n = t->too_many || t->nst < 2 ? 0 : t->nst;
    sb_printf(s, "nstages=%d; ", n);
    /* gnuplot arrays need at least one element */
    sb_printf(s, "array stagerow[%d]; array stagetime[%d]; array stageno[%d]; ", n ? n : 1,
              n ? n : 1, n ? n : 1);
    for (int k = 0; k < n; k++)
        sb_printf(s, "stagerow[%d]=%d; stagetime[%d]=%.17g; stageno[%d]=%d; ", k + 1, t->srow[k],
                  k + 1, t->stime[k], k + 1, t->sno[k]);
}

char *lt_plot_info_defs(const lt_plot_input *in, char *err, size_t errlen)
{
    kv meta = {0};
    int have_meta = in->meta != NULL;
    if (have_meta && kv_read(&meta, in->meta, err, errlen) < 0) return NULL;
    table_scan t;
    if (scan_table(&t, in->data, err, errlen) < 0) {
        kv_free(&meta);
        return NULL;
    }
    const lt_law *law = in->law;
    const char *law_name = have_meta ? kv_get(&meta, "law") : law ? law->name : NULL;
    if (!law && law_name) law = lt_find_law(law_name);
    /* the test: the sidecar's name, else the table's file name */
    char test[256];
    const char *slash = strrchr(in->base, '/'), *file = slash ? slash + 1 : in->base;
    size_t fl = strlen(file);
    snprintf(test, sizeof test, "%.*s",
             (int)(fl > 4 && strcmp(file + fl - 4, ".tsv") == 0 ? fl - 4 : fl), file);
    const char *name = have_meta && kv_get(&meta, "name") ? kv_get(&meta, "name") : test;

    strbuf s = {0};
    sb_printf(&s, "test=");
    sb_quoted(&s, name);
    sb_printf(&s, "; law=");
    sb_quoted(&s, law_name ? law_name : "");
    sb_printf(&s, "; title=");
    strbuf title = {0};
    sb_printf(&title, "%s", name);
    if (law_name) sb_printf(&title, ": law %s", law_name);
    sb_quoted(&s, title.p ? title.p : "");
    if (title.failed) s.failed = 1;
    free(title.p);
    sb_printf(&s, "; ");
    params_line(&s, law, have_meta ? &meta : NULL, have_meta ? NULL : in->params);
    energies(&s, &t, law);
    components(&s, &t, have_meta ? &meta : NULL);
    stages(&s, &t);
    scan_free(&t);
    kv_free(&meta);
    if (s.failed) {
        free(s.p);
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    return s.p;
}
