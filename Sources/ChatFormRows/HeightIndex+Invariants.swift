// Invariant checks for tests, compiled into debug builds only.
#if DEBUG
extension HeightIndex {
    /// Traps unless the tree is well formed: every summary equals the left-to-right sum of its
    /// node's entries or children, all leaves are at level 0 and children one level below their
    /// parent, non-root nodes respect their fill bounds, an internal root has two or more
    /// children, every run holds 1…maxRun rows of a finite, non-negative height.
    /// Tests call it after every mutation.
    /// - Complexity: O(n).
    func _checkInvariants() {
        let root = _root
        precondition(root.size <= _limits.maxSize(level: root.level), "root overfull")
        if !root.isLeaf {
            precondition(root.children.count >= 2, "internal root with \(root.children.count) child")
        }
        _checkNode(root, isRoot: true)
    }

    private func _checkNode(_ node: _HeightNode, isRoot: Bool) {
        let size = node.size
        if !isRoot {
            precondition(size >= _limits.minSize(level: node.level), "underfull node (\(size))")
            precondition(size <= _limits.maxSize(level: node.level), "overfull node (\(size))")
        }
        var rows = 0
        var measured = 0
        var total = 0.0
        if node.isLeaf {
            precondition(node.children.isEmpty, "leaf with children")
            precondition(node.heights.count == node.runs.count, "heights and runs differ in length")
            for e in node.runs.indices {
                let run = node.runs[e]
                let length = _Run.length(run)
                let h = node.heights[e]
                precondition(length >= 1 && length <= _limits.maxRun, "run of \(length) rows")
                precondition(h.isFinite && h >= 0 && h.sign == .plus, "bad height \(h)")
                rows += length
                if _Run.isMeasured(run) { measured += length }
                total += h * Double(length)
            }
        } else {
            precondition(node.heights.isEmpty && node.runs.isEmpty, "internal node with entries")
            for child in node.children {
                precondition(child.level == node.level - 1, "child at level \(child.level) under \(node.level)")
                _checkNode(child, isRoot: false)
                rows += child.count
                measured += child.measured
                total += child.height
            }
        }
        precondition(node.count == rows, "count \(node.count) != \(rows)")
        precondition(node.measured == measured, "measured \(node.measured) != \(measured)")
        precondition(node.height == total, "height \(node.height) != \(total)")
    }
}
#endif
