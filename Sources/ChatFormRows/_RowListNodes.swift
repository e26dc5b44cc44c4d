/// Capacities of one `RowList` tree.
///
/// The public list always uses `.standard`; tests shrink the limits so that a few hundred
/// rows already build a tree several levels deep.
@usableFromInline
struct _RowListLimits: Sendable, Equatable {
    /// Most rows in one leaf. A non-root leaf holds at least half of this.
    @usableFromInline
    var maxLeaf: Int
    /// Most children of one internal node. A non-root internal node holds at least half.
    @usableFromInline
    var maxFanout: Int

    /// Leaves of 64 rows, internal nodes of 32 children: a million rows are 4 levels deep.
    @usableFromInline
    static let standard = _RowListLimits(maxLeaf: 64, maxFanout: 32)

    @inlinable
    func maxSize(level: Int) -> Int { level == 0 ? maxLeaf : maxFanout }
    @inlinable
    func minSize(level: Int) -> Int { level == 0 ? maxLeaf / 2 : maxFanout / 2 }
}

/// A leaf of the `RowList` tree: up to `maxLeaf` rows as a struct of arrays (ids scanned on
/// their own), and the arena index of its parent (`-1` for the root).
@usableFromInline
struct _RowLeaf<ID, Element> {
    @usableFromInline
    var ids: [ID] = []
    @usableFromInline
    var elements: [Element] = []
    @usableFromInline
    var parent: Int32 = -1

    @inlinable init() {}
}

/// An internal node of the `RowList` tree: arena indices of its children (leaves when the
/// node is at level 1, internal nodes above), the number of rows under each child, and the
/// arena index of its parent (`-1` for the root).
@usableFromInline
struct _RowInner: Sendable {
    @usableFromInline
    var children: [Int32] = []
    @usableFromInline
    var counts: [Int] = []
    @usableFromInline
    var parent: Int32 = -1

    @inlinable init() {}
}

extension _RowLeaf: Sendable where ID: Sendable, Element: Sendable {}

// MARK: - Arena and tree maintenance

// Nodes live in two arenas (`_leaves`, `_inners`) and refer to each other by index; a node's
// level (0 = leaf) is known from the walk that reaches it. Every helper below keeps
// `_leafOf` (id → leaf) and the parent links right for whatever it moves.
extension RowList {
    @inlinable
    @inline(__always) func _size(_ node: Int32, level: Int) -> Int {
        level == 0 ? _leaves[Int(node)].ids.count : _inners[Int(node)].children.count
    }

    @inlinable
    @inline(__always) func _parent(_ node: Int32, level: Int) -> Int32 {
        level == 0 ? _leaves[Int(node)].parent : _inners[Int(node)].parent
    }

    @inlinable
    @inline(__always) mutating func _setParent(_ node: Int32, level: Int, _ parent: Int32) {
        if level == 0 { _leaves[Int(node)].parent = parent } else { _inners[Int(node)].parent = parent }
    }

    /// Rows under `node`. O(1) for a leaf, O(maxFanout) for an internal node.
    @inlinable
    func _rows(_ node: Int32, level: Int) -> Int {
        if level == 0 { return _leaves[Int(node)].ids.count }
        var total = 0
        for c in _inners[Int(node)].counts { total += c }
        return total
    }

    /// A fresh empty node with reserved capacity, reusing a freed arena slot if any. O(1).
    @inlinable
    mutating func _newNode(level: Int) -> Int32 {
        let reserve = _limits.maxSize(level: level) + 1
        if level == 0 {
            var leaf = _RowLeaf<ID, Element>()
            leaf.ids.reserveCapacity(reserve)
            leaf.elements.reserveCapacity(reserve)
            if let slot = _freeLeaves.popLast() {
                _leaves[Int(slot)] = leaf
                return slot
            }
            _leaves.append(leaf)
            return Int32(_leaves.count - 1)
        } else {
            var inner = _RowInner()
            inner.children.reserveCapacity(reserve)
            inner.counts.reserveCapacity(reserve)
            if let slot = _freeInners.popLast() {
                _inners[Int(slot)] = inner
                return slot
            }
            _inners.append(inner)
            return Int32(_inners.count - 1)
        }
    }

    /// Releases an (emptied) node's arrays and puts its slot on the free list. O(1).
    @inlinable
    mutating func _freeNode(_ node: Int32, level: Int) {
        if level == 0 {
            _leaves[Int(node)] = _RowLeaf()
            _freeLeaves.append(node)
        } else {
            _inners[Int(node)] = _RowInner()
            _freeInners.append(node)
        }
    }

    /// Moves entries `range` of `source` to `position` in `destination` (same level), and
    /// points the moved ids (leaf) or children (internal node) at `destination`.
    /// Does not touch the counts stored in the parents. O(size of both + moved entries).
    @inlinable
    mutating func _moveEntries(
        from source: Int32, _ range: Range<Int>, to destination: Int32, at position: Int, level: Int
    ) {
        if range.isEmpty { return }
        let s = Int(source), d = Int(destination)
        if level == 0 {
            // Copy out first: a live slice would keep the source buffer shared and force a copy.
            let ids = Array(_leaves[s].ids[range])
            let elements = Array(_leaves[s].elements[range])
            _leaves[s].ids.removeSubrange(range)
            _leaves[s].elements.removeSubrange(range)
            _leaves[d].ids.insert(contentsOf: ids, at: position)
            _leaves[d].elements.insert(contentsOf: elements, at: position)
            for id in ids { _leafOf[id] = destination }
        } else {
            let children = Array(_inners[s].children[range])
            let counts = Array(_inners[s].counts[range])
            _inners[s].children.removeSubrange(range)
            _inners[s].counts.removeSubrange(range)
            _inners[d].children.insert(contentsOf: children, at: position)
            _inners[d].counts.insert(contentsOf: counts, at: position)
            for child in children { _setParent(child, level: level - 1, destination) }
        }
    }

    /// Reallocates a node's arrays at the standard capacity when a bulk insertion left them
    /// much larger than needed. O(size).
    @inlinable
    mutating func _trimCapacity(_ node: Int32, level: Int) {
        let reserve = _limits.maxSize(level: level) + 1
        let n = Int(node)
        if level == 0 {
            guard _leaves[n].ids.capacity > 2 * reserve else { return }
            _leaves[n].ids = Self._reallocated(_leaves[n].ids, capacity: reserve)
            _leaves[n].elements = Self._reallocated(_leaves[n].elements, capacity: reserve)
        } else {
            guard _inners[n].children.capacity > 2 * reserve else { return }
            _inners[n].children = Self._reallocated(_inners[n].children, capacity: reserve)
            _inners[n].counts = Self._reallocated(_inners[n].counts, capacity: reserve)
        }
    }

    /// A copy of `array` in a new buffer of `capacity` (or its count, if larger). O(count).
    @inlinable
    static func _reallocated<T>(_ array: [T], capacity: Int) -> [T] {
        var copy: [T] = []
        copy.reserveCapacity(Swift.max(capacity, array.count))
        copy.append(contentsOf: array)
        return copy
    }

    /// Splits `node` into `pieces` nodes of even size; `node` keeps the first piece and the
    /// new nodes (not yet linked to a parent) are returned in order. O(size).
    @inlinable
    mutating func _split(_ node: Int32, level: Int, into pieces: Int) -> [Int32] {
        precondition(pieces >= 2)
        let size = _size(node, level: level)
        let base = size / pieces, extra = size % pieces
        var bounds = [0]
        bounds.reserveCapacity(pieces + 1)
        for p in 0..<pieces { bounds.append(bounds[p] + base + (p < extra ? 1 : 0)) }
        var result: [Int32] = []
        result.reserveCapacity(pieces - 1)
        // From the back, so that each move removes the tail of `node`.
        for p in stride(from: pieces - 1, to: 0, by: -1) {
            let piece = _newNode(level: level)
            _moveEntries(from: node, bounds[p]..<bounds[p + 1], to: piece, at: 0, level: level)
            result.append(piece)
        }
        result.reverse()
        _trimCapacity(node, level: level)
        return result
    }

    /// Adds `delta` to the row count of every ancestor of `leaf` and returns the number of rows
    /// before `leaf` (the sum of the counts to the left of the path). O(maxFanout · height).
    @discardableResult
    @inlinable
    mutating func _walkUp(from leaf: Int32, adding delta: Int) -> Int {
        var child = leaf
        var parent = _leaves[Int(leaf)].parent
        while parent >= 0 {
            let p = Int(parent)
            _inners[p].counts[_inners[p].children.firstIndex(of: child)!] += delta
            child = parent
            parent = _inners[p].parent
        }
        return _rowsBefore(leaf: leaf)
    }

    /// The number of rows before `leaf`: the sum of the counts to the left of its path up to
    /// the root. O(maxFanout · height).
    @inlinable
    func _rowsBefore(leaf: Int32) -> Int {
        var before = 0
        var child = leaf
        var parent = _leaves[Int(leaf)].parent
        while parent >= 0 {
            let p = Int(parent)
            let slot = _inners[p].children.firstIndex(of: child)!
            for i in 0..<slot { before += _inners[p].counts[i] }
            child = parent
            parent = _inners[p].parent
        }
        return before
    }

    /// The leaf holding row `position` and the row's offset inside it. With `insertion`,
    /// `position` may be `count` and a position on a leaf boundary goes to the end of the
    /// left leaf. O(maxFanout · height).
    @inlinable
    func _locate(_ position: Int, insertion: Bool) -> (leaf: Int32, offset: Int) {
        var node = _root
        var r = position
        for _ in 0..<_height {
            let n = Int(node)
            let last = _inners[n].counts.count - 1
            var i = 0
            while i < last {
                let c = _inners[n].counts[i]
                if r < c || (insertion && r == c) { break }
                r -= c
                i += 1
            }
            node = _inners[n].children[i]
        }
        return (node, r)
    }

    /// Evens out the sizes of the children at `slot` and `slot + 1` of `parent`. O(size of both).
    @inlinable
    mutating func _balance(_ parent: Int32, slot: Int, level: Int) {
        let p = Int(parent)
        let a = _inners[p].children[slot], b = _inners[p].children[slot + 1]
        let sa = _size(a, level: level), sb = _size(b, level: level)
        let target = (sa + sb + 1) / 2
        if sa > target {
            _moveEntries(from: a, target..<sa, to: b, at: 0, level: level)
        } else if sa < target {
            _moveEntries(from: b, 0..<(target - sa), to: a, at: sa, level: level)
        }
        _inners[p].counts[slot] = _rows(a, level: level)
        _inners[p].counts[slot + 1] = _rows(b, level: level)
    }

    /// Brings `node` (whose count in its parent is already right) back within its fill bounds,
    /// then its ancestors as needed: an overfull node evens out with a neighbour when the pair
    /// fits in two nodes, else splits into as many even pieces as needed; an underfull node
    /// merges with a neighbour, or borrows from it when the pair is too large to merge. The root
    /// grows a level when it splits and loses one when left with a single child.
    /// O((maxLeaf + maxFanout) · height), or O(k) after a bulk insertion of k rows.
    @inlinable
    mutating func _fix(_ node: Int32, level: Int) {
        let maxSize = _limits.maxSize(level: level)
        let size = _size(node, level: level)
        let parent = _parent(node, level: level)
        if parent < 0 {
            if size > maxSize {
                let pieces = _split(node, level: level, into: (size + maxSize - 1) / maxSize)
                let root = _newNode(level: level + 1)
                let all = [node] + pieces
                for child in all {
                    _inners[Int(root)].children.append(child)
                    _inners[Int(root)].counts.append(_rows(child, level: level))
                    _setParent(child, level: level, root)
                }
                _root = root
                _height = level + 1
                _fix(root, level: level + 1)
            } else if level > 0 && size == 1 {
                let child = _inners[Int(node)].children[0]
                _setParent(child, level: level - 1, -1)
                _freeNode(node, level: level)
                _root = child
                _height = level - 1
                _fix(child, level: level - 1)
            }
            return
        }
        if size >= _limits.minSize(level: level) && size <= maxSize { return }
        let p = Int(parent)
        let slot = _inners[p].children.firstIndex(of: node)!
        let siblings = _inners[p].children.count
        if size > maxSize {
            // The emptier neighbour, if the pair fits in two nodes.
            var best = -1
            var bestSize = Int.max
            for s in [slot - 1, slot + 1] where s >= 0 && s < siblings {
                let sSize = _size(_inners[p].children[s], level: level)
                if sSize + size <= 2 * maxSize && sSize < bestSize {
                    best = s
                    bestSize = sSize
                }
            }
            if best >= 0 {
                _balance(parent, slot: Swift.min(best, slot), level: level)
                return
            }
            let pieces = _split(node, level: level, into: (size + maxSize - 1) / maxSize)
            _inners[p].counts[slot] = _rows(node, level: level)
            _inners[p].children.insert(contentsOf: pieces, at: slot + 1)
            _inners[p].counts.insert(contentsOf: pieces.map { _rows($0, level: level) }, at: slot + 1)
            for piece in pieces { _setParent(piece, level: level, parent) }
            _fix(parent, level: level + 1)
        } else {
            if siblings < 2 {
                _fix(parent, level: level + 1)
                return
            }
            let left = slot > 0 ? slot - 1 : slot
            let a = _inners[p].children[left], b = _inners[p].children[left + 1]
            let sa = _size(a, level: level), sb = _size(b, level: level)
            if sa + sb <= maxSize {
                _moveEntries(from: b, 0..<sb, to: a, at: sa, level: level)
                _inners[p].counts[left] += _inners[p].counts[left + 1]
                _inners[p].children.remove(at: left + 1)
                _inners[p].counts.remove(at: left + 1)
                _freeNode(b, level: level)
                _fix(parent, level: level + 1)
            } else {
                _balance(parent, slot: left, level: level)
            }
        }
    }
}
