import Testing
import ChatFormGeometry
import ChatFormTesting
@testable import ChatFormText

/// Seeded texts from the fake shaper's repertoire: Latin words with ligatures and kerned
/// pairs, Hangul, kana with a pair widened in context, ideographs, combining marks, emoji,
/// tabs, double spaces and newlines.
func fakeMessage(_ rng: inout SplitMix64) -> String {
    let pool = ["the", "office", "affine", "fluffy", "bank", "bay", "lime", "swim", "Wave", "caret", "e\u{301}te\u{301}",
                "안녕하세요", "키보드가", "ばか", "ああばか", "漢字", "会議が", "😀", "👍🏽", "well-known", "(paren)", "$12.50",
                "Supercalifragilisticexpialidocious", "a\tb"]
    let count = Int(rng.next() % 24) + 1
    var text = ""
    for k in 0..<count {
        if k > 0 {
            switch rng.next() % 12 {
            case 0: text += "  "
            case 1: text += "\n"
            case 2: text += ""
            default: text += " "
            }
        }
        text += pool[Int(rng.next() % UInt64(pool.count))]
    }
    return text
}

/// Wraps `prepared` at `width` by the scan over break entries and by the linear walk that
/// looks at each in turn: the same lines and bottoms, and `measure` and `measureLines`
/// agree with them. Returns the walk's lines.
@discardableResult
func expectScanEqualsLinearWalk(_ prepared: ShapedText, width: Double, _ text: String) throws -> [LineFragment] {
    let fast = prepared.wrap(width: width)
    let slow = prepared.wrap(width: width, linear: true)
    #expect(fast.lines == slow.lines, "\(text) at \(width)")
    #expect(fast.bottoms == slow.bottoms, "\(text) at \(width)")
    let measured = try prepared.measure(width: width)
    #expect(measured.lineCount == slow.lines.count && measured.height == slow.bottoms.last, "\(text) at \(width)")
    let tally = try prepared.measureLines(width: width)
    #expect(tally.widest == slow.lines.map(\.width).max(), "\(text) at \(width)")
    #expect(tally.lineCount == slow.lines.count && tally.height == slow.bottoms.last, "\(text) at \(width)")
    return slow.lines
}

/// `ChatFormText/Shaping` on a fake shaper (no fonts needed): break entries, clusters,
/// line edges, caret stops and line boxes, each held to a simple model.
@Suite("Shaping without fonts")
struct FakeShapingTests {
    let shaper = FakeShaper()

    /// The x of every grapheme boundary on a line, by the model: the shaper's per-byte
    /// advances (kerning and ligatures as shaped in context) summed from the line's start,
    /// tabs to their stops, and a glyph cluster over several grapheme clusters (a ligature)
    /// shared evenly among them, as browsers place carets inside ligatures.
    func modelStops(_ text: String, line: LineFragment, shaped: ShapedRuns) throws -> [(offset: Int, x: Double)] {
        let boundaries = try ICUReference.graphemeBoundaries(in: text).filter { $0 >= line.start && $0 <= line.contentEnd }
        let bytes = Array(text.utf8)
        var xs: [Int64] = [0]
        for (a, b) in zip(boundaries, boundaries.dropFirst()) {
            var x = xs[xs.count - 1]
            if bytes[a] == 0x09 {
                x = shaper.tabStop(afterFixed: x)
            } else {
                for i in a..<b { x += Int64(shaped.advances[i]) }
            }
            xs.append(x)
        }
        func inside(_ k: Int) -> Bool { boundaries[k] < bytes.count && shaped.unsafeToBreak[boundaries[k]] == 2 }
        var k = 1
        while k < boundaries.count - 1 {
            guard inside(k) else { k += 1; continue }
            var last = k
            while last < boundaries.count - 1 && inside(last) { last += 1 }
            let first = k - 1
            for j in k..<last { xs[j] = xs[first] + (xs[last] - xs[first]) * Int64(j - first) / Int64(last - first) }
            k = last + 1
        }
        return zip(boundaries, xs).map { ($0, Double($1) / 65536) }
    }

    @Test("caret stops are the grapheme boundaries at the shaped advances", arguments: [1, 2, 3] as [UInt64])
    func caretStopsFollowTheAdvances(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        var checked = 0
        for _ in 0..<40 {
            let text = fakeMessage(&rng)
            let shaped = try shaper.shape(text)
            let width = 30 + Double(rng.next() % 300)
            let layout = try TextLayout(text: text, width: width, metrics: shaper)
            #expect(layout.shapedText != nil)
            for index in 0..<layout.lineCount {
                let line = layout.line(at: index)
                var stops: [(offset: Int, x: Double)] = []
                try layout.forEachCaretStop(onLine: index) { offset, x in
                    stops.append((offset, x))
                    return true
                }
                let model = try modelStops(text, line: line, shaped: shaped)
                #expect(stops.map(\.offset) == model.map(\.offset), "\(text) at \(width), line \(index)")
                #expect(stops.map(\.x) == model.map(\.x), "\(text) at \(width), line \(index)")
                for stop in model {
                    // The caret rect: the stop's x (kept at the edge past it), the line's box.
                    let rect = try layout.caretRect(for: TextPosition(offset: stop.offset, affinity: stop.offset == line.end && !line.isHard ? .upstream : .downstream))
                    #expect(rect.minX == min(stop.x, max(width, line.width)), "\(text) at \(width): caret at \(stop.offset)")
                    #expect(rect.minY == layout.lineTop(index) && rect.height == layout.heightOfLine(index))
                    checked += 1
                }
                // Hit testing lands on the stop nearest x (x between two stops' middles).
                for (k, stop) in model.enumerated() where k + 1 < model.count && model[k + 1].x > stop.x
                    && (k == 0 || model[k - 1].x < stop.x) {
                    let point = Point(x: stop.x + 0.25, y: layout.lineTop(index) + layout.heightOfLine(index) / 2)
                    #expect(layout.position(at: point).offset == stop.offset, "\(text) at \(width): hit \(stop)")
                }
            }
        }
        #expect(checked > 1000)
    }

    @Test("lines partition the text, fit, and are greedy", arguments: [11, 12] as [UInt64])
    func linesPartitionFitAndAreGreedy(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        var checked = 0
        for _ in 0..<60 {
            let text = fakeMessage(&rng)
            let width = 30 + Double(rng.next() % 300)
            let prepared = try ShapedText(text: text, shaper: shaper)
            let layout = try prepared.layout(width: width)
            #expect(layout.lines.first?.start == 0)
            #expect(layout.lines.last?.end == text.utf8.count)
            for k in 1..<layout.lines.count { #expect(layout.lines[k].start == layout.lines[k - 1].end) }
            let advances = try shaper.shape(text).advances
            let bytes = Array(text.utf8)
            guard !bytes.contains(0x09) else { continue }   // the model sums advances; tabs have stops
            func modelWidth(_ a: Int, _ b: Int) -> Int64 {
                var end = b
                while end > a && (bytes[end - 1] == 0x20 || bytes[end - 1] == 0x0A) { end -= 1 }
                var w: Int64 = 0
                for i in a..<end where bytes[i] != 0x0A { w += Int64(advances[i]) }
                return w
            }
            let fit = Int64((width * 64).rounded(.towardZero)) * 1024 + 1024
            let breakOffsets = prepared.breaks.map { Int(prepared.offsets[Int($0)]) }
            for line in layout.lines where !line.isHard && line.end < text.utf8.count {
                let start = prepared.boundary(of: line.start), end = prepared.boundary(of: line.end)
                guard breakOffsets.contains(line.end), !prepared.has(start, ShapedText.Flags.unsafe),
                      !prepared.has(end, ShapedText.Flags.unsafe) else { continue }
                #expect(modelWidth(line.start, line.end) <= fit || end == start + 1, "\(text) at \(width)")
                if let next = breakOffsets.first(where: { $0 > line.end }), !bytes[line.end..<next].contains(0x0A),
                   !prepared.has(prepared.boundary(of: next), ShapedText.Flags.unsafe) {
                    #expect(modelWidth(line.start, next) > fit, "\(text) at \(width): line \(line)")
                }
                checked += 1
            }
        }
        #expect(checked > 50)
    }

    @Test("the scan over break entries equals the linear walk, and measure agrees", arguments: [21, 22] as [UInt64])
    func scanEqualsLinearWalk(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        for _ in 0..<120 {
            let text = fakeMessage(&rng)
            let prepared = try ShapedText(text: text, shaper: shaper)
            for _ in 0..<6 {
                try expectScanEqualsLinearWalk(prepared, width: 10 + Double(rng.next() % 40000) / 100, text)
            }
        }
    }

    @Test("clusters: a ligature is one glyph, marks join their base, tabs stop every 32 px")
    func clusters() throws {
        let layout = try TextLayout(text: "fit e\u{301}\tx", width: 1000, metrics: shaper)
        func x(_ offset: Int) throws -> Double { try layout.caretRect(for: TextPosition(offset: offset)).minX }
        #expect(try x(1) == 5 && x(2) == 10)       // the "fi" ligature's advance shared by its two clusters
        #expect(try x(3) == 18 && x(4) == 22)      // t, space
        #expect(try layout.offset(after: 4) == 7)  // e + U+0301 is one cluster
        #expect(try x(7) == 30 && x(8) == 32)      // the tab ends at its stop
        #expect(try layout.graphemeBoundaries() == [0, 1, 2, 3, 4, 7, 8, 9])
    }

    @Test("edges: a break after a cluster widened in context is refused (as Chromium finds it)")
    func breakAfterAClusterWidenedInContextIsRefused() throws {
        // "ばか" is 3 px wider as a pair than the two alone. At a width where "ああば" fits only
        // with "ば" reshaped alone, the line ends before it.
        func lines(_ text: String, _ width: Double) throws -> [String] {
            let layout = try TextLayout(text: text, width: width, metrics: shaper)
            return (0..<layout.lineCount).map { String(layout.lineText($0)) }
        }
        #expect(try lines("ああばか", 48) == ["ああ", "ばか"])
        #expect(try lines("ああばか", 48 + 3 + 0.02) == ["ああば", "か"])
    }

    @Test("kerning: line widths sum the advances as kerned in context")
    func kerningCountsInContext() throws {
        // In context: a 8, b 8, space 4, b 6 (kerned before a), a 8, space 4, b 6, a 8.
        let one = try TextLayout(text: "ab ba ba", width: 1000, metrics: shaper)
        #expect(one.lines.map(\.width) == [52])
        let two = try TextLayout(text: "ab ba ba", width: 40, metrics: shaper)
        #expect(two.lines.map(\.end) == [6, 8])
        #expect(two.lines.map(\.width) == [34, 14])
    }

    @Test("line boxes: a line is as tall as the faces used on it")
    func lineBoxesFollowTheFaces() throws {
        let document = try TextDocument(text: "abc\n가나다\nabc", width: 200, metrics: shaper)
        #expect(document.lineFrame(0).height == 18)
        #expect(document.lineFrame(1).height > 18)
        #expect(document.lineFrame(2).height == 18)
        #expect(document.height == document.lineFrame(0).height + document.lineFrame(1).height + document.lineFrame(2).height)
        #expect(try document.caretRect(for: TextPosition(offset: 4)).minY == 18)
        #expect(document.position(at: Point(x: 17, y: 20)).offset == 7)   // after "가" (16 px), nearer its end
    }
}
