// Shaping with HarfBuzz: a reusable buffer per thread (`CFLShaper`) and the shape plans it
// keeps.

#include "CChatFormShaping.h"
#include "CFLFace.h"
#include <hb.h>
#include <hb-ot.h>
#include <stdlib.h>
#include <string.h>

// MARK: Shaping

// A shape plan a shaper keeps: the plan HarfBuzz's `hb_shape` would find in its face's
// cache for these properties and features, found once.
typedef struct {
    uint64_t face;            // the face's serial (0: an empty slot)
    hb_script_t script;
    hb_direction_t direction;
    hb_language_t language;
    int32_t features;         // CFL_FEATURES_DEFAULT or CFL_FEATURES_NO_LIGATURES
    hb_shape_plan_t *plan;
} CFLPlanSlot;

enum { CFL_FEATURES_OTHER = 0, CFL_FEATURES_DEFAULT = 1, CFL_FEATURES_NO_LIGATURES = 2 };
#define CFL_PLAN_SLOTS 8
// After this many calls through a kept plan, one call goes through `hb_shape` (see cfl_shape).
#define CFL_PLAN_CALLS 4096

struct CFLShaper {
    hb_buffer_t *buffer;
    CFLGlyph *glyphs;
    unsigned capacity;
    // The language of the last call, looked up once (HarfBuzz's lookup walks a list).
    char languageTag[64];
    hb_language_t language;
    // The plans of the last faces, scripts, directions and languages shaped (a ring: the
    // oldest made goes first), and the calls through them since the last `hb_shape`.
    CFLPlanSlot plans[CFL_PLAN_SLOTS];
    unsigned nextPlan;
    unsigned planCalls;
    int32_t plansOff;   // 1: every call through `hb_shape` (see cfl_shaper_keep_plans)
    int64_t keptCalls[3];   // calls through a kept plan, by feature kind (for tests)
};

CFLShaper *cfl_shaper_create(void) {
    CFLShaper *s = (CFLShaper *)calloc(1, sizeof(CFLShaper));
    if (s == NULL) return NULL;
    s->buffer = hb_buffer_create();
    if (!hb_buffer_allocation_successful(s->buffer)) { hb_buffer_destroy(s->buffer); free(s); return NULL; }
    return s;
}

void cfl_shaper_keep_plans(CFLShaper *s, int32_t keep) { s->plansOff = keep ? 0 : 1; }

int64_t cfl_shaper_kept_plan_calls(const CFLShaper *s, int32_t kind) {
    return kind == CFL_FEATURES_DEFAULT || kind == CFL_FEATURES_NO_LIGATURES ? s->keptCalls[kind] : 0;
}

void cfl_shaper_destroy(CFLShaper *s) {
    if (s == NULL) return;
    for (unsigned i = 0; i < CFL_PLAN_SLOTS; i++) if (s->plans[i].plan) hb_shape_plan_destroy(s->plans[i].plan);
    hb_buffer_destroy(s->buffer);
    free(s->glyphs);
    free(s);
}

// Which kept feature list `ranges` (after `chws`) is: none, or `liga` and `clig` off
// everywhere (what letter spacing asks for); CFL_FEATURES_OTHER for any other.
static int32_t cfl_feature_kind(const CFLFeatureRange *ranges, int32_t rangeCount) {
    if (ranges == NULL || rangeCount == 0) return CFL_FEATURES_DEFAULT;
    if (rangeCount == 2 && ranges[0].tag == HB_TAG('l', 'i', 'g', 'a') && ranges[1].tag == HB_TAG('c', 'l', 'i', 'g')
        && ranges[0].value == 0 && ranges[1].value == 0 && ranges[0].start == HB_FEATURE_GLOBAL_START
        && ranges[1].start == HB_FEATURE_GLOBAL_START && ranges[0].end == HB_FEATURE_GLOBAL_END
        && ranges[1].end == HB_FEATURE_GLOBAL_END) return CFL_FEATURES_NO_LIGATURES;
    return CFL_FEATURES_OTHER;
}

// Shapes `b` with `face` and `features` (`kind` says which list they are) as `hb_shape` does.
// `hb_shape` looks its plan up in the face's cache on every call (a key made, with the
// face's feature-variation lookups, and compared: ~680 instructions a call on the chat
// corpus); a list kept here is looked up in the shaper's few plans instead, the plan
// HarfBuzz's cache gave for the same face, properties, features and variation coordinates,
// and executed. What `hb_shape` does besides (HarfBuzz 6.0's internal enter and leave) is
// bound the buffer's growth and the operations of one call by the buffer's length, limits
// only a font looping on itself reaches; without it the operations count down from
// HarfBuzz's default budget across calls, which `hb_shape` resets when it returns, so one
// call in CFL_PLAN_CALLS goes through it (the budget then never nears its end). The trade:
// a broken or hostile font that loops (a system fallback font, say) is stopped only by
// HarfBuzz's default limits (a buffer of 2^30 glyphs, ~537 million operations shared by the
// calls between two `hb_shape`s), so it may take memory and seconds where `hb_shape` would
// stop it early; HarfBuzz has no public call that sets the limits. A kept plan holds its
// plan after its face is closed (until pushed out of the ring or the thread ends; HarfBuzz
// 6.0's plan does not touch the face when destroyed), and is never executed again: the
// face's serial is never reused.
static void cfl_shape_buffer(CFLShaper *s, const CFLFace *face, hb_buffer_t *b, const hb_feature_t *features,
                             int32_t featureCount, int32_t kind) {
    if (kind == CFL_FEATURES_OTHER || s->plansOff || ++s->planCalls >= CFL_PLAN_CALLS) {
        s->planCalls = 0;
        hb_shape(face->font, b, features, (unsigned)featureCount);
        return;
    }
    hb_segment_properties_t props;
    hb_buffer_get_segment_properties(b, &props);
    hb_shape_plan_t *plan = NULL;
    for (unsigned i = 0; i < CFL_PLAN_SLOTS; i++) {
        const CFLPlanSlot *slot = &s->plans[i];
        if (slot->face == face->serial && slot->script == props.script && slot->direction == props.direction
            && slot->language == props.language && slot->features == kind) {
            plan = slot->plan;
            break;
        }
    }
    if (plan == NULL) {
        unsigned coordCount = 0;
        const int *coords = hb_font_get_var_coords_normalized(face->font, &coordCount);
        plan = hb_shape_plan_create_cached2(face->hbFace, &props, features, (unsigned)featureCount, coords, coordCount, NULL);
        CFLPlanSlot *slot = &s->plans[s->nextPlan];
        s->nextPlan = (s->nextPlan + 1) % CFL_PLAN_SLOTS;
        if (slot->plan) hb_shape_plan_destroy(slot->plan);
        *slot = (CFLPlanSlot){ face->serial, props.script, props.direction, props.language, kind, plan };
    }
    s->keptCalls[kind] += 1;
    hb_shape_plan_execute(plan, face->font, b, features, (unsigned)featureCount);
}

int32_t cfl_shape(CFLShaper *s, const CFLFace *face, const uint8_t *text, int32_t textLength, int32_t start,
                  int32_t length, uint32_t script, int32_t rtl, const char *language,
                  const CFLFeatureRange *ranges, int32_t rangeCount, const CFLGlyph **glyphs) {
    hb_buffer_t *b = s->buffer;
    hb_buffer_clear_contents(b);
    hb_buffer_add_utf8(b, (const char *)text, textLength, (unsigned)start, length);
    hb_buffer_set_script(b, hb_script_from_iso15924_tag(script));
    hb_buffer_set_direction(b, rtl ? HB_DIRECTION_RTL : HB_DIRECTION_LTR);
    if (s->language == NULL || strncmp(s->languageTag, language, sizeof s->languageTag) != 0) {
        s->language = hb_language_from_string(language, -1);
        strncpy(s->languageTag, language, sizeof s->languageTag - 1);
        s->languageTag[sizeof s->languageTag - 1] = 0;
        // A tag too long to keep is looked up every time.
        if (strlen(language) >= sizeof s->languageTag) s->language = NULL;
    }
    hb_buffer_set_language(b, s->language != NULL ? s->language : hb_language_from_string(language, -1));
    // CSS text-spacing-trim (normal): fullwidth punctuation next to another takes half its
    // width, through the font's contextual half-width spacing where it has one, as
    // Chromium asks HarfBuzz for by default.
    hb_feature_t features[65];
    features[0] = (hb_feature_t){ HB_TAG('c', 'h', 'w', 's'), 1, HB_FEATURE_GLOBAL_START, HB_FEATURE_GLOBAL_END };
    int32_t featureCount = 1;
    for (int32_t i = 0; ranges != NULL && i < rangeCount && featureCount < 65; i++) {
        features[featureCount++] = (hb_feature_t){ ranges[i].tag, ranges[i].value, ranges[i].start, ranges[i].end };
    }
    cfl_shape_buffer(s, face, b, features, featureCount, cfl_feature_kind(ranges, rangeCount));
    if (!hb_buffer_allocation_successful(b)) return -1;
    unsigned count = 0;
    hb_glyph_info_t *info = hb_buffer_get_glyph_infos(b, &count);
    hb_glyph_position_t *pos = hb_buffer_get_glyph_positions(b, &count);
    if (count > s->capacity) {
        unsigned capacity = count * 2 + 16;
        CFLGlyph *g = (CFLGlyph *)realloc(s->glyphs, capacity * sizeof(CFLGlyph));
        if (g == NULL) return -1;
        s->glyphs = g;
        s->capacity = capacity;
    }
    for (unsigned i = 0; i < count; i++) {
        unsigned j = rtl ? count - 1 - i : i;   // logical order
        CFLGlyph *out = &s->glyphs[i];
        out->glyph = info[j].codepoint;
        out->cluster = info[j].cluster;
        out->advance = pos[j].x_advance;
        out->unsafeToBreak = (hb_glyph_info_get_glyph_flags(&info[j]) & HB_GLYPH_FLAG_UNSAFE_TO_BREAK) ? 1 : 0;
    }
    *glyphs = s->glyphs;
    return (int32_t)count;
}
