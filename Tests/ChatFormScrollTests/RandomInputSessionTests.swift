import Testing
import ChatFormScroll

/// Random sessions of real input: Korean composed key by key, marked text set and
/// committed, caret moves and typing that commit it, interactive keyboard drags released
/// fast and slow, keyboards changing height (following or frozen), and the clock. After
/// every event and every animation frame: row heights from their text, prefix sums,
/// clamping, the caret band rule (`checkInvariants`), the marked text's own invariants,
/// and minimal scrolling where it applies.
@Suite("Random input sessions")
struct RandomInputSessionTests {
    static let seeds = Array(0..<8)
    static let sessionsPerSeed = 30
    static let stepsPerSession = 40

    static let jamo = Array("ㄱㄲㄴㄷㄹㅁㅂㅅㅆㅇㅈㅊㅋㅌㅍㅎㅏㅐㅑㅓㅔㅕㅗㅛㅜㅠㅡㅣㅘㅢ")
    static let markedPieces = ["ㅎ", "하", "한", "한ㄱ", "한글", "값", "닭", "ab", "e\u{301}", "漢字", "👍🏽", " ", "x y z"]

    /// Whether the caret grown by its margin lies inside `band` (the rule's first case).
    func caretInside(_ t: TableSession<String>, band: ClosedRange<Double>) -> Bool {
        guard let c = t.caret else { return false }
        let margin = t.configuration.caretMargin
        let top = max(0, c.rect.minY - margin)
        let bottom = min(max(t.rows.contentHeight, c.rect.maxY), c.rect.maxY + margin)
        return top >= band.lowerBound - 1e-9 && bottom <= band.upperBound + 1e-9
    }

    func checkMarkedText(_ t: TableSession<String>, _ context: String) throws {
        guard let marked = t.markedText else { return }
        let text = try t.rows.text(of: marked.field)
        let bytes = Array(text.utf8)
        #expect(!marked.range.isEmpty && marked.range.upperBound <= bytes.count, "marked range: \(context)")
        guard marked.range.upperBound <= bytes.count else { return }
        let boundaries = try ICUReference.graphemeBoundaries(in: text)
        #expect(boundaries.contains(marked.range.lowerBound) && boundaries.contains(marked.range.upperBound),
                "marked range off a grapheme boundary: \(context)")
        #expect(String(decoding: bytes[marked.range], as: UTF8.self) == marked.text, "marked text: \(context)")
        #expect(marked.range.lowerBound <= marked.selectedRange.lowerBound && marked.selectedRange.upperBound <= marked.range.upperBound,
                "marked selection: \(context)")
        #expect(t.focus?.selection == marked.selectedRange, "the selection is the marked selection: \(context)")
        #expect(!marked.rects.isEmpty, "marked rects: \(context)")
    }

    @Test(arguments: seeds)
    func randomInputSessionsKeepEveryRule(seed: Int) throws {
        var rng = SplitMix64(seed: UInt64(seed) &* 0x9E37_79B9 &+ 12)
        let metrics = TerminalCellMetrics()
        var events = 0, frames = 0, compositions = 0, drags = 0, minimalChecks = 0
        for session in 0..<Self.sessionsPerSeed {
            var (t, fields) = try RandomSessionTests().makeSession(&rng, metrics: metrics)
            guard !fields.isEmpty else { continue }
            var composer = HangulComposer()
            var revealed = false
            /// Set while a drag that began with the caret out of view settles: its frames
            /// do not reveal the caret.
            var quietDrag = false

            func advance(_ seconds: Double, _ context: String) throws {
                var lastOverlap = t.viewport.keyboardOverlap
                var localRevealed = revealed
                try t.advance(by: seconds) { f in
                    frames += 1
                    if f.viewport.keyboardOverlap != lastOverlap && !quietDrag { localRevealed = localRevealed || f.focus != nil }
                    lastOverlap = f.viewport.keyboardOverlap
                    try? checkInvariants(f, metrics: metrics, revealed: localRevealed, "\(context) frame \(f.now)")
                    try? checkMarkedText(f, "\(context) frame \(f.now)")
                }
                revealed = localRevealed
            }

            for step in 0..<Self.stepsPerSession {
                let context = "seed \(seed) session \(session) step \(step)"
                let before = t
                var minimalScroll = false
                let choice = Int.random(in: 0..<17, using: &rng)
                if t.focus == nil && choice <= 8 {
                    try t.field.focus(fields.randomElement(using: &rng)!, caret: 0)
                    composer.reset()
                }
                switch choice {
                case 0:
                    try t.field.focus(fields.randomElement(using: &rng)!, caret: 0)
                    composer.reset()
                    revealed = true
                case 1, 2, 3:
                    // Korean, key by key: the rules after every key.
                    let keys = String((0..<Int.random(in: 1...5, using: &rng)).map { _ in Self.jamo.randomElement(using: &rng)! })
                    var previous = t
                    try composer.type(keys, into: &t) { s in
                        try? checkInvariants(s, metrics: metrics, revealed: true, "\(context) key")
                        try? checkMarkedText(s, "\(context) key")
                        // Minimal scroll: a caret that stays inside the band moves nothing.
                        if let i = s.rows.index(of: s.focus!.field.row), i < s.rows.count - 1,
                           let first = previous.rows.firstVisible()?.index, i >= first,
                           caretInside(s, band: previous.viewport.visibleBand),
                           s.rows.innerOffset(of: s.focus!.field) == previous.rows.innerOffset(of: s.focus!.field),
                           previous.viewport.offset <= s.viewport.maxOffset(contentHeight: s.rows.contentHeight) {
                            #expect(s.viewport.offset == previous.viewport.offset, "minimal scroll: \(context)")
                            minimalChecks += 1
                        }
                        previous = s
                    }
                    #expect(t.markedText?.text ?? "" == composer.markedText, "composer and field agree: \(context)")
                    compositions += keys.count
                    revealed = true
                case 4:
                    let s = (0..<Int.random(in: 0...2, using: &rng)).map { _ in Self.markedPieces.randomElement(using: &rng)! }.joined()
                    let n = s.utf8.count
                    let selection = Bool.random(using: &rng) ? nil : (n / 2)..<n
                    var replacement: Range<Int>? = nil
                    if Int.random(in: 0..<4, using: &rng) == 0, let field = t.focus?.field {
                        let offsets = try ICUReference.graphemeBoundaries(in: try t.rows.text(of: field))
                        var a = offsets.randomElement(using: &rng)!, b = offsets.randomElement(using: &rng)!
                        if a > b { swap(&a, &b) }
                        replacement = a..<b
                    }
                    try t.field.setMarkedText(s, selectedRange: selection, replacementRange: replacement)
                    composer.reset()
                    revealed = true
                case 5:
                    if Bool.random(using: &rng) { try t.field.unmarkText() } else { try composer.commit(in: &t) }
                case 6:
                    try composer.deleteBackward(in: &t)
                    revealed = true
                case 7:
                    try t.field.move(CaretMove.allCases.randomElement(using: &rng)!)
                    #expect(t.markedText == nil, "a caret move commits: \(context)")
                    revealed = true
                case 8:
                    let field = t.focus!.field
                    let offsets = try ICUReference.graphemeBoundaries(in: try t.rows.text(of: field))
                    try t.field.setCaret(offsets.randomElement(using: &rng)!)
                    #expect(t.markedText == nil, "setting the caret commits: \(context)")
                    minimalScroll = true
                    revealed = true
                case 9:
                    try t.scroll(by: Double(Int.random(in: -30...30, using: &rng)))
                    revealed = false
                case 10:
                    try t.keyboard.show(height: Double(Int.random(in: 0...20, using: &rng)), duration: [0, 0.1, 0.25].randomElement(using: &rng)!)
                    revealed = revealed || t.focus != nil
                case 11:
                    try t.keyboard.hide(duration: [0, 0.2, 0.3].randomElement(using: &rng)!)
                    revealed = revealed || t.focus != nil
                case 12:
                    let freeze = Int.random(in: 0..<3, using: &rng) == 0
                    try t.keyboard.changeHeight(to: Double(Int.random(in: 0...20, using: &rng)),
                                               duration: [0, 0.15, 0.25].randomElement(using: &rng)!,
                                               curve: [TimingCurve.linear, .easeInOut, .spring(duration: 0.3, bounce: 0.1)].randomElement(using: &rng)!,
                                               content: freeze ? .freeze : .follow)
                    if freeze {
                        #expect(t.viewport == before.viewport, "a frozen change moves nothing: \(context)")
                    } else {
                        revealed = revealed || t.focus != nil
                    }
                case 13:
                    try t.keyboard.unfreezeInset(duration: [0, 0.2].randomElement(using: &rng)!)
                    if before.keyboard.isInsetFrozen { revealed = revealed || t.focus != nil }
                case 14, 15:
                    // An interactive drag: the finger moves in steps (sometimes the clock runs
                    // in between), then lets go fast or slow, up or down.
                    drags += 1
                    let height = t.viewport.size.height
                    t.keyboard.beginDrag()
                    quietDrag = t.keyboard.isDragging && !revealed
                    var y = Double(Int.random(in: 0...Int(height), using: &rng))
                    for move in 0..<Int.random(in: 1...6, using: &rng) {
                        y = min(height + 2, max(-2, y + Double(Int.random(in: -3...6, using: &rng))))
                        let atMove = t
                        try t.keyboard.moveDrag(toY: y)
                        if t.keyboard.isDragging && t.keyboard.state.isHeldByFinger(at: t.now) {
                            #expect(abs(t.keyboard.state.height(at: t.now) - max(0, height - y)) < 1e-9,
                                    "the keyboard follows the finger: \(context) move \(move)")
                        }
                        if !t.keyboard.isDragging { #expect(t.viewport == atMove.viewport, "no drag, no change: \(context)") }
                        try checkInvariants(t, metrics: metrics, revealed: revealed, "\(context) move \(move)")
                        if Bool.random(using: &rng) { try advance(1.0 / 60 * Double(Int.random(in: 1...4, using: &rng)), "\(context) move \(move)") }
                    }
                    try t.keyboard.endDrag(velocity: [0, 3, -3, 40, -40, 200].randomElement(using: &rng)!)
                    #expect(!t.keyboard.isDragging)
                    if Bool.random(using: &rng) { try advance([0.1, 0.5].randomElement(using: &rng)!, context) }
                default:
                    try advance([0.05, 0.1, 0.3, 0.6].randomElement(using: &rng)!, context)
                }
                events += 1
                if revealed { quietDrag = false }
                try checkInvariants(t, metrics: metrics, revealed: revealed, context)
                try checkMarkedText(t, context)
                if minimalScroll, let c = t.caret, caretInside(t, band: before.viewport.visibleBand),
                   t.rows.innerOffset(of: c.field) == before.rows.innerOffset(of: c.field) {
                    #expect(t.viewport.offset == before.viewport.offset, "minimal scroll: \(context)")
                    minimalChecks += 1
                }
            }
        }
        #expect(compositions > 100 && drags > 20 && minimalChecks > 20)
        print("random input sessions: seed \(seed): \(events) events, \(compositions) keys, \(drags) drags, \(frames) frames, \(minimalChecks) minimal-scroll checks")
    }
}
