import ChatFormScroll
import ChatFormTerminal

/// Draws a `TableSession` onto a screen exactly as the engine laid it out: each visible
/// row's text lines come from its measured `TextLayout`, at the row's y − offset (plus its
/// top padding, the item's y in a stack, minus the field's inner scroll), with the left
/// padding as the x offset. Nothing is measured again here.
public struct TableDrawing<ID: Hashable & Sendable> {
    /// How a text item is drawn.
    public struct ItemStyle {
        /// Style of the text.
        public var text: CellStyle
        /// When set, the item's visible lines are first filled across the content width
        /// (a field's underline).
        public var fill: CellStyle?

        public init(text: CellStyle = .plain, fill: CellStyle? = nil) {
            self.text = text
            self.fill = fill
        }
    }

    /// The table.
    public var table: TableSession<ID>
    /// The screen row the viewport's top edge is drawn at.
    public var originRow: Int

    public init(table: TableSession<ID>, originRow: Int) {
        self.table = table
        self.originRow = originRow
    }

    /// The screen row showing content y `y`.
    public func screenRow(contentY y: Double) -> Int {
        originRow + DemoText.cell(y - table.viewport.offset)
    }

    /// The screen rows of the visible band: from the viewport's top plus the top inset to
    /// its height minus the adjusted bottom inset.
    public var bandRows: Range<Int> {
        let v = table.viewport
        let top = originRow + DemoText.cell(v.topInset)
        let bottom = originRow + DemoText.cell(v.size.height - v.bottomInset)
        return top..<max(top, bottom)
    }

    /// The terminal cell of the caret (its line's row, its x column), if a field is focused.
    public var caretCell: ScreenCursor? {
        guard let caret = table.caret else { return nil }
        return ScreenCursor(row: screenRow(contentY: caret.rect.minY), column: DemoText.cell(caret.rect.minX))
    }

    /// Draws every row intersecting the viewport, clipped to `clip` screen rows.
    ///
    /// - Complexity: O(log n + visible rows + their visible lines).
    public func draw(into screen: inout ScreenBuffer, clip: Range<Int>,
                     style: (Row<ID>, RowMeasurement.Item) -> ItemStyle) {
        let lineHeight = table.configuration.lineHeight
        for index in table.rowsInViewport() {
            guard let measurement = table.measurement(ofRow: index) else { continue }
            let row = table.row(at: index)
            let frame = table.frame(ofRow: index)
            let contentTop = frame.y + measurement.style.padding.top
            let x = DemoText.cell(measurement.style.padding.left)
            for item in measurement.items {
                guard let text = item.text else { continue }
                let itemStyle = style(row, item)
                let inner = table.innerOffset(of: FieldRef(row: row.id, item: item.index))
                // Start at the first line the item's window shows (a field scrolled inside).
                let first = Swift.max(0, Int((inner / lineHeight).rounded(.down)))
                for line in first..<Swift.max(first, text.lineCount) {
                    // The line's top inside the item's window, after the inner scroll.
                    let y = Double(line) * lineHeight - inner
                    if y < -1e-9 { continue }
                    if y + lineHeight > item.height + 1e-9 { break }
                    let screenRow = self.screenRow(contentY: contentTop + item.y + y)
                    guard clip.contains(screenRow) else { continue }
                    if let fill = itemStyle.fill {
                        screen.fill(row: screenRow, column: x, height: 1,
                                    width: DemoText.cell(measurement.contentWidth), style: fill)
                    }
                    screen.write(text.lineText(line), row: screenRow, column: x,
                                 style: itemStyle.text, width: DemoText.width)
                }
            }
        }
    }
}
