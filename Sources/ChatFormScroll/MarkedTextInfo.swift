import ChatFormGeometry

/// The marked text of the focused field, placed in the content: what a renderer underlines.
public struct MarkedTextInfo<ID: Hashable & Sendable>: Sendable, Hashable {
    /// The field being composed in.
    public var field: FieldRef<ID>
    /// The marked text's UTF-8 range in the field's text.
    public var range: Range<Int>
    /// The input method's selection inside it (the caret at its end, usually).
    public var selectedRange: Range<Int>
    /// The marked text.
    public var text: String
    /// One rectangle per visual line the marked text covers, in content coordinates (after
    /// the field's inner scroll, so a line scrolled out of the field's window lies outside it).
    public var rects: [Rect]
}
