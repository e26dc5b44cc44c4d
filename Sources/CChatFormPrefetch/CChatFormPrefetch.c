// Everything is inline in include/CChatFormPrefetch.h; a C target needs one source file.
#include "CChatFormPrefetch.h"
