import Synchronization

/// What wrapping reads of a break entry on its fast path: a line's end is found by scanning
/// these, and a plain entry (not `complex`: no mandatory break, unsafe edge, soft hyphen or
/// flush mark) is taken without reading its `BreakEntry`. Two to a cache line, where a
/// `BreakEntry` takes one, and after the prepared text's header in one allocation.
struct LineStep: Sendable {
    /// The advance from the text's start to where the line's content ends (with the
    /// hyphen a soft hyphen shows).
    var contentX: Int64
    /// The advance of the white space hanging after the content (the entry is complex
    /// where it does not fit).
    var hang: Int32
    /// The boundary index where the line would end (the next one starts).
    var boundary: Int32
    /// The first entry at or after this one that wrapping must look at closely (a
    /// mandatory break, an unsafe edge, a soft hyphen, a flush closing mark, a content end
    /// that goes back, a hang too wide for `hang`, in styled text the first content end
    /// past an item start that is not safe to break; the entry count when none; see
    /// `LineBreaker`).
    var nextComplex: Int32 = 0
    /// The first entry after this one whose line box differs (so wrapping unites boxes a
    /// stretch at a time).
    var nextBoxChange: Int32 = 0
    /// The line box (ascent, descent with half-leading) the segment ending here asks for:
    /// the largest over the fonts of its clusters (0 when lines are all struts).
    var boxAscent: Float = 0
    var boxDescent: Float = 0

    /// The advance from the text's start to `boundary` (exact unless the entry is complex
    /// for a wide hang: read `ShapedText.x` there).
    @inline(__always)
    var x: Int64 { contentX + Int64(hang) }
}

/// The header of a `ShapedStorage`: everything a `ShapedText` prepared but its line steps.
struct ShapedTextHeader {
    let text: String
    let shaper: any TextShaper
    let options: TextLayoutOptions
    let offsets: [Int32]
    let x: [Int64]
    let flags: [UInt8]
    let breakEntries: [BreakEntry]
    /// The index of the last boundary (the text's end).
    let lastBoundary: Int
    let textOpeningRound: Int64
    let runs: [ShapedRun]
    let faces: [FontBoxMetrics]
    let hasTabs: Bool
    let hyphenAdvance: Int64
    let usesFallbackFonts: Bool
    /// Whether the runs have more than one bidi level (each level's stretch of a line is
    /// rounded up to a layout unit on its own: see `browserLineWidth`).
    let hasSeveralLevels: Bool
    /// Whether every run has level 0 (no right-to-left text: the caret needs no
    /// visual model).
    let isLeftToRight: Bool
    /// The inline items rounded on their own (`ShapedRuns.roundedItemStarts`) after the
    /// first, which starts at 0; empty for plain text.
    let items: [ItemStart]
    /// `!items.isEmpty`, read without touching the array.
    let isItemized: Bool
    /// Whether the storage holds an `ItemStep` per break entry, and one for the text's
    /// start, after its line steps (styled text without a negative advance).
    let hasItemSteps: Bool
    let strutHeight: Double
    let strutBox: (ascent: Double, descent: Double)
    let fixedLineHeight: Double?
    let edgeCache: EdgeCache
}

/// A prepared text's storage: its header, then one `LineStep` per break entry, then (styled
/// text) one `ItemStep` per break entry. Immutable once made.
final class ShapedStorage: ManagedBuffer<ShapedTextHeader, LineStep> {
    /// `itemSteps` is empty or one longer than `steps` (as `header.hasItemSteps` says).
    static func make(_ header: ShapedTextHeader, steps: [LineStep], itemSteps: [ItemStep] = []) -> ShapedStorage {
        let tail = (itemSteps.count * MemoryLayout<ItemStep>.stride + MemoryLayout<LineStep>.stride - 1) / MemoryLayout<LineStep>.stride
        let buffer = unsafeDowncast(create(minimumCapacity: steps.count + tail) { _ in header }, to: ShapedStorage.self)
        buffer.withUnsafeMutablePointerToElements { elements in
            if let base = steps.withUnsafeBufferPointer({ $0.baseAddress }), !steps.isEmpty {
                elements.initialize(from: base, count: steps.count)
            }
            if let base = itemSteps.withUnsafeBufferPointer({ $0.baseAddress }), !itemSteps.isEmpty {
                UnsafeMutableRawPointer(elements + steps.count).bindMemory(to: ItemStep.self, capacity: itemSteps.count)
                    .initialize(from: base, count: itemSteps.count)
            }
        }
        return buffer
    }

    /// The header, read without an exclusivity check (it is never written after `make`).
    @inline(__always)
    var fields: ShapedTextHeader {
        _read { yield withUnsafeMutablePointerToHeader { UnsafePointer($0) }.pointee }
    }

    /// The steps (as many as the header's break entries), valid while this object lives.
    @inline(__always)
    func withSteps<R>(_ body: (UnsafePointer<LineStep>) throws -> R) rethrows -> R {
        try withUnsafeMutablePointerToElements { try body(UnsafePointer($0)) }
    }

    /// The steps and, in styled text, the item steps after them (one more: the last is the
    /// text's start; nil when the header has none), valid while this object lives.
    @inline(__always)
    func withSteps<R>(_ body: (UnsafePointer<LineStep>, UnsafePointer<ItemStep>?) throws -> R) rethrows -> R {
        let count = fields.breakEntries.count, itemSteps = fields.hasItemSteps
        return try withUnsafeMutablePointerToElements { elements in
            let items = itemSteps ? UnsafeRawPointer(elements + count).assumingMemoryBound(to: ItemStep.self) : nil
            return try body(UnsafePointer(elements), items)
        }
    }
}

/// A place a line may end: what wrapping reads there besides its `LineStep`.
struct BreakEntry: Sendable {
    /// The boundary where its content ends (before hanging white space and the break).
    var contentEnd: Int32
    /// How much narrower this line is when it ends here with its last mark, fullwidth
    /// closing punctuation, set flush because the line's width ends inside it (0 where the
    /// break does not directly follow such a mark).
    var endTrim: Int32
    /// For a mandatory break: what rounding the white space opening the next paragraph up
    /// to a layout unit adds to its first line (1/65536 pixel).
    var openingRound: Int32 = 0
    var flags: UInt8

    static let hard: UInt8 = 1
    static let boundaryUnsafe: UInt8 = 2
    static let contentEndUnsafe: UInt8 = 4
    /// The line ends at a soft hyphen and shows a hyphen (`contentX` includes its advance).
    static let hyphenated: UInt8 = 8
}

/// The start of an inline item a browser rounds on its own (styled text: a span, an
/// attachment, a change of bidi level), with what wrapping needs to sum whole items at once.
struct ItemStart: Sendable {
    /// The boundary index where the item starts.
    var boundary: Int32
    /// The first break entry whose content end is past the item's start (the entry count
    /// when none is).
    var firstStep: Int32
    /// The widths of the items before this one (from the text's start), each its prepared
    /// advance rounded up to a layout unit on its own.
    var roundedBefore: Int64
}

/// What the styled line walk (`ItemLineSum`) reads at a break entry, besides its `LineStep`:
/// where its content ends on the scale of the items' rounded widths, and for the line that
/// starts where the entry breaks, the item it crosses first and what the scan past it
/// compares with (so starting a line looks nothing up).
struct ItemStep: Sendable {
    /// The rounded widths of the items before the one its content ends in, plus its
    /// advance in that item (1/65536 pixel). A line whose content crosses items from `a` on
    /// is as wide as its piece of the first rounded, plus `roundedX` at its end less the
    /// rounded widths before the item after `a`, rounded: one subtraction, as for plain text.
    var roundedX: Int64
    /// For a line starting at this entry's boundary: the rounded widths before the first
    /// item starting after it, less the line's piece of its first item rounded up (the
    /// line's width to an entry `k` past that item is `roundedX[k] - crossingBase`, rounded
    /// up; it fits when `roundedX[k] <= crossingBase + width`).
    var crossingBase: Int64
    /// The index of the first item starting after this entry's boundary (`items.count`
    /// when none does).
    var nextItem: Int32
    /// That item's `ItemStart.firstStep` (the entry count when there is no such item).
    var split: Int32
}

/// Reshaped edge widths, cached per (start, end) boundary pair; shared by every layout of
/// one `ShapedText` (so its copies share it) and safe across threads.
final class EdgeCache: Sendable {
    private let storage = Mutex<[Int64: Int64]>([:])
    /// Mixed-direction lines made for the caret, per (line start, content end): the same
    /// at every width that breaks a line there.
    private let bidiLines = Mutex<[Int64: _BidiLine]>([:])
    /// The ellipsis's advance, packed (see `EllipsisCut.ellipsis()`); 0 until shaped.
    let ellipsis = Atomic<Int64>(0)
    static let limit = 4096

    func bidiLine(_ key: Int64, _ compute: () throws(TextLayoutError) -> _BidiLine?) throws(TextLayoutError) -> _BidiLine? {
        if let line = bidiLines.withLock({ $0[key] }) { return line }
        guard let line = try compute() else { return nil }
        bidiLines.withLock { lines in
            if lines.count >= Self.limit / 16 { lines.removeAll(keepingCapacity: true) }
            lines[key] = line
        }
        return line
    }

    func value(_ key: Int64, _ compute: () -> Int64) -> Int64 {
        if let v = storage.withLock({ $0[key] }) { return v }
        let v = compute()
        storage.withLock { s in
            if s.count >= Self.limit { s.removeAll(keepingCapacity: true) }
            s[key] = v
        }
        return v
    }
}
