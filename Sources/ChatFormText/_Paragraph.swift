/// One unit of a `TextDocument`: a paragraph (its text, ending in its mandatory break if
/// any) laid out on its own as a `TextLayout`, or, for large unshaped text, a
/// `_LargeParagraph` (rope and line chunks) so that an edit does not copy it. A large unit may
/// hold several paragraphs: a newline typed into it stays inside it (greedy wrapping restarts
/// at a mandatory break, so the lines are those of the paragraphs laid out one by one).
/// Every unit but the document's last ends in a mandatory break; the last one does not.
///
/// The caret questions take and give offsets inside the unit.
struct _Paragraph: Sendable {
    /// A flat paragraph's layout (a shared empty one while the paragraph is large).
    ///
    /// (Two stored parts, not one two-payload enum: a layout read out of such an enum, whose
    /// case is kept in the payloads' spare bits, is copied out to clear them, every field
    /// retained and released; about 14 such copies a chat keystroke cost 1,700 of its 59,500
    /// instructions when this was measured.)
    private(set) var flatLayout: TextLayout
    /// The rope and line chunks of a large paragraph (nil when it is flat).
    private(set) var large: _LargeParagraph?

    /// The visual lines the paragraph shows in the document: its layout's lines, minus the
    /// empty line a layout adds after a text that ends in a mandatory break.
    private(set) var lineCount: Int

    init(_ layout: TextLayout) {
        flatLayout = layout
        large = nil
        lineCount = 0
        lineCount = shownLineCount()
    }

    init(_ large: _LargeParagraph) {
        flatLayout = Self.placeholder
        self.large = large
        lineCount = 0
        lineCount = shownLineCount()
    }

    /// Lays `bytes` out as one paragraph: a `_LargeParagraph` from `tuning.largeParagraph`
    /// bytes on (unless the metrics shape text), else a `TextLayout`.
    ///
    /// - Complexity: O(n).
    static func make(_ bytes: UnsafeBufferPointer<UInt8>, width: Double, metrics: any TextMetrics,
                     options: TextLayoutOptions, tuning: _ParagraphTuning) throws(TextLayoutError) -> _Paragraph {
        if bytes.count >= tuning.largeParagraph && !(metrics is any TextShaper) {
            return _Paragraph(try _LargeParagraph(bytes, width: width, measurer: Measurer(metrics), options: options,
                                                  lineHeight: TextMetricsLimits.lineHeight(metrics.lineHeight), tuning: tuning))
        }
        let text = String(decoding: bytes, as: UTF8.self)
        return _Paragraph(try TextLayout(text: text, width: width, metrics: metrics, options: options))
    }

    /// `make` on a string.
    static func make(_ text: String, width: Double, metrics: any TextMetrics,
                     options: TextLayoutOptions, tuning: _ParagraphTuning) throws(TextLayoutError) -> _Paragraph {
        if text.utf8.count < tuning.largeParagraph || metrics is any TextShaper {
            return _Paragraph(try TextLayout(text: text, width: width, metrics: metrics, options: options))
        }
        return try withUTF8Bytes(text) { (bytes) throws(TextLayoutError) in
            try make(bytes, width: width, metrics: metrics, options: options, tuning: tuning)
        }
    }

    private func shownLineCount() -> Int {
        // An empty last line after a hard one is the line a layout adds after a text that
        // ends in a mandatory break (a unit's last line is empty only then).
        let count = layoutLineCount
        guard count >= 2 else { return count }
        let last = line(count - 1)
        return last.start == last.end && line(count - 2).isHard ? count - 1 : count
    }

    /// The number of mandatory breaks in the unit (a flat one holds at most one, at its end).
    ///
    /// - Complexity: O(1).
    var hardCount: Int {
        if let large {
            return large.lines.hardCount
        } else {
            return lineCount < layoutLineCount ? 1 : 0
        }
    }

    /// The index of the line ending the unit's `ordinal`-th mandatory break.
    ///
    /// - Complexity: O(1) flat, O(log n + chunk) large.
    func hardLineIndex(_ ordinal: Int) -> Int {
        if let large {
            return large.lines.hardLineIndex(ordinal)
        } else {
            return flatLayout.lines.count - 2
        }
    }

    /// The number of mandatory breaks ending lines before line `index`.
    ///
    /// - Complexity: O(1) flat, O(log n + chunk) large.
    func hardLines(before index: Int) -> Int {
        if let large {
            return large.lines.hardLines(before: index)
        } else {
            return index > lineCount - 1 && lineCount < layoutLineCount ? 1 : 0
        }
    }

    /// Whether a mandatory break ends at `offset` (`1...utf8Count`).
    ///
    /// - Complexity: O(1) flat, O(log n) large.
    func hasBreak(endingAt offset: Int) -> Bool {
        if let large {
            let line = large.lines[large.lines.lineIndex(startingAtOrBefore: offset - 1)]
            return line.isHard && line.end == offset
        } else {
            return offset == utf8Count && hardCount == 1
        }
    }

    /// The paragraph's UTF-8 length.
    var utf8Count: Int {
        if let large {
            return large.utf8Count
        } else {
            return flatLayout.utf8Count
        }
    }

    /// The layout's lines, the empty line after a final mandatory break included.
    var layoutLineCount: Int {
        if let large {
            return large.lines.count
        } else {
            return flatLayout.lines.count
        }
    }

    /// A flat paragraph's lines (nil for a large one).
    var flatLines: [LineFragment]? {
        large == nil ? flatLayout.lines : nil
    }

    /// Line `index` with paragraph offsets. O(1) flat, O(log n) large.
    func line(_ index: Int) -> LineFragment {
        if let large {
            return large.lines[index]
        } else {
            return flatLayout.lines[index]
        }
    }

    /// Calls `body` with lines `range` in order until it returns false.
    func forEachLine(in range: Range<Int>, _ body: (LineFragment) -> Bool) {
        if let large {
            large.lines.forEach(in: range, body)
        } else {
            for line in flatLayout.lines[range] where !body(line) { return }
        }
    }

    /// The height of the lines the paragraph shows in the document.
    var height: Double {
        if let large {
            return Double(lineCount) * large.lineHeight
        } else {
            return lineCount == flatLayout.lineCount ? flatLayout.height : flatLayout.lineTop(lineCount)
        }
    }

    /// The width the paragraph was laid out at.
    var width: Double {
        if let large {
            return large.width
        } else {
            return flatLayout.width
        }
    }

    /// The text, materialized. O(n).
    var text: String {
        if let large {
            return large.rope.string
        } else {
            return flatLayout.text
        }
    }

    /// The byte at `offset` (`0..<utf8Count`).
    func byte(at offset: Int) -> UInt8 {
        if let large {
            return large.rope.byte(at: offset)
        } else {
            let layout = flatLayout
            let utf8 = layout.text.utf8
            return utf8[utf8.index(utf8.startIndex, offsetBy: offset)]
        }
    }

    /// Appends the bytes in `range` to `buffer`.
    func appendBytes(_ range: Range<Int>, to buffer: inout [UInt8]) {
        guard !range.isEmpty else { return }
        if let large {
            large.rope.appendBytes(range, to: &buffer)
        } else {
            let layout = flatLayout
            let utf8 = layout.text.utf8
            // A native string's bytes are copied at once (a slice of the view is copied
            // byte by byte).
            let copied: Void? = utf8.withContiguousStorageIfAvailable { bytes in
                buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[range]))
            }
            if copied == nil {
                let from = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
                buffer.append(contentsOf: utf8[from..<utf8.index(from, offsetBy: range.count)])
            }
        }
    }

    /// The paragraph as a `_LargeParagraph` (a flat one is wrapped again; it is small).
    func asLarge(tuning: _ParagraphTuning) throws(TextLayoutError) -> _LargeParagraph {
        if let large {
            return large
        } else {
            let layout = flatLayout
            return try withUTF8Bytes(layout.text) { (bytes) throws(TextLayoutError) in
                try _LargeParagraph(bytes, width: layout.width, measurer: layout.measurer, options: layout.options,
                                    lineHeight: layout.lineHeight, tuning: tuning)
            }
        }
    }

    /// Edits a large paragraph in place (see `_LargeParagraph.splice`), going back to a
    /// `TextLayout` when it shrinks below half the large size.
    mutating func splice(_ range: Range<Int>, with inserted: [UInt8], tuning: _ParagraphTuning) throws(TextLayoutError)
        -> (restartLine: Int, freshCount: Int, reused: Bool) {
        guard var large else { preconditionFailure("splice on a flat paragraph") }
        self.large = nil   // drop the second reference: the rope changes in place
        defer { lineCount = shownLineCount() }
        do {
            let result = try large.splice(range, with: inserted)
            self = Self.settled(large, tuning: tuning)
            return result
        } catch {
            self.large = large
            throw error
        }
    }

    /// `large` as a unit: flat again when it is below half the large size and holds one
    /// paragraph.
    static func settled(_ large: _LargeParagraph, tuning: _ParagraphTuning) -> _Paragraph {
        let hard = large.lines.hardCount
        let lines = large.lines
        let onlyAtTheEnd = hard == 0 || (hard == 1 && lines.hardLineIndex(0) == lines.count - 2
                                         && lines[lines.count - 1].start == lines[lines.count - 1].end)
        if large.utf8Count * 2 < tuning.largeParagraph && onlyAtTheEnd {
            let layout = TextLayout(window: large.rope.string, lines: large.lines.all, width: large.width,
                                    options: large.options, lineHeight: large.lineHeight, measurer: large.measurer)
            return _Paragraph(layout)
        }
        return _Paragraph(large)
    }

    private static let placeholder = try! TextLayout(text: "", width: 1)

    // MARK: What the document's caret queries read, in paragraph offsets

    /// The last line starting at or before `offset`.
    func lineIndex(startingAtOrBefore offset: Int) -> Int {
        if let large {
            return large.lines.lineIndex(startingAtOrBefore: offset)
        } else {
            return flatLayout.lineIndex(startingAtOrBefore: offset)
        }
    }

    /// The x of the boundary `offset` on line `index`.
    func caretX(onLine index: Int, at offset: Int) throws(TextLayoutError) -> Double {
        if let large {
            if let x = large.plainCaretX(onLine: index, at: offset) { return x }
            let (window, base) = large.window(lines: index..<index + 1)
            return try window.caretX(onLine: 0, at: offset - base)
        } else {
            return try flatLayout.caretX(onLine: index, at: offset)
        }
    }

    /// The caret stops of line `index`.
    /// The embedding levels of line `index` (a large paragraph reads the line's context
    /// from its rope).
    func bidiLevels(onLine index: Int) throws(TextLayoutError) -> [UInt8]? {
        if let large {
            // The line with its context, read from the rope; a left-to-right line without a
            // right-to-left character needs none (the line's bytes in a temporary buffer).
            let line = large.lines[index]
            let level = paragraphLevel(onLine: index)
            if level == 0 {
                let count = line.contentEnd - line.start
                let needed = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Swift.max(count, 1)) { buffer in
                    large.rope.copyBytes(line.start..<line.contentEnd, to: buffer)
                    return TextItemizer.needsBidi(UnsafeBufferPointer(buffer), 0..<count)
                }
                if !needed { return nil }
            }
            return _BidiContext.levels(line: line.start..<line.contentEnd, count: large.rope.count,
                                       paragraphLevel: level) {
                large.rope.bytes(in: $0)
            }
        } else {
            return try flatLayout.bidiLevels(onLine: index)
        }
    }

    /// The paragraph's level at line `index` (a large paragraph under `auto` reads the
    /// direction from the window of lines around it, not the whole paragraph).
    func paragraphLevel(onLine index: Int) -> UInt8 {
        if let large {
            // Left to right needs no window (as `TextLayout.paragraphLevel(onLine:)` answers).
            if large.options.direction == .ltr { return 0 }
            return large.window(lines: index..<index + 1).layout.paragraphLevel(onLine: 0)
        } else {
            return flatLayout.paragraphLevel(onLine: index)
        }
    }

    func forEachCaretStop(onLine index: Int, _ body: (_ offset: Int, _ x: Double) -> Bool) throws(TextLayoutError) {
        if let large {
            let (window, base) = large.window(lines: index..<index + 1)
            try window.forEachCaretStop(onLine: 0) { offset, x in body(offset + base, x) }
        } else {
            try flatLayout.forEachCaretStop(onLine: index, body)
        }
    }

    /// Whether `offset` (inside the paragraph) is a grapheme boundary.
    func isGraphemeBoundary(_ offset: Int) throws(TextLayoutError) -> Bool {
        if let large {
            if offset <= 0 || offset >= large.utf8Count || large.isPlainBoundary(offset) { return true }
            let (window, base) = large.window(around: offset)
            do { return try window.isGraphemeBoundary(offset - base) } catch { throw TextDocument.globalized(error, start: base) }
        } else {
            return try flatLayout.isGraphemeBoundary(offset)
        }
    }

    /// The grapheme boundary after the boundary `offset`.
    ///
    /// - Throws: `.offsetOutOfRange` (in the paragraph's offsets) for an offset outside
    ///   `0..<utf8Count`, as `TextLayout.graphemeBoundary(after:)` does.
    func graphemeBoundary(after offset: Int) throws(TextLayoutError) -> Int {
        if let large {
            guard offset >= 0, offset < large.utf8Count else { throw .offsetOutOfRange(offset: offset, length: large.utf8Count) }
            // An ASCII character followed by a plain boundary is a cluster of its own.
            if large.rope.byte(at: offset) < 0x80
                && (offset + 1 == large.utf8Count || large.isPlainBoundary(offset + 1)) { return offset + 1 }
            let (window, base) = large.window(around: offset)
            return try window.graphemeBoundary(after: offset - base) + base
        } else {
            return try flatLayout.graphemeBoundary(after: offset)
        }
    }

    /// The grapheme boundary before `offset`.
    ///
    /// - Throws: `.offsetOutOfRange` (in the paragraph's offsets) for an offset outside
    ///   `1...utf8Count`, as `TextLayout.graphemeBoundary(before:)` does.
    func graphemeBoundary(before offset: Int) throws(TextLayoutError) -> Int {
        if let large {
            guard offset > 0, offset <= large.utf8Count else { throw .offsetOutOfRange(offset: offset, length: large.utf8Count) }
            if large.rope.byte(at: offset - 1) < 0x80 && (offset == 1 || large.isPlainBoundary(offset - 1)) { return offset - 1 }
            let (window, base) = large.window(around: offset - 1)
            return try window.graphemeBoundary(before: offset - base) + base
        } else {
            return try flatLayout.graphemeBoundary(before: offset)
        }
    }

    /// The top of line `index` from the paragraph's top.
    func lineTop(_ index: Int) -> Double {
        if let large {
            return Double(index) * large.lineHeight
        } else {
            return flatLayout.lineTop(index)
        }
    }

    /// The height of line `index`.
    func heightOfLine(_ index: Int) -> Double {
        if let large {
            return large.lineHeight
        } else {
            return flatLayout.heightOfLine(index)
        }
    }

    /// The line at `y` from the paragraph's top, clamped.
    func lineIndex(atY y: Double) -> Int {
        if let large {
            let raw = ((y.isNaN ? 0 : y) / large.lineHeight).rounded(.down)
            let last = large.lines.count - 1
            return raw.isFinite ? Int(Swift.max(0, Swift.min(Double(last), raw))) : (raw > 0 ? last : 0)
        } else {
            return flatLayout.lineIndex(atY: y)
        }
    }

    #if DEBUG
    func _checkInvariants() {
        large?._checkInvariants()
        precondition(lineCount == shownLineCount(), "shown line count")
    }
    #endif
}
