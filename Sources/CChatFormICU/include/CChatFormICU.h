#ifndef CCHATFORMICU_H
#define CCHATFORMICU_H

// A small, prefixed C surface over ICU for ChatFormLayout.
//
// Distribution ICU exports suffixed symbols (ubrk_open_72); calling ICU from C lets the
// headers' renaming apply, and Swift sees only these plain `cfl_` names. Nothing here
// exposes an ICU type: handles are opaque pointers and statuses are plain int32_t
// (ICU's UErrorCode values; <= 0 is success).

#include <stdint.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// An ICU line break iterator (UAX #14) and a grapheme cluster iterator (UAX #29),
/// together with the UText they read UTF-8 through.
/// Not thread-safe: one owner (thread) at a time.
typedef struct CFLLineBreaker CFLLineBreaker;

/// Opens a line break iterator for `locale` (NULL for the root locale).
CFLLineBreaker *_Nullable cfl_linebreaker_open(const char *_Nullable locale, int32_t *_Nonnull status);
void cfl_linebreaker_close(CFLLineBreaker *_Nullable breaker);
/// Points the iterator at `length` bytes of UTF-8. The bytes must stay alive and unchanged
/// until the next call to this function or to close. Offsets returned are byte offsets.
void cfl_linebreaker_set_utf8(CFLLineBreaker *_Nonnull breaker, const uint8_t *_Nullable bytes,
                              int64_t length, int32_t *_Nonnull status);
/// Next break opportunity after the current one, or -1 at the end.
int32_t cfl_linebreaker_next(CFLLineBreaker *_Nonnull breaker);
/// First break opportunity after `offset`, or -1.
int32_t cfl_linebreaker_following(CFLLineBreaker *_Nonnull breaker, int32_t offset);
/// Moves the line break iterator back to the text's start (the first boundary, 0).
void cfl_linebreaker_first(CFLLineBreaker *_Nonnull breaker);
/// ICU's rule status for the current boundary (>= 100 is UBRK_LINE_HARD). Not reliable
/// for boundaries found by ICU's dictionaries; see BreakIterators.nextLineBreak.
int32_t cfl_linebreaker_rule_status(CFLLineBreaker *_Nonnull breaker);

/// The end of the grapheme cluster (UAX #29) that starts at `offset`, or -1 at the end.
int32_t cfl_grapheme_following(CFLLineBreaker *_Nonnull breaker, int32_t offset);
/// The start of the grapheme cluster that ends at `offset`, or -1 at the start.
int32_t cfl_grapheme_preceding(CFLLineBreaker *_Nonnull breaker, int32_t offset);
/// 1 when `offset` is a grapheme cluster boundary.
int32_t cfl_grapheme_is_boundary(CFLLineBreaker *_Nonnull breaker, int32_t offset);

/// ICU's error name for a status code.
const char *_Nonnull cfl_error_name(int32_t status);

/// Character properties used for widths and line breaking, straight from ICU's data.
int32_t cfl_east_asian_width(uint32_t scalar);   // UEastAsianWidth
int32_t cfl_line_break_class(uint32_t scalar);   // ULineBreak
int32_t cfl_general_category(uint32_t scalar);   // UCharCategory (u_charType)
int32_t cfl_grapheme_cluster_break(uint32_t scalar); // UGraphemeClusterBreak

enum {
    CFL_PROP_EMOJI = 0,
    CFL_PROP_EMOJI_PRESENTATION = 1,
    CFL_PROP_EMOJI_MODIFIER = 2,
    CFL_PROP_EXTENDED_PICTOGRAPHIC = 3,
    CFL_PROP_REGIONAL_INDICATOR = 4,
    CFL_PROP_DEFAULT_IGNORABLE = 5,
};
/// 1 when `scalar` has the binary property named by a CFL_PROP_ constant.
int32_t cfl_has_property(uint32_t scalar, int32_t property);
/// Sets `starts[c]` to 1 for every scalar `c` below `limit` where one of the properties the
/// engine's per-scalar table reads (general category, East Asian width, line break, grapheme
/// cluster break, default ignorable, emoji, emoji presentation, emoji modifier, extended
/// pictographic) differs from the scalar before it (and for scalar 0), from ICU's ranges;
/// leaves the others. Returns 0 when ICU cannot give a property's ranges.
int32_t cfl_property_starts(uint32_t limit, uint8_t *_Nonnull starts);

/// Tables the engine builds once a process and never frees, once a thread has built them
/// (NULL before), by `CFL_TABLE_` index: ChatFormText's per-scalar table (`ScalarTable`,
/// planes 0 and 1) and the itemizer's ASCII tables (`_FastItemRuns.tables`). A C global is
/// read directly, where Swift reads a lazily built global through `swift_once` on every
/// access (about sixteen a chat message). Published with a release store and read with an
/// acquire load: a thread that sees a pointer sees the table it points to.
enum {
    CFL_TABLE_SCALARS = 0,
    CFL_TABLE_ITEM_RUNS = 1,
    CFL_TABLE_COUNT = 2,
};
extern const void *_Nullable cfl_tables_published[CFL_TABLE_COUNT];
/// The table `table` (a `CFL_TABLE_` index) once published, else NULL; acquire ordering.
static inline const void *_Nullable cfl_table(int32_t table) {
    return __atomic_load_n(&cfl_tables_published[table], __ATOMIC_ACQUIRE);
}
/// Publishes `contents` (built once, never freed) as the table `table`.
static inline void cfl_publish_table(int32_t table, const void *_Nonnull contents) {
    __atomic_store_n(&cfl_tables_published[table], contents, __ATOMIC_RELEASE);
}

/// The Unicode Script property of `scalar` (UScriptCode).
int32_t cfl_script(uint32_t scalar);
/// The ISO 15924 code of a UScriptCode packed big-endian ('Latn' = 0x4C61746E), or 0.
uint32_t cfl_script_tag(int32_t script);
/// Writes `scalar`'s Script_Extensions (UScriptCodes) into `out`; returns how many there are
/// (which may exceed `capacity`).
int32_t cfl_script_extensions(uint32_t scalar, int32_t *_Nonnull out, int32_t capacity);
/// The Bidi_Paired_Bracket_Type (0 none, 1 open, 2 close) and the paired bracket of `scalar`.
int32_t cfl_bracket_type(uint32_t scalar);
uint32_t cfl_bracket_pair(uint32_t scalar);

/// Resolves UAX #9 embedding levels of `length` UTF-16 units with paragraph level
/// `paragraphLevel` (0 LTR, 1 RTL, 0xFE auto), writing one level per unit into `levels`.
/// Returns an ICU status (<= 0 is success).
int32_t cfl_bidi_levels(const uint16_t *_Nonnull text, int32_t length, uint8_t paragraphLevel,
                        uint8_t *_Nonnull levels);

/// The Bidi_Class of `scalar` (UCharDirection: 0 L, 1 R, 13 AL; 11, 12, 14, 15, 16 the
/// embeddings and overrides; 20 to 23 the isolates).
int32_t cfl_bidi_class(uint32_t scalar);

/// Reorders `length` items of one line by their UAX #9 embedding levels (rule L2, ICU's
/// ubidi_reorderVisual): writes into `visualToLogical[v]` the logical index of the item shown
/// v-th from the left. Returns 0, or 1 for a length ICU cannot take.
int32_t cfl_bidi_reorder_visual(const uint8_t *_Nonnull levels, int32_t length, int32_t *_Nonnull visualToLogical);

/// The Unicode version of ICU's character data, as "major.minor".
void cfl_unicode_version(char *_Nonnull buffer, int32_t capacity);

#ifdef __cplusplus
}
#endif
#endif
