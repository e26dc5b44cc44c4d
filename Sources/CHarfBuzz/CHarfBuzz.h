// System HarfBuzz (libharfbuzz-dev / harfbuzz). Only the C shim CChatFormShaping includes it.
#include <hb.h>
#include <hb-ot.h>
