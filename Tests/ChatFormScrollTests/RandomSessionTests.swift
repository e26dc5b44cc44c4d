import Testing
import ChatFormScroll

/// Hundreds of random editing sessions, each checked after every event and every
/// animation frame against the rules (see `checkInvariants`): row heights from their text,
/// prefix sums, clamping, the caret band rule, and minimal scrolling.
@Suite("Random sessions")
struct RandomSessionTests {
    static let seeds = Array(0..<8)
    static let sessionsPerSeed = 40

    func makeSession<G: RandomNumberGenerator>(_ rng: inout G, metrics: TerminalCellMetrics) throws -> (TableSession<String>, [FieldRef<String>]) {
        var rows: [Row<String>] = []
        var fields: [FieldRef<String>] = []
        for k in 0..<Int.random(in: 1...5, using: &rng) {
            let pad = EdgeInsets(top: Double(Int.random(in: 0...2, using: &rng)), left: Double(Int.random(in: 0...3, using: &rng)),
                                 bottom: Double(Int.random(in: 0...2, using: &rng)), right: Double(Int.random(in: 0...3, using: &rng)))
            switch Int.random(in: 0..<4, using: &rng) {
            case 0:
                let style = RowStyle(padding: pad, minHeight: Double(Int.random(in: 0...3, using: &rng)),
                                     maxLines: Bool.random(using: &rng) ? Int.random(in: 1...6, using: &rng) : nil)
                rows.append(.text("t\(k)", randomText(&rng, pieces: Int.random(in: 0...12, using: &rng)), editable: true, style: style))
                fields.append(FieldRef(row: "t\(k)"))
            case 1:
                let text = randomText(&rng, pieces: Int.random(in: 1...20, using: &rng))
                if Bool.random(using: &rng) {
                    rows.append(.text("m\(k)", text, style: RowStyle(padding: pad)))
                } else {
                    // A rich message on the table's cells: display-only, marks for the renderer.
                    rows.append(Row(id: "r\(k)", content: .rich(randomRich(&rng, text)), style: RowStyle(padding: pad)))
                }
            case 2:
                rows.append(Row(id: "x\(k)", content: .fixed(Double(Int.random(in: 0...6, using: &rng)))))
            default:
                var items: [StackItem] = []
                for j in 0..<Int.random(in: 1...5, using: &rng) {
                    switch Int.random(in: 0..<3, using: &rng) {
                    case 0: items.append(.label(randomText(&rng, pieces: 2)))
                    case 1:
                        items.append(.field("f\(j)", text: randomText(&rng, pieces: Int.random(in: 0...6, using: &rng)),
                                            maxLines: Bool.random(using: &rng) ? Int.random(in: 1...4, using: &rng) : nil))
                        fields.append(FieldRef(row: "s\(k)", item: items.count - 1))
                    default: items.append(.space(Double(Int.random(in: 0...2, using: &rng))))
                    }
                }
                rows.append(Row(id: "s\(k)", content: .stack(items), style: RowStyle(padding: pad)))
            }
        }
        let viewport = Viewport(size: Size(width: Double(Int.random(in: 4...50, using: &rng)), height: Double(Int.random(in: 3...30, using: &rng))),
                                safeArea: EdgeInsets(top: Double(Int.random(in: 0...2, using: &rng)), bottom: Double(Int.random(in: 0...2, using: &rng))),
                                extraBottomInset: Double(Int.random(in: 0...3, using: &rng)))
        let policy = KeyboardPolicy.allCases.randomElement(using: &rng)!
        let t = try TableSession(rows: rows, viewport: viewport,
                                 configuration: TableConfiguration(metrics: metrics, caretMarginLines: Double(Int.random(in: 0...2, using: &rng)),
                                                                   keyboardPolicy: policy))
        return (t, fields)
    }

    @Test(arguments: seeds)
    func randomSessionsKeepEveryRule(seed: Int) throws {
        var rng = SplitMix64(seed: UInt64(seed) &* 0x1234_5678 &+ 99)
        let metrics = TerminalCellMetrics()
        var events = 0
        var frames = 0
        for session in 0..<Self.sessionsPerSeed {
            var (t, fields) = try makeSession(&rng, metrics: metrics)
            var revealed = false
            for step in 0..<40 {
                let context = "seed \(seed) session \(session) step \(step)"
                var before = t
                var minimalScrollApplies = false
                let choice = fields.isEmpty ? Int.random(in: 8..<14, using: &rng) : Int.random(in: 0..<15, using: &rng)
                switch choice {
                case 0:
                    try t.field.focus(fields.randomElement(using: &rng)!, caret: 0)
                    revealed = true
                case 1, 2:
                    if t.focus == nil { try t.field.focus(fields.randomElement(using: &rng)!) }
                    try t.field.type(randomText(&rng, pieces: Int.random(in: 1...(choice == 2 ? 30 : 3), using: &rng)))
                    revealed = true
                case 3:
                    if t.focus == nil { try t.field.focus(fields.randomElement(using: &rng)!) }
                    try t.field.newline()
                    revealed = true
                case 4:
                    if t.focus == nil { try t.field.focus(fields.randomElement(using: &rng)!) }
                    if Bool.random(using: &rng) { try t.field.deleteBackward(Int.random(in: 1...8, using: &rng)) } else { try t.field.deleteForward(Int.random(in: 1...8, using: &rng)) }
                    revealed = true
                case 5, 6:
                    if t.focus == nil { try t.field.focus(fields.randomElement(using: &rng)!) }
                    try t.field.move(CaretMove.allCases.randomElement(using: &rng)!)
                    revealed = true
                case 7:
                    if t.focus == nil { try t.field.focus(fields.randomElement(using: &rng)!) }
                    before = t
                    let field = t.focus!.field
                    let i = t.rows.index(of: field.row)!
                    let text = t.rows.measurement(ofRow: i)!.item(at: field.item)!.document!.text
                    let offset = try ICUReference.graphemeBoundaries(in: text).randomElement(using: &rng)!
                    // Minimal scroll: if the new caret is already visible, nothing moves.
                    try t.field.setCaret(offset)
                    minimalScrollApplies = true
                    revealed = true
                case 8:
                    try t.scroll(by: Double(Int.random(in: -30...30, using: &rng)))
                    revealed = false
                case 9:
                    try t.resize(to: Size(width: Double(Int.random(in: 4...50, using: &rng)), height: Double(Int.random(in: 3...30, using: &rng))))
                    revealed = true
                case 10:
                    try t.keyboard.show(height: Double(Int.random(in: 0...20, using: &rng)), duration: [0, 0.1, 0.25, 0.4].randomElement(using: &rng)!,
                                       curve: [TimingCurve.linear, .easeInOut, .easeIn, .spring(duration: 0.3, bounce: 0.2)].randomElement(using: &rng)!)
                    revealed = revealed || t.focus != nil
                case 11:
                    try t.keyboard.hide(duration: [0, 0.2, 0.3].randomElement(using: &rng)!)
                    revealed = revealed || t.focus != nil
                case 12:
                    // A rich message grows (a streamed answer) or is replaced; focus elsewhere stays.
                    let rich = (0..<t.rows.count).compactMap { i -> (String, String)? in
                        if case .rich(let r) = t.rows.row(at: i).content { return (t.rows.row(at: i).id, r.text) } else { return nil }
                    }
                    if let (id, text) = rich.randomElement(using: &rng) {
                        let grown = Bool.random(using: &rng) ? text + randomText(&rng, pieces: Int.random(in: 1...10, using: &rng))
                                                             : randomText(&rng, pieces: Int.random(in: 0...4, using: &rng))
                        try t.chat.setContent(.rich(randomRich(&rng, grown)), ofRow: id)
                        #expect(throws: ScrollError.self) { try t.field.focus(FieldRef(row: id)) }
                        revealed = revealed || t.focus != nil   // a row height change reveals the caret
                    }
                default:
                    var lastOverlap = t.viewport.keyboardOverlap
                    var localRevealed = revealed
                    try t.advance(by: [0.05, 0.1, 0.3, 0.6].randomElement(using: &rng)!) { f in
                        frames += 1
                        if f.viewport.keyboardOverlap != lastOverlap { localRevealed = localRevealed || f.focus != nil }
                        lastOverlap = f.viewport.keyboardOverlap
                        try? checkInvariants(f, metrics: metrics, revealed: localRevealed, "\(context) frame \(f.now)")
                    }
                    revealed = localRevealed
                }
                events += 1
                try checkInvariants(t, metrics: metrics, revealed: revealed, "\(context) event \(choice)")
                if minimalScrollApplies, let c = t.caret {
                    let band = before.viewport.visibleBand
                    let margin = t.configuration.caretMargin
                    let top = max(0, c.rect.minY - margin)
                    let bottom = min(max(t.rows.contentHeight, c.rect.maxY), c.rect.maxY + margin)
                    if top >= band.lowerBound && bottom <= band.upperBound && t.rows.innerOffset(of: c.field) == before.rows.innerOffset(of: c.field) {
                        #expect(t.viewport.offset == before.viewport.offset, "minimal scroll: \(context)")
                    }
                }
            }
        }
        #expect(events == Self.sessionsPerSeed * 40)
        print("random sessions: seed \(seed): \(Self.sessionsPerSeed) sessions, \(events) events, \(frames) frames checked")
    }
}

/// A rich text over `text` with a few random marks (byte ranges; the table clamps them).
func randomRich<G: RandomNumberGenerator>(_ rng: inout G, _ text: String) -> RichText {
    let n = text.utf8.count
    let marks = (0..<Int.random(in: 0...3, using: &rng)).map { _ -> RichText.Mark in
        let a = Int.random(in: 0...n, using: &rng), b = Int.random(in: 0...(n + 2), using: &rng)
        return RichText.Mark(range: min(a, b)..<max(a, b), style: [.bold, .italic, .code, .mention].randomElement(using: &rng)!)
    }
    return RichText(text: text, marks: marks)
}
