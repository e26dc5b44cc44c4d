#include "CChatFormFreeType.h"
#include <ft2build.h>
#include FT_FREETYPE_H
#include <stdlib.h>

_Static_assert(sizeof(FT_Pos) >= sizeof(int32_t), "FreeType positions hold at least 32 bits");

struct CFLFont {
    FT_Library library;
    FT_Face face;
};

CFLFont *cfl_font_open(const char *path, uint32_t pixelSize, int32_t *error) {
    CFLFont *font = (CFLFont *)calloc(1, sizeof(CFLFont));
    if (font == NULL) { *error = FT_Err_Out_Of_Memory; return NULL; }
    FT_Error e = FT_Init_FreeType(&font->library);
    if (e) { free(font); *error = e ? e : -1; return NULL; }
    e = FT_New_Face(font->library, path, 0, &font->face);
    if (e) { FT_Done_FreeType(font->library); free(font); *error = e; return NULL; }
    e = FT_Set_Pixel_Sizes(font->face, 0, pixelSize);
    if (e) { FT_Done_Face(font->face); FT_Done_FreeType(font->library); free(font); *error = e; return NULL; }
    *error = 0;
    return font;
}

void cfl_font_close(CFLFont *font) {
    if (font == NULL) return;
    if (font->face) FT_Done_Face(font->face);
    if (font->library) FT_Done_FreeType(font->library);
    free(font);
}

int64_t cfl_font_advance(CFLFont *font, uint32_t scalar) {
    FT_UInt index = FT_Get_Char_Index(font->face, (FT_ULong)scalar);
    if (index == 0) return -1;
    if (FT_Load_Glyph(font->face, index, FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)) return -1;
    return (int64_t)font->face->glyph->advance.x;
}

int64_t cfl_font_line_height(CFLFont *font) {
    return (int64_t)font->face->size->metrics.height;
}

const char *cfl_font_family(CFLFont *font) {
    return font->face->family_name ? font->face->family_name : "";
}
