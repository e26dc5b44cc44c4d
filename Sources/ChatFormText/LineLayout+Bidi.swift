import ChatFormGeometry

/// Where the caret is drawn for one position in mixed-direction text: the primary caret,
/// and at a direction boundary, where the offset also ends or starts a run of the other
/// direction, the secondary one (AppKit draws both; Chromium and UIKit draw the primary).
public struct CaretRects: Sendable, Hashable {
    /// The caret Chromium draws for the position.
    public var primary: Rect
    /// The other place of the offset at a direction boundary, or nil.
    public var secondary: Rect?

    public init(primary: Rect, secondary: Rect? = nil) {
        self.primary = primary
        self.secondary = secondary
    }
}

/// The order left and right arrow keys move the caret in.
public enum CaretMovementOrder: String, Sendable, Hashable, Codable, CaseIterable {
    /// Right moves one grapheme on in the text, left one back, whatever the direction of
    /// the text under the caret: what Chromium's `Selection.modify('move', 'right',
    /// 'character')` and its arrow keys do in a left-to-right block.
    case logical
    /// Right moves the caret to the next stop on its right on screen, left to the next on
    /// its left (AppKit's and Firefox's arrow keys): the stops of a line are its offsets by
    /// the x of their primary carets; past a line's end the caret goes on to the next line.
    case visual
}

/// Bidirectional text under the caret (see <doc:BidirectionalText>): carets at direction
/// boundaries, hit testing, arrow keys in either order, and selections across runs. Lines
/// without right-to-left text take the plain left-to-right paths.
extension LineLayout {
    /// The line's mixed-direction model, or nil for a left-to-right line.
    func bidiLine(_ index: Int) throws(TextLayoutError) -> _BidiLine? {
        var bidi: _BidiLine?
        if let layout = self as? TextLayout, let shaped = layout.shapedText {
            if shaped.storage.head.pointee.isLeftToRight { return nil }
            let line = self.line(at: index)
            bidi = try shaped.edgeCache.bidiLine(Int64(line.start) << 32 | Int64(line.contentEnd)) { () throws(TextLayoutError) in
                try makeBidiLine(index)
            }
        } else {
            bidi = try makeBidiLine(index)
        }
        // A right-to-left paragraph's line placed from the right (the model is kept from x 0:
        // one prepared line serves every width).
        if var b = bidi, b.paragraphLevel & 1 == 1 {
            b.shift = b.rightToLeftShift(width: width, align: lineAlignment)
            return b
        }
        return bidi
    }

    private func makeBidiLine(_ index: Int) throws(TextLayoutError) -> _BidiLine? {
        guard let levels = try bidiLevels(onLine: index) else { return nil }
        let line = self.line(at: index)
        var stops: [(offset: Int, x: Double)] = []
        try forEachCaretStop(onLine: index) { offset, x in
            stops.append((offset, x))
            return true
        }
        let text = Array(try substring(line.start..<line.contentEnd).utf8)
        let start = line.start
        let paragraph = paragraphLevel(onLine: index)
        // The prepared text's inline items (`_ItemBoundaries`): the boxes are rounded apart
        // where they start, as the line's width and its fit are.
        let itemStarts = (self as? TextLayout)?.shapedText?.itemStartOffsets(in: start..<line.contentEnd) ?? []
        return _BidiLine(start: start, contentEnd: line.contentEnd, stops: stops,
                         levels: { offset in offset - start < levels.count ? levels[offset - start] : paragraph },
                         isHangingSpace: { offset in Self.isHangingSpace(text, at: offset - start) }, paragraphLevel: paragraph,
                         startsItem: { itemStarts.contains($0) })
    }

    /// Whether the grapheme at byte `i` of a line's text (`text`) is white space that hangs
    /// at the line's end (UAX #9 rule L1 orders it at the paragraph's level).
    static func isHangingSpace(_ text: [UInt8], at i: Int) -> Bool {
        guard i >= 0, i < text.count else { return false }
        if text[i] == 0x20 { return true }
        return text.withUnsafeBufferPointer { b in
            let (scalar, _) = UTF8Scalar.decode(b, at: i)
            return ScalarProperties.of(scalar).isHangingWhitespace
        }
    }

    /// The primary caret and, at a direction boundary, the secondary one for `position`.
    ///
    /// On a left-to-right line both are ``caretRect(for:)`` and there is no secondary.
    /// Where an offset both ends a run and starts one of the other direction, it has two
    /// places on screen: the primary caret is the one beside text of the lower embedding
    /// level (the paragraph's direction: "abc |שלום" draws after "abc "), the secondary the
    /// other, as AppKit draws split carets.
    ///
    /// - Throws: `.offsetOutOfRange` or `.notOnGraphemeBoundary`.
    /// - Complexity: O(log lines + length of the caret's line) (a prepared text's lines are
    ///   made once and kept).
    public func caretRects(for position: TextPosition) throws(TextLayoutError) -> CaretRects {
        let index = try lineIndex(for: position)
        let y = lineTop(index), h = heightOfLine(index)
        guard let bidi = try bidiLine(index) else {
            return CaretRects(primary: Rect(x: try clampedCaretX(onLine: index, at: position.offset), y: y, width: 0, height: h))
        }
        let offset = Swift.min(position.offset, bidi.contentEnd)
        let primary = clamped(bidi.primaryX(offset), onLine: index)
        var secondary: Rect?
        if let b = bidi.boundaryIndex(offset), let x = bidi.secondary[b] {
            secondary = Rect(x: clamped(x + bidi.shift, onLine: index), y: y, width: 0, height: h)
        }
        return CaretRects(primary: Rect(x: primary, y: y, width: 0, height: h), secondary: secondary)
    }

    /// Every place on its line the caret at `position` lies on, unclamped: the edges of the
    /// boxes it bounds (what a browser's collapsed range reports), or its cluster edge. On a
    /// mixed-direction line each is snapped down to a layout unit (1/64 px), as Blink snaps
    /// a collapsed range's rect (`FragmentItem::LineLeftAndRightForOffsets` floors its
    /// start): its box's x, a whole number of units, plus the offset's position in the box.
    func caretPlaces(for position: TextPosition) throws(TextLayoutError) -> [Double] {
        let index = try lineIndex(for: position)
        guard let bidi = try bidiLine(index) else {
            if let x = emptyRightToLeftLineX(index) { return [x] }
            return [try caretX(onLine: index, at: Swift.min(position.offset, line(at: index).contentEnd))]
        }
        guard let b = bidi.boundaryIndex(Swift.min(position.offset, bidi.contentEnd)) else { return [] }
        return (bidi.places[b].isEmpty ? [bidi.primary[b]] : bidi.places[b]).map { _LayoutUnit.floor(pixels: $0 + bidi.shift) }
    }

    /// The primary caret's x at `position`, unclamped.
    func primaryCaretX(for position: TextPosition) throws(TextLayoutError) -> Double {
        let index = try lineIndex(for: position)
        guard let bidi = try bidiLine(index) else {
            if let x = emptyRightToLeftLineX(index) { return x }
            return try caretX(onLine: index, at: Swift.min(position.offset, line(at: index).contentEnd))
        }
        return bidi.primaryX(position.offset)
    }

    /// An x on line `index` kept at the wrap edge when hanging white space runs past it: the
    /// width's right edge, or in a right-to-left paragraph its left edge (0), where Chromium
    /// paints such a caret in the content box's first pixel column.
    func clamped(_ x: Double, onLine index: Int) -> Double {
        guard width.isFinite else { return x }
        if baseDirection != .ltr, paragraphLevel(onLine: index) & 1 == 1 {
            return Swift.max(x, Swift.min(0, width - line(at: index).width))
        }
        return Swift.min(x, Swift.max(width, line(at: index).width))
    }

    /// The runs of line `index` in visual order, from left to right: each a stretch of
    /// graphemes of one direction, with its UTF-8 range and x extent.
    ///
    /// - Complexity: O(length of the line).
    public func visualRuns(onLine index: Int) throws(TextLayoutError) -> [VisualRun] {
        let line = self.line(at: index)
        guard let bidi = try bidiLine(index) else {
            if line.contentEnd == line.start { return [] }
            let end = try caretX(onLine: index, at: line.contentEnd)
            return [VisualRun(range: line.start..<line.contentEnd, level: 0, minX: 0, maxX: end)]
        }
        var runs: [VisualRun] = []
        for c in bidi.clusters {
            if var last = runs.last, last.level == c.level, abs(last.maxX - c.left) < 1e-9,
               (c.isRightToLeft ? c.end == last.range.lowerBound : c.start == last.range.upperBound) {
                last.range = Swift.min(last.range.lowerBound, c.start)..<Swift.max(last.range.upperBound, c.end)
                last.maxX = c.right
                runs[runs.count - 1] = last
            } else {
                runs.append(VisualRun(range: c.start..<c.end, level: c.level, minX: c.left, maxX: c.right))
            }
        }
        return bidi.shift == 0 ? runs : runs.map {
            VisualRun(range: $0.range, level: $0.level, minX: $0.minX + bidi.shift, maxX: $0.maxX + bidi.shift)
        }
    }

    /// The graphemes of line `index` as shown, from left to right, each a run of one
    /// grapheme: its UTF-8 range, level and x extent where the layout puts it (a
    /// right-to-left run's graphemes reversed, a right-to-left paragraph's line placed from
    /// the right). What a drawing writes at each x; the line's mandatory break is not one.
    ///
    /// - Complexity: O(length of the line).
    public func visualGraphemes(onLine index: Int) throws(TextLayoutError) -> [VisualRun] {
        if let bidi = try bidiLine(index) {
            return bidi.clusters.map {
                VisualRun(range: $0.start..<$0.end, level: $0.level, minX: $0.left + bidi.shift, maxX: $0.right + bidi.shift)
            }
        }
        var result: [VisualRun] = []
        var previous: (offset: Int, x: Double)?
        try forEachCaretStop(onLine: index) { offset, x in
            if let p = previous { result.append(VisualRun(range: p.offset..<offset, level: 0, minX: p.x, maxX: Swift.max(p.x, x))) }
            previous = (offset, x)
            return true
        }
        return result
    }

    /// The position the caret moves to with one press of the left (`by: -1`) or right
    /// (`by: 1`) arrow key, in `order`: logically (Chromium's arrow keys in a
    /// left-to-right block) or visually. Either way every offset is reached from both
    /// sides, and a move past the text's start or end stays there.
    ///
    /// - Throws: `.offsetOutOfRange` or `.notOnGraphemeBoundary`.
    /// - Complexity: O(1) amortized logically; O(log lines + length of the caret's line
    ///   × log of it) visually.
    public func position(movingHorizontallyFrom position: TextPosition, by direction: Int,
                         order: CaretMovementOrder = .logical) throws(TextLayoutError) -> TextPosition {
        try validate(position.offset)
        guard direction != 0 else { return position }
        var forward = direction > 0
        if order == .logical {
            // Right is backward in a right-to-left paragraph (Chromium's arrow keys in a
            // `dir="rtl"` block).
            if baseDirection != .ltr, paragraphLevel(onLine: try lineIndex(for: position)) & 1 == 1 { forward.toggle() }
            return TextPosition(offset: forward ? try offset(after: position.offset) : try offset(before: position.offset))
        }
        var index = try lineIndex(for: position)
        var stops = try visualStops(onLine: index)
        guard let at = stops.firstIndex(where: { $0.offset == position.offset }) else {
            return TextPosition(offset: forward ? try offset(after: position.offset) : try offset(before: position.offset))
        }
        var next = at + (forward ? 1 : -1)
        // Past the line's visual end: on to the next line's first stop (the previous line's
        // last), skipping the place the caret already has there (a soft wrap's two places).
        while next < 0 || next >= stops.count {
            index += forward ? 1 : -1
            if index < 0 || index >= lineCount { return position }
            stops = try visualStops(onLine: index)
            next = forward ? 0 : stops.count - 1
            if stops.count > 0 && stops[next].offset == position.offset { next += forward ? 1 : -1 }
        }
        return stops[next]
    }

    /// Line `index`'s caret stops from left to right: its offsets ordered by the x of their
    /// primary carets (the end of a soft-wrapped line upstream).
    func visualStops(onLine index: Int) throws(TextLayoutError) -> [TextPosition] {
        let line = self.line(at: index)
        let soft = !line.isHard && index < lineCount - 1
        func position(_ offset: Int) -> TextPosition {
            TextPosition(offset: offset, affinity: soft && offset == line.end ? .upstream : .downstream)
        }
        if let bidi = try bidiLine(index) { return bidi.visualStops().map(position) }
        var result: [TextPosition] = []
        try forEachCaretStop(onLine: index) { offset, _ in
            result.append(position(offset))
            return true
        }
        return result
    }

    /// The rectangles covering the text in `range` (grapheme boundaries), in the text's
    /// coordinates: on each line one rectangle per visual run the range touches, so a
    /// selection crossing a direction boundary shows as separate pieces, as browsers draw
    /// it. Hanging white space and line breaks add nothing; empty ranges give none.
    ///
    /// - Throws: `.offsetOutOfRange` or `.notOnGraphemeBoundary` for either bound.
    /// - Complexity: O(log lines + length of the lines the range touches).
    public func selectionRects(for range: Range<Int>) throws(TextLayoutError) -> [Rect] {
        try validate(range.lowerBound)
        try validate(range.upperBound)
        guard !range.isEmpty else { return [] }
        var rects: [Rect] = []
        var index = lineIndex(startingAtOrBefore: range.lowerBound)
        while index < lineCount {
            let line = self.line(at: index)
            if line.start >= range.upperBound && !(line.start == line.end && line.start == range.upperBound) { break }
            let from = Swift.max(range.lowerBound, line.start), to = Swift.min(range.upperBound, line.contentEnd)
            let y = lineTop(index), h = heightOfLine(index)
            if from < to {
                if let bidi = try bidiLine(index) {
                    for e in bidi.selectionExtents(from..<to) {
                        rects.append(Rect(x: e.minX, y: y, width: e.maxX - e.minX, height: h))
                    }
                } else {
                    let a = try caretX(onLine: index, at: from), b = try caretX(onLine: index, at: to)
                    rects.append(Rect(x: Swift.min(a, b), y: y, width: abs(b - a), height: h))
                }
            }
            index += 1
        }
        return rects
    }
}

/// A run of graphemes of one direction on a line, as shown: its UTF-8 range and x extent.
public struct VisualRun: Sendable, Hashable {
    /// UTF-8 range of the run's graphemes.
    public var range: Range<Int>
    /// UAX #9 embedding level (odd: right to left, the range's start on the right).
    public var level: UInt8
    /// Left edge, from the line's left.
    public var minX: Double
    /// Right edge, from the line's left.
    public var maxX: Double

    public init(range: Range<Int>, level: UInt8, minX: Double, maxX: Double) {
        self.range = range
        self.level = level
        self.minX = minX
        self.maxX = maxX
    }

    /// Whether the run reads right to left.
    public var isRightToLeft: Bool { level & 1 == 1 }
}
