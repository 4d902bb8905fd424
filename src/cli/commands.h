/* src/cli/commands.h - the commands' functions and option tables, one file per command family
 * (cmd_run.c: run and merge; cmd_laws.c; cmd_verify.c; cmd_compare.c), for main.c's table.  A
 * command's function returns its exit status (0, 1: a check or comparison failed, 2: bad input,
 * after one line on stderr). */
#ifndef LT_CLI_COMMANDS_H
#define LT_CLI_COMMANDS_H
#include "cli/args.h"

extern const cli_opt cli_run_opts[], cli_verify_opts[], cli_compare_opts[];

/* lawtester run FILE.lua [options] */
int cli_cmd_run(const cli_args *a);
/* lawtester merge [--] OUT.tsv SHARD.tsv... */
int cli_cmd_merge(const cli_args *a);
/* lawtester laws */
int cli_cmd_laws(const cli_args *a);
/* lawtester verify [FILE.lua] [options] */
int cli_cmd_verify(const cli_args *a);
/* lawtester compare REF NEW [options] */
int cli_cmd_compare(const cli_args *a);

#endif
