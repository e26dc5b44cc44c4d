#include "CChatFormFuzz.h"

// libFuzzer's entry point for a program with its own main. It is referenced only in fuzz
// builds (-Xcc -DCHATFORM_FUZZ with -sanitize=fuzzer), so a normal build needs no libFuzzer.
#ifdef CHATFORM_FUZZ
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
#endif

int cfl_fuzz_is_available(void) {
#ifdef CHATFORM_FUZZ
    return 1;
#else
    return 0;
#endif
}

int cfl_fuzz_run_driver(int *argc, char ***argv, cfl_fuzz_callback callback) {
#ifdef CHATFORM_FUZZ
    return LLVMFuzzerRunDriver(argc, argv, callback);
#else
    (void)argc;
    (void)argv;
    (void)callback;
    return -1;
#endif
}
