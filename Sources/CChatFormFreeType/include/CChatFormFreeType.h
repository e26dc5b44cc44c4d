#ifndef CCHATFORMFREETYPE_H
#define CCHATFORMFREETYPE_H

// A small, prefixed C surface over FreeType for ChatFormLayout's font metrics. FreeType
// types stay here: Swift sees an opaque handle and plain numbers.

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A FreeType library and one face at one pixel size. Not thread-safe: one user at a time.
typedef struct CFLFont CFLFont;

/// Opens the face at `path` (face index 0) at `pixelSize` pixels per em. On failure returns
/// NULL and sets `*error` to FreeType's error code (never 0).
CFLFont *_Nullable cfl_font_open(const char *_Nonnull path, uint32_t pixelSize, int32_t *_Nonnull error);
void cfl_font_close(CFLFont *_Nullable font);

/// The horizontal advance of the glyph for `scalar`, in 1/64 pixel (unhinted), or -1 when
/// the face has no glyph for it.
int64_t cfl_font_advance(CFLFont *_Nonnull font, uint32_t scalar);

/// The face's line height (ascender - descender + gap), in 1/64 pixel, at its size.
int64_t cfl_font_line_height(CFLFont *_Nonnull font);

/// The face's family name, or "" (valid until close).
const char *_Nonnull cfl_font_family(CFLFont *_Nonnull font);

#ifdef __cplusplus
}
#endif
#endif
