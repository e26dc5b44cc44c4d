import Synchronization

/// What wrapping reads of a break entry on its fast path: a line's end is found by scanning
/// these, and a plain entry (not `complex`: no mandatory break, unsafe edge, soft hyphen or
/// flush mark) is taken without reading its `BreakEntry`. Four to a cache line, first in the
/// prepared text's one allocation (after its header).
struct LineStep: Sendable {
    /// The advance from the text's start to where the line's content ends (with the
    /// hyphen a soft hyphen shows).
    var contentX: Int64
    /// The boundary index where the line would end (the next one starts).
    var boundary: Int32
    /// The first entry at or after this one that wrapping must look at closely (a
    /// mandatory break, an unsafe edge, a soft hyphen, a flush closing mark, a content end
    /// that goes back, in styled text the first content end past an item start that is not
    /// safe to break; the entry count when none; see `LineBreaker`).
    var nextComplex: Int32 = 0
}

/// A `LineStep` of a text whose columns are narrow (`ShapedColumns.narrowSteps`): 8 bytes.
struct NarrowLineStep {
    var contentX: Int32
    var boundary: UInt16
    var nextComplex: UInt16
}

/// A prepared text's line steps as `LineStep`s: the wrapping walk is specialized for
/// narrow and wide steps (`ShapedColumns.narrowSteps`).
protocol LineStepReader {
    /// Whether the steps are narrow: then so are the text's advances and indices.
    static var isNarrow: Bool { get }
    subscript(k: Int) -> LineStep { get }
    /// The last entry of `j..<end` that fits `threshold`, looked for from `guess`
    /// (`NarrowLineSteps.lastFit`).
    func lastFit(from j: Int, guess: Int, end: Int, threshold: Int64) -> Int
}

/// Narrow steps (`NarrowLineStep`), valid while their storage lives.
struct NarrowLineSteps: LineStepReader {
    static var isNarrow: Bool { true }
    let base: UnsafeRawPointer

    @inline(__always)
    subscript(k: Int) -> LineStep {
        let n = base.load(fromByteOffset: k &* MemoryLayout<NarrowLineStep>.stride, as: NarrowLineStep.self)
        return LineStep(contentX: Int64(n.contentX), boundary: Int32(n.boundary), nextComplex: Int32(n.nextComplex))
    }
}

/// Wide steps (`LineStep`), valid while their storage lives.
struct WideLineSteps: LineStepReader {
    static var isNarrow: Bool { false }
    let base: UnsafeRawPointer

    @inline(__always)
    subscript(k: Int) -> LineStep { base.load(fromByteOffset: k &* MemoryLayout<LineStep>.stride, as: LineStep.self) }
}

/// A prepared text's line steps, narrow or not, read as `LineStep`s.
struct LineSteps {
    let base: UnsafeRawPointer
    let isNarrow: Bool

    @inline(__always)
    subscript(k: Int) -> LineStep {
        if isNarrow {
            let n = base.load(fromByteOffset: k &* MemoryLayout<NarrowLineStep>.stride, as: NarrowLineStep.self)
            return LineStep(contentX: Int64(n.contentX), boundary: Int32(n.boundary), nextComplex: Int32(n.nextComplex))
        }
        return base.load(fromByteOffset: k &* MemoryLayout<LineStep>.stride, as: LineStep.self)
    }
}

/// The header of a `ShapedStorage`: what a `ShapedText` prepared that is not a column (the
/// columns follow it in the same allocation; `ShapedColumns` says where). Made as the text
/// is prepared; `PreparedBreaks.pack` fills in the counts and the columns' places.
struct ShapedTextHeader {
    let text: String
    let shaper: any TextShaper
    let options: TextLayoutOptions
    /// The index of the last boundary (the text's end).
    var lastBoundary = 0
    /// The number of break entries (and line steps).
    var entryCount = 0
    let textOpeningRound: Int64
    let faces: [FontBoxMetrics]
    let hasTabs: Bool
    let hyphenAdvance: Int64
    let usesFallbackFonts: Bool
    /// Whether every run has level 0 (no right-to-left text: the caret needs no
    /// visual model).
    let isLeftToRight: Bool
    /// Whether the text has inline items rounded on their own (a styled text's spans, bidi
    /// runs, zero width non-joiners: `_ItemBoundaries`; see `items`).
    var isItemized = false
    /// How `ShapedText.measure(width:)` walks this text, decided once when it is packed
    /// (`LineBreaker.plainMeasureKind`): read first, so the common call goes straight to
    /// its loop.
    var measureKind = PlainMeasureKind.general
    let strutBox: (ascent: Double, descent: Double)
    let fixedLineHeight: Double?
    /// Where each column lies in the storage.
    var columns = ShapedColumns()

    var strutHeight: Double { strutBox.ascent + strutBox.descent }
}

/// Where a prepared text's columns lie after its header (byte offsets into the storage's
/// elements, each 8-byte aligned), and how wide their integers are.
///
/// Integers are kept as narrow as the text allows: boundary indices and UTF-8 offsets in
/// `UInt16` when the text has at most 65,535 bytes (so has at most 65,536 boundaries),
/// else `Int32`; advances from the text's start in `Int32` (1/65536 pixel) when every one is
/// within ±32,767 pixels, else `Int64`. A message of a chat takes the narrow forms; a long
/// or very wide text the wide ones, with the same values.
struct ShapedColumns {
    /// Per break entry: its `LineStep` (16 bytes), or `NarrowLineStep` (8 bytes) when
    /// every advance and index is narrow, at byte 0. Narrow steps have 64 bytes after them
    /// in the storage (the columns that follow, else slack zeroed by `ShapedStorage.make`),
    /// for the 8-entry compare of `NarrowLineSteps.lastFit`; the cache slot lies past them.
    var stepCount: Int32 = 0
    var narrowSteps = true
    /// The reshaped edges' cache, made on first use (`ShapedStorage.edgeCache`).
    var cacheSlot: Int32 = 0
    /// Per boundary: the advance from the text's start (`x`).
    var x: Int32 = 0
    var narrowX = true
    /// Per boundary: its UTF-8 offset (`offsets`), and its `Flags` (`flags`).
    var offsets: Int32 = 0
    var flags: Int32 = 0
    var boundaryCount: Int32 = 0
    /// `offsets`, `contentEnds`, `boxIndices` and `boxChanges` in `UInt16` (else `Int32`).
    var narrowIndices = true
    /// Per break entry: its content end and its `BreakEntry` flags.
    var contentEnds: Int32 = 0
    var entryFlags: Int32 = 0
    /// The rare entries with a flush mark's trim or a mandatory break's opening round:
    /// `EntryExtra`s in entry order (`BreakEntry.hasExtra` marks them).
    var extras: Int32 = 0
    var extraCount: Int32 = 0
    /// With line boxes (fallback fonts taller than the strut, line height normal): per
    /// break entry, the index of its segment's line box in `boxes` and the first entry
    /// after it whose box differs and reaches past the strut; `boxes` holds the distinct
    /// boxes (ascent, descent).
    var hasBoxes = false
    var boxIndices: Int32 = 0
    var boxChanges: Int32 = 0
    var boxes: Int32 = 0
    var boxCount: Int32 = 0
    /// The shaped runs (`PackedRun`).
    var runs: Int32 = 0
    var runCount: Int32 = 0
    /// Styled text: `ItemStart`s, and an `ItemStep` per break entry and one for the text's
    /// start (none where an advance is negative), as `NarrowItemStep`s (12 bytes) when the
    /// indices are narrow and its advances fit `Int32`.
    var items: Int32 = 0
    var itemCount: Int32 = 0
    var itemSteps: Int32 = 0
    var itemStepCount: Int32 = 0
    var narrowItemSteps = true
    /// The bytes the columns take.
    var byteCount: Int32 = 0

    /// No columns (a header's before `PreparedBreaks.pack` places them).
    init() {}

    /// The layout for a text of `boundaryCount` boundaries and `stepCount` break entries.
    init(boundaryCount: Int, stepCount: Int, narrowX: Bool, narrowIndices: Bool, extraCount: Int, boxCount: Int?,
         runCount: Int, itemCount: Int, itemStepCount: Int, narrowItemSteps: Bool) {
        self.boundaryCount = Int32(boundaryCount)
        self.stepCount = Int32(stepCount)
        self.narrowX = narrowX
        self.narrowIndices = narrowIndices
        narrowSteps = narrowX && narrowIndices
        self.extraCount = Int32(extraCount)
        self.itemCount = Int32(itemCount)
        self.itemStepCount = Int32(itemStepCount)
        self.narrowItemSteps = narrowItemSteps && narrowIndices
        let index = narrowIndices ? 2 : 4
        var end = stepCount * (narrowSteps ? MemoryLayout<NarrowLineStep>.stride : MemoryLayout<LineStep>.stride)
        end = (end + 7) & ~7
        func place(_ bytes: Int) -> Int32 {
            let at = end
            end = (end + bytes + 7) & ~7
            return Int32(at)
        }
        itemSteps = place(itemStepCount * (self.narrowItemSteps ? MemoryLayout<NarrowItemStep>.stride : MemoryLayout<ItemStep>.stride))
        self.runCount = Int32(runCount)
        runs = place(runCount * MemoryLayout<PackedRun>.stride)
        items = place(itemCount * MemoryLayout<ItemStart>.stride)
        x = place(boundaryCount * (narrowX ? 4 : 8))
        extras = place(extraCount * MemoryLayout<EntryExtra>.stride)
        if let boxCount {
            hasBoxes = true
            self.boxCount = Int32(boxCount)
            boxes = place(boxCount * 8)
            boxChanges = place(stepCount * index)
            boxIndices = place(stepCount * index)
        }
        contentEnds = place(stepCount * index)
        offsets = place(boundaryCount * index)
        entryFlags = place(stepCount)
        flags = place(boundaryCount)
        // (The read-only columns, or slack, under the last narrow step's 8-entry compare.)
        if narrowSteps { end = Swift.max(end, Self.narrowStepsEnd(stepCount)) }
        cacheSlot = place(MemoryLayout<UInt>.stride)
        byteCount = Int32(end)
    }
}

extension ShapedColumns {
    /// Where the bytes an 8-entry compare of narrow steps may read end, for `stepCount` steps:
    /// 64 bytes (8 steps) past the last.
    static func narrowStepsEnd(_ stepCount: Int) -> Int { (stepCount + 8) * MemoryLayout<NarrowLineStep>.stride }
}

/// A break entry's rare values (`ShapedColumns.extras`).
struct EntryExtra {
    var entry: Int32
    var endTrim: Int32
    var openingRound: Int32
    var hangingEdge: Int32
}

/// A prepared text's storage: its header, then its columns (`ShapedColumns`) in one
/// allocation. Immutable once made.
final class ShapedStorage: ManagedBuffer<ShapedTextHeader, UInt64> {
    /// Storage for columns laid out as `columns` and the header `header` makes, its columns'
    /// bytes uninitialized (`fill` writes them) but for the 64 bytes past narrow steps,
    /// zeroed first (`ShapedColumns.narrowStepsEnd`). The header is made where it is kept:
    /// made by the caller and moved in, it was copied once and destroyed once on the way
    /// (an outlined copy and destroy of its text, shaper and faces: about 280 instructions
    /// a text). The header's `columns` must be `columns` (readers lay the columns out by the
    /// header's): the caller sets both from one value.
    static func make(_ columns: ShapedColumns, header: () -> ShapedTextHeader,
                     fill: (UnsafeMutableRawPointer) -> Void) -> ShapedStorage {
        let words = (Int(columns.byteCount) + 7) / 8
        let buffer = unsafeDowncast(create(minimumCapacity: words) { _ in header() }, to: ShapedStorage.self)
        buffer.withUnsafeMutablePointerToElements { words in
            let base = UnsafeMutableRawPointer(words)
            if columns.narrowSteps {
                // (`fill` writes the columns over these; what is left is slack and gaps.)
                let stepBytes = Int(columns.stepCount) * MemoryLayout<NarrowLineStep>.stride
                for k in stride(from: stepBytes, to: ShapedColumns.narrowStepsEnd(Int(columns.stepCount)), by: 8) {
                    base.storeBytes(of: 0, toByteOffset: k, as: UInt64.self)
                }
            }
            (base + Int(columns.cacheSlot)).bindMemory(to: Atomic<UInt>.self, capacity: 1).initialize(to: Atomic(0))
            fill(base)
        }
        return buffer
    }

    /// The header, read through a pointer (no exclusivity check: it never changes), valid
    /// while this object lives.
    @inline(__always)
    var head: UnsafePointer<ShapedTextHeader> { withUnsafeMutablePointerToHeader { UnsafePointer($0) } }

    /// The columns' first byte, valid while this object lives.
    @inline(__always)
    var base: UnsafeRawPointer { withUnsafeMutablePointerToElements { UnsafeRawPointer($0) } }

    /// The steps (as many as the header's break entries), valid while this object lives.
    @inline(__always)
    func withSteps<R>(_ body: (LineSteps) throws -> R) rethrows -> R {
        let narrow = head.pointee.columns.narrowSteps
        return try withUnsafeMutablePointerToElements { try body(LineSteps(base: UnsafeRawPointer($0), isNarrow: narrow)) }
    }

    /// The cache of reshaped edges, made on first use (most prepared texts never reshape
    /// an edge: no memory is kept for it until one does).
    var edgeCache: EdgeCache {
        let slot = (base + Int(head.pointee.columns.cacheSlot)).assumingMemoryBound(to: Atomic<UInt>.self)
        let existing = slot.pointee.load(ordering: .acquiring)
        if existing != 0 { return Unmanaged<EdgeCache>.fromOpaque(UnsafeRawPointer(bitPattern: existing)!).takeUnretainedValue() }
        let fresh = Unmanaged.passRetained(EdgeCache())
        let bits = UInt(bitPattern: fresh.toOpaque())
        let (exchanged, original) = slot.pointee.compareExchange(expected: 0, desired: bits, ordering: .acquiringAndReleasing)
        if exchanged { return fresh.takeUnretainedValue() }
        fresh.release()
        return Unmanaged<EdgeCache>.fromOpaque(UnsafeRawPointer(bitPattern: original)!).takeUnretainedValue()
    }

    deinit {
        let slot = (base + Int(head.pointee.columns.cacheSlot)).assumingMemoryBound(to: Atomic<UInt>.self)
        let bits = slot.pointee.load(ordering: .acquiring)
        if bits != 0 { Unmanaged<EdgeCache>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).release() }
    }

    @inline(__always)
    func column<T>(_ offset: Int32, _ count: Int32, as: T.Type) -> UnsafeBufferPointer<T> {
        UnsafeBufferPointer(start: (base + Int(offset)).assumingMemoryBound(to: T.self), count: Int(count))
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
    /// An inline box's end edge after the white space hanging at this line's end
    /// (`ShapedRuns.lineEndHangingEdges`): in the line's width, not in its fit.
    var hangingEdge: Int32 = 0
    var flags: UInt8

    static let hard: UInt8 = 1
    static let boundaryUnsafe: UInt8 = 2
    static let contentEndUnsafe: UInt8 = 4
    /// The line ends at a soft hyphen and shows a hyphen (`contentX` includes its advance).
    static let hyphenated: UInt8 = 8
    /// The entry has an `EntryExtra` (a trim, an opening round or a hanging edge that is not 0).
    static let hasExtra: UInt8 = 16
    /// While preparing only (the storage does not keep it): the entry is the first whose
    /// content crosses the start of an item that is not safe to break (`ItemStart`).
    static let crossesUnsafeItem: UInt8 = 32

    /// Whether the entry has an extra to keep (`hasExtra`).
    @inline(__always)
    var needsExtra: Bool { endTrim | openingRound | hangingEdge != 0 }
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
