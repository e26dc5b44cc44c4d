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
    struct Cluster: _VisualSpan {
        /// UTF-8 range and x extent.
        var piece: _LinePiece
        /// The level its caret edges follow (odd: the logical start is on the right).
        var level: UInt8
        /// The level it was ordered by (L1 gives hanging white space the paragraph's).
        var orderLevel: UInt8
        /// Whether it is white space hanging at the line's end (rule L1).
        var hangs = false
    }

    let start: Int
    let contentEnd: Int
    /// Clusters from left to right.
    let clusters: [Cluster]
    /// The boxes the clusters make, from left to right.
    let boxes: [Box]
    /// Per boundary: the x of every box edge it lies on (a browser's collapsed range there).
    let places: [[Double]]
    /// Grapheme boundaries of the line in logical order (`start...contentEnd`).
    let boundaries: [Int]
    /// Per boundary: the primary caret's x and, where the offset sits at two different
    /// places (a direction boundary), the secondary's.
    let primary: [Double]
    let secondary: [Double?]
    /// The paragraph's level (1: a right-to-left paragraph, whose caret rules are the
    /// left-to-right ones mirrored).
    let paragraphLevel: UInt8
    /// The boxes seen in a mirror (right to left, each level one lower), for a right-to-left
    /// paragraph; empty otherwise.
    let mirroredBoxes: [Box]
    /// What the line's x positions are moved by where they are read (`LineLayout` sets it: a
    /// right-to-left paragraph's lines start at the right); every x above is from the
    /// line's visual left at 0.
    var shift = 0.0

    /// Whether any cluster is right to left (else the line is plain left-to-right text).
    var isMixed: Bool { clusters.contains { $0.level != 0 } }

    /// Builds the line from its logical caret stops and the level of each byte from
    /// `start` (nil: all 0).
    /// `startsItem` says which boundaries start an inline item of their own (the prepared
    /// text's items, `_ItemBoundaries`: after a zero width non-joiner, at a styled span): a
    /// run is rounded up to a layout unit piece by piece there, as a browser rounds each
    /// item's width.
    init(start: Int, contentEnd: Int, stops: [(offset: Int, x: Double)], levels: (Int) -> UInt8,
         isHangingSpace: (Int) -> Bool, paragraphLevel: UInt8 = 0, startsItem: (Int) -> Bool = { _ in false }) {
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
            order[k] = paragraphLevel
            k -= 1
        }
        let lastContent = k
        var visualToLogical = [Int32](repeating: 0, count: count)
        if count > 0 {
            _ = order.withUnsafeBufferPointer { l in
                visualToLogical.withUnsafeMutableBufferPointer { m in
                    cfl_bidi_reorder_visual(l.baseAddress!, Int32(count), m.baseAddress!)
                }
            }
        }
        // Runs of one order level, each a box rounded up to 1/64 px (and cut where an item
        // starts); clusters inside a run are placed from its left (left to right) or its right
        // (right to left).
        var clusters: [Cluster] = []
        clusters.reserveCapacity(count)
        var runLeft = 0.0
        var v = 0
        while v < count {
            var w = v
            let level = order[Int(visualToLogical[v])]
            var width = 0.0
            // (In a right-to-left paragraph the hanging white space is a box of its own.)
            while w < count && order[Int(visualToLogical[w])] == level
                && levelOf[Int(visualToLogical[w])] & 1 == levelOf[Int(visualToLogical[v])] & 1
                && (paragraphLevel & 1 == 0 || (Int(visualToLogical[w]) > lastContent) == (Int(visualToLogical[v]) > lastContent))
                && (w == v || !startsItem(stops[Int(Swift.max(visualToLogical[w], visualToLogical[w - 1]))].offset)) {
                let g = Int(visualToLogical[w])
                width += stops[g + 1].x - stops[g].x
                w += 1
            }
            var x = runLeft
            for u in v..<w {
                let g = Int(visualToLogical[u])
                let advance = stops[g + 1].x - stops[g].x
                let piece = _LinePiece(start: stops[g].offset, end: stops[g + 1].offset, left: x, right: x + advance)
                clusters.append(Cluster(piece: piece, level: levelOf[g], orderLevel: order[g], hangs: g > lastContent))
                x += advance
            }
            runLeft += _LayoutUnit.ceil(pixels: width)
            v = w
        }
        self.clusters = clusters
        // Boxes: stretches of clusters of one level that follow each other in the text in
        // their direction (a browser's text fragments, as far as the caret can tell).
        var boxes: [Box] = []
        for c in clusters {
            if var last = boxes.last, last.level == c.level,
               c.isRightToLeft ? c.end == last.start : c.start == last.end {
                if c.isRightToLeft { last.piece.start = c.start } else { last.piece.end = c.end }
                last.piece.right = c.right
                boxes[boxes.count - 1] = last
            } else {
                boxes.append(Box(piece: c.piece, level: c.level))
            }
        }
        self.boxes = boxes
        self.paragraphLevel = paragraphLevel
        mirroredBoxes = paragraphLevel & 1 == 1 ? boxes.reversed().map {
            Box(piece: $0.piece.mirrored(within: 0), level: $0.level > 0 ? $0.level - 1 : 0)
        } : []
        let boundaries = stops.map(\.offset)
        self.boundaries = boundaries
        // Each boundary's places (the box edges it lies on) and its caret.
        var primary = [Double](repeating: 0, count: boundaries.count)
        var secondary = [Double?](repeating: nil, count: boundaries.count)
        var places = [[Double]](repeating: [], count: boundaries.count)
        var first = [Int?](repeating: nil, count: boundaries.count)   // the first box (visually) it bounds
        func index(of offset: Int) -> Int {
            var lo = 0, hi = boundaries.count - 1
            while lo < hi {
                let mid = (lo + hi) / 2
                if boundaries[mid] < offset { lo = mid + 1 } else { hi = mid }
            }
            return lo
        }
        for (n, b) in boxes.enumerated() {
            for (offset, x) in [(b.leftOffset, b.left), (b.rightOffset, b.right)] {
                let k = index(of: offset)
                if !places[k].contains(where: { abs($0 - x) < 1e-9 }) { places[k].append(x) }
                if first[k] == nil { first[k] = n }
            }
        }
        // Offsets inside a box: the edge of their cluster.
        for c in clusters {
            let k = index(of: c.leftOffset)
            if places[k].isEmpty { places[k] = [c.left] }
        }
        for k in boundaries.indices {
            if let n = first[k] {
                let side: Side = boxes[n].leftOffset == boundaries[k] ? .left : .right
                let adjusted = Self.adjusted(boxes, mirrored: mirroredBoxes, n, side, hit: false)
                primary[k] = adjusted.side == .left ? boxes[adjusted.box].left : boxes[adjusted.box].right
            } else {
                primary[k] = places[k].first ?? 0
            }
            var other: Double?
            for x in places[k] where abs(x - primary[k]) > 1e-9 {
                if other == nil || abs(x - primary[k]) > abs(other! - primary[k]) { other = x }
            }
            secondary[k] = other
        }
        self.places = places
        self.primary = primary
        self.secondary = secondary
    }

    // MARK: Chromium's bidi adjustment

    /// A box of the line (see `init`), with its UTF-8 range and x extent.
    struct Box: _VisualSpan {
        var piece: _LinePiece
        var level: UInt8
    }

    enum Side { case left, right }

    /// Walking boxes towards one side: `toward` is the side walked to.
    struct Walk {
        let toward: Side
        var back: Walk { Walk(toward: toward == .left ? .right : .left) }
        func next(_ i: Int, _ count: Int) -> Int? {
            let j = toward == .left ? i - 1 : i + 1
            return j >= 0 && j < count ? j : nil
        }
    }

    /// The first box after `start` (walking) whose level is at most `level`.
    static func findRun(_ boxes: [Box], _ start: Int, _ level: UInt8, _ walk: Walk) -> Int? {
        var r = walk.next(start, boxes.count)
        while let i = r {
            if boxes[i].level <= level { return i }
            r = walk.next(i, boxes.count)
        }
        return nil
    }

    /// The last box from `start` (itself included, walking) before one of level at most
    /// `level` (`orEqual: false`) or below `level` (`orEqual: true`).
    static func runBoundary(_ boxes: [Box], _ start: Int, _ level: UInt8, _ walk: Walk, entire: Bool) -> Int {
        var last = start
        var r = walk.next(start, boxes.count)
        while let i = r {
            if entire ? boxes[i].level < level : boxes[i].level <= level { return last }
            last = i
            r = walk.next(i, boxes.count)
        }
        return last
    }

    /// `adjustCaret` (or `adjustHit`) in the paragraph's direction: a right-to-left
    /// paragraph's line is seen in a mirror (`mirrored`: the boxes from right to left, each a
    /// level lower), where it is a left-to-right paragraph's, and the answer mirrored back.
    static func adjusted(_ boxes: [Box], mirrored: [Box], _ n: Int, _ side: Side, hit: Bool) -> (box: Int, side: Side) {
        guard !mirrored.isEmpty else { return hit ? adjustHit(boxes, n, side) : adjustCaret(boxes, n, side) }
        let m = boxes.count - 1 - n
        let flipped: Side = side == .left ? .right : .left
        let r = hit ? adjustHit(mirrored, m, flipped) : adjustCaret(mirrored, m, flipped)
        return (boxes.count - 1 - r.box, r.side == .left ? .right : .left)
    }

    /// Where Chromium draws the caret that the text resolves to `side` of box `n`: at a
    /// box's edge next to text of another level, it moves the caret to the edge of the
    /// run the paragraph's direction reads into (Blink's `BidiAdjustment`, studied and
    /// written anew here, checked against Chromium's painted carets).
    static func adjustCaret(_ boxes: [Box], _ n: Int, _ side: Side) -> (box: Int, side: Side) {
        // Walking away from the side the caret is on; "back" is that side.
        let walk = Walk(toward: side == .left ? .right : .left)
        let box = boxes[n]
        let backSide = side
        let forwardSide: Side = walk.toward
        if !box.isRightToLeft {
            // The paragraph's direction.
            guard let behind = walk.back.next(n, boxes.count) else { return (n, backSide) }
            if walk.toward == .left {
                if boxes[behind].level >= box.level { return (n, backSide) }
            } else {
                if boxes[behind].isRightToLeft == box.isRightToLeft || boxes[behind].level > box.level { return (n, backSide) }
            }
            let level = boxes[behind].level
            if let ahead = findRun(boxes, n, level, walk), boxes[ahead].level == level { return (n, backSide) }
            return (runBoundary(boxes, n, level, walk.back, entire: true), backSide)
        }
        let level = box.level
        let behind = walk.back.next(n, boxes.count)
        if behind == nil || boxes[behind!].level < level {
            return (runBoundary(boxes, n, level, walk, entire: true), forwardSide)
        }
        if boxes[behind!].level <= level { return (n, backSide) }
        return (runBoundary(boxes, n, level, walk.back, entire: false), backSide)
    }

    /// Where Chromium's hit test puts a point that lands on `side` of box `n` (Blink's
    /// hit-test adjustment).
    static func adjustHit(_ boxes: [Box], _ n: Int, _ side: Side) -> (box: Int, side: Side) {
        let walk = Walk(toward: side == .left ? .right : .left)
        let box = boxes[n]
        let backSide = side
        let forwardSide: Side = walk.toward
        if !box.isRightToLeft { return (n, backSide) }
        let level = box.level
        let behind = walk.back.next(n, boxes.count)
        if let b = behind, boxes[b].level == level { return (n, backSide) }
        if let b = behind, boxes[b].level > level {
            return (runBoundary(boxes, b, level, walk.back, entire: false), forwardSide)
        }
        let far = runBoundary(boxes, n, level, walk, entire: true)
        return boxes[far].isRightToLeft == box.isRightToLeft ? (far, forwardSide) : (far, backSide)
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
        if let b = boundaryIndex(Swift.min(Swift.max(offset, start), contentEnd)) { return primary[b] + shift }
        return shift
    }

    /// The offset a point at `x` lands on, as Chromium's `caretPositionFromPoint` answers:
    /// the nearer edge of the cluster under `x` (past either end of the line, that end's
    /// cluster); where that edge is a box's edge, Blink's hit-test adjustment decides.
    func offset(atX shifted: Double, keepingTappedCaret: Bool = true) -> Int {
        guard !clusters.isEmpty else { return start }
        let x = shifted - shift
        var lo = 0, hi = clusters.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if clusters[mid].left <= x { lo = mid } else { hi = mid - 1 }
        }
        let c = clusters[lo]
        let side: Side = x >= (c.left + c.right) / 2 ? .right : .left
        // The box holding the cluster.
        var b = 0, e = boxes.count - 1
        while b < e {
            let mid = (b + e + 1) / 2
            if boxes[mid].left <= c.left + 1e-9 { b = mid } else { e = mid - 1 }
        }
        let box = boxes[b]
        let mine = side == .left ? c.leftOffset : c.rightOffset
        let atEdge = side == .left ? abs(box.left - c.left) < 1e-9 : abs(box.right - c.right) < 1e-9
        guard atEdge else { return mine }
        let hit = Self.adjusted(boxes, mirrored: mirroredBoxes, b, side, hit: true)
        let chromium = hit.side == .left ? boxes[hit.box].leftOffset : boxes[hit.box].rightOffset
        if !keepingTappedCaret { return chromium }
        // Where Chromium's answer is drawn elsewhere (its run reaches past hanging white
        // space, or two offsets share the place), keep an offset drawn at the tapped edge,
        // so a tap on a caret never moves it.
        let edge = (side == .left ? c.left : c.right) + shift
        if abs(primaryX(chromium) - edge) < 1e-9 { return chromium }
        if abs(primaryX(mine) - edge) < 1e-9 { return mine }
        let neighbour = side == .left ? (lo > 0 ? clusters[lo - 1].rightOffset : nil)
                                      : (lo + 1 < clusters.count ? clusters[lo + 1].leftOffset : nil)
        if let neighbour, abs(primaryX(neighbour) - edge) < 1e-9 { return neighbour }
        return chromium
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
        return shift == 0 ? result : result.map { ($0.minX + shift, $0.maxX + shift) }
    }

    /// How far a right-to-left paragraph's line is moved from the left under `align` in a box
    /// `width` wide: `start` (and `justify`) puts its content's right edge at the right of the
    /// width, white space hanging at its end (on its left) past the content; `end` its
    /// content's left edge at 0; `center` its content in the middle (rounded down to 1/64).
    /// 0 for a left-to-right paragraph and at an infinite width.
    func rightToLeftShift(width: Double, align: TextModes.TextAlign) -> Double {
        guard paragraphLevel & 1 == 1, width.isFinite, let last = clusters.last else { return 0 }
        // The content: the clusters right of the hanging white space (ordered at the
        // paragraph's level, so on the line's left).
        var first = 0
        while first < clusters.count && clusters[first].hangs { first += 1 }
        let contentLeft = first < clusters.count ? clusters[first].left : last.right
        switch align {
        case .start, .justify: return width - _LayoutUnit.ceil(pixels: last.right)
        case .end: return -contentLeft
        case .center: return ((width - (last.right - contentLeft)) * 32).rounded(.down) / 64 - contentLeft
        }
    }
}
