/// Cell advances as exact integers: the fast path sums a segment's advances at once,
/// which equals the slow path's one-by-one sums only when every advance and tab stop is
/// an integer (sums of integers below 2^53 are exact in a `Double`).
struct FastCellUnit {
    /// Points per counted unit.
    let unit: Double
    /// Units for an East Asian Wide cluster and for an Ambiguous one.
    let wide: Int
    let ambiguous: Int

    init?(_ measurer: Measurer) {
        func integral(_ x: Double) -> Bool { x > 0 && x <= 1_048_576 && x.rounded() == x }
        switch measurer {
        case .cells(let ambiguousWidth, let cellWidth, let tabInterval):
            guard integral(cellWidth), integral(tabInterval) else { return nil }
            unit = cellWidth; wide = 2; ambiguous = ambiguousWidth
        case .fixed(let advance, let tabInterval):
            guard integral(advance), integral(tabInterval) else { return nil }
            unit = advance; wide = 1; ambiguous = 1
        case .custom, .shaped:
            return nil
        }
    }
}
