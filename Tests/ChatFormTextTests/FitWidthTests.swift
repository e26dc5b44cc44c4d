import Testing
import ChatFormText

/// `fitWidth()` and `usedWidth` with cell and fixed metrics (SPEC §2.1), against a
/// brute-force model: every whole width from 1 up to the one laid out.
@Suite("Fit width")
struct FitWidthTests {
    @Test func examples() throws {
        // Two lines at 10: "hello" / "world wide"; at 9 "wide" moves down: three.
        let l = try layout("hello world wide", 10)
        #expect(l.lineCount == 2)
        #expect(l.usedWidth == 10)
        #expect(try l.fitWidth() == 10)
        // Trailing spaces hang: they are in neither figure.
        let spaced = try layout("ab    cd", 4)
        #expect(spaced.lineTexts == ["ab    ", "cd"])
        #expect(spaced.usedWidth == 2)
        #expect(try spaced.fitWidth() == 2)
        // One line at 40 keeps one line down to its own width.
        let one = try layout("short text", 40)
        #expect(try one.fitWidth() == 10)
        // A line break ends a line whatever the width: the widest paragraph decides.
        let hard = try layout("a b c\nlonger line", 40)
        #expect(hard.usedWidth == 11)
        #expect(try hard.fitWidth() == 11)
        // Greedy leaves room: "aa bb cc" at 5 is "aa bb" / "cc"; at 4 it is three lines.
        #expect(try layout("aa bb cc", 7).fitWidth() == 5)
        #expect(try layout("", 10).fitWidth() == 1.0 / 64)
        // A grapheme wider than the width: nothing tighter than the width.
        #expect(try layout("한", 1).fitWidth() == 1)
        // Below its widest grapheme each line would hold one grapheme, overflowing.
        #expect(try layout("a b", 1).fitWidth() == 1)
        #expect(try layout("words at an infinite width", .infinity).fitWidth() == 26)
    }

    /// The smallest whole width with the line count of `width` and no line wider than it
    /// (`width` itself when a line is wider already).
    static func bruteForce(_ text: String, width: Int, metrics: some TextMetrics) throws -> Int {
        let l = try TextLayout(text: text, width: Double(width), metrics: metrics)
        if l.usedWidth > Double(width) { return width }
        for w in 1...width {
            let at = try TextLayout(text: text, width: Double(w), metrics: metrics)
            if at.lineCount == l.lineCount && at.usedWidth <= Double(w) { return w }
        }
        return width
    }

    @Test(arguments: 0..<4)
    func cellsMatchTheBruteForceModel(seed: Int) throws {
        var rng = SplitMix64(seed: UInt64(seed) &+ 0xF17)
        for _ in 0..<60 {
            let text = RandomText.make(&rng, pieceCount: Int.random(in: 1...14, using: &rng))
            let width = Int.random(in: 1...30, using: &rng)
            let l = try layout(text, Double(width))
            let fit = try l.fitWidth()
            let expected = try Self.bruteForce(text, width: width, metrics: TerminalCellMetrics())
            // With no content (white space, breaks) any width gives the same lines.
            #expect(fit == (l.usedWidth == 0 ? 1.0 / 64 : Double(expected)), "\(text.debugDescription) at \(width)")
            #expect(fit <= Double(width))
            #expect(try layout(text, fit).lineCount == l.lineCount)
            guard l.usedWidth <= Double(width) else { continue }   // a grapheme wider than the width
            #expect(try layout(text, fit).usedWidth <= fit)
            if fit > 1 {
                let below = try layout(text, fit - 1)
                #expect(below.lineCount > l.lineCount || below.usedWidth > fit - 1)
            }
            // The layout at its widest line's width has the same lines.
            if l.usedWidth > 0 { #expect(try layout(text, l.usedWidth).lines == l.lines) }
        }
    }

    @Test func fixedAdvancesGiveTheWidestLineOfTheTightestLayout() throws {
        let metrics = FixedAdvanceMetrics(advance: 7.5, lineHeight: 1)
        var rng = SplitMix64(seed: 99)
        for _ in 0..<40 {
            let text = RandomText.make(&rng, pieceCount: Int.random(in: 1...10, using: &rng))
            let width = Double(Int.random(in: 1...40, using: &rng)) * 7.5
            let l = try TextLayout(text: text, width: width, metrics: metrics)
            let fit = try l.fitWidth()
            #expect(fit <= width)
            #expect(try TextLayout(text: text, width: fit, metrics: metrics).lineCount == l.lineCount)
            if fit > 1.0 / 64 && l.usedWidth <= width {
                let below = try TextLayout(text: text, width: fit - 1.0 / 64, metrics: metrics)
                #expect(below.lineCount > l.lineCount || below.usedWidth > fit - 1.0 / 64)
            }
        }
    }
}
