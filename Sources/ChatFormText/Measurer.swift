/// The metrics a layout was made with, resolved once so the hot loop can switch on a
/// concrete case instead of calling through a protocol for every cluster.
///
/// Every case holds plain values or references: a caller's metrics are boxed
/// (`CustomMetrics`) and a shaped layout's shaper is reached through its prepared text, so
/// `Measurer`, and the layouts and paragraphs that hold one, copy as a few references (an
/// existential held inline made them types copied and destroyed through their value
/// witnesses, an outlined call for each copy on the keystroke path).
enum Measurer: Sendable {
    case cells(ambiguousWidth: Int, cellWidth: Double, tabInterval: Double)
    case fixed(advance: Double, tabInterval: Double)
    /// A caller's own metrics.
    case custom(CustomMetrics)
    /// The shaper of a layout of a prepared text (`TextLayout(shaped:...)`), which measures
    /// and places carets through the prepared text, not through this.
    case shaped(ShapedText)

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
            self = .custom(CustomMetrics(metrics))
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
        case .custom(let box):
            return Self.advance(box.metrics, bytes, start, end)
        case .shaped(let shaped):
            return Self.advance(shaped.shaper, bytes, start, end)
        }
    }

    /// The advance `metrics` gives the cluster `[start, end)`, clamped.
    private static func advance(_ metrics: any TextMetrics, _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Double {
        let narrow = CellWidth.of(bytes, start, end, ambiguousWidth: 1)
        let wide = CellWidth.of(bytes, start, end, ambiguousWidth: 2)
        let string = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        let value = metrics.advance(of: GraphemeCluster(string: string, cells: narrow, isAmbiguous: wide != narrow))
        return value.isFinite && value > 0 ? Swift.min(value, TextMetricsLimits.maximumAdvance) : 0
    }

    /// Where a tab that starts at `x` ends.
    @inline(__always)
    func tabStop(after x: Double) -> Double {
        switch self {
        case .cells(_, _, let interval), .fixed(_, let interval):
            let stop = ((x / interval).rounded(.down) + 1) * interval
            // Far from 0, rounding can leave the stop at x: the tab then takes no width.
            return stop > x ? stop : x
        case .custom(let box):
            return Self.tabStop(box.metrics, after: x)
        case .shaped(let shaped):
            return Self.tabStop(shaped.shaper, after: x)
        }
    }

    /// Where `metrics` end a tab that starts at `x`, clamped.
    private static func tabStop(_ metrics: any TextMetrics, after x: Double) -> Double {
        let stop = metrics.tabStop(after: x)
        return stop.isFinite && stop > x ? Swift.min(stop, x + TextMetricsLimits.maximumTabInterval) : x
    }
}

/// A caller's metrics, boxed for `Measurer.custom` (one allocation a layout made with them).
final class CustomMetrics: Sendable {
    let metrics: any TextMetrics

    init(_ metrics: any TextMetrics) { self.metrics = metrics }
}
