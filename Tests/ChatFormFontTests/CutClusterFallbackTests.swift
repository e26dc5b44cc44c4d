import Testing
@testable import ChatFormFont
@testable import ChatFormText

/// A range that cuts a scalar (a stretch's end inside its bytes) leaves a cluster whose
/// fallback decision is kept by its own bytes (this thread's memo, the stack's table): the
/// decision must be read from those bytes alone, never from the bytes after the cut, or the
/// first cut scalar decided for a prefix answers for every later one, which answer depending
/// on what else the memo held (CI saw a styled paragraph's runs change between two passes).
@Suite("Cut clusters", .enabled(if: Fonts.available, "DejaVu Sans and Noto fonts are not installed (see .ci/run)"))
struct CutClusterFallbackTests {
    /// `UTF8Scalar.decode(_:at:end:)` is `decode(_:at:)` for every scalar that ends by `end`,
    /// and U+FFFD for the bytes left when `end` cuts it, whatever follows.
    @Test func boundedDecodeReadsOnlyItsRange() {
        for scalar in ["a", "é", "가", "🎉", "\u{10FFFF}"] {
            let encoded = Array(scalar.utf8)
            for after: [UInt8] in [[], [0x80, 0x80, 0x80], [0x20, 0x20, 0x20], [0xBF, 0xBF, 0xBF]] {
                let bytes = encoded + after
                bytes.withUnsafeBufferPointer { buffer in
                    for end in 1...encoded.count {
                        let (s, l) = UTF8Scalar.decode(buffer, at: 0, end: end)
                        if end == encoded.count {
                            #expect(s == scalar.unicodeScalars.first!.value && l == end, "\(scalar) whole")
                        } else {
                            #expect(s == 0xFFFD && l == end, "\(scalar) cut at \(end) before \(after)")
                        }
                    }
                }
            }
        }
    }

    /// The first two and three bytes of four-byte scalars the fonts answer differently
    /// (an emoji font, the primary font, a CJK font) and of a sequence cut before spaces:
    /// each prefix's face, asked of a new stack, is the same font; asked one after another
    /// of one stack through this thread's memo, each answer is the new stack's.
    @Test func aCutScalarsFaceIsItsBytesAlone() throws {
        let scalars = ["🎉", "\u{1F0A1}", "\u{1F130}", "😀"]
        let texts = scalars.map { Array($0.utf8) } + [[0xF0, 0x9F, 0x20, 0x20]]
        let family = "DejaVu Sans"
        // The face a new stack (nothing decided, no memo) answers for `text[0..<cut]`.
        func fresh(_ text: [UInt8], _ cut: Int) throws -> FontFace {
            let state = try FontStack(family: family, size: 16).state
            let id = text.withUnsafeBufferPointer {
                state.face(forCluster: $0, 0, cut, memo: nil, emoji: false, script: 0x5A79_7979, languageCode: 0,
                           run: -1, runFaceObject: nil)
            }
            return state.faceList()[id]
        }
        let memo = _DecisionMemo()
        defer { memo.deallocate() }
        for cut in [2, 3] {
            let expected = try fresh(texts.last!, cut)
            let shared = try FontStack(family: family, size: 16).state
            for (k, text) in texts.enumerated() {
                let alone = try fresh(text, cut)
                #expect(alone === expected, "\(k) cut at \(cut): \(alone.family) vs \(expected.family)")
                let id = text.withUnsafeBufferPointer {
                    shared.face(forCluster: $0, 0, cut, memo: memo, emoji: false, script: 0x5A79_7979, languageCode: 0,
                                run: -1, runFaceObject: nil)
                }
                #expect(shared.faceList()[id] === alone, "\(k) cut at \(cut) after the others, through the memo")
            }
        }
    }
}
