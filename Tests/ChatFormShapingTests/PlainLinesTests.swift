import Testing
import ChatFormTesting
@testable import ChatFormText

/// The plain lines' own loop (`LineBreaker.plainLines`), which `measure`, `measureLines`
/// and `layout` take for most lines of a plain text, held to the linear walk that looks at
/// every break entry in turn: seeded texts in every `white-space` mode, with white space
/// opening and closing them (the first line's opening round, a last line of white space a
/// collapsing mode gives no height), at widths from a few pixels to no wrapping.
@Suite("Plain lines")
struct PlainLinesTests {
    let shaper = FakeShaper()

    /// A seeded message with white space (spaces, tabs, newlines) before and after it.
    func paddedMessage(_ rng: inout SplitMix64) -> String {
        let pads = ["", "", " ", "  ", "\n", " \n ", "\t", "\n\n", "   "]
        return pads[Int(rng.next() % UInt64(pads.count))] + fakeMessage(&rng) + pads[Int(rng.next() % UInt64(pads.count))]
    }

    @Test(arguments: TextModes.WhiteSpace.allCases)
    func sameLinesAsTheLinearWalk(whiteSpace: TextModes.WhiteSpace) throws {
        var rng = SplitMix64(seed: 2323)
        let options = TextLayoutOptions(modes: TextModes(whiteSpace: whiteSpace))
        var compared = 0, blankEnds = 0
        for _ in 0..<250 {
            let text = paddedMessage(&rng)
            let prepared = try ShapedText(text: text, shaper: shaper, options: options)
            for width in [3.0, 37.5, 90 + Double(rng.next() % 20000) / 100, 640, .infinity] {
                let slow = prepared.wrap(width: width, linear: true)
                let layout = try prepared.layout(width: width)
                #expect(layout.lines == slow.lines, "\(text.debugDescription) at \(width)")
                let measured = try prepared.measure(width: width)
                #expect(measured.lineCount == slow.lines.count && measured.height == slow.bottoms.last,
                        "\(text.debugDescription) at \(width)")
                let tally = try prepared.measureLines(width: width)
                #expect(tally.widest == slow.lines.map(\.width).max(), "\(text.debugDescription) at \(width)")
                if slow.bottoms.count > 1 && slow.bottoms[slow.bottoms.count - 1] == slow.bottoms[slow.bottoms.count - 2] {
                    blankEnds += 1
                }
                compared += 1
            }
        }
        #expect(compared == 1250)
        // `pre-line` ends some layouts in a blank line of no height (white space after a
        // newline: the case the tally tells apart by the last cluster's flags).
        if whiteSpace == .preLine { #expect(blankEnds > 0) }
    }
}
