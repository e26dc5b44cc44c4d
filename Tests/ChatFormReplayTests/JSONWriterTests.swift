import ChatFormReplay
import ChatFormTesting
import Foundation
import Testing

/// JSON strings written by `JSONWriter`: read back by Foundation's parser as the same text,
/// and on one line in any reader.
@Suite("JSON writer")
struct JSONWriterTests {
    @Test func escapesQuotesBackslashesAndLineEnds() {
        #expect(JSONWriter.string("a\"b\\c\nd\re\tf") == #""a\"b\\c\nd\re\tf""#)
        #expect(JSONWriter.string("\u{0}\u{1F}\u{7F}\u{85}\u{2028}\u{2029}") == #""\u0000\u001f\u007f\u0085\u2028\u2029""#)
        #expect(JSONWriter.string("é가😀/") == "\"é가😀/\"")
    }

    /// Seeded random strings: each reads back the same, and none holds a raw line end.
    @Test func randomStringsReadBackOnOneLine() throws {
        var rng = SplitMix64(seed: 2021)
        let pool: [Unicode.Scalar] = (0..<128).map { Unicode.Scalar(UInt8($0)) }
            + ["\u{85}", "\u{A0}", "é", "\u{2028}", "\u{2029}", "가", "\u{FFFE}", "😀"]
        for _ in 0..<300 {
            var text = ""
            for _ in 0..<Int(rng.next() % 30) { text.unicodeScalars.append(pool[Int(rng.next() % UInt64(pool.count))]) }
            let written = JSONWriter.string(text)
            #expect(!written.unicodeScalars.contains { $0.value < 0x20 || [0x7F, 0x85, 0x2028, 0x2029].contains($0.value) })
            let read = try JSONSerialization.jsonObject(with: Data(written.utf8), options: .fragmentsAllowed) as? String
            #expect(read == text, "\(written)")
        }
    }
}
