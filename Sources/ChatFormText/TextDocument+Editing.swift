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
        // Typing and pasting inside a large paragraph, between two ASCII characters (the
        // first not a CR), reads the two bytes in one lookup: that is a grapheme boundary
        // (GB999: no rule joins them), no lone CR comes before it, and the caret after an
        // insertion ending in such a character is a boundary too (`plainCaret`).
        let plain = range.isEmpty ? units.plainASCIIBoundary(at: range.lowerBound) : false
        if !plain {
            try validate(range.lowerBound)
            if !range.isEmpty { try validate(range.upperBound) }
        }
        // The paragraphs (not units) the edit re-splits, for the result.
        let firstIndex = units.globalParagraphIndex(containingOffset: range.lowerBound)
        var oldFirst = firstIndex
        if !plain && range.lowerBound > 0 && units.byte(at: range.lowerBound - 1) == 0x0D
            && paragraphRange(oldFirst).lowerBound == range.lowerBound {
            oldFirst -= 1   // a lone CR before the edit: the edit may pair it with an LF
        }
        let oldLast = range.isEmpty ? firstIndex : units.globalParagraphIndex(containingOffset: range.upperBound)
        let oldParagraphCount = paragraphCount
        let inserted = Array(replacement.utf8)
        // The byte after the insertion is the ASCII one that followed the insertion point:
        // when the insertion ends in a plain scalar, the caret after it is a boundary, found
        // with no lookup.
        let plainCaret = plain && Self.endsOnBoundaryBeforeASCII(inserted)
        let lines = try units.replace(range, with: inserted)
        adjustMarkedText(afterReplacing: range, insertedCount: inserted.count)
        return EditResult(oldLines: lines.old, newLines: lines.new, oldParagraphs: oldFirst..<oldLast + 1,
                          newParagraphs: oldFirst..<oldLast + 1 + paragraphCount - oldParagraphCount,
                          // After the replacement, on a grapheme boundary.
                          caretOffset: plainCaret ? range.lowerBound + inserted.count
                                                  : try graphemeBoundary(atOrAfter: range.lowerBound + inserted.count))
    }

    /// Whether non-empty `bytes`, followed by an ASCII byte, end on a grapheme boundary by
    /// `_LargeParagraph.isPlainBoundary`'s rules: the last scalar is ASCII other than a CR,
    /// or one that nothing after it joins unless a mark or a Hangul jamo follows (an ASCII
    /// byte is neither). False says nothing.
    ///
    /// - Complexity: O(1).
    private static func endsOnBoundaryBeforeASCII(_ bytes: [UInt8]) -> Bool {
        guard let last = bytes.last else { return false }
        if last < 0x80 { return last != 0x0D }
        // The last scalar (at most 4 bytes) and an ASCII byte after it.
        let k = Swift.min(4, bytes.count)
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 5) { buffer in
            for j in 0..<k { buffer[j] = bytes[bytes.count - k + j] }
            buffer[k] = 0x20
            return _LargeParagraph.isPlainBoundary(UnsafeBufferPointer(rebasing: UnsafeBufferPointer(buffer)[0..<k + 1]), at: k)
        }
    }
}
