/* src/output/meta.c - the NAME.meta sidecar (format in meta.h). */
#include "output/meta.h"
#include "base/watch.h"
#include "output/fmt.h"
#include <errno.h>
#include <string.h>

static void put_num(FILE *fp, const char *key, double x)
{
    char b[FMT_DOUBLE_MAX + 1];
    lt_fmt_double_nul(b, x);
    fprintf(fp, "%s\t%s\n", key, b);
}

static void put_vec(FILE *fp, const char *key, vec3 v)
{
    char x[FMT_DOUBLE_MAX + 1], y[FMT_DOUBLE_MAX + 1], z[FMT_DOUBLE_MAX + 1];
    lt_fmt_double_nul(x, v.x);
    lt_fmt_double_nul(y, v.y);
    lt_fmt_double_nul(z, v.z);
    fprintf(fp, "%s\t%s %s %s\n", key, x, y, z);
}

static void put_body(FILE *fp, char who, const lt_body *b)
{
    char k[32];
#define KEY(s) (snprintf(k, sizeof k, "%c.%s", who, s), k)
    fprintf(fp, "%s\t%s\n", KEY("shape"), lt_shape_name(b->shape));
    switch (b->shape) {
    case LT_SPHERE: put_num(fp, KEY("radius"), b->radius); break;
    case LT_CAPSULE:
        put_num(fp, KEY("radius"), b->radius);
        put_num(fp, KEY("shaft"), b->shaft);
        put_vec(fp, KEY("axis"), lt_body_axis(b));
        break;
    case LT_FACET:
        for (int i = 0; i < 3; i++) {
            static const char *const vk[3] = {"vertex1", "vertex2", "vertex3"};
            put_vec(fp, KEY(vk[i]), lt_body_vertex(b, i));
        }
        put_num(fp, KEY("halfThick"), b->halfThick);
        break;
    default: put_vec(fp, KEY("normal"), lt_body_axis(b)); break;
    }
    put_vec(fp, KEY("pos"), b->pos);
    put_num(fp, KEY("mass"), b->mass);
    fprintf(fp, "%s\t%d\n", KEY("fixed"), b->fixed);
#undef KEY
}

/* Count what m's file grew by since the last count (ftell: once per contact, not per row). */
static void count_bytes(lt_meta *m)
{
    long at = m->lim ? ftell(m->f.fp) : -1;
    if (at < 0) return;
    m->lim->open += at - m->counted;
    m->counted = at;
}

int lt_meta_open(lt_meta *m, const char *dir, const char *name, const lt_test *test,
                 lt_outlimit *lim, char *err, size_t errlen)
{
    memset(m, 0, sizeof *m);
    m->lim = lim;
    if (lt_afile_open(&m->f, dir, name, ".meta", 1 << 16, err, errlen) < 0) return -1;
    lt_afile_role(&m->f, LT_WF_META);
    FILE *fp = m->f.fp;
    /* the bodies as the run starts: mass properties and B placed, as the driver does it */
    lt_body b[2] = {test->body[0], test->body[1]};
    for (int i = 0; i < 2; i++) lt_body_mass_props(&b[i]);
    vec3 n = v3_normalized(test->normal);
    lt_geom_place(&b[0], &b[1], &n, test->gap);
    fprintf(fp, "# lawtester run description: key<TAB>value, SI units (README \"Records\")\n");
    fprintf(fp, "name\t%s\nlaw\t%s\n", name, test->law->name);
    put_num(fp, "dt", test->dt);
    put_num(fp, "abWeight", test->abWeight);
    /* written only when not the default, so that the sidecars of runs without it stay as they were
     * */
    if (test->leverArm == LT_LEVER_RADIUS) fprintf(fp, "leverArm\tradius\n");
    if (test->contactVelocity != LT_VELOCITY_MIDSTEP)
        fprintf(fp, "contactVelocity\t%s\n",
                test->contactVelocity == LT_VELOCITY_STATE ? "state" : "state_radius");
    put_vec(fp, "normal", n);
    put_num(fp, "gap", test->gap);
    /* the local frame of state 0, as the driver builds it from the placed normal (vec.h,
     * m3_frame_from_normal; docs/mechanics.md): x the normal, y and z the tangential axes */
    mat3 R = m3_frame_from_normal(n);
    put_vec(fp, "frame.x", R.r[0]);
    put_vec(fp, "frame.y", R.r[1]);
    put_vec(fp, "frame.z", R.r[2]);
    put_body(fp, 'A', &b[0]);
    put_body(fp, 'B', &b[1]);
    const lt_stiffness *s = &test->stiffness;
    fprintf(fp, "stiffness.rule\t%s\nstiffness.area\t%s\nstiffness.lengths\t%s\n",
            lt_stiff_rule_names[s->rule], lt_stiff_area_names[s->area],
            lt_stiff_lengths_names[s->lengths]);
    if (!isnan(s->ratio)) put_num(fp, "stiffness.ratio", s->ratio);
    if (s->rule == LT_RULE_DIRECT) put_num(fp, "stiffness.kn", s->kn);
    if (s->rule == LT_RULE_DIRECT && !isnan(s->kt)) put_num(fp, "stiffness.kt", s->kt);
    /* the law's parameters as it declares them: one not given is `materials` when the law
     * takes it from the materials (LT_PARAM_MATERIALS), else `unset` (the law's own default) */
    const lt_law *law = test->law;
    for (int i = 0; i < law->n_params; i++) {
        const lt_param *p = &law->params[i];
        char k[64];
        snprintf(k, sizeof k, "params.%s", p->name);
        if (p->kind == LT_CHOICE)
            fprintf(fp, "%s\t%s\n", k, p->choices[(int)test->params[i]]);
        else if (isnan(test->params[i]))
            fprintf(fp, "%s\t%s\n", k,
                    law->param_flags && (law->param_flags[i] & LT_PARAM_MATERIALS) ? "materials"
                                                                                   : "unset");
        else
            put_num(fp, k, test->params[i]);
    }
    /* the law's state variables, a declared array as NAME[LENGTH] */
    if (law->n_state > 0) {
        fprintf(fp, "state\t");
        for (int i = 0; i < law->n_state; i++) {
            const lt_state_array *a = NULL;
            for (int j = 0; j < law->n_state_arrays; j++)
                if (law->state_arrays[j].first == i) a = &law->state_arrays[j];
            if (a)
                fprintf(fp, "%s%s[%d]", i ? " " : "", a->name, a->length), i += a->length - 1;
            else
                fprintf(fp, "%s%s", i ? " " : "", law->state_names[i]);
        }
        fputc('\n', fp);
    }
    if (ferror(fp)) lt_afile_fail(&m->f, errno);
    count_bytes(m);
    return 0;
}

void lt_meta_defines(lt_meta *m, const char *const *defines, int n)
{
    FILE *fp = m->f.fp;
    if (!fp || n <= 0) return;
    for (int i = 0; i < n; i++) {
        const char *eq = strchr(defines[i], '=');
        if (!eq) continue;
        fprintf(fp, "define.%.*s\t", (int)(eq - defines[i]), defines[i]);
        for (const char *c = eq + 1; *c; c++)
            fputc(*c == '\t' || *c == '\n' || *c == '\r' ? ' ' : *c, fp);
        fputc('\n', fp);
    }
    if (ferror(fp)) lt_afile_fail(&m->f, errno);
    count_bytes(m);
}

void lt_meta_contact(void *ctx, const lt_tester *tester)
{
    const lt_view *t = lt_tester_view(tester);
    lt_meta *m = ctx;
    if (m->f.failed) return;
    FILE *fp = m->f.fp;
    long k = ++m->contacts;
    lt_afile_note_contacts(&m->f, k);
    char key[64];
#define KEY(s) (snprintf(key, sizeof key, "contact.%ld.%s", k, s), key)
    fprintf(fp, "%s\t%ld\n", KEY("step"), t->stiff_step);
    put_num(fp, KEY("uN0"), t->stiff_uN0);
    put_num(fp, KEY("l1"), t->stiff.lens[0]);
    put_num(fp, KEY("l2"), t->stiff.lens[1]);
    put_num(fp, KEY("contA"), t->stiff.contA);
    put_num(fp, KEY("kn"), t->stiff.kn);
    put_num(fp, KEY("kt"), t->stiff.kt);
    put_num(fp, KEY("tanPhi"), t->stiff.tanPhi);
#undef KEY
    if (ferror(fp)) lt_afile_fail(&m->f, errno);
    count_bytes(m);
}

void lt_meta_finish(lt_meta *m, const char *status)
{
    FILE *fp = m->f.fp;
    lt_afile_mark_body(&m->f);
    fprintf(fp, "contacts\t%ld\nstatus\t", m->contacts);
    for (const char *c = status; *c; c++)
        fputc(*c == '\n' || *c == '\t' || *c == '\r' ? ' ' : *c, fp);
    if (fputc('\n', fp) == EOF || ferror(fp)) lt_afile_fail(&m->f, errno);
}

int lt_meta_commit(lt_meta *m, char *err, size_t errlen)
{
    lt_meta_finish(m, "complete");
    return lt_afile_commit(&m->f, err, errlen);
}

void lt_meta_abort(lt_meta *m) { lt_afile_abort(&m->f); }
