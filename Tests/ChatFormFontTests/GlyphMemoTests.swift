import Testing
@testable import ChatFormFont
import ChatFormTesting

/// A face remembers its nominal glyph look-ups (`cfl_face_glyph`, 1,024 slots by scalar, a
/// later scalar taking an earlier one's slot): what `glyph(for:)` answers must not depend
/// on what was asked before, nor on the slot's other scalars.
@Suite("Glyph memo", .enabled(if: Fonts.available, "DejaVu Sans and Noto fonts are not installed (see .ci/run)"))
struct GlyphMemoTests {
    /// Scalars of the Latin, Greek, Cyrillic, Hangul, CJK and emoji blocks (far more than the
    /// slots: many share one), asked of a fresh face in ascending order and then again in a
    /// shuffled order: the same glyph each time, present exactly where the font's cmap has
    /// one (asked in one batch, past the memo).
    @Test func answersDoNotDependOnWhatWasAskedBefore() throws {
        let scalars = Array(0x80...0x52F) + Array(0x2000...0x20CF) + Array(0x3000...0x30FF) + Array(0xAC00...0xAE00)
            + Array(0x4E00...0x5200) + Array(0x1F300...0x1F64F)
        for family in ["Noto Sans", "DejaVu Sans", "Noto Sans CJK KR"] {
            let file = try #require(try FontLibrary.shared.lookup(family: family), "\(family)")
            // Opened here, not through the library: its memo empty.
            let face = try FontFace(path: file.path, index: file.index, size: 16)
            let first = scalars.map { face.glyph(for: Unicode.Scalar($0)!) }
            var rng = SplitMix64(seed: 125)
            let order = scalars.indices.shuffled(using: &rng)
            var mismatches = 0
            for k in order where face.glyph(for: Unicode.Scalar(scalars[k])!) != first[k] { mismatches += 1 }
            #expect(mismatches == 0, "\(family): answers changed when asked again")
            let wrong = scalars.indices.filter { k in
                let s = UInt32(scalars[k]), cmap = face.coverage(s...s)
                return cmap.all != (first[k] != nil) || cmap.none != (first[k] == nil)
            }
            #expect(wrong.count == 0, "\(family): \(wrong.count) answers differ from the cmap's, first U+\(wrong.first.map { String(scalars[$0], radix: 16) } ?? "")")
            #expect(first.contains { $0 != nil } && first.contains { $0 == nil }, "\(family): a test of present and absent glyphs")
        }
    }
}
