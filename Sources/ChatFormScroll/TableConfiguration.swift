import ChatFormText

/// Settings of a `TableSession`; each has the SPEC's default.
public struct TableConfiguration: Sendable {
    /// How text is measured [terminal cells].
    public var metrics: any TextMetrics
    /// Line breaking options [keep-all off].
    public var textOptions: TextLayoutOptions
    /// The caret's margin above and below, in lines [1].
    public var caretMarginLines: Double
    /// What the content does when the keyboard shows [always].
    public var keyboardPolicy: KeyboardPolicy
    /// Where content shorter than the band sits [top].
    public var contentAlignment: ContentAlignment
    /// Whether an appended message or a growing last message keeps a transcript that was
    /// at its end at its end [on].
    public var stickToBottom: Bool
    /// How close to the end counts as "at the end" [one line].
    public var stickToBottomTolerance: Double
    /// Rows start with this estimated height and are measured when needed; nil measures
    /// every row up front (or estimates from text length, see below).
    public var estimatedRowHeight: Double?
    /// Without `estimatedRowHeight`: estimate new rows from their text length instead of
    /// measuring them at once [off].
    public var estimateFromTextLength: Bool
    /// Animation frames per second [60], within `frameRates` (see `init`).
    public var frameRate: Double
    /// The order the left and right arrows move the caret in [logical: Chromium's arrow
    /// keys in a left-to-right block; `.visual`: AppKit's and Firefox's].
    public var caretMovement: CaretMovementOrder = .logical
    /// Whether a field's first focus in a process warms the editing path on a scratch table
    /// (`TableSession.prewarm(field:)`), so that the first keystroke costs what a later one
    /// does [on].
    public var prewarmsEditing = true

    /// The frame rates a table runs at: 1 to 1000 frames per second.
    public static let frameRates: ClosedRange<Double> = 1...1000

    /// Settings; out-of-range numbers are clamped, never rejected: `caretMarginLines` to
    /// `0...ScrollLimits.maximumCaretMarginLines` (NaN: 1); `stickToBottomTolerance` to
    /// `0...ScrollLimits.maximumLength` (negative or non-finite: one line);
    /// `estimatedRowHeight` to `0...ScrollLimits.maximumLength` (negative or non-finite: no
    /// estimate); `frameRate` to `frameRates` (NaN, infinite, zero or negative: 60).
    public init(metrics: any TextMetrics = TerminalCellMetrics(), textOptions: TextLayoutOptions = TextLayoutOptions(),
                caretMarginLines: Double = 1, keyboardPolicy: KeyboardPolicy = .always,
                contentAlignment: ContentAlignment = .top, stickToBottom: Bool = true,
                stickToBottomTolerance: Double? = nil, estimatedRowHeight: Double? = nil,
                estimateFromTextLength: Bool = false, frameRate: Double = 60) {
        self.metrics = metrics
        self.textOptions = textOptions
        self.caretMarginLines = caretMarginLines.isNaN ? 1 : Swift.min(Swift.max(0, caretMarginLines), ScrollLimits.maximumCaretMarginLines)
        self.keyboardPolicy = keyboardPolicy
        self.contentAlignment = contentAlignment
        self.stickToBottom = stickToBottom
        let tolerance = stickToBottomTolerance ?? metrics.lineHeight
        self.stickToBottomTolerance = tolerance.isFinite && tolerance >= 0 ? Swift.min(tolerance, ScrollLimits.maximumLength) : metrics.lineHeight
        self.estimatedRowHeight = estimatedRowHeight.flatMap { $0.isFinite && $0 >= 0 ? Swift.min($0, ScrollLimits.maximumLength) : nil }
        self.estimateFromTextLength = estimateFromTextLength
        self.frameRate = frameRate.isFinite && frameRate > 0
            ? Swift.min(Swift.max(frameRate, Self.frameRates.lowerBound), Self.frameRates.upperBound) : 60
    }

    /// The height of one line of text.
    public var lineHeight: Double { metrics.lineHeight }
    /// The caret margin in points.
    public var caretMargin: Double { caretMarginLines * lineHeight }
}

/// The height a row starts with before it is measured.
extension TableConfiguration {
    /// The height a new row starts with in a viewport of `width`: `estimatedRowHeight`, one
    /// derived from its text length (`estimateFromTextLength`), or (with neither) 0 until
    /// it is measured.
    func estimatedHeight<ID>(of row: Row<ID>, width: Double) -> Double {
        if let estimate = estimatedRowHeight { return estimate }
        guard estimateFromTextLength else { return 0 }
        let lh = lineHeight
        let width = Swift.max(1, width - row.style.padding.horizontal)
        let content: Double
        switch row.content {
        case .text(let text, _):
            content = Swift.max(1, (Double(text.utf8.count) / (1.5 * width)).rounded(.up)) * lh
        case .rich(let rich):
            content = Swift.max(1, (Double(rich.text.utf8.count) / (1.5 * width)).rounded(.up)) * lh
        case .fixed(let h):
            content = h
        case .stack(let items):
            content = Double(items.count) * lh
        }
        return Swift.min(row.style.maxHeight, Swift.max(row.style.minHeight, content + row.style.padding.vertical))
    }
}

/// A text item in a row: the row's id and the item's index in its stack (0 for a text row).
public struct FieldRef<ID: Hashable & Sendable>: Hashable, Sendable {
    public var row: ID
    public var item: Int

    public init(row: ID, item: Int = 0) {
        self.row = row
        self.item = item
    }
}

/// The focused field, its selection and caret.
public struct Focus<ID: Hashable & Sendable>: Sendable, Hashable {
    /// The field.
    public var field: FieldRef<ID>
    /// The caret (the selection's moving end).
    public var caret: TextPosition
    /// The selection's fixed end; equal to the caret offset when nothing is selected.
    public var anchor: Int
    /// The x the caret keeps across vertical moves.
    public var goalX: Double?

    /// The selected UTF-8 range (empty when nothing is selected).
    public var selection: Range<Int> { Swift.min(anchor, caret.offset)..<Swift.max(anchor, caret.offset) }
}

/// Where the caret is, in content coordinates.
public struct CaretInfo<ID: Hashable & Sendable>: Sendable, Hashable {
    public var field: FieldRef<ID>
    public var position: TextPosition
    /// The caret rect in content coordinates (after any inner scroll of its field).
    public var rect: Rect
    /// The caret's line index in its field.
    public var line: Int
}

/// A row's place in the content.
public struct RowFrame<ID: Hashable & Sendable>: Sendable, Hashable {
    public var id: ID
    public var index: Int
    /// Top of the row in content coordinates.
    public var y: Double
    public var height: Double
    /// Visual lines of its text items (0 for fixed rows).
    public var lines: Int
    /// Whether its height is measured (false: an estimate).
    public var measured: Bool
}
