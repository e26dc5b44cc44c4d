// Invariant checks for tests, compiled into debug builds only.
#if DEBUG
extension _RowTree {
    /// Traps unless the tree is well formed: every stored count equals the rows under its child,
    /// every child's parent link points back at its parent, all leaves sit at level 0 below a
    /// root of level `height`, non-root nodes respect their fill bounds, an internal root has
    /// two or more children, ids and elements pair up, no id appears twice, the dictionary maps
    /// exactly the ids in the tree to the leaves holding them, and every arena slot is either
    /// reachable once or on a free list (and then empty).
    /// - Complexity: O(n).
    func checkInvariants() {
        var seenLeaves = [Bool](repeating: false, count: leaves.count)
        var seenInners = [Bool](repeating: false, count: inners.count)
        var seenIDs = Set<ID>()
        seenIDs.reserveCapacity(leafOf.count)

        func check(_ node: Int32, level: Int, parent: Int32) -> Int {
            let n = Int(node)
            let isRoot = parent < 0
            let size = self.size(node, level: level)
            precondition(self.parent(node, level: level) == parent, "bad parent link at level \(level)")
            precondition(size <= limits.maxSize(level: level), "overfull node (\(size)) at level \(level)")
            if !isRoot {
                precondition(size >= limits.minSize(level: level), "underfull node (\(size)) at level \(level)")
            }
            if level == 0 {
                precondition(!seenLeaves[n], "leaf \(n) reached twice")
                seenLeaves[n] = true
                let leaf = leaves[n]
                precondition(leaf.keys.count == leaf.values.count, "ids and elements differ in length")
                for id in leaf.keys {
                    precondition(seenIDs.insert(id).inserted, "duplicate id \(id)")
                    precondition(leafOf[id] == node, "dictionary does not map \(id) to its leaf \(n)")
                }
                return leaf.keys.count
            }
            precondition(!seenInners[n], "internal node \(n) reached twice")
            seenInners[n] = true
            let inner = inners[n]
            precondition(inner.keys.count == inner.values.count, "children and counts differ in length")
            if isRoot { precondition(size >= 2, "internal root with \(size) child") }
            var rows = 0
            for (child, stored) in zip(inner.keys, inner.values) {
                let actual = check(child, level: level - 1, parent: node)
                precondition(stored == actual, "stored count \(stored) != \(actual) rows")
                rows += actual
            }
            return rows
        }

        precondition(height >= 0)
        if height == 0 {
            precondition(Int(root) < leaves.count, "root leaf out of the arena")
        } else {
            precondition(Int(root) < inners.count, "root node out of the arena")
        }
        let rows = check(root, level: height, parent: -1)
        precondition(rows == leafOf.count, "tree holds \(rows) rows, dictionary \(leafOf.count)")
        precondition(seenIDs.count == leafOf.count, "dictionary holds ids not in the tree")

        for slot in freeLeaves {
            precondition(!seenLeaves[Int(slot)], "free leaf \(slot) is in the tree")
            precondition(leaves[Int(slot)].keys.isEmpty, "free leaf \(slot) holds rows")
            seenLeaves[Int(slot)] = true
        }
        for slot in freeInners {
            precondition(!seenInners[Int(slot)], "free node \(slot) is in the tree")
            precondition(inners[Int(slot)].keys.isEmpty, "free node \(slot) has children")
            seenInners[Int(slot)] = true
        }
        precondition(!seenLeaves.contains(false), "leaked leaf")
        precondition(!seenInners.contains(false), "leaked internal node")
    }
}
#endif
