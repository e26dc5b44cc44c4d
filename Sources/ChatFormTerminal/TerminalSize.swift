import ChatFormGeometry

/// A terminal's size in character cells.
///
/// ```swift
/// let size = TerminalSize(rows: 24, columns: 80)
/// size.size   // Size(width: 80, height: 24), one point per cell
/// ```
public struct TerminalSize: Sendable, Hashable, CustomStringConvertible {
    /// Number of rows (lines).
    public var rows: Int
    /// Number of columns (cells per line).
    public var columns: Int

    public init(rows: Int, columns: Int) {
        self.rows = rows
        self.columns = columns
    }

    /// The size as layout geometry, one point per cell.
    public var size: Size { Size(width: Double(columns), height: Double(rows)) }

    public var description: String { "\(columns)x\(rows)" }
}
