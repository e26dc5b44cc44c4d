import ArgumentParser
import ChatFormMarkdown
import ChatFormText
import ChatFormReplay
import Foundation
import Synchronization

/// `chatform markdown`: Markdown messages laid out under a theme, their cmark-gfm HTML, or the
/// theme's CSS.
struct MarkdownCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "markdown",
        abstract: "Lay out JSONL Markdown messages ({\"id\":…,\"markdown\":…} per line) under a theme, or print their HTML or the theme's CSS.",
        discussion: """
        Default: one line per message, {"id","height","lines","width","fitWidth","blocks","texts"}:
        blocks are the HTML's block elements in document order ({"tag","top","height"}), texts
        every paragraph, heading, tight list item and code block laid out in lines
        ({"block","starts","tops","widths","lefts"}: each line's UTF-8 offset in the text, its
        top, its right edge and its left edge). --dir rtl (or auto) lays messages out right to
        left as in a <div dir="rtl"> and, with --css, writes the sheet's sides as logical
        properties; "width" is then the widest line from the right edge. --html writes {"id","html"} with cmark-gfm's HTML instead; --css prints the
        theme's style sheet. A line that cannot be read or laid out gives {"line":K,"error":"…"}
        and exit status 1 at the end.
        """
    )

    @Option(help: "Available width in pixels (for the layout).")
    var width: Double?

    @OptionGroup(title: "Theme")
    var theme: ThemeOptions

    @Option(help: "Replace the text families of the theme (body and headings).")
    var textFamily: String?

    @Option(help: "Replace the code families of the theme (code spans and blocks).")
    var codeFamily: String?

    @Flag(help: "Write each message's cmark-gfm HTML instead of its layout.")
    var html = false

    @Flag(help: "Print the theme's CSS and exit.")
    var css = false

    @Option(help: "The CSS selector of the element the HTML goes in (with --css).")
    var scope: String = ".md"

    @Option(name: .customLong("dir"), help: "The messages' direction, ltr, rtl or auto (HTML dir on the element the HTML goes in) [the theme's].")
    var direction: ParagraphDirection?

    func run() throws {
        let chosen = try exitingOnError("markdown") { try theme.load(textFamily: textFamily, codeFamily: codeFamily, direction: direction) }
        if css {
            print(chosen.css(scope: scope), terminator: "")
            return
        }
        var typesetter: MarkdownTypesetter? = nil
        if !html {
            guard let width, width.isFinite, width > 0 else {
                writeError("chatform markdown: give --width, a positive number of pixels (or --html, --css).")
                throw ExitCode(2)
            }
            typesetter = try exitingOnError("markdown") { try MarkdownTypesetter(theme: chosen) }
        }
        try JSONLStream.run(batchSize: 256) { batch in
            batch.map { Self.process($0.bytes, number: $0.number, theme: chosen, typesetter: typesetter, width: width ?? 0) }
        }
    }

    static func process(_ bytes: [UInt8], number: Int, theme: MarkdownTheme, typesetter: MarkdownTypesetter?,
                        width: Double) -> String {
        func failure(_ message: String) -> String { JSONLStream.failure(line: number, message) }
        let value: JSONValue
        do { value = try JSONReader.parse(bytes) } catch { return failure("\(error)") }
        guard let markdown = value["markdown"]?.string else { return failure("\"markdown\" must be a string") }
        let id = value["id"].map { JSONWriter.encode($0) } ?? "null"
        do {
            guard let typesetter else {
                let html = try MarkdownDocument.html(for: markdown, options: theme.parseOptions)
                return "{\"id\":\(id),\"html\":\(JSONWriter.string(html))}"
            }
            return "{\"id\":\(id),\(layoutFields(try typesetter.layout(markdown, width: width)))}"
        } catch {
            return failure("\(error)")
        }
    }

    /// `"height":…,"lines":…,"width":…,"fitWidth":…` of a laid-out message.
    static func sizeFields(_ layout: MarkdownLayout) -> String {
        JSONLStream.sizeFields(height: layout.height, lines: layout.lineCount, width: layout.usedWidth, fitWidth: layout.fitWidth)
    }

    /// The layout's JSON fields (no braces).
    static func layoutFields(_ layout: MarkdownLayout) -> String {
        func n(_ x: Double) -> String { JSONWriter.number(x) }
        var s = sizeFields(layout)
        s += ",\"blocks\":[" + layout.blocks.map { "{\"tag\":\"\($0.kind.tag)\",\"top\":\(n($0.top)),\"height\":\(n($0.height))}" }
            .joined(separator: ",") + "]"
        s += ",\"texts\":[" + layout.texts.map { t in
            "{\"block\":\(t.block),\"starts\":[\(t.lines.map { String($0.start) }.joined(separator: ","))]"
                + ",\"tops\":[\(t.lines.map { n($0.top) }.joined(separator: ","))]"
                + ",\"widths\":[\(t.lines.map { n($0.left + $0.width) }.joined(separator: ","))]"
                + ",\"lefts\":[\(t.lines.map { n($0.left) }.joined(separator: ","))]}"
        }.joined(separator: ",") + "]"
        return s
    }
}

/// The Markdown side of `chatform measure`: one typesetter for the run, made on first use (a
/// run of plain messages never resolves the theme's fonts).
final class MarkdownMeasure: Sendable {
    private let theme: ThemeOptions
    private let textFamily: String?
    /// `--dir` where given (`ltr` too), replacing the theme's direction; nil keeps the theme's.
    private let direction: ParagraphDirection?
    private let typesetter: Mutex<Result<MarkdownTypesetter, MarkdownError>?> = Mutex(nil)

    init(theme: ThemeOptions, textFamily: String?, direction: ParagraphDirection? = nil) {
        self.theme = theme
        self.textFamily = textFamily
        self.direction = direction
    }

    /// `"height":…,"lines":…,"width":…,"fitWidth":…` of a message.
    func fields(_ markdown: String, width: Double, lineClamp: Int? = nil) throws(MarkdownError) -> String {
        let layout = try resolved().get().layout(markdown, width: width)
        func n(_ x: Double) -> String { JSONWriter.number(x) }
        var fields = MarkdownCommand.sizeFields(layout)
        if let lineClamp {
            let clamp = MarkdownClamp.clamp(layout, lines: lineClamp)
            fields += ",\"clampedHeight\":\(n(clamp.height)),\"truncated\":\(clamp.truncated)"
        }
        return fields
    }

    private func resolved() -> Result<MarkdownTypesetter, MarkdownError> {
        typesetter.withLock { state in
            if let state { return state }
            let made = Result { () throws(MarkdownError) -> MarkdownTypesetter in
                try MarkdownTypesetter(theme: try theme.load(textFamily: textFamily, direction: direction))
            }
            state = made
            return made
        }
    }
}
