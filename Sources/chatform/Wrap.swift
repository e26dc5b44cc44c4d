import ArgumentParser
import ChatFormText
import ChatFormFont
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `chatform wrap`: lays standard input out as one text and prints its visual lines.
struct Wrap: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Wrap standard input (one text, any number of paragraphs) to a width in terminal cells.",
        discussion: """
        --format jsonl prints one object per visual line: {"start":S,"end":E,"width":W,"hard":B}
        with S and E UTF-8 byte offsets into the input (the lines partition it), W the width in
        cells without trailing hanging white space or the line's mandatory break, and B true
        when the line ends in a mandatory break. Invalid UTF-8 exits with status 2.
        """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, jsonl
    }

    @Option(help: "Available width in cells (a positive integer).")
    var width: Int

    @Option(help: "Tab stops every N cells.")
    var tabWidth: Int = 8

    @Option(help: "Cells for East Asian Ambiguous characters: 1 or 2.")
    var ambiguousWidth: Int = 1

    @Flag(help: "Korean word priority: do not break between letters with no space between them.")
    var keepAll = false

    @Option(help: "Output format: text or jsonl.")
    var format: Format = .text

    @Option(help: "Measure with this font file's glyph advances (FreeType) instead of terminal cells; --width is then in pixels.")
    var font: String?

    @Option(help: "Pixels per em for --font.")
    var fontSize: Int = 16

    func validate() throws {
        guard width > 0 else { throw ValidationError("--width must be a positive integer (got \(width)).") }
        guard tabWidth > 0 else { throw ValidationError("--tab-width must be a positive integer (got \(tabWidth)).") }
        guard fontSize > 0 else { throw ValidationError("--font-size must be a positive integer (got \(fontSize)).") }
        guard ambiguousWidth == 1 || ambiguousWidth == 2 else {
            throw ValidationError("--ambiguous-width must be 1 or 2 (got \(ambiguousWidth)).")
        }
    }

    func run() throws {
        let input = readStandardInput()
        let text: String
        do {
            text = try UTF8Validation.string(from: input)
        } catch {
            writeError("chatform wrap: \(error)")
            throw ExitCode(2)
        }
        let options = TextLayoutOptions(keepAll: keepAll)
        let layout: TextLayout
        if let font {
            let face: FontFace
            do { face = try FontFace(path: font, pixelSize: fontSize) } catch {
                writeError("chatform wrap: \(error)")
                throw ExitCode(2)
            }
            layout = try TextLayout(text: text, width: Double(width), metrics: FontMetrics(face: face, tabWidth: tabWidth), options: options)
        } else {
            let metrics = TerminalCellMetrics(tabWidth: tabWidth, ambiguousWidth: ambiguousWidth)
            layout = try TextLayout(text: text, width: Double(width), metrics: metrics, options: options)
        }
        var out = OutputBuffer()
        input.withUnsafeBufferPointer { bytes in
            for line in layout.lines {
                switch format {
                case .text:
                    out.append(UnsafeBufferPointer(rebasing: bytes[line.start..<line.contentEnd]))
                    out.append(0x0A)
                case .jsonl:
                    let w = font == nil ? String(Int(line.width)) : String((line.width * 1000).rounded() / 1000)
                    out.append("{\"start\":\(line.start),\"end\":\(line.end),\"width\":\(w),\"hard\":\(line.isHard)}\n")
                }
            }
        }
        out.flush()
    }
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
