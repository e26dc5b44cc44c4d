import ChatFormText
import Synchronization

/// The row ID types whose tables have run `TableSession.prewarm(field:)`'s edits in this
/// process.
private let prewarmedIDTypes = Mutex<Set<ObjectIdentifier>>([])

extension TableSession {
    /// Warms this process's editing path for tables of this row ID type, once: a scratch
    /// table of one row (a copy of `field`'s row, in this table's viewport size and
    /// configuration) is focused at the end of the field, typed into and deleted from. What
    /// a process's first keystroke would otherwise build or touch on first use (the
    /// runtime's metadata of the generic types on the edit path, and the code and heap
    /// pages it first runs, in the table's layer and the text layer's) is built here. This
    /// table does not change.
    ///
    /// A field's first focus in a process calls it, so that an app's first keystroke costs
    /// what a later one does, unless ``TableConfiguration/prewarmsEditing`` is off; an app
    /// may call it earlier, at launch or off the main thread. Idempotent and thread-safe:
    /// one call for an ID type runs the edits, every other one (later or concurrent)
    /// returns false at once.
    ///
    /// - Returns: whether this call ran the warm-up's edits.
    /// - Throws: `.unknownRow`, or `.notEditable` for an item that holds no editable text
    ///   (nothing is warmed then, and a later call may still warm).
    /// - Complexity: O(the field's text) on the process's first call for the ID type, O(1)
    ///   after.
    @discardableResult
    public func prewarm(field: FieldRef<ID>) throws(ScrollError) -> Bool {
        let i = try cache.requireIndex(field.row)
        guard cache.source.isEditable(field) else { throw .notEditable("\(field.row)#\(field.item)") }
        let key = ObjectIdentifier(ID.self)
        guard prewarmedIDTypes.withLock({ $0.insert(key).inserted }) else { return false }
        // The scratch table's own focus finds the ID type warmed and does not recurse.
        _ = try? Self.editScratchTable(row: cache.source.row(at: i), field: field, size: viewport.size,
                                       configuration: configuration)
        return true
    }

    /// The warm-up's edits: a one-row table of `row` focused at the end of `field`, a
    /// character typed and deleted again. Returns the field's text afterwards, which is its
    /// first text again.
    static func editScratchTable(row: Row<ID>, field: FieldRef<ID>, size: Size,
                                 configuration: TableConfiguration) throws(ScrollError) -> String {
        var scratch = try TableSession(rows: [row], viewport: Viewport(size: size), configuration: configuration)
        try scratch.field.focus(field)
        try scratch.field.move(.documentEnd)
        try scratch.field.type("s")
        try scratch.field.deleteBackward()
        return try scratch.rows.text(of: field)
    }
}
