import ChatFormFont
import ChatFormScroll
import ChatFormTesting
import ChatFormText
import Testing

/// Rich messages in table rows (`RowContent.rich`): heights from the styled layout, growing,
/// re-laid on a resize without shaping, display-only, and caret queries and hit testing inside
/// styled text and beside attachments, held to a simple model: in a monospace face every
/// cluster of a span advances by the face's advance plus the span's letter spacing (plus its
/// edges on its first and last cluster), an attachment by its width and edges; the caret x of
/// each boundary is the sum of the advances before it on its line, and a hit lands on the
/// nearest boundary.
@Suite("Rich rows")
struct RichRowTests {
    static let available = (try? FontStack(family: "DejaVu Sans Mono", size: 16)) != nil
    static let mono = FontSpec(family: "DejaVu Sans Mono", size: 16)

    /// A styled message and, per UTF-8 byte where a cluster starts, the model's advance.
    struct Message {
        var elements: [StyledElement] = []
        var advances: [Int: Double] = [:]
        var length = 0
    }

    /// The face's advance: DejaVu Sans Mono is 1233 units of 2048 per em, in every style.
    static let advance = 1233.0 / 2048 * 16

    static func message(_ rng: inout SplitMix64) -> Message {
        let words = ["deploy", "is", "done", "@kim", "make", "test", "ok", "supercalifragilistic", "a", "the", "build"]
        var m = Message()
        let count = 2 + Int(rng.next() % 10)
        for _ in 0..<count {
            if rng.next() % 4 == 0 {
                let edge = Double(rng.next() % 3)
                let a = InlineAttachment(width: Double(8 + rng.next() % 24), height: Double(8 + rng.next() % 40),
                                         baselineOffset: -Double(rng.next() % 5), edges: InlineEdges(start: edge, end: edge))
                m.elements.append(.attachment(a))
                m.advances[m.length] = a.width + 2 * edge
                m.length += 3
                continue
            }
            // A piece of text that may split a word: a word, a part of one, spaces around.
            var text = words[Int(rng.next() % UInt64(words.count))]
            if rng.next() % 3 == 0 { text = String(text.prefix(1 + Int(rng.next() % UInt64(text.count)))) }
            if rng.next() % 2 == 0 { text += " " }
            if rng.next() % 5 == 0 { text = " " + text }
            let spacing = [0, 0, 0.5, 1.25][Int(rng.next() % 4)]
            let edges = [InlineEdges.zero, .zero, InlineEdges(start: 6, end: 6), InlineEdges(start: 2, end: 3.5)][Int(rng.next() % 4)]
            let font = [mono, mono.with(weight: 700), mono.with(italic: true)][Int(rng.next() % 3)]
            m.elements.append(.span(TextSpan(text, style: SpanStyle(font: font, letterSpacing: spacing, edges: edges))))
            let n = text.utf8.count
            // The end edge goes after the last character that is not a space (a trailing
            // space hangs after the box's end padding at a line end, as in Chromium).
            let last = Array(text.utf8).lastIndex { $0 != 0x20 } ?? 0
            for k in 0..<n {
                var w = advance + spacing
                if k == 0 { w += edges.start }
                if k == last { w += edges.end }
                m.advances[m.length + k] = w
            }
            m.length += n
        }
        return m
    }

    /// The model's caret stops of a line: each cluster boundary from its start to its content
    /// end, with the sum of the advances before it.
    static func stops(_ m: Message, from start: Int, to end: Int) -> [(offset: Int, x: Double)] {
        var out = [(start, 0.0)]
        var x = 0.0
        var b = start
        while b < end {
            x += m.advances[b]!
            b += 1
            while b < end && m.advances[b] == nil { b += 1 }   // inside an attachment's U+FFFC
            out.append((b, x))
        }
        return out
    }

    static let padding = EdgeInsets(top: 3, left: 7, bottom: 5, right: 4)

    static func table(_ messages: [StyledText], width: Double) throws -> TableSession<Int> {
        let rows = messages.enumerated().map { Row(id: $0.offset, content: .rich(RichText(prepared: $0.element.shaped)), style: RowStyle(padding: padding)) }
        return try TableSession(rows: rows, viewport: Viewport(size: Size(width: width, height: 400)))
    }

    @Test(.enabled(if: available, "DejaVu Sans Mono is not installed"), arguments: [1 as UInt64, 2, 3])
    func caretStopsAndHitsFollowTheModel(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let messages = (0..<12).map { _ in Self.message(&rng) }
        let styled = try messages.map { try StyledText($0.elements, style: ParagraphStyle(font: Self.mono)) }
        for width in [70.0, 160, 333] {
            let table = try Self.table(styled, width: width + Self.padding.horizontal)
            for (r, m) in messages.enumerated() {
                let measurement = try #require(table.rows.measurement(ofRow: r))
                let text = try #require(measurement.items.first?.text)
                let expected = try styled[r].layout(width: width)
                #expect(text.lineCount == expected.lineCount)
                #expect(table.rows.frame(ofRow: r).height == expected.height + Self.padding.vertical, "the row is as tall as its styled layout")
                let rowTop = table.rows.frame(ofRow: r).y + Self.padding.top
                for k in 0..<text.lineCount {
                    let line = text.line(at: k)
                    let model = Self.stops(m, from: line.start, to: line.contentEnd)
                    var engine: [(offset: Int, x: Double)] = []
                    try text.forEachCaretStop(onLine: k) { engine.append(($0, $1)); return true }
                    #expect(engine.map(\.offset) == model.map(\.offset), "line \(k) of message \(r) at \(width)")
                    for (e, s) in zip(engine, model) {
                        #expect(Swift.abs(e.x - s.x) < 1e-6, "caret x at \(s.offset): \(e.x) vs \(s.x)")
                        let rect = try table.rows.caretRect(for: TextPosition(offset: s.offset, affinity: s.offset == line.start ? .downstream : .upstream),
                                                       in: FieldRef(row: r))
                        #expect(Swift.abs(rect.minX - (Self.padding.left + Swift.min(s.x, Swift.max(width, line.width)))) < 1e-6)
                        #expect(rect.minY == rowTop + text.lineTop(k) && rect.height == text.heightOfLine(k))
                    }
                    // Hits: the nearest boundary (between two stops, the nearer; past the content, its end).
                    for _ in 0..<8 {
                        let x = Double(rng.next() % 4000) / 4000 * (line.width + 20) - 10
                        let y = rowTop + text.lineTop(k) + Double(rng.next() % 100) / 100 * text.heightOfLine(k) * 0.99
                        let hit = try #require(table.rows.hitTest(Point(x: Self.padding.left + x, y: y)))
                        var nearest = model[0].offset
                        for j in 1..<model.count where x >= (model[j - 1].x + model[j].x) / 2 { nearest = model[j].offset }
                        if nearest == model.last!.offset && !line.isHard && k < text.lineCount - 1 {
                            #expect(hit.position == TextPosition(offset: line.end, affinity: .upstream))
                        } else {
                            #expect(hit.position.offset == nearest, "x \(x) on line \(k) of message \(r)")
                        }
                        #expect(hit.field == FieldRef(row: r))
                    }
                }
            }
        }
    }

    @Test(.enabled(if: available, "DejaVu Sans Mono is not installed"))
    func anAttachmentIsOneCaretStepAndATapLandsBeforeOrAfterByHalf() throws {
        let emoji = InlineAttachment(width: 24, height: 40, baselineOffset: -4, edges: InlineEdges(start: 2, end: 2))
        let styled = try StyledText([.text("ab ", Self.mono), .attachment(emoji), .text(" cd", Self.mono)], style: ParagraphStyle(font: Self.mono))
        let table = try Self.table([styled], width: 400)
        let text = try #require(table.rows.measurement(ofRow: 0)?.items.first?.text)
        #expect(try text.offset(after: 3) == 6 && text.offset(before: 6) == 3)
        #expect(throws: TextLayoutError.self) { try text.validate(4) }
        #expect(text.heightOfLine(0) > 30, "the attachment, taller than the text, grows its line")
        let left = Self.padding.left + 3 * Self.advance   // the attachment's margin box starts here
        let y = Self.padding.top + 10
        #expect(table.rows.hitTest(Point(x: left + 13.9, y: y))?.position.offset == 3)
        #expect(table.rows.hitTest(Point(x: left + 14.1, y: y))?.position.offset == 6)
        #expect(try table.rows.caretRect(for: TextPosition(offset: 6), in: FieldRef(row: 0)).minX == left + 28)
    }

    @Test(.enabled(if: available, "DejaVu Sans Mono is not installed"))
    func aRichRowGrowsRelaysOnResizeAndIsDisplayOnly() throws {
        var rng = SplitMix64(seed: 9)
        var history = try (0..<30).map { _ in try StyledText(Self.message(&rng).elements, style: ParagraphStyle(font: Self.mono)) }
        var table = try TableSession(rows: history.enumerated().map { Row(id: $0.offset, content: .rich(RichText(prepared: $0.element.shaped))) },
                                     viewport: Viewport(size: Size(width: 200, height: 300)),
                                     configuration: TableConfiguration(contentAlignment: .bottom))
        #expect(table.isAtBottom)
        // A streamed answer: the last row grows, the transcript follows its end.
        var answer: [StyledElement] = []
        for k in 0..<20 {
            answer.append(.span(TextSpan("word\(k) ", style: SpanStyle(font: k % 3 == 0 ? Self.mono.with(weight: 700) : Self.mono))))
            let styled = try StyledText(answer, style: ParagraphStyle(font: Self.mono))
            try table.chat.setContent(.rich(RichText(prepared: styled.shaped)), ofRow: 29)
            history[29] = styled
            #expect(table.rows.frame(ofRow: 29).height == (try styled.layout(width: 200)).height)
            #expect(table.isAtBottom)
        }
        // A resize re-lays every rich row from its preparation: heights stay the layouts'.
        try table.resize(to: Size(width: 123, height: 300))
        try table.measureAll()
        for (r, styled) in history.enumerated() {
            #expect(table.rows.frame(ofRow: r).height == (try styled.layout(width: 123)).height)
        }
        // Display-only.
        #expect(throws: ScrollError.notEditable("0#0")) { try table.field.focus(FieldRef(row: 0)) }
        #expect(throws: ScrollError.notEditable("0#0")) { try table.field.setText("x", of: FieldRef(row: 0)) }
        #expect(try table.rows.text(of: FieldRef(row: 3)) == history[3].text)
    }
}
