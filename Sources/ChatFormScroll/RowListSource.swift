import ChatFormRows

/// A built-in source for long transcripts: rows in a `RowList` (a B+-tree with an id
/// index), so appending, prepending, inserting anywhere, removing by id and finding a row's
/// index by id are all O(log n).
///
/// ```swift
/// var table = try TableSession(source: try RowListSource(rows), viewport: viewport,
///                              configuration: TableConfiguration(estimatedRowHeight: 2))
/// try table.chat.prepend(olderMessages)   // O(k log n), nothing renumbered
/// ```
public struct RowListSource<ID: Hashable & Sendable>: RowSource {
    private var list = RowList<ID, Row<ID>>()

    /// - Throws: `ScrollError.duplicateRow` when two rows share an id.
    /// - Complexity: O(n).
    public init(_ rows: [Row<ID>] = []) throws(ScrollError) {
        try insert(rows, at: 0)
    }

    /// - Complexity: O(1).
    public var count: Int { list.count }
    /// - Complexity: O(log n).
    public func row(at index: Int) -> Row<ID> { list.element(at: index) }
    /// - Complexity: O(log n).
    public func index(of id: ID) -> Int? { list.index(of: id) }
    /// - Complexity: O(log n).
    public func id(at index: Int) -> ID { list.id(at: index) }

    /// - Complexity: O(k + log n).
    public mutating func insert(_ rows: [Row<ID>], at index: Int) throws(ScrollError) {
        do {
            try list.insert(contentsOf: rows.map { ($0.id, $0) }, at: index)
        } catch {
            switch error {
            case .duplicateID(let id): throw .duplicateRow("\(id)")
            default: throw .invalidValue("row index", Double(index))
            }
        }
    }

    /// - Complexity: O(log n).
    public mutating func remove(at index: Int) {
        _ = try? list.remove(at: index)
    }

    /// - Complexity: O(log n).
    public mutating func replace(at index: Int, with row: Row<ID>) {
        precondition(row.id == list.id(at: index), "a row's id does not change")
        _ = try? list.setElement(row, at: index)
    }

    /// Approximate bytes held by the list's structure (not the rows' own text).
    public var memoryFootprint: Int { list.memoryFootprint }
}
