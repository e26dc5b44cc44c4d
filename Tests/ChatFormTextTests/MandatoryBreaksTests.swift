import Testing
@testable import ChatFormText
import ChatFormTesting

/// Paragraph splitting reads eight bytes at a time where none can start a break; these hold
/// the word test to a byte-by-byte one and the ranges to a model that splits the decoded
/// scalars, and the edit's text (old text with a replacement, only the replacement decoded)
/// to the decoded bytes.
@Suite("Mandatory breaks")
struct MandatoryBreaksTests {
    /// Bytes near the tested ones, and bytes that are not.
    static let interesting: [UInt8] = [0x00, 0x01, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x0E, 0x0F, 0x20, 0x41, 0x7F, 0x80, 0x85,
                                       0xA8, 0xA9, 0xC1, 0xC2, 0xC3, 0xE1, 0xE2, 0xE3, 0xEA, 0xF0, 0xFF]

    @Test func wordTestMatchesBytes() {
        var random = SplitMix64(seed: 1801)
        for _ in 0..<200_000 {
            var word: UInt64 = 0
            var expected = false
            for k in 0..<8 {
                let b: UInt8 = random.next() % 3 == 0 ? UInt8(truncatingIfNeeded: random.next())
                    : Self.interesting[Int(random.next() % UInt64(Self.interesting.count))]
                if b < 0x0E || b == 0xC2 || b == 0xE2 { expected = true }
                word |= UInt64(b) << (8 * UInt64(k))
            }
            #expect(_MandatoryBreaks.mayStartBreak(word) == expected, "\(String(word, radix: 16))")
        }
    }

    /// Splits after LF, VT, FF, CR (CRLF as one), NEL, LS and PS, by scalars.
    static func modelRanges(_ text: String) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start = 0, offset = 0
        var previousCR = false
        for scalar in text.unicodeScalars {
            let length = String(scalar).utf8.count
            if previousCR && scalar != "\n" {
                result.append(start..<offset)
                start = offset
            }
            previousCR = false
            offset += length
            switch scalar.value {
            case 0x0D: previousCR = true
            case 0x0A, 0x0B, 0x0C, 0x85, 0x2028, 0x2029:
                result.append(start..<offset)
                start = offset
            default: break
            }
        }
        if previousCR {
            result.append(start..<offset)
            start = offset
        }
        result.append(start..<offset)
        return result
    }

    static let pieces = ["a", "word ", "가나다", "漢字", "👩🏽‍💻", "\n", "\r\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}",
                         "\u{2029}", "\u{2026}", "“quoted”", "\u{C2}", "é", "\t", "12345678", "\u{1}"]

    @Test func rangesMatchModel() {
        var random = SplitMix64(seed: 1802)
        for _ in 0..<3_000 {
            let count = Int(random.next() % 40)
            let text = (0..<count).map { _ in Self.pieces[Int(random.next() % UInt64(Self.pieces.count))] }.joined()
            var copy = text
            let ranges = copy.withUTF8 { _MandatoryBreaks.paragraphRanges(in: $0) }
            #expect(ranges == Self.modelRanges(text), "\(text.debugDescription)")
        }
    }

    @Test func replacingMatchesDecodedBytes() {
        var random = SplitMix64(seed: 1803)
        for _ in 0..<3_000 {
            let text = (0..<Int(random.next() % 12)).map { _ in Self.pieces[Int(random.next() % UInt64(Self.pieces.count))] }.joined()
            let inserted = Array((0..<Int(random.next() % 3)).map { _ in Self.pieces[Int(random.next() % UInt64(Self.pieces.count))] }.joined().utf8)
            let bytes = Array(text.utf8)
            let a = Int(random.next() % UInt64(bytes.count + 1))
            let b = a + Int(random.next() % UInt64(bytes.count - a + 1))
            let joined = Array(bytes[..<a]) + inserted + Array(bytes[b...])
            let replaced = _DocumentUnits.replacing(a..<b, of: text, with: inserted)
            let cutsScalar = [a, b].contains { $0 < bytes.count && bytes[$0] & 0xC0 == 0x80 }
            if cutsScalar {
                #expect(replaced == nil)
            } else {
                #expect(replaced.map { Array($0.utf8) } == joined, "\(text.debugDescription) \(a)..<\(b)")
            }
        }
    }
}
