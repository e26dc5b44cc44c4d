import Testing
@testable import ChatFormText

/// The per-scalar table a process builds on its first text (issue 23's cold start): built
/// from ICU's property ranges, it holds for every scalar of planes 0 and 1 what
/// `ScalarProperties.compute` gives that scalar alone.
@Suite("Scalar table")
struct ScalarTableTests {
    @Test("the table built from ICU's ranges equals every scalar computed alone (planes 0 and 1)")
    func rangedTableIsExact() {
        let ranged = ScalarTable.withTable { Array($0) }
        let full = ScalarTable.build(ranged: false)
        #expect(ranged.count == 0x20000 && full.count == 0x20000)
        var differing: [String] = []
        for c in 0..<full.count where ranged[c] != full[c] {
            differing.append("U+\(String(c, radix: 16, uppercase: true)): \(ranged[c]) vs \(full[c])")
            if differing.count == 10 { break }
        }
        #expect(differing.isEmpty, "\(differing)")
        // The table is not flat: the scalars it is made of differ.
        #expect(Set(full).count > 50)
    }

    @Test("scalars read by value keep their own entries inside larger ranges")
    func byValueScalars() {
        for c: UInt32 in [0x20, 0x2D, 0x7D, 0x200B, 0x25CC, 0x3000, 0x1680, 0x2007, 0x205F, 0x1160, 0x11FF, 0xD7B0] {
            #expect(ScalarTable.storage[Int(c)] == ScalarProperties.compute(c), "U+\(String(c, radix: 16))")
        }
    }
}
