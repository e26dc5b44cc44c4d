/// A grid of character cells: what one frame of the terminal should show.
///
/// Rows and columns count from 0 at the top left. Text is written with a caller-supplied
/// width function so the buffer agrees with whatever measures text for layout; wide glyphs
/// take two cells (the second is a continuation), everything is clipped to the grid.
///
/// ```swift
/// var frame = ScreenBuffer(rows: 3, columns: 10)
/// frame.write("Hello 世界", row: 1, column: 0, style: CellStyle(bold: true),
///             width: TerminalCharacterWidth.estimate)
/// frame.cursor = ScreenCursor(row: 1, column: 10)
/// frame.plainText()   // "\nHello 世界\n"
/// ```
public struct ScreenBuffer: Sendable, Equatable {
    /// Number of rows.
    public let rows: Int
    /// Number of columns.
    public let columns: Int
    /// Cells row by row: `cells[row * columns + column]`.
    public private(set) var cells: [Cell]
    /// Where the terminal cursor rests after the frame is drawn; `nil` hides it.
    public var cursor: ScreenCursor?

    /// The most rows and the most columns a buffer has [4096]; larger sizes are clamped.
    public static let maximumSide = 4096

    /// A blank buffer; sizes are clamped to `0...maximumSide`.
    ///
    /// - Complexity: O(rows × columns).
    public init(rows: Int, columns: Int) {
        self.rows = min(max(0, rows), Self.maximumSide)
        self.columns = min(max(0, columns), Self.maximumSide)
        self.cells = Array(repeating: .blank, count: self.rows * self.columns)
        self.cursor = nil
    }

    /// A blank buffer of a terminal's size.
    public init(size: TerminalSize) {
        self.init(rows: size.rows, columns: size.columns)
    }

    /// The cell at `row`, `column`, which must lie inside the grid.
    public subscript(row: Int, column: Int) -> Cell {
        precondition(contains(row: row, column: column), "cell (\(row), \(column)) outside the grid")
        return cells[row * columns + column]
    }

    /// True when the position lies inside the grid.
    public func contains(row: Int, column: Int) -> Bool {
        row >= 0 && row < rows && column >= 0 && column < columns
    }

    /// Blanks every cell and hides the cursor.
    ///
    /// - Complexity: O(rows × columns).
    public mutating func clear() {
        for index in cells.indices { cells[index] = .blank }
        cursor = nil
    }

    /// Writes `text` starting at `row`, `column`, one grapheme cluster after another.
    ///
    /// `width` gives each cluster's cell count: 0 attaches it to the cluster before (a
    /// combining mark written alone), 2 makes a wide glyph; results are clamped to 0...2.
    /// A wide glyph that would straddle the left or right edge leaves a space in its visible
    /// half. Control characters are drawn as spaces: nothing in the grid may move the
    /// terminal's cursor. Overwriting half of a wide glyph blanks its other half.
    ///
    /// - Returns: the column after the last cluster, as if nothing were clipped.
    /// - Complexity: O(n) in the length of `text`.
    @discardableResult
    public mutating func write(_ text: String, row: Int, column: Int, style: CellStyle = .plain,
                               width: (Character) -> Int) -> Int {
        var column = column
        guard row >= 0, row < rows else {
            for character in text { column += Self.clusterWidth(character, width) }
            return column
        }
        /// Column of the last cluster written in this call, nil if it was clipped.
        var lastWritten: Int? = column > 0 && column <= columns ? leadColumn(row: row, column: column - 1) : nil
        for character in text {
            let cellWidth = Self.clusterWidth(character, width)
            let isControl = character.unicodeScalars.first?.properties.generalCategory == .control
            switch cellWidth {
            case 0:
                if let last = lastWritten, !isControl {
                    cells[row * columns + last].grapheme.append(character)
                }
            case 1:
                lastWritten = put(isControl ? " " : String(character), width: 1, row: row, column: column, style: style)
            default:
                if column >= 0 && column + 1 < columns {
                    lastWritten = put(String(character), width: 2, row: row, column: column, style: style)
                } else if column == columns - 1 || column == -1 {
                    // Only one half is visible: show a space there instead.
                    _ = put(" ", width: 1, row: row, column: max(column, 0), style: style)
                    lastWritten = nil
                } else {
                    lastWritten = nil
                }
            }
            column += cellWidth
        }
        return column
    }

    /// Fills a rectangle of cells with one grapheme (width 1) in one style; clipped.
    ///
    /// - Complexity: O(cells filled).
    public mutating func fill(row: Int, column: Int, height: Int, width: Int,
                              with grapheme: Character = " ", style: CellStyle = .plain) {
        // Clipped on every side: a rectangle wholly above, below or beside the grid (or with
        // a negative size) fills nothing.
        let firstRow = max(0, row), lastRow = min(rows, row + max(0, height))
        let firstColumn = max(0, column), lastColumn = min(columns, column + max(0, width))
        guard firstRow < lastRow, firstColumn < lastColumn else { return }
        let rowRange = firstRow..<lastRow
        let columnRange = firstColumn..<lastColumn
        for r in rowRange {
            for c in columnRange {
                _ = put(String(grapheme), width: 1, row: r, column: c, style: style)
            }
        }
    }

    /// The text of the grid: rows joined by "\n", trailing spaces trimmed per row,
    /// continuation cells omitted.
    ///
    /// - Complexity: O(rows × columns).
    public func plainText() -> String {
        (0..<rows).map(rowText).joined(separator: "\n")
    }

    /// The text of one row, trailing spaces trimmed.
    public func rowText(_ row: Int) -> String {
        var line = ""
        for column in 0..<columns {
            let cell = cells[row * columns + column]
            if cell.width != 0 { line += cell.grapheme }
        }
        while line.last == " " { line.removeLast() }
        return line
    }

    // MARK: - Internals

    private static func clusterWidth(_ character: Character, _ width: (Character) -> Int) -> Int {
        if character.unicodeScalars.first?.properties.generalCategory == .control { return 1 }
        return min(2, max(0, width(character)))
    }

    /// The column of the glyph covering `column` (its lead cell for a continuation).
    private func leadColumn(row: Int, column: Int) -> Int {
        if cells[row * columns + column].width == 0 && column > 0 { return column - 1 }
        return column
    }

    /// Stores one glyph, blanking halves of wide glyphs it overwrites; returns its column
    /// or nil when clipped.
    private mutating func put(_ grapheme: String, width: Int, row: Int, column: Int, style: CellStyle) -> Int? {
        guard column >= 0, column + width <= columns else { return nil }
        let base = row * columns
        // A continuation cell being overwritten loses its lead.
        if cells[base + column].width == 0, column > 0 {
            cells[base + column - 1] = Cell(grapheme: " ", style: cells[base + column - 1].style)
        }
        // A lead cell whose continuation is not overwritten loses its continuation.
        let lastCovered = column + width - 1
        if cells[base + lastCovered].width == 2, lastCovered + 1 < columns {
            cells[base + lastCovered + 1] = Cell(grapheme: " ", style: cells[base + lastCovered + 1].style)
        }
        cells[base + column] = Cell(grapheme: grapheme, style: style, width: width)
        if width == 2 {
            cells[base + column + 1] = Cell(grapheme: "", style: style, width: 0)
        }
        return column
    }
}

/// One grid cell.
///
/// ```swift
/// frame[0, 3] == Cell(grapheme: "x", style: CellStyle(bold: true))
/// frame[0, 5].isContinuation   // true right of a wide glyph at column 4
/// ```
public struct Cell: Sendable, Hashable {
    /// The grapheme cluster shown; empty in the continuation half of a wide glyph.
    public var grapheme: String
    /// How it is drawn.
    public var style: CellStyle
    /// 1 for a normal glyph, 2 for the lead half of a wide one, 0 for its continuation.
    public var width: Int

    public init(grapheme: String, style: CellStyle = .plain, width: Int = 1) {
        self.grapheme = grapheme
        self.style = style
        self.width = width
    }

    /// A space in the default style.
    public static let blank = Cell(grapheme: " ")

    /// True for the second half of a wide glyph.
    public var isContinuation: Bool { width == 0 }
}

/// A visible cursor's position in the grid.
///
/// ```swift
/// frame.cursor = ScreenCursor(row: 2, column: 7)   // nil hides the cursor
/// ```
public struct ScreenCursor: Sendable, Hashable {
    /// Row, from 0 at the top.
    public var row: Int
    /// Column, from 0 at the left.
    public var column: Int

    public init(row: Int, column: Int) {
        self.row = row
        self.column = column
    }
}

extension ScreenBuffer: CustomStringConvertible {
    /// The size, the cursor and the plain text, for logs and test failures.
    public var description: String {
        "ScreenBuffer(\(rows)x\(columns), cursor: \(cursor.map { "\($0.row),\($0.column)" } ?? "hidden"))\n" + plainText()
    }
}
