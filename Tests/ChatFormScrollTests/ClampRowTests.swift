import ChatFormTesting
import Testing
import ChatFormScroll
import ChatFormText

/// Messages collapsed to a few lines with an ellipsis and expanded again ("show more"),
/// with the chat's anchoring rules (SPEC §5.4).
@Suite("Clamped rows")
struct ClampRowTests {
    let width = 24.0

    func message(_ id: String, _ text: String, clamp: Int? = 2) -> Row<String> {
        .text(id, text, style: RowStyle(padding: EdgeInsets(bottom: 1), lineClamp: clamp))
    }

    /// A lazily measured transcript of clamped messages (estimates of one line, wrong on
    /// purpose).
    func transcript(_ count: Int, seed: UInt64) throws -> TableSession<String> {
        var rng = SplitMix64(seed: seed)
        let rows = (0..<count).map { message("m\($0)", randomText(&rng, pieces: Int.random(in: 1...14, using: &rng))) }
        return try TableSession(source: try RowListSource(rows), viewport: Viewport(size: Size(width: width, height: 16)),
                                configuration: TableConfiguration(estimatedRowHeight: 1))
    }

    /// The height the model gives a message: its lines, at most `clamp` of them (an empty
    /// line after a final break hides no text), plus the padding.
    func modelHeight(_ text: String, clamp: Int?) throws -> Double {
        let layout = try TextLayout(text: text, width: width)
        var lines = layout.lineCount
        if let clamp, lines > clamp {
            let onlyEmptyEnd = lines == clamp + 1 && layout.lines[clamp].start == layout.lines[clamp].end && layout.lines[clamp - 1].isHard
            lines = onlyEmptyEnd ? lines : clamp
            if onlyEmptyEnd { return Double(clamp) + 1 }
        }
        return Double(lines) + 1
    }

    @Test("A clamped message is as tall as its first lines and says text is hidden")
    func clampedHeights() throws {
        let long = "one two three four five six seven eight nine ten eleven twelve thirteen fourteen"
        var t = try TableSession(rows: [message("a", long), message("b", "short"), message("c", long, clamp: nil)],
                                 viewport: Viewport(size: Size(width: width, height: 40)))
        #expect(t.rows.frame(ofRow: 0).height == 3 && t.rows.frame(ofRow: 1).height == 2 && t.rows.frame(ofRow: 2).height == 5)
        #expect(t.rows.isTruncated(row: "a") == true && t.rows.isTruncated(row: "b") == false && t.rows.isTruncated(row: "c") == false)
        let item = try #require(t.rows.measurement(ofRow: 0)?.items.first)
        let clamp = try #require(item.clamp)
        #expect(clamp.lineCount == 2 && clamp.ellipsis?.lineIndex == 1 && item.height == 2)
        try t.chat.setLineClamp(nil, ofRow: "a")
        #expect(t.rows.frame(ofRow: 0).height == 5 && t.rows.isTruncated(row: "a") == false)
        try t.chat.setLineClamp(1, ofRow: "c")
        #expect(t.rows.frame(ofRow: 2).height == 2)
        #expect(throws: ScrollError.invalidValue("line clamp", 0)) { try t.chat.setLineClamp(0, ofRow: "a") }
        #expect(throws: ScrollError.unknownRow("zz")) { try t.chat.setLineClamp(2, ofRow: "zz") }
    }

    @Test("Expanding or collapsing a row above the screen keeps what is on screen still; the first row shown grows from its top",
          arguments: 0..<6)
    func anchoring(seed: Int) throws {
        var rng = SplitMix64(seed: UInt64(seed) &+ 0xC1A)
        var t = try transcript(120, seed: UInt64(seed))
        var clamps: [String: Int?] = [:]
        for step in 0..<60 {
            try t.scrollTo("m\(Int.random(in: 20..<110, using: &rng))", anchor: .center)
            let before = try #require(t.rows.firstVisible())
            let firstID = t.rows.row(at: before.index).id
            // A row above the first one shown, or the first one shown.
            let above = Int.random(in: 0...3, using: &rng) == 0
            let index = above ? before.index : Int.random(in: Swift.max(0, before.index - 15)..<before.index, using: &rng)
            let id = t.rows.row(at: index).id
            let top = t.rows.frame(ofRow: before.index).y - t.viewport.offset
            let lines: Int? = Int.random(in: 0...2, using: &rng) == 0 ? nil : Int.random(in: 1...4, using: &rng)
            try t.chat.setLineClamp(lines, ofRow: id)
            clamps[id] = lines
            guard t.rows.isMeasured(row: index) else { continue }   // unchanged and never measured
            // The row's height is the model's.
            guard case .text(let text, _) = t.rows.row(at: index).content else { Issue.record("not a text row"); return }
            #expect(t.rows.frame(ofRow: index).height == (try modelHeight(text, clamp: lines)), "step \(step): \(id) clamped to \(lines ?? 0)")
            // The row that was first on screen is where it was.
            let now = t.rows.frame(ofRow: before.index).y - t.viewport.offset
            #expect(t.rows.row(at: before.index).id == firstID)
            #expect(abs(now - top) < 1e-9, "step \(step): \(firstID) moved \(top) -> \(now) after \(id) was clamped to \(lines ?? 0)")
        }
        // Every row the table measured is as tall as the model says.
        for i in 0..<t.rows.count where t.rows.isMeasured(row: i) {
            guard case .text(let text, _) = t.rows.row(at: i).content else { continue }
            let clamp = clamps[t.rows.row(at: i).id] ?? 2
            #expect(t.rows.frame(ofRow: i).height == (try modelHeight(text, clamp: clamp)), "row \(i): \(t.rows.frame(ofRow: i).height) clamp \(clamp ?? 0) \(String(reflecting: text))")
        }
    }
}
