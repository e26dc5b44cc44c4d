import ChatFormText

/// A parsed JSON value. The replay scripts are parsed with this small reader so that a
/// malformed script is reported with its line and column.
///
/// Not `indirect`: arrays and objects already hold their items in an array's storage, so a
/// number or a string is stored in place instead of in a box of its own (one allocation a
/// value less when a script is read or generated).
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case (.bool(let x), .bool(let y)): x == y
        case (.number(let x), .number(let y)): x == y
        case (.string(let x), .string(let y)): x == y
        case (.array(let x), .array(let y)): x == y
        case (.object(let x), .object(let y)): x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    /// The value for `key` in an object (the last one if a key repeats).
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members.last { $0.0 == key }?.1 }
        return nil
    }

    /// The keys of an object, in order.
    public var keys: [String] {
        if case .object(let members) = self { return members.map(\.0) }
        return []
    }

    public var number: Double? { if case .number(let n) = self { n } else { nil } }
    public var string: String? { if case .string(let s) = self { s } else { nil } }
    public var bool: Bool? { if case .bool(let b) = self { b } else { nil } }
    public var array: [JSONValue]? { if case .array(let a) = self { a } else { nil } }
    public var isNull: Bool { self == .null }
}

/// A syntax error in a JSON text, with its 1-based line and column.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var line: Int
    public var column: Int
    public var description: String { "malformed JSON at line \(line), column \(column): \(message)" }
}

/// A strict JSON reader (RFC 8259) over UTF-8 bytes.
public struct JSONReader {
    private let bytes: [UInt8]
    private var i = 0
    private var depth = 0
    private static let maxDepth = 512

    /// Parses `bytes` as one JSON value.
    ///
    /// - Throws: `JSONSyntaxError` with the line and column of the first problem.
    /// - Complexity: O(n).
    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        var reader = JSONReader(bytes: bytes)
        reader.skipSpace()
        let value = try reader.value()
        reader.skipSpace()
        if reader.i < bytes.count { throw reader.error("unexpected text after the value") }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func error(_ message: String, at position: Int? = nil) -> JSONSyntaxError {
        let p = Swift.min(position ?? i, bytes.count)
        var line = 1
        var lineStart = 0
        for k in 0..<p where bytes[k] == 0x0A { line += 1; lineStart = k + 1 }
        // Columns count characters (scalars), not bytes.
        let column = bytes[lineStart..<p].filter { $0 & 0xC0 != 0x80 }.count + 1
        return JSONSyntaxError(message: message, line: line, column: column)
    }

    private mutating func skipSpace() {
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
    }

    private mutating func value() throws(JSONSyntaxError) -> JSONValue {
        guard i < bytes.count else { throw error("unexpected end of input") }
        switch bytes[i] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw error("unexpected character '\(String(decoding: [bytes[i]], as: UTF8.self))'")
        }
    }

    private mutating func literal(_ word: String) throws(JSONSyntaxError) {
        let w = Array(word.utf8)
        guard i + w.count <= bytes.count, Array(bytes[i..<(i + w.count)]) == w else { throw error("expected '\(word)'") }
        i += w.count
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > Self.maxDepth { throw error("nesting deeper than \(Self.maxDepth)") }
    }

    private mutating func object() throws(JSONSyntaxError) -> JSONValue {
        var members: [(String, JSONValue)] = []
        try elements(closing: "}", in: "an object") { (parser) throws(JSONSyntaxError) in
            guard parser.i < parser.bytes.count, parser.bytes[parser.i] == UInt8(ascii: "\"") else {
                throw parser.error("expected a string key")
            }
            let key = try parser.string()
            parser.skipSpace()
            guard parser.i < parser.bytes.count, parser.bytes[parser.i] == UInt8(ascii: ":") else {
                throw parser.error("expected ':' after a key")
            }
            parser.i += 1
            parser.skipSpace()
            members.append((key, try parser.value()))
        }
        return .object(members)
    }

    private mutating func array() throws(JSONSyntaxError) -> JSONValue {
        var items: [JSONValue] = []
        try elements(closing: "]", in: "an array") { (parser) throws(JSONSyntaxError) in items.append(try parser.value()) }
        return .array(items)
    }

    /// The elements of an object or array, from its opening bracket at `i` to past its
    /// `closing` one: `element` reads each (white space before it skipped), separated by
    /// commas; `container` names it in errors.
    private mutating func elements(closing: Unicode.Scalar, in container: String,
                                   _ element: (inout Self) throws(JSONSyntaxError) -> Void) throws(JSONSyntaxError) {
        try enter()
        defer { depth -= 1 }
        let close = UInt8(ascii: closing)
        i += 1
        skipSpace()
        if i < bytes.count && bytes[i] == close { i += 1; return }
        while true {
            skipSpace()
            try element(&self)
            skipSpace()
            guard i < bytes.count else { throw error("unexpected end of input in \(container)") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == close { i += 1; return }
            throw error("expected ',' or '\(closing)' in \(container)")
        }
    }

    private mutating func number() throws(JSONSyntaxError) -> Double {
        let start = i
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        func digits() -> Int {
            let s = i
            while i < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) { i += 1 }
            return i - s
        }
        let intStart = i
        let intDigits = digits()
        if intDigits == 0 { throw error("expected a digit", at: i) }
        if intDigits > 1 && bytes[intStart] == UInt8(ascii: "0") { throw error("leading zero in a number", at: intStart) }
        if i < bytes.count && bytes[i] == UInt8(ascii: ".") {
            i += 1
            if digits() == 0 { throw error("expected a digit after '.'") }
        }
        if i < bytes.count && (bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E")) {
            i += 1
            if i < bytes.count && (bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-")) { i += 1 }
            if digits() == 0 { throw error("expected a digit in an exponent") }
        }
        guard let value = Double(String(decoding: bytes[start..<i], as: UTF8.self)), value.isFinite else {
            throw error("number out of range", at: start)
        }
        return value
    }

    private mutating func string() throws(JSONSyntaxError) -> String {
        i += 1
        var out: [UInt8] = []
        while true {
            guard i < bytes.count else { throw error("unterminated string") }
            let b = bytes[i]
            if b == UInt8(ascii: "\"") { i += 1; break }
            if b < 0x20 { throw error("control character in a string") }
            if b != UInt8(ascii: "\\") { out.append(b); i += 1; continue }
            i += 1
            guard i < bytes.count else { throw error("unterminated escape") }
            let e = bytes[i]
            i += 1
            switch e {
            case UInt8(ascii: "\""): out.append(0x22)
            case UInt8(ascii: "\\"): out.append(0x5C)
            case UInt8(ascii: "/"): out.append(0x2F)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var code = try hex4()
                if (0xD800...0xDBFF).contains(code) {
                    guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                        throw error("unpaired surrogate escape")
                    }
                    i += 2
                    let low = try hex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw error("unpaired surrogate escape") }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(code) {
                    throw error("unpaired surrogate escape")
                }
                out.append(contentsOf: Array(String(Unicode.Scalar(code)!).utf8))
            default:
                throw error("unknown escape '\\\(String(decoding: [e], as: UTF8.self))'", at: i - 1)
            }
        }
        guard let s = String(validating: out, as: UTF8.self) else { throw error("invalid UTF-8 in a string") }
        return s
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        guard i + 4 <= bytes.count else { throw error("short \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[i]
            let d: UInt32
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(b - UInt8(ascii: "A") + 10)
            default: throw error("bad hex digit in \\u escape")
            }
            v = v * 16 + d
            i += 1
        }
        return v
    }
}

/// Writes JSON text; numbers that are whole print without a fraction.
public struct JSONWriter {
    public private(set) var text = ""

    public init() {}

    public static func number(_ x: Double) -> String {
        if !x.isFinite { return "null" }
        if x == x.rounded() && Swift.abs(x) < 1e15 { return String(Int64(x)) }
        return "\(x)"
    }

    public static func string(_ s: String) -> String {
        var out = "\""
        out.reserveCapacity(s.utf8.count + 2)
        stringEscapes.append(s, to: &out)
        out += "\""
        return out
    }

    /// What a JSON string escapes: its quote, backslash and control characters, and DEL, NEL
    /// and the line and paragraph separators too, so a string stays on one line in any reader.
    private static let stringEscapes = ScalarEscapes(
        ["\"": "\\\"", "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t"]
    ) { scalar in
        switch scalar.value {
        case ..<0x20, 0x7F, 0x85, 0x2028, 0x2029: "\\u" + String(format4: scalar.value)
        default: nil
        }
    }

    public static func encode(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let b): b ? "true" : "false"
        case .number(let n): number(n)
        case .string(let s): string(s)
        case .array(let a): "[" + a.map(encode).joined(separator: ",") + "]"
        case .object(let m): "{" + m.map { string($0.0) + ":" + encode($0.1) }.joined(separator: ",") + "}"
        }
    }
}

extension String {
    init(format4 value: UInt32) {
        let hex = String(value, radix: 16)
        self = String(repeating: "0", count: Swift.max(0, 4 - hex.count)) + hex
    }
}
