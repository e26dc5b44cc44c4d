import Testing
import ChatFormScroll

/// A source whose rows are generated from their index: a million messages without a
/// million strings in memory (what a server or a database-backed app provides).
struct GeneratedTranscript: RowSource {
    var count: Int
    func row(at index: Int) -> Row<Int> { .text(index, Self.text(index)) }
    func index(of id: Int) -> Int? { id >= 0 && id < count ? id : nil }
    static func text(_ i: Int) -> String {
        let words = ["hello", "안녕하세요", "message", "👍🏽", "layout", "中文", "scroll", "caret"]
        return (0..<(1 + (i * 7919) % 23)).map { words[($0 + i) % words.count] }.joined(separator: " ")
    }
    mutating func insert(_ rows: [Row<Int>], at index: Int) throws(ScrollError) { throw .invalidValue("insert", 0) }
    func id(at index: Int) -> Int { index }
    mutating func remove(at index: Int) {}
    mutating func replace(at index: Int, with row: Row<Int>) {}
}

@Suite("Chat transcripts")
struct ChatTests {
    let metrics = TerminalCellMetrics()

    func message(_ id: String, _ text: String) -> Row<String> { .text(id, text, style: RowStyle(padding: EdgeInsets(bottom: 1))) }

    /// A lazily measured transcript whose estimates are wrong on purpose (1 line, while
    /// messages take 1 to 12 lines), so every measurement corrects an estimate.
    func transcript(_ count: Int, seed: UInt64, width: Double = 24, height: Double = 16,
                    alignment: ContentAlignment = .bottom) throws -> TableSession<String> {
        var rng = SplitMix64(seed: seed)
        let rows = (0..<count).map { message("m\($0)", randomText(&rng, pieces: Int.random(in: 1...14, using: &rng))) }
        return try TableSession(source: try RowListSource(rows), viewport: Viewport(size: Size(width: width, height: height)),
                                configuration: TableConfiguration(contentAlignment: alignment, estimatedRowHeight: 1))
    }

    @Test(arguments: 0..<6)
    func randomOperationsAgreeWithAnEagerModel(seed: Int) throws {
        var rng = SplitMix64(seed: UInt64(seed) &+ 424242)
        var lazy = try transcript(Int.random(in: 0...40, using: &rng), seed: UInt64(seed))
        var eager = try TableSession(rows: (0..<lazy.rows.count).map { lazy.rows.row(at: $0) }, viewport: lazy.viewport,
                                     configuration: TableConfiguration(contentAlignment: .bottom))
        var next = 1000
        var operations = 0
        for step in 0..<150 {
            let context = "seed \(seed) step \(step)"
            let op = Int.random(in: 0..<8, using: &rng)
            switch op {
            case 0, 1:
                let rows = (0..<Int.random(in: 1...4, using: &rng)).map { _ -> Row<String> in
                    next += 1
                    return message("n\(next)", randomText(&rng, pieces: Int.random(in: 1...10, using: &rng)))
                }
                let at = op == 0 ? lazy.rows.count : Int.random(in: 0...lazy.rows.count, using: &rng)
                try lazy.chat.insert(rows, at: at)
                try eager.chat.insert(rows, at: at)
            case 2:
                guard lazy.rows.count > 0 else { continue }
                let id = lazy.rows.row(at: Int.random(in: 0..<lazy.rows.count, using: &rng)).id
                try lazy.chat.remove(id)
                try eager.chat.remove(id)
            case 3:
                guard lazy.rows.count > 0 else { continue }
                let id = lazy.rows.row(at: Int.random(in: 0..<lazy.rows.count, using: &rng)).id
                let text = randomText(&rng, pieces: Int.random(in: 0...16, using: &rng))
                try lazy.chat.setText(text, ofRow: id)
                try eager.chat.setText(text, ofRow: id)
            case 4:
                let size = Size(width: Double(Int.random(in: 6...40, using: &rng)), height: Double(Int.random(in: 4...30, using: &rng)))
                try lazy.resize(to: size)
                try eager.resize(to: size)
            case 5, 6:
                let dy = Double(Int.random(in: -40...40, using: &rng))
                try lazy.scroll(by: dy)
                try eager.scroll(by: dy)
            default:
                guard lazy.rows.count > 0 else { continue }
                let id = lazy.rows.row(at: Int.random(in: 0..<lazy.rows.count, using: &rng)).id
                let anchor = ScrollAnchor.allCases.randomElement(using: &rng)!
                try lazy.scrollTo(id, anchor: anchor)
                try eager.scrollTo(id, anchor: anchor)
            }
            operations += 1
            // The eager table is exact everywhere; the lazy one is exact wherever it measured,
            // and everything in view is measured.
            try checkInvariants(eager, metrics: metrics, revealed: false, context)
            try checkInvariants(lazy, metrics: metrics, revealed: false, context)
            #expect(lazy.rows.count == eager.rows.count)
            for i in 0..<lazy.rows.count {
                #expect(lazy.rows.row(at: i).id == eager.rows.row(at: i).id, "\(context)")
                if lazy.rows.isMeasured(row: i) {
                    #expect(lazy.rows.frame(ofRow: i).height == eager.rows.frame(ofRow: i).height, "\(context) row \(i) \(lazy.rows.row(at: i)) eagerMeasured \(eager.rows.isMeasured(row: i)) \(lazy.viewport.size) \(eager.viewport.size) lazyExpected \((try? expectedHeight(lazy.rows.row(at: i), width: lazy.viewport.size.width, metrics: metrics)) ?? -1)")
                }
            }
            for i in lazy.rows.inViewport() { #expect(lazy.rows.isMeasured(row: i), "\(context): row \(i) in view is not measured") }
            // The O(log n) visible-rows query agrees with a scan.
            let top = lazy.viewport.offset, bottom = top + lazy.viewport.size.height
            let scan = (0..<lazy.rows.count).filter { let f = lazy.rows.frame(ofRow: $0); return f.y + f.height > top && f.y < bottom }
            let query = Array(lazy.rows.inViewport())
            #expect(scan == query.filter { let f = lazy.rows.frame(ofRow: $0); return f.height > 0 || (f.y > top && f.y < bottom) } || scan == query, "\(context)")
        }
        // Measuring everything makes the lazy table equal to the eager one, row for row.
        try lazy.measureAll()
        for i in 0..<lazy.rows.count {
            #expect(lazy.rows.frame(ofRow: i).y == eager.rows.frame(ofRow: i).y)
            #expect(lazy.rows.frame(ofRow: i).height == eager.rows.frame(ofRow: i).height)
        }
        #expect(lazy.rows.contentHeight == eager.rows.contentHeight)
        #expect(operations > 100)
    }

    @Test(arguments: 0..<4)
    func theFirstVisibleRowStaysStillWhenThingsAboveItChange(seed: Int) throws {
        var rng = SplitMix64(seed: UInt64(seed) &+ 77)
        var t = try transcript(400, seed: UInt64(seed))
        try t.scrollTo("m200", anchor: .top)
        var next = 0
        var checks = 0
        for step in 0..<80 {
            let before = try #require(t.rows.firstVisible())
            let beforeID = t.rows.row(at: before.index).id
            switch Int.random(in: 0..<4, using: &rng) {
            case 0:
                next += 1
                try t.chat.prepend((0..<Int.random(in: 1...5, using: &rng)).map { message("old\(next)-\($0)", randomText(&rng, pieces: Int.random(in: 1...12, using: &rng))) })
            case 1:
                // A row above the band changes (edited, or measured for the first time).
                let i = Int.random(in: 0..<before.index, using: &rng)
                try t.chat.setText(randomText(&rng, pieces: Int.random(in: 0...20, using: &rng)), ofRow: t.rows.row(at: i).id)
            case 2:
                let size = Size(width: Double(Int.random(in: 8...40, using: &rng)), height: 16)
                try t.resize(to: size)
            default:
                try t.measureAll()
            }
            let after = try #require(t.rows.firstVisible())
            #expect(t.rows.row(at: after.index).id == beforeID, "step \(step)")
            #expect(abs(after.screenY - before.screenY) < 1e-9, "step \(step): \(before.screenY) -> \(after.screenY)")
            checks += 1
        }
        #expect(checks == 80)
    }

    @Test func stickToBottomAndUnreadCounts() throws {
        var t = try transcript(50, seed: 9)
        #expect(t.isAtBottom)
        try t.chat.append([message("a1", "first new message")])
        #expect(t.isAtBottom && t.unreadCount == 0)
        // A streamed answer grows: the transcript follows.
        for k in 1...10 {
            try t.chat.setText(String(repeating: "token ", count: k * 5), ofRow: "a1")
            #expect(t.isAtBottom, "stream step \(k)")
            #expect(abs(t.viewport.offset - (t.rows.contentHeight - t.viewport.size.height)) < 1e-9)
        }
        // Scrolled away: the offset stays and unread grows.
        try t.scroll(by: -30)
        let offset = t.viewport.offset
        try t.chat.append([message("a2", "you have mail")])
        try t.chat.append([message("a3", "and more"), message("a4", "and more again")])
        #expect(t.viewport.offset == offset)
        #expect(t.unreadCount == 3)
        // A streamed last message while away does not pull the view either.
        try t.chat.setText("longer and longer " + String(repeating: "x ", count: 40), ofRow: "a4")
        #expect(t.viewport.offset == offset)
        // Back at the bottom: unread resets.
        try t.scroll(by: 10_000)
        #expect(t.unreadCount == 0)
        #expect(t.isAtBottom)
        // Within the tolerance (one line) still counts as the bottom.
        try t.scroll(by: -1)
        try t.chat.append([message("a5", "close enough")])
        #expect(t.unreadCount == 0 && abs(t.viewport.offset - (t.rows.contentHeight - t.viewport.size.height)) < 1e-9)
    }

    @Test(arguments: ScrollAnchor.allCases)
    func scrollToLandsExactlyOnNeverMeasuredRows(anchor: ScrollAnchor) throws {
        var t = try transcript(100_000, seed: 5, alignment: .top)
        var rng = SplitMix64(seed: 31)
        for _ in 0..<40 {
            let index = Int.random(in: 0..<100_000, using: &rng)
            let id = "m\(index)"
            #expect(!t.rows.isMeasured(row: index) || anchor == .minimal)
            try t.scrollTo(id, anchor: anchor)
            let f = try t.rows.frame(of: id)
            #expect(t.rows.isMeasured(row: index))
            let band = t.viewport.visibleBand
            let maxOffset = t.rows.contentHeight + t.viewport.bottomInset - t.viewport.size.height
            let clamped = t.viewport.offset == maxOffset || t.viewport.offset == -t.viewport.topInset
            switch anchor {
            case .top: #expect(abs(f.y - band.lowerBound) < 1e-9 || clamped)
            case .center: #expect(abs(f.y + f.height / 2 - (band.lowerBound + band.upperBound) / 2) < 1e-9 || clamped)
            case .bottom: #expect(abs(f.y + f.height - band.upperBound) < 1e-9 || clamped)
            case .minimal: #expect(f.y >= band.lowerBound - 1e-9 && f.y + f.height <= band.upperBound + 1e-9)
            }
            for i in t.rows.inViewport() { #expect(t.rows.isMeasured(row: i)) }
        }
        // Far fewer rows measured than exist.
        #expect((0..<100_000).filter { t.rows.isMeasured(row: $0) }.count < 2_000)
    }

    /// A `scrollTo` measures about the rows it ends up showing: rows pushed out of view by
    /// measured rows above them (taller than their estimates) are not measured.
    @Test(arguments: ScrollAnchor.allCases)
    func scrollToMeasuresOnlyTheRowsItShows(anchor: ScrollAnchor) throws {
        var t = try TableSession(source: GeneratedTranscript(count: 1_000_000), viewport: Viewport(size: Size(width: 40, height: 30)),
                                 configuration: TableConfiguration(contentAlignment: .bottom, estimatedRowHeight: 1))
        var rng = SplitMix64(seed: 404)
        for _ in 0..<200 {
            let target = Int.random(in: 0..<1_000_000, using: &rng)
            let before = t.rows.measurementsMade
            try t.scrollTo(target, anchor: anchor)
            let measured = t.rows.measurementsMade - before
            let onScreen = t.rows.inViewport()
            #expect(measured <= onScreen.count + 2, "row \(target): \(measured) measured, \(onScreen.count) on screen")
            for i in onScreen { #expect(t.rows.isMeasured(row: i)) }
        }
    }

    @Test func aMillionRowTranscriptOpensAndScrollsToItsMiddle() throws {
        var t = try TableSession(source: GeneratedTranscript(count: 1_000_000), viewport: Viewport(size: Size(width: 40, height: 30)),
                                 configuration: TableConfiguration(contentAlignment: .bottom, estimatedRowHeight: 2))
        #expect(t.rows.count == 1_000_000)
        #expect(t.isAtBottom)
        // Opening measured only what the first screen needs.
        #expect(t.rows.cachedMeasurementCount < 40)
        let last = t.rows.frame(ofRow: 999_999)
        #expect(last.measured)
        #expect(abs(last.y + last.height - (t.viewport.offset + 30)) < 1e-9)
        try t.scrollTo(500_000, anchor: .center)
        let f = t.rows.frame(ofRow: 500_000)
        #expect(abs(f.y + f.height / 2 - (t.viewport.offset + 15)) < 1e-9)
        try t.scroll(by: -1000)
        for i in t.rows.inViewport() { #expect(t.rows.isMeasured(row: i)) }
    }

    @Test func pinnedQuestionStaysAtTheTopWhileTheAnswerGrows() throws {
        var t = try transcript(30, seed: 3)
        try t.chat.append([message("q", "What is a caret?"), message("a", "")])
        try t.chat.pin("q")
        var grew = false
        for k in 1...40 {
            try t.chat.setText(String(repeating: "It is the text cursor. ", count: k), ofRow: "a")
            let q = try t.rows.frame(of: "q")
            if t.pinnedRow != nil {
                #expect(abs(q.y - t.viewport.visibleBand.lowerBound) < 1e-9, "step \(k)")
            } else {
                grew = true
                // Released once the answer filled the band: from then on the usual rule,
                // stick-to-bottom, follows the answer's end.
                #expect(t.isAtBottom)
                #expect(abs(t.viewport.offset - (t.rows.contentHeight - t.viewport.size.height)) < 1e-9)
            }
        }
        #expect(grew)
    }

    @Test func shortContentSitsAtTheBottomOrTheTop() throws {
        let bottom = try transcript(2, seed: 1, alignment: .bottom)
        #expect(abs(bottom.rows.contentHeight - bottom.viewport.offset - bottom.viewport.size.height) < 1e-9)
        let top = try transcript(2, seed: 1, alignment: .top)
        #expect(top.viewport.offset == 0)
    }

    @Test func whenAtEndLiftsTheTranscriptOnlyAtTheEnd() throws {
        var t = try TableSession(source: try RowListSource((0..<80).map { message("m\($0)", "message \($0)") }),
                                 viewport: Viewport(size: Size(width: 30, height: 20)),
                                 configuration: TableConfiguration(keyboardPolicy: .whenAtEnd, contentAlignment: .bottom))
        let bottom = t.viewport.offset
        try t.keyboard.show(height: 8)
        try t.advance(by: 0.5)
        #expect(abs(t.viewport.offset - (bottom + 8)) < 1e-9)
        #expect(t.isAtBottom)
        try t.keyboard.hide()
        try t.advance(by: 0.5)
        try t.scroll(by: -20)
        let away = t.viewport.offset
        try t.keyboard.show(height: 8)
        try t.advance(by: 0.5)
        #expect(t.viewport.offset == away)
    }

    @Test func removingRowsAboveKeepsTheViewStill() throws {
        var t = try transcript(100, seed: 12)
        try t.scrollTo("m50", anchor: .top)
        let before = try #require(t.rows.firstVisible())
        try t.chat.remove("m10")
        try t.chat.remove("m49")
        let after = try #require(t.rows.firstVisible())
        #expect(t.rows.row(at: after.index).id == "m50")
        #expect(abs(after.screenY - before.screenY) < 1e-9)
        #expect(throws: ScrollError.unknownRow("m10")) { try t.chat.remove("m10") }
        #expect(throws: ScrollError.duplicateRow("m11")) { try t.chat.append([message("m11", "again")]) }
    }
}

@Suite("Measurement cache")
struct CacheTests {
    @Test func evictionKeepsTheCacheBoundedAndNeverDropsWhatIsInViewOrFocused() throws {
        var t = try TableSession(source: GeneratedTranscript(count: 50_000), viewport: Viewport(size: Size(width: 30, height: 20)),
                                 configuration: TableConfiguration(estimatedRowHeight: 2))
        t.cacheLimit = 64
        var rng = SplitMix64(seed: 4)
        let heightsBefore = t.rows.contentHeight
        for k in 0..<400 {
            try t.scrollTo(Int.random(in: 0..<50_000, using: &rng), anchor: .center)
            #expect(t.rows.cachedMeasurementCount <= 64 + 30, "step \(k): \(t.rows.cachedMeasurementCount)")
            for i in t.rows.inViewport() { #expect(t.rows.isMeasured(row: i)) }
        }
        // Evicted rows keep their measured heights in the prefix sums: the content grew from
        // the estimates to the measured heights and never went back.
        #expect(t.rows.contentHeight != heightsBefore)
        // A row scrolled away and back is measured again with the same height.
        try t.scrollTo(10, anchor: .top)
        let h = t.rows.frame(ofRow: 10).height
        for _ in 0..<100 { try t.scrollTo(Int.random(in: 20_000..<50_000, using: &rng), anchor: .top) }
        try t.scrollTo(10, anchor: .top)
        #expect(t.rows.frame(ofRow: 10).height == h)
    }
}
