// System fontconfig (libfontconfig-dev / fontconfig). Only the C shim CChatFormShaping includes it.
#include <fontconfig/fontconfig.h>
