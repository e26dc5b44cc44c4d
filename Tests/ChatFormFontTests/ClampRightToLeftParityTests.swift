import Testing
import ChatFormFont
@testable import ChatFormText

/// Line clamp and one-line `text-overflow: ellipsis` in right-to-left paragraphs against
/// Chromium (`Tools/record-browser-layout --clamp --dir rtl`, photographed): the bidi corpora
/// (Arabic, Hebrew, Persian and Urdu catalogue strings, and chat lines mixing them with
/// English, numbers, URLs and emoji) in `<div dir="rtl">` boxes, DejaVu Sans and Noto Sans at
/// 16 px, 160, 240 and 320 px wide, clamped to 1, 2 and 3 lines and on one line. The
/// held-out set (`bidi-holdout.jsonl`: other catalogues, other pools, another seed) was not
/// tuned on by the engine (both sets were read when the test learned to take Chromium's `cut`
/// where the photograph counts the grapheme beside a cut as painted; see
/// `ClampParityTests.compare`).
///
/// Each text is prepared in the paragraph's direction (`TextLayoutOptions.direction`), so its
/// levels, and the runs it is shaped in, are those of a right-to-left paragraph: a neutral
/// between a Latin word and right-to-left text (":" after "Monday", "PR:") is shaped in the
/// right-to-left run, as Chromium shapes it, and explicit embeddings and marks resolve as
/// there. Where a bidi control (a mark, an embedding) ends a painted range, the photograph
/// cannot see it (it has no ink) and counts it by where it lies: the test compares without
/// it there (6 tuning layouts, fa-glib20-005 and he-glib20-005).
///
/// The last line is cut as Blink's line truncator cuts it (`_RightToLeftTruncator`): child
/// by child (an inline item each: one bidi level and emoji presentation; hanging white space
/// apart), each child's width rounded up to a layout unit, the room of the child cut
/// measured on its unrounded text. (The earlier cut, on the graphemes at their drawn x,
/// missed chat-holdout-026 and ar-apt-008 by under 1/64 px: the rounding of the children on
/// the right of the cut moves the room.)
///
/// What differs (tuning / held out): nothing. The last held-out difference, chat-holdout-003
/// (Noto Sans, 160 px, clamp 3), was the line breaking, not the cut: Chromium ends the third
/// line after "12.5 في المفتاح " because the line's two bidi items, "12.5" (31.744 px) and the
/// Arabic text (128.269 px), each rounded up to a layout unit (31.75 + 128.28125), pass the
/// 160 px, where their exact sum (160.013 px) fits within 1/64 px. The fit now sums a plain
/// line's items rounded apart as Blink's line breaker does (`_ItemBoundaries`).
@Suite("Line clamp parity, right to left", .enabled(if: Fonts.available, "DejaVu Sans and Noto fonts are not installed (see .ci/run)"))
struct ClampRightToLeftParityTests {
    @Test("Right-to-left paragraphs clamped as Chromium clamps them (≥ 99.9% per kind of check)",
          arguments: ["tuning", "holdout"])
    func rightToLeft(set: String) throws {
        let r = try ClampParityTests.compare("rtl-\(set)", corpus: "bidi-\(set).jsonl", direction: .rtl)
        ClampParityTests.report("rtl-\(set)", r)
        for t in [r.heights, r.hidden, r.lastLines, r.directions] {
            #expect(t.agreement >= 0.999, "\(t)")
        }
        #expect(r.visible.failures.isEmpty, "\(r.visible)")
        #expect(r.ellipses.failures.isEmpty, "\(r.ellipses)")
        #expect(r.ellipses.total > 900, "the fixture has ellipses to compare")
    }
}

/// The same corpora in `<div dir="auto">` boxes (`--dir auto`): each paragraph right to left
/// when its first strong character is (3,024 of 3,408 tuning layouts, 1,872 of 2,544 held
/// out), else left to right, as Chromium resolves it.
@Suite("Line clamp parity, dir=auto", .enabled(if: Fonts.available, "DejaVu Sans and Noto fonts are not installed (see .ci/run)"))
struct ClampAutoDirectionParityTests {
    @Test("dir=auto paragraphs: the direction of the first strong character, clamped as Chromium clamps them",
          arguments: ["tuning", "holdout"])
    func auto(set: String) throws {
        let r = try ClampParityTests.compare("auto-\(set)", corpus: "bidi-\(set).jsonl", direction: .auto)
        ClampParityTests.report("auto-\(set)", r)
        #expect(r.directions.total > 2000 && r.directions.failures.isEmpty, "\(r.directions)")
        for t in [r.heights, r.hidden, r.lastLines] { #expect(t.agreement >= 0.999, "\(t)") }
        #expect(r.visible.failures.isEmpty, "\(r.visible)")
        #expect(r.ellipses.failures.isEmpty, "\(r.ellipses)")
    }
}
