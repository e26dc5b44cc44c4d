// System FreeType (libfreetype-dev / freetype). Only the C shim CChatFormFreeType includes it.
#include <ft2build.h>
#include FT_FREETYPE_H
