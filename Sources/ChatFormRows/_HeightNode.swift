/// Capacities of one `HeightIndex` tree.
///
/// The public index always uses `.standard`; tests shrink the limits so that a few hundred
/// rows already build a tree several levels deep with many split runs.
struct _Limits: Sendable, Equatable {
    /// Most entries (runs) in one leaf. A non-root leaf holds at least half of this.
    var maxLeaf: Int
    /// Most children of one internal node. A non-root internal node holds at least half.
    var maxFanout: Int
    /// Most rows in one run entry; at most `_Run.maxLength`.
    var maxRun: Int

    var minLeaf: Int { maxLeaf / 2 }
    var minFanout: Int { maxFanout / 2 }

    /// Leaves of 128 runs (≈ 1.3 KiB), internal nodes of 32 children, runs of 32,767 rows.
    /// A keystroke that grows its row walks its leaf a few times (its offset, the rows in
    /// view, the leaf's sum): at 256 runs those walks made the chat's costliest keystrokes
    /// 2.07× the median in instructions, at 128 1.78× (a measured row 10.7 → 11.4 bytes).
    static let standard = _Limits(maxLeaf: 128, maxFanout: 32, maxRun: _Run.maxLength)

    /// Extra room reserved past the maximum: one row operation adds at most two entries
    /// (splitting a run around a changed row) or one child (a split) before rebalancing.
    static let slack = 2

    func maxSize(level: Int) -> Int { level == 0 ? maxLeaf : maxFanout }
    func minSize(level: Int) -> Int { level == 0 ? minLeaf : minFanout }
}

/// Encoding of one run entry's row count and measured flag in 16 bits:
/// bit 15 = measured, bits 0–14 = number of rows (1…32,767).
enum _Run {
    static let maxLength = 0x7FFF
    private static let measuredBit: UInt16 = 0x8000

    @inline(__always) static func make(_ length: Int, measured: Bool) -> UInt16 {
        UInt16(truncatingIfNeeded: length) | (measured ? measuredBit : 0)
    }
    @inline(__always) static func length(_ run: UInt16) -> Int { Int(run & 0x7FFF) }
    @inline(__always) static func isMeasured(_ run: UInt16) -> Bool { run & measuredBit != 0 }
}

/// One node of the B+-tree behind `HeightIndex`.
///
/// A leaf (`level == 0`) stores run entries as a struct of arrays: `heights[i]` is the height
/// of every row of entry `i`, `runs[i]` its row count and measured flag (`_Run`). An internal
/// node stores children, all of level `level - 1`. Every node caches its summary (rows, total
/// height, measured rows); summaries are always recomputed from the node's own entries or
/// children, never patched by deltas, so a node's height is a deterministic left-to-right sum.
///
/// Nodes are shared between copies of an index; a node is mutated only while uniquely
/// referenced (copy-on-write along the mutated path), which is why `@unchecked Sendable` holds.
/// The index's methods never hold an access to a node's property open across another access
/// to the same property, so its stored properties skip the run-time exclusivity check a class
/// property costs on every read and write (a `swift_beginAccess` each; a keystroke's row
/// lookups made about twenty of them).
final class _HeightNode: @unchecked Sendable {
    let level: Int
    /// Rows in this subtree.
    @exclusivity(unchecked) var count: Int = 0
    /// Sum of the heights of the rows in this subtree.
    @exclusivity(unchecked) var height: Double = 0
    /// Measured rows in this subtree.
    @exclusivity(unchecked) var measured: Int = 0

    @exclusivity(unchecked) var heights: [Double] = []
    @exclusivity(unchecked) var runs: [UInt16] = []
    @exclusivity(unchecked) var children: [_HeightNode] = []

    init(level: Int) {
        self.level = level
    }

    /// A leaf holding the given entries, with the standard reserved capacity.
    init(leafHeights: ArraySlice<Double>, runs: ArraySlice<UInt16>, limits: _Limits) {
        level = 0
        heights.reserveCapacity(Swift.max(limits.maxLeaf + _Limits.slack, leafHeights.count))
        heights.append(contentsOf: leafHeights)
        self.runs.reserveCapacity(Swift.max(limits.maxLeaf + _Limits.slack, runs.count))
        self.runs.append(contentsOf: runs)
        recomputeSummary()
    }

    /// An internal node over the given children.
    init(level: Int, children: ArraySlice<_HeightNode>, limits: _Limits) {
        precondition(level > 0)
        self.level = level
        self.children.reserveCapacity(Swift.max(limits.maxFanout + _Limits.slack, children.count))
        self.children.append(contentsOf: children)
        recomputeSummary()
    }

    var isLeaf: Bool { level == 0 }

    /// Entries (leaf) or children (internal node).
    var size: Int { isLeaf ? heights.count : children.count }

    /// A shallow copy (children are shared) with freshly reserved capacity. O(size).
    func copy(_ limits: _Limits) -> _HeightNode {
        let node = isLeaf
            ? _HeightNode(leafHeights: heights[...], runs: runs[...], limits: limits)
            : _HeightNode(level: level, children: children[...], limits: limits)
        return node
    }

    /// Recomputes `count`, `height` and `measured` from this node's own entries or children,
    /// left to right. O(size).
    func recomputeSummary() {
        var rows = 0
        var total = 0.0
        var measuredRows = 0
        if isLeaf {
            for i in heights.indices {
                let run = runs[i]
                let length = _Run.length(run)
                rows += length
                if _Run.isMeasured(run) { measuredRows += length }
                total += heights[i] * Double(length)
            }
        } else {
            for child in children {
                rows += child.count
                total += child.height
                measuredRows += child.measured
            }
        }
        count = rows
        height = total
        measured = measuredRows
    }

    /// Approximate bytes held by this node alone (object plus array buffers actually allocated).
    var ownFootprint: Int {
        // Object header (16) + 7 stored words.
        var bytes = 16 + 7 * 8
        // A Swift array buffer: 32-byte header + capacity × stride (empty arrays share a singleton).
        if heights.capacity > 0 { bytes += 32 + heights.capacity * MemoryLayout<Double>.stride }
        if runs.capacity > 0 { bytes += 32 + runs.capacity * MemoryLayout<UInt16>.stride }
        if children.capacity > 0 { bytes += 32 + children.capacity * MemoryLayout<_HeightNode>.stride }
        return bytes
    }
}

// MARK: - Rebalancing (internal nodes)

extension _HeightNode {
    /// Child `i`, copied first if shared with another tree. O(1), or O(size of the child) to copy.
    func uniqueChild(at i: Int, _ limits: _Limits) -> _HeightNode {
        if !isKnownUniquelyReferenced(&children[i]) {
            children[i] = children[i].copy(limits)
        }
        return children[i]
    }

    /// Brings child `i` back within its fill bounds after a mutation of that child alone:
    /// an overfull child first sheds entries into a neighbour with room, else splits into
    /// as many even pieces as needed; an underfull child merges with a neighbour (and the
    /// pair splits evenly again if too large). The caller recomputes this node's summary.
    /// O(maxLeaf + maxFanout), or O(k) after a bulk insert of k entries.
    func fixChild(at i: Int, _ limits: _Limits) {
        let child = children[i]
        let size = child.size
        let maxSize = limits.maxSize(level: child.level)
        if size > maxSize {
            let excess = size - maxSize
            if i > 0, children[i - 1].size + excess <= maxSize {
                let left = uniqueChild(at: i - 1, limits)
                child.moveFront(excess, toEndOf: left)
                child.trimCapacity(limits)
                return
            }
            if i + 1 < children.count, children[i + 1].size + excess <= maxSize {
                let right = uniqueChild(at: i + 1, limits)
                child.moveBack(excess, toFrontOf: right)
                child.trimCapacity(limits)
                return
            }
            let pieces = child.split(into: (size + maxSize - 1) / maxSize, limits)
            children.insert(contentsOf: pieces, at: i + 1)
        } else if size < limits.minSize(level: child.level), children.count > 1 {
            let j = i > 0 ? i - 1 : i
            let left = uniqueChild(at: j, limits)
            left.absorb(children[j + 1])
            children.remove(at: j + 1)
            if left.size > maxSize {
                let pieces = left.split(into: 2, limits)
                children.insert(contentsOf: pieces, at: j + 1)
            }
        }
    }

    /// Reallocates arrays that grew past twice the standard capacity (after a bulk insert). O(size).
    func trimCapacity(_ limits: _Limits) {
        let reserve = limits.maxSize(level: level) + _Limits.slack
        if isLeaf, heights.capacity > 2 * reserve || runs.capacity > 2 * reserve {
            var h: [Double] = []
            h.reserveCapacity(Swift.max(reserve, heights.count))
            h.append(contentsOf: heights)
            var r: [UInt16] = []
            r.reserveCapacity(Swift.max(reserve, runs.count))
            r.append(contentsOf: runs)
            heights = h
            runs = r
        } else if !isLeaf, children.capacity > 2 * reserve {
            var c: [_HeightNode] = []
            c.reserveCapacity(Swift.max(reserve, children.count))
            c.append(contentsOf: children)
            children = c
        }
    }

    /// Moves this node's first `k` entries to the end of `left` (same level). O(size).
    func moveFront(_ k: Int, toEndOf left: _HeightNode) {
        if isLeaf {
            left.heights.append(contentsOf: heights[..<k])
            left.runs.append(contentsOf: runs[..<k])
            heights.removeFirst(k)
            runs.removeFirst(k)
        } else {
            left.children.append(contentsOf: children[..<k])
            children.removeFirst(k)
        }
        left.recomputeSummary()
        recomputeSummary()
    }

    /// Moves this node's last `k` entries to the front of `right` (same level). O(size).
    func moveBack(_ k: Int, toFrontOf right: _HeightNode) {
        let start = size - k
        if isLeaf {
            right.heights.insert(contentsOf: heights[start...], at: 0)
            right.runs.insert(contentsOf: runs[start...], at: 0)
            heights.removeLast(k)
            runs.removeLast(k)
        } else {
            right.children.insert(contentsOf: children[start...], at: 0)
            children.removeLast(k)
        }
        right.recomputeSummary()
        recomputeSummary()
    }

    /// Appends all entries of `right` (same level). O(size of both).
    func absorb(_ right: _HeightNode) {
        if isLeaf {
            heights.append(contentsOf: right.heights)
            runs.append(contentsOf: right.runs)
        } else {
            children.append(contentsOf: right.children)
        }
        recomputeSummary()
    }

    /// Splits this node's entries into `pieces` nodes of even size; this node keeps the first
    /// piece (with its arrays reallocated to the standard capacity) and the rest are returned.
    /// O(size).
    func split(into pieces: Int, _ limits: _Limits) -> [_HeightNode] {
        precondition(pieces >= 2)
        let total = size
        let base = total / pieces
        let extra = total % pieces
        var bounds = [0]
        bounds.reserveCapacity(pieces + 1)
        for p in 0..<pieces { bounds.append(bounds[p] + base + (p < extra ? 1 : 0)) }
        var result: [_HeightNode] = []
        result.reserveCapacity(pieces - 1)
        for p in 1..<pieces {
            let range = bounds[p]..<bounds[p + 1]
            result.append(isLeaf
                ? _HeightNode(leafHeights: heights[range], runs: runs[range], limits: limits)
                : _HeightNode(level: level, children: children[range], limits: limits))
        }
        let head = 0..<bounds[1]
        if isLeaf {
            var h: [Double] = []
            h.reserveCapacity(limits.maxLeaf + _Limits.slack)
            h.append(contentsOf: heights[head])
            var r: [UInt16] = []
            r.reserveCapacity(limits.maxLeaf + _Limits.slack)
            r.append(contentsOf: runs[head])
            heights = h
            runs = r
        } else {
            var c: [_HeightNode] = []
            c.reserveCapacity(limits.maxFanout + _Limits.slack)
            c.append(contentsOf: children[head])
            children = c
        }
        recomputeSummary()
        return result
    }

    /// Descends to the leaf holding row `row` (for an insertion, `row` may equal `count`, and a
    /// row on a boundary goes to the end of the left leaf), copying shared nodes on the way,
    /// runs `body(leaf, rowInLeaf)`, then refreshes summaries and fill bounds bottom-up.
    /// The caller must have made `self` unique. O(log n) nodes, each O(maxLeaf + maxFanout).
    func mutateLeaf<R>(
        atRow row: Int, insertion: Bool, _ limits: _Limits,
        _ body: (_HeightNode, Int) -> R
    ) -> R {
        if isLeaf {
            let result = body(self, row)
            recomputeSummary()
            return result
        }
        var base = 0
        var i = 0
        let last = children.count - 1
        while i < last {
            let rows = children[i].count
            if row < base + rows || (insertion && row == base + rows) { break }
            base += rows
            i += 1
        }
        let child = uniqueChild(at: i, limits)
        let result = child.mutateLeaf(atRow: row - base, insertion: insertion, limits, body)
        fixChild(at: i, limits)
        recomputeSummary()
        return result
    }
}

// MARK: - Leaf operations

extension _HeightNode {
    /// The entry holding leaf-local row `row` (< count) and the row's position inside it. O(size).
    func locate(_ row: Int) -> (entry: Int, offset: Int) {
        var remaining = row
        for i in runs.indices {
            let length = _Run.length(runs[i])
            if remaining < length { return (i, remaining) }
            remaining -= length
        }
        preconditionFailure("row \(row) outside leaf of \(count) rows")
    }

    /// Where a walk through a leaf's entries stands: entry `entry` starts at leaf-local row
    /// `start`. Rows set in increasing order share one cursor, so the leaf is walked once.
    struct _Cursor {
        var entry = 0
        var start = 0
    }

    /// Sets leaf-local row `row`'s height and flag, splitting its run into up to three
    /// entries in place; the walk starts at `cursor` (at or before `row`) and leaves it on
    /// the row's entry. O(entries walked + size) when a run splits, else O(entries walked).
    func leafSet(row: Int, height: Double, measured: Bool, cursor: inout _Cursor) {
        var e = cursor.entry, start = cursor.start
        while start + _Run.length(runs[e]) <= row {
            start += _Run.length(runs[e])
            e += 1
        }
        defer { cursor = _Cursor(entry: e, start: start) }
        let run = runs[e]
        let length = _Run.length(run)
        let wasMeasured = _Run.isMeasured(run)
        let old = heights[e]
        if old == height && wasMeasured == measured { return }
        let k = row - start, after = length - k - 1
        if k > 0 {
            runs[e] = _Run.make(k, measured: wasMeasured)
            e += 1
            start = row
            heights.insert(height, at: e)
            runs.insert(_Run.make(1, measured: measured), at: e)
        } else {
            heights[e] = height
            runs[e] = _Run.make(1, measured: measured)
        }
        if after > 0 {
            heights.insert(old, at: e + 1)
            runs.insert(_Run.make(after, measured: wasMeasured), at: e + 1)
        }
    }

    /// Inserts entries before leaf-local row `row` (≤ count), splitting the run there if needed.
    /// A single entry joins a neighbouring run of equal height and flag when it fits.
    /// O(size + k) for k entries.
    func leafInsert(heights newHeights: [Double], runs newRuns: [UInt16], atRow row: Int, _ limits: _Limits) {
        var e: Int
        var k = 0
        if row == count {
            e = heights.count
        } else {
            (e, k) = locate(row)
        }
        if newHeights.count == 1 {
            let h = newHeights[0]
            let run = newRuns[0]
            let addLength = _Run.length(run)
            let flag = _Run.isMeasured(run)
            // Candidates to extend: the run holding `row` (if inside it), else its neighbours.
            let candidates = k > 0 ? [e] : [e - 1, e]
            for c in candidates where c >= 0 && c < heights.count {
                let existing = runs[c]
                if heights[c] == h, _Run.isMeasured(existing) == flag,
                   _Run.length(existing) + addLength <= limits.maxRun {
                    runs[c] = _Run.make(_Run.length(existing) + addLength, measured: flag)
                    return
                }
            }
        }
        if k > 0 {
            let run = runs[e]
            let flag = _Run.isMeasured(run)
            runs[e] = _Run.make(k, measured: flag)
            heights.insert(heights[e], at: e + 1)
            runs.insert(_Run.make(_Run.length(run) - k, measured: flag), at: e + 1)
            e += 1
        }
        heights.insert(contentsOf: newHeights, at: e)
        runs.insert(contentsOf: newRuns, at: e)
    }

    /// Removes `rowCount` rows starting at leaf-local row `row`; runs shrink, emptied entries
    /// disappear. O(size).
    func leafRemove(row: Int, rowCount: Int) {
        var (e, k) = locate(row)
        var remaining = rowCount
        var emptied: Range<Int>? = nil
        while remaining > 0 {
            let run = runs[e]
            let length = _Run.length(run)
            let take = Swift.min(length - k, remaining)
            remaining -= take
            if take == length {
                emptied = (emptied?.lowerBound ?? e)..<(e + 1)
            } else {
                runs[e] = _Run.make(length - take, measured: _Run.isMeasured(run))
            }
            e += 1
            k = 0
        }
        if let emptied {
            heights.removeSubrange(emptied)
            runs.removeSubrange(emptied)
        }
    }
}
