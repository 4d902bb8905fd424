/* tests/test_docs.c - the reference docs match the tree: docs/architecture.md names every source
 * file under src/ and laws/ (a law file by the pattern laws/NAME.c, NAME_cases.c, NAME.h it
 * states, or by name), and every path it names exists; every doc the README links to exists;
 * README's command list names every command and option of the command table. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "cli.h"
#include "cli/commands.h"
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int ends_with(const char *s, const char *tail)
{
    size_t a = strlen(s), b = strlen(tail);
    return a >= b && strcmp(s + a - b, tail) == 0;
}

/* Every .c file under src/ (at its top and in its layer folders) is named in the architecture
 * doc with its path; returns how many files were looked at. */
static int check_named_in(const char *doc, const char *dir)
{
    char path[300];
    snprintf(path, sizeof path, "src%s%s", *dir ? "/" : "", dir);
    DIR *d = opendir(path);
    CHECK_MSG(d != NULL, "%s unreadable", path);
    int files = 0;
    for (struct dirent *e; d && (e = readdir(d));) {
        if (e->d_name[0] == '.') continue;
        if (!*dir && !strchr(e->d_name, '.')) {
            files += check_named_in(doc, e->d_name);
            continue;
        }
        if (!ends_with(e->d_name, ".c")) continue;
        char want[700];
        snprintf(want, sizeof want, "`%s/%s`", path, e->d_name);
        CHECK_MSG(strstr(doc, want), "docs/architecture.md does not name %s", want);
        files++;
    }
    if (d) closedir(d);
    return files;
}

static void test_architecture_names_every_source_file(void)
{
    char *doc = slurp_all("docs/architecture.md");
    CHECK_MSG(doc != NULL, "docs/architecture.md unreadable");
    if (!doc) return;
    CHECK(check_named_in(doc, "") >= 40);
    /* the laws' files by the pattern the laws row states */
    CHECK(strstr(doc, "`laws/NAME.c`") && strstr(doc, "`laws/NAME_cases.c`") &&
          strstr(doc, "`laws/NAME.h`"));
    free(doc);
}

/* Every `src/...` or `laws/...` path the architecture doc names exists. */
static void test_architecture_names_no_missing_file(void)
{
    char *doc = slurp_all("docs/architecture.md");
    if (!doc) return;
    int named = 0;
    for (const char *p = doc; (p = strchr(p, '`'));) {
        const char *q = strchr(p + 1, '`');
        if (!q) break;
        size_t n = (size_t)(q - p - 1);
        if (n < 200 && (strncmp(p + 1, "src/", 4) == 0 || strncmp(p + 1, "laws/", 5) == 0) &&
            !memchr(p + 1, ' ', n) && !memchr(p + 1, '*', n)) {
            char path[200];
            memcpy(path, p + 1, n);
            path[n] = 0;
            if (strstr(path, "NAME") == NULL) {
                FILE *f = fopen(path, "rb");
                CHECK_MSG(f != NULL, "docs/architecture.md names %s, which does not exist", path);
                if (f) fclose(f);
                named++;
            }
        }
        p = q + 1;
    }
    CHECK(named >= 40);
    free(doc);
}

/* ---- the layers: every include reaches only the folders docs/architecture.md allows ---------- */

#define MAX_LAYERS 16

typedef struct layer_rule {
    char folder[64]; /* "src/driver/", "laws/", or "src/main.c" */
    /* folders under src/ (or "laws/") it may include besides its own */
    char allowed[MAX_LAYERS][32];
    int n_allowed, any;
} layer_rule;

/* The table's rows: | `FOLDER` | job | may include | with the allowed folders in backquotes. */
static int read_layer_rules(const char *doc, layer_rule *rules)
{
    int n = 0;
    for (const char *p = doc; (p = strstr(p, "\n| `")) && n < MAX_LAYERS; p++) {
        const char *f = p + 4, *fe = strchr(f, '`'), *eol = strchr(f, '\n');
        if (!fe || !eol || fe - f >= 64) continue;
        const char *cell = eol;
        while (cell > f && cell[-1] != '|')
            cell--; /* the row's last cell is between the last two bars */
        const char *last = cell - 1;
        while (last > f && last[-1] != '|') last--;
        layer_rule *r = &rules[n];
        memset(r, 0, sizeof *r);
        memcpy(r->folder, f, (size_t)(fe - f));
        r->any = strstr(last, "every folder") && strstr(last, "every folder") < eol;
        for (const char *q = last; (q = memchr(q, '`', (size_t)(eol - q))) && q < eol;) {
            const char *qe = memchr(q + 1, '`', (size_t)(eol - q - 1));
            if (!qe) break;
            if (qe[-1] == '/' && qe - q - 1 < 32 && r->n_allowed < MAX_LAYERS)
                memcpy(r->allowed[r->n_allowed++], q + 1, (size_t)(qe - q - 1));
            q = qe + 1;
        }
        n++;
    }
    return n;
}

/* 1 if a file of folder `own` ("driver/") under rule r may include inc (len bytes): a header of
 * its own folder (no slash, or its own folder named), or of a folder the rule allows; never a
 * path climbing out ("../"). */
static int include_allowed(const layer_rule *r, const char *own, const char *inc, size_t len)
{
    if (len >= 2 && strncmp(inc, "..", 2) == 0) return 0;
    const char *slash = memchr(inc, '/', len);
    if (!slash) return 1; /* its own folder's header */
    size_t n = (size_t)(slash - inc) + 1;
    if (strlen(own) == n && strncmp(own, inc, n) == 0) return 1;
    if (r->any) return 1;
    for (int i = 0; i < r->n_allowed; i++)
        if (strlen(r->allowed[i]) == n && strncmp(r->allowed[i], inc, n) == 0) return 1;
    return 0;
}

/* Every quoted include of one file checked against its folder's rule; a law file may include
 * only <lawtester/law.h> of the program's headers.  Returns the includes checked. */
static int check_file_includes(const layer_rule *r, const char *own, const char *path)
{
    char *text = slurp_all(path);
    CHECK_MSG(text != NULL, "%s unreadable", path);
    if (!text) return 0;
    int n = 0;
    for (const char *p = text; (p = strstr(p, "#include \"")); p++) {
        const char *inc = p + 10, *end = strchr(inc, '"');
        if (!end) break;
        CHECK_MSG(include_allowed(r, own, inc, (size_t)(end - inc)),
                  "%s includes \"%.*s\": docs/architecture.md does not let %s include that folder",
                  path, (int)(end - inc), inc, r->folder);
        n++;
    }
    free(text);
    return n;
}

/* 1 if the table's row of folder ("src/lua/") lets it include the folder inc ("script/"). */
static int row_allows(const layer_rule *rules, int n, const char *folder, const char *inc)
{
    for (int i = 0; i < n; i++)
        if (strcmp(rules[i].folder, folder) == 0)
            return include_allowed(&rules[i], folder + 4, inc, strlen(inc));
    return 0;
}

/* The Lua layers go one way: the plumbing (src/lua/) under the laws written in Lua (src/lualaw/)
 * under the stage scripts (src/script/). */
static void check_lua_layers(const layer_rule *rules, int n)
{
    CHECK(row_allows(rules, n, "src/script/", "lualaw/") &&
          row_allows(rules, n, "src/script/", "lua/") &&
          row_allows(rules, n, "src/lualaw/", "lua/"));
    CHECK(!row_allows(rules, n, "src/lualaw/", "script/") &&
          !row_allows(rules, n, "src/lua/", "script/") &&
          !row_allows(rules, n, "src/lua/", "lualaw/"));
}

static void test_includes_follow_the_layers(void)
{
    char *doc = slurp_all("docs/architecture.md");
    if (!doc) return;
    layer_rule rules[MAX_LAYERS];
    int n = read_layer_rules(doc, rules), includes = 0, folders = 0;
    CHECK_MSG(n >= 10, "docs/architecture.md's layer table has %d rows", n);
    for (int i = 0; i < n; i++) {
        const layer_rule *r = &rules[i];
        if (strcmp(r->folder, "src/main.c") == 0) {
            includes += check_file_includes(r, "", "src/main.c");
            continue;
        }
        if (strncmp(r->folder, "src/", 4) != 0 && strncmp(r->folder, "laws/", 5) != 0) continue;
        const char *own = strncmp(r->folder, "src/", 4) == 0 ? r->folder + 4 : r->folder;
        DIR *d = opendir(r->folder);
        CHECK_MSG(d != NULL, "docs/architecture.md names the folder %s, which does not exist",
                  r->folder);
        folders += d != NULL;
        for (struct dirent *e; d && (e = readdir(d));) {
            if (!ends_with(e->d_name, ".c") && !ends_with(e->d_name, ".h")) continue;
            char path[400];
            snprintf(path, sizeof path, "%.63s%.255s", r->folder, e->d_name);
            includes += check_file_includes(r, own, path);
        }
        if (d) closedir(d);
    }
    CHECK(folders >= 12 && includes >= 300);
    check_lua_layers(rules, n);
    free(doc);
}

/* The rule itself: a file including a folder above its own is caught. */
static void test_layer_rule_catches_an_upward_include(void)
{
    const char *doc = "x\n| `src/driver/` | the driver | `contact/`, `base/` |\n";
    layer_rule r[MAX_LAYERS];
    CHECK(read_layer_rules(doc, r) == 1 && strcmp(r[0].folder, "src/driver/") == 0 &&
          r[0].n_allowed == 2);
    CHECK(include_allowed(&r[0], "driver/", "base/vec.h", 10));
    CHECK(include_allowed(&r[0], "driver/", "driver/driver.h", 15));
    CHECK(include_allowed(&r[0], "driver/", "probe.h", 7));
    CHECK(!include_allowed(&r[0], "driver/", "output/surface.h", 16));
    CHECK(!include_allowed(&r[0], "driver/", "../output/surface.h", 19));
}

/* ---- short functions: none in src/ or laws/ over LONGEST_FUNCTION lines ---------------------- */

/* Lines a function may span, its signature to its closing brace (the house rule: an
 * orchestrator reads as a list of steps, each a named function). */
#define LONGEST_FUNCTION 100

/* The lines of each function of a C text laid out by .clang-format (a function's braces on lines
 * of their own at column 0, its signature on the lines just above the opening one); the longest
 * is returned and its first line's number put in *at. */
static int longest_function(const char *text, int *at)
{
    int line = 1, longest = 0, sig = 0, open = 0;
    const char *prev = NULL; /* start of the previous line */
    for (const char *p = text; *p; line++) {
        const char *eol = strchr(p, '\n');
        size_t n = eol ? (size_t)(eol - p) : strlen(p);
        if (n == 1 && p[0] == '{' && prev) {
            /* the signature: back over the lines above that are neither blank, a comment's end, a
             * preprocessor line nor the end of a declaration */
            sig = line - 1;
            for (const char *q = prev; q > text;) {
                const char *r = q - 1;
                while (r > text && r[-1] != '\n') r--;
                if (*r == '\n' || *r == '#' || *r == '}' || strncmp(r, " */", 3) == 0 ||
                    strncmp(r, "/*", 2) == 0 || memchr(r, ';', (size_t)(q - r)))
                    break;
                sig--;
                q = r;
            }
            open = 1;
        } else if (open && n >= 1 && p[0] == '}' && (n == 1 || p[1] == ' ' || p[1] == ';')) {
            if (line - sig + 1 > longest) longest = line - sig + 1, *at = sig;
            open = 0;
        }
        prev = p;
        if (!eol) break;
        p = eol + 1;
    }
    return longest;
}

/* Columns of the layout (.clang-format's ColumnLimit), which comments keep too. */
#define WIDEST_LINE 100

/* The widest line of a text in characters (UTF-8: continuation bytes not counted); its number in
 * *at. */
static int widest_line(const char *text, int *at)
{
    int widest = 0, line = 1, cols = 0;
    for (const unsigned char *p = (const unsigned char *)text;; p++) {
        if (*p == '\n' || !*p) {
            if (cols > widest) widest = cols, *at = line;
            if (!*p) break;
            line++, cols = 0;
        } else if ((*p & 0xC0) != 0x80) {
            cols++;
        }
    }
    return widest;
}

static int check_functions_in(const char *dir)
{
    DIR *d = opendir(dir);
    CHECK_MSG(d != NULL, "%s unreadable", dir);
    int files = 0;
    for (struct dirent *e; d && (e = readdir(d));) {
        char path[400];
        snprintf(path, sizeof path, "%.100s/%.255s", dir, e->d_name);
        if (e->d_name[0] == '.') continue;
        if ((strcmp(dir, "src") == 0 || strcmp(dir, "laws") == 0) && !strchr(e->d_name, '.')) {
            files += check_functions_in(path);
            continue;
        }
        int c_file = ends_with(e->d_name, ".c");
        if (!c_file && !ends_with(e->d_name, ".h")) continue;
        if (strcmp(e->d_name, "fmt_table.h") == 0) continue; /* generated (fmt_tables_gen.py) */
        char *text = slurp_all(path);
        if (!text) continue;
        int at = 0, n = c_file ? longest_function(text, &at) : 0;
        CHECK_MSG(n <= LONGEST_FUNCTION,
                  "%s:%d: a function of %d lines (at most %d: split it into named steps)", path, at,
                  n, LONGEST_FUNCTION);
        int wide = widest_line(text, &at);
        CHECK_MSG(wide <= WIDEST_LINE, "%s:%d: a line of %d columns (at most %d, comments too)",
                  path, at, wide, WIDEST_LINE);
        free(text);
        files++;
    }
    if (d) closedir(d);
    return files;
}

/* No function over LONGEST_FUNCTION lines in src/ or laws/ (their folders too), and no line over
 * WIDEST_LINE columns there or in the law header. */
static void test_short_functions_narrow_lines(void)
{
    CHECK(check_functions_in("src") + check_functions_in("laws") +
              check_functions_in("include/lawtester") >=
          150);
}

/* The measure itself, on a function of known length. */
static void test_function_length_measure(void)
{
    const char *text = "#include <x.h>\n\n/* doc */\nstatic int f(int a,\n             int b)\n{\n "
                       "   return a;\n}\n"
                       "int g(void) { return 0; }\n";
    int at = 0;
    CHECK(longest_function(text, &at) == 5 && at == 4);
    CHECK(widest_line("ab\n\xe2\x82\xac\xe2\x82\xac\xe2\x82\xac\n", &at) == 3 &&
          at == 2); /* "€€€" */
}

/* Every doc under docs/ the README links to exists. */
static void test_readme_links_exist(void)
{
    char *readme = slurp_all("README.md");
    CHECK(readme != NULL);
    if (!readme) return;
    int links = 0;
    for (const char *p = readme; (p = strstr(p, "](docs/"));) {
        const char *q = strpbrk(p + 2, ")#");
        if (!q) break;
        char path[200];
        size_t n = (size_t)(q - p - 2);
        if (n < sizeof path) {
            memcpy(path, p + 2, n);
            path[n] = 0;
            FILE *f = fopen(path, "rb");
            CHECK_MSG(f != NULL, "README links to %s, which does not exist", path);
            if (f) fclose(f);
            links++;
        }
        p = q;
    }
    CHECK(links >= 10);
    free(readme);
}

/* ---- README's command list: every command and option of the command table ------------------ */

/* 1 if the text [from, to) holds opt whole, as a usage line names an option: after '[' or a
 * space (`[-o DIR]`, `--sweep N` where it is required), then a space, ']' or the line's end. */
static int lists_option(const char *from, const char *to, const char *opt, size_t n)
{
    for (const char *p = from; (p = strstr(p, opt)) && p + n <= to; p++)
        if (p > from && (p[-1] == '[' || p[-1] == ' ') &&
            (p[n] == ' ' || p[n] == ']' || p[n] == '\n'))
            return 1;
    return 0;
}

/* 1 if one of the entries of command cmd in the block [from, to) -- each from `./lawtester CMD `
 * to the next `./lawtester` -- lists opt. */
static int command_lists(const char *from, const char *to, const char *cmd, const char *opt)
{
    char head[64];
    snprintf(head, sizeof head, "./lawtester %s ", cmd);
    for (const char *p = from; (p = strstr(p, head)) && p < to; p++) {
        const char *end = strstr(p + 1, "\n./lawtester ");
        if (lists_option(p, end && end < to ? end : to, opt, strlen(opt))) return 1;
    }
    return 0;
}

/* Every option of the tables (run, verify, compare), the shared ones, and every option and
 * command the usage text (`lawtester help`, made from main.c's table) names, is in the sh block
 * of README's "## Commands": an option as in a usage line, a command as `./lawtester NAME`. */
static void test_readme_lists_every_command_and_option(void)
{
    char *readme = slurp_all("README.md");
    const char *sec = readme ? strstr(readme, "\n## Commands\n") : NULL,
               *from = sec ? strstr(sec, "```sh\n") : NULL,
               *to = from ? strstr(from + 6, "```") : NULL;
    CHECK_MSG(to != NULL, "README has no \"## Commands\" with a sh block");
    if (!to) {
        free(readme);
        return;
    }
    const cli_opt *tables[] = {cli_run_opts, cli_verify_opts, cli_compare_opts};
    static const char *const cmds[] = {"run", "verify", "compare"};
    int n = 0;
    for (int t = 0; t < 3; t++) {
        for (const cli_opt *o = tables[t]; o->name; o++, n++)
            CHECK_MSG(command_lists(from, to, cmds[t], o->name),
                      "README's command list lacks %s %s", cmds[t], o->name);
        if (t < 2) /* the commands that load laws, and laws */
            CHECK_MSG(command_lists(from, to, cmds[t], "--law-lib") &&
                          command_lists(from, to, cmds[t], "--law-timeout"),
                      "README: %s without --law-lib or --law-timeout", cmds[t]);
    }
    CHECK(command_lists(from, to, "laws", "--law-lib") &&
          command_lists(from, to, "laws", "--law-timeout"));
    static result r;
    run(&r, "help");
    for (const char *p = r.out; (p = strchr(p, '[')); p++, n++)
        if (p[1] == '-') {
            char opt[64];
            snprintf(opt, sizeof opt, "%.*s", (int)strcspn(p + 1, " ]"), p + 1);
            CHECK_MSG(lists_option(from, to, opt, strlen(opt)), "README lacks %s", opt);
        }
    for (const char *p = r.out; (p = strstr(p, "lawtester ")); p++) {
        char want[64];
        snprintf(want, sizeof want, "./lawtester %.*s ", (int)strcspn(p + 10, " \n"), p + 10);
        CHECK_MSG(strstr(from, want) && strstr(from, want) < to, "README lacks '%s'", want);
    }
    CHECK(n >= 40);
    free(readme);
}

/* The measure itself: an option counts whole, as a usage line writes it. */
static void test_option_list_measure(void)
{
    const char *t = "run [-o DIR] [--plot] --sweep N [--set P=V]... x--shard [--max-memory]";
    const char *e = t + strlen(t);
    CHECK(lists_option(t, e, "-o", 2) && lists_option(t, e, "--plot", 6) &&
          lists_option(t, e, "--set", 5) && lists_option(t, e, "--sweep", 7));
    CHECK(!lists_option(t, e, "--plo", 5) && !lists_option(t, e, "--shard", 7) &&
          !lists_option(t, e, "--max", 5));
}

const test_case docs_tests[] = {
    TEST(architecture_names_every_source_file),
    TEST(architecture_names_no_missing_file),
    TEST(readme_links_exist),
    TEST(includes_follow_the_layers),
    TEST(layer_rule_catches_an_upward_include),
    TEST(short_functions_narrow_lines),
    TEST(function_length_measure),
    TEST(readme_lists_every_command_and_option),
    TEST(option_list_measure),
    {NULL, NULL},
};
