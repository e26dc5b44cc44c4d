// System ICU (libicu-dev / icu4c). Only the C shim target CChatFormICU includes these
// headers, so that the versioned renaming (ubrk_open -> ubrk_open_72) applies in C.
#include <unicode/utypes.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/utext.h>
