/// The storage of a `RowList`: a B+-tree whose nodes live in two arenas (`leaves`, `inners`)
/// and refer to each other (and to their parent) by `Int32` index, and the dictionary from each
/// id to its leaf. A node's level (0 = leaf) is known from the walk that reaches it. Every
/// helper below keeps `leafOf` and the parent links right for whatever it moves; the list
/// itself walks the tree for its public operations and asks the tree to fix what they
/// unbalanced.
@usableFromInline
struct _RowTree<ID: Hashable & Sendable, Element: Sendable>: Sendable {
    @usableFromInline
    var leaves: [_RowLeaf<ID, Element>]
    @usableFromInline
    var inners: [_RowInner] = []
    @usableFromInline
    var freeLeaves: [Int32] = []
    @usableFromInline
    var freeInners: [Int32] = []
    /// The leaf holding each id.
    @usableFromInline
    var leafOf: [ID: Int32] = [:]
    @usableFromInline
    var root: Int32 = 0
    /// Level of the root: 0 when the root is a leaf.
    @usableFromInline
    var height: Int = 0
    @usableFromInline
    let limits: _RowListLimits

    /// An empty tree: one empty leaf as the root.
    @inlinable
    init(limits: _RowListLimits) {
        precondition(limits.maxLeaf >= 4 && limits.maxFanout >= 4)
        self.limits = limits
        leaves = [_RowLeaf()]
    }

    @inlinable
    @inline(__always) func size(_ node: Int32, level: Int) -> Int {
        level == 0 ? leaves[Int(node)].keys.count : inners[Int(node)].keys.count
    }

    @inlinable
    @inline(__always) func parent(_ node: Int32, level: Int) -> Int32 {
        level == 0 ? leaves[Int(node)].parent : inners[Int(node)].parent
    }

    @inlinable
    @inline(__always) mutating func setParent(_ node: Int32, level: Int, _ parent: Int32) {
        if level == 0 { leaves[Int(node)].parent = parent } else { inners[Int(node)].parent = parent }
    }

    /// Rows under `node`. O(1) for a leaf, O(maxFanout) for an internal node.
    @inlinable
    func rows(_ node: Int32, level: Int) -> Int {
        if level == 0 { return leaves[Int(node)].keys.count }
        var total = 0
        for c in inners[Int(node)].values { total += c }
        return total
    }

    /// A fresh empty node with reserved capacity, reusing a freed arena slot if any. O(1).
    @inlinable
    mutating func newNode(level: Int) -> Int32 {
        let reserve = limits.maxSize(level: level) + 1
        if level == 0 {
            return Self.place(_RowLeaf(reserving: reserve), in: &leaves, free: &freeLeaves)
        } else {
            return Self.place(_RowInner(reserving: reserve), in: &inners, free: &freeInners)
        }
    }

    /// Puts `node` in a freed slot of `arena` if `free` has one, else at its end; its index.
    @inlinable
    static func place<Node>(_ node: Node, in arena: inout [Node], free: inout [Int32]) -> Int32 {
        if let slot = free.popLast() {
            arena[Int(slot)] = node
            return slot
        }
        arena.append(node)
        return Int32(arena.count - 1)
    }

    /// Releases an (emptied) node's arrays and puts its slot on the free list. O(1).
    @inlinable
    mutating func freeNode(_ node: Int32, level: Int) {
        if level == 0 {
            leaves[Int(node)] = _RowLeaf()
            freeLeaves.append(node)
        } else {
            inners[Int(node)] = _RowInner()
            freeInners.append(node)
        }
    }

    /// Moves entries `range` of `source` to `position` in `destination` (same level), and
    /// points the moved ids (leaf) or children (internal node) at `destination`.
    /// Does not touch the counts stored in the parents. O(size of both + moved entries).
    @inlinable
    mutating func moveEntries(
        from source: Int32, _ range: Range<Int>, to destination: Int32, at position: Int, level: Int
    ) {
        if range.isEmpty { return }
        let s = Int(source), d = Int(destination)
        if level == 0 {
            let moved = leaves[s].take(range)
            leaves[d].insert(moved, at: position)
            for id in moved.keys { leafOf[id] = destination }
        } else {
            let moved = inners[s].take(range)
            inners[d].insert(moved, at: position)
            for child in moved.keys { setParent(child, level: level - 1, destination) }
        }
    }

    /// Reallocates a node's arrays at the standard capacity when a bulk insertion left them
    /// much larger than needed. O(size).
    @inlinable
    mutating func trimCapacity(_ node: Int32, level: Int) {
        let reserve = limits.maxSize(level: level) + 1
        if level == 0 { leaves[Int(node)].trim(toCapacity: reserve) } else { inners[Int(node)].trim(toCapacity: reserve) }
    }

    /// Splits `node` into `pieces` nodes of even size; `node` keeps the first piece and the
    /// new nodes (not yet linked to a parent) are returned in order. O(size).
    @inlinable
    mutating func split(_ node: Int32, level: Int, into pieces: Int) -> [Int32] {
        precondition(pieces >= 2)
        let size = self.size(node, level: level)
        let base = size / pieces, extra = size % pieces
        var bounds = [0]
        bounds.reserveCapacity(pieces + 1)
        for p in 0..<pieces { bounds.append(bounds[p] + base + (p < extra ? 1 : 0)) }
        var result: [Int32] = []
        result.reserveCapacity(pieces - 1)
        // From the back, so that each move removes the tail of `node`.
        for p in stride(from: pieces - 1, to: 0, by: -1) {
            let piece = newNode(level: level)
            moveEntries(from: node, bounds[p]..<bounds[p + 1], to: piece, at: 0, level: level)
            result.append(piece)
        }
        result.reverse()
        trimCapacity(node, level: level)
        return result
    }

    /// Adds `delta` to the row count of every ancestor of `leaf` and returns the number of rows
    /// before `leaf` (the sum of the counts to the left of the path). O(maxFanout · height).
    @discardableResult
    @inlinable
    mutating func walkUp(from leaf: Int32, adding delta: Int) -> Int {
        var child = leaf
        var parent = leaves[Int(leaf)].parent
        while parent >= 0 {
            let p = Int(parent)
            inners[p].values[inners[p].keys.firstIndex(of: child)!] += delta
            child = parent
            parent = inners[p].parent
        }
        return rowsBefore(leaf: leaf)
    }

    /// The number of rows before `leaf`: the sum of the counts to the left of its path up to
    /// the root. O(maxFanout · height).
    @inlinable
    func rowsBefore(leaf: Int32) -> Int {
        var before = 0
        var child = leaf
        var parent = leaves[Int(leaf)].parent
        while parent >= 0 {
            let p = Int(parent)
            let slot = inners[p].keys.firstIndex(of: child)!
            for i in 0..<slot { before += inners[p].values[i] }
            child = parent
            parent = inners[p].parent
        }
        return before
    }

    /// The leaf holding row `position` and the row's offset inside it. With `insertion`,
    /// `position` may be `count` and a position on a leaf boundary goes to the end of the
    /// left leaf. O(maxFanout · height).
    @inlinable
    func locate(_ position: Int, insertion: Bool) -> (leaf: Int32, offset: Int) {
        var node = root
        var r = position
        for _ in 0..<height {
            let n = Int(node)
            let last = inners[n].values.count - 1
            var i = 0
            while i < last {
                let c = inners[n].values[i]
                if r < c || (insertion && r == c) { break }
                r -= c
                i += 1
            }
            node = inners[n].keys[i]
        }
        return (node, r)
    }

    /// Evens out the sizes of the children at `slot` and `slot + 1` of `parent`. O(size of both).
    @inlinable
    mutating func balance(_ parent: Int32, slot: Int, level: Int) {
        let p = Int(parent)
        let a = inners[p].keys[slot], b = inners[p].keys[slot + 1]
        let sa = self.size(a, level: level), sb = self.size(b, level: level)
        let target = (sa + sb + 1) / 2
        if sa > target {
            moveEntries(from: a, target..<sa, to: b, at: 0, level: level)
        } else if sa < target {
            moveEntries(from: b, 0..<(target - sa), to: a, at: sa, level: level)
        }
        inners[p].values[slot] = rows(a, level: level)
        inners[p].values[slot + 1] = rows(b, level: level)
    }

    /// Brings `node` (whose count in its parent is already right) back within its fill bounds,
    /// then its ancestors as needed: an overfull node evens out with a neighbour when the pair
    /// fits in two nodes, else splits into as many even pieces as needed; an underfull node
    /// merges with a neighbour, or borrows from it when the pair is too large to merge. The root
    /// grows a level when it splits and loses one when left with a single child.
    /// O((maxLeaf + maxFanout) · height), or O(k) after a bulk insertion of k rows.
    @inlinable
    mutating func fix(_ node: Int32, level: Int) {
        let maxSize = limits.maxSize(level: level)
        let size = self.size(node, level: level)
        let parent = self.parent(node, level: level)
        if parent < 0 {
            if size > maxSize {
                let pieces = split(node, level: level, into: (size + maxSize - 1) / maxSize)
                let newRoot = newNode(level: level + 1)
                let all = [node] + pieces
                for child in all {
                    inners[Int(newRoot)].keys.append(child)
                    inners[Int(newRoot)].values.append(rows(child, level: level))
                    setParent(child, level: level, newRoot)
                }
                root = newRoot
                height = level + 1
                fix(newRoot, level: level + 1)
            } else if level > 0 && size == 1 {
                let child = inners[Int(node)].keys[0]
                setParent(child, level: level - 1, -1)
                freeNode(node, level: level)
                root = child
                height = level - 1
                fix(child, level: level - 1)
            }
            return
        }
        if size >= limits.minSize(level: level) && size <= maxSize { return }
        let p = Int(parent)
        let slot = inners[p].keys.firstIndex(of: node)!
        let siblings = inners[p].keys.count
        if size > maxSize {
            // The emptier neighbour, if the pair fits in two nodes.
            var best = -1
            var bestSize = Int.max
            for s in [slot - 1, slot + 1] where s >= 0 && s < siblings {
                let sSize = self.size(inners[p].keys[s], level: level)
                if sSize + size <= 2 * maxSize && sSize < bestSize {
                    best = s
                    bestSize = sSize
                }
            }
            if best >= 0 {
                balance(parent, slot: Swift.min(best, slot), level: level)
                return
            }
            let pieces = split(node, level: level, into: (size + maxSize - 1) / maxSize)
            inners[p].values[slot] = rows(node, level: level)
            inners[p].keys.insert(contentsOf: pieces, at: slot + 1)
            inners[p].values.insert(contentsOf: pieces.map { rows($0, level: level) }, at: slot + 1)
            for piece in pieces { setParent(piece, level: level, parent) }
            fix(parent, level: level + 1)
        } else {
            if siblings < 2 {
                fix(parent, level: level + 1)
                return
            }
            let left = slot > 0 ? slot - 1 : slot
            let a = inners[p].keys[left], b = inners[p].keys[left + 1]
            let sa = self.size(a, level: level), sb = self.size(b, level: level)
            if sa + sb <= maxSize {
                moveEntries(from: b, 0..<sb, to: a, at: sa, level: level)
                inners[p].values[left] += inners[p].values[left + 1]
                inners[p].keys.remove(at: left + 1)
                inners[p].values.remove(at: left + 1)
                freeNode(b, level: level)
                fix(parent, level: level + 1)
            } else {
                balance(parent, slot: left, level: level)
            }
        }
    }
}
