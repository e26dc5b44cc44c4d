import ChatFormTerminal

/// A small seeded PRNG (SplitMix64) so random tests replay exactly.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Cell widths for tests, independent of the module's estimate: a fixed table keyed by
/// the cluster's first scalar (the base decides the width, as in terminals).
func testWidth(_ character: Character) -> Int {
    switch character.unicodeScalars.first! {
    case "界", "世", "🙂", "Ａ": return 2
    case "\u{301}", "\u{200B}": return 0
    default: return 1
    }
}

/// The cells that differ between two equally sized buffers, readable in a failure message.
func cellDifferences(_ actual: ScreenBuffer, _ expected: ScreenBuffer) -> String {
    var lines: [String] = []
    for row in 0..<min(actual.rows, expected.rows) {
        for column in 0..<min(actual.columns, expected.columns) where actual[row, column] != expected[row, column] {
            let a = actual[row, column], e = expected[row, column]
            lines.append("(\(row),\(column)) got \(a.grapheme.debugDescription) w\(a.width) \(a.style.sgr.debugDescription)"
                + " want \(e.grapheme.debugDescription) w\(e.width) \(e.style.sgr.debugDescription)")
        }
    }
    if actual.cursor != expected.cursor { lines.append("cursor \(String(describing: actual.cursor)) want \(String(describing: expected.cursor))") }
    return lines.joined(separator: "\n")
}
