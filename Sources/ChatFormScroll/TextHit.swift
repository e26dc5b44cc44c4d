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
