import ChatFormTerminal

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
