extension RowList {
    @inlinable
    func _checkIndex(_ index: Int) throws(RowListError<ID>) {
        guard index >= 0 && index < count else { throw .indexOutOfRange(index, count: count) }
    }

    @inlinable
    func _checkPosition(_ position: Int) throws(RowListError<ID>) {
        guard position >= 0 && position <= count else {
            throw .indexOutOfRange(position, count: count)
        }
    }

    // MARK: Inserting rows

    /// Inserts a row before row `position` (`position == count` appends).
    /// - Throws: `RowListError.duplicateID` or `.indexOutOfRange` (list unchanged).
    /// - Complexity: O(log n).
    @inlinable
    public mutating func insert(id: ID, element: Element, at position: Int) throws(RowListError<ID>) {
        try _checkPosition(position)
        let (leaf, offset) = _tree.locate(position, insertion: true)
        if let existing = _tree.leafOf.updateValue(leaf, forKey: id) {
            _tree.leafOf[id] = existing
            throw .duplicateID(id)
        }
        let l = Int(leaf)
        _tree.leaves[l].keys.insert(id, at: offset)
        _tree.leaves[l].values.insert(element, at: offset)
        _tree.walkUp(from: leaf, adding: 1)
        if _tree.leaves[l].keys.count > _tree.limits.maxLeaf { _tree.fix(leaf, level: 0) }
    }

    /// Appends a row (a new message at the bottom of a chat).
    /// - Throws: `RowListError.duplicateID` (list unchanged).
    /// - Complexity: O(log n).
    @inlinable
    public mutating func append(id: ID, element: Element) throws(RowListError<ID>) {
        try insert(id: id, element: element, at: count)
    }

    /// Inserts a row before row 0 (an older message loaded at the top of a chat).
    /// - Throws: `RowListError.duplicateID` (list unchanged).
    /// - Complexity: O(log n).
    @inlinable
    public mutating func prepend(id: ID, element: Element) throws(RowListError<ID>) {
        try insert(id: id, element: element, at: 0)
    }

    /// Inserts rows, in order, before row `position`.
    ///
    /// The rows go into one leaf, which then splits into as many even leaves as needed (and
    /// its ancestors likewise), so a batch costs O(k) rather than k separate insertions.
    /// - Throws: `RowListError.duplicateID` for the first id already in the list or repeated
    ///   in the batch, or `.indexOutOfRange` (list unchanged).
    /// - Complexity: O(k + log n) for k rows.
    @inlinable
    public mutating func insert(contentsOf rows: some Sequence<(ID, Element)>, at position: Int) throws(RowListError<ID>) {
        try _checkPosition(position)
        var ids: [ID] = []
        var elements: [Element] = []
        ids.reserveCapacity(rows.underestimatedCount)
        elements.reserveCapacity(rows.underestimatedCount)
        for (id, element) in rows {
            ids.append(id)
            elements.append(element)
        }
        if ids.isEmpty { return }
        let (leaf, offset) = _tree.locate(position, insertion: true)
        // Claim every id for the target leaf; on a clash, undo the claims made so far.
        _tree.leafOf.reserveCapacity(count + ids.count)
        for i in ids.indices {
            if let existing = _tree.leafOf.updateValue(leaf, forKey: ids[i]) {
                let clash = ids[i]
                let repeatedInBatch = ids[..<i].contains(clash)
                for id in ids[..<i] { _tree.leafOf[id] = nil }
                if !repeatedInBatch { _tree.leafOf[clash] = existing }
                throw .duplicateID(clash)
            }
        }
        let l = Int(leaf)
        _tree.leaves[l].keys.insert(contentsOf: ids, at: offset)
        _tree.leaves[l].values.insert(contentsOf: elements, at: offset)
        _tree.walkUp(from: leaf, adding: ids.count)
        if _tree.leaves[l].keys.count > _tree.limits.maxLeaf { _tree.fix(leaf, level: 0) }
    }

    /// Appends rows, in order.
    /// - Throws: `RowListError.duplicateID` (list unchanged).
    /// - Complexity: O(k + log n) for k rows.
    @inlinable
    public mutating func append(contentsOf rows: some Sequence<(ID, Element)>) throws(RowListError<ID>) {
        try insert(contentsOf: rows, at: count)
    }

    /// Inserts rows, in order, before row 0 (a page of older messages).
    /// - Throws: `RowListError.duplicateID` (list unchanged).
    /// - Complexity: O(k + log n) for k rows.
    @inlinable
    public mutating func prepend(contentsOf rows: some Sequence<(ID, Element)>) throws(RowListError<ID>) {
        try insert(contentsOf: rows, at: 0)
    }

    // MARK: Changing elements

    /// Calls `body` with the element of the row with this id, to change it in place, and
    /// returns what `body` returns. The row keeps its id and index.
    /// - Throws: `RowListError.unknownID` (`body` is not called).
    /// - Complexity: O(1) plus `body`: a hash lookup and a scan of one leaf (at most 64 ids).
    @discardableResult
    @inlinable
    public mutating func updateElement<R>(for id: ID, _ body: (inout Element) -> R) throws(RowListError<ID>) -> R {
        guard let leaf = _tree.leafOf[id] else { throw .unknownID(id) }
        let l = Int(leaf)
        let offset = _tree.leaves[l].keys.firstIndex(of: id)!
        return body(&_tree.leaves[l].values[offset])
    }

    /// Replaces the element of the row with this id and returns the old one.
    /// - Throws: `RowListError.unknownID` (list unchanged).
    /// - Complexity: O(1): a hash lookup and a scan of one leaf (at most 64 ids).
    @discardableResult
    @inlinable
    public mutating func setElement(_ element: Element, for id: ID) throws(RowListError<ID>) -> Element {
        try updateElement(for: id) { old in
            defer { old = element }
            return old
        }
    }

    /// Replaces the element of row `index` and returns the old one. The row keeps its id.
    /// - Throws: `RowListError.indexOutOfRange` (list unchanged).
    /// - Complexity: O(log n).
    @discardableResult
    @inlinable
    public mutating func setElement(_ element: Element, at index: Int) throws(RowListError<ID>) -> Element {
        try _checkIndex(index)
        let (leaf, offset) = _tree.locate(index, insertion: false)
        let l = Int(leaf)
        let old = _tree.leaves[l].values[offset]
        _tree.leaves[l].values[offset] = element
        return old
    }

    // MARK: Removing and moving rows

    /// Removes row `index` and returns its id and element.
    /// - Throws: `RowListError.indexOutOfRange` (list unchanged).
    /// - Complexity: O(log n).
    @discardableResult
    @inlinable
    public mutating func remove(at index: Int) throws(RowListError<ID>) -> (id: ID, element: Element) {
        try _checkIndex(index)
        let (leaf, offset) = _tree.locate(index, insertion: false)
        let removed = _removeEntry(leaf: leaf, offset: offset)
        _tree.walkUp(from: leaf, adding: -1)
        _tree.fix(leaf, level: 0)
        return removed
    }

    /// Removes the row with this id and returns the index it had and its element (so that a
    /// `HeightIndex` kept alongside can remove the same row).
    /// - Throws: `RowListError.unknownID` (list unchanged).
    /// - Complexity: O(log n).
    @discardableResult
    @inlinable
    public mutating func remove(id: ID) throws(RowListError<ID>) -> (index: Int, element: Element) {
        guard let leaf = _tree.leafOf[id] else { throw .unknownID(id) }
        let offset = _tree.leaves[Int(leaf)].keys.firstIndex(of: id)!
        let removed = _removeEntry(leaf: leaf, offset: offset)
        let before = _tree.walkUp(from: leaf, adding: -1)
        _tree.fix(leaf, level: 0)
        return (before + offset, removed.element)
    }

    /// Removes one entry from a leaf and its id from the dictionary; the caller fixes counts
    /// and fill. O(maxLeaf).
    @inlinable
    mutating func _removeEntry(leaf: Int32, offset: Int) -> (id: ID, element: Element) {
        let l = Int(leaf)
        let id = _tree.leaves[l].keys.remove(at: offset)
        let element = _tree.leaves[l].values.remove(at: offset)
        _tree.leafOf[id] = nil
        return (id, element)
    }

    /// Removes the rows in `range`, one leaf's worth at a time.
    /// - Throws: `RowListError.rangeOutOfBounds` (list unchanged).
    /// - Complexity: O(k + (k / 32 + 1) · log n) for k rows.
    @inlinable
    public mutating func removeSubrange(_ range: Range<Int>) throws(RowListError<ID>) {
        guard range.lowerBound >= 0 && range.upperBound <= count else {
            throw .rangeOutOfBounds(range, count: count)
        }
        if range.isEmpty { return }
        if range.count == count {
            removeAll()
            return
        }
        var remaining = range.count
        while remaining > 0 {
            let (leaf, offset) = _tree.locate(range.lowerBound, insertion: false)
            let l = Int(leaf)
            let n = Swift.min(remaining, _tree.leaves[l].keys.count - offset)
            let doomed = offset..<(offset + n)
            for id in _tree.leaves[l].keys[doomed] { _tree.leafOf[id] = nil }
            _tree.leaves[l].keys.removeSubrange(doomed)
            _tree.leaves[l].values.removeSubrange(doomed)
            _tree.walkUp(from: leaf, adding: -n)
            _tree.fix(leaf, level: 0)
            remaining -= n
        }
    }

    /// Removes every row.
    /// - Complexity: O(1) (the old storage is released, O(n)).
    @inlinable
    public mutating func removeAll() {
        self = RowList(_limits: _tree.limits)
    }

    /// Moves row `source` so that it ends up at index `destination` (both in `0..<count`),
    /// keeping its id and element; rows in between shift by one, as with `remove(at: source)`
    /// followed by an insertion at `destination`.
    /// - Throws: `RowListError.indexOutOfRange` (list unchanged).
    /// - Complexity: O(log n).
    @inlinable
    public mutating func move(from source: Int, to destination: Int) throws(RowListError<ID>) {
        try _checkIndex(source)
        try _checkIndex(destination)
        if source == destination { return }
        let (id, element) = try remove(at: source)
        try insert(id: id, element: element, at: destination)
    }
}
