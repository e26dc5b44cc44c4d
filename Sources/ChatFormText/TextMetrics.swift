/// How wide grapheme clusters are and how tall lines are.
///
/// The layout engine measures only through this protocol, so the same engine runs on
/// terminal cells (the default), a fixed advance per grapheme, or a real font's advances.
/// Nothing above the text layer assumes cells.
///
/// ```swift
/// struct MonospaceFont: TextMetrics {
///     var lineHeight: Double { 17 }
///     func advance(of cluster: GraphemeCluster) -> Double { Double(cluster.cells) * 8.4 }
///     func tabStop(after x: Double) -> Double { (x / 33.6).rounded(.down) * 33.6 + 33.6 }
/// }
/// ```
public protocol TextMetrics: Sendable {
    /// The height of one line; must be finite and positive (the layout clamps it to
    /// `TextMetricsLimits.lineHeights`; NaN, infinite or not positive: 1).
    var lineHeight: Double { get }
    /// The advance of one grapheme cluster that is neither a tab nor a mandatory break
    /// (NaN, infinite or not positive counts as 0; above `TextMetricsLimits.maximumAdvance`
    /// as that).
    func advance(of cluster: GraphemeCluster) -> Double
    /// The x position a tab that starts at `x` advances to (strictly greater than `x`;
    /// otherwise the tab takes no width; at most `TextMetricsLimits.maximumTabInterval`
    /// further).
    func tabStop(after x: Double) -> Double
}

/// One extended grapheme cluster handed to `TextMetrics.advance(of:)`.
public struct GraphemeCluster: Sendable, Hashable {
    /// The cluster's text.
    public let string: String
    /// Its terminal cell width with East Asian Ambiguous counted as 1 (see `CellWidth`).
    public let cells: Int
    /// Whether its first scalar is East Asian Ambiguous (so a caller may count it as 2).
    public let isAmbiguous: Bool

    public init(string: String, cells: Int, isAmbiguous: Bool) {
        self.string = string
        self.cells = cells
        self.isAmbiguous = isAmbiguous
    }
}

/// Terminal cells: a narrow grapheme is one cell, a wide one two (SPEC §1, §2).
///
/// ```swift
/// let metrics = TerminalCellMetrics(tabWidth: 4, ambiguousWidth: 2)
/// ```
public struct TerminalCellMetrics: TextMetrics, Hashable {
    /// Tab stops every `tabWidth` cells [8].
    public var tabWidth: Int
    /// Cells for an East Asian Ambiguous cluster, 1 or 2 [1].
    public var ambiguousWidth: Int
    /// The height of a line [1].
    public var lineHeight: Double
    /// Points per cell [1].
    public var cellWidth: Double

    /// Values outside their ranges are clamped (see `TextMetricsLimits`): `tabWidth` to
    /// 1...10,000, `ambiguousWidth` to 1...2, `lineHeight` to 1e-6...1e6 and `cellWidth` to
    /// 1e-6...1e6; a `lineHeight` or `cellWidth` that is not finite and positive becomes 1.
    /// The layout applies the same clamps to values set on the properties afterwards.
    public init(tabWidth: Int = 8, ambiguousWidth: Int = 1, lineHeight: Double = 1, cellWidth: Double = 1) {
        self.tabWidth = min(max(1, tabWidth), TextMetricsLimits.maximumTabWidth)
        self.ambiguousWidth = min(2, max(1, ambiguousWidth))
        self.lineHeight = TextMetricsLimits.lineHeight(lineHeight)
        self.cellWidth = TextMetricsLimits.advance(cellWidth)
    }

    public func advance(of cluster: GraphemeCluster) -> Double {
        Double(cluster.isAmbiguous && cluster.cells == 1 ? ambiguousWidth : cluster.cells) * cellWidth
    }

    public func tabStop(after x: Double) -> Double {
        let interval = Double(tabWidth) * cellWidth
        return ((x / interval).rounded(.down) + 1) * interval
    }
}

/// A fixed advance for every grapheme that has a width (zero-width clusters stay zero).
///
/// ```swift
/// let metrics = FixedAdvanceMetrics(advance: 7.5, lineHeight: 18)
/// ```
public struct FixedAdvanceMetrics: TextMetrics, Hashable {
    /// The advance of one visible grapheme.
    public var advance: Double
    /// The height of a line.
    public var lineHeight: Double
    /// Tab stops every `tabInterval` points [8 advances].
    public var tabInterval: Double

    /// Non-finite or non-positive values are clamped to 1 (advance, line height) and to
    /// 8 advances (tab interval); others to their ranges (see `TextMetricsLimits`):
    /// `advance` to 1e-6...1e6, `lineHeight` to 1e-6...1e6, `tabInterval` to 1e-6...1e9.
    /// The layout applies the same clamps to values set on the properties afterwards.
    public init(advance: Double, lineHeight: Double, tabInterval: Double? = nil) {
        self.advance = TextMetricsLimits.advance(advance)
        self.lineHeight = TextMetricsLimits.lineHeight(lineHeight)
        self.tabInterval = TextMetricsLimits.tabInterval(tabInterval ?? 8 * self.advance, fallback: 8 * self.advance)
    }

    public func advance(of cluster: GraphemeCluster) -> Double {
        cluster.cells == 0 ? 0 : advance
    }

    public func tabStop(after x: Double) -> Double {
        ((x / tabInterval).rounded(.down) + 1) * tabInterval
    }
}
