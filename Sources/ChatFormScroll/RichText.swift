import ChatFormText

/// A rich message a row shows (`RowContent.rich`): styled text, laid out either from a text
/// prepared with its own fonts (a `StyledText`'s `shaped`: spans in several fonts and sizes,
/// pills, inline attachments) or with the table's metrics (terminal cells), and the style
/// marks a renderer draws it with.
///
/// ```swift
/// // Real fonts: the prepared styled text lays out at the row's width by arithmetic.
/// let styled = try StyledText(elements, style: ParagraphStyle(font: body))   // ChatFormFont
/// let row = Row(id: 7, content: .rich(RichText(prepared: styled.shaped)))
/// // Terminal cells: the table's metrics, and marks for the renderer.
/// let cells = RichText(text: "ship it @kim", marks: [.init(range: 8..<12, style: .mention)])
/// ```
///
/// A rich row is **display-only**: it cannot be focused or edited (`focus` and `setText`
/// throw `ScrollError.notEditable`); replace its content with `TableChat.setContent(_:ofRow:)`
/// (a streamed answer growing). Its laid-out text (`RowMeasurement.Item.text`) answers
/// every caret query of `LineLayout` (caret rects, line moves, grapheme steps: an attachment
/// is one step), and `TableRows.hitTest(_:)` finds the text position under a point.
public struct RichText: Sendable, Hashable {
    /// A stretch of the text drawn in a style.
    public struct Mark: Sendable, Hashable {
        /// The stretch's UTF-8 range in `text`.
        public var range: Range<Int>
        /// How it is drawn.
        public var style: Style

        public init(range: Range<Int>, style: Style) {
            self.range = range
            self.style = style
        }
    }

    /// What a renderer draws a mark with; layout does not read it (the prepared text's fonts,
    /// or the table's metrics, decide every width).
    public struct Style: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// Strong emphasis (`**bold**`).
        public static let bold = Style(rawValue: 1)
        /// Emphasis (`*italic*`).
        public static let italic = Style(rawValue: 2)
        /// Inline code (a code span).
        public static let code = Style(rawValue: 4)
        /// A mention (`@kim`), drawn as a pill.
        public static let mention = Style(rawValue: 8)
        /// A link.
        public static let link = Style(rawValue: 16)
        /// Struck through (`~~gone~~`).
        public static let strikethrough = Style(rawValue: 32)
        /// An attachment (its U+FFFC in the text).
        public static let attachment = Style(rawValue: 64)
    }

    /// The text (attachments as U+FFFC).
    public let text: String
    /// The marks, in any order; they may overlap (bold inside a link).
    public let marks: [Mark]
    /// The text prepared with its own fonts, or nil to lay it out with the table's metrics.
    public let prepared: ShapedText?

    /// A rich text prepared with its own fonts (a `StyledText`'s `shaped`), laid out at each
    /// width by arithmetic; `marks` are for the renderer. Marks reaching past the text are
    /// clamped to it (a documented clamp).
    public init(prepared: ShapedText, marks: [Mark] = []) {
        self.text = prepared.text
        self.marks = Self.clamped(marks, to: prepared.text.utf8.count)
        self.prepared = prepared
    }

    /// A rich text laid out with the table's metrics (terminal cells: styles change no
    /// width); `marks` are for the renderer. Marks reaching past the text are clamped to
    /// it (a documented clamp).
    public init(text: String, marks: [Mark]) {
        self.text = text
        self.marks = Self.clamped(marks, to: text.utf8.count)
        self.prepared = nil
    }

    private static func clamped(_ marks: [Mark], to n: Int) -> [Mark] {
        func clamp(_ x: Int) -> Int { Swift.min(Swift.max(0, x), n) }
        return marks.map { Mark(range: clamp($0.range.lowerBound)..<clamp($0.range.upperBound), style: $0.style) }
    }

    /// The styles of the marks holding UTF-8 `offset`, united.
    ///
    /// - Complexity: O(marks).
    public func style(at offset: Int) -> Style {
        marks.reduce(into: Style()) { if $1.range.contains(offset) { $0.formUnion($1.style) } }
    }

    /// Two rich texts are equal when their texts and marks are and they are laid out the same
    /// way: with the table's metrics, or from the same preparation (a text prepared again
    /// counts as a change, so its row is measured again).
    public static func == (a: RichText, b: RichText) -> Bool {
        a.text == b.text && a.marks == b.marks && a.prepared?.preparationID == b.prepared?.preparationID
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(text)
        hasher.combine(marks)
        hasher.combine(prepared?.preparationID)
    }
}
