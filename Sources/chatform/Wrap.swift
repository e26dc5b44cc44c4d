import ArgumentParser
import ChatFormText
import ChatFormFont
import ChatFormPictures
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `chatform wrap`: lays standard input out as one text and prints its visual lines.
struct Wrap: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Wrap standard input (one text, any number of paragraphs) to a width in terminal cells or pixels.",
        discussion: """
        --format jsonl prints one object per visual line: {"start":S,"end":E,"width":W,"hard":B} \
        with S and E UTF-8 byte offsets into the input (the lines partition it), W the width in \
        cells without trailing hanging white space or the line's mandatory break, and B true \
        when the line ends in a mandatory break. Invalid UTF-8 exits with status 2.

        With --font-family, --font or --font-size the text is shaped with real fonts (HarfBuzz, \
        fontconfig fallback) as a browser lays out `white-space: pre-wrap; overflow-wrap: \
        break-word`: --width and W are in pixels (fractional allowed) and each object also has \
        "height", the line's height in pixels (CSS line-height: normal, or --line-height). \
        --font-size alone uses fontconfig's sans-serif (\(DefaultFont.forHelp)), said once \
        on standard error.

        --spans reads standard input as styled text: a JSON array of spans (or an object with \
        "spans"), as `chatform measure` takes them, shaped with --font-family (default \
        sans-serif) at --font-size. --markdown reads it as one Markdown message laid out under \
        --theme (or the built-in theme; --font-family replaces its text family). Both print \
        each line's text (attachments as U+FFFC), and with --format jsonl one object a line: \
        for spans {"start","end","width","hard","height","top","runs"}, runs being the pieces \
        of the input's elements on the line ({"element":I,"start":S,"end":E,"x":X}, X from the \
        line's start); for Markdown {"block","tag","start","end","top","left","width", \
        "height","text"}, offsets into the block's text. --svg draws spans in their fonts and \
        attachments as boxes, Markdown lines at their places in their blocks.

        --line-clamp N shows at most N lines (plain text, cells or fonts), as CSS \
        -webkit-line-clamp: N does: the last line shown is cut so that an ellipsis ("…", or \
        "..." with a font that has no glyph for it) fits after it when text is hidden. The text \
        format prints that line's text shown and the ellipsis; in jsonl its object also has \
        "truncated":true, "visibleEnd" (the UTF-8 offset where the text shown ends), \
        "ellipsisX" and "ellipsisWidth", and --svg draws the lines shown and the ellipsis. With \
        --dir rtl (or auto on right-to-left text) the paragraph is right to left: the last line \
        keeps its right part and "ellipsisX" (from the box's left) is on its left. --spans take \
        --line-clamp as plain text does; --markdown prints the first N lines of the message \
        (its lines are not cut for an ellipsis) and marks the last one "truncated" when lines \
        are hidden.

        The CSS text modes (--white-space, --word-break, --overflow-wrap, --line-break, \
        --text-align, --letter-spacing; --tab-width is tab-size) change the layout as the same CSS changes \
        Chromium's; offsets stay in the input (white space a mode collapses is kept in the \
        lines, with no width). With --text-align other than start, each jsonl object also has \
        "x", the line's left edge, and in cells the text format indents each line by it. \
        With cells, white-space nowrap and pre, keep-all and text-align apply; the other modes \
        need a font.
        """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, jsonl
    }

    @Option(help: "Available width: cells (a positive integer), or pixels with a font.")
    var width: Double

    @Option(help: "Cells for East Asian Ambiguous characters: 1 or 2.")
    var ambiguousWidth: Int = 1

    @OptionGroup(title: "Layout (CSS text modes, tabs, letter spacing, clamp, direction)")
    var layoutOptions: LayoutOptions

    @Option(help: "Output format: text or jsonl.")
    var format: Format = .text

    @OptionGroup(title: "Fonts")
    var fonts: FontOptions

    @Flag(help: "With a font: print each shaped run (byte range, font family, file, bidi level, script) to standard error.")
    var showRuns = false

    @Option(help: ArgumentHelp("Also write the layout as an SVG picture: each line's box and text where the engine put it, the available width and the widest line.", valueName: "file"))
    var svg: String?

    @Flag(help: "Standard input is styled text: a JSON array of spans (as `measure` takes them).")
    var spans = false

    @Flag(help: "Standard input is one Markdown message (cmark-gfm), laid out under --theme.")
    var markdown = false

    @OptionGroup(title: "Markdown")
    var theme: ThemeOptions

    var usesFonts: Bool { fonts.isGiven || spans || markdown }

    func validate() throws {
        try validateStyledInput()
        if usesFonts {
            guard width.isFinite, width > 0 else { throw ValidationError("--width must be a positive number of pixels (got \(width)).") }
        } else {
            guard width.isFinite, width > 0, width.rounded() == width, width <= 1e9 else {
                throw ValidationError("--width must be a positive integer (got \(width)).")
            }
        }
        guard layoutOptions.letterSpacing == 0 || usesFonts else { throw ValidationError("--letter-spacing needs a font (--font-family or --font).") }
        if layoutOptions.givenDirection != nil && markdown { throw ValidationError("--dir takes plain text or --spans (not --markdown).") }
        guard ambiguousWidth == 1 || ambiguousWidth == 2 else {
            throw ValidationError("--ambiguous-width must be 1 or 2 (got \(ambiguousWidth)).")
        }
    }

    func run() throws {
        if spans || markdown {
            try runStyled()
            return
        }
        let input = readStandardInput()
        let text = try exitingOnError("wrap") { try UTF8Validation.string(from: input) }
        let options = try layoutOptions.textLayoutOptions()
        let layout: TextLayout
        var drawing = LayoutPicture.Drawing.terminalCells
        if usesFonts {
            let stack = try exitingOnError("wrap") {
                try fonts.stack(tabWidth: layoutOptions.tabWidth, letterSpacing: layoutOptions.letterSpacing, command: "wrap")
            }
            layout = try TextLayout(text: text, width: width, metrics: stack, options: options)
            drawing = .font(family: cssFamilies(of: stack), size: stack.size)
            if showRuns, let shaped = layout.shapedText {
                for run in shaped.runs {
                    let face = stack.face(of: run)
                    let script = String(decoding: [24, 16, 8, 0].map { UInt8((run.script >> $0) & 0xFF) }, as: UTF8.self)
                    writeError("run \(run.range.lowerBound)..<\(run.range.upperBound) \(face.family) \(face.path)#\(face.index) level \(run.bidiLevel) \(script) box \(face.box.ascent)/\(face.box.descent)/\(face.box.lineGap)")
                }
            }
        } else {
            let metrics = TerminalCellMetrics(tabWidth: layoutOptions.tabWidth, ambiguousWidth: ambiguousWidth)
            layout = try TextLayout(text: text, width: Double(width), metrics: metrics, options: options)
        }
        let clamped = try layoutOptions.lineClamp.map { try clamp(layout, lines: $0) }
        if let svg {
            let picture = clamped.map { LayoutPicture(clamped: $0, drawing: drawing) } ?? LayoutPicture(layout, drawing: drawing)
            try exitingOnError("wrap", "cannot write \(svg)") { try picture.svg.write(toFile: svg, atomically: true, encoding: .utf8) }
        }
        if let clamped {
            try printClamped(clamped, input: input)
            return
        }
        var out = OutputBuffer()
        let aligned = options.modes.textAlign != .start
        input.withUnsafeBufferPointer { bytes in
            for (index, line) in layout.lines.enumerated() {
                // Under text-align, each line's x ("x" in jsonl; cells: indented by it).
                let x = aligned ? layout.lineX(index) : 0
                switch format {
                case .text:
                    if !usesFonts && x >= 1 { out.append(String(repeating: " ", count: Int(x))) }
                    out.append(UnsafeBufferPointer(rebasing: bytes[line.start..<line.contentEnd]))
                    out.append(0x0A)
                case .jsonl:
                    let xField = aligned ? ",\"x\":\((x * 65536).rounded() / 65536)" : ""
                    if usesFonts {
                        let w = (line.width * 65536).rounded() / 65536
                        let h = layout.heightOfLine(index)
                        out.append("{\"start\":\(line.start),\"end\":\(line.end),\"width\":\(w),\"hard\":\(line.isHard),\"height\":\(h)\(xField)}\n")
                    } else {
                        out.append("{\"start\":\(line.start),\"end\":\(line.end),\"width\":\(Int(line.width)),\"hard\":\(line.isHard)\(xField)}\n")
                    }
                }
            }
        }
        out.flush()
    }
}

/// The stack's faces as a CSS `font-family` list, for pictures a browser draws with the
/// same fonts (fallback fonts are the browser's to find, as the engine found them).
func cssFamilies(of stack: FontStack) -> String {
    var seen: [String] = []
    for face in stack.primaryFaces where !seen.contains(face.family) { seen.append(face.family) }
    return seen.map { "'\($0.replacingOccurrences(of: "'", with: ""))'" }.joined(separator: ", ")
}

/// Reads all of standard input.
func readStandardInput() -> [UInt8] {
    var result: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let n = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
        if n > 0 {
            result.append(contentsOf: chunk[0..<n])
        } else if n == 0 || errno != EINTR {
            break
        }
    }
    return result
}

func writeError(_ message: String) {
    var line = message + "\n"
    line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}

/// What `body` returns; when it throws, the error goes to standard error as
/// `chatform COMMAND: ERROR` (`chatform COMMAND: CONTEXT: ` and the error's localized
/// description when `context` is given) and the command exits with status 2.
func exitingOnError<T>(_ command: String, _ context: String? = nil, _ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch {
        writeError("chatform \(command): " + (context.map { "\($0): \(error.localizedDescription)" } ?? "\(error)"))
        throw ExitCode(2)
    }
}

/// Buffered writes to standard output.
struct OutputBuffer {
    private var bytes: [UInt8] = []

    init() { bytes.reserveCapacity(1 << 16) }

    mutating func append(_ byte: UInt8) {
        bytes.append(byte)
    }

    mutating func append(_ slice: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: slice)
        if bytes.count >= 1 << 16 { flush() }
    }

    mutating func append(_ string: String) {
        bytes.append(contentsOf: string.utf8)
        if bytes.count >= 1 << 16 { flush() }
    }

    mutating func flush() {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
            if n <= 0 { if errno == EINTR { continue } else { break } }
            offset += n
        }
        bytes.removeAll(keepingCapacity: true)
    }
}
