/// Where a table's rows come from: the caller's store, addressed by index.
///
/// The table never copies or indexes the rows: it asks the source for a row only when it
/// measures it (when the row becomes visible, is scrolled to, or is asked for), so a
/// transcript of a million messages opens without touching a million rows. Mutations go
/// through the table (`table.chat`: `append`, `prepend`, `insert`, `remove`, `setText`),
/// which updates the source and its own prefix sums together.
///
/// ```swift
/// struct Messages: RowSource {
///     var texts: [String]
///     var count: Int { texts.count }
///     func row(at index: Int) -> Row<Int> { .text(index, texts[index]) }
///     func index(of id: Int) -> Int? { texts.indices.contains(id) ? id : nil }
///     mutating func insert(_ rows: [Row<Int>], at index: Int) throws(ScrollError) { … }
///     mutating func remove(at index: Int) { … }
///     mutating func replace(at index: Int, with row: Row<Int>) { … }
/// }
/// ```
public protocol RowSource<ID>: Sendable {
    associatedtype ID: Hashable & Sendable
    /// The number of rows.
    var count: Int { get }
    /// The row at `index` (0..<count).
    func row(at index: Int) -> Row<ID>
    /// The id of the row at `index`; the default reads `row(at:).id` (override it when
    /// building a row is costly: the table asks for ids far more often than for rows).
    func id(at index: Int) -> ID
    /// The index of the row with `id`, or nil.
    func index(of id: ID) -> Int?
    /// Inserts `rows` before `index`; throws `ScrollError.duplicateRow` for an id already present.
    mutating func insert(_ rows: [Row<ID>], at index: Int) throws(ScrollError)
    /// Removes the row at `index`.
    mutating func remove(at index: Int)
    /// Replaces the row at `index` with `row` (same id).
    mutating func replace(at index: Int, with row: Row<ID>)
}

extension RowSource {
    public func id(at index: Int) -> ID { row(at: index).id }
}

/// The built-in source: rows in an array with an id → index dictionary.
///
/// Appending is O(1) amortized and lookups are O(1); inserting or removing anywhere else
/// renumbers the rows after the change, O(n) (heights stay O(log n) in the table's prefix
/// sums). For transcripts that grow at the top, see `RowListSource`.
public struct RowArray<ID: Hashable & Sendable>: RowSource {
    public private(set) var rows: [Row<ID>] = []
    /// Each row's id, in the rows' order: what `id(at:)` reads. Unspecialized code (the
    /// table reaches the source through `any RowSource`) reading `rows[index].id` looks up
    /// `Row<ID>`'s generic metadata at every call (about 500 instructions, several times a
    /// keystroke); an array of `ID` needs only the metadata it is handed. So the ids are
    /// kept twice on purpose (three times with `positions`' keys): reading them from `rows`
    /// instead cost 1,700 to 2,900 instructions a keystroke in a 1 MB paragraph (callgrind,
    /// `chatform-bench --instructions paragraph-keys`, every kind).
    private var ids: [ID] = []
    private var positions: [ID: Int] = [:]

    /// - Throws: `ScrollError.duplicateRow` when two rows share an id.
    public init(_ rows: [Row<ID>] = []) throws(ScrollError) {
        try insert(rows, at: 0)
    }

    public var count: Int { rows.count }
    public func row(at index: Int) -> Row<ID> { rows[index] }
    /// The row's id, without copying the row or looking up `Row<ID>`'s metadata.
    public func id(at index: Int) -> ID { ids[index] }
    public func index(of id: ID) -> Int? { positions[id] }

    public mutating func insert(_ new: [Row<ID>], at index: Int) throws(ScrollError) {
        var seen = Set<ID>()
        for row in new where positions[row.id] != nil || !seen.insert(row.id).inserted {
            throw .duplicateRow("\(row.id)")
        }
        rows.insert(contentsOf: new, at: index)
        ids.insert(contentsOf: new.lazy.map(\.id), at: index)
        for i in index..<rows.count { positions[ids[i]] = i }
    }

    public mutating func remove(at index: Int) {
        positions[ids[index]] = nil
        rows.remove(at: index)
        ids.remove(at: index)
        for i in index..<rows.count { positions[ids[i]] = i }
    }

    public mutating func replace(at index: Int, with row: Row<ID>) {
        precondition(row.id == ids[index], "a row's id does not change")
        rows[index] = row
    }
}
