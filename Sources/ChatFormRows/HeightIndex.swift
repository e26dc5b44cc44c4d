/// Prefix sums of row heights for tables and chat transcripts of millions of rows.
///
/// Rows are addressed by index (`0..<count`). Each row has a height and a `measured` flag;
/// an unmeasured row carries an estimate. The index answers "where does row i start?",
/// "which row is at y?" and "which rows does this viewport show?" in O(log n), and
/// inserting, removing, moving or resizing a row costs O(log n) as well.
///
/// ```swift
/// var index = try HeightIndex(estimatedRows: 1_000_000, height: 44)   // O(1)-ish: 31 runs
/// try index.setHeight(120, at: 10)                                   // measure row 10
/// index.offset(ofRow: 11)                  // 11 * 44 + (120 - 44) = 560
/// index.row(atOffset: 500)                 // 10
/// index.rows(intersecting: 0..<800)        // 0..<17
/// index.firstUnmeasured(in: 0..<17)        // 0
/// ```
///
/// Storage is a B+-tree. Leaves hold up to 128 *run entries* as a struct of arrays
/// (`[Double]` heights, `[UInt16]` row counts with the measured flag in the top bit), so a
/// measured row costs about 10 bytes plus fill slack, and a run of up to 32,767 consecutive
/// rows of one height and flag (typically estimates) costs one entry. Internal nodes keep
/// each subtree's summary (rows, total height, measured rows).
///
/// **Precision.** Sums are `Double`. Every node's summary is recomputed from its own entries
/// or children, left to right, after each mutation (never adjusted by deltas), so no error
/// accumulates across edits and the result depends only on the rows and the tree's shape. A
/// row inside a run starts at `runStart + height * Double(position)`. When every height is a
/// multiple of a power of two (e.g. of 1/4 pt) and totals stay below 2^53 of those units, all
/// offsets are exact.
///
/// **Value semantics.** `HeightIndex` is a value type. Copies share nodes; the first mutation
/// of a shared copy copies only the root-to-leaf path it touches, O(log n) nodes of
/// O(128 + 32) entries each.
///
/// **Errors.** Mutations validate their input and throw `HeightIndexError` (leaving the index
/// unchanged). Queries taking a row index trap on an out-of-range index, like `Array`'s
/// subscript; offsets may be any non-NaN `Double` and are clamped as documented.
public struct HeightIndex: Sendable {
    var _root: _HeightNode
    let _limits: _Limits

    /// An empty index.
    /// - Complexity: O(1).
    public init() {
        self.init(_limits: .standard)
    }

    /// An index with the given node capacities (tests use tiny ones to get deep trees).
    init(_limits limits: _Limits) {
        precondition(limits.maxLeaf >= 4 && limits.maxFanout >= 4)
        precondition(limits.maxRun >= 1 && limits.maxRun <= _Run.maxLength)
        _limits = limits
        _root = _HeightNode(leafHeights: [], runs: [], limits: limits)
    }

    /// `count` unmeasured rows of the same estimated height, stored as runs rather than rows.
    /// - Throws: `HeightIndexError.invalidHeight` or `.negativeCount`.
    /// - Complexity: O(count / 32,767) — 31 run entries for a million rows; no per-row work.
    public init(estimatedRows count: Int, height: Double) throws(HeightIndexError) {
        self.init()
        try insert(repeating: height, count: count, measured: false, at: 0)
    }

    /// An index of the given heights, all with the same `measured` flag.
    /// - Throws: `HeightIndexError.invalidHeight` (nothing is built).
    /// - Complexity: O(k) for k heights.
    @inlinable
    public init(heights: some Sequence<Double>, measured: Bool = true) throws(HeightIndexError) {
        self.init()
        try insert(contentsOf: heights, measured: measured, at: 0)
    }

    // MARK: Summary

    /// The number of rows.
    /// - Complexity: O(1).
    public var count: Int { _root.count }

    /// True when the index has no rows.
    /// - Complexity: O(1).
    public var isEmpty: Bool { _root.count == 0 }

    /// The sum of all row heights (the content height).
    /// - Complexity: O(1).
    public var totalHeight: Double { _root.height }

    /// The number of rows whose height is measured rather than estimated.
    /// - Complexity: O(1).
    public var measuredCount: Int { _root.measured }

    // MARK: Rows

    /// The leaf and entry holding `row` (which must be in `0..<count`).
    func _entry(containing row: Int) -> (leaf: _HeightNode, entry: Int, offset: Int) {
        precondition(row >= 0 && row < count, "row \(row) out of range for \(count) rows")
        return _root.entry(containing: row)
    }

    /// The height of row `row`.
    /// - Precondition: `0 <= row < count`.
    /// - Complexity: O(log n).
    public func height(at row: Int) -> Double {
        let (leaf, e, _) = _entry(containing: row)
        return leaf.heights[e]
    }

    /// Whether row `row` has a measured (rather than estimated) height.
    /// - Precondition: `0 <= row < count`.
    /// - Complexity: O(log n).
    public func isMeasured(at row: Int) -> Bool { heightAndMeasured(at: row).measured }

    /// The height of row `row` and whether it is measured, from one walk of the tree
    /// (`height(at:)` then `isMeasured(at:)` walk it twice).
    /// - Precondition: `0 <= row < count`.
    /// - Complexity: O(log n).
    public func heightAndMeasured(at row: Int) -> (height: Double, measured: Bool) {
        let (leaf, e, _) = _entry(containing: row)
        return (leaf.heights[e], _Run.isMeasured(leaf.runs[e]))
    }

    // MARK: Offsets

    /// The y offset of the top of row `row`: the sum of the heights of rows `0..<row`.
    /// `offset(ofRow: count)` is `totalHeight`.
    /// - Precondition: `0 <= row <= count`.
    /// - Complexity: O(log n).
    public func offset(ofRow row: Int) -> Double {
        precondition(row >= 0 && row <= count, "row \(row) out of range for \(count) rows")
        if row == count { return totalHeight }
        var node = _root
        var r = row
        var y = 0.0
        while !node.isLeaf {
            var i = 0
            while r >= node.children[i].count {
                r -= node.children[i].count
                y += node.children[i].height
                i += 1
            }
            node = node.children[i]
        }
        for e in node.runs.indices {
            let length = _Run.length(node.runs[e])
            let h = node.heights[e]
            if r < length { return y + h * Double(r) }
            y += h * Double(length)
            r -= length
        }
        preconditionFailure("corrupt index: row \(row) not found")
    }

    /// The row containing offset `y`: the row whose `[offset, offset + height)` contains `y`.
    ///
    /// - Zero-height rows contain no offset, so they are skipped in favour of the next row
    ///   with a positive height: the result is the number of rows ending at or before `y`.
    /// - `y < 0` gives row 0 (whatever its height); `y >= totalHeight` gives `count - 1`.
    /// - Returns: `nil` when the index is empty.
    /// - Precondition: `y` is not NaN.
    /// - Complexity: O(log n).
    public func row(atOffset y: Double) -> Int? {
        precondition(!y.isNaN, "row(atOffset:) with NaN")
        if count == 0 { return nil }
        return Swift.min(_rowsEnding(atOrBefore: y), count - 1)
    }

    /// The rows intersecting the half-open band `[range.lowerBound, range.upperBound)`: those
    /// with `offset < upperBound` and `offset + height > lowerBound`, plus any zero-height rows
    /// lying between them. An empty band, a band above 0 or one past the end gives an empty
    /// range (at 0 or `count`).
    /// - Complexity: O(log n).
    public func rows(intersecting range: Range<Double>) -> Range<Int> {
        if range.isEmpty {
            let lower = _rowsEnding(atOrBefore: range.lowerBound)
            return lower..<lower
        }
        let (lower, upper) = _root.rows(endingAtOrBefore: range.lowerBound, startingBefore: range.upperBound)
        return lower..<Swift.max(lower, upper)
    }

    /// The rows intersecting the closed band `[range.lowerBound, range.upperBound]`: like the
    /// half-open variant, but a row starting exactly at `upperBound` is included.
    /// - Complexity: O(log n).
    public func rows(intersecting range: ClosedRange<Double>) -> Range<Int> {
        let lower = _rowsEnding(atOrBefore: range.lowerBound)
        let upper = _rowsStarting(before: range.upperBound.nextUp)
        return lower..<Swift.max(lower, upper)
    }

    /// The row containing offset `y`, as `row(atOffset:)` gives it, and that row's offset,
    /// found in one walk down the tree (a row past the end costs a second walk).
    ///
    /// - Returns: `nil` when the index is empty.
    /// - Precondition: `y` is not NaN.
    /// - Complexity: O(log n).
    public func rowAndOffset(atOffset y: Double) -> (row: Int, offset: Double)? {
        precondition(!y.isNaN, "rowAndOffset(atOffset:) with NaN")
        if count == 0 { return nil }
        let found = _root.rows(before: y, countingEnds: true)
        if found.rows < count { return (found.rows, found.offset) }
        return (count - 1, offset(ofRow: count - 1))
    }

    /// Number of rows `i` with `offset(ofRow: i + 1) <= y`. O(log n).
    func _rowsEnding(atOrBefore y: Double) -> Int { _root.rows(before: y, countingEnds: true).rows }

    /// Number of rows `i` with `offset(ofRow: i) < y`. O(log n).
    func _rowsStarting(before y: Double) -> Int { _root.rows(before: y, countingEnds: false).rows }

    // MARK: Unmeasured rows

    /// The first unmeasured row in `range`, or `nil` if every row there is measured.
    /// Fully measured subtrees are skipped using their summaries.
    /// - Precondition: `range` lies within `0...count`.
    /// - Complexity: O(log n) node visits (each scanning at most 128 entries).
    public func firstUnmeasured(in range: Range<Int>) -> Int? {
        var first: Int?
        _forEachUnmeasuredRun(in: range) { run in
            first = run.lowerBound
            return false
        }
        return first
    }

    /// The maximal ranges of consecutive unmeasured rows within `range`, in order, so the
    /// layer above can measure only what it shows. Fully measured subtrees are skipped.
    /// - Precondition: `range` lies within `0...count`.
    /// - Complexity: O((1 + u) · log n) node visits for u reported run entries.
    public func unmeasuredRanges(in range: Range<Int>) -> [Range<Int>] {
        var result: [Range<Int>] = []
        _forEachUnmeasuredRun(in: range) { run in
            if let last = result.last, last.upperBound == run.lowerBound {
                result[result.count - 1] = last.lowerBound..<run.upperBound
            } else {
                result.append(run)
            }
            return true
        }
        return result
    }

    /// Calls `body` with the part inside `range` of every unmeasured run entry overlapping it,
    /// in order, until `body` returns false.
    func _forEachUnmeasuredRun(in range: Range<Int>, _ body: (Range<Int>) -> Bool) {
        precondition(range.lowerBound >= 0 && range.upperBound <= count,
                     "row range \(range) out of bounds for \(count) rows")
        if range.isEmpty { return }
        _ = _root.walkUnmeasured(base: 0, range, body)
    }

    // MARK: Memory

    /// Approximate bytes held by the index: every node object plus the array buffers it has
    /// actually allocated (32-byte array headers, capacity × element size; allocator rounding
    /// as reported by `Array.capacity`, malloc bookkeeping not included). Shared nodes of
    /// copies are counted in full for each copy.
    /// - Complexity: O(n / 128) — visits every node.
    public var memoryFootprint: Int { MemoryLayout<HeightIndex>.size + _root.subtreeFootprint }

    /// Run entries stored, in row order: (height, measured, row count). O(entries).
    func _runs() -> [(height: Double, measured: Bool, length: Int)] {
        var result: [(height: Double, measured: Bool, length: Int)] = []
        _root.appendRuns(to: &result)
        return result
    }
}

extension HeightIndex: Equatable {
    /// Two indices are equal when they hold the same rows (heights and flags), however runs
    /// and nodes are laid out.
    /// - Complexity: O(1) for copies sharing a root, else O(n / average run length).
    public static func == (lhs: HeightIndex, rhs: HeightIndex) -> Bool {
        if lhs._root === rhs._root { return true }
        if lhs.count != rhs.count || lhs.measuredCount != rhs.measuredCount { return false }
        let a = lhs._runs()
        let b = rhs._runs()
        var i = 0, j = 0
        var usedA = 0, usedB = 0
        while i < a.count && j < b.count {
            if a[i].height != b[j].height || a[i].measured != b[j].measured { return false }
            let take = Swift.min(a[i].length - usedA, b[j].length - usedB)
            usedA += take
            usedB += take
            if usedA == a[i].length { i += 1; usedA = 0 }
            if usedB == b[j].length { j += 1; usedB = 0 }
        }
        return i == a.count && j == b.count
    }
}
