/// The text items of a source's rows, found by row id and by name: what a table asks of its
/// rows as the caller stores them (a focused field's live text is the row cache's).
extension RowSource {
    /// The text `field` has in the source (not its live text).
    ///
    /// - Throws: `.unknownRow`, or `.notEditable` when the item is not a text.
    func storedText(of field: FieldRef<ID>) throws(ScrollError) -> String {
        guard let i = index(of: field.row) else { throw .unknownRow("\(field.row)") }
        guard let text = row(at: i).text(ofItem: field.item) else { throw .notEditable("\(field.row)#\(field.item)") }
        return text
    }

    /// The field named `name` inside the stacked row `id`.
    func field(named name: String, inRow id: ID) -> FieldRef<ID>? {
        guard let i = index(of: id), case .stack(let items) = row(at: i).content,
              let k = items.firstIndex(where: { $0.name == name }) else { return nil }
        return FieldRef(row: id, item: k)
    }

    /// Whether `field` is an editable text of a row of the source.
    func isEditable(_ field: FieldRef<ID>) -> Bool {
        guard let i = index(of: field.row) else { return false }
        return row(at: i).isEditable(item: field.item)
    }
}
