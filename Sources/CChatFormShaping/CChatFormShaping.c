#include "CChatFormShaping.h"
#include "CFLFace.h"
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_ADVANCES_H
#include FT_TRUETYPE_TABLES_H
#include <hb.h>
#include <hb-ot.h>
#include <hb-aat.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

_Static_assert(sizeof(hb_position_t) == sizeof(int32_t), "HarfBuzz positions are 32 bits");
_Static_assert(sizeof(FT_Fixed) >= sizeof(int32_t), "FreeType 16.16 values hold 32 bits");

// MARK: Faces

// The serial of the last face opened (see `CFLFace.serial`).
static uint64_t cfl_face_serials = 0;

static hb_position_t cfl_h_advance(hb_font_t *font, void *data, hb_codepoint_t glyph, void *user) {
    (void)font; (void)user;
    const CFLFace *face = (const CFLFace *)data;
    return glyph < face->glyphCount ? face->advances[glyph] : 0;
}

static void cfl_h_advances(hb_font_t *font, void *data, unsigned count, const hb_codepoint_t *glyphs,
                           unsigned glyphStride, hb_position_t *advances, unsigned advanceStride, void *user) {
    (void)font; (void)user;
    const CFLFace *face = (const CFLFace *)data;
    for (unsigned i = 0; i < count; i++) {
        hb_codepoint_t g = *glyphs;
        *advances = g < face->glyphCount ? face->advances[g] : 0;
        glyphs = (const hb_codepoint_t *)((const char *)glyphs + glyphStride);
        advances = (hb_position_t *)((char *)advances + advanceStride);
    }
}

static hb_font_funcs_t *cfl_funcs = NULL;
static pthread_once_t cfl_funcs_once = PTHREAD_ONCE_INIT;

static void cfl_make_funcs(void) {
    hb_font_funcs_t *f = hb_font_funcs_create();
    hb_font_funcs_set_glyph_h_advance_func(f, cfl_h_advance, NULL, NULL);
    hb_font_funcs_set_glyph_h_advances_func(f, cfl_h_advances, NULL, NULL);
    hb_font_funcs_make_immutable(f);
    cfl_funcs = f;
}

static hb_font_funcs_t *cfl_font_funcs(void) {
    pthread_once(&cfl_funcs_once, cfl_make_funcs);
    return cfl_funcs;
}

void cfl_face_close(CFLFace *face) {
    if (face == NULL) return;
    if (face->font) hb_font_destroy(face->font);
    if (face->parent) hb_font_destroy(face->parent);
    if (face->hbFace) hb_face_destroy(face->hbFace);
    if (face->blob) hb_blob_destroy(face->blob);
    free(face->advances);
    free(face->family);
    free(face->glyphMemo);
    free(face);
}

// The strike Skia picks for a bitmap-only face: the smallest at least `size`, else the largest.
static int cfl_choose_strike(FT_Face ft, double size) {
    int best = -1;
    for (int i = 0; i < ft->num_fixed_sizes; i++) {
        double ppem = ft->available_sizes[i].y_ppem / 64.0;
        if (best < 0) { best = i; continue; }
        double bestPpem = ft->available_sizes[best].y_ppem / 64.0;
        if (ppem >= size ? (bestPpem < size || ppem < bestPpem) : (bestPpem < size && ppem > bestPpem)) best = i;
    }
    return best;
}

CFLFace *cfl_face_open(const char *path, int32_t index, double size, int32_t *error) {
    *error = 0;
    FT_Library library = NULL;
    FT_Face ft = NULL;
    FT_Error e = FT_Init_FreeType(&library);
    if (e) { *error = e; return NULL; }
    e = FT_New_Face(library, path, index, &ft);
    if (e) { FT_Done_FreeType(library); *error = e; return NULL; }

    CFLFace *face = (CFLFace *)calloc(1, sizeof(CFLFace));
    if (face == NULL) { FT_Done_Face(ft); FT_Done_FreeType(library); *error = FT_Err_Out_Of_Memory; return NULL; }
    face->glyphCount = (uint32_t)ft->num_glyphs;
    face->serial = __atomic_add_fetch(&cfl_face_serials, 1, __ATOMIC_RELAXED);
    face->family = strdup(ft->family_name ? ft->family_name : "");
    face->advances = (int32_t *)calloc(face->glyphCount ? face->glyphCount : 1, sizeof(int32_t));
    face->glyphMemo = (uint64_t *)calloc(CFL_GLYPH_MEMO_SLOTS, sizeof(uint64_t));
    face->metrics.unitsPerEm = ft->units_per_EM;
    face->metrics.glyphCount = (int32_t)face->glyphCount;
    if (face->advances == NULL || face->family == NULL || face->glyphMemo == NULL) { e = FT_Err_Out_Of_Memory; goto fail; }

    face->blob = hb_blob_create_from_file(path);
    face->hbFace = hb_face_create(face->blob, (unsigned)index);
    unsigned upem = hb_face_get_upem(face->hbFace);
    if (upem == 0) upem = 1000;
    if (face->metrics.unitsPerEm == 0) face->metrics.unitsPerEm = (int32_t)upem;

    float ascent = 0, descent = 0, leading = 0;
    if (FT_IS_SCALABLE(ft)) {
        face->metrics.scalable = 1;
        // Skia's FreeType scaler asks for the size in 26.6, truncated.
        e = FT_Set_Char_Size(ft, (FT_F26Dot6)(size * 64.0), (FT_F26Dot6)(size * 64.0), 72, 72);
        if (e) goto fail;
        FT_Fixed *linear = (FT_Fixed *)malloc(sizeof(FT_Fixed) * (face->glyphCount ? face->glyphCount : 1));
        if (linear == NULL) { e = FT_Err_Out_Of_Memory; goto fail; }
        e = FT_Get_Advances(ft, 0, face->glyphCount, FT_LOAD_NO_HINTING, linear);
        if (e) { free(linear); goto fail; }
        for (uint32_t g = 0; g < face->glyphCount; g++) face->advances[g] = (int32_t)linear[g];
        free(linear);
        // Skia: OS/2 typo metrics when USE_TYPO_METRICS is set, else FreeType's (hhea).
        TT_OS2 *os2 = (TT_OS2 *)FT_Get_Sfnt_Table(ft, FT_SFNT_OS2);
        float em = (float)ft->units_per_EM;
        if (os2 && os2->version != 0xFFFF && (os2->fsSelection & (1 << 7))) {
            ascent = (float)os2->sTypoAscender / em;
            descent = -(float)os2->sTypoDescender / em;
            leading = (float)os2->sTypoLineGap / em;
        } else {
            ascent = (float)ft->ascender / em;
            descent = -(float)ft->descender / em;
            leading = (float)(ft->height + (ft->descender - ft->ascender)) / em;
        }
        ascent *= (float)size;
        descent *= (float)size;
        leading *= (float)size;
    } else if (ft->num_fixed_sizes > 0) {
        int strike = cfl_choose_strike(ft, size);
        e = FT_Select_Size(ft, strike);
        if (e) goto fail;
        double ppem = ft->size->metrics.y_ppem;
        face->metrics.strikePpem = (int32_t)ppem;
        // Advances: the strike's whole-pixel advance (from the font's horizontal metrics),
        // scaled from the strike to the size.
        hb_font_t *units = hb_font_create(face->hbFace);
        hb_font_set_scale(units, (int)upem, (int)upem);
        for (uint32_t g = 0; g < face->glyphCount; g++) {
            double strikeAdvance = floor((double)hb_font_get_glyph_h_advance(units, g) * ppem / upem + 0.5);
            face->advances[g] = (int32_t)(strikeAdvance * size / ppem * 65536.0);
        }
        hb_font_destroy(units);
        ascent = (float)ft->size->metrics.ascender / (float)(ppem * 64.0);
        descent = -(float)ft->size->metrics.descender / (float)(ppem * 64.0);
        leading = (float)ft->size->metrics.height / (float)(ppem * 64.0) - ascent - descent;
        ascent *= (float)size;
        descent *= (float)size;
        leading *= (float)size;
    } else {
        e = -1;
        goto fail;
    }
    if (leading < 0) leading = 0;
    face->metrics.ascent = ascent;
    face->metrics.descent = descent;
    face->metrics.leading = leading;
    FT_Done_Face(ft);
    FT_Done_FreeType(library);
    ft = NULL;
    library = NULL;

    face->parent = hb_font_create(face->hbFace);
    int scale = (int)lround(size * 65536.0);
    hb_font_set_scale(face->parent, scale, scale);
    face->font = hb_font_create_sub_font(face->parent);
    hb_font_set_funcs(face->font, cfl_font_funcs(), face, NULL);
    hb_font_make_immutable(face->font);
    return face;

fail:
    if (ft) FT_Done_Face(ft);
    if (library) FT_Done_FreeType(library);
    cfl_face_close(face);
    *error = e ? e : -1;
    return NULL;
}

void cfl_face_metrics(const CFLFace *face, CFLFaceMetrics *metrics) { *metrics = face->metrics; }
const char *cfl_face_family(const CFLFace *face) { return face->family; }

uint32_t cfl_face_glyph(const CFLFace *face, uint32_t scalar) {
    // Remembered: a stack asks its families and its fallback faces about each scalar it
    // has not decided yet, and a new stack asks the same open faces again (HarfBuzz's cmap
    // look-up cost ~220 instructions, this ~10).
    uint64_t *slot = &face->glyphMemo[(scalar * 2654435761u) >> (32 - CFL_GLYPH_MEMO_BITS)];
    uint64_t entry = __atomic_load_n(slot, __ATOMIC_RELAXED);
    if ((uint32_t)(entry >> 32) == scalar + 1) return (uint32_t)entry;
    hb_codepoint_t glyph = 0;
    if (!hb_font_get_nominal_glyph(face->font, scalar, &glyph)) glyph = 0;
    __atomic_store_n(slot, (uint64_t)(scalar + 1) << 32 | glyph, __ATOMIC_RELAXED);
    return glyph;
}

int32_t cfl_face_coverage(const CFLFace *face, uint32_t first, uint32_t last) {
    // The sub-font takes its nominal glyphs from the parent's cmap (only advances are
    // its own): all of them in one batch, which stops at the first missing.
    unsigned count = last - first + 1;
    hb_codepoint_t *scalars = (hb_codepoint_t *)malloc(2 * count * sizeof(hb_codepoint_t));
    if (scalars == NULL) return 2;
    hb_codepoint_t *glyphs = scalars + count;
    for (unsigned i = 0; i < count; i++) scalars[i] = first + i;
    unsigned found = hb_font_get_nominal_glyphs(face->parent, count, scalars, sizeof(hb_codepoint_t), glyphs,
                                                sizeof(hb_codepoint_t));
    int all = found == count;
    for (unsigned i = 0; all && i < count; i++) if (glyphs[i] == 0) all = 0;
    free(scalars);
    if (all) return 1;
    // None: no scalar of the range in the cmap at all.
    hb_set_t *mapped = hb_set_create();
    hb_face_collect_unicodes(face->hbFace, mapped);
    hb_codepoint_t next = first - 1;
    int some = hb_set_next(mapped, &next) && next <= last;
    hb_set_destroy(mapped);
    return some ? 2 : 0;
}

uint32_t cfl_face_variation_glyph(const CFLFace *face, uint32_t scalar, uint32_t selector) {
    hb_codepoint_t glyph = 0;
    if (!hb_font_get_variation_glyph(face->font, scalar, selector, &glyph)) return 0;
    return glyph;
}

int32_t cfl_face_has_color(const CFLFace *face) {
    hb_face_t *f = face->hbFace;
    return (hb_ot_color_has_png(f) || hb_ot_color_has_layers(f)) ? 1 : 0;
}

int32_t cfl_face_has_feature(const CFLFace *face, uint32_t tag) {
    hb_tag_t tables[2] = { HB_OT_TAG_GSUB, HB_OT_TAG_GPOS };
    for (int t = 0; t < 2; t++) {
        unsigned count = hb_ot_layout_table_get_feature_tags(face->hbFace, tables[t], 0, NULL, NULL);
        hb_tag_t tags[256];
        unsigned start = 0;
        while (start < count) {
            unsigned n = 256;
            hb_ot_layout_table_get_feature_tags(face->hbFace, tables[t], start, &n, tags);
            if (n == 0) break;
            for (unsigned i = 0; i < n; i++) if (tags[i] == tag) return 1;
            start += n;
        }
    }
    return 0;
}

static unsigned cfl_be16(const uint8_t *p) { return (unsigned)p[0] << 8 | p[1]; }

// Whether lookup `index` of a GSUB or GPOS table skips base glyphs while matching (its
// LookupFlag has IgnoreBaseGlyphs): such a lookup can match across a space it never lists,
// so HarfBuzz's glyph sets do not show it. A table that cannot be read answers yes.
static int cfl_lookup_skips_bases(const uint8_t *data, unsigned length, unsigned index) {
    if (data == NULL || length < 10) return 1;
    unsigned list = cfl_be16(data + 8);
    if (list == 0 || list + 2 > length) return 1;
    unsigned count = cfl_be16(data + list);
    if (index >= count || list + 2 + 2 * index + 2 > length) return 1;
    unsigned lookup = list + cfl_be16(data + list + 2 + 2 * index);
    if (lookup + 4 > length) return 1;
    return (cfl_be16(data + lookup + 2) & 0x0002) != 0;
}

// Whether HarfBuzz applies tables to left-to-right text of `script` in `language` whose
// pairs the shape plan's OpenType lookups do not list, as its plan decides (6.0,
// hb-ot-shape.cc): AAT's `morx`, `kerx` or `trak` whenever the face has one; a legacy `kern`
// table when GPOS is absent or has no `kern` feature in the script and language system the
// plan selects (the same selection, made here through the same calls).
static int cfl_face_applies_unlisted_tables(hb_face_t *f, hb_script_t script, hb_language_t language) {
    if (hb_aat_layout_has_substitution(f) || hb_aat_layout_has_positioning(f) || hb_aat_layout_has_tracking(f)) return 1;
    hb_blob_t *kern = hb_face_reference_table(f, HB_TAG('k', 'e', 'r', 'n'));
    unsigned kernLength = hb_blob_get_length(kern);
    hb_blob_destroy(kern);
    if (kernLength == 0) return 0;
    if (!hb_ot_layout_has_positioning(f)) return 1;
    hb_tag_t scripts[HB_OT_MAX_TAGS_PER_SCRIPT], languages[HB_OT_MAX_TAGS_PER_LANGUAGE];
    unsigned scriptCount = HB_OT_MAX_TAGS_PER_SCRIPT, languageCount = HB_OT_MAX_TAGS_PER_LANGUAGE;
    hb_ot_tags_from_script_and_language(script, language, &scriptCount, scripts, &languageCount, languages);
    unsigned scriptIndex = 0, languageIndex = 0, feature = 0;
    hb_tag_t chosen = 0;
    hb_ot_layout_table_select_script(f, HB_OT_TAG_GPOS, scriptCount, scripts, &scriptIndex, &chosen);
    hb_ot_layout_script_select_language(f, HB_OT_TAG_GPOS, scriptIndex, languageCount, languages, &languageIndex);
    return !hb_ot_layout_language_find_feature(f, HB_OT_TAG_GPOS, scriptIndex, languageIndex, HB_TAG('k', 'e', 'r', 'n'), &feature);
}

// The shape plan HarfBuzz uses for left-to-right text of `script` in `language` with the
// default features and `chws` (`cfl_shape` turns `chws` on for every run, though it is no
// default feature: its lookups are in the plan too). Destroy it with hb_shape_plan_destroy.
static hb_shape_plan_t *cfl_face_ltr_plan(hb_face_t *f, hb_script_t script, const char *language) {
    hb_segment_properties_t props = HB_SEGMENT_PROPERTIES_DEFAULT;
    props.direction = HB_DIRECTION_LTR;
    props.script = script;
    props.language = hb_language_from_string(language, -1);
    hb_feature_t chws = { HB_TAG('c', 'h', 'w', 's'), 1, HB_FEATURE_GLOBAL_START, HB_FEATURE_GLOBAL_END };
    return hb_shape_plan_create_cached(f, &props, &chws, 1, NULL);
}

int32_t cfl_face_space_is_isolated(const CFLFace *face, uint32_t script, const char *language) {
    hb_codepoint_t space = 0;
    if (!hb_font_get_nominal_glyph(face->parent, 0x20, &space)) return 0;
    hb_face_t *f = face->hbFace;
    // A space classed as a mark or a ligature is skipped by lookups that ignore marks or
    // ligatures (LookupFlag IgnoreMarks, IgnoreLigatures), which may then match across it
    // though their glyph sets never list it: only a base or unclassified space is isolated
    // (lookups that skip bases are ruled out below).
    hb_ot_layout_glyph_class_t spaceClass = hb_ot_layout_get_glyph_class(f, space);
    if (spaceClass != HB_OT_LAYOUT_GLYPH_CLASS_UNCLASSIFIED && spaceClass != HB_OT_LAYOUT_GLYPH_CLASS_BASE_GLYPH) return 0;
    // A legacy `kern` table or an AAT table that applies acts on pairs not listed here: such
    // a face is taken as not isolated.
    if (cfl_face_applies_unlisted_tables(f, hb_script_from_iso15924_tag(script), hb_language_from_string(language, -1))) return 0;
    // The lookups HarfBuzz applies to left-to-right text of this script and language with
    // the default features and `chws` (what its shape plan for them holds: the script's and
    // language system's features, the shaper's own; turning optional ligatures off only
    // removes some). A language's `locl` may touch the space where another's does not
    // (Noto Sans CJK's Korean one does), so the answer is the language's.
    hb_shape_plan_t *plan = cfl_face_ltr_plan(f, hb_script_from_iso15924_tag(script), language);
    hb_set_t *lookups = hb_set_create();
    hb_set_t *sets[4] = { hb_set_create(), hb_set_create(), hb_set_create(), hb_set_create() };
    int32_t isolated = 1;
    hb_tag_t tables[2] = { HB_OT_TAG_GSUB, HB_OT_TAG_GPOS };
    for (int t = 0; t < 2 && isolated; t++) {
        hb_set_clear(lookups);
        hb_ot_shape_plan_collect_lookups(plan, tables[t], lookups);
        hb_blob_t *table = hb_face_reference_table(f, tables[t]);
        unsigned length = 0;
        const uint8_t *data = (const uint8_t *)hb_blob_get_data(table, &length);
        hb_codepoint_t i = HB_SET_VALUE_INVALID;
        while (isolated && hb_set_next(lookups, &i)) {
            if (cfl_lookup_skips_bases(data, length, i)) { isolated = 0; break; }
            for (int k = 0; k < 4; k++) hb_set_clear(sets[k]);
            hb_ot_layout_lookup_collect_glyphs(f, tables[t], i, sets[0], sets[1], sets[2], sets[3]);
            for (int k = 0; k < 4; k++) if (hb_set_has(sets[k], space)) isolated = 0;
        }
        hb_blob_destroy(table);
    }
    for (int k = 0; k < 4; k++) hb_set_destroy(sets[k]);
    hb_set_destroy(lookups);
    hb_shape_plan_destroy(plan);
    return isolated;
}

int32_t cfl_face_hangul_is_plain(const CFLFace *face, const char *language, int32_t *advances) {
    hb_face_t *f = face->hbFace;
    // As for the space: a legacy `kern` table or an AAT table that applies acts on pairs not
    // listed here.
    if (cfl_face_applies_unlisted_tables(f, HB_SCRIPT_HANGUL, hb_language_from_string(language, -1))) return 0;
    // Every syllable's nominal glyph, in one batch (which stops at the first missing).
    enum { count = 0xD7A3 - 0xAC00 + 1 };
    hb_codepoint_t *scalars = (hb_codepoint_t *)malloc(2 * count * sizeof(hb_codepoint_t));
    if (scalars == NULL) return 0;
    hb_codepoint_t *glyphs = scalars + count;
    for (unsigned i = 0; i < count; i++) scalars[i] = 0xAC00 + i;
    unsigned found = hb_font_get_nominal_glyphs(face->parent, count, scalars, sizeof(hb_codepoint_t), glyphs,
                                                sizeof(hb_codepoint_t));
    int32_t plain = found == count;
    hb_set_t *syllables = hb_set_create();
    for (unsigned i = 0; plain && i < count; i++) {
        if (glyphs[i] == 0) plain = 0;
        hb_set_add(syllables, glyphs[i]);
    }
    // A syllable's glyph classed as a mark could lose its advance.
    hb_set_t *touched = hb_set_create();
    hb_ot_layout_get_glyphs_in_class(f, HB_OT_LAYOUT_GLYPH_CLASS_MARK, touched);
    // Every glyph any lookup of the plan (the one `cfl_face_space_is_isolated` reads, for
    // Hangul) lists: as input, context or output.
    hb_shape_plan_t *plan = cfl_face_ltr_plan(f, HB_SCRIPT_HANGUL, language);
    hb_set_t *lookups = hb_set_create();
    hb_tag_t tables[2] = { HB_OT_TAG_GSUB, HB_OT_TAG_GPOS };
    for (int t = 0; t < 2 && plain; t++) {
        hb_set_clear(lookups);
        hb_ot_shape_plan_collect_lookups(plan, tables[t], lookups);
        hb_codepoint_t i = HB_SET_VALUE_INVALID;
        while (hb_set_next(lookups, &i)) {
            hb_ot_layout_lookup_collect_glyphs(f, tables[t], i, touched, touched, touched, touched);
        }
    }
    hb_set_intersect(touched, syllables);
    plain = plain && hb_set_is_empty(touched) && hb_set_allocation_successful(touched)
        && hb_set_allocation_successful(syllables);
    // The advances shaping gives them: the sub-font's, from `advances` by glyph.
    for (unsigned i = 0; plain && advances != NULL && i < count; i++) {
        advances[i] = glyphs[i] < face->glyphCount ? face->advances[glyphs[i]] : 0;
    }
    free(scalars);
    hb_set_destroy(lookups);
    hb_set_destroy(touched);
    hb_set_destroy(syllables);
    hb_shape_plan_destroy(plan);
    return plain;
}

void cfl_face_glyph_ink(const CFLFace *face, uint32_t glyph, float *left, float *width) {
    hb_glyph_extents_t e;
    if (hb_font_get_glyph_extents(face->parent, glyph, &e)) {
        *left = (float)e.x_bearing / 65536.0f;
        *width = (float)e.width / 65536.0f;
    } else {
        *left = 0;
        *width = 0;
    }
}

int32_t cfl_face_advance(const CFLFace *face, uint32_t glyph) {
    return glyph < face->glyphCount ? face->advances[glyph] : 0;
}
