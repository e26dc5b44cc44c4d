import Testing
@testable import ChatFormTerminal

private let esc = "\u{1B}"

@Suite("ScreenRenderer")
struct ScreenRendererTests {
    let renderer = ScreenRenderer()

    @Test("full render of a small frame, byte for byte")
    func fullRenderExact() {
        var frame = ScreenBuffer(rows: 2, columns: 4)
        frame.write("ab", row: 0, column: 0, width: testWidth)
        frame.write("c", row: 0, column: 2, style: CellStyle(bold: true, foreground: .red), width: testWidth)
        frame.write("世", row: 1, column: 1, width: testWidth)
        frame.cursor = ScreenCursor(row: 1, column: 3)
        let expected = "\(esc)[?25l\(esc)[0m\(esc)[?7l\(esc)[H\(esc)[2J"
            + "\(esc)[1;1Hab\(esc)[0;1;31mc"
            + "\(esc)[2;1H\(esc)[0m 世"
            + "\(esc)[2;4H\(esc)[?25h"
        #expect(renderer.render(full: frame) == expected)
    }

    @Test("a framed screen replays to the expected text")
    func fullRenderReplay() {
        var frame = ScreenBuffer(rows: 4, columns: 10)
        frame.write("+--------+", row: 0, column: 0, width: testWidth)
        frame.write("|世界 ok", row: 1, column: 0, style: CellStyle(underline: true), width: testWidth)
        frame.write("|", row: 1, column: 9, width: testWidth)
        frame.write("|e\u{301}🙂", row: 2, column: 0, style: CellStyle(reverse: true), width: testWidth)
        frame.write("+--------+", row: 3, column: 0, width: testWidth)
        var terminal = VirtualTerminal(rows: 4, columns: 10, width: testWidth)
        terminal.apply(renderer.render(full: frame))
        #expect(terminal.frame.plainText() == """
            +--------+
            |世界 ok |
            |é🙂
            +--------+
            """)
        #expect(terminal.frame == frame)
        #expect(terminal.unsupported.isEmpty)
        #expect(!terminal.isCursorVisible)
    }

    @Test("identical frames diff to nothing")
    func identical() {
        var frame = ScreenBuffer(rows: 3, columns: 5)
        frame.write("same", row: 1, column: 0, width: testWidth)
        frame.cursor = ScreenCursor(row: 0, column: 0)
        #expect(renderer.diff(from: frame, to: frame) == "")
    }

    @Test("a diff sends only the changed run")
    func smallDiff() {
        var before = ScreenBuffer(rows: 3, columns: 20)
        before.write("hello world", row: 1, column: 0, width: testWidth)
        var after = before
        after.write("W", row: 1, column: 6, style: CellStyle(bold: true), width: testWidth)
        #expect(renderer.diff(from: before, to: after)
            == "\(esc)[?25l\(esc)[2;7H\(esc)[0;1mW\(esc)[0m")
    }

    @Test("changes close together share one cursor move; far apart, two")
    func runMerging() {
        var before = ScreenBuffer(rows: 1, columns: 30)
        before.write("abcdefghijklmnopqrstuvwxyz", row: 0, column: 0, width: testWidth)
        var after = before
        after.write("X", row: 0, column: 1, width: testWidth)
        after.write("Y", row: 0, column: 4, width: testWidth)
        after.write("Z", row: 0, column: 20, width: testWidth)
        #expect(renderer.diff(from: before, to: after)
            == "\(esc)[?25l\(esc)[1;2HXcdY\(esc)[1;21HZ")
    }

    @Test("cursor-only changes")
    func cursorOnly() {
        var before = ScreenBuffer(rows: 2, columns: 4)
        var after = before
        after.cursor = ScreenCursor(row: 1, column: 2)
        #expect(renderer.diff(from: before, to: after) == "\(esc)[2;3H\(esc)[?25h")
        before.cursor = ScreenCursor(row: 0, column: 0)
        #expect(renderer.diff(from: before, to: after) == "\(esc)[2;3H")
        #expect(renderer.diff(from: after, to: ScreenBuffer(rows: 2, columns: 4)) == "\(esc)[?25l")
    }

    @Test("frames of another size get a full render")
    func resized() {
        let small = ScreenBuffer(rows: 2, columns: 3)
        var large = ScreenBuffer(rows: 3, columns: 5)
        large.write("x", row: 2, column: 4, width: testWidth)
        #expect(renderer.diff(from: small, to: large) == renderer.render(full: large))
    }

    @Test("the virtual terminal follows the sequences it claims to know")
    func virtualTerminal() {
        var terminal = VirtualTerminal(rows: 3, columns: 6, width: testWidth)
        terminal.apply("abcdef\(esc)[2;3H\(esc)[1;7mXY\(esc)[22mZ\(esc)[0m\r\nq\(esc)[1;4H\(esc)[K\(esc)[?25l")
        #expect(terminal.frame.plainText() == "abc\n  XYZ\nq")
        #expect(terminal.frame[1, 2].style == CellStyle(bold: true, reverse: true))
        #expect(terminal.frame[1, 4].style == CellStyle(reverse: true))
        #expect(terminal.frame.cursor == nil)
        terminal.apply("\(esc)[5n")
        #expect(terminal.unsupported == ["CSI 5n"])
    }

    @Test("diff applied to the previous frame equals the new frame",
          arguments: Array(1...40) as [UInt64])
    func diffMatchesFull(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let rows = Int.random(in: 1...8, using: &random)
        let columns = Int.random(in: 1...16, using: &random)
        var frame = Self.randomFrame(rows: rows, columns: columns, using: &random)
        var terminal = VirtualTerminal(rows: rows, columns: columns, width: testWidth)
        terminal.apply(renderer.render(full: frame))
        #expect(terminal.frame == frame, "\(cellDifferences(terminal.frame, frame))")
        for step in 0..<6 {
            // Either a fresh frame or a few edits of the current one.
            var next = frame
            if step % 3 == 0 {
                next = Self.randomFrame(rows: rows, columns: columns, using: &random)
            } else {
                Self.scribble(on: &next, count: Int.random(in: 1...4, using: &random), using: &random)
            }
            terminal.apply(renderer.diff(from: frame, to: next))
            #expect(terminal.frame == next, "step \(step)\n\(cellDifferences(terminal.frame, next))")
            var fresh = VirtualTerminal(rows: rows, columns: columns, width: testWidth)
            fresh.apply(renderer.render(full: next))
            #expect(fresh.frame == next, "step \(step) full\n\(cellDifferences(fresh.frame, next))")
            frame = next
        }
        #expect(terminal.unsupported.isEmpty)
    }

    static func randomFrame(rows: Int, columns: Int, using random: inout SplitMix64) -> ScreenBuffer {
        var frame = ScreenBuffer(rows: rows, columns: columns)
        scribble(on: &frame, count: Int.random(in: 0...(rows * 2), using: &random), using: &random)
        return frame
    }

    static func scribble(on frame: inout ScreenBuffer, count: Int, using random: inout SplitMix64) {
        let alphabet: [String] = ["a", "b", "Z", " ", "-", "世", "界", "🙂", "Ａ", "é", "e\u{301}", "\u{301}", "\u{200B}", "\t"]
        for _ in 0..<count {
            let length = Int.random(in: 0...frame.columns + 2, using: &random)
            let text = (0..<length).map { _ in alphabet.randomElement(using: &random)! }.joined()
            let style = CellStyle(
                bold: Bool.random(using: &random), dim: Int.random(in: 0..<4, using: &random) == 0,
                underline: Int.random(in: 0..<4, using: &random) == 0, reverse: Bool.random(using: &random),
                foreground: Bool.random(using: &random) ? TerminalColor.allCases.randomElement(using: &random) : nil)
            frame.write(text, row: Int.random(in: -1...frame.rows, using: &random),
                        column: Int.random(in: -2...frame.columns, using: &random),
                        style: style, width: testWidth)
        }
        frame.cursor = Bool.random(using: &random)
            ? ScreenCursor(row: Int.random(in: 0..<frame.rows, using: &random),
                           column: Int.random(in: 0..<frame.columns, using: &random))
            : nil
    }
}
