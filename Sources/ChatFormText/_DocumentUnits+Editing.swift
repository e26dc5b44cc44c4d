import ChatFormRows

/// An edit on the units: the units holding the range are laid out again (or, for a large
/// unit, rewrapped around the edit) and their rows replaced in every tree.
extension _DocumentUnits {
    /// The visual lines an edit replaced: `old` in the text before it, `new` after it (the
    /// same lower bound); lines outside them are unchanged, those after shifted by the
    /// edit's byte delta.
    typealias ChangedLines = (old: Range<Int>, new: Range<Int>)

    /// Replaces the bytes in `range` (validated by the caller) with `inserted`, starting one
    /// unit earlier when that unit ends in a lone CR, which the edit could turn into a CRLF.
    /// A throwing call leaves the units unchanged.
    ///
    /// - Complexity: see `TextDocument.replaceSubrange(_:with:)`.
    mutating func replace(_ range: Range<Int>, with inserted: [UInt8]) throws(TextLayoutError) -> ChangedLines {
        let lastParagraph = paragraphIndex(containingOffset: range.upperBound)
        var firstParagraph = paragraphIndex(containingOffset: range.lowerBound)
        var regionStart = paragraphStart(firstParagraph)
        if firstParagraph > 0 && regionStart == range.lowerBound {
            let previous = paragraphs[firstParagraph - 1]
            if previous.byte(at: previous.utf8Count - 1) == 0x0D {
                // A lone CR: the edit may put an LF right after it.
                firstParagraph -= 1
                regionStart -= previous.utf8Count
            }
        }
        let region = firstParagraph..<lastParagraph + 1
        var old: [_Paragraph] = []
        paragraphs.forEach(from: firstParagraph) { old.append($0); return old.count < region.count }
        let isTail = lastParagraph == paragraphs.count - 1
        // (Only unshaped text has large units: no cast of the metrics is needed here.)
        if old.count == 1, old[0].large != nil,
           !(isTail && Self.endsWithBreak(old[0], range.lowerBound - regionStart, inserted, range.upperBound - regionStart)) {
            old.removeAll()   // the paragraph changes in place: hold no second reference to it
            return try largeKeystroke(range, inserted, paragraph: firstParagraph, start: regionStart)
        }

        // Lay out the region's new paragraphs (this may throw; nothing has changed yet).
        let new: [_Paragraph]
        var known = (head: 0, tail: 0)   // lines at the region's ends known to be unchanged
        if let large = try largeEdit(range, inserted, old: old, regionStart: regionStart, lastStart: paragraphStart(lastParagraph),
                                        isTail: isTail) {
            (new, known) = large
        } else {
            new = try laidOutAgain(range, inserted, old: old, regionStart: regionStart, isTail: isTail)
        }

        // Commit.
        let firstLineIndex = firstLine(ofParagraph: firstParagraph)
        let oldLineCount = old.reduce(0) { $0 + $1.lineCount }
        let newLineCount = new.reduce(0) { $0 + $1.lineCount }
        paragraphs.replaceSubrange(region, with: new)
        lineTree.replaceSubrange(region, with: new.lazy.map { $0.lineCount })
        byteTree.replaceSubrange(region, with: new.lazy.map { $0.utf8Count })
        breakTree.replaceSubrange(region, with: new.lazy.map { $0.hardCount })
        heightTree?.replaceRows(region, with: new.lazy.map { $0.height })

        // Trim the lines that did not change from both ends of the region.
        let byteDelta = inserted.count - range.count
        let oldRegion = RegionLines(old, start: regionStart), newRegion = RegionLines(new, start: regionStart)
        let common = min(oldRegion.count, newRegion.count)
        var head = min(known.head, common)
        while head < common, oldRegion[head] == newRegion[head], oldRegion[head].end <= range.lowerBound {
            head += 1
        }
        var tail = min(known.tail, common - head)
        while tail < common - head {
            let o = oldRegion[oldRegion.count - 1 - tail]
            let n = newRegion[newRegion.count - 1 - tail]
            guard o.start >= range.upperBound, n == o.shifted(by: byteDelta) else { break }
            tail += 1
        }
        return (firstLineIndex + head..<firstLineIndex + oldLineCount - tail,
                firstLineIndex + head..<firstLineIndex + newLineCount - tail)
    }

    /// The region's text with the range replaced, split into paragraphs and laid out; an
    /// edit inside one small paragraph rewraps only around the edit (`TextLayout.relaid`).
    private func laidOutAgain(_ range: Range<Int>, _ inserted: [UInt8], old: [_Paragraph], regionStart: Int,
                              isTail: Bool) throws(TextLayoutError) -> [_Paragraph] {
        // Old paragraphs first...last with the range replaced: what lies before the range,
        // the replacement, what follows it.
        var bytes: [UInt8] = []
        var start = regionStart
        for (k, paragraph) in old.enumerated() {
            let count = paragraph.utf8Count
            paragraph.appendBytes(0..<max(0, min(range.lowerBound - start, count)), to: &bytes)
            if k == old.count - 1 {
                bytes.append(contentsOf: inserted)
                paragraph.appendBytes((range.upperBound - start)..<count, to: &bytes)
            }
            start += count
        }
        var new: [_Paragraph] = []
        try withUTF8Bytes(bytes) { (buffer) throws(TextLayoutError) in
            var ranges = _MandatoryBreaks.paragraphRanges(in: buffer)
            if !isTail {
                // The region ends with its last paragraph's unchanged terminator.
                assert(ranges.last?.isEmpty == true)
                ranges.removeLast()
            }
            new.reserveCapacity(ranges.count)
            if old.count == 1 && ranges.count == 1, old[0].large == nil,
               ranges[0].count < tuning.largeParagraph || metrics is any TextShaper {
                // An edit inside one paragraph that stays one paragraph: rewrap only around
                // the edit (TextLayout.relaid), reusing the lines it cannot change.
                let layout = old[0].flatLayout
                let local = (range.lowerBound - regionStart)..<(range.upperBound - regionStart)
                // (The paragraph's text with the replacement: `buffer`, whole. Its unchanged
                // parts copied from the old text, which is known to be valid UTF-8, and only
                // the inserted bytes decoded: a decoding of the whole buffer validated every
                // byte again, about 12 instructions a byte of a chat message.)
                assert(ranges[0] == 0..<buffer.count)
                let text = Self.replacing(local, of: layout.text, with: inserted)
                    ?? String(decoding: UnsafeBufferPointer(rebasing: buffer[ranges[0]]), as: UTF8.self)
                new.append(_Paragraph(try layout.relaid(newText: text, edited: local, insertedCount: inserted.count)))
                return
            }
            for r in ranges {
                new.append(try _Paragraph.make(UnsafeBufferPointer(rebasing: buffer[r]), width: width, metrics: metrics,
                                               options: options, tuning: tuning))
            }
        }
        return new
    }

    /// `text` with its UTF-8 `range` replaced by `inserted`, or nil when a bound of `range`
    /// falls inside a scalar (the caller then decodes the joined bytes, repairing them as
    /// before). Only `inserted` is decoded: the parts of `text` kept are copied as they are.
    ///
    /// - Complexity: O(n).
    static func replacing(_ range: Range<Int>, of text: String, with inserted: [UInt8]) -> String? {
        let utf8 = text.utf8
        guard range.lowerBound >= 0, range.upperBound <= utf8.count else { return nil }
        let lower = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        let upper = utf8.index(lower, offsetBy: range.count)
        func isScalarStart(_ i: String.Index) -> Bool { i == utf8.endIndex || utf8[i] & 0xC0 != 0x80 }
        guard isScalarStart(lower), isScalarStart(upper) else { return nil }
        var result = String()
        result.reserveCapacity(utf8.count - range.count + inserted.count)
        result += Substring(utf8[..<lower])
        result += String(decoding: inserted, as: UTF8.self)
        result += Substring(utf8[upper...])
        return result
    }

    /// An edit whose first or last paragraph is large, done without copying it: the large
    /// paragraphs are cut and joined (`_LargeParagraph.splice`) and rewrapped only around
    /// the edit; the paragraphs the replacement holds are laid out whole. Nil when the edit
    /// does not qualify: no large paragraph at the region's ends, shaped text, or a CR and
    /// an LF meeting across the edit's edges (then the whole region is laid out again).
    ///
    /// Returns the new paragraphs and how many lines at the region's start and end are
    /// known to be unchanged. A single large paragraph is edited in place in `paragraphs`.
    private mutating func largeEdit(_ range: Range<Int>, _ inserted: [UInt8], old: [_Paragraph], regionStart: Int,
                                    lastStart: Int, isTail: Bool) throws(TextLayoutError) -> ([_Paragraph], (head: Int, tail: Int))? {
        let first = old[0], last = old[old.count - 1]
        guard first.large != nil || last.large != nil, !(metrics is any TextShaper) else { return nil }
        let a = range.lowerBound - regionStart, b = range.upperBound - lastStart
        if Self.pairsCRLF(first, a, inserted, last, b) { return nil }
        var ranges = inserted.withUnsafeBufferPointer { _MandatoryBreaks.paragraphRanges(in: $0) }
        // Joined into one unit that ends in a break: it must not be the document's last.
        if isTail && ranges.count == 1 && inserted.isEmpty && b == last.utf8Count && a > 0 && first.hasBreak(endingAt: a) {
            return nil
        }
        let tailPiece = Array(inserted[ranges.removeLast()])
        let firstPiece = ranges.isEmpty ? tailPiece : Array(inserted[ranges[0]])
        var new: [_Paragraph] = []
        var known = (head: 0, tail: 0)
        if ranges.isEmpty {
            // Two paragraphs (or more) joined into one: the first's head, the replacement,
            // the last's tail.
            var joined = try first.asLarge(tuning: tuning)
            let edit = try joined.splice(a..<joined.utf8Count, with: inserted,
                                         thenAppend: (try last.asLarge(tuning: tuning), b))
            let paragraph = _Paragraph.settled(joined, tuning: tuning)
            if paragraph.large != nil {
                known.head = edit.restartLine
                if edit.reused { known.tail = max(0, paragraph.lineCount - (edit.restartLine + edit.freshCount)) }
            }
            new.append(paragraph)
        } else {
            // The first paragraph ends inside the replacement, the last starts inside it.
            if var large = first.large {
                let edit = try large.splice(a..<large.utf8Count, with: firstPiece)
                let paragraph = _Paragraph.settled(large, tuning: tuning)
                known.head = paragraph.large == nil ? 0 : edit.restartLine
                new.append(paragraph)
            } else {
                var bytes: [UInt8] = []
                first.appendBytes(0..<a, to: &bytes)
                bytes.append(contentsOf: firstPiece)
                new.append(try make(bytes))
            }
            for r in ranges.dropFirst() { new.append(try make(Array(inserted[r]))) }
            if var large = last.large {
                let edit = try large.splice(0..<b, with: tailPiece)
                let paragraph = _Paragraph.settled(large, tuning: tuning)
                if paragraph.large != nil && edit.reused {
                    known.tail = max(0, paragraph.lineCount - (edit.restartLine + edit.freshCount))
                }
                new.append(paragraph)
            } else {
                var bytes = tailPiece
                last.appendBytes(b..<last.utf8Count, to: &bytes)
                new.append(try make(bytes))
            }
        }
        return (new, known)
    }

    /// A keystroke in a large paragraph that stays one paragraph: edited in place, rewrapped
    /// around the edit. The edit result is not trimmed inside the rewrapped lines.
    private mutating func largeKeystroke(_ range: Range<Int>, _ inserted: [UInt8], paragraph p: Int,
                                         start: Int) throws(TextLayoutError) -> ChangedLines {
        assert(heightTree == nil, "a large unit's lines are all lineHeight tall")
        let oldLineCount = paragraphs[p].lineCount
        let tuning = self.tuning
        let edit = try paragraphs.modify(at: p) { (paragraph) throws(TextLayoutError) in
            try paragraph.splice((range.lowerBound - start)..<(range.upperBound - start), with: inserted, tuning: tuning)
        }
        let edited = paragraphs[p]
        lineTree.set(edited.lineCount, at: p)
        byteTree.set(edited.utf8Count, at: p)
        breakTree.set(edited.hardCount, at: p)
        let firstLineIndex = firstLine(ofParagraph: p)
        // Lines from `reused` on are the old ones, moved; a paragraph that went back to a
        // `TextLayout` reports all its lines from the restart on.
        let reused = edit.reused && edited.large != nil
            ? max(0, edited.lineCount - (edit.restartLine + edit.freshCount)) : 0
        let head = min(edit.restartLine, edited.lineCount - reused, oldLineCount - reused)
        return (firstLineIndex + head..<firstLineIndex + oldLineCount - reused,
                firstLineIndex + head..<firstLineIndex + edited.lineCount - reused)
    }

    /// Whether a CR before the edit (at the end of `first`'s kept head) or at the end of the
    /// replacement meets an LF after it (at `last`'s offset `b`), making a CRLF across the
    /// edit's edges.
    private static func pairsCRLF(_ first: _Paragraph, _ a: Int, _ inserted: [UInt8], _ last: _Paragraph, _ b: Int) -> Bool {
        if a > 0 && first.byte(at: a - 1) == 0x0D { return true }
        return inserted.last == 0x0D && b < last.utf8Count && last.byte(at: b) == 0x0A
    }

    /// Whether `unit` with `a..<b` replaced by `inserted` ends in a mandatory break, when the
    /// edit reaches its end (the document's last unit must not: the empty paragraph after a
    /// final break is a unit of its own).
    private static func endsWithBreak(_ unit: _Paragraph, _ a: Int, _ inserted: [UInt8], _ b: Int) -> Bool {
        guard b == unit.utf8Count else { return false }
        if !inserted.isEmpty { return inserted.withUnsafeBufferPointer { _MandatoryBreaks.paragraphRanges(in: $0).last!.isEmpty } }
        return a > 0 && unit.hasBreak(endingAt: a)
    }

    /// One paragraph laid out from `bytes`.
    private func make(_ bytes: [UInt8]) throws(TextLayoutError) -> _Paragraph {
        try withUTF8Bytes(bytes) { (buffer) throws(TextLayoutError) in
            try _Paragraph.make(buffer, width: width, metrics: metrics, options: options, tuning: tuning)
        }
    }

    /// The shown lines of consecutive paragraphs starting at byte `start`, in document
    /// offsets, read on demand (an edit compares only the few lines around it).
    private struct RegionLines {
        let paragraphs: [_Paragraph]
        /// A lone flat paragraph's lines, taken out once (reading a line through the
        /// paragraph copies its whole layout): the common edit, inside one paragraph.
        let soleFlatLines: [LineFragment]?
        /// Lines before each paragraph, and its start.
        let firstLines: [Int], starts: [Int]
        let count: Int

        init(_ paragraphs: [_Paragraph], start: Int) {
            self.paragraphs = paragraphs
            var firstLines: [Int] = [], starts: [Int] = []
            var line = 0, offset = start
            for p in paragraphs {
                firstLines.append(line)
                starts.append(offset)
                line += p.lineCount
                offset += p.utf8Count
            }
            self.firstLines = firstLines
            self.starts = starts
            soleFlatLines = paragraphs.count == 1 ? paragraphs[0].flatLines : nil
            count = line
        }

        subscript(index: Int) -> LineFragment {
            if let soleFlatLines { return soleFlatLines[index].shifted(by: starts[0]) }
            var lo = 0, hi = paragraphs.count - 1
            while lo < hi {
                let mid = (lo + hi + 1) / 2
                if firstLines[mid] <= index { lo = mid } else { hi = mid - 1 }
            }
            return paragraphs[lo].line(index - firstLines[lo]).shifted(by: starts[lo])
        }
    }
}
