import ChatFormText

/// What lies under a point of the content: a text item of a row and the caret position
/// nearest the point in it.
public struct TextHit<ID: Hashable & Sendable>: Sendable, Hashable {
    /// The row and item hit.
    public var field: FieldRef<ID>
    /// The caret position nearest the point (SPEC §2: x snaps to the nearer edge of a
    /// cluster, so a tap on an attachment lands before or after it by half).
    public var position: TextPosition
}

/// Hit testing and caret geometry in any measured text item, focused or not: plain
/// messages, fields and rich messages (`RowContent.rich`) alike, read by the row cache from
/// the row's measurement through `LineLayout` (nothing is laid out again).
extension TableSession {
    /// The text item under `point` (content coordinates) and the caret position nearest to
    /// it there: a point left or right of the text lands on its line's start or end, above or
    /// below the item's window on its first or last visible line. Nil over a row that is not
    /// measured, over space or a fixed row, or outside the content.
    ///
    /// - Complexity: O(log² n + log lines + the length of the line hit).
    public func hitTest(_ point: Point) -> TextHit<ID>? { cache.hitTest(point, width: viewport.size.width) }

    /// The caret rectangle of `position` in text item `field`, in content coordinates (after
    /// the item's inner scroll), whether or not the item is focused.
    ///
    /// - Throws: `.unknownRow`; `.notEditable` when the row is not measured at this width or
    ///   the item is not a text; `.invalidCaret` for an offset outside the text or inside a
    ///   grapheme cluster.
    /// - Complexity: O(log n + log lines + the caret line's length).
    public func caretRect(for position: TextPosition, in field: FieldRef<ID>) throws(ScrollError) -> Rect {
        try cache.caretRect(for: position, in: field, width: viewport.size.width)
    }
}
