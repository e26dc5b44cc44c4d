/// `items` cut into the fewest pieces of at most `maximum` items, of even sizes (a rope's
/// leaves, a line store's chunks); none when `items` is empty.
///
/// - Complexity: O(n).
func _evenPieces<T>(_ items: [T], atMost maximum: Int) -> [ArraySlice<T>] {
    guard !items.isEmpty else { return [] }
    let pieceCount = (items.count + maximum - 1) / maximum
    let size = (items.count + pieceCount - 1) / pieceCount
    return stride(from: 0, to: items.count, by: size).map { items[$0..<Swift.min(items.count, $0 + size)] }
}
