import Testing
import ChatFormScroll

@Suite("Viewport and the caret rule")
struct ViewportTests {
    @Test func bottomInsetIsTheLargerOfSafeAreaAndKeyboardPlusExtra() {
        var v = Viewport(size: Size(width: 40, height: 20), safeArea: EdgeInsets(top: 2, bottom: 3), extraBottomInset: 4)
        #expect(v.bottomInset == 7)
        v.keyboardOverlap = 2
        #expect(v.bottomInset == 7)
        v.keyboardOverlap = 10
        #expect(v.bottomInset == 14)
        #expect(v.topInset == 2)
        #expect(v.bandHeight == 4)
    }

    @Test func offsetClampsToTheSpecRange() {
        let v = Viewport(size: Size(width: 40, height: 20), safeArea: EdgeInsets(top: 2, bottom: 3))
        #expect(v.clampedOffset(-10, contentHeight: 100) == -2)
        #expect(v.clampedOffset(500, contentHeight: 100) == 83)
        #expect(v.clampedOffset(50, contentHeight: 100) == 50)
        // Short content: the only offset is the top.
        #expect(v.clampedOffset(5, contentHeight: 10) == -2)
        #expect(v.clampedOffset(.nan, contentHeight: 100) == -2)
    }

    @Test func visibleBandIsBetweenTheInsets() {
        let v = Viewport(size: Size(width: 40, height: 20), offset: 10, safeArea: EdgeInsets(top: 2, bottom: 3))
        #expect(v.visibleBand == 12...27)
    }

    @Test(arguments: [Size(width: 0, height: 10), Size(width: -1, height: 10), Size(width: 10, height: -1),
                      Size(width: .nan, height: 10), Size(width: 10, height: .infinity)])
    func badSizesAreRejected(size: Size) {
        #expect(throws: ScrollError.self) { try Viewport(size: size).validate() }
    }

    @Test func caretAboveTheBandGoesToItsTop() {
        let o = CaretVisibility.offset(revealing: 5...6, margin: 1, offset: 20, bandTop: 0, bandHeight: 10)
        #expect(o == 4)
    }

    @Test func caretBelowTheBandGoesToItsBottom() {
        let o = CaretVisibility.offset(revealing: 30...31, margin: 1, offset: 0, bandTop: 2, bandHeight: 10)
        // Grown rect 29...32 must end at the band's bottom: offset + 2 + 10 = 32.
        #expect(o == 20)
    }

    @Test func caretInsideTheBandDoesNotMove() {
        let o = CaretVisibility.offset(revealing: 5...6, margin: 1, offset: 0, bandTop: 0, bandHeight: 10)
        #expect(o == 0)
    }

    @Test func tooTallCaretShowsItsLineTop() {
        let o = CaretVisibility.offset(revealing: 40...50, margin: 1, offset: 0, bandTop: 3, bandHeight: 5)
        #expect(o == 37)
    }

    @Test func marginStopsAtTheBounds() {
        // Caret on the first line: no margin above the content's top.
        let o = CaretVisibility.offset(revealing: 0...1, margin: 1, offset: 5, bandTop: 0, bandHeight: 10, bounds: 0...100)
        #expect(o == 0)
    }
}
