import ChatFormText

/// How one row is laid out around its content (SPEC §3).
///
/// ```swift
/// let style = RowStyle(padding: EdgeInsets(top: 1, left: 2, bottom: 1, right: 2), maxLines: 5)
/// ```
public struct RowStyle: Sendable, Hashable {
    /// Space around the content; the text is laid out at the viewport width minus
    /// `padding.left + padding.right`.
    public var padding: EdgeInsets
    /// The row's height is clamped to `minHeight...maxHeight` [0...∞].
    public var minHeight: Double
    /// The row's height is clamped to `minHeight...maxHeight` [0...∞]. A text row taller
    /// than this scrolls its text inside the row, like `maxLines`.
    public var maxHeight: Double
    /// A growing text row stops growing at this many lines [none]; past it the text
    /// scrolls inside the row and the caret rule applies to that inner scroll.
    public var maxLines: Int?
    /// The row's display-only texts (a message, a rich message, a stack's labels) show at
    /// most this many lines, the last ending in an ellipsis when text is hidden, as CSS
    /// `-webkit-line-clamp` [none]; editable fields ignore it. See
    /// `TableChat.setLineClamp(_:ofRow:)` ("show more").
    public var lineClamp: Int?
    /// The base direction of the row's texts (a message, a field, a stack's labels and
    /// fields), as HTML `dir` sets it [nil: the table's, `TableConfiguration.textOptions`]:
    /// a right-to-left text is prepared, laid out and edited at paragraph level 1, its lines
    /// start at the right and its caret, taps and arrow keys follow (see
    /// `ParagraphDirection`).
    public var direction: ParagraphDirection?

    /// Values outside their ranges are clamped: negative or non-finite padding becomes 0,
    /// padding and `minHeight` are clamped to `0...ScrollLimits.maximumLength`, `maxHeight` to
    /// at least `minHeight` (∞ allowed), `maxLines` and `lineClamp` to at least 1.
    public init(padding: EdgeInsets = .zero, minHeight: Double = 0, maxHeight: Double = .infinity, maxLines: Int? = nil,
                lineClamp: Int? = nil, direction: ParagraphDirection? = nil) {
        self.direction = direction
        func clean(_ v: Double) -> Double { ScrollLimits.clampedLength(v) }
        self.padding = EdgeInsets(top: clean(padding.top), left: clean(padding.left),
                                  bottom: clean(padding.bottom), right: clean(padding.right))
        self.minHeight = clean(minHeight)
        let maxH = maxHeight.isNaN ? .infinity : maxHeight
        self.maxHeight = Swift.max(self.minHeight, maxH)
        self.maxLines = maxLines.map { Swift.max(1, $0) }
        self.lineClamp = lineClamp.map { Swift.max(1, $0) }
    }

    public static let plain = RowStyle()

    /// `options` with the row's direction, when it has one.
    func textOptions(_ options: TextLayoutOptions) -> TextLayoutOptions {
        guard let direction else { return options }
        var own = options
        own.direction = direction
        return own
    }
}

/// One item of a stacked row (the single-cell form of seed 004).
public struct StackItem: Sendable, Hashable {
    /// What the item is.
    public enum Kind: Sendable, Hashable {
        /// A text: a label (not editable) or a field (editable), with an optional line limit.
        case text(String, editable: Bool, maxLines: Int?)
        /// Fixed vertical space (spacing, a button area, any view of known height).
        case space(Double)
    }

    /// A name for the item, used to focus a field inside a stack.
    public var name: String?
    public var kind: Kind

    public init(name: String? = nil, _ kind: Kind) {
        self.name = name
        self.kind = kind
    }

    public static func label(_ text: String) -> StackItem { StackItem(.text(text, editable: false, maxLines: nil)) }
    public static func field(_ name: String, text: String = "", maxLines: Int? = nil) -> StackItem {
        StackItem(name: name, .text(text, editable: true, maxLines: maxLines))
    }
    public static func space(_ height: Double) -> StackItem { StackItem(.space(height)) }
}

/// What a row shows.
public enum RowContent: Sendable, Hashable {
    /// A text: a chat message (not editable) or a growing text field (editable).
    case text(String, editable: Bool)
    /// A fixed height (a spacer, the bottom buttons, any view measured elsewhere).
    case fixed(Double)
    /// A vertical stack of labels, fields and spacing in one row (seed 004's form).
    case stack([StackItem])
    /// A rich message: styled runs and attachments, display-only (see ``RichText``).
    case rich(RichText)

    /// The number of text items (1 for `.text` and `.rich`, 0 for `.fixed`).
    public var textItemCount: Int {
        switch self {
        case .text, .rich: 1
        case .fixed: 0
        case .stack(let items): items.reduce(0) { if case .text = $1.kind { $0 + 1 } else { $0 } }
        }
    }
}

/// One row: a stable identity, its content and its style.
public struct Row<ID: Hashable & Sendable>: Sendable {
    public var id: ID
    public var content: RowContent
    public var style: RowStyle

    public init(id: ID, content: RowContent, style: RowStyle = .plain) {
        self.id = id
        self.content = content
        self.style = style
    }

    /// A text row (a message or a field).
    public static func text(_ id: ID, _ text: String, editable: Bool = false, style: RowStyle = .plain) -> Row {
        Row(id: id, content: .text(text, editable: editable), style: style)
    }
}

extension Row {
    /// The text of item `index` (0 for a text or rich row), or nil when that item is not a text.
    public func text(ofItem index: Int) -> String? {
        switch content {
        case .text(let text, _) where index == 0: return text
        case .rich(let rich) where index == 0: return rich.text
        case .stack(let items) where items.indices.contains(index):
            if case .text(let text, _, _) = items[index].kind { return text }
            return nil
        default: return nil
        }
    }

    /// Whether item `index` (0 for a text row) is an editable text.
    public func isEditable(item index: Int) -> Bool {
        switch content {
        case .text(_, let editable): return editable && index == 0
        case .stack(let items):
            guard items.indices.contains(index), case .text(_, let editable, _) = items[index].kind else { return false }
            return editable
        case .fixed, .rich: return false
        }
    }

    /// This row with the text of item `index` replaced, or nil when that item is not a plain
    /// text (a rich row's content is replaced whole: `TableChat.setContent(_:ofRow:)`).
    public func replacingText(_ text: String, ofItem index: Int) -> Row? {
        var row = self
        switch content {
        case .text(_, let editable) where index == 0:
            row.content = .text(text, editable: editable)
        case .stack(var items) where items.indices.contains(index):
            guard case .text(_, let editable, let maxLines) = items[index].kind else { return nil }
            items[index].kind = .text(text, editable: editable, maxLines: maxLines)
            row.content = .stack(items)
        default:
            return nil
        }
        return row
    }
}
