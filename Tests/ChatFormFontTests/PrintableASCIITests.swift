import Testing
import ChatFormTesting
@testable import ChatFormFont

/// `FontStack.arePrintableASCII`, the eight-byte test of the fallback walk's ASCII skip, must
/// answer as the bytes one at a time: every byte value at every place among printable ones,
/// and random words.
@Suite("Printable ASCII words")
struct PrintableASCIITests {
    static func oneAtATime(_ word: UInt64) -> Bool {
        (0..<8).allSatisfy { k in
            let b = UInt8(truncatingIfNeeded: word >> UInt64(8 * k))
            return b >= 0x20 && b <= 0x7E
        }
    }

    @Test func eachByteAtEachPlace() {
        let filler: UInt64 = 0x6161_6161_6161_6161   // "aaaaaaaa"
        var refused = 0
        for place in 0..<8 {
            for value in 0...255 {
                let shift = UInt64(8 * place)
                let word = filler & ~(0xFF << shift) | UInt64(value) << shift
                #expect(FontStack.arePrintableASCII(word) == Self.oneAtATime(word), "byte \(value) at \(place)")
                if !FontStack.arePrintableASCII(word) { refused += 1 }
            }
        }
        // 0x00-0x1F, 0x7F and 0x80-0xFF at each place.
        #expect(refused == 8 * (32 + 1 + 128))
    }

    @Test func randomWords() {
        var rng = SplitMix64(seed: 0xA5C11)
        var accepted = 0
        for _ in 0..<50_000 {
            // Bytes mostly near the edges of the range (0x1F, 0x20, 0x7E, 0x7F, 0x80).
            var word: UInt64 = 0
            for k in 0..<8 {
                let b: UInt8 = Int.random(in: 0..<4, using: &rng) == 0 ? UInt8.random(in: 0...255, using: &rng)
                    : [0x1F, 0x20, 0x21, 0x7D, 0x7E, 0x7F, 0x80, 0x41][Int.random(in: 0..<8, using: &rng)]
                word |= UInt64(b) << UInt64(8 * k)
            }
            #expect(FontStack.arePrintableASCII(word) == Self.oneAtATime(word))
            if Self.oneAtATime(word) { accepted += 1 }
        }
        #expect(accepted > 100)
    }
}
