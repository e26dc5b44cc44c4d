import ChatFormTerminal

/// The `input` target. Input: chunk sizes (one byte each, until a 0), then the byte
/// stream a terminal would send.
enum InputDecoderProperty {
    static func check(_ data: [UInt8]) throws(PropertyFailure) {
        var input = FuzzBytes(data)
        var sizes: [Int] = []
        while sizes.count < 16 {
            let size = Int(input.byte())
            if size == 0 { break }
            sizes.append(size)
        }
        let stream = input.rest()

        var whole = InputDecoder()
        let expected = merged(whole.feed(stream) + whole.flush())
        try require(!whole.hasPendingBytes, "bytes still pending after flush")

        var chunked = InputDecoder()
        var events: [KeyEvent] = []
        var start = 0
        var k = 0
        while start < stream.count {
            let end = Swift.min(stream.count, start + (sizes.isEmpty ? 1 : sizes[k % sizes.count]))
            events += chunked.feed(stream[start..<end])
            start = end
            k += 1
        }
        events += chunked.flush()
        let got = merged(events)
        try require(got == expected, "chunks \(sizes) decode to \(got), at once to \(expected)")
        try require(chunked.isInsidePaste == whole.isInsidePaste, "paste state differs")

        for event in expected {
            switch event {
            case .text(let text):
                try require(!text.isEmpty, "empty text event")
                try require(!text.unicodeScalars.contains(where: isControl), "control character in text \(text.debugDescription)")
            case .paste(let text):
                try require(!text.unicodeScalars.contains { isControl($0) && $0 != "\n" && $0 != "\t" },
                            "control character in paste \(text.debugDescription)")
            case .key(let key, _):
                if case .character(let c) = key {
                    try require(!c.unicodeScalars.contains(where: isControl), "character key \(c.debugDescription)")
                }
                if case .function(let n) = key { try require((1...24).contains(n), "function key F\(n)") }
            }
        }
        // Printable ASCII alone is text, byte for byte.
        if !stream.isEmpty && stream.allSatisfy({ (0x20...0x7E).contains($0) }) {
            try require(expected == [.text(String(decoding: stream, as: UTF8.self))], "plain text decoded as \(expected)")
        }
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// Joins adjacent text events (chunk boundaries may split a run of text).
    static func merged(_ events: [KeyEvent]) -> [KeyEvent] {
        var result: [KeyEvent] = []
        for event in events {
            if case .text(let next) = event, case .text(let previous)? = result.last {
                result[result.count - 1] = .text(previous + next)
            } else {
                result.append(event)
            }
        }
        return result
    }
}
