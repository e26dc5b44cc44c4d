// Invariant checks for tests, compiled into debug builds only.
#if DEBUG
extension RowList {
    /// Traps unless the list's tree is well formed (see `_RowTree.checkInvariants()`).
    /// Tests call it after every mutation.
    /// - Complexity: O(n).
    func _checkInvariants() { _tree.checkInvariants() }
}
#endif
