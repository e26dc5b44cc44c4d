import Testing
import ChatFormText

/// A measured line's caret x hands its text to ICU only when a cluster needs ICU (its walk
/// of caret stops hands it over first). These hold every caret x and every stop on mixed
/// lines to the x summed over ICU's own clusters, with ICU's iterators left on another text
/// before each (a walk that asked ICU without handing it the line would get that text's
/// boundaries: shown to fail so).
@Suite("Lazy caret walk")
struct LazyCaretWalkTests {
    static let lines = [
        "한국어 문장\t가나다 끝",
        "漢字とかな、カタカナ\t中文字符",
        "family 👨‍👩‍👧‍👦 flags 🇰🇷🇯🇵🇺🇸 tone 👍🏽 heart ❤️",
        "e\u{301}a\u{308}\u{323} n\u{303}\tcafe\u{301} \u{1100}\u{1161}\u{11A8} 각\u{11A8}",
        "mixed 가 漢 👩🏽‍💻 e\u{301} 🇩🇪\t\tend",
        "\u{0915}\u{094D}\u{0937}\u{093F} \u{0E01}\u{0E33} \u{0627}\u{0644}\u{0639} x",
    ]
    /// A text whose clusters differ from every line's at the same offsets.
    static let other = String(repeating: "e\u{301}\u{302}", count: 40)

    @Test(arguments: lines)
    func caretXMatchesICUClusters(_ text: String) throws {
        let metrics = TerminalCellMetrics(tabWidth: 4)
        let l = try layout(text, 1_000, metrics: metrics)
        #expect(l.lineCount == 1)
        let bytes = Array(text.utf8)
        let boundaries = try ICUReference.graphemeBoundaries(in: text)
        var expected: [Int: Double] = [0: 0]
        var x = 0.0
        for (a, b) in zip(boundaries, boundaries.dropFirst()) {
            x = bytes[a] == 0x09 ? metrics.tabStop(after: x)
                : Double(CellWidth.of(String(decoding: bytes[a..<b], as: UTF8.self)))
                    + x
            expected[b] = x
        }
        for offset in boundaries {
            _ = try ICUReference.graphemeBoundaries(in: Self.other)
            #expect(try l.caretX(onLine: 0, at: offset) == expected[offset], "offset \(offset) of \(text.debugDescription)")
        }
        _ = try ICUReference.graphemeBoundaries(in: Self.other)
        var stops: [Int] = []
        try l.forEachCaretStop(onLine: 0) { offset, stopX in
            stops.append(offset)
            #expect(stopX == expected[offset], "stop \(offset) of \(text.debugDescription)")
            return true
        }
        #expect(stops == boundaries)
    }
}
