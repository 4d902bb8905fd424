/* tests/fuzz_inputs.h - one input of each fuzz target (tests/fuzz/), run in-process and writing
 * no file: the libFuzzer targets call these, and tests/test_fuzz.c runs them over the seed corpora
 * and over tests/fuzz/regress/ (the inputs that once crashed) in every `make test`.  Each
 * returns 0; a property that does not hold aborts (a crash for libFuzzer, a dead test run for
 * make test). */
#ifndef LT_FUZZ_INPUTS_H
#define LT_FUZZ_INPUTS_H
#include <stddef.h>
#include <stdint.h>

/* The bytes as a stage script: its source located by srcloc along a few key paths, then run by
 * lt_script_run_source with small limits (20 000 instructions per entry, 32 MB, at most 1000
 * steps per test and stage and per probe), no output directory, quiet. */
int lt_fuzz_script(const uint8_t *data, size_t size);

/* Every 8 bytes as a double, and the bytes as text read by strtod: lt_fmt_double writes at most
 * FMT_DOUBLE_MAX characters of its grammar (fmt.h) that strtod reads back to the same bits
 * ("nan" for every NaN). */
int lt_fuzz_fmt(const uint8_t *data, size_t size);

/* The bytes as up to 8 probe tables separated by 0x1e: lt_probe_merge_texts refuses them with a
 * message or merges them into a table that starts with the header and holds no more bytes than
 * its inputs. */
int lt_fuzz_merge(const uint8_t *data, size_t size);

#endif
