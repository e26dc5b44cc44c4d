import Synchronization

/// Line clamping of a prepared text: at most N lines with an ellipsis, laid out by the same
/// arithmetic as `layout(width:)`, without making the lines it does not show.
extension ShapedText {
    /// Lays the prepared text out at `width` in at most `lineClamp` lines, as CSS
    /// `-webkit-line-clamp: lineClamp` (with `display: -webkit-box; -webkit-box-orient:
    /// vertical; overflow: hidden`) shows it in Chromium: the lines `layout(width:)` makes,
    /// the last one shown cut so that "…" fits after it when text is hidden.
    ///
    /// ```swift
    /// let collapsed = try prepared.layout(width: 280, lineClamp: 3)
    /// if collapsed.isTruncated { /* draw "show more" under collapsed.height */ }
    /// ```
    ///
    /// - Throws: `.invalidWidth` for a zero, negative or NaN width; `.invalidLineClamp`
    ///   when `lineClamp < 1`.
    /// - Complexity: O(break opportunities + lines shown + length of the last line shown):
    ///   the lines past the clamp are found (to know whether text is hidden) but not made.
    public func layout(width: Double, lineClamp: Int) throws(TextLayoutError) -> ClampedLayout {
        try layout(width: width, lineClamp: lineClamp, rightToLeft: false)
    }

    /// Lays the prepared text out at `width` in at most `lineClamp` lines as a paragraph of
    /// `direction` shows it (`dir="rtl"`: the last line shown keeps its right part and the
    /// ellipsis goes on its left; see ``ClampedLayout/isRightToLeft``).
    ///
    /// - Throws: `.invalidWidth` for a zero, negative or NaN width; `.invalidLineClamp`
    ///   when `lineClamp < 1`.
    /// - Complexity: O(break opportunities + lines shown + length of the last line shown),
    ///   and for a right-to-left paragraph the length of the last line's paragraph.
    public func layout(width: Double, lineClamp: Int, direction: ParagraphDirection) throws(TextLayoutError) -> ClampedLayout {
        try layout(width: width, lineClamp: lineClamp, rightToLeft: direction.isRightToLeft(text))
    }

    func layout(width: Double, lineClamp: Int, rightToLeft rtl: Bool) throws(TextLayoutError) -> ClampedLayout {
        guard !width.isNaN, width > 0 else { throw .invalidWidth(width) }
        guard lineClamp >= 1 else { throw .invalidLineClamp(lineClamp) }
        var collector = ClampCollector(lineClamp: lineClamp)
        forEachLine(width: width, visitor: &collector)
        var lines = collector.lines, bottoms = collector.bottoms, y = collector.y
        let count = collector.count, lastHard = collector.lastHard, bounds = collector.bounds
        if !storage.header.isItemized && roundsBidiRuns { roundBidiRuns(&lines) }
        let end = Int(offsets[lastBoundary])
        // The empty line after a final mandatory break (or of an empty text) is a line of
        // the layout, but no text a clamp hides.
        if count < lineClamp && (count == 0 || lastHard) {
            lines.append(LineFragment(start: end, end: end, width: 0, terminatorLength: 0))
            y += fixedLineHeight ?? strutHeight
            bottoms.append(y)
        }
        let shown = lines.count
        let truncated = count > lineClamp
        if truncated, let last = lines.last {
            lines.append(LineFragment(start: last.end, end: end, width: 0, terminatorLength: 0))
            bottoms.append(y)
        }
        let layout = TextLayout(shaped: self, width: width, lines: lines, bottoms: bottoms)
        return try clampResult(layout, shown: shown, truncated: truncated, boundaries: truncated ? bounds : nil, rightToLeft: rtl)
    }

    /// The prepared text on one line cut to `width` with an ellipsis, as CSS `text-overflow:
    /// ellipsis` shows it with `white-space: nowrap; overflow: hidden` (see
    /// `TextLayout.singleLine(text:width:metrics:options:)`).
    ///
    /// - Throws: `.invalidWidth` for a zero, negative or NaN width.
    /// - Complexity: O(break opportunities + length of the first line).
    public func singleLine(width: Double) throws(TextLayoutError) -> ClampedLayout {
        try singleLine(width: width, direction: .ltr)
    }

    /// The prepared text on one line cut to `width` with an ellipsis in a paragraph of
    /// `direction` (right to left: the line keeps its right part, the ellipsis on its left).
    ///
    /// - Throws: `.invalidWidth` for a zero, negative or NaN width.
    /// - Complexity: O(break opportunities + length of the first line).
    public func singleLine(width: Double, direction: ParagraphDirection) throws(TextLayoutError) -> ClampedLayout {
        guard !width.isNaN, width > 0 else { throw .invalidWidth(width) }
        let rtl = direction.isRightToLeft(text)
        return try layout(width: .infinity, lineClamp: 1, rightToLeft: rtl).layout.truncatedToOneLine(width: width, rightToLeft: rtl)
    }
}

/// The cut of a left-to-right line without tabs, by arithmetic on the prepared advances
/// (what `_Truncation.clusters(of:onLine:)` and `_Truncation.cut` find on any line, without
/// making the line's graphemes).
extension ShapedText {
    /// Whether lines of this text are cut by `leftToRightCut` (no right-to-left run, no tab).
    var cutsByArithmetic: Bool { storage.header.isLeftToRight && !hasTabs }

    /// The right edge of the line from UTF-8 `start` to `contentEnd` (its caret stops'
    /// last x), in pixels.
    func leftToRightRight(start: Int, contentEnd: Int) -> Double {
        let s = boundary(of: start), e = boundary(of: contentEnd)
        return e > s ? Self.pixels(x[e] - x[s] + lineStartShift(at: s)) : 0
    }
}

/// The lines a clamp shows, and how many there are in all (`ShapedText.layout(width:lineClamp:)`):
/// the lines shown go to a `LineCollector`, the rest are only counted.
struct ClampCollector: LineVisitor {
    let lineClamp: Int
    private var shown: LineCollector
    private(set) var count = 0
    private(set) var lastHard = false
    /// The boundary indices of the last line shown: its start and its content's end.
    private(set) var bounds = (start: 0, contentEnd: 0)

    var lines: [LineFragment] { shown.lines }
    var bottoms: [Double] { shown.bottoms }
    var y: Double { shown.bottoms.last ?? 0 }

    init(lineClamp: Int) {
        self.lineClamp = lineClamp
        // The lines shown, and the line of the rest or the empty last line added after.
        shown = LineCollector(capacity: Swift.min(lineClamp, 16) + 1)
    }

    @inline(__always)
    mutating func visit(_ text: ShapedText, _ s: Int, _ e: Int, _ width: Int64, _ hard: Bool, _ box: Double?) {
        count += 1
        lastHard = hard
        guard count <= lineClamp else { return }
        bounds = (s, hard ? e - 1 : e)
        shown.visit(text, s, e, width, hard, box)
    }
}

/// The ellipsis of a prepared text and the cut of its left-to-right lines by arithmetic on
/// the prepared advances (see `ShapedText.cutsByArithmetic`).
extension _Truncation {
    /// The ellipsis Chromium draws for `text`: "…" shaped in the primary font, or "..."
    /// when that font has no glyph for it; its advance rounded up to a layout unit. Shaped
    /// once per prepared text (two threads may both shape it; they store the same value).
    static func ellipsis(of text: ShapedText) -> (text: String, width: Double) {
        let edgeCache = text.edgeCache
        var packed = edgeCache.ellipsis.load(ordering: .relaxed)
        if packed == 0 {
            func advance(_ s: String) -> (Int64, Bool)? {
                guard let shaped = try? text.shaper.shape(s) else { return nil }
                let total = shaped.advances.reduce(Int64(0)) { $0 + Int64($1) }
                return (total, shaped.runs.allSatisfy { $0.face == 0 })
            }
            // Bit 0: "..." instead of "…"; bit 1: computed; the advance above them.
            if let (w, primary) = advance("\u{2026}"), primary, w > 0 {
                packed = ShapedText.ceilToLayoutUnit(w) << 2 | 2
            } else {
                packed = ShapedText.ceilToLayoutUnit(advance("...")?.0 ?? 0) << 2 | 3
            }
            edgeCache.ellipsis.store(packed, ordering: .relaxed)
        }
        return (packed & 1 == 0 ? "\u{2026}" : "...", ShapedText.pixels(packed >> 2))
    }

    /// The graphemes kept of the line from boundary `s` to its content end `e` (their UTF-8
    /// end) and where the ellipsis starts, as `_Truncation.cut` finds them; `hyphen` widens
    /// the line's last grapheme (a soft hyphen's hyphen).
    ///
    /// - Complexity: O(log length of the line).
    static func leftToRightCut(_ text: ShapedText, s: Int, e: Int, width: Double, ellipsisWidth: Double,
                               hyphen: Double) -> (end: Int, x: Double) {
        let offsets = text.offsets
        guard e > s else { return (Int(offsets[s]), 0) }
        let shift = text.lineStartShift(at: s)
        let x = text.x
        func right(_ k: Int) -> Double { ShapedText.pixels(x[k] - x[s] + shift) + (k == e ? hyphen : 0) }
        let room = width - ellipsisWidth + 1e-9
        if right(e) <= room { return (Int(offsets[e]), right(e)) }
        var lo = s + 1, hi = e   // the first boundary whose right edge passes the room
        while lo < hi {
            let mid = (lo + hi) / 2
            if right(mid) <= room { lo = mid + 1 } else { hi = mid }
        }
        var k = lo - 1
        while k > s + 1 && text.has(k, ShapedText.Flags.insideGlyph) { k -= 1 }
        k = Swift.max(k, s + 1)
        return (Int(offsets[k]), right(k))
    }
}
