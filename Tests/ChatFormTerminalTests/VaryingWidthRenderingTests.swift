import Testing
import ChatFormTesting
import ChatFormText
@testable import ChatFormTerminal

private let esc = "\u{1B}"

/// The engine's widths for the clusters below (what the buffer holds).
func engineWidth(_ character: Character) -> Int {
    switch character {
    case "👍🏽", "🇰🇷", "👨‍👩‍👧", "❤️", "界", "🙂": return 2
    case "\u{301}", "\u{200B}": return 0
    default: return 1
    }
}

/// How a terminal that does not join sequences measures each scalar on its own (tmux 3.3):
/// 👍🏽 is 👍 and 🏽, two wide glyphs; ❤ without its selector is one cell.
func splittingTerminalWidth(_ character: Character) -> Int {
    guard character.unicodeScalars.count == 1 else { return engineWidth(character) }
    switch character.unicodeScalars.first!.value {
    case 0x1F44D, 0x1F3FB...0x1F3FF, 0x1F1E6...0x1F1FF, 0x1F468, 0x1F469, 0x1F467, 0x754C, 0x1F642: return 2
    case 0xFE0F, 0x200D, 0x301, 0x200B: return 0
    default: return 1
    }
}

/// A terminal that joins sequences but draws some of them narrower than the engine counts.
func narrowTerminalWidth(_ character: Character) -> Int {
    switch character {
    case "❤️", "🇰🇷": return 1
    default: return engineWidth(character)
    }
}

/// The cells where the terminal's grid differs from the frame, ignoring the cells of
/// clusters whose width terminals disagree on (they show what the terminal makes of them).
func differencesOutsideVaryingClusters(_ terminal: ScreenBuffer, _ frame: ScreenBuffer) -> String {
    var lines: [String] = []
    for row in 0..<frame.rows {
        var skipUntil = 0
        for column in 0..<frame.columns {
            let cell = frame[row, column]
            if !cell.isContinuation, TerminalCharacterWidth.mayVary(scalars: cell.grapheme.unicodeScalars) {
                skipUntil = column + Swift.max(1, cell.width)
            }
            if column < skipUntil { continue }
            let shown = terminal[row, column]
            if shown.grapheme != cell.grapheme || shown.style != cell.style || shown.width != cell.width {
                lines.append("(\(row),\(column)) shows \(shown.grapheme.debugDescription) w\(shown.width), want \(cell.grapheme.debugDescription) w\(cell.width)")
            }
        }
    }
    return lines.joined(separator: "\n")
}

@Suite("ScreenRenderer with clusters terminals disagree on")
struct VaryingWidthRenderingTests {
    let renderer = ScreenRenderer()

    @Test("which clusters vary, and how far they may reach", arguments: [
        ("a", false, 2), ("界", false, 2), ("🙂", false, 2), ("e\u{301}", false, 2),
        ("👍🏽", true, 4), ("🇰🇷", true, 4), ("👨‍👩‍👧", true, 6), ("❤️", true, 2), ("❤", true, 2),
        ("1️⃣", true, 2), ("─", true, 2), ("é", true, 2), ("·", true, 2), ("कि", true, 4),
    ] as [(Character, Bool, Int)])
    func classification(character: Character, varies: Bool, reach: Int) {
        #expect(TerminalCharacterWidth.mayVary(character) == varies)
        #expect(TerminalCharacterWidth.maximumWidth(character) == reach)
    }

    @Test("every East Asian Ambiguous character of the text layer varies")
    func ambiguousTableMatchesTheTextLayer() {
        var checked = 0
        for value in UInt32(0)...0x2FFFF {
            guard let scalar = Unicode.Scalar(value), scalar.properties.generalCategory != .control else { continue }
            let text = String(scalar)
            let ambiguous = CellWidth.of(text, ambiguousWidth: 2) != CellWidth.of(text, ambiguousWidth: 1)
            if ambiguous {
                checked += 1
                #expect(TerminalCharacterWidth.isAmbiguous(value), "U+\(String(value, radix: 16)) is ambiguous")
            }
        }
        #expect(checked > 800)
    }

    @Test("a varying cluster is drawn on cleared cells, the cursor placed after it, and its reach repainted")
    func fullRenderBytes() {
        var frame = ScreenBuffer(rows: 1, columns: 8)
        frame.write("a👍🏽b", row: 0, column: 0, width: engineWidth)
        let expected = "\(esc)[?25l\(esc)[0m\(esc)[?7l\(esc)[H\(esc)[2J"
            + "\(esc)[1;1Ha  \(esc)[1;2H👍🏽\(esc)[1;4Hb "
        #expect(renderer.render(full: frame) == expected)
    }

    @Test("removing a varying cluster repaints every cell it may have covered")
    func removalBytes() {
        var before = ScreenBuffer(rows: 1, columns: 8)
        before.write("👍🏽", row: 0, column: 2, width: engineWidth)
        let after = ScreenBuffer(rows: 1, columns: 8)
        // Cells 2-3 changed; 4-5 are blank in both frames but may still show 🏽.
        #expect(renderer.diff(from: before, to: after) == "\(esc)[?25l\(esc)[1;3H    ")
    }

    /// The defect of issue 13: the chat's input line held 👍🏽, the terminal drew it across
    /// four cells, the line was emptied and a stray 🏽 stayed.
    @Test("no ghost is left when a terminal draws a sequence wider than the engine counts")
    func ghostOfTheSkinToneModifier() {
        var typed = ScreenBuffer(rows: 2, columns: 12)
        typed.write("> ok 🙂👍🏽", row: 0, column: 0, width: engineWidth)
        typed.write("Joon", row: 1, column: 0, width: engineWidth)
        var terminal = VirtualTerminal(rows: 2, columns: 12, width: splittingTerminalWidth, drawing: .scalarByScalar)
        terminal.apply(renderer.render(full: typed))
        #expect(terminal.frame.rowText(0) == "> ok 🙂👍", "the part after the modifier is repainted")
        var sent = ScreenBuffer(rows: 2, columns: 12)
        sent.write(">", row: 0, column: 0, width: engineWidth)
        sent.write("Joon", row: 1, column: 0, width: engineWidth)
        terminal.apply(renderer.diff(from: typed, to: sent))
        #expect(terminal.frame.plainText() == ">\nJoon")
        #expect(terminal.frame == sent, "\(cellDifferences(terminal.frame, sent))")
    }

    @Test("a cluster drawn narrower than the engine counts leaves no stale cell")
    func narrowerCluster() {
        var before = ScreenBuffer(rows: 1, columns: 6)
        before.write("abcdef", row: 0, column: 0, width: engineWidth)
        var after = before
        after.write("❤️", row: 0, column: 1, width: engineWidth)
        var terminal = VirtualTerminal(rows: 1, columns: 6, width: narrowTerminalWidth)
        terminal.apply(renderer.render(full: before))
        terminal.apply(renderer.diff(from: before, to: after))
        #expect(terminal.frame.rowText(0) == "a❤️ def", "the engine's second cell is blank, not a stale c")
        #expect(terminal.frame.cursor == nil)
    }

    @Test("a cluster drawn wider at the right edge stays on its row")
    func rightEdge() {
        var frame = ScreenBuffer(rows: 2, columns: 6)
        frame.write("abcd👍🏽", row: 0, column: 0, width: engineWidth)
        frame.write("second", row: 1, column: 0, width: engineWidth)
        var terminal = VirtualTerminal(rows: 2, columns: 6, width: splittingTerminalWidth, drawing: .scalarByScalar)
        let output = renderer.render(full: frame)
        #expect(output.contains("\(esc)[?7l"), "autowrap is off")
        terminal.apply(output)
        #expect(terminal.frame.rowText(1) == "second")
        #expect(differencesOutsideVaryingClusters(terminal.frame, frame).isEmpty)
    }

    /// Random frames and edits with varying clusters, drawn by terminals that measure them
    /// wider (split) or narrower: after every diff, every cell outside those clusters shows
    /// exactly what the frame says, and the cursor is where the frame puts it.
    @Test("diffs stay right whatever width the terminal gives varying clusters",
          arguments: Array(1...30) as [UInt64])
    func randomDiffs(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let rows = Int.random(in: 1...6, using: &random)
        let columns = Int.random(in: 1...14, using: &random)
        let alphabet: [String] = ["a", "b", " ", "界", "🙂", "é", "─", "👍🏽", "🇰🇷", "👨‍👩‍👧", "❤️", "e\u{301}"]
        func scribble(_ frame: inout ScreenBuffer, count: Int) {
            for _ in 0..<count {
                let length = Int.random(in: 0...columns, using: &random)
                let text = (0..<length).map { _ in alphabet.randomElement(using: &random)! }.joined()
                frame.write(text, row: Int.random(in: 0..<rows, using: &random), column: Int.random(in: -1..<columns, using: &random),
                            style: CellStyle(bold: Bool.random(using: &random)), width: engineWidth)
            }
            frame.cursor = Bool.random(using: &random)
                ? ScreenCursor(row: Int.random(in: 0..<rows, using: &random), column: Int.random(in: 0..<columns, using: &random)) : nil
        }
        for (drawing, width) in [(VirtualTerminal.ClusterDrawing.scalarByScalar, splittingTerminalWidth),
                                 (.whole, narrowTerminalWidth)] as [(VirtualTerminal.ClusterDrawing, (Character) -> Int)] {
            var frame = ScreenBuffer(rows: rows, columns: columns)
            scribble(&frame, count: rows)
            var terminal = VirtualTerminal(rows: rows, columns: columns, width: width, drawing: drawing)
            terminal.apply(renderer.render(full: frame))
            #expect(differencesOutsideVaryingClusters(terminal.frame, frame).isEmpty)
            for step in 0..<8 {
                var next = step % 4 == 3 ? ScreenBuffer(rows: rows, columns: columns) : frame
                scribble(&next, count: Int.random(in: 1...3, using: &random))
                terminal.apply(renderer.diff(from: frame, to: next))
                let problems = differencesOutsideVaryingClusters(terminal.frame, next)
                #expect(problems.isEmpty, "\(drawing) step \(step)\n\(problems)\nwant\n\(next)\nshown\n\(terminal.frame)")
                #expect(terminal.frame.cursor == next.cursor)
                frame = next
            }
            #expect(terminal.unsupported.isEmpty)
        }
    }
}
