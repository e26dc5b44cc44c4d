#ifndef CCHATFORMSHAPING_H
#define CCHATFORMSHAPING_H

// A small, prefixed C surface over FreeType, HarfBuzz and fontconfig for ChatFormLayout's
// real-font path. Their types stay here: Swift sees opaque handles and plain numbers.
//
// Advances follow what Chromium on Linux measures with subpixel positioning: FreeType's
// unhinted linear advance at the face's size (16.16 pixels), kerning and other positioning
// from HarfBuzz's OpenType tables at a 16.16 scale. Bitmap-only faces (colour emoji) advance
// by their strike's whole-pixel advance scaled to the size.

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

// MARK: Faces

/// One face of a font file at one pixel size: a FreeType face (for metrics and advances)
/// and a HarfBuzz font (for shaping). Immutable after it is opened, so it may be used
/// from several threads at once (every FreeType call happens in cfl_face_open).
typedef struct CFLFace CFLFace;

/// Opens face `index` of the font file at `path` at `size` pixels per em. On failure returns
/// NULL and sets `*error`: a FreeType error code, or -1 for a face with no usable glyphs.
CFLFace *_Nullable cfl_face_open(const char *_Nonnull path, int32_t index, double size, int32_t *_Nonnull error);
void cfl_face_close(CFLFace *_Nullable face);

/// Vertical metrics as Skia reports them (pixels, not rounded): ascent and descent are
/// positive distances from the baseline; leading is the line gap.
typedef struct {
    float ascent;
    float descent;
    float leading;
    int32_t unitsPerEm;
    int32_t glyphCount;
    /// 1 for outline fonts, 0 for bitmap-only fonts (scaled from a strike).
    int32_t scalable;
    /// The strike's pixels per em for bitmap-only fonts, else 0.
    int32_t strikePpem;
} CFLFaceMetrics;

void cfl_face_metrics(const CFLFace *_Nonnull face, CFLFaceMetrics *_Nonnull metrics);
/// The family name FreeType reports (valid until close).
const char *_Nonnull cfl_face_family(const CFLFace *_Nonnull face);
/// The nominal glyph for `scalar`, or 0 when the face has none (the face remembers its
/// recent answers; safe from any thread).
uint32_t cfl_face_glyph(const CFLFace *_Nonnull face, uint32_t scalar);
/// Whether the face has a glyph for every scalar of `first`...`last` (1), for none (0), or
/// for some (2), as `cfl_face_glyph` answers.
int32_t cfl_face_coverage(const CFLFace *_Nonnull face, uint32_t first, uint32_t last);
/// The glyph for the variation sequence `scalar` + `selector` (cmap format 14), or 0.
uint32_t cfl_face_variation_glyph(const CFLFace *_Nonnull face, uint32_t scalar, uint32_t selector);
/// 1 when the face has colour glyph tables (sbix, CBDT/CBLC, or COLR/CPAL).
int32_t cfl_face_has_color(const CFLFace *_Nonnull face);
/// The advance of `glyph` in 1/65536 pixel (0 for glyphs out of range).
int32_t cfl_face_advance(const CFLFace *_Nonnull face, uint32_t glyph);

/// Whether no OpenType lookup HarfBuzz applies to left-to-right text of `script` (an ISO
/// 15924 tag) in `language` (a BCP 47 tag) reads or writes the space glyph, so text shaped
/// word by word, split after spaces, is shaped exactly as the whole run. 0 when unsure.
int32_t cfl_face_space_is_isolated(const CFLFace *_Nonnull face, uint32_t script, const char *_Nonnull language);
/// Whether HarfBuzz shapes left-to-right Hangul syllables (U+AC00–U+D7A3, nothing else) in
/// `language` (a BCP 47 tag) with this face as each syllable's nominal glyph at its own
/// advance, safe to break everywhere: the face has a glyph for every syllable, none of them
/// a mark, no OpenType lookup of the shape plan lists any of them (as input, context or
/// output), and no legacy `kern` or AAT table applies. 0 when unsure. When 1 and `advances`
/// is not NULL, each syllable's advance (1/65536 px) is written there (11,172 of them,
/// U+AC00 first).
int32_t cfl_face_hangul_is_plain(const CFLFace *_Nonnull face, const char *_Nonnull language,
                                 int32_t *_Nullable advances);
/// 1 when the face's GSUB or GPOS has a feature with this tag (packed big-endian).
int32_t cfl_face_has_feature(const CFLFace *_Nonnull face, uint32_t tag);
/// The glyph's horizontal ink extent in pixels: left bearing and width (0 when unknown).
void cfl_face_glyph_ink(const CFLFace *_Nonnull face, uint32_t glyph, float *_Nonnull left, float *_Nonnull width);

// MARK: Shaping

/// An OpenType feature set to `value` (1 on, 0 off) for the clusters starting at UTF-8
/// offsets [start, end) (end UINT32_MAX: to the end).
typedef struct {
    uint32_t tag;
    uint32_t start;
    uint32_t end;
    uint32_t value;
} CFLFeatureRange;

/// A reusable HarfBuzz buffer. Not thread-safe: one thread at a time.
typedef struct CFLShaper CFLShaper;

CFLShaper *_Nullable cfl_shaper_create(void);
void cfl_shaper_destroy(CFLShaper *_Nullable shaper);
/// Whether the shaper keeps the shape plans of the runs it shapes without feature ranges
/// (1, the default) and executes them, or asks `hb_shape` every time (0): the same glyphs,
/// the first without HarfBuzz's lookup of its face's plans on every call (for tests that
/// compare the two).
void cfl_shaper_keep_plans(CFLShaper *_Nonnull shaper, int32_t keep);
/// The calls the shaper has shaped through a kept plan of feature list `kind` (1: none, 2:
/// ligatures off) since it was made (for tests that check the kept plans are used).
int64_t cfl_shaper_kept_plan_calls(const CFLShaper *_Nonnull shaper, int32_t kind);

/// One shaped glyph, in logical order (HarfBuzz's visual order reversed for RTL runs).
typedef struct {
    uint32_t glyph;
    /// UTF-8 offset (into the whole text) of the cluster the glyph belongs to.
    uint32_t cluster;
    /// Advance in 1/65536 pixel, kerning included.
    int32_t advance;
    /// 1 when breaking a line before this glyph's cluster would change shaping.
    int32_t unsafeToBreak;
} CFLGlyph;

/// Shapes bytes [start, start + length) of the UTF-8 `text` (the rest is context, as a
/// browser passes the paragraph around an item) with `face`. `script` is an ISO 15924 tag
/// packed big-endian ('Latn' = 0x4C61746E), `rtl` 1 for right-to-left, `language` a BCP 47
/// tag. Returns the glyph count; `*glyphs` stays valid until the next call on `shaper`.
/// Returns -1 when HarfBuzz cannot allocate.
int32_t cfl_shape(CFLShaper *_Nonnull shaper, const CFLFace *_Nonnull face,
                  const uint8_t *_Nonnull text, int32_t textLength, int32_t start, int32_t length,
                  uint32_t script, int32_t rtl, const char *_Nonnull language,
                  const CFLFeatureRange *_Nullable features, int32_t featureCount,
                  const CFLGlyph *_Nullable *_Nonnull glyphs);

// MARK: fontconfig

/// Initializes fontconfig once (thread-safe). Returns 0 when no configuration could be loaded.
int32_t cfl_fc_init(void);

/// The font fontconfig matches for `family` (regular, upright). Returns 1 and fills
/// `path` (NUL-terminated, truncated to `capacity`), `index` and `*exact` (1 when one of the
/// match's family names equals `family`, ignoring case), or 0 when nothing matched.
int32_t cfl_fc_match_family(const char *_Nonnull family, char *_Nonnull path, int32_t capacity,
                            int32_t *_Nonnull index, int32_t *_Nonnull exact);
/// Like cfl_fc_match_family, at a CSS font-weight (1...1000) and style (italic != 0: an
/// italic or, failing that, oblique face).
int32_t cfl_fc_match_family_style(const char *_Nonnull family, int32_t css_weight, int32_t italic, char *_Nonnull path,
                                  int32_t capacity, int32_t *_Nonnull index, int32_t *_Nonnull exact);

/// fontconfig's scalable fonts sorted for a language, with their coverage: the order a
/// browser on Linux searches for a character its fonts lack. Immutable once made.
typedef struct CFLFallbackList CFLFallbackList;

CFLFallbackList *_Nullable cfl_fallback_list_create(const char *_Nonnull language);
void cfl_fallback_list_destroy(CFLFallbackList *_Nullable list);
/// The list of the fonts numbered `positions` (see cfl_fc_font_count), in that order, without
/// sorting: NULL when one of them is not a fallback face (a number from another font set).
CFLFallbackList *_Nullable cfl_fallback_list_from_positions(const int32_t *_Nonnull positions, int32_t count);
/// The font fontconfig sorts first for a pattern of `scalar` and `language` (as a browser
/// asks it for a character's fallback) that has the character: its file into `path`
/// (NUL-terminated, at most `capacity` bytes), face index and number (`*position`, -1 when
/// fontconfig's sets do not hold it). 1 if found, 0 if no font has it, -1 when fontconfig failed.
int32_t cfl_fallback_for_scalar(uint32_t scalar, const char *_Nonnull language, char *_Nonnull path,
                                int32_t capacity, int32_t *_Nonnull index, int32_t *_Nonnull position);
int32_t cfl_fallback_list_count(const CFLFallbackList *_Nonnull list);
/// The index of the first font in the list at or after `from` that covers `scalar`, or -1.
int32_t cfl_fallback_list_find(const CFLFallbackList *_Nonnull list, uint32_t scalar, int32_t from);
/// 1 when font `i` covers `scalar`.
int32_t cfl_fallback_list_covers(const CFLFallbackList *_Nonnull list, int32_t i, uint32_t scalar);
/// The file and face index of font `i` (valid until destroy).
const char *_Nonnull cfl_fallback_list_path(const CFLFallbackList *_Nonnull list, int32_t i);
int32_t cfl_fallback_list_face_index(const CFLFallbackList *_Nonnull list, int32_t i);
/// The number of font `i` (see cfl_fc_font_count), -1 when fontconfig's sets do not hold it.
int32_t cfl_fallback_list_position(const CFLFallbackList *_Nonnull list, int32_t i);

/// fontconfig's fonts (its system set, then the application's) numbered from 0: how many.
/// A number names the same font in every process with the same identity.
int32_t cfl_fc_font_count(void);
/// What fontconfig's answers depend on, hashed (never 0; 0 when fontconfig is unavailable):
/// its version, every configuration file it read (name, size, modification time, inode) and
/// every font's pattern. Computed once a process.
uint64_t cfl_fc_identity(void);
/// Font number `position`'s file into `path` (NUL-terminated, at most `capacity` bytes) and
/// face index, when it is a fallback face that has `scalar`: 1, else 0.
int32_t cfl_fc_fallback_font(int32_t position, uint32_t scalar, char *_Nonnull path, int32_t capacity,
                             int32_t *_Nonnull index);

#ifdef __cplusplus
}
#endif
#endif
