import Testing
import ChatFormScroll

/// SPEC §4: a caller-driven drag may overscroll; it springs back when the drag ends.
@Suite("Drags and overscroll")
struct DragTests {
    func table() throws -> TableSession<Int> {
        try TableSession(rows: (0..<40).map { .text($0, "row \($0)") }, viewport: Viewport(size: Size(width: 20, height: 10), safeArea: EdgeInsets(top: 1)))
    }

    @Test func aDragPastTheTopOverscrollsWithResistanceAndSpringsBack() throws {
        var t = try table()
        #expect(t.viewport.offset == 0)               // the caller's offset, clamped
        try t.scroll(to: -1)                          // the top, under the safe area
        t.beginDrag()
        try t.drag(by: -10)
        #expect(t.viewport.offset == -1 - 5)          // half the travel past the bound
        try t.drag(by: 4)
        #expect(t.viewport.offset == -1 - 3)          // resistance on the way back too
        try t.drag(by: 8)
        #expect(t.viewport.offset == 1)               // back inside: exact
        try t.drag(by: -8)
        try t.endDrag()
        var previous = t.viewport.offset
        var frames = 0
        try t.advance(by: 1) { f in
            frames += 1
            // Monotonic, never past the bound (a critically damped spring does not overshoot).
            #expect(f.viewport.offset >= previous - 1e-12)
            #expect(f.viewport.offset <= -1 + 1e-9)
            previous = f.viewport.offset
        }
        #expect(frames >= 10)
        #expect(t.viewport.offset == -1)
    }

    @Test func aDragPastTheEndSpringsBackToTheEnd() throws {
        var t = try table()
        t.beginDrag()
        try t.drag(by: 1000)
        let maxOffset = t.rows.contentHeight - 10
        #expect(t.viewport.offset == maxOffset + (1000 - maxOffset) * 0.5)
        try t.endDrag()
        try t.advance(by: 1)
        #expect(t.viewport.offset == maxOffset)
    }

    @Test func aDragInsideTheBoundsFollowsExactlyAndStays() throws {
        var t = try table()
        t.beginDrag()
        try t.drag(by: 12)
        #expect(t.viewport.offset == 12)
        try t.endDrag()
        try t.advance(by: 1)
        #expect(t.viewport.offset == 12)
    }

    @Test func aNewDragCatchesTheSpringMidway() throws {
        var t = try table()
        t.beginDrag()
        try t.drag(by: -20)
        try t.endDrag()
        try t.advance(by: 0.05)
        let caught = t.viewport.offset
        #expect(caught < -1 && caught > -11)
        t.beginDrag()
        try t.advance(by: 1)
        #expect(t.viewport.offset == caught)   // held by the finger
        try t.endDrag()
        try t.advance(by: 1)
        #expect(t.viewport.offset == -1)
    }

    @Test func withoutBeginDragADragIsAClampedScroll() throws {
        var t = try table()
        try t.drag(by: -10)
        #expect(t.viewport.offset == -1)
        #expect(throws: ScrollError.self) { try t.drag(by: .infinity) }
    }
}
