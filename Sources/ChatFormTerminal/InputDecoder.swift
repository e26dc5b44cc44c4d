/// Turns the raw bytes a terminal sends into `KeyEvent`s.
///
/// A pure value: feed it chunks exactly as `read` returned them. Sequences split across
/// chunks (UTF-8, escape sequences, bracketed pastes) are held back until complete. A lone
/// ESC cannot be told apart from the start of a sequence until time passes, so call
/// `flush()` when no byte arrived for a short while (`hasPendingBytes` says when it matters).
///
/// ```swift
/// var decoder = InputDecoder()
/// decoder.feed([0x1B])            // [] — maybe the start of a sequence
/// decoder.feed(Array("[A".utf8))  // [.key(.up)]
/// decoder.feed([0x1B])            // []
/// decoder.flush()                 // [.key(.escape)]
/// ```
///
/// Invalid bytes become U+FFFD; unknown escape sequences are swallowed whole.
public struct InputDecoder: Sendable, Equatable {
    /// Bytes held back: an unfinished escape sequence or UTF-8 sequence, or a possible
    /// prefix of the paste terminator.
    private var pending: [UInt8] = []
    /// True between `ESC [ 200 ~` and `ESC [ 201 ~`.
    private var isPasting = false
    private var pasteBytes: [UInt8] = []

    /// Longest escape sequence kept waiting for its final byte; longer ones are dropped.
    static let maximumSequenceLength = 64
    private static let pasteEnd: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]  // ESC [ 201 ~

    public init() {}

    /// True when bytes are held back that `flush()` would resolve (a lone ESC, an
    /// unfinished sequence). An unfinished paste does not count: it waits for its end.
    public var hasPendingBytes: Bool { !pending.isEmpty && !isPasting }

    /// True while inside a bracketed paste whose end marker has not arrived yet.
    public var isInsidePaste: Bool { isPasting }

    /// Decodes one chunk of input.
    ///
    /// - Complexity: O(n) in the chunk plus the bytes held back from earlier chunks.
    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [KeyEvent] {
        pending.append(contentsOf: bytes)
        return decode(final: false)
    }

    /// Resolves whatever is held back as if no more bytes will follow soon: a lone ESC
    /// becomes `.key(.escape)`, an unfinished UTF-8 sequence becomes U+FFFD, an unfinished
    /// escape sequence is dropped. A paste in progress keeps waiting for its end marker.
    ///
    /// - Complexity: O(n) in the bytes held back.
    public mutating func flush() -> [KeyEvent] {
        if isPasting { return [] }
        return decode(final: true)
    }

    // MARK: - Decoding

    private mutating func decode(final: Bool) -> [KeyEvent] {
        let buffer = pending
        pending = []
        var events: [KeyEvent] = []
        var text: [UInt8] = []
        var i = 0

        func endText() {
            guard !text.isEmpty else { return }
            let string = Self.printable(String(decoding: text, as: UTF8.self))
            if !string.isEmpty { events.append(.text(string)) }
            text.removeAll(keepingCapacity: true)
        }

        while i < buffer.count {
            if isPasting {
                if let end = Self.find(Self.pasteEnd, in: buffer, from: i) {
                    pasteBytes.append(contentsOf: buffer[i..<end])
                    events.append(.paste(Self.pasteText(pasteBytes)))
                    pasteBytes = []
                    isPasting = false
                    i = end + Self.pasteEnd.count
                    continue
                }
                let keep = Self.suffixMatchingPrefix(of: Self.pasteEnd, in: buffer, from: i)
                pasteBytes.append(contentsOf: buffer[i..<(buffer.count - keep)])
                pending = Array(buffer[(buffer.count - keep)...])
                return events
            }

            let byte = buffer[i]
            switch byte {
            case 0x20...0x7E:
                text.append(byte)
                i += 1
            case 0x80...:
                if !final, Self.isUnfinishedUTF8(buffer, at: i) {
                    endText()
                    pending = Array(buffer[i...])
                    return events
                }
                text.append(byte)
                i += 1
            case 0x1B:
                endText()
                switch parseEscape(buffer, at: i, final: final) {
                case .needMore:
                    pending = Array(buffer[i...])
                    return events
                case .consumed(let count, let produced):
                    events.append(contentsOf: produced)
                    i += count
                }
            default:
                endText()
                events.append(Self.controlKey(byte))
                i += 1
            }
        }
        endText()
        return events
    }

    private enum EscapeResult {
        case needMore
        case consumed(Int, [KeyEvent])
    }

    /// Parses the sequence starting with the ESC at `buffer[start]`.
    private mutating func parseEscape(_ buffer: [UInt8], at start: Int, final: Bool) -> EscapeResult {
        let available = buffer.count - start
        guard available >= 2 else {
            return final ? .consumed(1, [.key(.escape)]) : .needMore
        }
        let next = buffer[start + 1]
        switch next {
        case UInt8(ascii: "["):
            return parseCSI(buffer, at: start, final: final)
        case UInt8(ascii: "O"):
            guard available >= 3 else {
                return final ? .consumed(2, [.key(.character("O"), .alt)]) : .needMore
            }
            let code = buffer[start + 2]
            guard (0x40...0x7E).contains(code) else {
                return .consumed(2, [.key(.character("O"), .alt)])
            }
            return .consumed(3, Self.ss3Key(code).map { [.key($0)] } ?? [])
        case 0x0D:
            return .consumed(2, [.key(.enter, .alt)])
        case 0x09:
            return .consumed(2, [.key(.tab, .alt)])
        case 0x7F, 0x08:
            return .consumed(2, [.key(.backspace, .alt)])
        case 0x01...0x1A:
            guard case .key(let key, let modifiers) = Self.controlKey(next) else { break }
            return .consumed(2, [.key(key, modifiers.union(.alt))])
        case 0x20...0x7E:
            return .consumed(2, [.key(.character(Character(Unicode.Scalar(next))), .alt)])
        default:
            break
        }
        // ESC followed by something that does not combine with it: report the ESC and
        // decode the next byte on its own.
        return .consumed(1, [.key(.escape)])
    }

    /// Parses `ESC [ params intermediates final`.
    private mutating func parseCSI(_ buffer: [UInt8], at start: Int, final: Bool) -> EscapeResult {
        var j = start + 2
        var parameters: [UInt8] = []
        var hasIntermediates = false
        while j < buffer.count {
            let byte = buffer[j]
            switch byte {
            case 0x30...0x3F where !hasIntermediates:
                parameters.append(byte)
            case 0x20...0x2F:
                hasIntermediates = true
            case 0x40...0x7E:
                let length = j - start + 1
                if hasIntermediates { return .consumed(length, []) }
                return .consumed(length, interpretCSI(parameters: parameters, final: byte))
            default:
                // Not part of a CSI sequence: drop what was read, decode this byte anew.
                let length = j - start
                return .consumed(length, length == 2 ? [.key(.character("["), .alt)] : [])
            }
            j += 1
            if j - start > Self.maximumSequenceLength { return .consumed(j - start, []) }
        }
        guard final else { return .needMore }
        let length = buffer.count - start
        return .consumed(length, length == 2 ? [.key(.character("["), .alt)] : [])
    }

    private mutating func interpretCSI(parameters: [UInt8], final: UInt8) -> [KeyEvent] {
        if let first = parameters.first, (0x3C...0x3F).contains(first) { return [] }  // private
        let numbers = parameters.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
            .map { field -> Int? in
                guard !field.isEmpty, field.count <= 6,
                      field.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
                return field.reduce(0) { $0 * 10 + Int($1 - 0x30) }
            }
        let modifiers = numbers.count >= 2 ? KeyModifiers(xtermParameter: numbers[1] ?? 1) : []

        let key: Key?
        switch final {
        case UInt8(ascii: "A"): key = .up
        case UInt8(ascii: "B"): key = .down
        case UInt8(ascii: "C"): key = .right
        case UInt8(ascii: "D"): key = .left
        case UInt8(ascii: "H"): key = .home
        case UInt8(ascii: "F"): key = .end
        case UInt8(ascii: "P"): key = .function(1)
        case UInt8(ascii: "Q"): key = .function(2)
        case UInt8(ascii: "R"): key = .function(3)
        case UInt8(ascii: "S"): key = .function(4)
        case UInt8(ascii: "Z"): return [.key(.tab, modifiers.union(.shift))]
        case UInt8(ascii: "~"):
            let code = numbers.first.flatMap { $0 }
            if code == 200 {
                isPasting = true
                pasteBytes = []
                return []
            }
            key = code.flatMap(Self.tildeKey)
        default:
            key = nil
        }
        return key.map { [.key($0, modifiers)] } ?? []
    }

    // MARK: - Tables

    private static func controlKey(_ byte: UInt8) -> KeyEvent {
        switch byte {
        case 0x0D: return .key(.enter)
        case 0x09: return .key(.tab)
        case 0x7F, 0x08: return .key(.backspace)
        case 0x00: return .key(.character(" "), .control)
        case 0x01...0x1A:
            return .key(.character(Character(Unicode.Scalar(byte + 0x60))), .control)
        case 0x1C...0x1F:  // Ctrl-\ Ctrl-] Ctrl-^ Ctrl-_
            return .key(.character(Character(Unicode.Scalar(byte + 0x40))), .control)
        default:
            return .key(.escape)
        }
    }

    private static func ss3Key(_ code: UInt8) -> Key? {
        switch code {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "P"): return .function(1)
        case UInt8(ascii: "Q"): return .function(2)
        case UInt8(ascii: "R"): return .function(3)
        case UInt8(ascii: "S"): return .function(4)
        case UInt8(ascii: "M"): return .enter  // keypad Enter in application mode
        default: return nil
        }
    }

    private static func tildeKey(_ code: Int) -> Key? {
        switch code {
        case 1, 7: return .home
        case 2: return .insert
        case 3: return .delete
        case 4, 8: return .end
        case 5: return .pageUp
        case 6: return .pageDown
        case 11...15: return .function(code - 10)
        case 17...21: return .function(code - 11)
        case 23, 24: return .function(code - 12)
        default: return nil
        }
    }

    // MARK: - Helpers

    /// True when `buffer[index...]` is a UTF-8 lead byte followed only by continuation
    /// bytes, fewer than the lead byte announces.
    private static func isUnfinishedUTF8(_ buffer: [UInt8], at index: Int) -> Bool {
        let lead = buffer[index]
        let length: Int
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return false
        }
        let available = buffer.count - index
        guard available < length else { return false }
        return buffer[(index + 1)...].allSatisfy { $0 & 0xC0 == 0x80 }
    }

    /// Drops control characters, which must never reach the screen as text.
    private static func printable(_ string: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in string.unicodeScalars where scalar.properties.generalCategory != .control {
            scalars.append(scalar)
        }
        return String(scalars)
    }

    /// Paste bytes as text: invalid UTF-8 repaired, CR LF and CR turned into LF, control
    /// characters other than tab and line feed dropped.
    private static func pasteText(_ bytes: [UInt8]) -> String {
        var scalars = String.UnicodeScalarView()
        var previousWasCR = false
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            switch scalar {
            case "\r": scalars.append("\n")
            case "\n": if !previousWasCR { scalars.append("\n") }
            case "\t": scalars.append(scalar)
            default:
                if scalar.properties.generalCategory != .control { scalars.append(scalar) }
            }
        }
        return String(scalars)
    }

    private static func find(_ needle: [UInt8], in buffer: [UInt8], from start: Int) -> Int? {
        guard buffer.count - start >= needle.count else { return nil }
        var i = start
        while i + needle.count <= buffer.count {
            if buffer[i] == needle[0], buffer[i..<(i + needle.count)].elementsEqual(needle) {
                return i
            }
            i += 1
        }
        return nil
    }

    /// Length of the longest suffix of `buffer[start...]` that is a proper prefix of `needle`.
    private static func suffixMatchingPrefix(of needle: [UInt8], in buffer: [UInt8], from start: Int) -> Int {
        let available = buffer.count - start
        var length = min(needle.count - 1, available)
        while length > 0 {
            if buffer[(buffer.count - length)...].elementsEqual(needle[0..<length]) { return length }
            length -= 1
        }
        return 0
    }
}
