#ifndef CFL_FACE_H
#define CFL_FACE_H

// The face structure the shim's files share (CChatFormShaping.c opens and reads faces,
// CChatFormShaper.c shapes with them); not exported to Swift.

#include <hb.h>
#include <stdint.h>
#include "CChatFormShaping.h"

struct CFLFace {
    hb_blob_t *blob;
    hb_face_t *hbFace;
    hb_font_t *parent;   // HarfBuzz's OpenType functions at a 16.16 pixel scale
    hb_font_t *font;     // the same, with advances from `advances`
    int32_t *advances;   // 1/65536 px per glyph
    uint32_t glyphCount;
    CFLFaceMetrics metrics;
    char *family;
    uint64_t serial;     // this face's number, never reused in the process (see CFLShaper's plans)
    // `cfl_face_glyph`'s answers, direct-mapped by scalar (CFL_GLYPH_MEMO_SLOTS): each entry
    // the scalar + 1 (high half) and its glyph, 0 when empty. One word an answer, read and
    // written with relaxed atomics: a reader sees a whole answer or another scalar's.
    uint64_t *glyphMemo;
};

#define CFL_GLYPH_MEMO_BITS 10
#define CFL_GLYPH_MEMO_SLOTS (1u << CFL_GLYPH_MEMO_BITS)

#endif
