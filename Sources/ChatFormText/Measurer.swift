/// The metrics a layout was made with, resolved once so the hot loop can switch on a
/// concrete case instead of calling through a protocol for every cluster.
enum Measurer: Sendable {
    case cells(ambiguousWidth: Int, cellWidth: Double, tabInterval: Double)
    case fixed(advance: Double, tabInterval: Double)
    case custom(any TextMetrics)
    /// A prepared text: advances come from its shaped runs (see `ShapedText`).
    case shaped(ShapedText)

    init(_ metrics: some TextMetrics) {
        if let m = metrics as? TerminalCellMetrics {
            self = .cells(ambiguousWidth: m.ambiguousWidth, cellWidth: m.cellWidth,
                          tabInterval: Double(m.tabWidth) * m.cellWidth)
        } else if let m = metrics as? FixedAdvanceMetrics {
            self = .fixed(advance: m.advance, tabInterval: m.tabInterval)
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
        case .shaped(let shaped):
            let a = shaped.boundary(of: start), b = shaped.boundary(of: end)
            return ShapedText.pixels(shaped.pieceWidth(from: a, to: b))
        case .custom(let metrics):
            let narrow = CellWidth.of(bytes, start, end, ambiguousWidth: 1)
            let wide = CellWidth.of(bytes, start, end, ambiguousWidth: 2)
            let string = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
            let value = metrics.advance(of: GraphemeCluster(string: string, cells: narrow, isAmbiguous: wide != narrow))
            return value.isFinite && value > 0 ? value : 0
        }
    }

    /// Where a tab that starts at `x` ends.
    @inline(__always)
    func tabStop(after x: Double) -> Double {
        switch self {
        case .cells(_, _, let interval), .fixed(_, let interval):
            return ((x / interval).rounded(.down) + 1) * interval
        case .shaped(let shaped):
            return ShapedText.pixels(shaped.shaper.tabStop(afterFixed: Int64((x * 65536).rounded())))
        case .custom(let metrics):
            let stop = metrics.tabStop(after: x)
            return stop.isFinite && stop > x ? stop : x
        }
    }
}
