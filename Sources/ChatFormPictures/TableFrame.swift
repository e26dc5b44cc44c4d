import ChatFormGeometry
import ChatFormText
import ChatFormScroll

/// What a table shows at one moment, taken out of a `TableSession` as plain values: the
/// viewport and its insets, the keyboard, the rows on screen with their text lines, the
/// caret and its margin band, the selection, the marked text, and the caret rule's verdict.
/// It is what ``TableFrame/svg(drawing:caption:id:)`` draws and what ``TableFrame/dump`` writes as text.
///
/// ```swift
/// try table.advance(by: 0.3) { frame in
///     let picture = TableFrame(frame).svg()
/// }
/// ```
///
/// All y values are content coordinates (y = 0 is the first row's top); x values start at
/// the viewport's left edge.
public struct TableFrame: Sendable, Hashable {
    /// One visual line of a row's text, with its graphemes.
    public struct Line: Sendable, Hashable {
        /// The line's index in its text.
        public var index: Int
        /// Content y of the line's top.
        public var y: Double
        /// The line's height.
        public var height: Double
        /// x of the line's start.
        public var x: Double
        /// The line's width (without hanging white space).
        public var width: Double
        /// UTF-8 offsets of the line's first byte and of its end (before any mandatory break).
        public var start: Int, end: Int
        /// The graphemes from left to right, each where the layout shows it (x from the line's
        /// left; a right-to-left run reversed, a right-to-left paragraph's line from the right).
        public var clusters: [DrawnCluster]
        /// The line's text (without its mandatory break), in logical order.
        public var text: String { clusters.sorted { $0.offset < $1.offset }.map(\.text).joined() }
    }

    /// One item of a row: a text (a label or a field) or space.
    public struct Item: Sendable, Hashable {
        /// Its index in the row's stack.
        public var index: Int
        /// Content y of the item's visible top, and its visible height.
        public var y: Double, height: Double
        /// Whether it is an editable field.
        public var editable: Bool
        /// How far its text is scrolled inside it (a field past its line limit).
        public var innerOffset: Double
        /// The lines shown (those inside the item's window).
        public var lines: [Line]
    }

    /// One row on screen.
    public struct Row: Sendable, Hashable {
        /// The row's id, as text.
        public var id: String
        /// Its index in the table.
        public var index: Int
        /// Content y of its top, and its height (an estimate when not measured).
        public var y: Double, height: Double
        /// Whether the height is measured (else an estimate).
        public var measured: Bool
        /// Its items (none when not measured).
        public var items: [Item]
    }

    /// The caret of the focused field.
    public struct Caret: Sendable, Hashable {
        /// The focused row's id, as text, and the field's item index.
        public var row: String, item: Int
        /// The caret's UTF-8 offset in the field's text.
        public var offset: Int
        /// The caret's rectangle (zero width).
        public var rect: Rect
        /// The band the caret rule keeps visible: the caret grown by the margin above and
        /// below, never past the content's top or end.
        public var band: ClosedRange<Double>
    }

    /// The table's time, in seconds.
    public var time: Double
    /// The viewport's size.
    public var size: Size
    /// The content offset (content y at the viewport's top edge).
    public var offset: Double
    /// The safe area, the extra bottom inset and the keyboard's overlap.
    public var safeArea: EdgeInsets, extraBottomInset: Double, keyboard: Double
    /// The top and bottom content insets.
    public var topInset: Double, bottomInset: Double
    /// The height of all rows.
    public var contentHeight: Double
    /// The visible band, in content coordinates.
    public var visibleBand: ClosedRange<Double>
    /// The height of a line of the table's metrics.
    public var lineHeight: Double
    /// The rows that intersect the viewport.
    public var rows: [Row]
    /// The caret, when a field is focused.
    public var caret: Caret?
    /// The selection's rectangles (one per line it covers), content coordinates.
    public var selection: [Rect]
    /// The marked text's rectangles (composition), content coordinates.
    public var marked: [Rect]
    /// The caret rule's verdict, or nil where it does not apply (after a scroll or a drag).
    public var verdict: CaretRuleVerdict?

    /// The frame `table` shows now. `caretRuleApplies`: whether the last change was one
    /// after which the caret must be visible (else `verdict` is nil).
    ///
    /// - Complexity: O(log n + the text of the rows on screen).
    public init<ID>(_ table: TableSession<ID>, caretRuleApplies: Bool = true) {
        let viewport = table.viewport
        time = table.now
        size = viewport.size
        offset = viewport.offset
        safeArea = viewport.safeArea
        extraBottomInset = viewport.extraBottomInset
        keyboard = viewport.keyboardOverlap
        topInset = viewport.topInset
        bottomInset = viewport.bottomInset
        contentHeight = table.rows.contentHeight
        visibleBand = viewport.visibleBand
        lineHeight = table.configuration.lineHeight
        verdict = caretRuleApplies ? table.caretRuleVerdict : nil
        rows = []
        selection = []
        marked = table.markedText?.rects ?? []
        let screen = viewport.offset...(viewport.offset + viewport.size.height)
        var focusedText: (text: any LineLayout, left: Double, top: Double)?
        for i in table.rows.inViewport() {
            let frame = table.rows.frame(ofRow: i)
            var row = Row(id: String(describing: frame.id), index: i, y: frame.y, height: frame.height,
                          measured: frame.measured, items: [])
            if let measurement = table.rows.measurement(ofRow: i) {
                let padding = measurement.style.padding
                for item in measurement.items {
                    let inner = table.rows.innerOffset(of: FieldRef(row: frame.id, item: item.index))
                    let itemTop = frame.y + padding.top + item.y
                    var drawn = Item(index: item.index, y: itemTop, height: item.height, editable: item.editable,
                                     innerOffset: inner, lines: [])
                    if let text = item.text {
                        let textTop = itemTop - inner
                        if let focus = table.focus, focus.field.row == frame.id, focus.field.item == item.index {
                            focusedText = (text, padding.left, textTop)
                        }
                        let from = Swift.max(itemTop, screen.lowerBound), to = Swift.min(itemTop + item.height, screen.upperBound)
                        if from < to {
                            drawn.lines = Self.lines(of: text, left: padding.left, top: textTop, window: from...to)
                            // A clamped text's last line shown: the graphemes kept and the ellipsis.
                            if let clamp = item.clamp, clamp.isTruncated {
                                for k in drawn.lines.indices where drawn.lines[k].index == clamp.lineCount - 1 {
                                    drawn.lines[k].clusters = clamp.drawnClusters(ofLine: clamp.lineCount - 1)
                                }
                            }
                        }
                    }
                    row.items.append(drawn)
                }
            }
            rows.append(row)
        }
        if let c = table.caret {
            let margin = table.configuration.caretMargin
            let bandTop = Swift.max(0, c.rect.minY - margin)
            let bandBottom = Swift.min(Swift.max(table.rows.contentHeight, c.rect.maxY), c.rect.maxY + margin)
            caret = Caret(row: String(describing: c.field.row), item: c.field.item, offset: c.position.offset,
                          rect: c.rect, band: bandTop...Swift.max(bandTop, bandBottom))
            if let focus = table.focus, !focus.selection.isEmpty, let field = focusedText {
                selection = Self.rects(of: focus.selection, in: field.text, left: field.left, top: field.top)
            }
        } else {
            caret = nil
        }
    }

    /// The lines of `text` whose box meets `window` (content y), placed at `left`, `top`.
    ///
    /// - Complexity: O(log lines + the lines shown).
    static func lines(of text: any LineLayout, left: Double, top: Double, window: ClosedRange<Double>) -> [Line] {
        var result: [Line] = []
        var index = text.lineIndex(atY: window.lowerBound - top)
        while index < text.lineCount {
            let y = top + text.lineTop(index), height = text.heightOfLine(index)
            if y >= window.upperBound { break }
            if y + height > window.lowerBound {
                let line = text.line(at: index)
                result.append(Line(index: index, y: y, height: height, x: left, width: line.width,
                                   start: line.start, end: line.contentEnd, clusters: text.shownClusters(ofLine: index)))
            }
            index += 1
        }
        return result
    }

    /// One rectangle per line that `range` covers, from its start (or the line's) to its
    /// end (or the line's end).
    static func rects(of range: Range<Int>, in text: any LineLayout, left: Double, top: Double) -> [Rect] {
        guard let first = try? text.lineIndex(for: TextPosition(offset: range.lowerBound)),
              let last = try? text.lineIndex(for: TextPosition(offset: range.upperBound, affinity: .upstream)) else { return [] }
        var rects: [Rect] = []
        for index in first...Swift.max(first, last) {
            let line = text.line(at: index)
            let from = Swift.max(range.lowerBound, line.start), to = Swift.min(range.upperBound, line.contentEnd)
            guard let a = try? text.caretRect(for: TextPosition(offset: from)),
                  let b = try? text.caretRect(for: TextPosition(offset: to, affinity: .upstream)) else { continue }
            // A selection running past a mandatory break shows a sliver for the break.
            let x2 = b.minX + (range.upperBound > line.contentEnd && line.isHard ? 0.5 : 0)
            rects.append(Rect(x: left + a.minX, y: top + a.minY, width: Swift.max(0, x2 - a.minX), height: a.height))
        }
        return rects
    }
}
