@testable import ChatFormText
import Testing

/// Marked text in a `TextDocument`: real text laid out in place, with a tracked range.
@Suite("Marked text in TextDocument")
struct MarkedTextDocumentTests {
    /// The UTF-8 range of the last occurrence of `part` in `text`.
    func range(of part: String, in text: String) -> Range<Int> {
        let bytes = Array(text.utf8), p = Array(part.utf8)
        for start in stride(from: bytes.count - p.count, through: 0, by: -1) where Array(bytes[start..<start + p.count]) == p {
            return start..<start + p.count
        }
        return 0..<0
    }

    /// ㅎ → 하 → 한 → 한ㄱ → 한그 → 한글 composed after "abc " at width 6: after every key
    /// the document is exactly a fresh layout of its text, the marked range covers the
    /// syllable being composed, and at 한ㄱ the new ㄱ wraps onto the second line.
    @Test func compositionIsLaidOutInPlaceAtEveryKey() throws {
        var document = try TextDocument(text: "abc ", width: 6)
        var checker = DocumentChecker(rng: SplitMix64(seed: 12))
        var composer = HangulComposer()
        var caret = 4
        let expected: [(text: String, marked: String, lines: Int)] = [
            ("abc ㅎ", "ㅎ", 1), ("abc 하", "하", 1), ("abc 한", "한", 1),
            ("abc 한ㄱ", "ㄱ", 2), ("abc 한그", "그", 2), ("abc 한글", "글", 2),
        ]
        for (key, want) in zip("ㅎㅏㄴㄱㅡㄹ", expected) {
            let step = try composer.press(key)
            if !step.committed.isEmpty {
                try document.setMarkedText(step.committed, replacing: caret..<caret)
                caret = document.unmarkText()!.range.upperBound
            }
            try document.setMarkedText(step.marked, replacing: caret..<caret)
            try checker.expectMatches(document, try TextLayout(text: want.text, width: 6))
            #expect(document.text == want.text)
            #expect(document.lineCount == want.lines, "\(want.text)")
            let marked = try #require(document.markedText)
            #expect(marked.range == range(of: want.marked, in: want.text))
            #expect(marked.selectedRange == marked.range.upperBound..<marked.range.upperBound)
            #expect(try document.substring(marked.range) == want.marked)
            // The underline: one rect on the marked text's line, as wide as the syllable.
            let rects = document.markedTextRects()
            #expect(rects.count == 1)
            #expect(rects.first?.width == 2)
            #expect(rects.first?.minY == Double(want.lines - 1))
            #expect(rects.first?.minX == (want.lines == 1 ? 4 : 0))
        }
        document.unmarkText()
        #expect(document.markedText == nil)
        #expect(document.text == "abc 한글")
    }

    @Test func markedTextReplacesTheSelectionThenItself() throws {
        var document = try TextDocument(text: "hello world", width: 40)
        try document.setMarkedText("ㅎ", replacing: 6..<11)
        #expect(document.text == "hello ㅎ")
        #expect(document.markedText == MarkedText(range: 6..<9, selectedRange: 9..<9))
        // With text marked, the given selection is ignored: the marked text is replaced.
        try document.setMarkedText("하니", selectedRange: 0..<3, replacing: 0..<0)
        #expect(document.text == "hello 하니")
        #expect(document.markedText == MarkedText(range: 6..<12, selectedRange: 6..<9))
        // Empty marked text removes it and ends the composition.
        try document.setMarkedText("", replacing: 0..<0)
        #expect(document.text == "hello ")
        #expect(document.markedText == nil)
    }

    @Test func editsAroundTheMarkedTextMoveItAndEditsIntoItCommitIt() throws {
        var document = try TextDocument(text: "ab cd", width: 40)
        try document.setMarkedText("한", replacing: 3..<3)          // "ab 한cd", marked 3..<6
        try document.replaceSubrange(0..<0, with: "xy")              // before: shifts
        #expect(document.markedText?.range == 5..<8)
        try document.replaceSubrange(8..<10, with: "")               // after: stays
        #expect(document.markedText?.range == 5..<8)
        try document.replaceSubrange(5..<5, with: "!")               // at its start: before it
        #expect(document.markedText?.range == 6..<9)
        try document.replaceSubrange(9..<9, with: "?")               // at its end: after it
        #expect(document.markedText?.range == 6..<9)
        #expect(try document.substring(6..<9) == "한")
        try document.replaceSubrange(6..<9, with: "z")               // over it: committed
        #expect(document.markedText == nil)
        #expect(document.text == "xyab !z?")
        // A mark typed right after it joins its last cluster: the marking ends.
        try document.setMarkedText("e", replacing: 0..<0)
        try document.replaceSubrange(1..<1, with: "\u{301}")
        #expect(document.markedText == nil)
    }

    @Test func markedTextJoiningAClusterGrowsToItsBounds() throws {
        var document = try TextDocument(text: "cafe", width: 40)
        try document.setMarkedText("\u{301}", replacing: 4..<4)
        #expect(document.text == "cafe\u{301}")
        #expect(document.markedText?.range == 3..<6)
        #expect(document.markedText?.selectedRange == 6..<6)
    }

    @Test func badRangesAreTypedErrorsAndChangeNothing() throws {
        var document = try TextDocument(text: "e\u{301}x", width: 40)
        #expect(throws: TextLayoutError.offsetOutOfRange(offset: 4, length: 3)) {
            try document.setMarkedText("한", selectedRange: 0..<4, replacing: 0..<0)
        }
        #expect(throws: TextLayoutError.offsetOutOfRange(offset: 9, length: 4)) {
            try document.setMarkedText("한", replacing: 4..<9)
        }
        #expect(throws: TextLayoutError.notOnGraphemeBoundary(offset: 1)) {
            try document.setMarkedText("한", replacing: 1..<1)
        }
        #expect(document.text == "e\u{301}x" && document.markedText == nil)
        try document.setMarkedText("한", replacing: 4..<4)
        #expect(throws: TextLayoutError.self) { try document.setMarkedText("한국", selectedRange: 0..<7, replacing: 0..<0) }
        #expect(document.text == "e\u{301}x한" && document.markedText?.range == 4..<7)
    }

    @Test func markedTextSurvivesAWidthChangeAndSpansLines() throws {
        var document = try TextDocument(text: "ab", width: 40)
        try document.setMarkedText("한국어를 씁니다", replacing: 2..<2)
        try document.setWidth(5)
        #expect(document.markedText?.range == 2..<document.utf8Count)
        let rects = document.markedTextRects()
        #expect(rects.count == document.lineCount)
        #expect(rects.map(\.minY) == (0..<document.lineCount).map { Double($0) })
        #expect(rects.first?.minX == 2)
        let covered = rects.reduce(0) { $0 + $1.width }
        #expect(covered == Double(CellWidth.of("한국어를 씁니다")))   // the space before the wrap fits on its line
    }

    /// Seeded random compositions, commits and edits held against a naive model (the text
    /// as bytes and the marked range); after every step the document equals a fresh
    /// layout of the model's text.
    @Test(arguments: 0..<6)
    func randomCompositionsMatchTheModel(seed: Int) throws {
        var rng = SplitMix64(seed: UInt64(seed) &* 977 &+ 5)
        var checker = DocumentChecker(rng: SplitMix64(seed: UInt64(seed)))
        let width = [3.0, 6, 10, 25].randomElement(using: &rng)!
        var text = RandomText.make(&rng, pieceCount: Int.random(in: 0...12, using: &rng))
        var marked: MarkedText?
        var document = try TextDocument(text: text, width: width)
        let syllables = ["ㅎ", "하", "한", "ㄱ", "그", "글", "값", "닭", "읽", "ㅘ", "abc", "e\u{301}", "\u{301}", "👍🏽", " ", "\n", "한국어 "]
        for step in 0..<300 {
            let boundaries = try ICUReference.graphemeBoundaries(in: text)
            var a = boundaries.randomElement(using: &rng)!, b = boundaries.randomElement(using: &rng)!
            if a > b { swap(&a, &b) }
            switch Int.random(in: 0..<10, using: &rng) {
            case 0...4:
                let s = (0..<Int.random(in: 0...2, using: &rng)).map { _ in syllables.randomElement(using: &rng)! }.joined()
                let n = s.utf8.count
                let sel = Bool.random(using: &rng) ? nil : n..<n
                try document.setMarkedText(s, selectedRange: sel, replacing: a..<b)
                let target = marked?.range ?? a..<b
                text = RandomEdit.applying(target, s, to: text)
                if n == 0 {
                    marked = nil
                } else {
                    let after = try ICUReference.graphemeBoundaries(in: text)
                    let start = after.last { $0 <= target.lowerBound }!
                    let end = after.first { $0 >= target.lowerBound + n }!
                    marked = MarkedText(range: start..<end, selectedRange: end..<end)
                }
            case 5, 6:
                document.unmarkText()
                marked = nil
            default:
                let replacement = RandomEdit.replacement(&rng)
                try document.replaceSubrange(a..<b, with: replacement)
                text = RandomEdit.applying(a..<b, replacement, to: text)
                if var m = marked {
                    if b <= m.range.lowerBound {
                        let d = replacement.utf8.count - (b - a)
                        m.range = m.range.lowerBound + d..<m.range.upperBound + d
                        m.selectedRange = m.selectedRange.lowerBound + d..<m.selectedRange.upperBound + d
                        marked = m
                    } else if a < m.range.upperBound {
                        marked = nil
                    }
                    let after = try ICUReference.graphemeBoundaries(in: text)
                    if let m = marked, !after.contains(m.range.lowerBound) || !after.contains(m.range.upperBound) { marked = nil }
                }
            }
            #expect(document.markedText == marked, "seed \(seed) step \(step)")
            try checker.expectMatches(document, try TextLayout(text: text, width: width), samples: 3)
            if let m = document.markedText {
                #expect(!m.range.isEmpty && m.range.contains(m.selectedRange.lowerBound) || m.selectedRange.lowerBound == m.range.upperBound)
                let rects = document.markedTextRects()
                #expect(!rects.isEmpty && rects.count <= document.lineCount)
            } else {
                #expect(document.markedTextRects().isEmpty)
            }
        }
    }
}
