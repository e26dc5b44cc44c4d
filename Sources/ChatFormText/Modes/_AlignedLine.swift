/// One line of a layout under its `text-align` (`TextModes.textAlign`): where the line
/// starts in the width (`end`, `center`), and under `justify` what its expansion
/// opportunities add to the x of each offset. `TextLayout`'s alignment queries
/// (`lineX(_:)`, `justification(ofLine:)`, `lineRight(_:)`) and its caret stops read it;
/// the character arithmetic (which characters expand, Blink's counting) is
/// `_LineAlignment`'s. Alignment never changes a break: everything here is read from the
/// layout's lines and their unaligned caret stops.
struct _AlignedLine {
    /// The layout the line belongs to.
    let layout: TextLayout
    /// The line's index in `layout`.
    let index: Int

    init(_ layout: TextLayout, _ index: Int) {
        self.layout = layout
        self.index = index
    }

    /// The line.
    private var line: LineFragment { layout.lines[index] }

    /// The x of the line's left edge from the layout's left edge (`TextLayout.lineX(_:)`).
    var x: Double {
        let align = layout.options.modes.textAlign
        guard layout.width.isFinite, align == .end || align == .center else { return 0 }
        let free = layout.width - alignedWidth
        guard free > 0 else { return 0 }
        switch align {
        case .start, .justify: return 0
        case .end: return free
        case .center: return (free * 32).rounded(.down) / 64
        }
    }

    /// The width `x` aligns: the content's, with the white space ending a line at a
    /// mandatory break or the text's end up to the width.
    private var alignedWidth: Double {
        let line = line
        guard line.isHard || index == layout.lines.count - 1, line.contentEnd > line.start,
              let full = try? layout.unalignedCaretX(onLine: index, at: line.contentEnd), full > line.width else { return line.width }
        return Swift.min(layout.width, full)
    }

    /// The line's expansion opportunities under `justify` and the width each one gets
    /// (`TextLayout.justification(ofLine:)`): the width left after the line's content, its
    /// inline items rounded up to a layout unit each as Blink sums them (spaces opening a
    /// paragraph are an item of their own).
    var justification: (opportunities: Int, extra: Double) {
        let line = line, width = layout.width
        guard layout.options.modes.textAlign == .justify, width.isFinite, index + 1 < layout.lines.count, !line.isHard,
              line.width < width else { return (0, 0) }
        let count = _LineAlignment.expansionOpportunities(layout.lineText(index))
        guard count > 0 else { return (0, 0) }
        let used = openingSpaces?.used ?? line.width
        guard used < width else { return (0, 0) }
        return (count, (width - used) / Double(count))
    }

    /// The right edge of the line's content: `x` plus its width, justified
    /// (`TextLayout.lineRight(_:)`).
    var right: Double {
        let (count, extra) = justification
        let used = count > 0 ? openingSpaces?.used ?? line.width : line.width
        return x + used + Double(count) * extra
    }

    /// A line opening a paragraph with spaces (white space Chromium makes an inline item of
    /// its own, rounded up to a layout unit apart from the rest of the line): the line's
    /// width with what that rounding adds, its first offset past the spaces, their
    /// unrounded width and their expansion opportunities (one a space), where the line is
    /// shaped text; nil otherwise.
    ///
    /// - Complexity: O(the line's length).
    private var openingSpaces: (used: Double, end: Int, width: Double, opportunities: Int)? {
        guard let shaped = layout.shapedText, index == 0 || layout.lines[index - 1].isHard else { return nil }
        let line = line, text = layout.text
        let utf8 = text.utf8
        var i = utf8.index(utf8.startIndex, offsetBy: line.start)
        var end = line.start
        while end < line.contentEnd && utf8[i] == 0x20 { end += 1; i = utf8.index(after: i) }
        guard end > line.start else { return nil }
        // The content's end before the white space that hangs (as `expansionOpportunities`).
        var contentEnd = line.contentEnd
        let trimmed = layout.lineText(index).unicodeScalars.reversed().prefix { $0 == " " || $0 == "\t" || $0 == "\u{3000}" }
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

    /// Under `justify`, what the spaces opening the line (`openingSpaces`) add to the x of
    /// every offset from `end` on: their item's justified width rounded up to a layout unit,
    /// as Blink sets the next item after it. Nil on other lines.
    private func openingSpacesRound(extra: Double) -> (end: Int, round: Double)? {
        guard extra > 0, let o = openingSpaces else { return nil }
        let justified = o.width + Double(o.opportunities) * extra
        return (o.end, Self.ceilToLayoutUnit(justified) - justified)
    }

    /// Under `justify`, what the expansion opportunities before `offset` add to its x (each
    /// opportunity's share of the free width, as Blink gives it: a space's after the space,
    /// an ideograph's before and after around it); 0 on a line not justified.
    ///
    /// - Complexity: O(the line's length).
    func justifiedShift(at offset: Int) -> Double {
        let (count, extra) = justification
        let start = line.start, text = layout.text
        guard count > 0, offset > start else { return 0 }
        let utf8 = text.utf8
        let from = utf8.index(utf8.startIndex, offsetBy: start)
        let end = utf8.index(from, offsetBy: Swift.min(offset, text.utf8.count) - start)
        let before = _LineAlignment.expansionOpportunities(text[from..<end], trimming: false)
        let opening = openingSpacesRound(extra: extra)
        return Double(Swift.min(before, count)) * extra + (opening.map { offset >= $0.end ? $0.round : 0 } ?? 0)
    }

    /// The line's unaligned caret stops (`TextLayout.unalignedCaretStops(onLine:_:)`) with
    /// each stop's justified x, the opportunities before it counted as the walk goes.
    ///
    /// - Complexity: O(the line's length).
    func forEachJustifiedCaretStop(_ body: (_ offset: Int, _ x: Double) -> Bool) throws(TextLayoutError) {
        let (count, extra) = justification
        guard count > 0 else { return try layout.unalignedCaretStops(onLine: index, body) }
        var counter = _LineAlignment.JustificationCounter()
        let text = layout.text
        let start = text.utf8.index(text.utf8.startIndex, offsetBy: line.start)
        let clusters = text[start...]
        var i = clusters.startIndex
        var at = line.start
        let opening = openingSpacesRound(extra: extra)
        try layout.unalignedCaretStops(onLine: index) { offset, x in
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
