/* tests/test_plot.c - the plots (docs/plots.md): what lawtester tells the gnuplot scripts about
 * a table (src/output/plot_info.h: the law and its parameters for the titles, the stage starts, the
 * curves left out because they are zero everywhere), and, through the command, the files each
 * --plot-format writes, titles that name the law, and a key without the zero curves. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "cli.h"
#include "output/plot.h"
#include "output/plot_info.h"
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define DEMO "stages/compress_shear_unload.lua"
#define DEMO_NAME "compress-shear-unload"

/* The value of `key='...'` in gnuplot definitions, into out ('' if missing). */
static void def_of(const char *defs, const char *key, char *out, size_t n)
{
    char pat[64];
    snprintf(pat, sizeof pat, "%s='", key);
    const char *p = defs;
    out[0] = 0;
    while ((p = strstr(p, pat))) {
        if (p == defs || p[-1] == ' ') {
            p += strlen(pat);
            size_t len = strcspn(p, "'");
            snprintf(out, n, "%.*s", (int)(len < n ? len : n - 1), p);
            return;
        }
        p++;
    }
}

/* A record of the columns of docs/records.md with the law linear's energies: rows of
 * (stage, elast, plast, form, damp); the sidecar says law linear, kn given, kt from the
 * materials. */
static char *table_with(const char *dir, int rows, const int *stage, const double *elast,
                        const double *plast, const double *form, const char **meta_path)
{
    static char tsv[600], meta[600];
    snprintf(tsv, sizeof tsv, "%s/t.tsv", dir);
    snprintf(meta, sizeof meta, "%s/t.meta", dir);
    FILE *f = fopen(tsv, "w");
    CHECK(f != NULL);
    if (!f) return tsv;
    fputs("step\ttime\tstage\tcontact\tux\tuy\tuz\tphix\tphiy\tphiz\tvx\tvy\tvz\twx\twy\twz\tFx\tFy"
          "\tFz\tTx\tTy\tTz\tkn\tkt\t"
          "elast\tplast\twork\tkin\tdamp\tbrk\tbalance_err\tform\tunbooked\n",
          f);
    for (int i = 0; i < rows; i++) {
        double t = 1e-6 * i, ux = -1e-6 * i, fx = 1e6 * ux;
        fprintf(f,
                "%d\t%.17g\t%d\t1\t%.17g\t0\t0\t0\t0\t0\t0\t0\t0\t0\t0\t0\t%."
                "17g\t0\t0\t0\t0\t0\t1e6\t5e5\t%.17g\t%.17g\t"
                "%.17g\t%.17g\t0\t0\t0\t%.17g\n",
                i, t, stage[i], ux, fx, elast[i], plast[i], 10.0 + elast[i] + plast[i], 10.0,
                form[i]);
    }
    fclose(f);
    put_file(
        dir, "t.meta",
        "# lawtester run "
        "description\nname\tmy-test\nlaw\tlinear\nparams.kn\t1000000\nparams.kt\tmaterials\n"
        "params.tanPhi\t0.5\nparams.noSlip\t1\nparams.noBreak\t0\nparams.dissipation\ttrapezoid\n"
        "contact.1.kt\t785398.16339744835\ncontacts\t1\nstatus\tcomplete\n");
    *meta_path = meta;
    return tsv;
}

/* Title, parameters and the curves that are zero everywhere (the round-off sized form too). */
static void test_info_titles_and_zero_curves(void)
{
    char *dir = make_tmpdir();
    enum { N = 7 };
    const int stage[N] = {0, 1, 1, 2, 2, 3, 3};
    const double elast[N] = {0, 0.1, 0.2, 0.3, 0.3, 0.1, 0};
    const double zero[N] = {0};
    /* 1e-19 J beside 10 J of kinetic energy: round-off, far below LT_PLOT_ZERO_REL */
    const double roundoff[N] = {0, 0, 1e-19, 0, -1e-19, 0, 0};
    const char *meta = NULL;
    char *tsv = table_with(dir, N, stage, elast, zero, roundoff, &meta);
    char base[600], err[300], v[512];
    snprintf(base, sizeof base, "%s/my-test.tsv", dir);
    lt_plot_input in = {tsv, base, meta, NULL, NULL, NULL, 0.5};
    char *defs = lt_plot_info_defs(&in, err, sizeof err);
    CHECK_MSG(defs != NULL, "%s", err);
    if (!defs) return;
    def_of(defs, "law", v, sizeof v);
    CHECK_MSG(strcmp(v, "linear") == 0, "law: %s", v);
    def_of(defs, "title", v, sizeof v);
    CHECK_MSG(strcmp(v, "my-test: law linear") == 0, "title: %s", v);
    /* params: the given kn, kt from the materials with the rule's value, a true boolean; the
     * default choice and a false boolean are left out */
    CHECK_MSG(
        strstr(defs,
               "params=\"kn = 10⁶ N/m,\\nkt = 7.854×10⁵ N/m (materials),\\ntanPhi = 0.5, noSlip\"; "
               "titlelines=4;"),
        "params (lines of at most 42 characters): %s", defs);
    CHECK_MSG(!strstr(defs, "noBreak") && !strstr(defs, "trapezoid"), "defaults in the title: %s",
              defs);
    def_of(defs, "econtact", v, sizeof v);
    CHECK_MSG(strcmp(v, "elast") == 0, "econtact (plast zero, form round-off): '%s'", v);
    def_of(defs, "edriver", v, sizeof v);
    CHECK_MSG(strcmp(v, "work kin") == 0, "edriver (damp zero): '%s'", v);
    def_of(defs, "tcomp", v, sizeof v);
    CHECK_MSG(strcmp(v, "") == 0, "tcomp of a normal test: '%s'", v);
    /* stages start from row 0 (stage 1), the last row of stage 1 (row 2), of stage 2 (row 4) */
    CHECK_MSG(strstr(defs, "nstages=3;") && strstr(defs, "stagerow[1]=0;") &&
                  strstr(defs, "stagerow[2]=2;") && strstr(defs, "stagerow[3]=4;"),
              "stages: %s", defs);
    /* the time of row 4, as the table has it (printed with 17 digits: read back exactly) */
    const char *t3 = strstr(defs, "stagetime[3]=");
    CHECK(t3 && strtod(t3 + 13, NULL) == 1e-6 * 4);
    free(defs);

    /* the same table with a dissipation the size of a figure's line: kept */
    const double plast[N] = {0, 0, 0, 1e-6, 2e-6, 2e-6, 2e-6};
    tsv = table_with(dir, N, stage, elast, plast, roundoff, &meta);
    defs = lt_plot_info_defs(&in, err, sizeof err);
    CHECK_MSG(defs != NULL, "%s", err);
    def_of(defs ? defs : "", "econtact", v, sizeof v);
    CHECK_MSG(strcmp(v, "elast plast") == 0, "econtact: '%s'", v);
    free(defs);
    remove_tree(dir);
}

/* More stages than a figure can number: none marked; one stage: nothing to mark. */
static void test_info_stage_marks(void)
{
    char *dir = make_tmpdir();
    enum { N = LT_PLOT_MAX_STAGE_MARKS + 2 };
    int stage[N];
    double e[N] = {0};
    for (int i = 0; i < N; i++) stage[i] = i; /* row 0: the initial state */
    const char *meta = NULL;
    char *tsv = table_with(dir, N, stage, e, e, e, &meta);
    char base[600], err[300];
    snprintf(base, sizeof base, "%s/t.tsv", dir);
    lt_plot_input in = {tsv, base, meta, NULL, NULL, NULL, NAN};
    char *defs = lt_plot_info_defs(&in, err, sizeof err);
    CHECK_MSG(defs && strstr(defs, "nstages=0;"), "%d stages: %s", N - 1, defs ? defs : err);
    free(defs);
    for (int i = 0; i < N; i++) stage[i] = i > 0;
    tsv = table_with(dir, N, stage, e, e, e, &meta);
    defs = lt_plot_info_defs(&in, err, sizeof err);
    CHECK_MSG(defs && strstr(defs, "nstages=0;"), "one stage: %s", defs ? defs : err);
    free(defs);
    /* a table that is not there: a message naming it */
    in.data = "/nonexistent/t.tsv";
    defs = lt_plot_info_defs(&in, err, sizeof err);
    CHECK_MSG(!defs && strstr(err, "cannot read '/nonexistent/t.tsv'"), "%s", err);
    free(defs);
    remove_tree(dir);
}

static void test_info_numbers(void)
{
    const struct {
        double x;
        const char *text;
    } cases[] = {{1e6, "10⁶"},
                 {5e5, "5×10⁵"},
                 {0.5463024898437905, "0.5463"},
                 {1.5e-7, "1.5×10⁻⁷"},
                 {-2e-12, "-2×10⁻¹²"},
                 {40, "40"},
                 {1570796.3267948967, "1.571×10⁶"}};
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char out[64];
        lt_plot_number(out, sizeof out, cases[i].x);
        CHECK_MSG(strcmp(out, cases[i].text) == 0, "%g: '%s', expected '%s'", cases[i].x, out,
                  cases[i].text);
    }
}

static void test_format_names(void)
{
    char err[200];
    CHECK(strcmp(lt_plot_ext(), "png") == 0);
    CHECK(lt_plot_set_format("gif", err, sizeof err) < 0 &&
          strstr(err, "png, svg or pdf, got 'gif'"));
    CHECK(lt_plot_set_format("pdf", err, sizeof err) == 0 && strcmp(lt_plot_ext(), "pdf") == 0);
    CHECK(lt_plot_set_format("png", err, sizeof err) == 0 && strcmp(lt_plot_ext(), "png") == 0);
}

/* ---- through the command --------------------------------------------------------------------- */

/* The first bytes of each format's files. */
static int has_magic(const char *path, const char *fmt)
{
    char head[64];
    slurp(path, head, sizeof head);
    if (strcmp(fmt, "png") == 0) return memcmp(head, "\x89PNG", 4) == 0;
    if (strcmp(fmt, "pdf") == 0) return strncmp(head, "%PDF-", 5) == 0;
    return strstr(head, "<?xml") == head || strstr(head, "<svg") != NULL;
}

/* Each format: the four plots of the demo in it (its magic bytes), no file of another format. */
static void test_formats_write_their_files(void)
{
    const char *fmts[3] = {"png", "svg", "pdf"};
    const char *plots[4] = {"energy", "force_displacement", "force_path", "stress_path"};
    for (int f = 0; f < 3; f++) {
        char *dir = make_tmpdir();
        char args[512], path[600];
        snprintf(args, sizeof args, "run %s -o %s --plot --plot-format %s -q", DEMO, dir, fmts[f]);
        result r;
        run(&r, args);
        CHECK_MSG(r.status == 0 && r.err[0] == 0, "%s: status %d: %s", fmts[f], r.status, r.err);
        for (int i = 0; i < 4; i++) {
            snprintf(path, sizeof path, "%s/" DEMO_NAME "-%s.%s", dir, plots[i], fmts[f]);
            CHECK_MSG(has_magic(path, fmts[f]), "%s is missing or not %s", path, fmts[f]);
        }
        /* the table, its sidecar and surface, and the four plots: nothing else */
        CHECK_MSG(count_files(dir) == 7, "%s: %d files", fmts[f], count_files(dir));
        remove_tree(dir);
    }
}

/* In an SVG the titles and the key are text: the title names the law and the test, the energy
 * plot's key has the law's energies that are not zero and none of those that are (the demo's
 * form is -5e-19 J of round-off, damp and brk are 0). */
static void test_svg_titles_and_key(void)
{
    char *dir = make_tmpdir();
    char args[512], path[600];
    snprintf(args, sizeof args, "run %s -o %s --plot --plot-format svg -q", DEMO, dir);
    result r;
    run(&r, args);
    CHECK_MSG(r.status == 0, "status %d: %s", r.status, r.err);
    const char *plots[4] = {"energy", "force_displacement", "force_path", "stress_path"};
    static char svg[1 << 20];
    for (int i = 0; i < 4; i++) {
        snprintf(path, sizeof path, "%s/" DEMO_NAME "-%s.svg", dir, plots[i]);
        slurp(path, svg, sizeof svg);
        CHECK_MSG(strstr(svg, DEMO_NAME ": law linear") && strstr(svg, "kn = 10⁶ N/m"),
                  "%s: no title with the law", path);
        CHECK_MSG(!strstr(svg, dir), "%s: a file path in the plot", path);
    }
    snprintf(path, sizeof path, "%s/" DEMO_NAME "-energy.svg", dir);
    slurp(path, svg, sizeof svg);
    CHECK_MSG(strstr(svg, "<title>elast (stored)</title>") &&
                  strstr(svg, "<title>plast (dissipated)</title>"),
              "the law's energies are not in the key");
    CHECK_MSG(!strstr(svg, "form (") && !strstr(svg, "brk (") && !strstr(svg, "numerical damping"),
              "a curve that is zero everywhere is in the key");
    /* the path plots: one sign convention, compression positive */
    snprintf(path, sizeof path, "%s/" DEMO_NAME "-stress_path.svg", dir);
    slurp(path, svg, sizeof svg);
    CHECK_MSG(strstr(svg, "compressive normal force −F"), "stress_path's axis");
    snprintf(path, sizeof path, "%s/" DEMO_NAME "-force_path.svg", dir);
    slurp(path, svg, sizeof svg);
    CHECK_MSG(strstr(svg, "compressive normal force −F"), "force_path's axis");
    remove_tree(dir);
}

/* verify --plot writes its overlay in the format asked for, titled with the law */
static void test_verify_plot_format(void)
{
    char *dir = make_tmpdir();
    char args[512], path[600];
    snprintf(args, sizeof args,
             "verify --law linear --case shear-cycle --plot %s --plot-format svg", dir);
    result r;
    run(&r, args);
    CHECK_MSG(r.status == 0, "status %d: %s", r.status, r.err);
    snprintf(path, sizeof path, "%s/linear-shear-cycle.svg", dir);
    static char svg[1 << 19];
    slurp(path, svg, sizeof svg);
    CHECK_MSG(has_magic(path, "svg") && strstr(svg, "shear-cycle: law linear"),
              "%s: missing or untitled", path);
    snprintf(path, sizeof path, "%s/linear-shear-cycle.png", dir);
    struct stat st;
    CHECK_MSG(stat(path, &st) != 0, "a PNG beside the SVG");
    remove_tree(dir);
}

/* verify --plot draws the generic checks too (src/verify/verify_tap.c): a check's run as a record
 * and a figure with its axes' units; the oblique sweep's runs spread over at most six records of
 * its 90 incidences, one figure; nothing left under a provisional name. */
static void test_verify_plots_generic_checks(void)
{
    char *dir = make_tmpdir();
    char args[512], path[600];
    result r;
    snprintf(args, sizeof args,
             "verify --law linear --case generic-shear-cycle --plot %s --plot-format svg", dir);
    run(&r, args);
    CHECK_MSG(r.status == 0, "status %d: %s %s", r.status, r.out, r.err);
    snprintf(path, sizeof path, "%s/linear-generic-shear-cycle.svg", dir);
    static char svg[1 << 20];
    slurp(path, svg, sizeof svg);
    CHECK_MSG(has_magic(path, "svg") && strstr(svg, "generic-shear-cycle: law linear") &&
                  strstr(svg, "tangential force F") && strstr(svg, "time t (ms)") &&
                  strstr(svg, "energy (mJ)") && strstr(svg, "elast (stored)"),
              "%s: missing, untitled or without its axes", path);
    static char tsv[1 << 20];
    snprintf(path, sizeof path, "%s/linear-generic-shear-cycle.tsv", dir);
    slurp(path, tsv, sizeof tsv);
    CHECK(strncmp(tsv, "step\ttime\tstage\tcontact\tux\t", 27) == 0);
    CHECK(count_files(dir) == 2);
    snprintf(args, sizeof args, "verify --law linear --case generic-oblique --plot %s", dir);
    run(&r, args);
    CHECK_MSG(r.status == 0, "status %d: %s %s", r.status, r.out, r.err);
    snprintf(path, sizeof path, "%s/linear-generic-oblique.png", dir);
    CHECK(has_magic(path, "png"));
    snprintf(path, sizeof path, "%s/linear-generic-oblique-run6.tsv", dir);
    struct stat st;
    CHECK(stat(path, &st) == 0);
    snprintf(path, sizeof path, "%s/linear-generic-oblique-run7.tsv", dir);
    CHECK(stat(path, &st) != 0);
    CHECK(count_files(dir) == 2 + 6 + 1 && !dir_has_file_with(dir, "generic-run") &&
          !dir_has_file_with(dir, ".tmp."));
    remove_tree(dir);
}

/* Bad uses: one line, exit status 2, nothing run */
static void test_plot_format_usage(void)
{
    char *dir = make_tmpdir();
    char args[512];
    result r;
    snprintf(args, sizeof args, "run %s -o %s --plot --plot-format gif", DEMO, dir);
    run(&r, args);
    CHECK_MSG(r.status == 2 && count_lines(r.err) == 1 &&
                  strstr(r.err, "--plot-format needs png, svg or pdf, got 'gif'"),
              "status %d: %s", r.status, r.err);
    snprintf(args, sizeof args, "run %s -o %s --plot --plot-format", DEMO, dir);
    run(&r, args);
    CHECK_MSG(r.status == 2 && count_lines(r.err) == 1 &&
                  strstr(r.err, "--plot-format needs png, svg or pdf"),
              "status %d: %s", r.status, r.err);
    snprintf(args, sizeof args, "run %s -o %s --plot-format svg", DEMO, dir);
    run(&r, args);
    CHECK_MSG(r.status == 2 && count_lines(r.err) == 1 &&
                  strstr(r.err, "--plot-format needs --plot"),
              "status %d: %s", r.status, r.err);
    run(&r, "verify --law linear --case shear-cycle --plot-format svg");
    CHECK_MSG(r.status == 2 && count_lines(r.err) == 1 &&
                  strstr(r.err, "--plot-format needs --plot DIR"),
              "status %d: %s", r.status, r.err);
    CHECK(count_files(dir) == 0);
    remove_tree(dir);
}

/* A gnuplot without the format's terminal (a wrapper that refuses pdfcairo, as a build without
 * cairo would): one clear line before anything runs. */
static void test_missing_terminal(void)
{
    char bin[64], out[64], cmd[1024], args[512];
    snprintf(bin, sizeof bin, "%s", make_tmpdir()); /* make_tmpdir's buffer is static */
    snprintf(out, sizeof out, "%s", make_tmpdir());
    snprintf(
        cmd, sizeof cmd,
        "printf '#!/bin/sh\\ncase \"$*\" in *pdfcairo*) echo \"unknown or ambiguous terminal "
        "type\" >&2; exit 1;; esac\\n"
        "exec %%s \"$@\"\\n' \"$(command -v gnuplot)\" > '%s/gnuplot' && chmod +x '%s/gnuplot'",
        bin, bin);
    CHECK(system(cmd) == 0);
    char prefix[300];
    snprintf(prefix, sizeof prefix, "env PATH='%s':\"$PATH\"", bin);
    snprintf(args, sizeof args, "run %s -o %s --plot --plot-format pdf", DEMO, out);
    result r;
    run_with(&r, prefix, args);
    CHECK_MSG(
        r.status == 2 && count_lines(r.err) == 1 &&
            strstr(r.err,
                   "--plot-format pdf needs gnuplot's pdfcairo terminal, which this gnuplot lacks"),
        "status %d: %s", r.status, r.err);
    CHECK(count_files(out) == 0);
    /* the other formats go on working with that gnuplot */
    snprintf(args, sizeof args, "run %s -o %s --plot --plot-format svg -q", DEMO, out);
    run_with(&r, prefix, args);
    CHECK_MSG(r.status == 0, "status %d: %s", r.status, r.err);
    remove_tree(bin);
    remove_tree(out);
}

const test_case plot_tests[] = {
    TEST(info_titles_and_zero_curves),
    TEST(info_stage_marks),
    TEST(info_numbers),
    TEST(format_names),
    TEST(formats_write_their_files),
    TEST(svg_titles_and_key),
    TEST(verify_plot_format),
    TEST(verify_plots_generic_checks),
    TEST(plot_format_usage),
    TEST(missing_terminal),
    {0, 0},
};
