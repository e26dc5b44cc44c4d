import Testing
@testable import ChatFormTerminal

/// One input sequence and the events it must decode to.
struct KeyCase: CustomTestStringConvertible, Sendable {
    let name: String
    let bytes: [UInt8]
    let expected: [KeyEvent]

    init(_ name: String, _ bytes: [UInt8], _ expected: KeyEvent...) {
        self.name = name
        self.bytes = bytes
        self.expected = expected
    }

    init(_ name: String, _ text: String, _ expected: KeyEvent...) {
        self.name = name
        self.bytes = Array(text.utf8)
        self.expected = expected
    }

    var testDescription: String { name }
}

private let esc = "\u{1B}"

let keyCases: [KeyCase] = [
    KeyCase("ascii text", "hello", .text("hello")),
    KeyCase("utf8 text", "héllo 世界 🙂", .text("héllo 世界 🙂")),
    KeyCase("enter CR", [0x0D], .key(.enter)),
    KeyCase("ctrl-J LF", [0x0A], .key(.character("j"), .control)),
    KeyCase("alt-enter", [0x1B, 0x0D], .key(.enter, .alt)),
    KeyCase("tab", [0x09], .key(.tab)),
    KeyCase("shift-tab", "\(esc)[Z", .key(.tab, .shift)),
    KeyCase("backspace DEL", [0x7F], .key(.backspace)),
    KeyCase("backspace BS", [0x08], .key(.backspace)),
    KeyCase("alt-backspace", [0x1B, 0x7F], .key(.backspace, .alt)),
    KeyCase("delete", "\(esc)[3~", .key(.delete)),
    KeyCase("insert", "\(esc)[2~", .key(.insert)),
    KeyCase("up CSI", "\(esc)[A", .key(.up)),
    KeyCase("down CSI", "\(esc)[B", .key(.down)),
    KeyCase("right CSI", "\(esc)[C", .key(.right)),
    KeyCase("left CSI", "\(esc)[D", .key(.left)),
    KeyCase("up SS3", "\(esc)OA", .key(.up)),
    KeyCase("down SS3", "\(esc)OB", .key(.down)),
    KeyCase("right SS3", "\(esc)OC", .key(.right)),
    KeyCase("left SS3", "\(esc)OD", .key(.left)),
    KeyCase("home CSI H", "\(esc)[H", .key(.home)),
    KeyCase("end CSI F", "\(esc)[F", .key(.end)),
    KeyCase("home 1~", "\(esc)[1~", .key(.home)),
    KeyCase("end 4~", "\(esc)[4~", .key(.end)),
    KeyCase("home 7~", "\(esc)[7~", .key(.home)),
    KeyCase("end 8~", "\(esc)[8~", .key(.end)),
    KeyCase("home SS3", "\(esc)OH", .key(.home)),
    KeyCase("end SS3", "\(esc)OF", .key(.end)),
    KeyCase("page up", "\(esc)[5~", .key(.pageUp)),
    KeyCase("page down", "\(esc)[6~", .key(.pageDown)),
    KeyCase("F1 SS3", "\(esc)OP", .key(.function(1))),
    KeyCase("F2 SS3", "\(esc)OQ", .key(.function(2))),
    KeyCase("F3 SS3", "\(esc)OR", .key(.function(3))),
    KeyCase("F4 SS3", "\(esc)OS", .key(.function(4))),
    KeyCase("F1 11~", "\(esc)[11~", .key(.function(1))),
    KeyCase("F2 12~", "\(esc)[12~", .key(.function(2))),
    KeyCase("F3 13~", "\(esc)[13~", .key(.function(3))),
    KeyCase("F4 14~", "\(esc)[14~", .key(.function(4))),
    KeyCase("F5", "\(esc)[15~", .key(.function(5))),
    KeyCase("F6", "\(esc)[17~", .key(.function(6))),
    KeyCase("F10", "\(esc)[21~", .key(.function(10))),
    KeyCase("F11", "\(esc)[23~", .key(.function(11))),
    KeyCase("F12", "\(esc)[24~", .key(.function(12))),
    KeyCase("shift-F1 modified", "\(esc)[1;2P", .key(.function(1), .shift)),
    KeyCase("ctrl-up", "\(esc)[1;5A", .key(.up, .control)),
    KeyCase("shift-down", "\(esc)[1;2B", .key(.down, .shift)),
    KeyCase("alt-right", "\(esc)[1;3C", .key(.right, .alt)),
    KeyCase("ctrl-shift-left", "\(esc)[1;6D", .key(.left, [.control, .shift])),
    KeyCase("ctrl-alt-home", "\(esc)[1;7H", .key(.home, [.control, .alt])),
    KeyCase("ctrl-delete", "\(esc)[3;5~", .key(.delete, .control)),
    KeyCase("shift-page-up", "\(esc)[5;2~", .key(.pageUp, .shift)),
    KeyCase("ctrl-A", [0x01], .key(.character("a"), .control)),
    KeyCase("ctrl-C", [0x03], .key(.character("c"), .control)),
    KeyCase("ctrl-D", [0x04], .key(.character("d"), .control)),
    KeyCase("ctrl-K", [0x0B], .key(.character("k"), .control)),
    KeyCase("ctrl-Z", [0x1A], .key(.character("z"), .control)),
    KeyCase("ctrl-space NUL", [0x00], .key(.character(" "), .control)),
    KeyCase("alt-x", "\(esc)x", .key(.character("x"), .alt)),
    KeyCase("ctrl-alt-a", [0x1B, 0x01], .key(.character("a"), [.control, .alt])),
    KeyCase("paste", "\(esc)[200~hi there\(esc)[201~", .paste("hi there")),
    KeyCase("paste with CR LF", "\(esc)[200~a\r\nb\rc\nd\(esc)[201~", .paste("a\nb\nc\nd")),
    KeyCase("paste keeps escape-looking text", "\(esc)[200~x\(esc)[Ay\(esc)[201~", .paste("x[Ay")),
    KeyCase("empty paste", "\(esc)[200~\(esc)[201~", .paste("")),
    KeyCase("unknown CSI swallowed", "a\(esc)[99;42;7xb", .text("a"), .text("b")),
    KeyCase("unknown tilde swallowed", "\(esc)[99~z", .text("z")),
    KeyCase("private CSI swallowed", "\(esc)[?1;2cq", .text("q")),
    KeyCase("CSI with intermediate swallowed", "\(esc)[1 qq", .text("q")),
    KeyCase("focus event swallowed", "\(esc)[I", ),
    KeyCase("stray paste end swallowed", "\(esc)[201~", ),
    KeyCase("mixed", "ab\rc\(esc)[Ad", .text("ab"), .key(.enter), .text("c"), .key(.up), .text("d")),
    KeyCase("invalid byte", [0x61, 0xFF, 0x62], .text("a\u{FFFD}b")),
    KeyCase("lone continuation byte", [0x80], .text("\u{FFFD}")),
    KeyCase("truncated sequence before ASCII", [0xE4, 0xB8, 0x41], .text("\u{FFFD}A")),
    KeyCase("C1 control in UTF-8 dropped", [0x61, 0xC2, 0x85, 0x62], .text("ab")),
]

@Suite("InputDecoder")
struct InputDecoderTests {
    @Test("decodes each key", arguments: keyCases)
    func decodesKey(_ keyCase: KeyCase) {
        var decoder = InputDecoder()
        let events = decoder.feed(keyCase.bytes) + decoder.flush()
        #expect(events == keyCase.expected)
        #expect(!decoder.hasPendingBytes)
    }

    @Test("each key also decodes when its bytes arrive one at a time", arguments: keyCases)
    func decodesKeyByteByByte(_ keyCase: KeyCase) {
        var decoder = InputDecoder()
        var events: [KeyEvent] = []
        for byte in keyCase.bytes { events += decoder.feed([byte]) }
        events += decoder.flush()
        #expect(Self.mergingText(events) == Self.mergingText(keyCase.expected))
    }

    @Test("lone ESC waits for flush")
    func loneEscape() {
        var decoder = InputDecoder()
        #expect(decoder.feed([0x1B]) == [])
        #expect(decoder.hasPendingBytes)
        #expect(decoder.flush() == [.key(.escape)])
        #expect(!decoder.hasPendingBytes)
        #expect(decoder.flush() == [])
    }

    @Test("ESC then a sequence start: escape is not lost")
    func escapeThenSequence() {
        var decoder = InputDecoder()
        #expect(decoder.feed([0x1B, 0x1B]) == [.key(.escape)])
        #expect(decoder.feed(Array("[B".utf8)) == [.key(.down)])
    }

    @Test("unfinished CSI on flush is dropped, ESC [ alone is Alt-[")
    func unfinishedSequences() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("\u{1B}[1;".utf8)) == [])
        #expect(decoder.flush() == [])
        #expect(decoder.feed(Array("\u{1B}[".utf8)) == [])
        #expect(decoder.flush() == [.key(.character("["), .alt)])
        #expect(decoder.feed(Array("x".utf8)) == [.text("x")])
    }

    static let multiByteSample = "aé世🙂e\u{301}👩‍👩‍👧z"

    @Test("UTF-8 split at every point decodes to the same text",
          arguments: 0...Array(multiByteSample.utf8).count)
    func splitUTF8(at split: Int) {
        let bytes = Array(Self.multiByteSample.utf8)
        var decoder = InputDecoder()
        let first = decoder.feed(bytes[..<split])
        let second = decoder.feed(bytes[split...])
        let text = (first + second).map { event -> String in
            guard case .text(let string) = event else {
                Issue.record("unexpected \(event)")
                return ""
            }
            return string
        }.joined()
        #expect(text == Self.multiByteSample)
        #expect(!text.unicodeScalars.contains("\u{FFFD}"))
        #expect(!decoder.hasPendingBytes)
    }

    @Test("an unfinished UTF-8 sequence is held, then U+FFFD on flush")
    func unfinishedUTF8() {
        var decoder = InputDecoder()
        #expect(decoder.feed([0x61, 0xE4, 0xB8]) == [.text("a")])
        #expect(decoder.hasPendingBytes)
        #expect(decoder.flush() == [.text("\u{FFFD}")])
    }

    @Test("paste split across chunks is one event", arguments: [1, 2, 3, 5, 7, 13])
    func splitPaste(chunkSize: Int) {
        let content = "line one\r\nzweite Zeile 世界\r\u{1B}[A🙂 end"
        let bytes = Array("x\u{1B}[200~\(content)\u{1B}[201~y".utf8)
        var decoder = InputDecoder()
        var events: [KeyEvent] = []
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + chunkSize)
            events += decoder.feed(bytes[start..<end])
            if decoder.isInsidePaste { events += decoder.flush() }  // timeouts do not end a paste
            start = end
        }
        events += decoder.flush()
        #expect(Self.mergingText(events) == [
            .text("x"), .paste("line one\nzweite Zeile 世界\n[A🙂 end"), .text("y"),
        ])
    }

    @Test("random garbage never crashes and never leaks control characters as text",
          arguments: [1, 2, 3, 42, 1234, 0xDEADBEEF] as [UInt64])
    func garbage(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var decoder = InputDecoder()
        // Bytes weighted towards the interesting ones.
        let interesting: [UInt8] = [0x1B, 0x5B, 0x4F, 0x7E, 0x3B, 0x30, 0x31, 0x32, 0x0D, 0xE4, 0xB8, 0x80, 0xF0, 0x9F]
        for _ in 0..<400 {
            let count = Int.random(in: 0...24, using: &random)
            let chunk = (0..<count).map { _ in
                Bool.random(using: &random)
                    ? interesting.randomElement(using: &random)!
                    : UInt8.random(in: 0...255, using: &random)
            }
            var events = decoder.feed(chunk)
            if Int.random(in: 0..<4, using: &random) == 0 { events += decoder.flush() }
            for case .text(let text) in events {
                #expect(!text.isEmpty)
                #expect(!text.unicodeScalars.contains { $0.properties.generalCategory == .control })
            }
        }
    }

    @Test("chunking does not change what is decoded",
          arguments: [7, 8, 9, 10] as [UInt64])
    func chunkingInvariance(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let pieces = ["a", "世", "\r", "\u{1B}[A", "\u{1B}[1;5C", "\u{1B}OP", "\u{1B}[3~", "\u{7F}",
                      "\u{1B}[200~pa\r\nste\u{1B}[201~", "\u{1B}x", "é", "\u{03}", "\u{1B}[99;1x"]
        let input = Array((0..<200).map { _ in pieces.randomElement(using: &random)! }.joined().utf8)
        var whole = InputDecoder()
        let expected = Self.mergingText(whole.feed(input) + whole.flush())
        var chunked = InputDecoder()
        var events: [KeyEvent] = []
        var start = 0
        while start < input.count {
            let end = min(input.count, start + Int.random(in: 1...9, using: &random))
            events += chunked.feed(input[start..<end])
            start = end
        }
        events += chunked.flush()
        #expect(Self.mergingText(events) == expected)
        #expect(expected.count > 100)
    }

    /// Joins adjacent `.text` events: chunk boundaries may split a text run.
    static func mergingText(_ events: [KeyEvent]) -> [KeyEvent] {
        var merged: [KeyEvent] = []
        for event in events {
            if case .text(let next) = event, case .text(let previous)? = merged.last {
                merged[merged.count - 1] = .text(previous + next)
            } else {
                merged.append(event)
            }
        }
        return merged
    }
}
