import Testing
@testable import ChatFormFont
@testable import ChatFormText
import ChatFormTesting

/// A face none of whose lookups lists a Hangul syllable (Noto Sans CJK in an English stack)
/// shapes a run of syllables alone as each syllable's nominal glyph at its own advance, safe
/// to break: prepare then writes those advances from a table (`FontFace.fillHangul`)
/// without HarfBuzz. These tests hold every syllable's table entry against HarfBuzz in each
/// face fontconfig lists for Korean, in both languages a stack gives it.
@Suite("Hangul plain shaping", .enabled(if: Fonts.available, "DejaVu Sans and Noto fonts are not installed (see .ci/run)"))
struct HangulPlainShapingTests {
    static let hang = HanKerning.tag("Hang")

    /// Every syllable, in runs of 1 to 61 (each a HarfBuzz call), shaped by HarfBuzz and
    /// filled from the table: the same advance and code at every byte, in every Korean face
    /// and language where the face answers plain; Noto Sans CJK KR answers plain in English.
    @Test func everySyllableShapesAsItsTableSays() throws {
        let faces = try HangulWordShapingTests.koreanFaces()
        var plainFaces = 0
        for face in faces {
            for language in [_ShapingLanguage("en-us"), _ShapingLanguage("ko")] {
                guard let table = face.plainHangulAdvances(language: language) else { continue }
                plainFaces += 1
                var first: UInt32 = 0xAC00, length: UInt32 = 1
                while first <= 0xD7A3 {
                    let last = min(first + length - 1, 0xD7A3)
                    let text = String(String.UnicodeScalarView((first...last).map { Unicode.Scalar($0)! }))
                    let bytes = Array(text.utf8)
                    let harfBuzz = HangulWordShapingTests.shapeAlone(bytes, 0..<bytes.count, face: face, script: Self.hang,
                                                                     language: language.tag)
                    // Zeroed, as a paragraph's buffers are (only what is not 0 is written).
                    var advances = [Int32](repeating: 0, count: bytes.count), unsafe = [UInt8](repeating: 0, count: bytes.count)
                    let filled = bytes.withUnsafeBufferPointer { b in
                        advances.withUnsafeMutableBufferPointer { a in
                            unsafe.withUnsafeMutableBufferPointer { u in
                                FontFace.fillHangul(b, 0..<b.count, table: table, advances: a, unsafe: u)
                            }
                        }
                    }
                    #expect(filled)
                    #expect(advances == harfBuzz.advances, "\(face.family) \(language.tag) U+\(String(first, radix: 16))")
                    #expect(unsafe == harfBuzz.unsafe, "\(face.family) \(language.tag) U+\(String(first, radix: 16))")
                    first = last + 1
                    length = length % 61 + 1
                }
            }
        }
        #expect(plainFaces >= 1)
        let sans = try #require(faces.first { $0.family == "Noto Sans CJK KR" })
        #expect(sans.plainHangulAdvances(language: _ShapingLanguage("en-us")) != nil)
    }

    /// A face without the syllables answers no; a range holding anything but syllables
    /// (a compatibility jamo, Latin, a space, a syllable cut short) is refused, what it wrote
    /// (the syllables before the stranger) zeroed again, as the paragraph's buffers were.
    @Test func onlySyllablesInAFaceWithAllOfThem() throws {
        let latin = try FontStack(family: "Noto Sans", size: 16).state.primaries[0]
        #expect(latin.plainHangulAdvances(language: _ShapingLanguage("en-us")) == nil)
        let faces = try HangulWordShapingTests.koreanFaces()
        let sans = try #require(faces.first { $0.family == "Noto Sans CJK KR" })
        let table = try #require(sans.plainHangulAdvances(language: _ShapingLanguage("en-us")))
        for (text, range) in [("한ㅋ글", 0..<9), ("한a", 0..<4), ("한 글", 0..<7), ("한글", 0..<5), ("한글", 1..<4), ("가각", 0..<6)] {
            let bytes = Array(text.utf8)
            let syllablesAlone = text == "가각"
            // Zeroed where the range lies, as a paragraph's buffers are.
            var advances = [Int32](repeating: -1, count: bytes.count), unsafe = [UInt8](repeating: 9, count: bytes.count)
            for j in range {
                advances[j] = 0
                unsafe[j] = 0
            }
            let filled = bytes.withUnsafeBufferPointer { b in
                advances.withUnsafeMutableBufferPointer { a in
                    unsafe.withUnsafeMutableBufferPointer { u in FontFace.fillHangul(b, range, table: table, advances: a, unsafe: u) }
                }
            }
            #expect(filled == syllablesAlone, "\(text)")
            if syllablesAlone {
                #expect(advances[0] > 0 && advances[3] > 0 && [1, 2, 4, 5].allSatisfy { advances[$0] == 0 }
                        && unsafe == [0, 2, 2, 0, 2, 2], "\(text)")
            } else {
                #expect(advances.indices.allSatisfy { range.contains($0) ? advances[$0] == 0 && unsafe[$0] == 0
                                                                         : advances[$0] == -1 && unsafe[$0] == 9 },
                        "\(text): the range zeroed again, nothing written past it")
            }
        }
    }
}
