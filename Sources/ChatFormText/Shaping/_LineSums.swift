/// How `LineBreaker` sums a line's width from the prepared advances: plain text's line is
/// its exact advance rounded up to a layout unit once (`PlainLineSum`); a line of a text with
/// several inline items (styled, mixed-direction: `_ItemBoundaries`) is the sum of its
/// items' pieces, each rounded on its own, as Chromium's line breaker sums items
/// (`ItemLineSum`: `LineBreaker::HandleText` takes each item's `ShapeResult::SnappedWidth`).
/// Widths in 1/65536 pixel.
protocol LineSum {
    /// Whether a line may cross items rounded on their own (false: `headEnd` is the stretch's
    /// end, and `scan` and `crossedWidth` are never called).
    static var sumsItems: Bool { get }
    /// A line of `text` starts at boundary `s`: the boundary of break entry `step`, the
    /// text's start when `step` is the entry count, or (-1) a boundary inside a word.
    mutating func startLine(_ text: ShapedText, at s: Int, step: Int)
    /// Where the scan on prepared advances from the line's start stops: `end` (the stretch's
    /// end), or the first entry whose content crosses the next item's start if that is before.
    func headEnd(_ end: Int) -> Int
    /// The scan past the first item's piece of a line starting at a safe boundary: the last
    /// entry of `split..<end` that fits (`split - 1` if none), or nil where the scan may not
    /// go on (the line opens with white space rounded apart, `frac`).
    mutating func scan(from split: Int, to end: Int, fit: Int64, frac: Int64) -> Int?
    /// The width of the line to entry `k`, a result of `scan`.
    func crossedWidth(_ k: Int) -> Int64
    /// The width of the line to content end `ce`, whose exact advance is `raw` (`hyphen`
    /// included); called for content ends that only grow along a line.
    mutating func width(_ text: ShapedText, to ce: Int, raw: Int64, hyphen: Int64) -> Int64
    /// The width of a line broken inside a word, from boundary `s` (the line's start) to `g`
    /// (exact advance `raw`).
    func brokenWidth(_ text: ShapedText, from s: Int, to g: Int, raw: Int64) -> Int64
}

/// A text of one item: the line's advance rounded once.
struct PlainLineSum: LineSum {
    static var sumsItems: Bool { false }
    @inline(__always) init() {}
    @inline(__always) func startLine(_ text: ShapedText, at s: Int, step: Int) {}
    @inline(__always) func headEnd(_ end: Int) -> Int { end }
    @inline(__always) func scan(from split: Int, to end: Int, fit: Int64, frac: Int64) -> Int? { nil }
    @inline(__always) func crossedWidth(_ k: Int) -> Int64 { 0 }
    @inline(__always) func width(_ text: ShapedText, to ce: Int, raw: Int64, hyphen: Int64) -> Int64 { _LayoutUnit.ceil(raw) }
    @inline(__always) func brokenWidth(_ text: ShapedText, from s: Int, to g: Int, raw: Int64) -> Int64 { _LayoutUnit.ceil(raw) }
}

/// Itemized text: each inline item's piece of a line rounded up to a layout unit on its own.
///
/// The items lying wholly inside a line add their rounded widths, fixed at preparing
/// (`ItemStart.roundedBefore`), so past the line's first item the scan compares each
/// entry's `ItemStep.roundedX` (the rounded widths before its item plus its advance in it)
/// with one threshold: the line's first piece rounded, plus the items between, plus the last
/// piece rounded, is at most the width. A line starting at a break entry reads that
/// threshold's base and the first item it crosses from the entry's `ItemStep`, made at
/// preparing; a line starting inside a word finds them from the items. Entries measured one
/// at a time (complex ones) sum the pieces from the line's start (`width(_:to:raw:hyphen:)`).
struct ItemLineSum<Steps: ItemStepReader>: LineSum {
    static var sumsItems: Bool { true }
    /// The prepared text's item steps (one per break entry and one for the text's start),
    /// narrow or wide, read without bounds checks or reference counting: valid during the
    /// walk `ShapedText.forEachItemizedLine` starts; nil for a text without them (a negative
    /// advance: no rounded scale, the items are summed one at a time).
    private let itemSteps: Steps?
    /// The first item starting after the line's start, the first entry crossing it, and the
    /// base of the scan past it (`ItemStep`).
    private var next = 0
    private var split = 0
    private var base: Int64 = 0
    /// The pieces taken in by `width(_:to:raw:hyphen:)`: where the line and the current
    /// piece start, the index of the next item start after it, and the rounded widths of
    /// those before it.
    private var lineStart = 0
    private var pieceStart = 0
    private var pieceNext = 0
    private var pieceBase: Int64 = 0

    @inline(__always)
    init(itemSteps: Steps?) {
        self.itemSteps = itemSteps
    }

    @inline(__always)
    mutating func startLine(_ text: ShapedText, at s: Int, step: Int) {
        if step >= 0, let itemSteps {
            let start = itemSteps[step]
            next = Int(start.nextItem)
            split = Int(start.split)
            base = start.crossingBase
        } else {
            startInsideWord(text, at: s)
        }
        lineStart = s
        pieceStart = s
        pieceNext = next
        pieceBase = 0
    }

    /// `startLine` where no item step says where the line is: line starts only grow along a
    /// walk, so the first item after `s` is found by stepping on from the previous line's.
    @inline(never)
    private mutating func startInsideWord(_ text: ShapedText, at s: Int) {
        let items = text.items
        var lo = next
        while lo < items.count && Int(items[lo].boundary) <= s { lo += 1 }
        next = lo
        split = lo < items.count ? Int(items[lo].firstStep) : text.breakEntries.count
        base = lo < items.count ? items[lo].roundedBefore - _LayoutUnit.ceil(text.x[Int(items[lo].boundary)] - text.x[s]) : 0
    }

    @inline(__always)
    func headEnd(_ end: Int) -> Int {
        Swift.min(end, split)
    }

    @inline(__always)
    mutating func scan(from split: Int, to end: Int, fit: Int64, frac: Int64) -> Int? {
        guard frac == 0, let itemSteps else { return nil }
        // Both ends are safe: the line's start, and the item's (else `split` is complex).
        let threshold = fit == .max ? Int64.max : base + fit
        var lo = split - 1
        if itemSteps.roundedX(split) <= threshold {
            lo = split
            while lo + 4 < end && itemSteps.roundedX(lo + 4) <= threshold { lo += 4 }
            while lo + 1 < end && itemSteps.roundedX(lo + 1) <= threshold { lo += 1 }
        }
        return lo
    }

    @inline(__always)
    func crossedWidth(_ k: Int) -> Int64 {
        _LayoutUnit.ceil(itemSteps.unsafelyUnwrapped.roundedX(k) - base)
    }

    mutating func width(_ text: ShapedText, to ce: Int, raw: Int64, hyphen: Int64) -> Int64 {
        if ce < pieceStart { return text.itemizedWidth(from: lineStart, to: ce, hyphen: hyphen) }
        let items = text.items
        while pieceNext < items.count && Int(items[pieceNext].boundary) < ce {
            let b = Int(items[pieceNext].boundary)
            pieceBase += _LayoutUnit.ceil(Self.piece(text, pieceStart, b))
            pieceStart = b
            pieceNext += 1
        }
        if ce <= pieceStart { return pieceBase }
        return pieceBase + _LayoutUnit.ceil(Self.piece(text, pieceStart, ce) + hyphen)
    }

    /// As `text.itemizedWidth(from: s, to: g)`; a piece inside the line's first item (no
    /// item starts after `s` before `g`) is `raw` rounded, with nothing looked up (a broken
    /// word's clusters are tried one by one).
    @inline(__always)
    func brokenWidth(_ text: ShapedText, from s: Int, to g: Int, raw: Int64) -> Int64 {
        let items = text.items
        if s == lineStart && (next >= items.count || Int(items[next].boundary) >= g) { return _LayoutUnit.ceil(raw) }
        return text.itemizedWidth(from: s, to: g)
    }

    /// The advance of boundaries `a..<b`: the prepared advances where neither end is
    /// unsafe, else `ShapedText.rawWidth`.
    private static func piece(_ text: ShapedText, _ a: Int, _ b: Int) -> Int64 {
        if text.has(a, ShapedText.Flags.unsafe) || (b < text.lastBoundary && text.has(b, ShapedText.Flags.unsafe)) {
            return text.rawWidth(from: a, to: b)
        }
        return text.x[b] - text.x[a]
    }
}
