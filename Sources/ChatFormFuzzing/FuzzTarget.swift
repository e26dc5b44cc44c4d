/// The fuzz targets: each turns any bytes into an input for one part of the engine and
/// checks a property of the result, not only that nothing crashed.
///
/// `chatform-fuzz` runs them under libFuzzer (the Reliability article, "Fuzzing"); the tests run every
/// input of their seed corpora (`Fuzz/Corpus/<target>`) through `check(_:)`.
///
/// ```swift
/// try FuzzTarget.layout.check(Array("\u{2}\u{40}\u{0}hello world".utf8))
/// ```
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// Text layout: invalid UTF-8 is a typed error with the first bad offset; valid text at
    /// any width lays out in lines that partition it, each fitting or holding one cluster,
    /// equal to the ICU-only reference wrap and to the parallel layout.
    case layout
    /// `TextDocument`: after every edit of any sequence, its lines equal a fresh layout of
    /// its text, and its caret answers equal the fresh layout's.
    case document
    /// `chatform replay` (replay and behaviour scripts): a result, or a typed error naming
    /// where; without frames one line per event, with frames a bounded number per event.
    case replay
    /// The terminal input decoder: any byte stream gives key events, the same however it
    /// is split into chunks, with no control character as text.
    case input
    /// Markdown messages: any bytes parse into a document or a typed refusal; laid out at
    /// a few widths, heights are finite, lines partition each text, and no line passes the
    /// width but a code block's or a single unbreakable cluster's.
    case markdown

    /// Runs the target's property on `data`.
    ///
    /// - Throws: `PropertyFailure` describing the broken property.
    public func check(_ data: [UInt8]) throws(PropertyFailure) {
        switch self {
        case .layout: try TextLayoutProperty.check(data)
        case .document: try TextDocumentProperty.check(data)
        case .replay: try ReplayProperty.check(data)
        case .input: try InputDecoderProperty.check(data)
        case .markdown: try MarkdownProperty.check(data)
        }
    }
}

/// A property a fuzz target checks did not hold.
public struct PropertyFailure: Error, Sendable, CustomStringConvertible {
    /// What went wrong, with the values involved.
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}

/// Throws `PropertyFailure(message())` unless `condition` holds.
@inline(__always)
func require(_ condition: Bool, _ message: @autoclosure () -> String) throws(PropertyFailure) {
    if !condition { throw PropertyFailure(message()) }
}

/// Reads choices from the front of a fuzzer's input; what is left is the payload.
struct FuzzBytes {
    private var bytes: ArraySlice<UInt8>

    init(_ data: [UInt8]) { bytes = data[...] }

    var isEmpty: Bool { bytes.isEmpty }

    /// The next byte, or 0 once the input is used up.
    mutating func byte() -> UInt8 { bytes.popFirst() ?? 0 }

    /// The next two bytes as a number.
    mutating func uint16() -> Int { Int(byte()) << 8 | Int(byte()) }

    /// Up to `count` next bytes.
    mutating func take(_ count: Int) -> [UInt8] {
        let n = Swift.min(count, bytes.count)
        defer { bytes = bytes.dropFirst(n) }
        return Array(bytes.prefix(n))
    }

    /// Everything left.
    mutating func rest() -> [UInt8] { take(bytes.count) }
}
