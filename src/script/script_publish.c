/* src/script/script_publish.c - a run's files published: the law's surface, the .meta sidecar,
 * the record and its plots written to temporary files, then renamed together within the output
 * limits, or all removed if any of them failed; the same publishing for a probe's files. */
#define _POSIX_C_SOURCE 200809L
#include "base/watch.h"
#include "contact/registry.h"
#include "output/meta.h"
#include "output/plot.h"
#include "output/record.h"
#include "output/surface.h"
#include "script/script_int.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Publish the pending outputs of a run or probe unless it failed already: within the output
 * limits (--max-output, --min-free), then renamed together.  Returns 1 (with the reason in err)
 * if the run failed or fails here, else 0. */
int lt_publish_outputs(script_ctx *sc, lt_pending *pending, int failed, char *err, size_t n)
{
    if (failed) return 1;
    int bound = lt_outlimit_publish(&sc->out, pending);
    if (bound != LT_OUT_OK) {
        lt_outlimit_reason(&sc->out, bound, err, n);
        return 1;
    }
    return lt_pending_publish(pending, err, n) < 0;
}

/* The law's surface beside the record (the contact as created, and at the end) into the pending
 * files: 1 if written, 0 if the run has none, < 0 on failure (err). */
static int write_surface(script_ctx *sc, run_ctx *r, char *err, size_t n)
{
    const lt_view *t = lt_tester_view(r->tester);
    if (!(r->rec.have_force && t->created)) return 0;
    double lo, hi;
    lt_surface_range(r->test.law, r->test.params, t->law_state_created, r->rec.fn_min,
                     r->rec.fn_max, r->rec.ft_max, &lo, &hi);
    return lt_surface_write_pending(sc->opts->out_dir, r->name, r->test.law, r->test.params,
                                    t->law_state_created, t->law_state, lo, hi, &r->pending, err,
                                    n);
}

/* The sidecar (status complete) closed into the pending files and the record into table (it is
 * renamed last); after a failure (*failed), each is removed instead.  The sidecar's temporary
 * path, for the plots' titles (NULL after a failure). */
static const char *close_record(run_ctx *r, lt_pending *table, int *failed, char *err, size_t n)
{
    lt_meta_finish(&r->meta, "complete");
    r->meta_open = 0;
    if (*failed)
        lt_meta_abort(&r->meta);
    else
        *failed = lt_afile_close_into(&r->meta.f, &r->pending, err, n) < 0;
    const char *meta_tmp = *failed ? NULL : r->pending.tmp[r->pending.n - 1];
    r->rec_open = 0;
    if (*failed)
        lt_record_abort(&r->rec);
    else
        *failed = lt_afile_close_into(&r->rec.f, table, err, n) < 0;
    return meta_tmp;
}

/* The record's plots (gnuplot) into the pending files: their number, or < 0 (err). */
static int render_plots(run_ctx *r, const lt_pending *table, const char *meta_tmp,
                        const char *surface_tmp, char *err, size_t n)
{
    const lt_view *t = lt_tester_view(r->tester);
    /* the Coulomb cone: the friction coefficient the law declares (lt_law.friction) */
    double tanphi = lt_law_friction(r->test.law, r->test.params, t->law_state, t->stiff.tanPhi);
    lt_watch_page->stage = 0; /* the steps are over: a fault now is the plots' */
    lt_watch_text(lt_watch_page->doing, sizeof lt_watch_page->doing,
                  "while its plots were rendered (gnuplot)");
    lt_plot_input in = {.data = table->tmp[0],
                        .base = table->final[0],
                        .meta = meta_tmp,
                        .surface = surface_tmp,
                        .tanPhi = tanphi};
    return lt_plot_pending(NULL, &in, &r->pending, err, n);
}

/* The record (in table) joins the pending files, last; its final path kept in r->file.  1 on
 * failure (err), else 0; table is left empty. */
static int add_record(run_ctx *r, lt_pending *table, char *err, size_t n)
{
    r->file = strdup(table->final[0]);
    int failed = lt_pending_add(&r->pending, table->tmp[0], table->final[0]) < 0;
    if (failed) snprintf(err, n, "out of memory");
    free(table->tmp);
    free(table->final);
    memset(table, 0, sizeof *table);
    return failed;
}

/* A record of this name from a failed run (NAME.tsv.partial, NAME.meta.partial) is out of date. */
static void remove_stale(const script_ctx *sc, const char *name)
{
    static const char *const stale_suffix[2] = {".tsv.partial", ".meta.partial"};
    for (int i = 0; i < 2; i++) {
        char *stale = lt_afile_path(sc->opts->out_dir, "", name, stale_suffix[i]);
        if (stale) lt_afile_remove_stale(stale);
        free(stale);
    }
}

/* The record's files: everything goes to temporary files first (the surface, the sidecar, the
 * record, the plots), then all are renamed together, the record last, or all removed if any of
 * them failed; then the summary.  The record's rows. */
long lt_publish_record(script_ctx *sc, lua_State *L, run_ctx *r, int call_line)
{
    long rows = r->rec.rows;
    char err[600];
    int wrote = write_surface(sc, r, err, sizeof err);
    const char *surface_tmp = wrote > 0 ? r->pending.tmp[r->pending.n - 1] : NULL;
    lt_pending table = {0};
    int failed = wrote < 0, plots = 0, first_plot = 0;
    const char *meta_tmp = close_record(r, &table, &failed, err, sizeof err);
    if (!failed && sc->opts->plot) {
        first_plot = r->pending.n;
        plots = render_plots(r, &table, meta_tmp, surface_tmp, err, sizeof err);
        failed = plots < 0;
    }
    if (!failed) failed = add_record(r, &table, err, sizeof err);
    lt_pending_discard(&table);
    /* the plotted names, for the summary, before the set is emptied */
    char **plotted = NULL;
    if (!failed && plots > 0 && !sc->opts->quiet)
        plotted = lt_plotted_names(&r->pending, first_plot, plots);
    failed = lt_publish_outputs(sc, &r->pending, failed, err, sizeof err);
    if (failed) {
        sc->out.open = 0;
        lt_plotted_report(plotted, plots, 0);
        lt_run_release(r);
        luaL_error(L, "%s:%d: %s", sc->script.path, lt_test_line(sc, call_line, NULL, 0), err);
    }
    remove_stale(sc, r->name);
    if (!sc->opts->quiet) lt_print_summary(r->tester, r->name, r->file, rows);
    lt_plotted_report(plotted, plots, 1);
    return rows;
}
