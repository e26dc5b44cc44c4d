import ChatFormGeometry

/// Caret geometry (SPEC §2), once for every ``LineLayout``: the caret sits on grapheme
/// boundaries; at a soft wrap one offset has two places, chosen by the position's affinity.
extension LineLayout {
    /// Checks that `offset` is inside the text and on a grapheme cluster boundary.
    ///
    /// - Throws: `.offsetOutOfRange` or `.notOnGraphemeBoundary`.
    /// - Complexity: O(1) amortized for a layout (ICU may look back a few clusters), plus
    ///   O(log n) to find a document's paragraph.
    public func validate(_ offset: Int) throws(TextLayoutError) {
        let n = utf8Count
        guard offset >= 0 && offset <= n else { throw .offsetOutOfRange(offset: offset, length: n) }
        if offset == 0 || offset == n { return }
        if try !isGraphemeBoundary(offset) { throw .notOnGraphemeBoundary(offset: offset) }
    }

    /// The index of the visual line the caret at `position` sits on.
    ///
    /// - Throws: `.offsetOutOfRange` or `.notOnGraphemeBoundary`.
    /// - Complexity: O(log lines).
    public func lineIndex(for position: TextPosition) throws(TextLayoutError) -> Int {
        try validate(position.offset)
        let k = lineIndex(startingAtOrBefore: position.offset)
        // Upstream at a soft wrap: the end of the line above.
        if position.affinity == .upstream && k > 0 && line(at: k).start == position.offset {
            let previous = line(at: k - 1)
            if !previous.isHard && previous.end == position.offset { return k - 1 }
        }
        return k
    }

    /// The caret's x on line `index` at the boundary `offset` (clamped to the line's content
    /// end), kept at the wrap edge when hanging white space runs past it: the line model's
    /// answer (``lineModelClampedCaretX(onLine:at:)``).
    ///
    /// - Complexity: O(log lines + length of the line).
    public func clampedCaretX(onLine index: Int, at offset: Int) throws(TextLayoutError) -> Double {
        try lineModelClampedCaretX(onLine: index, at: offset)
    }

    /// `clampedCaretX(onLine:at:)` from the line model's requirements alone (the line, its
    /// bidi levels, its caret stops): the default answer, and what a type that answers some
    /// lines its own way answers for the others.
    ///
    /// - Complexity: O(log lines + length of the line).
    public func lineModelClampedCaretX(onLine index: Int, at offset: Int) throws(TextLayoutError) -> Double {
        let line = line(at: index)
        if let bidi = try bidiLine(index) { return clamped(bidi.primaryX(Swift.min(offset, line.contentEnd)), onLine: index) }
        if let x = emptyRightToLeftLineX(index) { return x }
        let x = try caretX(onLine: index, at: Swift.min(offset, line.contentEnd))
        return width.isFinite ? Swift.min(x, Swift.max(width, line.width)) : x
    }

    /// The caret's x on line `index` when it is an empty line of a right-to-left paragraph
    /// (its start side: the right of the width under `text-align: start`), else nil.
    func emptyRightToLeftLineX(_ index: Int) -> Double? {
        let line = line(at: index)
        guard line.contentEnd == line.start, paragraphLevel(onLine: index) & 1 == 1, width.isFinite else { return nil }
        switch lineAlignment {
        case .start, .justify: return width
        case .end: return 0
        case .center: return (width * 32).rounded(.down) / 64
        }
    }

    /// The caret rectangle (zero width, one line tall) for `position`, in the text's
    /// coordinates (x from the line's left edge, y from the top of the first line). In
    /// mixed-direction text, the primary caret of ``caretRects(for:)``.
    ///
    /// - Throws: `.offsetOutOfRange` or `.notOnGraphemeBoundary`.
    /// - Complexity: O(log lines + length of the caret's line).
    public func caretRect(for position: TextPosition) throws(TextLayoutError) -> Rect {
        let index = try lineIndex(for: position)
        let x = try clampedCaretX(onLine: index, at: position.offset)
        return Rect(x: x, y: lineTop(index), width: 0, height: heightOfLine(index))
    }

    /// The caret position nearest to `point`. Points above the first line land on it,
    /// below the last line on the last line; x snaps to the nearer edge of a cluster.
    ///
    /// - Complexity: O(log lines + length of the line).
    public func position(at point: Point) -> TextPosition {
        let index = lineIndex(atY: point.y)
        return (try? position(onLine: index, x: point.x.isNaN ? 0 : point.x)) ?? TextPosition(offset: line(at: index).start)
    }

    /// The position on line `index` nearest to x = `goal`: the boundary before the first
    /// cluster whose middle lies past `goal`; past the line's content, its end (upstream
    /// at a soft wrap). In mixed-direction text, the nearer edge of the cluster under
    /// `goal`, and at a direction boundary the offset whose primary caret is drawn there,
    /// as Chromium's `caretPositionFromPoint` answers.
    ///
    /// - Complexity: O(length of the line).
    public func position(onLine index: Int, x goal: Double) throws(TextLayoutError) -> TextPosition {
        try position(onLine: index, x: goal, keepingTappedCaret: true)
    }

    /// `position(onLine:x:)`; without `keepingTappedCaret`, Chromium's answer even where it
    /// is drawn elsewhere than the tapped edge (for the parity tests).
    func position(onLine index: Int, x goal: Double, keepingTappedCaret: Bool) throws(TextLayoutError) -> TextPosition {
        if let bidi = try bidiLine(index) {
            let line = line(at: index)
            let offset = bidi.offset(atX: goal, keepingTappedCaret: keepingTappedCaret)
            let soft = !line.isHard && index < lineCount - 1
            return TextPosition(offset: offset, affinity: soft && offset == line.end ? .upstream : .downstream)
        }
        var found: Int?
        var previous: (offset: Int, x: Double)?
        try forEachCaretStop(onLine: index) { offset, x in
            if let previous, goal < (previous.x + x) / 2 {
                found = previous.offset
                return false
            }
            previous = (offset, x)
            return true
        }
        if let found { return TextPosition(offset: found) }
        let line = line(at: index)
        if !line.isHard && index < lineCount - 1 { return TextPosition(offset: line.end, affinity: .upstream) }
        return TextPosition(offset: line.contentEnd)
    }

    /// The position one line up (`by: -1`) or down (`by: 1`), keeping `goalX` (the x the
    /// caret had when vertical movement began; pass nil to start from this position).
    /// Up from the first line goes to the start of the text, down from the last line to
    /// its end, as in UIKit and AppKit text views.
    ///
    /// - Returns: the new position and the goal x to pass to the next vertical move.
    /// - Throws: `.offsetOutOfRange` or `.notOnGraphemeBoundary`.
    /// - Complexity: O(log lines + length of the two lines).
    public func position(movingVerticallyFrom position: TextPosition, by lines: Int,
                         goalX: Double? = nil) throws(TextLayoutError) -> (position: TextPosition, goalX: Double) {
        let index = try lineIndex(for: position)
        let goal: Double
        if let goalX { goal = goalX } else { goal = try clampedCaretX(onLine: index, at: position.offset) }
        let (target, overflow) = index.addingReportingOverflow(lines)
        if target < 0 || (overflow && lines < 0) { return (TextPosition(offset: 0), goal) }
        if target >= lineCount || overflow { return (TextPosition(offset: utf8Count), goal) }
        return (try self.position(onLine: target, x: goal), goal)
    }

    /// The start of the caret's line.
    ///
    /// - Throws: `.offsetOutOfRange` or `.notOnGraphemeBoundary`.
    /// - Complexity: O(log lines).
    public func lineStart(for position: TextPosition) throws(TextLayoutError) -> TextPosition {
        TextPosition(offset: line(at: try lineIndex(for: position)).start)
    }

    /// The end of the caret's line: before its mandatory break; at a soft wrap, the end of
    /// the upper line (upstream).
    ///
    /// - Throws: `.offsetOutOfRange` or `.notOnGraphemeBoundary`.
    /// - Complexity: O(log lines).
    public func lineEnd(for position: TextPosition) throws(TextLayoutError) -> TextPosition {
        let index = try lineIndex(for: position)
        let line = line(at: index)
        if !line.isHard && index < lineCount - 1 { return TextPosition(offset: line.end, affinity: .upstream) }
        return TextPosition(offset: line.contentEnd)
    }

    /// The grapheme boundary after `offset` (or the end of the text).
    ///
    /// - Throws: `.offsetOutOfRange` or `.notOnGraphemeBoundary`.
    /// - Complexity: O(1) amortized, plus finding a document's paragraph.
    public func offset(after offset: Int) throws(TextLayoutError) -> Int {
        try validate(offset)
        return offset >= utf8Count ? offset : try graphemeBoundary(after: offset)
    }

    /// The grapheme boundary before `offset` (or 0).
    ///
    /// - Throws: `.offsetOutOfRange` or `.notOnGraphemeBoundary`.
    /// - Complexity: O(1) amortized, plus finding a document's paragraph.
    public func offset(before offset: Int) throws(TextLayoutError) -> Int {
        try validate(offset)
        return offset == 0 ? 0 : try graphemeBoundary(before: offset)
    }

    /// `offset` itself when it is a grapheme boundary, else the end of the cluster it falls
    /// in (offsets past the end clamp to the end, negative ones to 0).
    ///
    /// - Complexity: O(1) amortized, plus finding a document's paragraph.
    public func graphemeBoundary(atOrAfter offset: Int) throws(TextLayoutError) -> Int {
        let n = utf8Count
        if offset <= 0 { return 0 }
        if offset >= n { return n }
        if try isGraphemeBoundary(offset) { return offset }
        return try graphemeBoundary(after: graphemeBoundary(before: offset))
    }

    /// Left to right: 0.
    public func paragraphLevel(onLine index: Int) -> UInt8 { 0 }

    /// `start`.
    public var lineAlignment: TextModes.TextAlign { .start }

    /// `ltr`.
    public var baseDirection: ParagraphDirection { .ltr }

    /// The levels of line `index` resolved on the line's own text (a left-to-right
    /// paragraph), or nil when it holds no right-to-left character.
    ///
    /// - Complexity: O(length of the line).
    public func bidiLevels(onLine index: Int) throws(TextLayoutError) -> [UInt8]? {
        var text = text(ofLine: index)
        return text.withUTF8 { TextItemizer.bidiLevels($0) }
    }

    /// The text of visual line `index`, without its mandatory break.
    ///
    /// - Complexity: O(log lines + the line's length).
    public func text(ofLine index: Int) -> String {
        let line = line(at: index)
        return (try? substring(line.start..<line.contentEnd)) ?? ""
    }
}
