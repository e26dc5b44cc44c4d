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

    /// The first screen row the keyboard covers (the row past the viewport's height when
    /// it is hidden).
    public var keyboardTopRow: Int {
        let v = table.viewport
        return originRow + DemoText.cell(v.size.height - v.keyboardOverlap)
    }

    /// The terminal cell of the caret (its line's row, its x column), if a field is focused.
    public var caretCell: ScreenCursor? {
        guard let caret = table.caret else { return nil }
        return ScreenCursor(row: screenRow(contentY: caret.rect.minY), column: DemoText.cell(caret.rect.minX))
    }

    /// Draws the focused field's marked text (an input method's composition) again over
    /// what `draw` drew, in `style`, line by line where it shows inside its field's window
    /// and `clip`.
    ///
    /// - Complexity: O(log n + the lines the marked text covers).
    public func drawMarkedText(into screen: inout ScreenBuffer, clip: Range<Int>, style: CellStyle) {
        guard let marked = table.markedText, let index = table.rows.index(of: marked.field.row),
              let measurement = table.rows.measurement(ofRow: index), let item = measurement.item(at: marked.field.item),
              let text = item.text,
              let first = try? text.lineIndex(for: TextPosition(offset: marked.range.lowerBound, affinity: .downstream)),
              let last = try? text.lineIndex(for: TextPosition(offset: marked.range.upperBound, affinity: .upstream)) else { return }
        let lineHeight = table.configuration.lineHeight
        let inner = table.rows.innerOffset(of: marked.field)
        let top = table.rows.frame(ofRow: index).y + measurement.style.padding.top + item.y
        for k in first...Swift.max(first, last) {
            let y = Double(k) * lineHeight - inner
            guard y >= -1e-9, y + lineHeight <= item.height + 1e-9 else { continue }
            let row = screenRow(contentY: top + y)
            guard clip.contains(row) else { continue }
            let line = text.line(at: k)
            let from = Swift.max(line.start, marked.range.lowerBound), to = Swift.min(line.contentEnd, marked.range.upperBound)
            guard from < to, let x = try? text.caretRect(for: TextPosition(offset: from)).minX else { continue }
            let utf8 = Array(text.text(ofLine: k).utf8)
            let slice = String(decoding: utf8[(from - line.start)..<(to - line.start)], as: UTF8.self)
            screen.write(slice, row: row, column: DemoText.cell(measurement.style.padding.left + x), style: style,
                         width: DemoText.width)
        }
    }

    /// Draws every row intersecting the viewport, clipped to `clip` screen rows.
    ///
    /// - Complexity: O(log n + visible rows + their visible lines).
    public func draw(into screen: inout ScreenBuffer, clip: Range<Int>,
                     style: (Row<ID>, RowMeasurement.Item) -> ItemStyle) {
        let lineHeight = table.configuration.lineHeight
        for index in table.rows.inViewport() {
            guard let measurement = table.rows.measurement(ofRow: index) else { continue }
            let row = table.rows.row(at: index)
            let frame = table.rows.frame(ofRow: index)
            let contentTop = frame.y + measurement.style.padding.top
            let x = DemoText.cell(measurement.style.padding.left)
            for item in measurement.items {
                guard let text = item.text else { continue }
                let itemStyle = style(row, item)
                let inner = table.rows.innerOffset(of: FieldRef(row: row.id, item: item.index))
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
                    if let clamp = item.clamp, clamp.isTruncated, line == clamp.lineCount - 1 {
                        drawClamped(clamp, into: &screen, row: screenRow, column: x, style: itemStyle.text)
                    } else if case .rich(let rich) = row.content, !rich.marks.isEmpty {
                        drawStyled(text, line: line, rich: rich, into: &screen, row: screenRow, column: x, base: itemStyle.text)
                    } else if text.paragraphLevel(onLine: line) & 1 == 1 {
                        drawRightToLeft(text, line: line, into: &screen, row: screenRow, column: x, style: itemStyle.text)
                    } else {
                        screen.write(text.text(ofLine: line), row: screenRow, column: x,
                                     style: itemStyle.text, width: DemoText.width)
                    }
                }
            }
        }
    }

    /// Line `line` of a right-to-left paragraph: each grapheme at the cell the layout shows
    /// it in (the line placed from the right, its right-to-left runs reversed).
    ///
    /// - Complexity: O(the line's length).
    func drawRightToLeft(_ text: any LineLayout, line: Int, into screen: inout ScreenBuffer, row: Int, column: Int,
                         style: CellStyle) {
        let bytes = Array(text.text(ofLine: line).utf8)
        let start = text.line(at: line).start
        for g in (try? text.visualGraphemes(onLine: line)) ?? [] {
            let from = g.range.lowerBound - start, to = g.range.upperBound - start
            guard from >= 0, to <= bytes.count, from < to, bytes[from] != 0x20 else { continue }
            screen.write(String(decoding: bytes[from..<to], as: UTF8.self), row: row, column: column + DemoText.cell(g.minX),
                         style: style, width: DemoText.width)
        }
    }

    /// The last line shown of a clamped text: the graphemes kept, each at its cell, and the
    /// ellipsis at its x (a rich message's marks are not drawn on that line).
    ///
    /// - Complexity: O(the line's length).
    func drawClamped(_ clamp: ClampedLayout, into screen: inout ScreenBuffer, row: Int, column: Int, style: CellStyle) {
        let index = clamp.lineCount - 1
        let line = clamp.layout.line(at: index)
        let bytes = Array(clamp.layout.text(ofLine: index).utf8)
        for g in (try? clamp.drawnGraphemes(onLine: index)) ?? [] {
            let from = g.range.lowerBound - line.start, to = g.range.upperBound - line.start
            guard from >= 0, to <= bytes.count, from < to else { continue }
            screen.write(String(decoding: bytes[from..<to], as: UTF8.self), row: row, column: column + DemoText.cell(g.x),
                         style: style, width: DemoText.width)
        }
        if let e = clamp.ellipsis {
            screen.write(e.text, row: row, column: column + DemoText.cell(e.x), style: style, width: DemoText.width)
        }
    }

    /// Line `line` of a rich message, stretch by stretch: each run of clusters with the same
    /// marks written at its caret x (the layout's, in cells) in `base` changed by the marks.
    ///
    /// - Complexity: O(the line's length × marks).
    func drawStyled(_ text: any LineLayout, line: Int, rich: RichText, into screen: inout ScreenBuffer,
                    row: Int, column: Int, base: CellStyle) {
        var stops: [(offset: Int, x: Double)] = []
        try? text.forEachCaretStop(onLine: line) { offset, x in
            stops.append((offset, x))
            return true
        }
        guard stops.count > 1 else { return }
        let bytes = Array(rich.text.utf8)
        var k = 0
        while k < stops.count - 1 {
            let style = rich.style(at: stops[k].offset)
            var end = k + 1
            while end < stops.count - 1 && rich.style(at: stops[end].offset) == style { end += 1 }
            let piece = String(decoding: bytes[stops[k].offset..<stops[end].offset], as: UTF8.self)
            screen.write(piece, row: row, column: column + DemoText.cell(stops[k].x), style: Self.cellStyle(base, style),
                         width: DemoText.width)
            k = end
        }
    }

    /// How a mark is drawn in a terminal: bold and italic as themselves, code in yellow,
    /// a mention bold magenta, a link underlined blue, struck-through text dim.
    public static func cellStyle(_ base: CellStyle, _ marks: RichText.Style) -> CellStyle {
        var style = base
        if marks.contains(.bold) { style.bold = true }
        if marks.contains(.italic) { style.italic = true }
        if marks.contains(.code) { style.foreground = .yellow }
        if marks.contains(.mention) { style.bold = true; style.foreground = .magenta }
        if marks.contains(.link) { style.underline = true; style.foreground = .blue }
        if marks.contains(.strikethrough) { style.dim = true }
        return style
    }
}
