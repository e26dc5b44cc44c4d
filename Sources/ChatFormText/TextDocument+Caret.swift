import ChatFormGeometry

/// What the caret queries of ``LineLayout`` read from a document: its lines and caret stops
/// with document offsets, answered exactly as a `TextLayout` of the whole text would answer
/// them (SPEC §2).
///
/// Every answer finds the paragraph in O(log n) and asks it with a local offset. A
/// paragraph start is always a grapheme boundary and always follows a hard line, so no
/// answer depends on a neighbouring paragraph except `graphemeBoundary(before:)` at a
/// paragraph start, which steps back over the previous paragraph's terminator.
extension TextDocument: LineLayout {
    /// The index of the last visual line starting at or before `offset`.
    ///
    /// - Complexity: O(log n + n / 256) plus O(log lines) in the paragraph.
    public func lineIndex(startingAtOrBefore offset: Int) -> Int {
        let p = units.paragraphIndex(containingOffset: offset)
        return units.firstLine(ofParagraph: p) + units.paragraphs[p].lineIndex(startingAtOrBefore: offset - units.paragraphStart(p))
    }

    /// The top of visual line `index`.
    ///
    /// - Complexity: O(log n + n / 256).
    public func lineTop(_ index: Int) -> Double { lineFrame(index).y }

    /// The height of visual line `index`.
    ///
    /// - Complexity: O(log n + n / 256).
    public func heightOfLine(_ index: Int) -> Double { lineFrame(index).height }

    /// The top of visual line `index` and its height.
    ///
    /// - Complexity: O(log n + n / 256).
    public func lineFrame(_ index: Int) -> (y: Double, height: Double) { units.lineFrame(index) }

    /// The index of the visual line at `y` (clamped to the first and last lines).
    ///
    /// - Complexity: O(log n + n / 256).
    public func lineIndex(atY y: Double) -> Int {
        let y = y.isNaN ? 0 : y
        if let heightTree = units.heightTree {
            let p = y <= 0 ? 0 : (heightTree.row(atOffset: y) ?? units.paragraphs.count - 1)
            return units.firstLine(ofParagraph: p) + units.paragraphs[p].lineIndex(atY: y - heightTree.offset(ofRow: p))
        }
        let count = lineCount
        let raw = (y / lineHeight).rounded(.down)
        return raw.isFinite ? Int(max(0, min(Double(count - 1), raw))) : (raw > 0 ? count - 1 : 0)
    }

    /// The x of the boundary `offset` on visual line `index`.
    ///
    /// - Complexity: O(log n + n / 256 + length of the line).
    public func caretX(onLine index: Int, at offset: Int) throws(TextLayoutError) -> Double {
        let (p, local) = units.paragraph(ofLine: index)
        return try units.paragraphs[p].caretX(onLine: local, at: offset - units.paragraphStart(p))
    }

    /// The caret's x on visual line `index` at the boundary `offset`, answered by the line's
    /// paragraph (found once) in its own offsets, as the line model would answer it from the
    /// document's lines (see `LineLayout.clampedCaretX(onLine:at:)`).
    ///
    /// - Complexity: O(log n + n / 256 + length of the line).
    public func clampedCaretX(onLine index: Int, at offset: Int) throws(TextLayoutError) -> Double {
        let (p, local) = units.paragraph(ofLine: index)
        let start = units.paragraphStart(p)
        do { return try units.paragraphs[p].clampedCaretX(onLine: local, at: offset - start) } catch {
            throw Self.globalized(error, start: start)
        }
    }

    /// Each grapheme boundary of visual line `index` with its x.
    ///
    /// - Complexity: O(log n + n / 256 + length of the line).
    public func forEachCaretStop(onLine index: Int, _ body: (_ offset: Int, _ x: Double) -> Bool) throws(TextLayoutError) {
        let (p, local) = units.paragraph(ofLine: index)
        let start = units.paragraphStart(p)
        try units.paragraphs[p].forEachCaretStop(onLine: local) { offset, x in body(offset + start, x) }
    }

    /// The embedding level of each byte of visual line `index`, from its paragraph.
    ///
    /// - Complexity: O(log n + n / 256) plus the paragraph layout's answer.
    public func bidiLevels(onLine index: Int) throws(TextLayoutError) -> [UInt8]? {
        let (p, local) = units.paragraph(ofLine: index)
        return try units.paragraphs[p].bidiLevels(onLine: local)
    }

    /// The level of visual line `index`'s paragraph (each paragraph resolves `auto` on its
    /// own text).
    ///
    /// - Complexity: O(log n + n / 256) plus the paragraph layout's answer.
    public func paragraphLevel(onLine index: Int) -> UInt8 {
        if options.direction == .ltr { return 0 }
        let (p, local) = units.paragraph(ofLine: index)
        return units.paragraphs[p].paragraphLevel(onLine: local)
    }

    /// The document's `text-align`.
    public var lineAlignment: TextModes.TextAlign { options.modes.textAlign }

    /// The document's ``TextLayoutOptions/direction``.
    public var baseDirection: ParagraphDirection { options.direction }

    /// Whether `offset` is a grapheme cluster boundary.
    ///
    /// - Complexity: O(log n + n / 256), plus O(1) amortized for ICU.
    public func isGraphemeBoundary(_ offset: Int) throws(TextLayoutError) -> Bool {
        let p = units.paragraphIndex(containingOffset: offset)
        let start = units.paragraphStart(p)
        do { return try units.paragraphs[p].isGraphemeBoundary(offset - start) } catch { throw Self.globalized(error, start: start) }
    }

    /// The grapheme boundary after the boundary `offset`.
    ///
    /// - Throws: `.offsetOutOfRange` for an offset outside `0..<utf8Count`.
    /// - Complexity: O(log n + n / 256), plus O(1) amortized for ICU.
    public func graphemeBoundary(after offset: Int) throws(TextLayoutError) -> Int {
        guard offset >= 0, offset < utf8Count else { throw .offsetOutOfRange(offset: offset, length: utf8Count) }
        let p = units.paragraphIndex(containingOffset: offset)
        let start = units.paragraphStart(p)
        do { return try units.paragraphs[p].graphemeBoundary(after: offset - start) + start } catch {
            throw Self.globalized(error, start: start)
        }
    }

    /// The grapheme boundary before `offset`; at a paragraph start, the start of the
    /// previous paragraph's terminator.
    ///
    /// - Throws: `.offsetOutOfRange` for an offset outside `1...utf8Count`.
    /// - Complexity: O(log n + n / 256), plus O(1) amortized for ICU.
    public func graphemeBoundary(before offset: Int) throws(TextLayoutError) -> Int {
        guard offset > 0, offset <= utf8Count else { throw .offsetOutOfRange(offset: offset, length: utf8Count) }
        var p = units.paragraphIndex(containingOffset: offset)
        var start = units.paragraphStart(p)
        if offset == start {
            p -= 1
            start = units.paragraphStart(p)
        }
        do { return try units.paragraphs[p].graphemeBoundary(before: offset - start) + start } catch {
            throw Self.globalized(error, start: start)
        }
    }

    /// The caret rectangle for `position` (as `caretRect(for:)` gives it) and the index of
    /// its line (as `lineIndex(for:)`), finding the caret's paragraph once: the paragraph
    /// answers in its own offsets through the same caret implementation, and only its start,
    /// first line and top are looked up in the document's trees.
    ///
    /// - Throws: `.offsetOutOfRange` or `.notOnGraphemeBoundary`.
    /// - Complexity: O(log n) plus O(log lines + length of the caret's line) in the paragraph.
    public func caretPlacement(for position: TextPosition) throws(TextLayoutError) -> (rect: Rect, line: Int) {
        let n = utf8Count
        guard position.offset >= 0 && position.offset <= n else { throw .offsetOutOfRange(offset: position.offset, length: n) }
        let (p, start) = units.byteTree.indexAndPrefix(containing: position.offset) ?? (0, 0)
        // A paragraph starts after a hard line, so an upstream caret at its start stays on
        // its first line, as it does in the whole document.
        let local = TextPosition(offset: position.offset - start, affinity: position.affinity)
        let paragraph = units.paragraphs[p]
        let line: Int, x: Double
        do throws(TextLayoutError) {
            line = try paragraph.lineIndex(for: local)
            x = try paragraph.clampedCaretX(onLine: line, at: local.offset)
        } catch {
            throw Self.globalized(error, start: start)
        }
        let first = units.firstLine(ofParagraph: p)
        guard let top = units.heightTree?.offset(ofRow: p) else {
            return (Rect(x: x, y: Double(first + line) * lineHeight, width: 0, height: lineHeight), first + line)
        }
        return (Rect(x: x, y: top + paragraph.lineTop(line), width: 0, height: paragraph.heightOfLine(line)), first + line)
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
