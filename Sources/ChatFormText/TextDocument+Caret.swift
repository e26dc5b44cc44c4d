import ChatFormGeometry

/// Caret geometry, answered exactly as a `TextLayout` of the whole text would answer it
/// (SPEC §2): the caret sits on grapheme boundaries; at a soft wrap one offset has two
/// places, chosen by the position's affinity.
///
/// Every query finds the paragraph in O(log n) and asks that paragraph's layout with a
/// local offset. A paragraph start is always a grapheme boundary and always follows a hard
/// line, so no answer depends on a neighbouring paragraph except `offset(before:)` at a
/// paragraph start, which steps back over the previous paragraph's terminator.
extension TextDocument {
    /// The paragraph holding `offset` and the offset inside it, after a range check.
    private func locate(_ offset: Int) throws(TextLayoutError) -> (paragraph: Int, start: Int, layout: _Paragraph) {
        let n = utf8Count
        guard offset >= 0 && offset <= n else { throw .offsetOutOfRange(offset: offset, length: n) }
        let p = paragraphIndex(containingOffset: offset)
        return (p, paragraphStart(p), paragraphs[p])
    }

    private func local(_ position: TextPosition, _ start: Int) -> TextPosition {
        TextPosition(offset: position.offset - start, affinity: position.affinity)
    }

    private func global(_ position: TextPosition, _ start: Int) -> TextPosition {
        TextPosition(offset: position.offset + start, affinity: position.affinity)
    }

    /// Checks that `offset` is inside the text and on a grapheme cluster boundary.
    ///
    /// - Throws: `.offsetOutOfRange` or `.notOnGraphemeBoundary`.
    /// - Complexity: O(log n + n / 256), plus O(1) amortized for ICU.
    public func validate(_ offset: Int) throws(TextLayoutError) {
        let (_, start, layout) = try locate(offset)
        do { try layout.validate(offset - start) } catch { throw Self.globalized(error, start: start) }
    }

    /// The index of the visual line the caret at `position` sits on.
    ///
    /// - Throws: `.offsetOutOfRange` or `.notOnGraphemeBoundary`.
    /// - Complexity: O(log n + n / 256) plus O(log lines) in the paragraph.
    public func lineIndex(for position: TextPosition) throws(TextLayoutError) -> Int {
        try lineIndexAndLocal(position).line
    }

    /// The global line index, the paragraph's start and local line index, and its layout.
    private func lineIndexAndLocal(_ position: TextPosition) throws(TextLayoutError)
        -> (line: Int, localLine: Int, start: Int, layout: _Paragraph) {
        let (p, start, layout) = try locate(position.offset)
        let localLine: Int
        do { localLine = try layout.lineIndex(for: local(position, start)) } catch {
            throw Self.globalized(error, start: start)
        }
        return (firstLine(ofParagraph: p) + localLine, localLine, start, layout)
    }

    /// The caret rectangle (zero width, one line tall) for `position`: x from the line's
    /// left edge, y from the top of the first line.
    ///
    /// - Throws: `.offsetOutOfRange` or `.notOnGraphemeBoundary`.
    /// - Complexity: O(log n + n / 256 + length of the caret's line).
    public func caretRect(for position: TextPosition) throws(TextLayoutError) -> Rect {
        let (line, localLine, start, layout) = try lineIndexAndLocal(position)
        let x = try layout.caretX(line: localLine, offset: position.offset - start)
        if let heightTree {
            let p = try locate(position.offset).paragraph
            let top = heightTree.offset(ofRow: p) + layout.lineTop(localLine)
            return Rect(x: x, y: top, width: 0, height: layout.heightOfLine(localLine))
        }
        return Rect(x: x, y: Double(line) * lineHeight, width: 0, height: lineHeight)
    }

    /// The top of visual line `index` and its height.
    ///
    /// - Complexity: O(log n + n / 256).
    public func lineFrame(_ index: Int) -> (y: Double, height: Double) {
        guard let heightTree else { return (Double(index) * lineHeight, lineHeight) }
        let p = paragraphIndex(containingLine: index)
        let layout = paragraphs[p]
        let local = index - firstLine(ofParagraph: p)
        return (heightTree.offset(ofRow: p) + layout.lineTop(local), layout.heightOfLine(local))
    }

    /// The caret position nearest to `point`. Points above the first line land on it,
    /// below the last line on the last line; x snaps to the nearer edge of a cluster.
    ///
    /// - Complexity: O(log n + n / 256 + length of the line).
    public func position(at point: Point) -> TextPosition {
        let count = lineCount
        let y = point.y.isNaN ? 0 : point.y
        let x = point.x.isNaN ? 0 : point.x
        if let heightTree {
            let p = y <= 0 ? 0 : (heightTree.row(atOffset: y) ?? paragraphs.count - 1)
            let layout = paragraphs[p]
            let local = layout.lineIndex(atY: y - heightTree.offset(ofRow: p))
            return position(onLine: firstLine(ofParagraph: p) + local, x: x)
        }
        let raw = (y / lineHeight).rounded(.down)
        let index = raw.isFinite ? Int(max(0, min(Double(count - 1), raw))) : (raw > 0 ? count - 1 : 0)
        return position(onLine: index, x: x)
    }

    /// The position on visual line `index` nearest to x = `goal`.
    private func position(onLine index: Int, x goal: Double) -> TextPosition {
        let p = paragraphIndex(containingLine: index)
        let start = paragraphStart(p)
        let layout = paragraphs[p]
        let localLine = index - firstLine(ofParagraph: p)
        let found = (try? layout.position(onLine: localLine, x: goal)) ?? TextPosition(offset: layout.line(localLine).start)
        return global(found, start)
    }

    /// The position one line up (`by: -1`) or down (`by: 1`), keeping `goalX` (the x the
    /// caret had when vertical movement began; pass nil to start from this position).
    /// Up from the first line goes to the start of the text, down from the last line to
    /// its end, as in UIKit and AppKit text views.
    ///
    /// - Returns: the new position and the goal x to pass to the next vertical move.
    /// - Throws: `.offsetOutOfRange` or `.notOnGraphemeBoundary`.
    /// - Complexity: O(log n + n / 256 + length of the two lines).
    public func position(movingVerticallyFrom position: TextPosition, by lines: Int,
                         goalX: Double? = nil) throws(TextLayoutError) -> (position: TextPosition, goalX: Double) {
        let (index, localLine, start, layout) = try lineIndexAndLocal(position)
        let goal: Double
        if let goalX { goal = goalX } else { goal = try layout.caretX(line: localLine, offset: position.offset - start) }
        let (target, overflow) = index.addingReportingOverflow(lines)
        if target < 0 || (overflow && lines < 0) { return (TextPosition(offset: 0), goal) }
        if target >= lineCount || overflow { return (TextPosition(offset: utf8Count), goal) }
        return (self.position(onLine: target, x: goal), goal)
    }

    /// The start of the caret's line.
    ///
    /// - Throws: `.offsetOutOfRange` or `.notOnGraphemeBoundary`.
    /// - Complexity: O(log n + n / 256) plus O(log lines) in the paragraph.
    public func lineStart(for position: TextPosition) throws(TextLayoutError) -> TextPosition {
        let (_, localLine, start, layout) = try lineIndexAndLocal(position)
        return TextPosition(offset: layout.line(localLine).start + start)
    }

    /// The end of the caret's line: before its mandatory break; at a soft wrap, the end of
    /// the upper line (upstream).
    ///
    /// - Throws: `.offsetOutOfRange` or `.notOnGraphemeBoundary`.
    /// - Complexity: O(log n + n / 256) plus O(log lines) in the paragraph.
    public func lineEnd(for position: TextPosition) throws(TextLayoutError) -> TextPosition {
        let (_, localLine, start, layout) = try lineIndexAndLocal(position)
        let line = layout.line(localLine)
        // A paragraph's last shown line is hard, or the document's last line.
        if !line.isHard && localLine < layout.layoutLineCount - 1 {
            return TextPosition(offset: line.end + start, affinity: .upstream)
        }
        return TextPosition(offset: line.contentEnd + start)
    }

    /// The grapheme boundary after `offset` (or the end of the text).
    ///
    /// - Throws: `.offsetOutOfRange` or `.notOnGraphemeBoundary`.
    /// - Complexity: O(log n + n / 256), plus O(1) amortized for ICU.
    public func offset(after offset: Int) throws(TextLayoutError) -> Int {
        let (_, start, layout) = try locate(offset)
        do { return try layout.offset(after: offset - start) + start } catch {
            throw Self.globalized(error, start: start)
        }
    }

    /// The grapheme boundary before `offset` (or 0).
    ///
    /// - Throws: `.offsetOutOfRange` or `.notOnGraphemeBoundary`.
    /// - Complexity: O(log n + n / 256), plus O(1) amortized for ICU.
    public func offset(before offset: Int) throws(TextLayoutError) -> Int {
        let (p, start, layout) = try locate(offset)
        if offset == start {
            // A paragraph start: step back over the previous paragraph's terminator.
            if p == 0 { return 0 }
            let previous = paragraphs[p - 1]
            return try previous.offset(before: previous.utf8Count) + paragraphStart(p - 1)
        }
        do { return try layout.offset(before: offset - start) + start } catch {
            throw Self.globalized(error, start: start)
        }
    }

    /// A paragraph layout's error with its offsets made document offsets.
    static func globalized(_ error: TextLayoutError, start: Int) -> TextLayoutError {
        switch error {
        case .notOnGraphemeBoundary(let o): .notOnGraphemeBoundary(offset: o + start)
        case .invalidUTF8(let o): .invalidUTF8(offset: o + start)
        default: error
        }
    }
}

extension TextDocument {
    /// `offset` itself when it is a grapheme boundary, else the end of the cluster it falls
    /// in (offsets past the end clamp to the end, negative ones to 0). Paragraph starts are
    /// always boundaries: a mandatory break ends a cluster.
    ///
    /// - Complexity: O(log n + n / 256), plus O(1) amortized for ICU.
    public func graphemeBoundary(atOrAfter offset: Int) throws(TextLayoutError) -> Int {
        if offset <= 0 { return 0 }
        if offset >= utf8Count { return utf8Count }
        let (_, start, layout) = try locate(offset)
        return try layout.graphemeBoundary(atOrAfter: offset - start) + start
    }
}
