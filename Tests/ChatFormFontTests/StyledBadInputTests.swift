import ChatFormFont
import ChatFormText
import Testing

/// The hard cases for styled text, in a monospace face whose every cluster is the
/// same advance (so the expected lines follow from arithmetic): a mention pill that cannot
/// break, a pill that ends a line, an attachment wider than the line, and a 10 MB message.
@Suite("Styled text: hard cases")
struct StyledBadInputTests {
    static let available = (try? FontStack(family: "DejaVu Sans Mono", size: 16)) != nil
    static let mono = FontSpec(family: "DejaVu Sans Mono", size: 16)
    static let advance = 1233.0 / 2048 * 16

    @Test(.enabled(if: available, "DejaVu Sans Mono is not installed"))
    func aMentionThatCannotBreakSplitsBetweenClustersWithItsEdgesAtItsEnds() throws {
        let name = "@averyveryverylongmentionname"
        let pill = SpanStyle(font: Self.mono.with(weight: 700), edges: InlineEdges(start: 6, end: 6))
        let styled = try StyledText([.span(TextSpan(name, style: pill))], style: ParagraphStyle(font: Self.mono))
        let width = 80.0
        let layout = try styled.layout(width: width)
        // The first line: the start edge and as many clusters as fit; then full lines; the
        // last line ends with the end edge.
        let first = Int((width - 6) / Self.advance)
        let full = Int(width / Self.advance)
        var starts = [0]
        var at = first
        while at < name.utf8.count {
            starts.append(at)
            at += full
        }
        // The end edge must fit on the last line too, else its last cluster moves down.
        let lastCount = name.utf8.count - starts.last!
        if Double(lastCount) * Self.advance + 6 > width + 1.0 / 64 { starts.append(name.utf8.count - 1) }
        #expect(layout.lines.map(\.start) == starts)
        #expect(layout.lines.allSatisfy { $0.width <= width + 1.0 / 64 })
        #expect(abs(layout.lines[0].width - (Double(first) * Self.advance + 6)) < 1.0 / 32)
        let last = layout.lines[layout.lineCount - 1]
        #expect(abs(last.width - (Double(name.utf8.count - last.start) * Self.advance + 6)) < 1.0 / 32)
    }

    @Test(.enabled(if: available, "DejaVu Sans Mono is not installed"))
    func anAttachmentWiderThanTheLineHasALineOfItsOwn() throws {
        let wide = InlineAttachment(width: 200, height: 30)
        let styled = try StyledText([.text("ab ", Self.mono), .attachment(wide), .text(" cd", Self.mono)],
                                    style: ParagraphStyle(font: Self.mono))
        let layout = try styled.layout(width: 100)
        // "ab " fits; the attachment, never split, stands alone on the next line; " cd" follows.
        #expect(layout.lineCount == 3 && layout.lines[1].start == 3 && layout.lines[1].contentEnd == 6)
        #expect(layout.lines[1].width == 200, "never split, wider than the line")
        #expect(layout.heightOfLine(1) >= 30)
        #expect(layout.lines[2].end == styled.text.utf8.count)
    }

    @Test(.enabled(if: available, "DejaVu Sans Mono is not installed"))
    func aTenMegabyteMessageLaysOutInLinesThatPartitionIt() throws {
        let piece = "styled words "                                   // 13 bytes, 13 clusters
        let half = String(repeating: piece, count: 400_000)           // 5.2 MB each span
        let styled = try StyledText([.text(half, Self.mono), .span(TextSpan(half, style: SpanStyle(font: Self.mono.with(weight: 700))))],
                                    style: ParagraphStyle(font: Self.mono))
        #expect(styled.text.utf8.count == 10_400_000)
        let layout = try styled.layout(width: 300)
        // 300 px holds 31 clusters: two words and a half; lines break after "words ".
        #expect(layout.lineCount == 800_000 / 2)
        var expected = 0
        var gaps = 0
        for line in layout.lines {
            if line.start != expected { gaps += 1 }
            expected = line.end
        }
        #expect(gaps == 0 && expected == styled.text.utf8.count)
    }
}
