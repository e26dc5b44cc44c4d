/// How `LineBreaker` sums a line's width from the prepared advances: plain text's line is
/// its exact advance rounded up to a layout unit once (`PlainLineSum`); a styled line is the
/// sum of its inline items' pieces, each rounded on its own, as Chromium's line breaker sums
/// items (`ItemLineSum`). Widths in 1/65536 pixel.
protocol LineSum {
    /// Whether a line may cross items rounded on their own (false: `headEnd` is the stretch's
    /// end, and `scan` and `crossedWidth` are never called).
    static var sumsItems: Bool { get }
    /// A line starts at boundary `s`.
    mutating func startLine(at s: Int)
    /// Where the scan on prepared advances from the line's start stops: `end` (the stretch's
    /// end), or the first entry whose content crosses the next item's start if that is before.
    func headEnd(_ end: Int) -> Int
    /// The scan past the first item's piece of a line starting at advance `sx` (a safe
    /// boundary): the last entry of `split..<end` that fits (`split - 1` if none), or nil
    /// where the scan may not go on (the line opens with white space rounded apart, `frac`).
    mutating func scan(from split: Int, to end: Int, sx: Int64, fit: Int64, frac: Int64) -> Int?
    /// The width of the line to entry `k`, a result of `scan`.
    func crossedWidth(_ k: Int) -> Int64
    /// The width of the line to content end `ce`, whose exact advance is `raw` (`hyphen`
    /// included); called for content ends that only grow along a line.
    mutating func width(to ce: Int, raw: Int64, hyphen: Int64) -> Int64
    /// The width of a line broken inside a word, from boundary `s` to `g` (exact advance `raw`).
    func brokenWidth(from s: Int, to g: Int, raw: Int64) -> Int64
}

/// Plain text: one item, the line's advance rounded once.
struct PlainLineSum: LineSum {
    static var sumsItems: Bool { false }
    @inline(__always) init() {}
    @inline(__always) func startLine(at s: Int) {}
    @inline(__always) func headEnd(_ end: Int) -> Int { end }
    @inline(__always) func scan(from split: Int, to end: Int, sx: Int64, fit: Int64, frac: Int64) -> Int? { nil }
    @inline(__always) func crossedWidth(_ k: Int) -> Int64 { 0 }
    @inline(__always) func width(to ce: Int, raw: Int64, hyphen: Int64) -> Int64 { ShapedText.ceilToLayoutUnit(raw) }
    @inline(__always) func brokenWidth(from s: Int, to g: Int, raw: Int64) -> Int64 { ShapedText.ceilToLayoutUnit(raw) }
}

/// Styled text: each inline item's piece of a line rounded up to a layout unit on its own.
///
/// The items lying wholly inside a line add their rounded widths, fixed at preparing
/// (`ItemStart.roundedBefore`), so past the line's first item the scan compares each
/// entry's `roundedX` (the rounded widths before its item plus its advance in it) with one
/// threshold: the line's first piece rounded, plus the items between, plus the last piece
/// rounded, is at most the width. Entries measured one at a time (complex ones) sum the
/// pieces from the line's start (`width(to:raw:hyphen:)`).
struct ItemLineSum: LineSum {
    static var sumsItems: Bool { true }
    private let text: ShapedText
    /// The prepared text's `items`, `roundedX`, `x` and `flags`, read without bounds checks
    /// or reference counting: valid during the walk `ShapedText.forEachItemizedLine` starts.
    private let items: UnsafeBufferPointer<ItemStart>
    private let roundedX: UnsafeBufferPointer<Int64>
    private let x: PackedColumn<Int64, Int32>
    private let flags: UnsafePointer<UInt8>
    private let lastBoundary: Int
    /// The first item starting after the line's start.
    private var next = 0
    /// The line's first piece (to `items[next]`) rounded, and the rounded widths before
    /// `items[next]` (set by `scan`).
    private var head: Int64 = 0
    private var before: Int64 = 0
    /// The pieces taken in by `width(to:raw:hyphen:)`: where the current one starts, the
    /// index of the next item start after it, and the rounded widths of those before it.
    private var lineStart = 0
    private var pieceStart = 0
    private var pieceNext = 0
    private var base: Int64 = 0

    /// A sum over `text`'s arrays, given as pointers that stay valid while it is used
    /// (`x` and `flags` have one element per boundary).
    @inline(__always)
    init(_ text: ShapedText, items: UnsafeBufferPointer<ItemStart>, roundedX: UnsafeBufferPointer<Int64>,
         x: PackedColumn<Int64, Int32>, flags: UnsafePointer<UInt8>) {
        self.text = text
        self.items = items
        self.roundedX = roundedX
        self.x = x
        self.flags = flags
        lastBoundary = text.lastBoundary
    }

    /// Line starts only grow along a walk: the first item after `s` is found by stepping on
    /// from the previous line's (amortized O(1) a line; O(items) a walk at most).
    @inline(__always)
    mutating func startLine(at s: Int) {
        var lo = next
        while lo < items.count && Int(items[lo].boundary) <= s { lo += 1 }
        next = lo
        lineStart = s
        pieceStart = s
        pieceNext = lo
        base = 0
    }

    @inline(__always)
    func headEnd(_ end: Int) -> Int {
        next < items.count ? Swift.min(end, Int(items[next].firstStep)) : end
    }

    @inline(__always)
    mutating func scan(from split: Int, to end: Int, sx: Int64, fit: Int64, frac: Int64) -> Int? {
        // Without `roundedX` (a text with a negative advance) the items are summed one at a time.
        guard frac == 0, !roundedX.isEmpty else { return nil }
        let item = items[next]
        // Both ends are safe: the line's start, and the item's (else `split` is complex).
        head = ShapedText.ceilToLayoutUnit(x[Int(item.boundary)] - sx)
        before = item.roundedBefore
        let threshold = fit == .max ? Int64.max : before + fit - head
        var lo = split - 1
        if roundedX[split] <= threshold {
            lo = split
            while lo + 4 < end && roundedX[lo + 4] <= threshold { lo += 4 }
            while lo + 1 < end && roundedX[lo + 1] <= threshold { lo += 1 }
        }
        return lo
    }

    @inline(__always)
    func crossedWidth(_ k: Int) -> Int64 {
        head + ShapedText.ceilToLayoutUnit(roundedX[k] - before)
    }

    mutating func width(to ce: Int, raw: Int64, hyphen: Int64) -> Int64 {
        if ce < pieceStart { return text.itemizedWidth(from: lineStart, to: ce, hyphen: hyphen) }
        while pieceNext < items.count && Int(items[pieceNext].boundary) < ce {
            let b = Int(items[pieceNext].boundary)
            base += ShapedText.ceilToLayoutUnit(piece(pieceStart, b))
            pieceStart = b
            pieceNext += 1
        }
        if ce <= pieceStart { return base }
        return base + ShapedText.ceilToLayoutUnit(piece(pieceStart, ce) + hyphen)
    }

    func brokenWidth(from s: Int, to g: Int, raw: Int64) -> Int64 {
        text.itemizedWidth(from: s, to: g)
    }

    /// The advance of boundaries `a..<b`: the prepared advances where neither end is
    /// unsafe, else `ShapedText.rawWidth`.
    @inline(__always)
    private func piece(_ a: Int, _ b: Int) -> Int64 {
        if flags[a] & ShapedText.Flags.unsafe != 0 || (b < lastBoundary && flags[b] & ShapedText.Flags.unsafe != 0) {
            return text.rawWidth(from: a, to: b)
        }
        return x[b] - x[a]
    }
}
