import Testing
import ChatFormText
import ChatFormTesting

/// A flat paragraph's rewrap after an edit hands ICU its text only when the wrapper asks ICU
/// something (most keystrokes stay on the fast path). These edit one-paragraph documents
/// whose text the fast path hands back to ICU in places (Thai, URLs, quotes, emoji), with
/// ICU's iterators left on another text before each edit, and hold every line to a fresh
/// layout of the edited text (a wrapper that asked ICU without handing it the paragraph
/// would get the other text's opportunities).
@Suite("Incremental wrap")
struct IncrementalWrapTests {
    static let pieces = ["word ", "가나다 ", "漢字", "ภาษาไทยง่าย ", "https://example.com/a-b?c=d ", "“quoted,” ", "👩🏽‍💻 ",
                         "e\u{301} ", "(paren) ", "1,234.5 ", "x", "—", "\t"]
    static let other = String(repeating: "ทดสอบ e\u{301}\u{302} ", count: 30)

    @Test(arguments: [5.0, 11, 23])
    func editsMatchFreshLayouts(width: Double) throws {
        var random = SplitMix64(seed: 1804 &+ UInt64(width))
        for _ in 0..<40 {
            var text = (0..<Int(random.next() % 30) + 1).map { _ in Self.pieces[Int(random.next() % UInt64(Self.pieces.count))] }.joined()
            var document = try TextDocument(text: text, width: width)
            for step in 0..<12 {
                let boundaries = try ICUReference.graphemeBoundaries(in: text)
                let a = boundaries[Int(random.next() % UInt64(boundaries.count))]
                let later = boundaries.filter { $0 >= a }
                let b = random.next() % 3 == 0 ? later[Int(random.next() % UInt64(later.count))] : a
                let replacement = random.next() % 4 == 0 ? "" : Self.pieces[Int(random.next() % UInt64(Self.pieces.count))]
                _ = try ICUReference.graphemeBoundaries(in: Self.other)   // the iterators left on another text
                _ = try document.replaceSubrange(a..<b, with: replacement)
                let bytes = Array(text.utf8)
                text = String(decoding: bytes[..<a] + Array(replacement.utf8) + bytes[b...], as: UTF8.self)
                let fresh = try TextLayout(text: text, width: width)
                #expect(document.text == text)
                #expect(document.lineCount == fresh.lineCount, "step \(step) of \(text.debugDescription)")
                for k in 0..<min(document.lineCount, fresh.lineCount) {
                    #expect(document.line(at: k) == fresh.lines[k], "line \(k), step \(step) of \(text.debugDescription)")
                }
            }
        }
    }
}
