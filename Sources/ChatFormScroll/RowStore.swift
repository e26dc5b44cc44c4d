/// A row, its cached measurement and its fields' inner scroll offsets.
struct RowRecord<ID: Hashable & Sendable>: Sendable {
    var row: Row<ID>
    var measurement: RowMeasurement?
    /// Inner scroll offset of each text item past its line limit, by stack index.
    var innerOffsets: [Int: Double] = [:]
}

/// Rows in order with an id → index map.
///
/// Appending is O(1) amortized; inserting or removing elsewhere renumbers the rows after
/// the change, O(n) (the heights themselves live in `HeightIndex`, where every change is
/// O(log n)).
struct RowStore<ID: Hashable & Sendable>: Sendable {
    private(set) var records: [RowRecord<ID>] = []
    private var positions: [ID: Int] = [:]

    var count: Int { records.count }

    subscript(index: Int) -> RowRecord<ID> {
        get { records[index] }
        set {
            precondition(newValue.row.id == records[index].row.id, "a row's id does not change")
            records[index] = newValue
        }
    }

    func index(of id: ID) -> Int? { positions[id] }

    mutating func insert(_ rows: [Row<ID>], at index: Int) throws(ScrollError) {
        var seen = Set<ID>()
        for row in rows {
            if positions[row.id] != nil || !seen.insert(row.id).inserted { throw .duplicateRow("\(row.id)") }
        }
        records.insert(contentsOf: rows.map { RowRecord(row: $0) }, at: index)
        renumber(from: index)
    }

    mutating func remove(at index: Int) -> RowRecord<ID> {
        let record = records.remove(at: index)
        positions[record.row.id] = nil
        renumber(from: index)
        return record
    }

    mutating func move(from source: Int, to destination: Int) {
        let record = records.remove(at: source)
        records.insert(record, at: destination)
        renumber(from: Swift.min(source, destination))
    }

    private mutating func renumber(from start: Int) {
        for i in start..<records.count { positions[records[i].row.id] = i }
    }
}
