internal import CChatFormICU

/// One visual line of mixed-direction text: its graphemes in visual order with their x, and
/// every grapheme boundary's caret places, primary first (see `LineLayout+Bidi.swift`).
///
/// Built from what a `LineLayout` supplies: the logical caret stops of the line (so each
/// grapheme's advance) and the embedding level of each grapheme (UAX #9, resolved on the
/// whole paragraph, left-to-right paragraph level). The line is reordered by ICU
/// (`ubidi_reorderVisual`, rule L2) after white space hanging at the line's end has been
/// given the paragraph's level (rule L1), as Chromium does: that white space sits at the
/// line's right end but keeps its own direction for the caret. Each run of one level is a
/// box whose width a browser rounds up to 1/64 pixel; the next run starts there.
struct _BidiLine: Sendable {
    /// A grapheme cluster shown on the line, in visual order.
    struct Cluster: Sendable {
        /// UTF-8 range.
        var start: Int
        var end: Int
        /// The level its caret edges follow (odd: the logical start is on the right).
        var level: UInt8
        /// The level it was ordered by (L1 gives hanging white space the paragraph's).
        var orderLevel: UInt8
        var left: Double
        var right: Double
        var isRightToLeft: Bool { level & 1 == 1 }
        /// The offset at the cluster's left edge and at its right edge.
        var leftOffset: Int { isRightToLeft ? end : start }
        var rightOffset: Int { isRightToLeft ? start : end }
    }

    /// A place where the caret may be drawn for an offset: the edge of a cluster (or the
    /// line's start when it is empty) and the level of the cluster.
    struct Place: Sendable {
        var x: Double
        var level: UInt8
        /// The cluster's index in visual order (ties between places go to the left one).
        var visual: Int
    }

    let start: Int
    let contentEnd: Int
    /// Clusters from left to right.
    let clusters: [Cluster]
    /// Grapheme boundaries of the line in logical order (`start...contentEnd`).
    let boundaries: [Int]
    /// Per boundary: the primary caret's x and, where the offset sits at two different
    /// places (a direction boundary), the secondary's.
    let primary: [Double]
    let secondary: [Double?]

    /// Whether any cluster is right to left (else the line is plain left-to-right text).
    var isMixed: Bool { clusters.contains { $0.level != 0 } }

    /// Builds the line from its logical caret stops and the level of each byte from
    /// `start` (nil: all 0).
    init(start: Int, contentEnd: Int, stops: [(offset: Int, x: Double)], levels: (Int) -> UInt8,
         isHangingSpace: (Int) -> Bool) {
        self.start = start
        self.contentEnd = contentEnd
        let count = Swift.max(0, stops.count - 1)
        var levelOf = [UInt8](repeating: 0, count: count)
        var order = [UInt8](repeating: 0, count: count)
        for k in 0..<count {
            levelOf[k] = levels(stops[k].offset)
            order[k] = levelOf[k]
        }
        // L1: white space hanging at the line's end is ordered at the paragraph's level.
        var k = count - 1
        while k >= 0 && isHangingSpace(stops[k].offset) {
            order[k] = 0
            k -= 1
        }
        var visualToLogical = [Int32](repeating: 0, count: count)
        if count > 0 {
            _ = order.withUnsafeBufferPointer { l in
                visualToLogical.withUnsafeMutableBufferPointer { m in
                    cfl_bidi_reorder_visual(l.baseAddress!, Int32(count), m.baseAddress!)
                }
            }
        }
        // Runs of one order level, each a box rounded up to 1/64 px; clusters inside a run
        // are placed from its left (left to right) or its right (right to left).
        var clusters: [Cluster] = []
        clusters.reserveCapacity(count)
        var runLeft = 0.0
        var v = 0
        while v < count {
            var w = v
            let level = order[Int(visualToLogical[v])]
            var width = 0.0
            while w < count && order[Int(visualToLogical[w])] == level
                && levelOf[Int(visualToLogical[w])] & 1 == levelOf[Int(visualToLogical[v])] & 1 {
                let g = Int(visualToLogical[w])
                width += stops[g + 1].x - stops[g].x
                w += 1
            }
            var x = runLeft
            for u in v..<w {
                let g = Int(visualToLogical[u])
                let advance = stops[g + 1].x - stops[g].x
                clusters.append(Cluster(start: stops[g].offset, end: stops[g + 1].offset, level: levelOf[g],
                                        orderLevel: order[g], left: x, right: x + advance))
                x += advance
            }
            runLeft += Self.ceilToLayoutUnit(width)
            v = w
        }
        self.clusters = clusters
        // Every boundary's places: the edges of the clusters it bounds.
        let boundaries = stops.map(\.offset)
        self.boundaries = boundaries
        var places = [[Place]](repeating: [], count: boundaries.count)
        func index(of offset: Int) -> Int {
            var lo = 0, hi = boundaries.count - 1
            while lo < hi {
                let mid = (lo + hi) / 2
                if boundaries[mid] < offset { lo = mid + 1 } else { hi = mid }
            }
            return lo
        }
        for (n, c) in clusters.enumerated() {
            places[index(of: c.leftOffset)].append(Place(x: c.left, level: c.level, visual: n))
            places[index(of: c.rightOffset)].append(Place(x: c.right, level: c.level, visual: n))
        }
        var primary = [Double](repeating: 0, count: boundaries.count)
        var secondary = [Double?](repeating: nil, count: boundaries.count)
        for b in boundaries.indices {
            let ps = places[b]
            guard var best = ps.first else { continue }
            for p in ps.dropFirst() where p.level < best.level || (p.level == best.level && p.x < best.x) { best = p }
            primary[b] = best.x
            // The other place, where it is elsewhere (the furthest from the primary).
            var other: Double?
            for p in ps where abs(p.x - best.x) > 1e-9 {
                if other == nil || abs(p.x - best.x) > abs(other! - best.x) { other = p.x }
            }
            secondary[b] = other
        }
        self.primary = primary
        self.secondary = secondary
    }

    @inline(__always)
    static func ceilToLayoutUnit(_ v: Double) -> Double {
        let units = (v * 64 - 1e-7).rounded(.up)
        return Swift.max(0, units) / 64
    }

    /// The index in `boundaries` of `offset` (a boundary of the line), or nil.
    func boundaryIndex(_ offset: Int) -> Int? {
        var lo = 0, hi = boundaries.count - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            if boundaries[mid] < offset { lo = mid + 1 } else { hi = mid }
        }
        return boundaries.isEmpty || boundaries[lo] != offset ? nil : lo
    }

    /// The primary x of `offset` (clamped into the line's boundaries).
    func primaryX(_ offset: Int) -> Double {
        if let b = boundaryIndex(Swift.min(Swift.max(offset, start), contentEnd)) { return primary[b] }
        return 0
    }

    /// The offset a point at `x` lands on, as Chromium's `caretPositionFromPoint` answers:
    /// the nearer edge of the cluster under `x` (past either end, that end's edge); where
    /// that edge is a direction boundary with two offsets, the one whose primary caret is
    /// drawn there.
    func offset(atX x: Double) -> Int {
        guard !clusters.isEmpty else { return start }
        // The cluster under x (binary search over the clusters' left edges).
        var lo = 0, hi = clusters.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if clusters[mid].left <= x { lo = mid } else { hi = mid - 1 }
        }
        var n = lo
        if x >= clusters[n].right && n + 1 < clusters.count && x >= clusters[n + 1].left { n += 1 }
        let c = clusters[n]
        let rightSide = x >= (c.left + c.right) / 2
        let edge = rightSide ? c.right : c.left
        let mine = rightSide ? c.rightOffset : c.leftOffset
        let neighbour = rightSide ? (n + 1 < clusters.count ? clusters[n + 1].leftOffset : nil)
                                  : (n > 0 ? clusters[n - 1].rightOffset : nil)
        guard let neighbour, neighbour != mine else { return mine }
        if abs(primaryX(mine) - edge) < 1e-6 { return mine }
        if abs(primaryX(neighbour) - edge) < 1e-6 { return neighbour }
        let other = rightSide ? clusters[n + 1] : clusters[n - 1]
        return other.level < c.level ? neighbour : mine
    }

    /// Every boundary of the line ordered by its primary caret's x (ties in logical order):
    /// the caret stops of visual arrow-key movement.
    func visualStops() -> [Int] {
        boundaries.indices.sorted { a, b in
            primary[a] != primary[b] ? primary[a] < primary[b] : a < b
        }.map { boundaries[$0] }
    }

    /// The rectangles' x extents covering `range` on the line: one per run of clusters that
    /// are next to each other visually and inside the range.
    func selectionExtents(_ range: Range<Int>) -> [(minX: Double, maxX: Double)] {
        var result: [(minX: Double, maxX: Double)] = []
        var open: (minX: Double, maxX: Double, level: UInt8)?
        for c in clusters {
            let inside = c.start >= range.lowerBound && c.end <= range.upperBound
            if inside, let o = open, o.level == c.level, abs(o.maxX - c.left) < 1e-9 {
                open = (o.minX, c.right, o.level)
            } else {
                if let o = open { result.append((o.minX, o.maxX)) }
                open = inside ? (c.left, c.right, c.level) : nil
            }
        }
        if let o = open { result.append((o.minX, o.maxX)) }
        return result
    }
}
