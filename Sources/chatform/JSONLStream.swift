import ArgumentParser
import ChatFormReplay
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The JSONL streams of `measure` and `markdown`: standard input's lines, blank ones skipped,
/// each answered by one line of standard output, in order. A line that cannot be answered
/// gets `{"line":K,"error":"…"}` (K counts from 1, blank lines included) and the command exits
/// with status 1 at the end.
enum JSONLStream {
    /// A line of input: its number (from 1) and its bytes (without the LF).
    typealias Line = (number: Int, bytes: [UInt8])

    /// Reads standard input in batches of up to `batchSize` non-blank lines and writes what
    /// `answer` gives for each batch (one string a line, in the batch's order), flushed after
    /// each batch.
    /// - Throws: `ExitCode(1)` at the end when any answer was an error line.
    static func run(batchSize: Int, _ answer: ([Line]) -> [String]) throws {
        var reader = LineReader(fd: 0)
        var out = OutputBuffer()
        var number = 0
        var failed = false
        while true {
            var batch: [Line] = []
            while batch.count < batchSize, let line = reader.next() {
                number += 1
                if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
                batch.append((number, line))
            }
            if batch.isEmpty { break }
            for result in answer(batch) {
                if result.hasPrefix(failurePrefix) { failed = true }
                out.append(result)
                out.append(0x0A)
            }
            out.flush()
        }
        if failed { throw ExitCode(1) }
    }

    /// The answer for input line `number` that could not be answered.
    static func failure(line number: Int, _ message: String) -> String {
        "\(failurePrefix)\(number),\"error\":\(JSONWriter.string(message))}"
    }

    private static let failurePrefix = "{\"line\":"

    /// `"height":H,"lines":N,"width":W,"fitWidth":F` (no braces): the fields every measured
    /// message gives, plain, styled or Markdown.
    static func sizeFields(height: Double, lines: Int, width: Double, fitWidth: Double) -> String {
        func n(_ x: Double) -> String { JSONWriter.number(x) }
        return "\"height\":\(n(height)),\"lines\":\(lines),\"width\":\(n(width)),\"fitWidth\":\(n(fitWidth))"
    }
}

/// Reads a file descriptor line by line (LF-separated; a final line without LF counts).
struct LineReader {
    let fd: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    /// Bytes from `start` on already searched for a newline (a long line is scanned once, not
    /// once a chunk).
    private var scanned = 0
    private var done = false

    init(fd: Int32) { self.fd = fd }

    mutating func next() -> [UInt8]? {
        while true {
            if let nl = buffer[(start + scanned)...].firstIndex(of: 0x0A) {
                let line = Array(buffer[start..<nl])
                start = nl + 1
                scanned = 0
                return line
            }
            scanned = buffer.count - start
            if done {
                if start < buffer.count {
                    let line = Array(buffer[start...])
                    start = buffer.count
                    scanned = 0
                    return line
                }
                return nil
            }
            if start > 0 {
                buffer.removeFirst(start)
                start = 0
            }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n > 0 {
                buffer.append(contentsOf: chunk[0..<n])
            } else if n == 0 || errno != EINTR {
                done = true
            }
        }
    }
}
