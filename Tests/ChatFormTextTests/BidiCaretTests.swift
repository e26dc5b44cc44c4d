import ChatFormGeometry
import ChatFormTesting
@testable import ChatFormText
import Testing

/// Carets, hits, arrow keys and selections in right-to-left and mixed text, in terminal
/// cells (every grapheme 1 wide, so every x is easy to read). The same rules are checked
/// against Chromium with real fonts in `ChatFormFontTests/BidiCaretParityTests`.
@Suite("Bidi carets")
struct BidiCaretTests {
    /// Mixed-direction pieces: Hebrew and Arabic words, English, numbers inside them,
    /// brackets, spaces and line breaks.
    static let pieces = ["שלום", "עולם", "מה", "مرحبا", "بالعالم", "سلام", "hello", "ok", "abc", "123", "4.5",
                         " ", " ", " ", "(", ")", "!", ":", "-", "\n", "😀", "https://a.io/x"]

    static func randomText(_ rng: inout SplitMix64) -> String {
        var s = ""
        for _ in 0..<(Int(rng.next() % 14) + 1) { s += pieces[Int(rng.next() % UInt64(pieces.count))] }
        return s
    }

    /// Every position the caret can take on a layout: each boundary downstream, and
    /// upstream where a soft wrap gives it a second line.
    static func positions(_ layout: some LineLayout) throws -> [TextPosition] {
        var result: [TextPosition] = []
        var o = 0
        while true {
            result.append(TextPosition(offset: o))
            if try layout.lineIndex(for: TextPosition(offset: o, affinity: .upstream)) != layout.lineIndex(for: TextPosition(offset: o)) {
                result.append(TextPosition(offset: o, affinity: .upstream))
            }
            if o >= layout.utf8Count { break }
            o = try layout.offset(after: o)
        }
        return result
    }

    @Test func aRightToLeftRunInsideLeftToRightText() throws {
        // "abc " then שלום (shown reversed), then " def": each grapheme one cell.
        let text = "abc שלום def"
        let layout = try TextLayout(text: text, width: 40)
        // Visually: a b c ␠ ם ו ל ש ␠ d e f ; the Hebrew bytes are 2 each.
        let runs = try layout.visualRuns(onLine: 0)
        #expect(runs.map(\.range) == [0..<4, 4..<12, 12..<16])
        #expect(runs.map(\.isRightToLeft) == [false, true, false])
        // Offset 4 lies after "abc " and at the Hebrew run's right end: Chromium draws it
        // after "abc " (x 4) and the secondary caret at x 8.
        #expect(try layout.caretRects(for: TextPosition(offset: 4)) ==
                CaretRects(primary: Rect(x: 4, y: 0, width: 0, height: 1), secondary: Rect(x: 8, y: 0, width: 0, height: 1)))
        // Offset 12 (after the Hebrew) is drawn before " def" (x 8), secondary at x 4.
        #expect(try layout.caretRect(for: TextPosition(offset: 12)).minX == 8)
        #expect(try layout.caretRects(for: TextPosition(offset: 12)).secondary?.minX == 4)
        // Inside the run, x falls as the offset grows.
        #expect(try [6, 8, 10].map { try layout.caretRect(for: TextPosition(offset: $0)).minX } == [7, 6, 5])
        // Taps: just right of "abc " lands on 4, just left of " def" on 12.
        #expect(layout.position(at: Point(x: 4.2, y: 0.5)).offset == 4)
        #expect(layout.position(at: Point(x: 7.8, y: 0.5)).offset == 12)
        #expect(layout.position(at: Point(x: 5.2, y: 0.5)).offset == 10)   // the left half of ו
        // Selecting across the direction boundary: one rectangle per visual run.
        #expect(try layout.selectionRects(for: 2..<8).map(\.minX) == [2, 6])
        #expect(try layout.selectionRects(for: 2..<8).map(\.width) == [2, 2])
    }

    @Test func arrowKeysLogicallyAndVisually() throws {
        let layout = try TextLayout(text: "abc שלום def", width: 40)
        // Logical (Chromium): right goes on in the text, into the Hebrew from its right end.
        #expect(try layout.position(movingHorizontallyFrom: TextPosition(offset: 4), by: 1).offset == 6)
        // Visual: right from offset 4 (x 4) goes to the stop at x 5 (offset 10).
        #expect(try layout.position(movingHorizontallyFrom: TextPosition(offset: 4), by: 1, order: .visual).offset == 10)
        #expect(try layout.position(movingHorizontallyFrom: TextPosition(offset: 10), by: -1, order: .visual).offset == 4)
    }

    @Test func anAllRightToLeftLineInALeftToRightBlock() throws {
        // Chromium draws offset 0 at the line's left (the paragraph's start side) and the
        // end of the text at its right; a tap on either side lands there.
        let layout = try TextLayout(text: "שלום", width: 40)
        #expect(try layout.caretRect(for: TextPosition(offset: 0)).minX == 0)
        #expect(try layout.caretRect(for: TextPosition(offset: 8)).minX == 4)
        #expect(layout.position(at: Point(x: 0.1, y: 0.5)).offset == 0)
        #expect(layout.position(at: Point(x: 9, y: 0.5)).offset == 8)
    }

    @Test(arguments: [1 as UInt64, 2, 3, 4, 5, 6, 7, 8])
    func everyOffsetIsReachedAndHitsLandOnTheirCaret(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        for _ in 0..<40 {
            let text = Self.randomText(&rng)
            let width = Double(rng.next() % 30 + 3)
            let layout = try TextLayout(text: text, width: width)
            try Self.checkProperties(layout, "\(text.debugDescription) at \(width)")
            let document = try TextDocument(text: text, width: width)
            try Self.checkProperties(document, "document \(text.debugDescription) at \(width)")
        }
    }

    /// Arrow keys reach every offset from either end (logically and visually), and a point
    /// on a caret's primary place hits that caret's offset.
    static func checkProperties(_ layout: some LineLayout, _ what: String) throws {
        let all = Set(try positions(layout).map(\.offset))
        for order in CaretMovementOrder.allCases {
            for forward in [true, false] {
                // Start at the first stop on the side the keys move away from.
                var position: TextPosition
                if order == .logical {
                    position = TextPosition(offset: forward ? 0 : layout.utf8Count)
                } else {
                    let stops = try layout.visualStops(onLine: forward ? 0 : layout.lineCount - 1)
                    position = forward ? stops.first! : stops.last!
                }
                var seen: Set<Int> = [position.offset]
                for _ in 0..<(all.count * 3 + 4) {
                    let next = try layout.position(movingHorizontallyFrom: position, by: forward ? 1 : -1, order: order)
                    if next == position { break }
                    position = next
                    seen.insert(next.offset)
                }
                #expect(seen == all, "\(what): \(order) \(forward ? "right" : "left") misses \(all.subtracting(seen).sorted())")
            }
        }
        // hit(caret(o)) == o wherever o's primary caret is its own; where Chromium draws two
        // offsets at one place (")|123" and "|123" inside "(…שלום123…" both sit right of
        // the bracket), the hit lands on one of them, drawn exactly there.
        var drawnAt: [Int: [Double: [TextPosition]]] = [:]
        for position in try positions(layout) {
            let line = try layout.lineIndex(for: position)
            drawnAt[line, default: [:]][try layout.primaryCaretX(for: position), default: []].append(position)
        }
        for position in try positions(layout) {
            let rect = try layout.caretRect(for: position)
            let x = try layout.primaryCaretX(for: position)
            let hit = layout.position(at: Point(x: x, y: rect.midY))
            let line = try layout.lineIndex(for: position)
            let sharing = drawnAt[line]?[x] ?? []
            if sharing.count == 1 {
                #expect(hit.offset == position.offset, "\(what): hit(caret(\(position))) at x \(x) = \(hit)")
            } else {
                let drawn = try layout.primaryCaretX(for: hit)
                #expect(sharing.contains { $0.offset == hit.offset } && drawn == x,
                        "\(what): hit(caret(\(position))) at x \(x) = \(hit), drawn elsewhere")
            }
        }
    }
}
