@testable import ChatFormText
import Testing

/// A keystroke inside a large paragraph between two ASCII characters skips the general
/// checks (`_DocumentUnits.plainASCIIBoundary`, and for the caret
/// `TextDocument.endsOnBoundaryBeforeASCII`): its caret against the same edit in a document
/// of small paragraphs, which takes the general path, for insertions that end in a scalar
/// an ASCII character may (a prepended mark, a CR before an LF) or may not join.
@Suite("Plain keystroke")
struct PlainKeystrokeTests {
    static let tiny = _ParagraphTuning(largeParagraph: 24, maxLeaf: 8, maxChunk: 4, window: 8, margin: 16)

    @Test func caretAsTheGeneralPath() throws {
        let text = Array(repeating: "word", count: 30).joined(separator: " ") + "\r\nend a\u{301}b"
        let insertions = ["x", "paste me", "e\u{301}", "\u{0600}", "\u{1F1EB}", "\u{1F469}\u{200D}", "\u{1100}",
                          "\u{0915}\u{094D}", "\r", "中", "\u{1F600}", "\t"]
        var taken = 0
        for inserted in insertions {
            for offset in [1, 3, 4, 5, 40, 99, 148, 149, 150, 151, 155, 156, 157] {
                var large = try TextDocument(text: text, width: 12, tuning: Self.tiny)
                var small = try TextDocument(text: text, width: 12)
                #expect(Self.hasLargeUnit(large) && !Self.hasLargeUnit(small))
                if large.units.plainASCIIBoundary(at: offset) { taken += 1 }
                let edit: TextDocument.EditResult
                do { edit = try large.replaceSubrange(offset..<offset, with: inserted) } catch {
                    #expect(throws: TextLayoutError.self) { try small.replaceSubrange(offset..<offset, with: inserted) }
                    continue
                }
                let expected = try small.replaceSubrange(offset..<offset, with: inserted)
                #expect(edit.caretOffset == expected.caretOffset, "\(inserted.unicodeScalars.map(\.value)) at \(offset)")
                #expect(edit.caretOffset == (try large.graphemeBoundary(atOrAfter: offset + inserted.utf8.count)))
                #expect(large.text == small.text && large.lineCount == small.lineCount)
            }
        }
        #expect(taken > 0, "no keystroke took the plain path")
    }

    static func hasLargeUnit(_ document: TextDocument) -> Bool {
        (0..<document.units.paragraphs.count).contains { document.units.paragraphs[$0].large != nil }
    }
}
