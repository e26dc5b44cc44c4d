import ArgumentParser
import ChatFormText
import ChatFormFont
import ChatFormReplay
import ChatFormMarkdown
import ChatFormPictures
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `chatform measure`: the height and line count of every message of a JSONL stream, for
/// one width and one font: what a server that precomputes message heights runs.
struct Measure: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure JSONL messages ({\"id\":…,\"text\":…}, {\"id\":…,\"spans\":[…]} or {\"id\":…,\"markdown\":…} per line): height, line count, widest line and fit width at a width, with real fonts.",
        discussion: """
        Reads standard input line by line and writes one line per input line, in order: \
        {"id":ID,"height":H,"lines":N,"width":W,"fitWidth":F} with H in pixels (CSS line-height: \
        normal unless --line-height), N the visual line count, as a browser lays the text out with \
        `white-space: pre-wrap; overflow-wrap: break-word`, W the widest line (a chat bubble's \
        width) and F the smallest width keeping N lines. "spans" is styled text: an array of \
        {"text":…} spans with optional "family", "size", "weight", "italic", "letterSpacing", \
        "edges" ([start, end] pixels) and {"attachment":{"width":…,"height":…,"baselineOffset":…}} \
        boxes (the CommandLineTool article has the format; spans need --font-family, not --font). \
        Blank lines are skipped. A line that is not an object with a string "text" or an array \
        "spans" gives {"line":K,"error":"…"} (K counts from 1) and \
        the command exits with status 1 at the end. Batches are measured on every core; output \
        streams as each batch is done.

        A line {"id":ID,"markdown":M} is a Markdown message (cmark-gfm, the theme of --theme or \
        the built-in one, --font-family replacing its text family): it gives \
        {"id":ID,"height":H,"lines":N,"width":W,"fitWidth":F}, W the widest line and F the \
        narrowest width that keeps every block's line count.

        With --line-clamp N a text or spans message also gives "clampedHeight" (the height of \
        at most N lines, as CSS -webkit-line-clamp: N shows it), "truncated" (whether text is \
        hidden) and, when it is, "visibleEnd" (the UTF-8 offset where the text shown ends) and \
        "ellipsisX" (where the ellipsis starts on the last line shown). A Markdown message \
        gives "clampedHeight" (to the bottom of its Nth line, its lines in reading order) and \
        "truncated"; its lines are not cut for an ellipsis.

        The CSS text modes (--white-space, --word-break, --overflow-wrap, --line-break; \
        --tab-width is tab-size) apply to "text" messages as the same CSS does in Chromium; \
        spans and Markdown keep the defaults.

        Without --font-family or --font the text is shaped with fontconfig's sans-serif \
        (\(DefaultFont.forHelp)), said once on standard error.
        """
    )

    @Option(help: "Available width in pixels.")
    var width: Double

    @OptionGroup(title: "Fonts")
    var fonts: FontOptions

    @Option(help: "Threads (default: every core).")
    var threads: Int?

    @OptionGroup(title: "Layout (CSS text modes, tabs and letter spacing: text messages; direction: text, spans and Markdown)")
    var layoutOptions: LayoutOptions

    @OptionGroup(title: "Markdown messages")
    var theme: ThemeOptions

    @Option(help: ArgumentHelp("Also draw each message as an SVG picture (lines, line boxes, the widest line) into this folder, named after its id (or its line number).", valueName: "folder"))
    var svg: String?

    func validate() throws {
        guard width.isFinite, width > 0 else { throw ValidationError("--width must be a positive number of pixels (got \(width)).") }
        if let threads, !(1...1024).contains(threads) { throw ValidationError("--threads must be in 1...1024 (got \(threads)).") }
    }

    func run() throws {
        let stack = try exitingOnError("measure") {
            try fonts.stack(tabWidth: layoutOptions.tabWidth, letterSpacing: layoutOptions.letterSpacing, command: "measure")
        }
        var pictures: MeasureBatch.Pictures?
        if let svg {
            try exitingOnError("measure", "cannot make the folder \(svg)") {
                try FileManager.default.createDirectory(atPath: svg, withIntermediateDirectories: true)
            }
            pictures = MeasureBatch.Pictures(folder: svg, drawing: .font(family: cssFamilies(of: stack), size: stack.size))
        }
        let workers = threads ?? ProcessInfo.processInfo.activeProcessorCount
        let options = try layoutOptions.textLayoutOptions()
        // Styled messages start from the families given (or sans-serif); a font file has no
        // family to change the weight or style of.
        let families = fonts.fontFamily == nil && fonts.font == nil ? [DefaultFont.family] : fonts.families
        let paragraph = families.isEmpty ? nil
            : ParagraphStyle(font: FontSpec(families: families, size: fonts.size), lineHeight: fonts.lineHeightStyle,
                             keepAll: layoutOptions.keepAll, direction: layoutOptions.direction)
        let markdown = MarkdownMeasure(theme: theme, textFamily: fonts.fontFamily, direction: layoutOptions.givenDirection)
        try JSONLStream.run(batchSize: 256 * max(1, workers)) { batch in
            MeasureBatch.run(batch, stack: stack, width: width, options: options, threads: workers,
                             pictures: pictures, paragraph: paragraph, markdown: markdown, lineClamp: layoutOptions.lineClamp)
        }
    }
}

/// One batch of messages measured on several threads, results in input order.
enum MeasureBatch {
    /// Where `--svg` draws each message, and how.
    struct Pictures: Sendable {
        var folder: String
        var drawing: LayoutPicture.Drawing

        /// A file name for a message: its id's letters, digits, `-`, `_` and `.` (others as
        /// `_`), or its line number when the id is missing or gives no usable name.
        func path(id: JSONValue?, line: Int) -> String {
            var name = ""
            if let id {
                let raw = id.string ?? JSONWriter.encode(id)
                name = String(raw.unicodeScalars.prefix(100).map {
                    ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0)) ? Character($0) : "_"
                })
            }
            if name.isEmpty || name.allSatisfy({ $0 == "." || $0 == "_" }) { name = "line-\(line)" }
            return folder + "/" + name + ".svg"
        }
    }

    static func run(_ batch: [JSONLStream.Line], stack: FontStack, width: Double,
                    options: TextLayoutOptions, threads: Int, pictures: Pictures? = nil,
                    paragraph: ParagraphStyle? = nil, markdown: MarkdownMeasure? = nil, lineClamp: Int? = nil) -> [String] {
        let results = ResultSlots(count: batch.count)
        let workers = min(threads, batch.count)
        DispatchQueue.concurrentPerform(iterations: workers) { w in
            var i = w
            while i < batch.count {
                results.set(i, measure(batch[i], stack: stack, width: width, options: options, pictures: pictures,
                                       paragraph: paragraph, markdown: markdown, lineClamp: lineClamp))
                i += workers
            }
        }
        return results.values
    }

    static func measure(_ item: JSONLStream.Line, stack: FontStack, width: Double,
                        options: TextLayoutOptions, pictures: Pictures? = nil, paragraph: ParagraphStyle? = nil,
                        markdown: MarkdownMeasure? = nil, lineClamp: Int? = nil) -> String {
        func failure(_ message: String) -> String { JSONLStream.failure(line: item.number, message) }
        let value: JSONValue
        do { value = try JSONReader.parse(item.bytes) } catch { return failure("\(error)") }
        guard value.array == nil, !value.keys.isEmpty || value["text"] != nil else { return failure("expected an object") }
        let id = value["id"].map { JSONWriter.encode($0) } ?? "null"
        if let source = value["markdown"]?.string, let markdown {
            do { return "{\"id\":\(id),\(try markdown.fields(source, width: width, lineClamp: lineClamp))}" } catch { return failure("\(error)") }
        }
        let prepared: ShapedText
        if let spans = value["spans"] {
            guard let paragraph else { return failure("\"spans\" need --font-family (a font file has no family to style)") }
            do {
                let elements = try SpanInput.elements(spans, paragraph: paragraph.font)
                prepared = try StyledText(elements, style: paragraph).shaped
            } catch {
                return failure("\(error)")
            }
        } else {
            guard let text = value["text"]?.string else { return failure("\"text\" must be a string (or give \"spans\" or \"markdown\")") }
            do { prepared = try ShapedText(text: text, shaper: stack, options: options) } catch { return failure("\(error)") }
        }
        do {
            let layout = try prepared.layout(width: width)
            if let pictures {
                let path = pictures.path(id: value["id"], line: item.number)
                let title = "id \(id), width \(JSONWriter.number(width))"
                do {
                    try LayoutPicture(layout, drawing: pictures.drawing, title: title).svg
                        .write(toFile: path, atomically: true, encoding: .utf8)
                } catch {
                    return failure("cannot write \(path): \(error.localizedDescription)")
                }
            }
            let size = JSONLStream.sizeFields(height: layout.height, lines: layout.lineCount, width: layout.usedWidth,
                                              fitWidth: try prepared.fitWidth(width: width))
            let clamp = try lineClamp.map { try clampFields(prepared, width: width, lines: $0) } ?? ""
            return "{\"id\":\(id),\(size)\(clamp)}"
        } catch {
            return failure("\(error)")
        }
    }
}

/// Slots written by several threads, each slot by one.
final class ResultSlots: @unchecked Sendable {
    private(set) var values: [String]
    private let lock = NSLock()

    init(count: Int) { values = Array(repeating: "", count: count) }

    func set(_ i: Int, _ value: String) {
        lock.lock()
        values[i] = value
        lock.unlock()
    }
}
