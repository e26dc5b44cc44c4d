#include "CChatFormICU.h"
#include <unicode/utypes.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/utext.h>
#include <unicode/uversion.h>
#include <unicode/uscript.h>
#include <unicode/ubidi.h>
#include <unicode/uset.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

// Layout assumptions the Swift side relies on.
_Static_assert(sizeof(UChar32) == sizeof(int32_t), "UChar32 is 32 bits");
_Static_assert(UBRK_LINE_HARD == 100, "hard line breaks report rule status 100");
_Static_assert(U_ZERO_ERROR == 0, "success is zero");

struct CFLLineBreaker {
    UBreakIterator *iterator;
    UBreakIterator *characters;
    UText *text;
};

CFLLineBreaker *cfl_linebreaker_open(const char *locale, int32_t *status) {
    UErrorCode err = U_ZERO_ERROR;
    UBreakIterator *it = ubrk_open(UBRK_LINE, locale, NULL, 0, &err);
    if (U_FAILURE(err)) { *status = err; return NULL; }
    CFLLineBreaker *b = (CFLLineBreaker *)calloc(1, sizeof(CFLLineBreaker));
    if (b == NULL) { ubrk_close(it); *status = U_MEMORY_ALLOCATION_ERROR; return NULL; }
    UBreakIterator *chars = ubrk_open(UBRK_CHARACTER, locale, NULL, 0, &err);
    if (U_FAILURE(err)) { ubrk_close(it); free(b); *status = err; return NULL; }
    b->iterator = it;
    b->characters = chars;
    b->text = NULL;
    *status = U_ZERO_ERROR;
    return b;
}

void cfl_linebreaker_close(CFLLineBreaker *b) {
    if (b == NULL) return;
    if (b->iterator) ubrk_close(b->iterator);
    if (b->characters) ubrk_close(b->characters);
    if (b->text) utext_close(b->text);
    free(b);
}

void cfl_linebreaker_set_utf8(CFLLineBreaker *b, const uint8_t *bytes, int64_t length, int32_t *status) {
    UErrorCode err = U_ZERO_ERROR;
    static const char empty[1] = {0};
    const char *s = bytes ? (const char *)bytes : empty;
    // utext_openUTF8 reuses the UText it is given, so no allocation after the first call.
    b->text = utext_openUTF8(b->text, s, bytes ? length : 0, &err);
    if (U_FAILURE(err)) { *status = err; return; }
    ubrk_setUText(b->iterator, b->text, &err);
    if (U_FAILURE(err)) { *status = err; return; }
    ubrk_setUText(b->characters, b->text, &err);
    *status = err;
}

int32_t cfl_linebreaker_next(CFLLineBreaker *b) { return ubrk_next(b->iterator); }
int32_t cfl_linebreaker_following(CFLLineBreaker *b, int32_t offset) { return ubrk_following(b->iterator, offset); }
void cfl_linebreaker_first(CFLLineBreaker *b) { (void)ubrk_first(b->iterator); }
int32_t cfl_linebreaker_rule_status(CFLLineBreaker *b) { return ubrk_getRuleStatus(b->iterator); }

int32_t cfl_grapheme_following(CFLLineBreaker *b, int32_t offset) {
    // Sequential walks are the common case: continue from the current boundary.
    if (ubrk_current(b->characters) == offset) return ubrk_next(b->characters);
    return ubrk_following(b->characters, offset);
}
int32_t cfl_grapheme_preceding(CFLLineBreaker *b, int32_t offset) { return ubrk_preceding(b->characters, offset); }
int32_t cfl_grapheme_is_boundary(CFLLineBreaker *b, int32_t offset) { return ubrk_isBoundary(b->characters, offset) ? 1 : 0; }

const char *cfl_error_name(int32_t status) { return u_errorName((UErrorCode)status); }

int32_t cfl_east_asian_width(uint32_t c) { return u_getIntPropertyValue((UChar32)c, UCHAR_EAST_ASIAN_WIDTH); }
int32_t cfl_line_break_class(uint32_t c) { return u_getIntPropertyValue((UChar32)c, UCHAR_LINE_BREAK); }
int32_t cfl_general_category(uint32_t c) { return (int32_t)u_charType((UChar32)c); }
int32_t cfl_grapheme_cluster_break(uint32_t c) { return u_getIntPropertyValue((UChar32)c, UCHAR_GRAPHEME_CLUSTER_BREAK); }

int32_t cfl_has_property(uint32_t c, int32_t property) {
    UProperty p;
    switch (property) {
        case CFL_PROP_EMOJI: p = UCHAR_EMOJI; break;
        case CFL_PROP_EMOJI_PRESENTATION: p = UCHAR_EMOJI_PRESENTATION; break;
        case CFL_PROP_EMOJI_MODIFIER: p = UCHAR_EMOJI_MODIFIER; break;
        case CFL_PROP_EXTENDED_PICTOGRAPHIC: p = UCHAR_EXTENDED_PICTOGRAPHIC; break;
        case CFL_PROP_REGIONAL_INDICATOR: p = UCHAR_REGIONAL_INDICATOR; break;
        case CFL_PROP_DEFAULT_IGNORABLE: p = UCHAR_DEFAULT_IGNORABLE_CODE_POINT; break;
        default: return 0;
    }
    return u_hasBinaryProperty((UChar32)c, p) ? 1 : 0;
}

const void *cfl_tables_published[CFL_TABLE_COUNT] = {NULL, NULL};

int32_t cfl_property_starts(uint32_t limit, uint8_t *starts) {
    if (limit == 0) return 1;
    starts[0] = 1;
    // The enumerated properties read scalar by scalar (ICU's maps of them, u_getIntPropertyMap,
    // build a trie each: three times the cost), the binary ones from their sets' ranges.
    int32_t previous[4] = { -1, -1, -1, -1 };
    for (uint32_t c = 0; c < limit; c++) {
        int32_t now[4] = {
            (int32_t)u_charType((UChar32)c),
            u_getIntPropertyValue((UChar32)c, UCHAR_EAST_ASIAN_WIDTH),
            u_getIntPropertyValue((UChar32)c, UCHAR_LINE_BREAK),
            u_getIntPropertyValue((UChar32)c, UCHAR_GRAPHEME_CLUSTER_BREAK),
        };
        if (memcmp(now, previous, sizeof now) != 0) {
            starts[c] = 1;
            memcpy(previous, now, sizeof now);
        }
    }
    static const UProperty binary[] = {
        UCHAR_DEFAULT_IGNORABLE_CODE_POINT, UCHAR_EMOJI, UCHAR_EMOJI_PRESENTATION, UCHAR_EMOJI_MODIFIER,
        UCHAR_EXTENDED_PICTOGRAPHIC,
    };
    for (size_t k = 0; k < sizeof binary / sizeof binary[0]; k++) {
        UErrorCode err = U_ZERO_ERROR;
        const USet *set = u_getBinaryPropertySet(binary[k], &err);
        if (U_FAILURE(err) || set == NULL) return 0;
        int32_t ranges = uset_getRangeCount(set);
        for (int32_t r = 0; r < ranges; r++) {
            UChar32 first, last;
            err = U_ZERO_ERROR;
            if (uset_getItem(set, r, &first, &last, NULL, 0, &err) != 0 || U_FAILURE(err)) return 0;
            if ((uint32_t)first < limit) starts[first] = 1;
            if ((uint32_t)last + 1 < limit) starts[last + 1] = 1;
        }
    }
    return 1;
}

void cfl_unicode_version(char *buffer, int32_t capacity) {
    UVersionInfo v;
    u_getUnicodeVersion(v);
    snprintf(buffer, (size_t)capacity, "%d.%d", v[0], v[1]);
}

int32_t cfl_script(uint32_t c) {
    UErrorCode err = U_ZERO_ERROR;
    UScriptCode code = uscript_getScript((UChar32)c, &err);
    return U_FAILURE(err) ? USCRIPT_UNKNOWN : (int32_t)code;
}

uint32_t cfl_script_tag(int32_t script) {
    const char *name = uscript_getShortName((UScriptCode)script);
    if (name == NULL || strlen(name) != 4) return 0;
    return ((uint32_t)(uint8_t)name[0] << 24) | ((uint32_t)(uint8_t)name[1] << 16) |
           ((uint32_t)(uint8_t)name[2] << 8) | (uint32_t)(uint8_t)name[3];
}

int32_t cfl_script_extensions(uint32_t c, int32_t *out, int32_t capacity) {
    UErrorCode err = U_ZERO_ERROR;
    UScriptCode codes[32];
    int32_t n = uscript_getScriptExtensions((UChar32)c, codes, 32, &err);
    if (U_FAILURE(err) && err != U_BUFFER_OVERFLOW_ERROR) return 0;
    for (int32_t i = 0; i < n && i < capacity && i < 32; i++) out[i] = (int32_t)codes[i];
    return n;
}

int32_t cfl_bracket_type(uint32_t c) { return u_getIntPropertyValue((UChar32)c, UCHAR_BIDI_PAIRED_BRACKET_TYPE); }
uint32_t cfl_bracket_pair(uint32_t c) { return (uint32_t)u_getBidiPairedBracket((UChar32)c); }

int32_t cfl_bidi_levels(const uint16_t *text, int32_t length, uint8_t paragraphLevel, uint8_t *levels) {
    UErrorCode err = U_ZERO_ERROR;
    UBiDi *bidi = ubidi_openSized(length, 0, &err);
    if (U_FAILURE(err)) return err;
    ubidi_setPara(bidi, (const UChar *)text, length, paragraphLevel, NULL, &err);
    if (U_SUCCESS(err)) {
        const UBiDiLevel *l = ubidi_getLevels(bidi, &err);
        if (U_SUCCESS(err)) memcpy(levels, l, (size_t)length);
    }
    ubidi_close(bidi);
    return err;
}

_Static_assert(sizeof(UBiDiLevel) == sizeof(uint8_t), "bidi levels are bytes");

int32_t cfl_bidi_reorder_visual(const uint8_t *levels, int32_t length, int32_t *visualToLogical) {
    if (length <= 0) return length == 0 ? 0 : 1;
    ubidi_reorderVisual((const UBiDiLevel *)levels, length, visualToLogical);
    return 0;
}

int32_t cfl_bidi_class(uint32_t c) { return (int32_t)u_charDirection((UChar32)c); }
