/// A `ShapedRun` as a prepared text keeps it (`ShapedColumns.runs`): 24 bytes.
struct PackedRun {
    var start: Int32
    var end: Int32
    var script: UInt32
    var item: Int32
    var face: Int32
    var bidiLevel: UInt8

    init(_ run: ShapedRun) {
        start = Int32(truncatingIfNeeded: run.range.lowerBound)
        end = Int32(truncatingIfNeeded: run.range.upperBound)
        script = run.script
        item = Int32(truncatingIfNeeded: run.item)
        face = Int32(truncatingIfNeeded: run.face)
        bidiLevel = run.bidiLevel
    }
}

/// A prepared text's runs, read from its storage as `ShapedRun`s (unowned: see `PackedColumn`).
struct RunColumn: ColumnView {
    unowned(unsafe) let owner: ShapedStorage
    let runs: UnsafeBufferPointer<PackedRun>

    var count: Int { runs.count }

    @inline(__always)
    subscript(r: Int) -> ShapedRun {
        let p = runs[r]
        return ShapedRun(range: Int(p.start)..<Int(p.end), face: Int(p.face), bidiLevel: p.bidiLevel, script: p.script,
                         item: Int(p.item))
    }
}

/// A view of a prepared text's storage indexed from 0 to `count`.
protocol ColumnView: RandomAccessCollection where Index == Int, Indices == Range<Int> {
    var count: Int { get }
}

extension ColumnView {
    @inline(__always)
    var startIndex: Int { 0 }
    @inline(__always)
    var endIndex: Int { count }
}

/// A column of integers in a prepared text's storage, kept narrow where its range allows
/// (`ShapedColumns`), read as `Wide`. Like every view of a prepared text's columns, it
/// holds its storage unowned (no reference counting a read): valid while the `ShapedText`
/// it was read from lives.
struct PackedColumn<Wide: FixedWidthInteger, Narrow: FixedWidthInteger>: ColumnView {
    unowned(unsafe) let owner: ShapedStorage
    let raw: RawPackedColumn<Wide, Narrow>
    let count: Int

    @inline(__always)
    init(_ owner: ShapedStorage, at offset: Int32, count: Int32, narrow: Bool) {
        self.owner = owner
        raw = RawPackedColumn(owner, at: offset, narrow: narrow)
        self.count = Int(count)
    }

    @inline(__always)
    subscript(i: Int) -> Wide { raw[i] }
}

/// A column of integers as `PackedColumn` reads it, without its count or owner.
struct RawPackedColumn<Wide: FixedWidthInteger, Narrow: FixedWidthInteger> {
    let base: UnsafeRawPointer
    let isNarrow: Bool

    @inline(__always)
    init(_ owner: ShapedStorage, at offset: Int32, narrow: Bool) {
        base = owner.base + Int(offset)
        isNarrow = narrow
    }

    @inline(__always)
    subscript(i: Int) -> Wide {
        isNarrow ? Wide(truncatingIfNeeded: base.load(fromByteOffset: i &* MemoryLayout<Narrow>.stride, as: Narrow.self))
            : base.load(fromByteOffset: i &* MemoryLayout<Wide>.stride, as: Wide.self)
    }
}

/// A column of values in a prepared text's storage, as they are (unowned: see
/// `PackedColumn`).
struct StoredColumn<Element>: ColumnView {
    unowned(unsafe) let owner: ShapedStorage
    let elements: UnsafeBufferPointer<Element>

    var count: Int { elements.count }

    @inline(__always)
    subscript(i: Int) -> Element { elements[i] }
}

/// The break entries of a prepared text, read from its columns (`ShapedColumns`).
struct BreakEntries: ColumnView {
    unowned(unsafe) let owner: ShapedStorage
    let contentEnds: RawPackedColumn<Int32, UInt16>
    let flags: UnsafePointer<UInt8>
    let extras: UnsafeBufferPointer<EntryExtra>
    let count: Int

    @inline(__always)
    init(_ owner: ShapedStorage) {
        let c = owner.head.pointee.columns
        self.owner = owner
        contentEnds = RawPackedColumn(owner, at: c.contentEnds, narrow: c.narrowIndices)
        flags = (owner.base + Int(c.entryFlags)).assumingMemoryBound(to: UInt8.self)
        extras = owner.column(c.extras, c.extraCount, as: EntryExtra.self)
        count = Int(c.stepCount)
    }

    @inline(__always)
    subscript(k: Int) -> BreakEntry {
        let f = flags[k]
        var entry = BreakEntry(contentEnd: contentEnds[k], endTrim: 0, flags: f)
        if f & BreakEntry.hasExtra != 0, let extra = extra(k) {
            entry.endTrim = extra.endTrim
            entry.openingRound = extra.openingRound
            entry.hangingEdge = extra.hangingEdge
        }
        return entry
    }

    private func extra(_ k: Int) -> EntryExtra? {
        var lo = 0, hi = extras.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if Int(extras[mid].entry) < k { lo = mid + 1 } else { hi = mid }
        }
        return lo < extras.count && Int(extras[lo].entry) == k ? extras[lo] : nil
    }
}

/// The line boxes of a prepared text's break entries (`ShapedColumns.hasBoxes`).
struct LineBoxes {
    unowned(unsafe) let owner: ShapedStorage
    let indices: RawPackedColumn<Int32, UInt16>
    let changes: RawPackedColumn<Int32, UInt16>
    let boxes: UnsafePointer<(ascent: Float, descent: Float)>

    @inline(__always)
    init(_ owner: ShapedStorage) {
        let c = owner.head.pointee.columns
        self.owner = owner
        indices = RawPackedColumn(owner, at: c.boxIndices, narrow: c.narrowIndices)
        changes = RawPackedColumn(owner, at: c.boxChanges, narrow: c.narrowIndices)
        boxes = (owner.base + Int(c.boxes)).assumingMemoryBound(to: (ascent: Float, descent: Float).self)
    }

    /// The box (ascent, descent) the segment ending at entry `k` asks for.
    @inline(__always)
    func box(_ k: Int) -> (ascent: Float, descent: Float) { boxes[Int(indices[k])] }

    /// The first entry after `k` whose box differs and reaches past the strut (those
    /// between are `k`'s box or the strut's).
    @inline(__always)
    func nextChange(_ k: Int) -> Int { Int(changes[k]) }

    /// The union of the boxes of entries `j...lo` with (`ascent`, `descent`), at least the
    /// strut: one box a change to a box past the strut, the index width decided once.
    @inline(__always)
    func union(from j: Int, through lo: Int, _ ascent: Float, _ descent: Float) -> (ascent: Float, descent: Float) {
        union(from: j, through: lo, ascent, descent, narrow: indices.isNarrow)
    }

    /// `union(from:through:_:_:)` where the caller knows the index width (`narrow`:
    /// `indices.isNarrow`, true for a text of narrow steps).
    @inline(__always)
    func union(from j: Int, through lo: Int, _ ascent: Float, _ descent: Float, narrow: Bool) -> (ascent: Float, descent: Float) {
        narrow
            ? Self.union(indices.base.assumingMemoryBound(to: UInt16.self), changes.base.assumingMemoryBound(to: UInt16.self),
                         boxes, j, lo, ascent, descent)
            : Self.union(indices.base.assumingMemoryBound(to: Int32.self), changes.base.assumingMemoryBound(to: Int32.self),
                         boxes, j, lo, ascent, descent)
    }

    @inline(__always)
    private static func union<I: FixedWidthInteger>(_ indices: UnsafePointer<I>, _ changes: UnsafePointer<I>,
                                                    _ boxes: UnsafePointer<(ascent: Float, descent: Float)>, _ j: Int, _ lo: Int,
                                                    _ ascent: Float, _ descent: Float) -> (ascent: Float, descent: Float) {
        var ascent = ascent, descent = descent
        @inline(__always)
        func unite(_ k: Int) {
            let box = boxes[Int(indices[k])]
            // (`max` of finite values, written as the processor's max takes it.)
            ascent = box.ascent > ascent ? box.ascent : ascent
            descent = box.descent > descent ? box.descent : descent
        }
        // The first box and the next change within the line (`j`'s again where there is
        // none) without a branch: most lines take one or two; the rest loop.
        unite(j)
        let next = Int(changes[j])
        let second = next <= lo ? next : j
        unite(second)
        var k = Int(changes[second])
        while k <= lo {
            unite(k)
            k = Int(changes[k])
        }
        return (ascent, descent)
    }
}
