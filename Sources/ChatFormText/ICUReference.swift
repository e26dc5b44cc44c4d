/// ICU's answers without any fast path, for differential tests and benchmarks: every
/// fast path in the engine is held to these.
public enum ICUReference {
    /// Every line break opportunity ICU reports after offset 0, with whether it is mandatory
    /// (the character before it is BK, CR, LF or NL).
    ///
    /// - Complexity: O(n).
    public static func lineBreaks(in text: String) throws(TextLayoutError) -> [(offset: Int, hard: Bool)] {
        try withBreakIterators(text) { bytes, iterators in
            var result: [(Int, Bool)] = []
            while let b = iterators.nextLineBreak(in: bytes) { result.append(b) }
            return result
        }
    }

    /// Counts ICU's line break opportunities (raw iteration, nothing else).
    ///
    /// - Complexity: O(n).
    public static func countLineBreaks(in text: String) throws(TextLayoutError) -> Int {
        try withBreakIterators(text) { bytes, iterators in
            var count = 0
            while iterators.nextLineBreak(in: bytes) != nil { count += 1 }
            return count
        }
    }

    /// Every grapheme cluster boundary from ICU's character break iterator alone.
    ///
    /// - Complexity: O(n).
    public static func graphemeBoundaries(in text: String) throws(TextLayoutError) -> [Int] {
        try withBreakIterators(text) { bytes, iterators in
            var result = [0]
            var i = 0
            while i < bytes.count {
                let next = iterators.graphemeEnd(startingAt: i)
                i = next < 0 ? bytes.count : next
                result.append(i)
            }
            return result
        }
    }

    /// Whether keep-all joins across a boundary with `before` ending and `after` starting it:
    /// both are letters of line break classes ID, H2, H3, JL, JV, JT, AL, NU or AI.
    public static func isKeepAllLetter(_ scalar: Unicode.Scalar) -> Bool {
        ScalarProperties.of(scalar.value).isKeepAllLetter
    }

    /// The Unicode version of ICU's data.
    public static var unicodeVersion: String { ICU.unicodeVersion }

    /// The lines `TextLayout` gives, computed with every break opportunity taken from ICU
    /// (no fast path): what the benchmark and the differential tests compare the fast path
    /// to.
    ///
    /// - Complexity: O(n).
    public static func wrap(_ text: String, width: Double, metrics: some TextMetrics = TerminalCellMetrics(),
                            options: TextLayoutOptions = TextLayoutOptions()) throws(TextLayoutError) -> [LineFragment] {
        guard !width.isNaN, width > 0 else { throw .invalidWidth(width) }
        var text = text
        let measurer = Measurer(metrics)
        return try text.withUTF8 { bytes in
            _TextWrapping.lines(bytes, width: width, measurer: measurer, keepAll: options.keepAll, fastPath: false)
        }.get()
    }
}
