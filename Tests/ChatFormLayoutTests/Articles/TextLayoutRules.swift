import ChatFormLayout
import Testing

/// TextLayoutRules.md (in ChatFormText's catalog), run as written.
@Suite("Article: text layout rules")
struct TextLayoutRulesArticle {
    @Test func aLayout() throws {
        let layout = try TextLayout(text: "Hello, 안녕하세요 world", width: 12)
        let lines = (0..<layout.lineCount).map { layout.lineText($0) }   // "Hello, 안녕", "하세요 world"
        let caret = try layout.caretRect(for: TextPosition(offset: 7))   // before 안: line 0, x 7
        #expect(lines.map(String.init) == ["Hello, 안녕", "하세요 world"])
        #expect(caret.minX == 7 && caret.minY == 0)
        // Lines partition the text.
        #expect(layout.lines.first?.start == 0 && layout.lines.last?.end == "Hello, 안녕하세요 world".utf8.count)
        #expect(zip(layout.lines, layout.lines.dropFirst()).allSatisfy { $0.end == $1.start })
    }

    @Test func anEditableDocument() throws {
        let bigText = String(repeating: "One paragraph of a long field, wrapped at forty cells.\n", count: 10_000)
        var document = try TextDocument(text: bigText, width: 40)
        let caret = bigText.utf8.count / 2                    // the start of paragraph 5,000
        let edit = try document.replaceSubrange(caret..<caret, with: "\n")   // re-splits one paragraph
        let grown = edit.lineCountDelta                       // resize the field's row by this many lines
        let rect = try document.caretRect(for: TextPosition(offset: edit.caretOffset))
        // Each paragraph takes two lines at 40 cells; an empty paragraph before paragraph
        // 5,000 adds one line, and the caret is at its start, one line lower.
        #expect(grown == 1)
        #expect(edit.caretOffset == caret + 1)
        #expect(rect.minY == 5_000 * 2 + 1 && rect.minX == 0)
        // The document answers as one layout of the whole text would.
        let whole = try TextLayout(text: document.text, width: 40)
        #expect(try whole.caretRect(for: TextPosition(offset: edit.caretOffset)) == rect)
    }
}
