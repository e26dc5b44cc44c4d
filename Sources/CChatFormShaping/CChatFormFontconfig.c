// fontconfig: initialisation, family matches, and the fallback order a browser on Linux
// searches (sorted lists, per-character sorts), with what the fallback cache between processes
// needs (fontconfig's identity, fonts numbered across its sets).
#include "CChatFormShaping.h"
#include <fontconfig/fontconfig.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

static int32_t cfl_fc_ready = 0;
static pthread_once_t cfl_fc_once = PTHREAD_ONCE_INIT;
static void cfl_fc_init_once(void) { cfl_fc_ready = FcInit() ? 1 : 0; }

int32_t cfl_fc_init(void) {
    pthread_once(&cfl_fc_once, cfl_fc_init_once);
    return cfl_fc_ready;
}

int32_t cfl_fc_match_family(const char *family, char *path, int32_t capacity, int32_t *index, int32_t *exact) {
    return cfl_fc_match_family_style(family, 400, 0, path, capacity, index, exact);
}

int32_t cfl_fc_match_family_style(const char *family, int32_t css_weight, int32_t italic, char *path, int32_t capacity,
                                  int32_t *index, int32_t *exact) {
    if (!cfl_fc_init()) return 0;
    FcPattern *pattern = FcPatternCreate();
    if (pattern == NULL) return 0;
    FcPatternAddString(pattern, FC_FAMILY, (const FcChar8 *)family);
    FcPatternAddInteger(pattern, FC_WEIGHT, css_weight == 400 ? FC_WEIGHT_REGULAR : FcWeightFromOpenType(css_weight));
    FcPatternAddInteger(pattern, FC_SLANT, italic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN);
    FcPatternAddBool(pattern, FC_SCALABLE, FcTrue);
    FcConfigSubstitute(NULL, pattern, FcMatchPattern);
    FcDefaultSubstitute(pattern);
    FcResult result;
    FcPattern *match = FcFontMatch(NULL, pattern, &result);
    FcPatternDestroy(pattern);
    if (match == NULL) return 0;
    FcChar8 *file = NULL;
    int found = 0;
    if (FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch && file != NULL) {
        strncpy(path, (const char *)file, (size_t)capacity - 1);
        path[capacity - 1] = 0;
        int i = 0;
        if (FcPatternGetInteger(match, FC_INDEX, 0, &i) != FcResultMatch) i = 0;
        *index = i;
        *exact = 0;
        FcChar8 *name = NULL;
        for (int n = 0; FcPatternGetString(match, FC_FAMILY, n, &name) == FcResultMatch; n++) {
            if (name && strcasecmp((const char *)name, family) == 0) { *exact = 1; break; }
        }
        found = 1;
    }
    FcPatternDestroy(match);
    return found;
}

typedef struct {
    char *path;
    int32_t index;
    int32_t position;     // in cfl_fc_font's numbering, -1 when not there
    FcCharSet *charset;   // owned by the list's font set, or by fontconfig's own sets
} CFLFallbackEntry;

struct CFLFallbackList {
    FcFontSet *set;       // NULL for a list made from positions
    CFLFallbackEntry *entries;
    int32_t count;
};

static int cfl_valid_fallback(FcPattern *font) {
    FcBool scalable = FcFalse;
    if (FcPatternGetBool(font, FC_SCALABLE, 0, &scalable) != FcResultMatch) scalable = FcFalse;
    FcChar8 *format = NULL;
    if (FcPatternGetString(font, FC_FONTFORMAT, 0, &format) != FcResultMatch || format == NULL) return 0;
    // Chromium keeps TrueType and CFF faces; colour bitmap fonts are TrueType containers.
    if (strcmp((const char *)format, "TrueType") != 0 && strcmp((const char *)format, "CFF") != 0) return 0;
    (void)scalable;
    return 1;
}

/// Whether `font` is a fallback face (see `cfl_valid_fallback`) with a file and a character
/// set; if so its file, character set (both owned by the pattern) and face index (0 when
/// fontconfig gives none).
static int cfl_fallback_face(FcPattern *font, FcChar8 **file, FcCharSet **charset, int *index) {
    *file = NULL;
    *charset = NULL;
    *index = 0;
    if (!cfl_valid_fallback(font)) return 0;
    if (FcPatternGetString(font, FC_FILE, 0, file) != FcResultMatch || *file == NULL) return 0;
    if (FcPatternGetCharSet(font, FC_CHARSET, 0, charset) != FcResultMatch || *charset == NULL) return 0;
    if (FcPatternGetInteger(font, FC_INDEX, 0, index) != FcResultMatch) *index = 0;
    return 1;
}

// MARK: Fonts numbered across fontconfig's sets

/// fontconfig's system fonts then its application fonts, numbered from 0 in that order (a
/// sorted set holds the same patterns, so a sort's answer has a number that another process
/// with the same fonts and configuration reads back), and the same fonts sorted by address.
typedef struct {
    const FcPattern *font;
    int32_t position;
} CFLNumberedFont;

static FcPattern **cfl_fonts = NULL;
static CFLNumberedFont *cfl_fonts_by_address = NULL;
static int32_t cfl_font_total = 0;
static uint64_t cfl_identity = 0;
static pthread_once_t cfl_numbering_once = PTHREAD_ONCE_INIT;

static int cfl_compare_address(const void *a, const void *b) {
    uintptr_t x = (uintptr_t)((const CFLNumberedFont *)a)->font, y = (uintptr_t)((const CFLNumberedFont *)b)->font;
    return x < y ? -1 : (x > y ? 1 : 0);
}

/// FNV-1a, 64 bits.
static uint64_t cfl_hash(uint64_t h, const void *bytes, size_t count) {
    const uint8_t *p = (const uint8_t *)bytes;
    for (size_t i = 0; i < count; i++) { h ^= p[i]; h *= 0x100000001b3ULL; }
    return h;
}

static void cfl_number_fonts(void) {
    FcFontSet *sets[2] = { FcConfigGetFonts(NULL, FcSetSystem), FcConfigGetFonts(NULL, FcSetApplication) };
    int32_t total = 0;
    for (int s = 0; s < 2; s++) if (sets[s] != NULL) total += sets[s]->nfont;
    FcPattern **fonts = (FcPattern **)malloc(sizeof(FcPattern *) * ((size_t)total + 1));
    CFLNumberedFont *sorted = (CFLNumberedFont *)malloc(sizeof(CFLNumberedFont) * ((size_t)total + 1));
    if (fonts == NULL || sorted == NULL) { free(fonts); free(sorted); return; }
    int32_t n = 0;
    for (int s = 0; s < 2; s++) {
        if (sets[s] == NULL) continue;
        for (int f = 0; f < sets[s]->nfont; f++) {
            fonts[n] = sets[s]->fonts[f];
            sorted[n].font = fonts[n];
            sorted[n].position = n;
            n++;
        }
    }
    qsort(sorted, (size_t)n, sizeof(CFLNumberedFont), cfl_compare_address);
    // The identity: fontconfig's version, every configuration file it read (name, size,
    // modification time, inode) and every font's pattern (file, index, coverage, names...).
    uint64_t h = 0xcbf29ce484222325ULL;
    int version = FcGetVersion();
    h = cfl_hash(h, &version, sizeof version);
    FcStrList *files = FcConfigGetConfigFiles(NULL);
    if (files != NULL) {
        FcChar8 *file;
        while ((file = FcStrListNext(files)) != NULL) {
            h = cfl_hash(h, file, strlen((const char *)file) + 1);
            struct stat st;
            if (stat((const char *)file, &st) == 0) {
#ifdef __APPLE__
                int64_t facts[4] = { st.st_mtimespec.tv_sec, st.st_mtimespec.tv_nsec, (int64_t)st.st_size, (int64_t)st.st_ino };
#else
                int64_t facts[4] = { st.st_mtim.tv_sec, st.st_mtim.tv_nsec, (int64_t)st.st_size, (int64_t)st.st_ino };
#endif
                h = cfl_hash(h, facts, sizeof facts);
            }
        }
        FcStrListDone(files);
    }
    h = cfl_hash(h, &n, sizeof n);
    for (int32_t i = 0; i < n; i++) {
        FcChar32 font = FcPatternHash(fonts[i]);
        h = cfl_hash(h, &font, sizeof font);
    }
    cfl_identity = h == 0 ? 1 : h;
    cfl_fonts = fonts;
    cfl_fonts_by_address = sorted;
    cfl_font_total = n;
}

/// Whether the numbering is made (fontconfig initialized, the fonts numbered once).
static int cfl_numbering(void) {
    if (!cfl_fc_init()) return 0;
    pthread_once(&cfl_numbering_once, cfl_number_fonts);
    return cfl_fonts != NULL;
}

/// The number of `font` (a pattern of fontconfig's sets), or -1.
static int32_t cfl_position_of(const FcPattern *font) {
    if (!cfl_numbering()) return -1;
    CFLNumberedFont key = { font, -1 };
    const CFLNumberedFont *hit = (const CFLNumberedFont *)bsearch(&key, cfl_fonts_by_address, (size_t)cfl_font_total,
                                                                  sizeof(CFLNumberedFont), cfl_compare_address);
    return hit == NULL ? -1 : hit->position;
}

uint64_t cfl_fc_identity(void) { return cfl_numbering() ? cfl_identity : 0; }

int32_t cfl_fc_font_count(void) { return cfl_numbering() ? cfl_font_total : 0; }

int32_t cfl_fc_fallback_font(int32_t position, uint32_t scalar, char *path, int32_t capacity, int32_t *index) {
    if (!cfl_numbering() || position < 0 || position >= cfl_font_total || capacity <= 0) return 0;
    FcChar8 *file;
    FcCharSet *charset;
    int fontIndex;
    if (!cfl_fallback_face(cfl_fonts[position], &file, &charset, &fontIndex)) return 0;
    if (!FcCharSetHasChar(charset, scalar)) return 0;
    size_t n = strlen((const char *)file);
    if (n + 1 > (size_t)capacity) return 0;
    memcpy(path, file, n + 1);
    *index = fontIndex;
    return 1;
}

/// fontconfig's scalable fonts sorted for `language` ("" for none) and, when `scalar` is
/// given, for a pattern holding that character (NULL if fontconfig fails).
static FcFontSet *cfl_fallback_sort(const char *language, const uint32_t *scalar) {
    FcPattern *pattern = FcPatternCreate();
    if (pattern == NULL) return NULL;
    if (scalar != NULL) {
        FcCharSet *wanted = FcCharSetCreate();
        if (wanted == NULL) { FcPatternDestroy(pattern); return NULL; }
        FcCharSetAddChar(wanted, *scalar);
        FcPatternAddCharSet(pattern, FC_CHARSET, wanted);
        FcCharSetDestroy(wanted);
    }
    if (language[0]) FcPatternAddString(pattern, FC_LANG, (const FcChar8 *)language);
    FcPatternAddBool(pattern, FC_SCALABLE, FcTrue);
    FcConfigSubstitute(NULL, pattern, FcMatchPattern);
    FcDefaultSubstitute(pattern);
    if (!language[0]) FcPatternDel(pattern, FC_LANG);
    FcResult result;
    FcFontSet *set = FcFontSort(NULL, pattern, FcFalse, NULL, &result);
    FcPatternDestroy(pattern);
    return set;
}

CFLFallbackList *cfl_fallback_list_create(const char *language) {
    if (!cfl_fc_init()) return NULL;
    FcFontSet *set = cfl_fallback_sort(language, NULL);
    CFLFallbackList *list = (CFLFallbackList *)calloc(1, sizeof(CFLFallbackList));
    if (list == NULL) { if (set) FcFontSetDestroy(set); return NULL; }
    list->set = set;
    if (set == NULL) return list;
    list->entries = (CFLFallbackEntry *)calloc((size_t)set->nfont + 1, sizeof(CFLFallbackEntry));
    if (list->entries == NULL) { cfl_fallback_list_destroy(list); return NULL; }
    for (int i = 0; i < set->nfont; i++) {
        FcChar8 *file;
        FcCharSet *charset;
        int index;
        if (!cfl_fallback_face(set->fonts[i], &file, &charset, &index)) continue;
        CFLFallbackEntry *entry = &list->entries[list->count++];
        entry->path = strdup((const char *)file);
        entry->index = index;
        entry->position = cfl_position_of(set->fonts[i]);
        entry->charset = charset;
    }
    return list;
}

CFLFallbackList *cfl_fallback_list_from_positions(const int32_t *positions, int32_t count) {
    if (!cfl_numbering() || count < 0) return NULL;
    CFLFallbackList *list = (CFLFallbackList *)calloc(1, sizeof(CFLFallbackList));
    if (list == NULL) return NULL;
    list->entries = (CFLFallbackEntry *)calloc((size_t)count + 1, sizeof(CFLFallbackEntry));
    if (list->entries == NULL) { free(list); return NULL; }
    for (int32_t i = 0; i < count; i++) {
        FcChar8 *file;
        FcCharSet *charset;
        int index;
        int32_t position = positions[i];
        if (position < 0 || position >= cfl_font_total || !cfl_fallback_face(cfl_fonts[position], &file, &charset, &index)) {
            cfl_fallback_list_destroy(list);
            return NULL;
        }
        CFLFallbackEntry *entry = &list->entries[list->count++];
        entry->path = strdup((const char *)file);
        entry->index = index;
        entry->position = position;
        entry->charset = charset;
    }
    return list;
}

int32_t cfl_fallback_for_scalar(uint32_t scalar, const char *language, char *path, int32_t capacity, int32_t *index,
                                int32_t *position) {
    *position = -1;
    if (!cfl_fc_init() || capacity <= 0) return -1;
    FcFontSet *set = cfl_fallback_sort(language, &scalar);
    if (set == NULL) return -1;
    int32_t found = 0;
    for (int i = 0; i < set->nfont && !found; i++) {
        FcChar8 *file;
        FcCharSet *charset;
        int fontIndex;
        if (!cfl_fallback_face(set->fonts[i], &file, &charset, &fontIndex)) continue;
        if (!FcCharSetHasChar(charset, scalar)) continue;
        size_t n = strlen((const char *)file);
        if (n + 1 > (size_t)capacity) continue;
        memcpy(path, file, n + 1);
        *index = fontIndex;
        *position = cfl_position_of(set->fonts[i]);
        found = 1;
    }
    FcFontSetDestroy(set);
    return found;
}

void cfl_fallback_list_destroy(CFLFallbackList *list) {
    if (list == NULL) return;
    for (int32_t i = 0; i < list->count; i++) free(list->entries[i].path);
    free(list->entries);
    if (list->set) FcFontSetDestroy(list->set);
    free(list);
}

int32_t cfl_fallback_list_count(const CFLFallbackList *list) { return list->count; }

int32_t cfl_fallback_list_find(const CFLFallbackList *list, uint32_t scalar, int32_t from) {
    for (int32_t i = from < 0 ? 0 : from; i < list->count; i++) {
        if (FcCharSetHasChar(list->entries[i].charset, scalar)) return i;
    }
    return -1;
}

int32_t cfl_fallback_list_covers(const CFLFallbackList *list, int32_t i, uint32_t scalar) {
    if (i < 0 || i >= list->count) return 0;
    return FcCharSetHasChar(list->entries[i].charset, scalar) ? 1 : 0;
}

const char *cfl_fallback_list_path(const CFLFallbackList *list, int32_t i) {
    return (i >= 0 && i < list->count && list->entries[i].path) ? list->entries[i].path : "";
}

int32_t cfl_fallback_list_face_index(const CFLFallbackList *list, int32_t i) {
    return (i >= 0 && i < list->count) ? list->entries[i].index : 0;
}

int32_t cfl_fallback_list_position(const CFLFallbackList *list, int32_t i) {
    return (i >= 0 && i < list->count) ? list->entries[i].position : -1;
}
