import Testing
import ChatFormScroll

/// The keyboard dragged by the finger (UIKit's `.interactive` dismissal), keyboards that
/// change height while open, and the frozen inset.
@Suite("Interactive keyboard")
struct InteractiveKeyboardTests {
    let metrics = TerminalCellMetrics()
    static let height = 20.0
    static let keyboard = 8.0

    /// A 60-message transcript scrolled to its end with the keyboard up, and (optionally)
    /// an input field as the last row, focused.
    func chat(policy: KeyboardPolicy = .always, focused: Bool = true, safeBottom: Double = 0) throws -> TableSession<String> {
        var rows: [Row<String>] = (0..<60).map { .text("m\($0)", "message \($0)") }
        rows.append(.text("input", "draft", editable: true))
        var t = try TableSession(rows: rows, viewport: Viewport(size: Size(width: 30, height: Self.height),
                                                                  safeArea: EdgeInsets(bottom: safeBottom)),
                                 configuration: TableConfiguration(keyboardPolicy: policy))
        try t.scroll(to: 1000)
        if focused { try t.field.focus(FieldRef(row: "input"), caret: 5) }
        try t.keyboard.show(height: Self.keyboard, duration: 0.25)
        try t.advance(by: 0.3)
        return t
    }

    /// Drags the finger from above the keyboard down to `y` in steps, checking at every move
    /// that the keyboard sits under the finger, the content follows per the policy, and
    /// every rule holds.
    func drag(_ t: inout TableSession<String>, to y: Double, policy: KeyboardPolicy, _ note: String) throws {
        t.keyboard.beginDrag()
        #expect(t.keyboard.isDragging)
        var finger = 4.0
        while finger < y {
            finger = min(y, finger + 1.5)
            let before = t
            try t.keyboard.moveDrag(toY: finger)
            let want = min(Self.keyboard, max(0, Self.height - finger))
            #expect(abs(t.viewport.keyboardOverlap - want) < 1e-9, "\(note): finger \(finger)")
            let insetChange = t.viewport.bottomInset - before.viewport.bottomInset
            let offsetChange = t.viewport.offset - before.viewport.offset
            if policy == .always {
                // The content goes down with the keyboard (at the transcript's end, clamping
                // takes the same amount off).
                #expect(abs(offsetChange - insetChange) < 1e-9, "\(note): finger \(finger)")
            } else {
                // The content stays, unless the end of the content would leave a blank band.
                #expect(offsetChange <= 1e-9 && offsetChange >= insetChange - 1e-9, "\(note): finger \(finger)")
            }
            try checkInvariants(t, metrics: metrics, revealed: true, "\(note): finger \(finger)")
        }
    }

    /// Runs the release, checking every frame: no jump from the height at release (the
    /// keyboard moves at most as fast as the spring allows), monotonic travel, the rules.
    func release(_ t: inout TableSession<String>, velocity: Double, _ note: String) throws -> KeyboardDragOutcome? {
        let start = t.viewport.keyboardOverlap
        let outcome = try t.keyboard.endDrag(velocity: velocity)
        #expect(!t.keyboard.isDragging)
        let target = outcome == .hidden ? 0.0 : Self.keyboard
        var last = start
        var frames = 0
        var failures = 0
        try t.advance(by: 1.0) { f in
            frames += 1
            let h = f.viewport.keyboardOverlap
            // Per frame the spring moves at most as fast as the release speed or its own pull.
            if abs(h - last) > max(abs(velocity), 120) / 60 + 1e-9 { failures += 1 }
            // Monotonic toward the target, never past it.
            if (target - h) * (target - last) < -1e-9 || abs(target - h) > abs(target - last) + 1e-9 { failures += 1 }
            last = h
            try? checkInvariants(f, metrics: metrics, revealed: true, "\(note): frame \(f.now)")
        }
        #expect(failures == 0, "\(note): \(failures) frames jumped or went back")
        #expect(frames > 5, "\(note): the release animates")
        #expect(t.viewport.keyboardOverlap == target, "\(note)")
        #expect(t.keyboard.state.targetHeight == target)
        return outcome
    }

    @Test(arguments: [KeyboardPolicy.always, .never, .persistent, .whenAtEnd])
    func dragsEndShownOrHiddenByPositionAndVelocity(policy: KeyboardPolicy) throws {
        // (finger y at release, finger velocity, expected outcome)
        let cases: [(Double, Double, KeyboardDragOutcome)] = [
            (13, 0, .shown),      // slow, keyboard 7 of 8 high: back up
            (17, 0, .hidden),     // slow, 3 of 8: down
            (15, 2, .shown),      // slow, 5 of 8, drifting down: back up
            (13, 30, .hidden),    // fast flick down from 7 of 8: down
            (18, -30, .shown),    // fast flick up from 2 of 8: back up
            (19.5, 5, .hidden),   // almost at the bottom
        ]
        for (y, velocity, expected) in cases {
            var t = try chat(policy: policy)
            let note = "\(policy) y \(y) v \(velocity)"
            try drag(&t, to: y, policy: policy, note)
            let outcome = try release(&t, velocity: velocity, note)
            #expect(outcome == expected, "\(note)")
            if policy == .always && expected == .shown {
                // The transcript came back up with the keyboard: at its end again.
                #expect(t.isAtBottom, "\(note)")
            }
        }
    }

    @Test func aFingerAboveTheKeyboardLeavesItShown() throws {
        var t = try chat()
        t.keyboard.beginDrag()
        try t.keyboard.moveDrag(toY: 11)
        #expect(t.viewport.keyboardOverlap == Self.keyboard)
        #expect(try t.keyboard.endDrag(velocity: 500) == .shown)
        try t.advance(by: 0.5)
        #expect(t.viewport.keyboardOverlap == Self.keyboard)
    }

    @Test func theSafeAreaUnderTheKeyboardDoesNotMoveTheContent() throws {
        var t = try chat(safeBottom: 2)
        try t.scroll(to: 200)      // the end
        t.keyboard.beginDrag()
        let start = t.viewport.offset
        try t.keyboard.moveDrag(toY: 16)       // keyboard 4 high: inset 4, content down by 4
        #expect(abs(t.viewport.offset - (start - 4)) < 1e-9)
        try t.keyboard.moveDrag(toY: 19)       // keyboard 1 high: the inset stays at the safe area's 2
        #expect(t.viewport.bottomInset == 2)
        #expect(abs(t.viewport.offset - (start - 6)) < 1e-9)
        try checkInvariants(t, metrics: metrics, revealed: true, "safe area")
    }

    @Test func aCaretScrolledOutOfViewIsNotPulledBackByTheDrag() throws {
        var t = try chat(policy: .never)
        try t.scroll(to: 0)                   // the user scrolled up to the first message
        let offset = t.viewport.offset
        t.keyboard.beginDrag()
        for y in stride(from: 13.0, through: 20, by: 1) {
            try t.keyboard.moveDrag(toY: y)
            #expect(t.viewport.offset == offset)
        }
        try t.keyboard.endDrag(velocity: 0)
        try t.advance(by: 1)
        #expect(t.viewport.offset == offset)
        #expect(t.viewport.keyboardOverlap == 0)
        // The next edit brings the caret back (SPEC §5.2).
        try t.field.type("!")
        try checkInvariants(t, metrics: metrics, revealed: true, "after the drag")
    }

    @Test func aDragWithoutAKeyboardDoesNothingAndBadValuesAreTypedErrors() throws {
        var t = try chat()
        try t.keyboard.hide(duration: 0)
        t.keyboard.beginDrag()
        #expect(!t.keyboard.isDragging)
        let before = t.viewport
        try t.keyboard.moveDrag(toY: 10)
        #expect(try t.keyboard.endDrag(velocity: 10) == nil)
        #expect(t.viewport == before)
        var u = try chat()
        u.keyboard.beginDrag()
        #expect(throws: ScrollError.invalidValue("keyboard drag y", .infinity)) { try u.keyboard.moveDrag(toY: .infinity) }
        #expect(throws: ScrollError.self) { try u.keyboard.moveDrag(toY: .nan) }
        #expect(throws: ScrollError.self) { try u.keyboard.endDrag(velocity: .nan) }
        #expect(u.keyboard.isDragging)
        #expect(throws: ScrollError.self) { try u.keyboard.changeHeight(to: -1) }
        #expect(throws: ScrollError.self) { try u.keyboard.changeHeight(to: 4, duration: .nan, content: .freeze) }
        #expect(!u.keyboard.isInsetFrozen)
    }

    @Test func aKeyboardCaughtWhileSettlingStopsUnderTheFinger() throws {
        var t = try chat()
        t.keyboard.beginDrag()
        try t.keyboard.moveDrag(toY: 16)
        try t.keyboard.endDrag(velocity: 40)    // hiding
        try t.advance(by: 2.0 / 60)
        let caught = t.viewport.keyboardOverlap
        #expect(caught > 0 && caught < 4)
        t.keyboard.beginDrag()
        try t.advance(by: 0.2)
        #expect(t.viewport.keyboardOverlap == caught)
        try t.keyboard.moveDrag(toY: 19.5)
        #expect(t.viewport.keyboardOverlap == 0.5)
        #expect(try t.keyboard.endDrag(velocity: -60) == .shown)   // flicked back up: to the full height
        try t.advance(by: 1)
        #expect(t.viewport.keyboardOverlap == Self.keyboard)
    }

    // MARK: Height changes

    @Test func aHeightChangeAnimatesFromTheCurrentHeightWithTheContent() throws {
        var t = try chat()
        let offset = t.viewport.offset
        try t.keyboard.changeHeight(to: 11, duration: 0.25)       // the suggestion bar appears
        var last = Self.keyboard
        var changedMidway = false
        try t.advance(by: 0.5) { f in
            let h = f.viewport.keyboardOverlap
            #expect(abs(h - last) <= 2.5 * 3.0 / 15, "no jump at \(f.now)")   // ease-in-out peaks near 1.7× the mean speed
            #expect(abs(f.viewport.offset - (offset + h - Self.keyboard)) < 1e-9, "the content follows")
            last = h
            try? checkInvariants(f, metrics: metrics, revealed: true, "frame \(f.now)")
        }
        #expect(t.viewport.keyboardOverlap == 11)
        // A change while another runs starts where the keyboard is.
        try t.keyboard.changeHeight(to: 14, duration: 0.25)
        try t.advance(by: 0.1)
        let midway = t.viewport.keyboardOverlap
        try t.keyboard.changeHeight(to: 9, duration: 0.25)
        #expect(t.viewport.keyboardOverlap == midway)
        try t.advance(by: 1.0 / 60) { f in changedMidway = abs(f.viewport.keyboardOverlap - midway) < 0.5 }
        #expect(changedMidway)
        try t.advance(by: 0.5)
        #expect(t.viewport.keyboardOverlap == 9)
        #expect(t.isAtBottom)
    }

    @Test func aFrozenInsetHoldsTheContentStillThenLetsGoSmoothly() throws {
        var t = try chat()
        let offset = t.viewport.offset
        // The emoji picker (12 high) replaces the keyboard: nothing moves.
        try t.keyboard.changeHeight(to: 12, duration: 0.25, content: .freeze)
        #expect(t.keyboard.isInsetFrozen)
        var frames = 0
        try t.advance(by: 0.4) { f in
            frames += 1
            #expect(f.viewport.offset == offset && f.viewport.keyboardOverlap == Self.keyboard)
        }
        #expect(frames > 10, "the picker animates underneath")
        #expect(t.keyboard.state.height(at: t.now) == 12)
        // Typing while frozen still keeps the caret in the (unchanged) band.
        try t.field.type(" more")
        try checkInvariants(t, metrics: metrics, revealed: true, "typing while frozen")
        // Back to the keyboard (follow): the inset goes from the held 8 to the keyboard's 8
        // while the keyboard itself comes down from 12: it stays still.
        try t.keyboard.changeHeight(to: Self.keyboard, duration: 0.25)
        #expect(!t.keyboard.isInsetFrozen)
        try t.advance(by: 0.5) { f in
            #expect(abs(f.viewport.keyboardOverlap - Self.keyboard) < 1e-9)
        }
        // Frozen again, then the picker closes with the keyboard: the inset goes to 0
        // smoothly from where it was held.
        try t.keyboard.changeHeight(to: 12, duration: 0.25, content: .freeze)
        try t.advance(by: 0.4)
        try t.keyboard.hide(duration: 0.25)
        var last = Self.keyboard
        frames = 0
        try t.advance(by: 0.5) { f in
            frames += 1
            let h = f.viewport.keyboardOverlap
            #expect(h <= last + 1e-9 && last - h <= 2.5 * 8.0 / 15, "smooth at \(f.now): \(last) → \(h)")
            last = h
            try? checkInvariants(f, metrics: metrics, revealed: true, "frame \(f.now)")
        }
        #expect(frames >= 14)
        #expect(t.viewport.keyboardOverlap == 0)
        // An explicit unfreeze with a keyboard of another height glides too.
        try t.keyboard.show(height: Self.keyboard, duration: 0)
        t.keyboard.freezeInset()
        try t.keyboard.changeHeight(to: 3, duration: 0, content: .freeze)
        #expect(t.viewport.keyboardOverlap == Self.keyboard)
        let start = t.now
        try t.keyboard.unfreezeInset(duration: 0.2, curve: .linear)
        #expect(t.viewport.keyboardOverlap == Self.keyboard)
        frames = 0
        try t.advance(by: 0.4) { f in
            frames += 1
            let want = 3 + 5 * max(0, 1 - (f.now - start) / 0.2)
            #expect(abs(f.viewport.keyboardOverlap - want) < 1e-9, "at \(f.now)")
        }
        #expect(frames >= 11)
        #expect(t.viewport.keyboardOverlap == 3)
    }
}
