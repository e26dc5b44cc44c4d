import ArgumentParser
import ChatFormFont
import ChatFormGeometry
import ChatFormMarkdown
import ChatFormPictures
import ChatFormReplay
import ChatFormText
import Foundation

/// `chatform wrap --spans` and `--markdown`: styled lines, line by line.
extension Wrap {
    /// The paragraph font of `--spans`: the families given (or sans-serif) at the size given.
    var spanParagraph: ParagraphStyle {
        var families = fonts.families
        if families.isEmpty {
            families = [DefaultFont.family]
            writeError("chatform wrap: no --font-family: using fontconfig's sans-serif, \(DefaultFont.description)")
        }
        return ParagraphStyle(font: FontSpec(families: families, size: fonts.size), lineHeight: fonts.lineHeightStyle,
                              keepAll: keepAll, direction: direction)
    }

    /// The flags of styled input that do not go together.
    func validateStyledInput() throws {
        if spans && markdown { throw ValidationError("--spans and --markdown cannot be used together.") }
        if (spans || markdown) && fonts.font != nil {
            throw ValidationError("--font has no family to style: give --font-family with --spans or --markdown.")
        }
        if theme != nil && !markdown { throw ValidationError("--theme goes with --markdown.") }
    }

    /// Reads standard input (invalid UTF-8 exits with status 2) and wraps it as spans or Markdown.
    func runStyled() throws {
        let text = try exitingOnError("wrap") { try UTF8Validation.string(from: readStandardInput()) }
        if spans { try runSpans(text) } else { try runMarkdown(text) }
    }

    func runSpans(_ input: String) throws {
        let styled = try exitingOnError("wrap") {
            let value = try JSONReader.parse(Array(input.utf8))
            let spans = value.array == nil ? value["spans"] : value
            guard let spans else { throw SpanInput.Failure(description: "expected a JSON array of spans or an object with \"spans\"") }
            let paragraph = spanParagraph
            return try StyledText(try SpanInput.elements(spans, paragraph: paragraph.font), style: paragraph)
        }
        let layout = try styled.layout(width: width)
        let clamped = try lineClamp.map { try clamp(layout, lines: $0) }
        if let svg {
            let drawing = LayoutPicture.Drawing.font(family: Self.css(styled.style.font.families), size: styled.style.font.size)
            var picture = LayoutPicture(layout, drawing: drawing, runs: Self.pictureRuns(of: styled))
            picture.clamp = clamped
            try write(picture.svg, to: svg)
        }
        let bytes = Array(styled.text.utf8)
        if let clamped {
            try printClamped(clamped, input: bytes)
            return
        }
        var out = OutputBuffer()
        for (index, line) in layout.lines.enumerated() {
            switch format {
            case .text:
                out.append(String(decoding: bytes[line.start..<line.contentEnd], as: UTF8.self))
                out.append(0x0A)
            case .jsonl:
                let n = JSONWriter.number
                var runs: [String] = []
                var e = styled.element(at: line.start)
                while e < styled.elements.count, styled.elementOffsets[e] < Swift.max(line.end, line.start + 1) {
                    let from = Swift.max(styled.elementOffsets[e], line.start), to = Swift.min(styled.elementOffsets[e + 1], line.end)
                    if from < to || styled.elements[e].utf8Count == 0 {
                        let x = (try? layout.caretX(onLine: index, at: Swift.min(from, line.contentEnd))) ?? 0
                        runs.append("{\"element\":\(e),\"start\":\(from),\"end\":\(to),\"x\":\(n(x))}")
                    }
                    e += 1
                }
                out.append("{\"start\":\(line.start),\"end\":\(line.end),\"width\":\(n(line.width)),\"hard\":\(line.isHard),"
                           + "\"height\":\(n(layout.heightOfLine(index))),\"top\":\(n(layout.lineTop(index))),\"runs\":[\(runs.joined(separator: ","))]}\n")
            }
        }
        out.flush()
    }

    func runMarkdown(_ input: String) throws {
        let layout = try exitingOnError("wrap") {
            try MarkdownTypesetter(theme: try loadTheme(path: theme, textFamily: fonts.fontFamily)).layout(input, width: width)
        }
        if let svg { try write(MarkdownPicture.svg(layout), to: svg) }
        var out = OutputBuffer()
        let n = JSONWriter.number
        let clamp = lineClamp.map { MarkdownClamp.clamp(layout, lines: $0) }
        var index = 0
        MarkdownPicture.forEachLine(of: layout) { text, line, end, content in
            index += 1
            if let clamp, index > clamp.shown { return }
            let cut = clamp?.truncated == true && index == clamp?.shown
            switch format {
            case .text:
                out.append(content)
                out.append(0x0A)
            case .jsonl:
                out.append("{\"block\":\(text.block),\"tag\":\"\(layout.blocks[text.block].kind.tag)\",\"start\":\(line.start),\"end\":\(end),"
                           + "\"top\":\(n(line.top)),\"left\":\(n(line.left)),\"width\":\(n(line.width)),\"height\":\(n(line.height)),"
                           + "\"text\":\(JSONWriter.string(content))\(cut ? ",\"truncated\":true" : "")}\n")
            }
        }
        out.flush()
    }

    private func write(_ markup: String, to path: String) throws {
        try exitingOnError("wrap", "cannot write \(path)") { try markup.write(toFile: path, atomically: true, encoding: .utf8) }
    }

    /// A CSS `font-family` list.
    static func css(_ families: [String]) -> String {
        families.map { "'\($0.replacingOccurrences(of: "'", with: ""))'" }.joined(separator: ", ")
    }

    /// How a picture draws each element of `styled`.
    static func pictureRuns(of styled: StyledText) -> [LayoutPicture.Run] {
        styled.elements.enumerated().compactMap { e, element in
            let range = styled.elementOffsets[e]..<styled.elementOffsets[e + 1]
            guard !range.isEmpty else { return nil }
            switch element {
            case .span(let span):
                let font = span.style.font
                return LayoutPicture.Run(range: range, kind: .text(family: css(font.families), size: font.size, weight: font.weight, italic: font.italic),
                                         startEdge: span.style.edges.start)
            case .attachment(let a):
                return LayoutPicture.Run(range: range, kind: .box(width: a.width, height: a.height, baselineOffset: a.baselineOffset),
                                         startEdge: a.edges.start)
            }
        }
    }
}

/// A Markdown layout as a `BlockPicture`: its blocks' boxes and its lines.
enum MarkdownPicture {
    static func svg(_ layout: MarkdownLayout) -> String {
        let blocks = layout.blocks.map {
            BlockPicture.Block(tag: $0.kind.tag, rect: Rect(x: $0.left, y: $0.top, width: layout.width - $0.left, height: $0.height))
        }
        var lines: [BlockPicture.Line] = []
        forEachLine(of: layout) { _, line, _, content in
            lines.append(BlockPicture.Line(rect: Rect(x: line.left, y: line.top, width: line.width, height: line.height), text: content))
        }
        return BlockPicture(width: layout.width, height: layout.height, blocks: blocks, lines: lines).svg
    }

    /// Calls `body` with each line of `layout`'s texts in order: the text it belongs to, the
    /// line, the offset just past it in that text, and its content without a final newline.
    static func forEachLine(of layout: MarkdownLayout,
                            _ body: (MarkdownLayout.TextBlock, MarkdownLayout.Line, Int, String) -> Void) {
        for text in layout.texts {
            let bytes = Array(text.text.utf8)
            for (k, line) in text.lines.enumerated() {
                let end = k + 1 < text.lines.count ? text.lines[k + 1].start : bytes.count
                var content = String(decoding: bytes[line.start..<end], as: UTF8.self)
                if content.hasSuffix("\n") { content.removeLast() }
                body(text, line, end, content)
            }
        }
    }
}
