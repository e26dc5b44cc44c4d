import ChatFormTesting
import ChatFormGeometry
import ChatFormText
import ChatFormFont
import Foundation

extension Bench {
    /// Right-to-left and mixed text under the caret: on a prepared 100-character chat
    /// message mixing Arabic, Hebrew, English, a number and a URL (three lines at 240 px),
    /// the caret rectangles (primary and secondary) of every grapheme boundary, and hit
    /// tests on a grid of points over its lines. Each figure is the median of batches, per
    /// call; the first call on a line (which makes the line's visual model) is timed apart.
    /// The benchmark's message: 100 characters of Arabic, Hebrew, English, a version, an
    /// emoji and a URL.
    static let bidiMessage = "سلام! the build 2.3.1 is green ✅ שלום לכולם, see https://example.com/b/42 مرحبا بالعالم 123 ok thank"

    /// A grid of points over the layout's lines: 50 a line, 5 px apart, at each line's middle.
    static func bidiPoints(_ layout: TextLayout) -> [Point] {
        var points: [Point] = []
        for line in 0..<layout.lineCount {
            let y = layout.lineTop(line) + layout.heightOfLine(line) / 2
            for k in 0..<50 { points.append(Point(x: Double(k) * 5, y: y)) }
        }
        return points
    }

    func bidi(runs: Int, into results: inout Results) throws {
        let message = Self.bidiMessage
        let stack = try FontStack(family: fontFamily, size: fontSize)
        let prepared = try ShapedText(text: message, shaper: stack)
        let layout = try prepared.layout(width: 240)
        progress("bidi carets: \(message.count) characters, \(layout.lineCount) lines at 240 px in \(fontFamily)")
        check(message.count == 100, "the message is 100 characters")
        let boundaries = try layout.graphemeBoundaries()
        // Checked first: every caret lies on its line, and a tap on it lands on an offset
        // drawn there.
        for offset in boundaries {
            let rects = try layout.caretRects(for: TextPosition(offset: offset))
            check(rects.primary.minX >= 0 && rects.primary.minX <= 240, "caret outside the line")
            let hit = layout.position(at: Point(x: rects.primary.minX, y: rects.primary.midY))
            check(try layout.caretRect(for: hit).minX == rects.primary.minX, "a tap on a caret moved it")
        }
        let points = Self.bidiPoints(layout)
        // Cold: a fresh layout of the prepared text at another width each time re-makes
        // its lines' models (the cache is per prepared text and line range).
        let cold = try Clock.time {
            let fresh = try ShapedText(text: message, shaper: stack).layout(width: 240)
            for line in 0..<fresh.lineCount { _ = try fresh.caretRects(for: TextPosition(offset: fresh.lines[line].start)) }
        } - (try Clock.time { _ = try ShapedText(text: message, shaper: stack).layout(width: 240) })
        var caretTimes: [Double] = [], hitTimes: [Double] = []
        let repeats = 200
        var sink = 0.0
        var hits = 0
        for _ in 0..<(runs * 10) {
            let tc = try Clock.time {
                for _ in 0..<repeats {
                    for offset in boundaries { sink += try layout.caretRects(for: TextPosition(offset: offset)).primary.minX }
                }
            }
            let th = Clock.time {
                for _ in 0..<repeats {
                    for p in points { hits &+= layout.position(at: p).offset }
                }
            }
            caretTimes.append(tc / Double(repeats * boundaries.count) * 1e6)
            hitTimes.append(th / Double(repeats * points.count) * 1e6)
        }
        check(sink > 0 && hits > 0, "no carets measured")
        results["bidi.characters"] = Double(message.count)
        results["bidi.lines"] = Double(layout.lineCount)
        results["bidi.caret_rect.us_p50"] = Stats(caretTimes).median
        results["bidi.hit_test.us_p50"] = Stats(hitTimes).median
        results["bidi.first_caret_per_line.us"] = Swift.max(0, cold) / Double(layout.lineCount) * 1e6
        results.target("bidi.caret_rect.us_p50", Stats(caretTimes).median, atMost: 1, "≤ 1 µs a caret rect (primary and secondary)")
        results.target("bidi.hit_test.us_p50", Stats(hitTimes).median, atMost: 1, "≤ 1 µs a hit test")
    }
}
