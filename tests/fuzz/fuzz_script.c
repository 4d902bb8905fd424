/* tests/fuzz/fuzz_script.c - libFuzzer target (make fuzz): lt_fuzz_script of tests/fuzz_inputs.h.
 * */
#include "../fuzz_inputs.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) { return lt_fuzz_script(data, size); }
