import ChatFormRows

/// Editing: replace a range of the text and lay out again only the paragraphs it touches.
extension TextDocument {
    /// What an edit changed, so a view can update only the rows it shows.
    ///
    /// Lines before `oldLines.lowerBound` are unchanged; the lines after `oldLines` moved
    /// to after `newLines` unchanged (their offsets shifted by the edit's byte delta).
    ///
    /// ```swift
    /// let edit = try document.replaceSubrange(range, with: typed)
    /// try table.setHeight(document.height, at: fieldRow)   // when edit.lineCountDelta != 0
    /// ```
    public struct EditResult: Sendable, Hashable {
        /// The visual lines, in the document before the edit, that the edit replaced.
        public var oldLines: Range<Int>
        /// The visual lines, in the document after the edit, that replaced them
        /// (`newLines.lowerBound == oldLines.lowerBound`).
        public var newLines: Range<Int>
        /// The paragraphs, before the edit, that were re-split and laid out again.
        public var oldParagraphs: Range<Int>
        /// The paragraphs, after the edit, that replaced them.
        public var newParagraphs: Range<Int>
        /// Where the caret goes after typing the replacement: the edit's start plus the
        /// replacement's UTF-8 length, moved forward to the next grapheme boundary when the
        /// replacement joined a cluster that continues after it (typing "\r" before "\n"
        /// puts the caret after the CRLF).
        public var caretOffset: Int

        /// Lines added (positive) or removed (negative) by the edit.
        ///
        /// - Complexity: O(1).
        public var lineCountDelta: Int { newLines.count - oldLines.count }
    }

    /// Replaces the text in `range` (UTF-8 offsets on grapheme boundaries) with
    /// `replacement`.
    ///
    /// The paragraphs holding the range are re-split at mandatory breaks and laid out
    /// again (an inserted break splits a paragraph, a removed one joins two), starting one
    /// paragraph earlier when that paragraph ends in a lone CR, which the edit could turn
    /// into a CRLF. Clusters that the edit joins (a combining mark typed after "e") are
    /// re-formed because each re-split paragraph is laid out whole.
    ///
    /// Marked text (`markedText`) moves with the text around it when the edit lies before
    /// it, stays when the edit lies after it, and is committed when the edit touches it.
    ///
    /// - Throws: `.offsetOutOfRange` or `.notOnGraphemeBoundary` for a bound (checked
    ///   against the text before the edit); `.textTooLong` for a paragraph past 2^31 - 1
    ///   bytes; `.icu`. A throwing call leaves the document unchanged.
    /// - Complexity: O(log n + n / 256) for the lookups and trees, plus the length of the
    ///   re-split paragraphs (old and new) for layout; when the number of paragraphs changes,
    ///   moving up to 512 elements of one chunk.
    @discardableResult
    public mutating func replaceSubrange(_ range: Range<Int>, with replacement: String) throws(TextLayoutError) -> EditResult {
        try validate(range.lowerBound)
        try validate(range.upperBound)
        let lastParagraph = paragraphIndex(containingOffset: range.upperBound)
        var firstParagraph = paragraphIndex(containingOffset: range.lowerBound)
        var regionStart = paragraphStart(firstParagraph)
        if firstParagraph > 0 && regionStart == range.lowerBound {
            let previous = paragraphs[firstParagraph - 1].layout.text.utf8
            if previous.last == 0x0D {
                // A lone CR: the edit may put an LF right after it.
                firstParagraph -= 1
                regionStart -= previous.count
            }
        }

        // The new text of the region: old paragraphs first...last with the range replaced.
        var bytes: [UInt8] = []
        var old: [_Paragraph] = []
        var start = regionStart
        paragraphs.forEach(from: firstParagraph) { paragraph in
            old.append(paragraph)
            let utf8 = paragraph.layout.text.utf8
            // Keep what lies before the range; after the last paragraph's part before it,
            // the replacement and what follows the range.
            bytes.append(contentsOf: utf8.prefix(max(0, min(range.lowerBound - start, utf8.count))))
            if firstParagraph + old.count - 1 == lastParagraph {
                bytes.append(contentsOf: replacement.utf8)
                bytes.append(contentsOf: utf8.dropFirst(range.upperBound - start))
                return false
            }
            start += utf8.count
            return true
        }
        let isTail = lastParagraph == paragraphs.count - 1

        // Split and lay out (this may throw; nothing has changed yet).
        var new: [_Paragraph] = []
        try bytes.withUnsafeBufferPointer { (buffer) throws(TextLayoutError) in
            var ranges = Self.paragraphRanges(in: buffer)
            if !isTail {
                // The region ends with its last paragraph's unchanged terminator.
                assert(ranges.last?.isEmpty == true)
                ranges.removeLast()
            }
            new.reserveCapacity(ranges.count)
            if old.count == 1 && ranges.count == 1 {
                // An edit inside one paragraph that stays one paragraph: rewrap only around
                // the edit (TextLayout.relaid), reusing the lines it cannot change.
                let text = String(decoding: UnsafeBufferPointer(rebasing: buffer[ranges[0]]), as: UTF8.self)
                let local = (range.lowerBound - regionStart)..<(range.upperBound - regionStart)
                new.append(_Paragraph(try old[0].layout.relaid(newText: text, edited: local,
                                                               insertedCount: replacement.utf8.count)))
                return
            }
            for r in ranges {
                let text = String(decoding: UnsafeBufferPointer(rebasing: buffer[r]), as: UTF8.self)
                new.append(_Paragraph(try TextLayout(text: text, width: width, metrics: metrics, options: options)))
            }
        }

        // Commit.
        let firstLineIndex = firstLine(ofParagraph: firstParagraph)
        let oldLineCount = old.reduce(0) { $0 + $1.lineCount }
        let newLineCount = new.reduce(0) { $0 + $1.lineCount }
        paragraphs.replaceSubrange(firstParagraph..<lastParagraph + 1, with: new)
        Self.replace(in: &lineTree, firstParagraph..<lastParagraph + 1, with: new.map { Double($0.lineCount) })
        Self.replace(in: &byteTree, firstParagraph..<lastParagraph + 1, with: new.map { Double($0.utf8Count) })
        if heightTree != nil {
            Self.replace(in: &heightTree!, firstParagraph..<lastParagraph + 1, with: new.map { $0.height })
        }

        adjustMarkedText(afterReplacing: range, insertedCount: replacement.utf8.count)

        // Where the caret goes: after the replacement, on a grapheme boundary.
        var caret = range.lowerBound + replacement.utf8.count
        let p = paragraphIndex(containingOffset: caret)
        let pStart = paragraphStart(p)
        caret = try paragraphs[p].layout.graphemeBoundary(atOrAfter: caret - pStart) + pStart

        // Trim the lines that did not change from both ends of the region.
        let byteDelta = replacement.utf8.count - range.count
        let oldRegionLines = Self.lines(of: old, from: regionStart)
        let newRegionLines = Self.lines(of: new, from: regionStart)
        var head = 0
        while head < min(oldRegionLines.count, newRegionLines.count),
              oldRegionLines[head] == newRegionLines[head], oldRegionLines[head].end <= range.lowerBound {
            head += 1
        }
        var tail = 0
        while tail < min(oldRegionLines.count, newRegionLines.count) - head {
            let o = oldRegionLines[oldRegionLines.count - 1 - tail]
            let n = newRegionLines[newRegionLines.count - 1 - tail]
            guard o.start >= range.upperBound, n == Self.shifted(o, by: byteDelta) else { break }
            tail += 1
        }
        return EditResult(
            oldLines: firstLineIndex + head..<firstLineIndex + oldLineCount - tail,
            newLines: firstLineIndex + head..<firstLineIndex + newLineCount - tail,
            oldParagraphs: firstParagraph..<lastParagraph + 1,
            newParagraphs: firstParagraph..<firstParagraph + new.count,
            caretOffset: caret)
    }

    /// The shown lines of consecutive paragraphs starting at byte `start`, in document offsets.
    private static func lines(of paragraphs: [_Paragraph], from start: Int) -> [LineFragment] {
        var result: [LineFragment] = []
        var offset = start
        for p in paragraphs {
            for line in p.layout.lines[0..<p.lineCount] { result.append(shifted(line, by: offset)) }
            offset += p.utf8Count
        }
        return result
    }

    /// Replaces rows `range` of `tree` with `heights`, resizing rows in place where it can.
    private static func replace(in tree: inout HeightIndex, _ range: Range<Int>, with heights: [Double]) {
        let common = min(range.count, heights.count)
        for k in 0..<common where tree.height(at: range.lowerBound + k) != heights[k] {
            try! tree.setHeight(heights[k], at: range.lowerBound + k)
        }
        if range.count > common {
            try! tree.removeSubrange(range.lowerBound + common..<range.upperBound)
        } else if heights.count > common {
            try! tree.insert(contentsOf: heights[common...], at: range.lowerBound + common)
        }
    }
}
