/// Where each line sits in the width under `text-align` (`TextModes.textAlign`): an x offset
/// per line, computed from the line's content width; alignment never changes a break.
extension TextLayout {
    /// The x of line `index`'s left edge from the layout's left edge: 0 for `start` and
    /// `justify` (and at an infinite width); the width less the line's aligned width for
    /// `end`, half of that (rounded down to 1/64) for `center`. A line wider than the width
    /// starts at 0. The aligned width is the content's (`LineFragment.width`); white space
    /// ending a line at a mandatory break or the text's end hangs only where it does not fit
    /// (CSS's conditional hanging, as Chromium aligns `pre-wrap` lines), so it counts up to
    /// the width.
    ///
    /// - Complexity: O(1) for `start` and `justify`; for `end` and `center`, O(the line's
    ///   length) on a line ending at a mandatory break or the text's end.
    public func lineX(_ index: Int) -> Double {
        guard width.isFinite, options.modes.textAlign == .end || options.modes.textAlign == .center else { return 0 }
        let free = width - _LineAlignment.alignedWidth(of: self, line: index)
        guard free > 0 else { return 0 }
        switch options.modes.textAlign {
        case .start, .justify: return 0
        case .end: return free
        case .center: return (free * 32).rounded(.down) / 64
        }
    }

    /// How `text-align: justify` fills line `index`: its expansion opportunities (after
    /// each space in its content, before and after each CJK ideograph or symbol, counted as
    /// Blink counts them) and the width each one gets.
    /// A paragraph's last line, a line ending at a mandatory break, a line without an
    /// opportunity, a line at least as wide as the width and every line under another
    /// alignment get (0, 0).
    ///
    /// - Complexity: O(the line's length).
    /// A line opening a paragraph with spaces (white space Chromium makes an inline item of
    /// its own, rounded up to a layout unit apart from the rest of the line): the line's
    /// width with what that rounding adds, its first offset past the spaces, their unrounded width and their
    /// expansion opportunities (one a space), where the line is shaped text; nil otherwise.
    ///
    /// - Complexity: O(the line's length).
    private func openingSpaces(ofLine index: Int) -> (used: Double, end: Int, width: Double, opportunities: Int)? {
        guard let shaped = shapedText, index == 0 || lines[index - 1].isHard else { return nil }
        let line = lines[index]
        let utf8 = text.utf8
        var i = utf8.index(utf8.startIndex, offsetBy: line.start)
        var end = line.start
        while end < line.contentEnd && utf8[i] == 0x20 { end += 1; i = utf8.index(after: i) }
        guard end > line.start else { return nil }
        // The content's end before the white space that hangs (as `expansionOpportunities`).
        var contentEnd = line.contentEnd
        let trimmed = lineText(index).unicodeScalars.reversed().prefix { $0 == " " || $0 == "\t" || $0 == "\u{3000}" }
        for s in trimmed { contentEnd -= s.utf8.count }
        guard contentEnd > end else { return nil }
        let opening = shaped.caretX(lineStart: line.start, offset: end)
        let rest = shaped.caretX(lineStart: line.start, offset: contentEnd) - opening
        // What rounding the two items apart adds to the line's width (rounded once).
        let surplus = Self.ceilToLayoutUnit(opening) + Self.ceilToLayoutUnit(rest) - Self.ceilToLayoutUnit(opening + rest)
        return (line.width + Swift.max(0, surplus), end, opening, end - line.start)
    }

    /// `value` rounded up to a layout unit (1/64 px).
    private static func ceilToLayoutUnit(_ value: Double) -> Double { (value * 64).rounded(.up) / 64 }

    /// How `text-align: justify` fills line `index`: its expansion opportunities (after
    /// each space in its content, before and after each CJK ideograph or symbol, counted as
    /// Blink counts them) and the width each one gets: the width left after the line's
    /// content, its inline items rounded up to a layout unit each as Blink sums them (spaces
    /// opening a paragraph are an item of their own).
    /// A paragraph's last line, a line ending at a mandatory break, a line without an
    /// opportunity, a line at least as wide as the width and every line under another
    /// alignment get (0, 0).
    ///
    /// - Complexity: O(the line's length).
    public func justification(ofLine index: Int) -> (opportunities: Int, extra: Double) {
        let line = lines[index]
        guard options.modes.textAlign == .justify, width.isFinite, index + 1 < lines.count, !line.isHard,
              line.width < width else { return (0, 0) }
        let count = _LineAlignment.expansionOpportunities(lineText(index))
        guard count > 0 else { return (0, 0) }
        let used = openingSpaces(ofLine: index)?.used ?? line.width
        guard used < width else { return (0, 0) }
        return (count, (width - used) / Double(count))
    }

    /// Under `justify`, what the spaces opening line `index` (`openingSpaces(ofLine:)`) add
    /// to the x of every offset from `offset` on: their item's justified width rounded up
    /// to a layout unit, as Blink sets the next item after it. 0 on other lines.
    func openingSpacesRound(onLine index: Int, extra: Double) -> (end: Int, round: Double)? {
        guard extra > 0, let o = openingSpaces(ofLine: index) else { return nil }
        let justified = o.width + Double(o.opportunities) * extra
        return (o.end, Self.ceilToLayoutUnit(justified) - justified)
    }

    /// The right edge of line `index`'s content: `lineX` plus its width, justified.
    ///
    /// - Complexity: O(the line's length) for `justify`, else O(1).
    public func lineRight(_ index: Int) -> Double {
        let (count, extra) = justification(ofLine: index)
        let used = count > 0 ? openingSpaces(ofLine: index)?.used ?? lines[index].width : lines[index].width
        return lineX(index) + used + Double(count) * extra
    }

    /// The x of the grapheme boundary `offset` on line `index` from the layout's left edge,
    /// as drawn: ``caretX(onLine:at:)``, which under every alignment includes the line's x
    /// and, under `justify`, the extra width of every expansion opportunity before it.
    ///
    /// - Throws: as `caretX(onLine:at:)`.
    /// - Complexity: O(the line's length).
    public func alignedX(onLine index: Int, at offset: Int) throws(TextLayoutError) -> Double {
        try caretX(onLine: index, at: offset)
    }

    /// Under `justify`, what the expansion opportunities before `offset` on line `index`
    /// add to its x (each opportunity's share of the free width, as Blink gives it: a space's
    /// after the space, an ideograph's before and after around it); 0 on a line not
    /// justified.
    func justifiedShift(onLine index: Int, at offset: Int) -> Double {
        let (count, extra) = justification(ofLine: index)
        let start = lines[index].start
        guard count > 0, offset > start else { return 0 }
        let utf8 = text.utf8
        let from = utf8.index(utf8.startIndex, offsetBy: start)
        let end = utf8.index(from, offsetBy: Swift.min(offset, text.utf8.count) - start)
        let before = _LineAlignment.expansionOpportunities(text[from..<end], trimming: false)
        let opening = openingSpacesRound(onLine: index, extra: extra)
        return Double(Swift.min(before, count)) * extra + (opening.map { offset >= $0.end ? $0.round : 0 } ?? 0)
    }

    /// `unalignedCaretStops(onLine:_:)` with each stop's justified x (the opportunities
    /// before it counted as the walk goes).
    func justifiedCaretStops(onLine index: Int, _ body: (_ offset: Int, _ x: Double) -> Bool) throws(TextLayoutError) {
        let (count, extra) = justification(ofLine: index)
        guard count > 0 else { return try unalignedCaretStops(onLine: index, body) }
        var counter = _LineAlignment.JustificationCounter()
        let start = text.utf8.index(text.utf8.startIndex, offsetBy: lines[index].start)
        let clusters = text[start...]
        var i = clusters.startIndex
        var at = lines[index].start
        let opening = openingSpacesRound(onLine: index, extra: extra)
        try unalignedCaretStops(onLine: index) { offset, x in
            while at < offset && i < clusters.endIndex {
                let c = clusters[i]
                counter.add(c)
                at += c.utf8.count
                i = clusters.index(after: i)
            }
            let round = opening.map { offset >= $0.end ? $0.round : 0 } ?? 0
            return body(offset, x + Double(Swift.min(counter.count, count)) * extra + round)
        }
    }
}
