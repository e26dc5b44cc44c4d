/// Turns `ScreenBuffer` frames into ANSI output: a whole frame, or only what changed.
///
/// Output uses a small, fixed subset of VT100/xterm: cursor position (`CSI r;c H`), SGR
/// (`CSI … m`), erase display (`CSI 2 J`), cursor visibility (`CSI ? 25 h/l`) and, in a
/// full render, autowrap off (`CSI ? 7 l`). Every frame ends with attributes reset, which
/// `diff(from:to:)` relies on.
///
/// It stays right whatever width the terminal gives a cluster that terminals disagree on
/// (`TerminalCharacterWidth.mayVary`: emoji sequences, flags, ambiguous-width characters):
/// it clears the cells such a cluster should cover before drawing it, places the cursor
/// explicitly after it, and repaints the cells the terminal may have drawn it across
/// (`TerminalCharacterWidth.maximumWidth`), both when it is drawn and when it changes or
/// goes away. Autowrap is off so that a cluster drawn wider at the right edge cannot wrap
/// onto the next row or scroll the screen.
///
/// ```swift
/// let renderer = ScreenRenderer()
/// session.write(renderer.render(full: first))
/// session.write(renderer.diff(from: first, to: second))  // only the changed cells
/// ```
public struct ScreenRenderer: Sendable {
    /// Unchanged cells between two changed runs on one row are re-sent instead of moving
    /// the cursor when there are at most this many of them.
    public var maximumGap: Int

    public init(maximumGap: Int = 4) {
        self.maximumGap = max(0, maximumGap)
    }

    /// The output that draws `frame` on a terminal in any state (of the same size).
    ///
    /// - Complexity: O(rows × columns).
    public func render(full frame: ScreenBuffer) -> String {
        var output = Output()
        output.text += "\u{1B}[?25l\u{1B}[0m\u{1B}[?7l\u{1B}[H\u{1B}[2J"
        for row in 0..<frame.rows {
            guard let last = (0..<frame.columns).last(where: { frame[row, $0] != .blank }) else { continue }
            _ = output.emit(frame, row: row, from: 0, through: last)
        }
        output.finish(cursor: frame.cursor, wasVisible: false)
        return output.text
    }

    /// The output that turns a terminal showing `previous` (as drawn by this renderer)
    /// into one showing `next`: changed runs only. Frames of different sizes fall back to
    /// `render(full:)`; identical frames give "".
    ///
    /// - Complexity: O(rows × columns).
    public func diff(from previous: ScreenBuffer, to next: ScreenBuffer) -> String {
        guard previous.rows == next.rows, previous.columns == next.columns else {
            return render(full: next)
        }
        var output = Output()
        var dirty = [Bool](repeating: false, count: next.columns)
        for row in 0..<next.rows {
            Self.markDirty(&dirty, row: row, previous: previous, next: next)
            var column = 0
            while column < next.columns {
                guard dirty[column] else { column += 1; continue }
                var start = column
                if next[row, start].isContinuation && start > 0 { start -= 1 }
                // Extend the run over changes separated by small gaps.
                var end = column
                var probe = column + 1
                while probe < next.columns && probe - end - 1 <= maximumGap {
                    if dirty[probe] { end = probe }
                    probe += 1
                }
                if output.text.isEmpty { output.text += "\u{1B}[?25l" }
                let drawn = output.emit(next, row: row, from: start, through: end)
                column = Swift.max(end, drawn) + 1
            }
        }
        if output.text.isEmpty {
            // Nothing drawn: only the cursor may have changed.
            guard previous.cursor != next.cursor else { return "" }
            guard next.cursor != nil else { return "\u{1B}[?25l" }
            output.finish(cursor: next.cursor, wasVisible: previous.cursor != nil)
        } else {
            output.finish(cursor: next.cursor, wasVisible: false)
        }
        return output.text
    }

    /// Marks the cells of `row` to redraw: those that changed, and every cell a terminal may
    /// have drawn a varying cluster across, in `previous` (where it was) or in `next`
    /// (where it goes), when that cluster's cells change.
    ///
    /// - Complexity: O(columns).
    static func markDirty(_ dirty: inout [Bool], row: Int, previous: ScreenBuffer, next: ScreenBuffer) {
        let columns = next.columns
        for column in 0..<columns { dirty[column] = previous[row, column] != next[row, column] }
        // A changed continuation redraws its lead.
        for column in 1..<Swift.max(1, columns) where dirty[column] && next[row, column].isContinuation {
            dirty[column - 1] = true
        }
        var forcedUntil = 0
        for column in 0..<columns {
            guard dirty[column] || column < forcedUntil else { continue }
            dirty[column] = true
            for cell in [previous[row, column], next[row, column]] where !cell.isContinuation {
                if let reach = reach(of: cell) { forcedUntil = Swift.max(forcedUntil, column + reach) }
            }
        }
    }

    /// The cells a terminal may draw a varying cluster across, or nil for a cluster
    /// terminals agree on.
    static func reach(of cell: Cell) -> Int? {
        guard cell.grapheme.utf8.count > 1, TerminalCharacterWidth.mayVary(scalars: cell.grapheme.unicodeScalars) else {
            return nil
        }
        return Swift.max(cell.width, TerminalCharacterWidth.maximumWidth(scalars: cell.grapheme.unicodeScalars))
    }

    /// Accumulates output while tracking the terminal's cursor and attributes.
    private struct Output {
        var text = ""
        var style = CellStyle.plain
        /// Where the terminal cursor is, when known.
        var position: ScreenCursor?

        mutating func move(row: Int, column: Int) {
            if position != ScreenCursor(row: row, column: column) {
                text += "\u{1B}[\(row + 1);\(column + 1)H"
                position = ScreenCursor(row: row, column: column)
            }
        }

        /// Draws cells `first...last` of `row`; a wide glyph at `last` is drawn whole, and a
        /// varying cluster is followed by the cells it may have been drawn across. Returns
        /// the last column drawn.
        mutating func emit(_ frame: ScreenBuffer, row: Int, from first: Int, through last: Int) -> Int {
            var last = last
            var column = first
            while column <= last {
                let cell = frame[row, column]
                if cell.isContinuation { column += 1; continue }
                move(row: row, column: column)
                if cell.style != style {
                    text += cell.style.sgr
                    style = cell.style
                }
                if let reach = ScreenRenderer.reach(of: cell) {
                    // Narrower than the engine counts: blank its cells first. Wider: repaint
                    // what follows it. Either way the cursor is placed again after it.
                    if cell.width > 1 {
                        text += String(repeating: " ", count: cell.width)
                        position = nil
                        move(row: row, column: column)
                    }
                    text += cell.grapheme
                    position = nil
                    last = Swift.max(last, Swift.min(frame.columns - 1, column + reach - 1))
                } else {
                    text += cell.grapheme
                    if let p = position { position = ScreenCursor(row: p.row, column: p.column + cell.width) }
                }
                column += cell.width
            }
            // At the right edge the cursor's position depends on the terminal's wrap state.
            if let p = position, p.column >= frame.columns { position = nil }
            return column - 1
        }

        mutating func finish(cursor: ScreenCursor?, wasVisible: Bool) {
            if style != .plain {
                text += "\u{1B}[0m"
                style = .plain
            }
            if let cursor {
                text += "\u{1B}[\(cursor.row + 1);\(cursor.column + 1)H"
                if !wasVisible { text += "\u{1B}[?25h" }
            }
        }
    }
}
