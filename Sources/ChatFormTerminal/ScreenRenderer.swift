/// Turns `ScreenBuffer` frames into ANSI output: a whole frame, or only what changed.
///
/// Output uses a small, fixed subset of VT100/xterm: cursor position (`CSI r;c H`), SGR
/// (`CSI … m`), erase display (`CSI 2 J`) and cursor visibility (`CSI ? 25 h/l`). Every
/// frame ends with attributes reset, which `diff(from:to:)` relies on.
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
        output.text += "\u{1B}[?25l\u{1B}[0m\u{1B}[H\u{1B}[2J"
        for row in 0..<frame.rows {
            guard let last = (0..<frame.columns).last(where: { frame[row, $0] != .blank }) else { continue }
            output.emit(frame, row: row, from: 0, through: last)
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
        for row in 0..<next.rows {
            var column = 0
            while column < next.columns {
                guard previous[row, column] != next[row, column] else { column += 1; continue }
                var start = column
                if next[row, start].isContinuation && start > 0 { start -= 1 }
                // Extend the run over changes separated by small gaps.
                var end = column
                var probe = column + 1
                while probe < next.columns && probe - end - 1 <= maximumGap {
                    if previous[row, probe] != next[row, probe] { end = probe }
                    probe += 1
                }
                if output.text.isEmpty { output.text += "\u{1B}[?25l" }
                output.emit(next, row: row, from: start, through: end)
                column = end + 1
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

        /// Draws cells `first...last` of `row`; a wide glyph at `last` is drawn whole.
        mutating func emit(_ frame: ScreenBuffer, row: Int, from first: Int, through last: Int) {
            move(row: row, column: first)
            var column = first
            while column <= last {
                let cell = frame[row, column]
                if cell.isContinuation { column += 1; continue }
                if cell.style != style {
                    text += cell.style.sgr
                    style = cell.style
                }
                text += cell.grapheme
                column += cell.width
            }
            // At the right edge the cursor's position depends on the terminal's wrap state.
            position = column < frame.columns ? ScreenCursor(row: row, column: column) : nil
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
