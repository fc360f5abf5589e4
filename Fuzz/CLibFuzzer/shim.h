// libFuzzer's driver, for a fuzz target that keeps its own `main` (libclang_rt.fuzzer, linked by -sanitize=fuzzer).
#ifndef SPARROW_LIBFUZZER_SHIM_H
#define SPARROW_LIBFUZZER_SHIM_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
