import Testing
import ChatFormScroll
import ChatFormMotion

/// SPEC §5.1: the keyboard's animation and the lift policies.
@Suite("Simulated keyboard")
struct KeyboardTests {
    let metrics = TerminalCellMetrics()

    func transcript(policy: KeyboardPolicy, rows: Int = 60) throws -> TableSession<Int> {
        try TableSession(rows: (0..<rows).map { .text($0, "message \($0)") },
                         viewport: Viewport(size: Size(width: 30, height: 20)),
                         configuration: TableConfiguration(keyboardPolicy: policy))
    }

    @Test func keyboardHeightAnimatesOnItsCurveAndStartsFromTheCurrentHeight() throws {
        var k = SimulatedKeyboard()
        try k.show(height: 10, duration: 0.2, curve: .linear, at: 0)
        #expect(abs(k.height(at: 0.1) - 5) < 1e-9)
        try k.hide(duration: 0.2, curve: .linear, at: 0.1)
        #expect(abs(k.height(at: 0.1) - 5) < 1e-9)
        #expect(abs(k.height(at: 0.2) - 2.5) < 1e-9)
        #expect(k.height(at: 0.31) == 0)
        #expect(k.height(at: 0.3) < 1e-9)
        #expect(throws: ScrollError.self) { try k.show(height: -1, at: 0) }
        #expect(throws: ScrollError.self) { try k.show(height: 5, duration: .nan, at: 0) }
    }

    @Test func alwaysLiftsTheContentWithTheKeyboardAtEveryFrame() throws {
        var t = try transcript(policy: .always)
        try t.scroll(to: 10)
        try t.keyboard.show(height: 8, duration: 0.25, curve: .easeInOut)
        var frames = 0
        try t.advance(by: 0.5) { f in
            frames += 1
            #expect(abs(f.viewport.offset - (10 + f.viewport.keyboardOverlap)) < 1e-9)
        }
        #expect(frames >= 15)
        #expect(abs(t.viewport.offset - (18)) < 1e-9)
        // Hiding brings it back down.
        try t.keyboard.hide()
        try t.advance(by: 0.5)
        #expect(abs(t.viewport.offset - (10)) < 1e-9)
    }

    @Test func whenAtEndLiftsOnlyAtTheBottom() throws {
        var t = try transcript(policy: .whenAtEnd)
        try t.scroll(to: 10)
        try t.keyboard.show(height: 8)
        try t.advance(by: 0.5)
        #expect(abs(t.viewport.offset - (10)) < 1e-9)
        try t.keyboard.hide()
        try t.advance(by: 0.5)
        var u = try transcript(policy: .whenAtEnd)
        try u.scroll(to: 1000)
        let bottom = u.viewport.offset
        try u.keyboard.show(height: 8)
        try u.advance(by: 0.5)
        #expect(abs(u.viewport.offset - (bottom + 8)) < 1e-9)
    }

    @Test func persistentKeepsTheLiftWhenTheKeyboardHides() throws {
        var t = try transcript(policy: .persistent)
        try t.scroll(to: 10)
        try t.keyboard.show(height: 8)
        try t.advance(by: 0.5)
        #expect(abs(t.viewport.offset - (18)) < 1e-9)
        try t.keyboard.hide()
        try t.advance(by: 0.5)
        #expect(abs(t.viewport.offset - (18)) < 1e-9)
    }

    @Test func neverDoesNotLift() throws {
        var t = try transcript(policy: .never)
        try t.scroll(to: 10)
        try t.keyboard.show(height: 8)
        try t.advance(by: 0.5)
        #expect(abs(t.viewport.offset - (10)) < 1e-9)
    }

    @Test(arguments: KeyboardPolicy.allCases)
    func hidingLeavesNoBlankBandUnderTheContent(policy: KeyboardPolicy) throws {
        var t = try transcript(policy: policy)
        try t.scroll(to: 1000)
        try t.keyboard.show(height: 8)
        try t.advance(by: 0.5)
        try t.scroll(to: 1000)
        try t.keyboard.hide(duration: 0.3)
        try t.advance(by: 0.5) { f in
            let maxOffset = f.rows.contentHeight + f.viewport.bottomInset - f.viewport.size.height
            #expect(f.viewport.offset <= maxOffset + 1e-9)
        }
        #expect(abs(t.viewport.offset - (t.rows.contentHeight - 20)) < 1e-9)
    }

    @Test func theCaretStaysVisibleAtEveryFrameWithEveryCurveAndPolicy() throws {
        for policy in KeyboardPolicy.allCases {
            for curve in [TimingCurve.linear, .easeInOut, .easeOut, .spring(duration: 0.4, bounce: 0.3)] {
                var t = try TableSession(rows: [.text("top", String(repeating: "line\n", count: 10)),
                                                .text("field", String(repeating: "typing ", count: 30), editable: true)],
                                         viewport: Viewport(size: Size(width: 20, height: 16)),
                                         configuration: TableConfiguration(keyboardPolicy: policy))
                try t.field.focus(FieldRef(row: "field"), caret: 0)
                try t.field.move(.documentEnd)
                try t.keyboard.show(height: 9, duration: 0.3, curve: curve)
                try checkInvariants(t, metrics: metrics, revealed: true, "\(policy) \(curve) start")
                try t.advance(by: 1.5) { f in
                    try? checkInvariants(f, metrics: metrics, revealed: true, "\(policy) \(curve) t=\(f.now)")
                }
                try t.keyboard.hide(duration: 0.3, curve: curve)
                try t.advance(by: 1.5) { f in
                    try? checkInvariants(f, metrics: metrics, revealed: true, "\(policy) \(curve) hide t=\(f.now)")
                }
            }
        }
    }

    /// A replay's frame budget asks `framesStepped(advancingBy:)` before an `advance`: it is
    /// the number of frames the advance then steps, at any frame rate and clock, for
    /// keyboard animations, and never fewer while a drag springs back (random sessions,
    /// fixed seed); none for a duration `advance` refuses.
    @Test func framesSteppedCountsTheFramesAnAdvanceSteps() throws {
        var random = SplitMix64(seed: 47)
        var exact = 0
        for session in 0..<60 {
            let rate = [60, 1000, 7, 120, 1][session % 5]
            var t = try TableSession(rows: (0..<30).map { .text($0, "message \($0)") },
                                     viewport: Viewport(size: Size(width: 30, height: 20)),
                                     configuration: TableConfiguration(frameRate: Double(rate)))
            let drags = session % 3 == 0
            for _ in 0..<12 {
                switch Int.random(in: 0..<4, using: &random) {
                case 0: try t.keyboard.show(height: Double.random(in: 0...12, using: &random),
                                           duration: [0, 0.25, 0.3333, 1.7][Int.random(in: 0..<4, using: &random)])
                case 1: try t.keyboard.hide(duration: Double.random(in: 0...0.6, using: &random))
                case 2 where drags:
                    t.beginDrag()
                    try t.drag(by: Double.random(in: -40...40, using: &random))
                    try t.endDrag()
                default: break
                }
                let seconds = [0, 0.001, 1.0 / Double(rate), 0.1, 0.2501, 3, 1e6][Int.random(in: 0..<7, using: &random)]
                let counted = t.framesStepped(advancingBy: seconds)
                var stepped = 0
                try t.advance(by: seconds) { _ in stepped += 1 }
                if drags { #expect(counted >= stepped, "\(rate) fps, \(seconds) s") } else { #expect(counted == stepped, "\(rate) fps, \(seconds) s") }
                if counted == stepped && stepped > 0 { exact += 1 }
            }
        }
        #expect(exact > 100)
        let t = try transcript(policy: .always)
        #expect(t.framesStepped(advancingBy: -1) == 0 && t.framesStepped(advancingBy: .nan) == 0)
        #expect(t.framesStepped(advancingBy: 2e9) == 0)
    }
}
