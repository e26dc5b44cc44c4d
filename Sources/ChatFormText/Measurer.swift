/// The metrics a layout was made with, resolved once so the hot loop can switch on a
/// concrete case instead of calling through a protocol for every cluster.
enum Measurer: Sendable {
    case cells(ambiguousWidth: Int, cellWidth: Double, tabInterval: Double)
    case fixed(advance: Double, tabInterval: Double)
    case custom(any TextMetrics)

    /// Resolves `metrics`, clamping the built-in ones' numbers to `TextMetricsLimits` (their
    /// properties are mutable, so the initializers' clamps may have been bypassed).
    init(_ metrics: some TextMetrics) {
        if let m = metrics as? TerminalCellMetrics {
            let cellWidth = TextMetricsLimits.advance(m.cellWidth)
            let tabWidth = Swift.min(Swift.max(1, m.tabWidth), TextMetricsLimits.maximumTabWidth)
            self = .cells(ambiguousWidth: Swift.min(2, Swift.max(1, m.ambiguousWidth)), cellWidth: cellWidth,
                          tabInterval: TextMetricsLimits.tabInterval(Double(tabWidth) * cellWidth, fallback: 8 * cellWidth))
        } else if let m = metrics as? FixedAdvanceMetrics {
            let advance = TextMetricsLimits.advance(m.advance)
            self = .fixed(advance: advance, tabInterval: TextMetricsLimits.tabInterval(m.tabInterval, fallback: 8 * advance))
        } else {
            self = .custom(metrics)
        }
    }

    /// The advance of the cluster `[start, end)` (not a tab).
    @inline(__always)
    func advance(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Double {
        switch self {
        case .cells(let ambiguous, let cellWidth, _):
            return Double(CellWidth.of(bytes, start, end, ambiguousWidth: ambiguous)) * cellWidth
        case .fixed(let advance, _):
            return CellWidth.of(bytes, start, end, ambiguousWidth: 1) == 0 ? 0 : advance
        case .custom(let metrics):
            let narrow = CellWidth.of(bytes, start, end, ambiguousWidth: 1)
            let wide = CellWidth.of(bytes, start, end, ambiguousWidth: 2)
            let string = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
            let value = metrics.advance(of: GraphemeCluster(string: string, cells: narrow, isAmbiguous: wide != narrow))
            return value.isFinite && value > 0 ? Swift.min(value, TextMetricsLimits.maximumAdvance) : 0
        }
    }

    /// Where a tab that starts at `x` ends.
    @inline(__always)
    func tabStop(after x: Double) -> Double {
        switch self {
        case .cells(_, _, let interval), .fixed(_, let interval):
            let stop = ((x / interval).rounded(.down) + 1) * interval
            // Far from 0, rounding can leave the stop at x: the tab then takes no width.
            return stop > x ? stop : x
        case .custom(let metrics):
            let stop = metrics.tabStop(after: x)
            return stop.isFinite && stop > x ? Swift.min(stop, x + TextMetricsLimits.maximumTabInterval) : x
        }
    }
}
