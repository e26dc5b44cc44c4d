#ifndef CCHATFORMFUZZ_H
#define CCHATFORMFUZZ_H

#include <stddef.h>
#include <stdint.h>

/// The callback libFuzzer calls with each input; returns 0.
typedef int (*cfl_fuzz_callback)(const uint8_t *data, size_t size);

/// 1 when this build links libFuzzer (built with -DCHATFORM_FUZZ and -sanitize=fuzzer), else 0.
int cfl_fuzz_is_available(void);

/// Runs libFuzzer's driver on argc/argv with `callback` (LLVMFuzzerRunDriver); returns its
/// exit status, or -1 when libFuzzer is not linked.
int cfl_fuzz_run_driver(int *argc, char ***argv, cfl_fuzz_callback callback);

#endif
