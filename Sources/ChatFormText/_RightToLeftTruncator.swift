/// Where the ellipsis goes on the last line shown of a right-to-left paragraph with real
/// fonts, as Blink's line truncator decides it (read in its sources, written anew here).
///
/// The line is a row of children, one per inline item on it (a stretch of one script,
/// direction and emoji priority; white space hanging at the line's end is one of its own),
/// each as wide as its text rounded up to a layout unit (1/64 px) and placed one after the
/// other from the line's left; the line's right edge sits at the right of the box. The
/// children are looked at from the left:
/// - a child whose right edge lies at or past the box's left (no room from the box's left
///   to it) is hidden;
/// - a child that fits whole with the ellipsis on its left ends the cut: it and every child
///   on its right are shown;
/// - otherwise the child is cut: the room it has left is measured on its text unrounded
///   (the text's exact width less the room gives the x where the kept part must start),
///   and the glyph cluster under that x is dropped with everything on its left, unless the
///   x falls exactly on its left edge. A cut keeping nothing, or everything, hides the
///   child, except the line's logically first child (its rightmost), which keeps one
///   cluster (CSS: a line's first character is clipped, not ellipsed).
///
/// The ellipsis is drawn left of the kept part of the child where the cut ended, that
/// part's width rounded up to a layout unit. Rounding the children apart is what the
/// earlier cut (on the line's graphemes at their drawn x) missed: a child's rounding on the
/// right of the cut moves the room, and the unrounded width inside the cut one does not.
struct _RightToLeftTruncator {
    /// A child: the clusters it holds (indices into `clusters`, left to right) and its
    /// width unrounded and rounded up to a layout unit (1/65536 px).
    private struct Child {
        var first: Int
        var end: Int
        var width: Int64
        var rounded: Int64
        var isRightToLeft: Bool
    }

    private let clusters: [_Truncation.Cluster]
    private let advances: [Int64]
    private var children: [Child] = []

    /// `clusters`: the line's graphemes from left to right, each naming its child; nil
    /// (no truncator) when a cluster names none.
    init?(clusters: [_Truncation.Cluster]) {
        guard !clusters.isEmpty, clusters.allSatisfy({ $0.child != nil }) else { return nil }
        self.clusters = clusters
        advances = clusters.map { Int64((($0.right - $0.left) * 65536).rounded()) }
        var k = 0
        while k < clusters.count {
            var e = k + 1
            while e < clusters.count && clusters[e].child == clusters[k].child
                && clusters[e].isRightToLeft == clusters[k].isRightToLeft { e += 1 }
            let w = advances[k..<e].reduce(0, +)
            children.append(Child(first: k, end: e, width: w, rounded: _LayoutUnit.ceil(w),
                                  isRightToLeft: clusters[k].isRightToLeft))
            k = e
        }
    }

    /// How many graphemes are kept from the line's right and the ellipsis's x from the box's
    /// left, in a box `width` wide; nil when no child takes the ellipsis (the line's first
    /// child lies wholly left of the box), where Blink draws none.
    /// `canCut(offset)`: whether the line may be cut between two graphemes there (not inside
    /// a glyph: a cluster is kept or dropped whole).
    ///
    /// - Complexity: O(graphemes on the line).
    func cut(width: Double, ellipsisWidth: Double, canCut: (Int) -> Bool) -> (kept: Int, ellipsisX: Double)? {
        let box = _LayoutUnit.floor(width: width)
        let ellipsis = _LayoutUnit.ceil(Int64((ellipsisWidth * 65536).rounded()))
        // Σ of the rounded widths of the children right of each one.
        var onRight = children.map(\.rounded).reduce(0, +)
        for (n, child) in children.enumerated() {
            onRight -= child.rounded
            let isFirst = n == children.count - 1
            var room = box - onRight
            if room <= 0 { continue }
            room -= ellipsis
            if room >= child.rounded {
                return (clusters.count - child.first, _LayoutUnit.pixels(box - onRight - child.rounded - ellipsis))
            }
            if room <= 0 && !isFirst { continue }
            guard let keptStart = keptStart(of: child, room: room, isFirst: isFirst, canCut: canCut) else { continue }
            let kept = advances[keptStart..<child.end].reduce(0, +)
            return (clusters.count - keptStart, _LayoutUnit.pixels(box - onRight - _LayoutUnit.ceil(kept) - ellipsis))
        }
        return nil
    }

    /// The first cluster kept of `child` when `room` is left for it (its right part), or nil
    /// when it is hidden.
    private func keptStart(of child: Child, room: Int64, isFirst: Bool, canCut: (Int) -> Bool) -> Int? {
        // The x from the child's left where the kept part must start, on its unrounded text.
        let x = child.width - room
        var start = child.first   // x at or before the child's left: all of it would be kept
        if x > 0 {
            var left: Int64 = 0
            var i = child.first
            while i < child.end && left + advances[i] <= x {
                left += advances[i]
                i += 1
            }
            // The cluster under x is dropped, unless x is its left edge.
            start = i < child.end && left == x ? i : i + 1
            // Never half a glyph: a cluster joined to the one before it goes with it.
            while start > child.first && start < child.end && !canCut(boundary(clusters[start - 1], clusters[start])) {
                start += 1
            }
        }
        if start > child.first && start < child.end { return start }
        guard isFirst else { return nil }
        // The first child keeps a cluster, its rightmost when nothing fits, else all but
        // its leftmost.
        return start >= child.end ? child.end - 1 : child.first + 1 < child.end ? child.first + 1 : child.first
    }

    /// The UTF-8 offset between two graphemes next to each other on the line.
    private func boundary(_ a: _Truncation.Cluster, _ b: _Truncation.Cluster) -> Int {
        a.end == b.start ? a.end : a.start
    }
}
