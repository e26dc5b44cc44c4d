import ChatFormLayout
import Testing

/// BidirectionalText.md (in ChatFormText's catalog), run as written.
@Suite("Article: bidirectional text")
struct BidirectionalTextArticle {
    @Test func caretsAtADirectionBoundary() throws {
        // "abc " + Hebrew + " def", one cell a grapheme: the Hebrew shows reversed in cells 4–7.
        let layout = try TextLayout(text: "abc שלום def", width: 40)
        let runs = try layout.visualRuns(onLine: 0)                    // abc␠ | םולש (right to left) | ␠def
        let carets = try layout.caretRects(for: TextPosition(offset: 4))
        let primary = carets.primary.minX                              // 4: after "abc ", as Chromium draws it
        let secondary = carets.secondary?.minX                         // 8: the Hebrew's right end, where it starts
        #expect(runs.map(\.isRightToLeft) == [false, true, false])
        #expect(primary == 4 && secondary == 8)
        // Inside the Hebrew, x falls as the offset grows.
        #expect(try layout.caretRect(for: TextPosition(offset: 6)).minX == 7)
    }

    @Test func tapsArrowsAndSelections() throws {
        let layout = try TextLayout(text: "abc שלום def", width: 40)
        let tapped = layout.position(at: Point(x: 7.8, y: 0.5))        // 12: the caret before " def"
        let right = try layout.position(movingHorizontallyFrom: TextPosition(offset: 4), by: 1)
        let rightOnScreen = try layout.position(movingHorizontallyFrom: TextPosition(offset: 4), by: 1, order: .visual)
        let pieces = try layout.selectionRects(for: 2..<8)              // "c " and the Hebrew's first two letters
        #expect(tapped.offset == 12)
        #expect(right.offset == 6)                                     // Chromium's arrow keys: on in the text
        #expect(rightOnScreen.offset == 10)                            // the next caret to the right on screen
        #expect(pieces.map(\.minX) == [2, 6] && pieces.map(\.width) == [2, 2])
    }
}
