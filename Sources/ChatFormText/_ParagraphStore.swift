/// One unit of a `TextDocument`: a paragraph (its text, ending in its mandatory break if
/// any) laid out on its own as a `TextLayout`, or, for large unshaped text, a
/// `_LargeParagraph` (rope and line chunks) so that an edit does not copy it. A large unit may
/// hold several paragraphs: a newline typed into it stays inside it (greedy wrapping restarts
/// at a mandatory break, so the lines are those of the paragraphs laid out one by one).
/// Every unit but the document's last ends in a mandatory break; the last one does not.
///
/// The caret questions take and give offsets inside the unit.
struct _Paragraph: Sendable {
    enum Storage: Sendable {
        case flat(TextLayout)
        case large(_LargeParagraph)
    }

    private(set) var storage: Storage
    /// The visual lines the paragraph shows in the document: its layout's lines, minus the
    /// empty line a layout adds after a text that ends in a mandatory break.
    private(set) var lineCount: Int

    init(_ layout: TextLayout) {
        storage = .flat(layout)
        lineCount = 0
        lineCount = shownLineCount()
    }

    init(_ large: _LargeParagraph) {
        storage = .large(large)
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
        switch storage {
        case .flat: lineCount < layoutLineCount ? 1 : 0
        case .large(let large): large.lines.hardCount
        }
    }

    /// The index of the line ending the unit's `ordinal`-th mandatory break.
    ///
    /// - Complexity: O(1) flat, O(log n + chunk) large.
    func hardLineIndex(_ ordinal: Int) -> Int {
        switch storage {
        case .flat(let layout): layout.lines.count - 2
        case .large(let large): large.lines.hardLineIndex(ordinal)
        }
    }

    /// The number of mandatory breaks ending lines before line `index`.
    ///
    /// - Complexity: O(1) flat, O(log n + chunk) large.
    func hardLines(before index: Int) -> Int {
        switch storage {
        case .flat: index > lineCount - 1 && lineCount < layoutLineCount ? 1 : 0
        case .large(let large): large.lines.hardLines(before: index)
        }
    }

    /// Whether a mandatory break ends at `offset` (`1...utf8Count`).
    ///
    /// - Complexity: O(1) flat, O(log n) large.
    func hasBreak(endingAt offset: Int) -> Bool {
        switch storage {
        case .flat: return offset == utf8Count && hardCount == 1
        case .large(let large):
            let line = large.lines[large.lines.lineIndex(startingAtOrBefore: offset - 1)]
            return line.isHard && line.end == offset
        }
    }

    /// The large storage, if the paragraph has it.
    var large: _LargeParagraph? {
        if case .large(let large) = storage { return large }
        return nil
    }

    /// The paragraph's UTF-8 length.
    var utf8Count: Int {
        switch storage {
        case .flat(let layout): layout.utf8Count
        case .large(let large): large.utf8Count
        }
    }

    /// The layout's lines, the empty line after a final mandatory break included.
    var layoutLineCount: Int {
        switch storage {
        case .flat(let layout): layout.lines.count
        case .large(let large): large.lines.count
        }
    }

    /// A flat paragraph's lines (nil for a large one).
    var flatLines: [LineFragment]? {
        if case .flat(let layout) = storage { return layout.lines }
        return nil
    }

    /// Line `index` with paragraph offsets. O(1) flat, O(log n) large.
    func line(_ index: Int) -> LineFragment {
        switch storage {
        case .flat(let layout): layout.lines[index]
        case .large(let large): large.lines[index]
        }
    }

    /// Calls `body` with lines `range` in order until it returns false.
    func forEachLine(in range: Range<Int>, _ body: (LineFragment) -> Bool) {
        switch storage {
        case .flat(let layout):
            for line in layout.lines[range] where !body(line) { return }
        case .large(let large):
            large.lines.forEach(in: range, body)
        }
    }

    /// The height of the lines the paragraph shows in the document.
    var height: Double {
        switch storage {
        case .flat(let layout): lineCount == layout.lineCount ? layout.height : layout.lineTop(lineCount)
        case .large(let large): Double(lineCount) * large.lineHeight
        }
    }

    /// The width the paragraph was laid out at.
    var width: Double {
        switch storage {
        case .flat(let layout): layout.width
        case .large(let large): large.width
        }
    }

    /// The text, materialized. O(n).
    var text: String {
        switch storage {
        case .flat(let layout): layout.text
        case .large(let large): large.rope.string
        }
    }

    /// The byte at `offset` (`0..<utf8Count`).
    func byte(at offset: Int) -> UInt8 {
        switch storage {
        case .flat(let layout):
            let utf8 = layout.text.utf8
            return utf8[utf8.index(utf8.startIndex, offsetBy: offset)]
        case .large(let large):
            return large.rope.byte(at: offset)
        }
    }

    /// Appends the bytes in `range` to `buffer`.
    func appendBytes(_ range: Range<Int>, to buffer: inout [UInt8]) {
        guard !range.isEmpty else { return }
        switch storage {
        case .flat(let layout):
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
        case .large(let large):
            large.rope.appendBytes(range, to: &buffer)
        }
    }

    /// The paragraph as a `_LargeParagraph` (a flat one is wrapped again; it is small).
    func asLarge(tuning: _ParagraphTuning) throws(TextLayoutError) -> _LargeParagraph {
        switch storage {
        case .large(let large): return large
        case .flat(let layout):
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
        guard case .large(var large) = storage else { preconditionFailure("splice on a flat paragraph") }
        storage = .flat(Self.placeholder)   // drop the second reference: the rope changes in place
        defer { lineCount = shownLineCount() }
        do {
            let result = try large.splice(range, with: inserted)
            self = Self.settled(large, tuning: tuning)
            return result
        } catch {
            storage = .large(large)
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
        switch storage {
        case .flat(let layout): layout.lineIndex(startingAtOrBefore: offset)
        case .large(let large): large.lines.lineIndex(startingAtOrBefore: offset)
        }
    }

    /// The x of the boundary `offset` on line `index`.
    func caretX(onLine index: Int, at offset: Int) throws(TextLayoutError) -> Double {
        switch storage {
        case .flat(let layout): return try layout.caretX(onLine: index, at: offset)
        case .large(let large):
            let (window, base) = large.window(lines: index..<index + 1)
            return try window.caretX(onLine: 0, at: offset - base)
        }
    }

    /// The caret stops of line `index`.
    /// The embedding levels of line `index` (a large paragraph reads the line's context
    /// from its rope).
    func bidiLevels(onLine index: Int) throws(TextLayoutError) -> [UInt8]? {
        switch storage {
        case .flat(let layout): return try layout.bidiLevels(onLine: index)
        case .large(let large):
            // The line with its context, read from the rope.
            let (window, base) = large.window(lines: index..<index + 1)
            let line = window.lines[0]
            return _BidiContext.levels(line: (line.start + base)..<(line.contentEnd + base), count: large.rope.count) {
                large.rope.bytes(in: $0)
            }
        }
    }

    func forEachCaretStop(onLine index: Int, _ body: (_ offset: Int, _ x: Double) -> Bool) throws(TextLayoutError) {
        switch storage {
        case .flat(let layout): try layout.forEachCaretStop(onLine: index, body)
        case .large(let large):
            let (window, base) = large.window(lines: index..<index + 1)
            try window.forEachCaretStop(onLine: 0) { offset, x in body(offset + base, x) }
        }
    }

    /// Whether `offset` (inside the paragraph) is a grapheme boundary.
    func isGraphemeBoundary(_ offset: Int) throws(TextLayoutError) -> Bool {
        switch storage {
        case .flat(let layout): return try layout.isGraphemeBoundary(offset)
        case .large(let large):
            if offset <= 0 || offset >= large.utf8Count || large.isPlainBoundary(offset) { return true }
            let (window, base) = large.window(around: offset)
            do { return try window.isGraphemeBoundary(offset - base) } catch { throw TextDocument.globalized(error, start: base) }
        }
    }

    /// The grapheme boundary after the boundary `offset`.
    func graphemeBoundary(after offset: Int) throws(TextLayoutError) -> Int {
        switch storage {
        case .flat(let layout): return try layout.graphemeBoundary(after: offset)
        case .large(let large):
            // An ASCII character followed by a plain boundary is a cluster of its own.
            if large.rope.byte(at: offset) < 0x80
                && (offset + 1 == large.utf8Count || large.isPlainBoundary(offset + 1)) { return offset + 1 }
            let (window, base) = large.window(around: offset)
            return try window.graphemeBoundary(after: offset - base) + base
        }
    }

    /// The grapheme boundary before `offset`.
    func graphemeBoundary(before offset: Int) throws(TextLayoutError) -> Int {
        switch storage {
        case .flat(let layout): return try layout.graphemeBoundary(before: offset)
        case .large(let large):
            if large.rope.byte(at: offset - 1) < 0x80 && (offset == 1 || large.isPlainBoundary(offset - 1)) { return offset - 1 }
            let (window, base) = large.window(around: offset - 1)
            return try window.graphemeBoundary(before: offset - base) + base
        }
    }

    /// The top of line `index` from the paragraph's top.
    func lineTop(_ index: Int) -> Double {
        switch storage {
        case .flat(let layout): layout.lineTop(index)
        case .large(let large): Double(index) * large.lineHeight
        }
    }

    /// The height of line `index`.
    func heightOfLine(_ index: Int) -> Double {
        switch storage {
        case .flat(let layout): layout.heightOfLine(index)
        case .large(let large): large.lineHeight
        }
    }

    /// The line at `y` from the paragraph's top, clamped.
    func lineIndex(atY y: Double) -> Int {
        switch storage {
        case .flat(let layout): return layout.lineIndex(atY: y)
        case .large(let large):
            let raw = ((y.isNaN ? 0 : y) / large.lineHeight).rounded(.down)
            let last = large.lines.count - 1
            return raw.isFinite ? Int(Swift.max(0, Swift.min(Double(last), raw))) : (raw > 0 ? last : 0)
        }
    }

    #if DEBUG
    func _checkInvariants() {
        if case .large(let large) = storage { large._checkInvariants() }
        precondition(lineCount == shownLineCount(), "shown line count")
    }
    #endif
}

/// The paragraphs of a document in chunks of at most `maxChunk`, so that inserting or
/// removing paragraphs in the middle of a long document moves at most one chunk's elements
/// plus one `Int` per chunk, not every paragraph after the edit (a square-root
/// decomposition: finding paragraph `i` scans the per-chunk counts, O(n / 512)).
struct _ParagraphStore: Sendable {
    static let maxChunk = 512

    private var chunks: [[_Paragraph]]
    /// `chunks[c].count`, kept contiguous so locating an index touches one small array.
    private var counts: [Int]
    /// The number of paragraphs.
    private(set) var count: Int

    init(_ paragraphs: [_Paragraph]) {
        let half = Self.maxChunk / 2
        chunks = []
        counts = []
        var i = 0
        repeat {
            let piece = Array(paragraphs[i..<min(paragraphs.count, i + half)])
            chunks.append(piece)
            counts.append(piece.count)
            i += half
        } while i < paragraphs.count
        count = paragraphs.count
    }

    /// The chunk holding index `i` (`0...count`; `count` is the end of the last chunk) and
    /// the index inside it.
    private func locate(_ i: Int) -> (chunk: Int, index: Int) {
        var rest = i
        for c in counts.indices {
            if rest < counts[c] { return (c, rest) }
            rest -= counts[c]
        }
        return (counts.count - 1, counts[counts.count - 1] + rest)
    }

    subscript(i: Int) -> _Paragraph {
        precondition(i >= 0 && i < count, "paragraph index \(i) out of range 0..<\(count)")
        let (c, j) = locate(i)
        return chunks[c][j]
    }

    /// Runs `body` on paragraph `i` in place (its storage is not copied).
    mutating func modify<R, E: Error>(at i: Int, _ body: (inout _Paragraph) throws(E) -> R) throws(E) -> R {
        precondition(i >= 0 && i < count, "paragraph index \(i) out of range 0..<\(count)")
        let (c, j) = locate(i)
        return try body(&chunks[c][j])
    }

    /// Every paragraph from `i` on, in order, until `body` returns false.
    func forEach<E: Error>(from i: Int, _ body: (_Paragraph) throws(E) -> Bool) throws(E) {
        guard i < count else { return }
        var (c, j) = locate(i)
        while c < chunks.count {
            let chunk = chunks[c]
            while j < chunk.count {
                if try !body(chunk[j]) { return }
                j += 1
            }
            c += 1
            j = 0
        }
    }

    /// Replaces the paragraphs in `range` with `new`.
    mutating func replaceSubrange(_ range: Range<Int>, with new: [_Paragraph]) {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "paragraph range out of bounds")
        // Overwrite in place where the old and new ranges overlap (the common 1 → 1 edit).
        let common = min(range.count, new.count)
        if common > 0 {
            var (c, j) = locate(range.lowerBound)
            for k in 0..<common {
                if j == counts[c] { (c, j) = (c + 1, 0) }
                chunks[c][j] = new[k]
                j += 1
            }
        }
        // Remove what is left of the old range, a chunk at a time.
        var remaining = range.count - common
        let at = range.lowerBound + common
        while remaining > 0 {
            let (c, j) = locate(at)
            let k = min(remaining, counts[c] - j)
            chunks[c].removeSubrange(j..<j + k)
            counts[c] -= k
            count -= k
            remaining -= k
            if counts[c] == 0 && chunks.count > 1 {
                chunks.remove(at: c)
                counts.remove(at: c)
            }
        }
        // Insert what is left of the new ones, splitting a chunk that grows too large.
        if new.count > common {
            let (c, j) = locate(at)
            chunks[c].insert(contentsOf: new[common...], at: j)
            counts[c] += new.count - common
            count += new.count - common
            if counts[c] > Self.maxChunk { split(c) }
        }
    }

    private mutating func split(_ c: Int) {
        let half = Self.maxChunk / 2
        let whole = chunks[c]
        var pieces: [[_Paragraph]] = []
        var i = 0
        while i < whole.count {
            pieces.append(Array(whole[i..<min(whole.count, i + half)]))
            i += half
        }
        chunks.replaceSubrange(c...c, with: pieces)
        counts.replaceSubrange(c...c, with: pieces.map(\.count))
    }

    #if DEBUG
    /// Traps unless the counts agree with the chunks.
    func _checkInvariants() {
        precondition(chunks.count == counts.count && !chunks.isEmpty, "chunk bookkeeping")
        for c in chunks.indices {
            precondition(chunks[c].count == counts[c], "chunk \(c) count")
            precondition(counts[c] <= Self.maxChunk, "chunk \(c) overfull")
            precondition(counts[c] > 0 || chunks.count == 1, "empty chunk \(c)")
        }
        precondition(counts.reduce(0, +) == count, "total count")
    }
    #endif
}
