/* src/tools/table_read.h - a text table with one header line of column names, read into memory: a
 * lawtester record (docs/records.md) or the output of another code (LAMMPS `fix print` and
 * `fix ave/time`, LIGGGHTS, YADE's saveDataTxt), for `lawtester compare` (docs/compare.md).
 *
 * The format read:
 *   - cells are separated by tabs, spaces or a comma: a run of blanks is one separator, and so is
 *     a comma with the blanks around it (so "1, 2" and "1\t2" and "1  2" are two cells; "1,,2"
 *     has an empty cell, which is an error);
 *   - blank lines and comment lines (the first non-blank character is '#') are skipped anywhere;
 *   - the header is the first line that is neither blank nor a comment, unless that line starts
 *     with a number: then it is a row, and the header is the last comment line before it, its '#'
 *     dropped (LAMMPS, LIGGGHTS and YADE write "# time fx" above their rows).  So a column name
 *     may not start with a number, and a table whose rows come first has no header (an error);
 *   - a header cell in double quotes loses them ("time","Fx" as a spreadsheet writes it);
 *   - every row has as many cells as the header has names, and every cell is a number as strtod
 *     reads it, the whole cell (inf and nan included: a comparison with nan fails).
 * Units are those of the file: the reader keeps the numbers as they are.
 *
 * Only a regular file is read (a FIFO, a device or a directory is refused: base/rfile.h), of at
 * most LT_TABLE_MAX_BYTES, with lines of at most LT_TABLE_MAX_LINE bytes, and no NUL byte (a table
 * is text: a NUL would cut a line short).  Columns are found by name through a hash index, so
 * reading and looking up take time linear in the cells. */
#ifndef LT_TABLE_READ_H
#define LT_TABLE_READ_H
#include <stddef.h>

#define LT_TABLE_MAX_BYTES (1LL << 30) /* 1 GiB */
#define LT_TABLE_MAX_LINE (64L << 20)  /* 64 MiB */

typedef struct lt_table {
    int ncols;
    char **names;       /* ncols column names */
    int header_line;    /* 1-based line of the header in the file */
    int header_comment; /* 1: the header is the comment line above the first row */
    long nrows;
    double *v;  /* nrows x ncols, row-major: v[r * ncols + c] */
    long *line; /* the 1-based file line of each row (for messages) */
    int *index; /* open addressing on the names: index_cap slots, a column or -1 */
    size_t index_cap;
} lt_table;

/* Read the table at path into t.  Returns 0, or -1 with one line in err, "PATH:LINE: field F:
 * what", PATH quoted (quote.h): the file cannot be read (line 0), has no header, a header with a
 * name twice, a row with too few or too many cells, a cell that is not a number (field: the
 * column's name and number), no rows; it is no regular file, is too big, has a line too long or a
 * NUL byte.  t is then empty. */
int lt_table_read(lt_table *t, const char *path, char *err, size_t errlen);

void lt_table_free(lt_table *t);

/* The index of the column called name, or -1. */
int lt_table_col(const lt_table *t, const char *name);

/* The column names of t, space-separated, into buf (shortened with "..." if they do not fit). */
void lt_table_names(const lt_table *t, char *buf, size_t n);

#endif
