@testable import ChatFormText
import Testing

@Suite("TextDocument")
struct TextDocumentTests {
    struct Setup: Sendable, CustomStringConvertible {
        var seed: UInt64
        var width: Double
        var metrics: any TextMetrics
        var keepAll: Bool
        var description: String { "seed \(seed) width \(width) \(type(of: metrics)) keepAll \(keepAll)" }
    }

    static let setups: [Setup] = [
        Setup(seed: 1, width: 10, metrics: TerminalCellMetrics(), keepAll: false),
        Setup(seed: 2, width: 4, metrics: TerminalCellMetrics(tabWidth: 4, ambiguousWidth: 2), keepAll: false),
        Setup(seed: 3, width: 17, metrics: TerminalCellMetrics(), keepAll: true),
        Setup(seed: 4, width: 1, metrics: TerminalCellMetrics(), keepAll: false),
        Setup(seed: 5, width: .infinity, metrics: TerminalCellMetrics(), keepAll: false),
        Setup(seed: 6, width: 60, metrics: FixedAdvanceMetrics(advance: 7.5, lineHeight: 17.3), keepAll: false),
        Setup(seed: 7, width: 25, metrics: TerminalCellMetrics(lineHeight: 1.7, cellWidth: 1.3), keepAll: true),
        Setup(seed: 8, width: 8, metrics: TerminalCellMetrics(), keepAll: false),
        Setup(seed: 9, width: 12, metrics: CellWidthTests.TableMetrics(), keepAll: false),
    ]

    /// Seeded random edits; after every edit the document equals a fresh layout of its text
    /// in every line and every caret answer, and the edit result describes the change.
    @Test(arguments: setups)
    func randomEditsMatchAFreshLayout(_ setup: Setup) throws {
        try randomEdits(setup, tuning: .standard)
    }

    /// The same with every paragraph of 24 bytes or more stored as a rope of 5-byte leaves
    /// (cut inside scalars and clusters) and lines in chunks of 3, and rewrap windows that
    /// start 8 bytes past the edit: every edit goes through the large-paragraph path
    /// (in place, split, join), its window growth and its meeting rule.
    @Test(arguments: setups)
    func randomEditsOnRopeParagraphsMatchAFreshLayout(_ setup: Setup) throws {
        try randomEdits(setup, tuning: Self.tinyRopes)
    }

    static let tinyRopes = _ParagraphTuning(largeParagraph: 24, maxLeaf: 5, maxChunk: 3, window: 8, margin: 16)

    /// The same with the rewrap always restarting two lines before the edit (never earlier,
    /// at a line start where the wrapper begins without ICU): both restarts give the lines
    /// of a fresh layout.
    @Test(arguments: setups.prefix(4))
    func randomEditsRestartingTwoLinesBeforeMatchAFreshLayout(_ setup: Setup) throws {
        var tuning = Self.tinyRopes
        tuning.fastRestartLines = 0
        try randomEdits(setup, tuning: tuning, undoing: true)
    }

    /// The same where half the edits undo the one before (its replacement replaced by what it
    /// removed: a character typed and deleted, a newline and the backspace joining its lines),
    /// which a rope paragraph does by putting back the lines the edit replaced, without
    /// rewrapping; the other half are random edits, which the next one may undo in turn.
    @Test(arguments: setups)
    func undoneEditsOnRopeParagraphsMatchAFreshLayout(_ setup: Setup) throws {
        try randomEdits(setup, tuning: Self.tinyRopes, undoing: true)
    }

    /// Rope paragraphs answer whether an offset is a grapheme boundary as a fresh layout does,
    /// at every byte (inside scalars too), next to clusters that the rules keep together:
    /// marks, Hangul jamo (L L, L V, LV T, T T), emoji and ZWJ sequences, flags, prepended
    /// marks, CR LF, Indic conjuncts, a spacing mark.
    @Test(arguments: [UInt64(51), 52, 53])
    func ropeGraphemeBoundariesAtEveryByte(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let joined = ["\u{1100}\u{1100}\u{1161}", "가\u{11A8}\u{11A8}", "\u{1161}\u{11A8}", "\u{0600}x", "a\u{200D}b",
                      "\u{0915}\u{094D}\u{0937}", "ก\u{0E33}", "\r\n", "👩\u{200D}", "\u{1F1F0}\u{1F1F7}\u{1F1EF}"]
        let text = (0..<160).map { _ in
            Bool.random(using: &rng) ? joined.randomElement(using: &rng)! : RandomText.pieces.randomElement(using: &rng)!
        }.joined()
        let document = try TextDocument(text: text, width: 9, tuning: Self.tinyRopes)
        var large = 0
        document.units.paragraphs.forEach(from: 0) { if $0.large != nil { large += 1 }; return true }
        try #require(large > 0, "some paragraphs are ropes")
        let reference = try TextLayout(text: text, width: 9)
        for offset in 0...text.utf8.count {
            #expect((try? document.isGraphemeBoundary(offset)) == (try? reference.isGraphemeBoundary(offset)), "offset \(offset)")
        }
    }

    /// A large paragraph's rope and lines are shared by copies of the document until one of
    /// them is edited: each copy keeps its own text and lines whichever of them is edited.
    @Test(arguments: [UInt64(41), 42])
    func copiesOfALargeParagraphAreIndependent(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let text = String(RandomText.make(&rng, pieceCount: 60).filter { !$0.isNewline })
        var document = try TextDocument(text: text, width: 9, tuning: Self.tinyRopes)
        var large = 0
        document.units.paragraphs.forEach(from: 0) { if $0.large != nil { large += 1 }; return true }
        try #require(large > 0, "the text is one large paragraph")
        var versions: [(TextDocument, String)] = [(document, document.text)]
        for step in 0..<40 {
            // Edit either the newest copy or an older one that shares storage with others.
            let k = Int.random(in: 0..<versions.count, using: &rng)
            var copy = versions[k].0
            let boundaries = try TextLayout(text: copy.text, width: 9).graphemeBoundaries()
            let a = boundaries.randomElement(using: &rng)!
            let b = boundaries.filter { $0 >= a }.randomElement(using: &rng)!
            try copy.replaceSubrange(a..<b, with: ["x", "\n", "é ", "한국 ", ""].randomElement(using: &rng)!)
            versions.append((copy, copy.text))
            for (version, expected) in versions {
                #expect(version.text == expected, "step \(step)")
                #expect(version.lines(in: 0..<version.lineCount) == (try TextLayout(text: expected, width: 9)).lines, "step \(step)")
            }
        }
        document = versions[0].0
        #expect(document.text == text)
    }

    func randomEdits(_ setup: Setup, tuning: _ParagraphTuning, undoing: Bool = false) throws {
        var rng = SplitMix64(seed: setup.seed)
        var checker = DocumentChecker(rng: SplitMix64(seed: setup.seed &* 31))
        let options = TextLayoutOptions(keepAll: setup.keepAll)
        var text = RandomText.make(&rng, pieceCount: Int.random(in: 0...80, using: &rng))
        var width = setup.width
        var document = try TextDocument(text: text, width: setup.width, metrics: setup.metrics, options: options,
                                        tuning: tuning)
        var reference = try TextLayout(text: text, width: setup.width, metrics: setup.metrics, options: options)
        try checker.expectMatches(document, reference)

        var largeEdits = 0, undone = 0
        var last: (range: Range<Int>, removed: String)? = nil
        for step in 0..<150 {
            var large = 0
            document.units.paragraphs.forEach(from: 0) { if $0.large != nil { large += 1 }; return true }
            if large > 0 { largeEdits += 1 }
            let boundaries = try reference.graphemeBoundaries()
            var a = boundaries.randomElement(using: &rng)!
            // Mostly short ranges, as typing and deleting make.
            var b = Bool.random(using: &rng) ? a : boundaries.randomElement(using: &rng)!
            if b - a > 40 || a - b > 40 { b = boundaries[min(boundaries.count - 1, boundaries.firstIndex(of: a)! + 1)] }
            if a > b { swap(&a, &b) }
            var replacement = RandomEdit.replacement(&rng)
            if undoing, Bool.random(using: &rng), let (range, removed) = last,
               boundaries.contains(range.lowerBound), boundaries.contains(range.upperBound) {
                // The last edit undone.
                (a, b, replacement) = (range.lowerBound, range.upperBound, removed)
                undone += 1
            }
            last = (a..<a + replacement.utf8.count, String(decoding: Array(text.utf8)[a..<b], as: UTF8.self))
            let before = document.lines(in: 0..<document.lineCount)

            let edit = try document.replaceSubrange(a..<b, with: replacement)
            text = RandomEdit.applying(a..<b, replacement, to: text)
            reference = try TextLayout(text: text, width: width, metrics: setup.metrics, options: options)
            try checker.expectMatches(document, reference, samples: 6)

            // The edit result: lines outside it are the old ones (shifted after it).
            let after = reference.lines
            let delta = replacement.utf8.count - (b - a)
            #expect(edit.newLines.lowerBound == edit.oldLines.lowerBound, "step \(step)")
            #expect(edit.lineCountDelta == after.count - before.count, "step \(step)")
            #expect(Array(after[..<edit.newLines.lowerBound]) == Array(before[..<edit.oldLines.lowerBound]), "step \(step)")
            #expect(after[edit.newLines.upperBound...].map { $0.shifted(by: -delta) }
                        == Array(before[edit.oldLines.upperBound...]), "step \(step)")
            // The caret: the first grapheme boundary at or after the end of the replacement.
            let newBoundaries = try reference.graphemeBoundaries()
            #expect(edit.caretOffset == newBoundaries.first { $0 >= a + replacement.utf8.count }, "step \(step)")

            if step % 23 == 22 {
                // Now and then a new width.
                width = [3.0, 9, 14, 33, .infinity].randomElement(using: &rng)!
                try document.setWidth(width)
                reference = try TextLayout(text: text, width: width, metrics: setup.metrics, options: options)
                try checker.expectMatches(document, reference)
            }
        }
        if tuning.largeParagraph == Self.tinyRopes.largeParagraph {
            // Most edits find rope paragraphs in the document.
            #expect(largeEdits > 75, "only \(largeEdits) of 150 edits met a rope paragraph")
        }
        if undoing { #expect(undone > 40, "only \(undone) of 150 edits undid the one before") }
    }

    /// Edits that make and break CRLF pairs and clusters across the edit's edges.
    @Test(arguments: [
        ("a\rb", 2..<3, "\n", 2, "a\r\n", 3),           // an LF replacing "b" makes a CRLF
        ("ab\r\n", 2..<4, "\r", 2, "ab\r", 3),          // a CRLF becomes a lone CR
        ("a\rx\nb", 2..<3, "", 2, "a\r\nb", 3),         // deleting between CR and LF joins them
        ("a\r", 2..<2, "\n", 2, "a\r\n", 3),            // typing LF after a final CR
        ("a\nb", 1..<1, "\r", 2, "a\r\nb", 3),          // typing CR before LF: caret after the pair
        ("e\nx", 1..<1, "\u{301}", 2, "e\u{301}\nx", 3),
        ("\u{301}x", 0..<0, "a", 1, "a\u{301}x", 3),    // caret snaps past the joined mark
        ("🇰\n", 0..<0, "🇷", 2, "🇷🇰\n", 8),           // two regional indicators pair up
        ("", 0..<0, "\n\n", 3, "\n\n", 2),
        ("a\nb\nc", 0..<5, "", 1, "", 0),
        ("a\u{2028}b\u{85}c", 1..<4, "\u{2029}", 3, "a\u{2029}b\u{85}c", 4),
    ] as [(String, Range<Int>, String, Int, String, Int)])
    func crlfAndClustersAcrossTheEdit(_ c: (String, Range<Int>, String, Int, String, Int)) throws {
        let (text, range, replacement, paragraphs, result, caret) = c
        var document = try TextDocument(text: text, width: 5)
        let edit = try document.replaceSubrange(range, with: replacement)
        document._checkInvariants()
        #expect(document.text == result)
        #expect(document.paragraphCount == paragraphs)
        #expect(edit.caretOffset == caret)
        var checker = DocumentChecker(rng: SplitMix64(seed: 9))
        try checker.expectMatches(document, try TextLayout(text: result, width: 5))
    }

    @Test func theDocumentationExample() throws {
        var document = try TextDocument(text: "first line\nsecond line", width: 20)
        #expect(document.lineCount == 2)
        let edit = try document.replaceSubrange(5..<5, with: "\n")
        #expect(edit.lineCountDelta == 1 && edit.newLines == 0..<2 && edit.oldLines == 0..<1)
        #expect(edit.caretOffset == 6 && document.text == "first\n line\nsecond line")
        let down = try document.position(movingVerticallyFrom: TextPosition(offset: 0), by: 1)
        #expect(down.position == TextPosition(offset: 6) && down.goalX == 0)
    }

    @Test func paragraphsSplitAfterEveryMandatoryBreak() throws {
        let cases: [(String, Int)] = [
            ("", 1), ("a", 1), ("a\n", 2), ("\r\n", 2), ("\n\r", 3), ("a\u{85}b\u{2028}c\u{2029}d\u{0B}e\u{0C}f", 6),
            ("\r\r\n\n", 4), ("x\u{2029}", 2),
        ]
        for (text, count) in cases {
            let document = try TextDocument(text: text, width: 10)
            document._checkInvariants()
            #expect(document.paragraphCount == count, "\(text.debugDescription)")
            #expect(document.text == text)
            var ranges: [Range<Int>] = []
            for i in 0..<document.paragraphCount { ranges.append(document.paragraphRange(i)) }
            #expect(ranges.first?.lowerBound == 0 && ranges.last?.upperBound == text.utf8.count)
            #expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
        }
    }

    @Test func emptyDocument() throws {
        var document = try TextDocument(text: "", width: 12)
        #expect(document.lineCount == 1 && document.height == 1 && document.utf8Count == 0)
        #expect(document.line(at: 0) == LineFragment(start: 0, end: 0, width: 0, terminatorLength: 0))
        #expect(try document.caretRect(for: TextPosition(offset: 0)) == Rect(x: 0, y: 0, width: 0, height: 1))
        #expect(document.position(at: Point(x: 5, y: 5)) == TextPosition(offset: 0))
        #expect(try document.position(movingVerticallyFrom: TextPosition(offset: 0), by: 1).position.offset == 0)
        #expect(try document.offset(after: 0) == 0 && document.offset(before: 0) == 0)
        #expect(try document.substring(0..<0) == "")
        #expect(document.lines(in: -5..<5) == [document.line(at: 0)])
        let edit = try document.replaceSubrange(0..<0, with: "")
        #expect(edit.lineCountDelta == 0 && edit.caretOffset == 0)
        try document.replaceSubrange(0..<0, with: "hi\n")
        try document.replaceSubrange(0..<3, with: "")
        #expect(document.text == "" && document.paragraphCount == 1 && document.lineCount == 1)
        document._checkInvariants()
    }

    @Test func badInputThrowsAndLeavesTheDocumentUnchanged() throws {
        let text = "e\u{301}가\r\nab"
        var document = try TextDocument(text: text, width: 3)
        let n = text.utf8.count
        #expect(throws: TextLayoutError.invalidWidth(0)) { try TextDocument(text: "x", width: 0) }
        #expect(throws: TextLayoutError.self) { try TextDocument(text: "x", width: .nan) }
        #expect(throws: TextLayoutError.invalidWidth(-1)) { try document.setWidth(-1) }
        #expect(throws: TextLayoutError.offsetOutOfRange(offset: n + 1, length: n)) {
            try document.replaceSubrange(0..<n + 1, with: "x")
        }
        #expect(throws: TextLayoutError.offsetOutOfRange(offset: -1, length: n)) {
            try document.replaceSubrange(-1..<0, with: "x")
        }
        #expect(throws: TextLayoutError.notOnGraphemeBoundary(offset: 1)) { try document.replaceSubrange(1..<3, with: "") }
        #expect(throws: TextLayoutError.notOnGraphemeBoundary(offset: 7)) { try document.replaceSubrange(0..<7, with: "") }
        #expect(throws: TextLayoutError.notOnGraphemeBoundary(offset: 7)) { try document.substring(7..<8) }
        #expect(throws: TextLayoutError.notOnGraphemeBoundary(offset: 4)) { try document.offset(after: 4) }
        #expect(throws: TextLayoutError.notOnGraphemeBoundary(offset: 7)) { try document.lineStart(for: TextPosition(offset: 7)) }
        #expect(throws: TextLayoutError.offsetOutOfRange(offset: Int.max, length: n)) {
            try document.position(movingVerticallyFrom: TextPosition(offset: Int.max), by: 1)
        }
        // Huge moves clamp to the ends instead of overflowing.
        #expect(try document.position(movingVerticallyFrom: TextPosition(offset: 0), by: .max).position.offset == n)
        #expect(try document.position(movingVerticallyFrom: TextPosition(offset: n), by: .min).position.offset == 0)
        let reference = try TextLayout(text: text, width: 3)
        for point in [Point(x: .infinity, y: -.infinity), Point(x: .nan, y: .nan), Point(x: -.infinity, y: .infinity)] {
            #expect(document.position(at: point) == reference.position(at: point))
        }
        #expect(document.lines(in: 100..<200).isEmpty)
        #expect(document.text == text)
        document._checkInvariants()
        var checker = DocumentChecker(rng: SplitMix64(seed: 5))
        try checker.expectMatches(document, try TextLayout(text: text, width: 3))
    }

    @Test func substringSpansParagraphs() throws {
        let text = "one\ntwo\r\nthree 가나\u{2029}four"
        let document = try TextDocument(text: text, width: 4)
        let bytes = Array(text.utf8)
        let boundaries = try TextLayout(text: text, width: 4).graphemeBoundaries()
        for a in boundaries {
            for b in boundaries where b >= a {
                #expect(try document.substring(a..<b) == String(decoding: bytes[a..<b], as: UTF8.self))
            }
        }
    }

    /// Thousands of paragraphs, so chunks split and empty out; compared after every edit.
    @Test func manyParagraphsAcrossChunks() throws {
        var rng = SplitMix64(seed: 77)
        var checker = DocumentChecker(rng: SplitMix64(seed: 78))
        var text = String(repeating: "ab cd\n", count: 1_500)
        var document = try TextDocument(text: text, width: 3)
        for step in 0..<40 {
            let n = text.utf8.count
            let a = Int.random(in: 0...n, using: &rng)
            let b = step % 3 == 0 ? min(n, a + Int.random(in: 0...4_000, using: &rng)) : a
            // Deletions, insertions of many paragraphs, and replacements of many by many.
            let replacement = step % 3 == 2 ? "" : String(repeating: "x\n", count: Int.random(in: 1...700, using: &rng))
            try document.replaceSubrange(a..<b, with: replacement)
            text = RandomEdit.applying(a..<b, replacement, to: text)
            try checker.expectMatches(document, try TextLayout(text: text, width: 3), samples: 4)
        }
    }

    /// Typing in the middle of a long document touches one paragraph and one line.
    @Test func typingInTheMiddleReportsOneLine() throws {
        var document = try TextDocument(text: String(repeating: "hello world\n", count: 2_000), width: 40)
        let offset = 1_000 * 12 + 5
        let edit = try document.replaceSubrange(offset..<offset, with: "!")
        #expect(edit.oldLines == 1_000..<1_001 && edit.newLines == 1_000..<1_001)
        #expect(edit.oldParagraphs == 1_000..<1_001 && edit.caretOffset == offset + 1)
        let split = try document.replaceSubrange(offset..<offset, with: "\n")
        #expect(split.lineCountDelta == 1 && split.newParagraphs == 1_000..<1_002)
        #expect(document.paragraphLines(1_001) == 1_001..<1_002)
        let join = try document.replaceSubrange(offset..<offset + 1, with: "")
        #expect(join.lineCountDelta == -1 && document.paragraphCount == 2_001)
        document._checkInvariants()
    }

    /// Clusters and unbreakable runs longer than the rewrap window's margin (a letter with 60
    /// combining marks is 121 bytes; a 300-letter word is broken by width): edits next to
    /// them grow the window until the lines meet, and still equal a fresh layout.
    @Test(arguments: [UInt64(21), 22, 23])
    func ropeEditsBesideLongClustersAndWords(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let longCluster = "o" + String(repeating: "\u{301}", count: 60)
        let longWord = String(repeating: "w", count: 300)
        let pieces = [longCluster, longWord, "word ", "한국어 ", "👩‍👩‍👧 ", "(", "1,234 ", " "]
        var text = (0..<40).map { _ in pieces.randomElement(using: &rng)! }.joined()
        var document = try TextDocument(text: text, width: 7, tuning: Self.tinyRopes)
        var checker = DocumentChecker(rng: SplitMix64(seed: seed &* 7))
        for step in 0..<40 {
            let boundaries = try TextLayout(text: text, width: 7).graphemeBoundaries()
            let a = boundaries.randomElement(using: &rng)!
            let b = Bool.random(using: &rng) ? a : boundaries[min(boundaries.count - 1, boundaries.firstIndex(of: a)! + 1)]
            let replacement = [pieces.randomElement(using: &rng)!, "\n", "", "x"].randomElement(using: &rng)!
            try document.replaceSubrange(a..<b, with: replacement)
            text = RandomEdit.applying(a..<b, replacement, to: text)
            try checker.expectMatches(document, try TextLayout(text: text, width: 7), samples: 3)
            if document.text != text { Issue.record("step \(step)"); return }
        }
    }
}
