import Testing
import Foundation
import ChatFormTesting
@testable import ChatFormFont
@testable import ChatFormText

/// The small pieces the word loop and the fallback walk lean on, held against the plain
/// answer: the cache probe's byte compare and copy (word and vector moves, overlapping for
/// short lengths), the fallback walk's UTF-8 decoding, and the fallback memo's two ways.
@Suite("Shaping probes")
struct ShapingProbeTests {
    /// `RunCache.equal` answers `memcmp` for every length up to 40, the bytes equal or
    /// differing in one byte anywhere (the first, the last, where two loads overlap).
    @Test func byteCompareIsMemcmp() {
        var rng = SplitMix64(seed: 1411)
        for count in 0...40 {
            for trial in 0..<64 {
                let a = (0..<count).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
                var b = a
                if trial > 0 && count > 0 {
                    let at = trial <= count ? trial - 1 : Int(rng.next() % UInt64(count))
                    b[at] ^= UInt8(truncatingIfNeeded: rng.next() % 255 + 1)
                }
                let expected = a == b
                a.withUnsafeBytes { ra in
                    b.withUnsafeBytes { rb in
                        let pa = ra.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!
                        let pb = rb.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!
                        #expect(RunCache.equal(pa, pb, count: count) == expected, "\(count) \(trial)")
                    }
                }
            }
        }
    }

    /// `RunCache.copy` writes exactly `count` advances and codes, every length up to 40,
    /// into the middle of larger buffers: the values copied, nothing around them touched.
    @Test func probeCopyWritesExactlyTheRun() {
        var rng = SplitMix64(seed: 2311)
        for count in 0...40 {
            let advances = (0..<count).map { _ in Int32(truncatingIfNeeded: rng.next()) }
            let codes = (0..<count).map { _ in UInt8(truncatingIfNeeded: rng.next() % 3) }
            var advancesOut = [Int32](repeating: -7, count: count + 24)
            var codesOut = [UInt8](repeating: 9, count: count + 24)
            advances.withUnsafeBufferPointer { a in
                codes.withUnsafeBufferPointer { u in
                    advancesOut.withUnsafeMutableBufferPointer { ao in
                        codesOut.withUnsafeMutableBufferPointer { uo in
                            RunCache.copy(count, advances: a.baseAddress ?? UnsafePointer(bitPattern: 4)!,
                                          unsafe: u.baseAddress ?? UnsafePointer(bitPattern: 1)!,
                                          to: ao.baseAddress! + 11, uo.baseAddress! + 11)
                        }
                    }
                }
            }
            #expect(Array(advancesOut[11..<(11 + count)]) == advances, "\(count)")
            #expect(Array(codesOut[11..<(11 + count)]) == codes, "\(count)")
            #expect(advancesOut[..<11].allSatisfy { $0 == -7 } && advancesOut[(11 + count)...].allSatisfy { $0 == -7 }, "\(count)")
            #expect(codesOut[..<11].allSatisfy { $0 == 9 } && codesOut[(11 + count)...].allSatisfy { $0 == 9 }, "\(count)")
        }
    }

    /// `RunCache.packed` is the bytes of every length below 8 as one word, the first lowest.
    @Test func packedKeyIsTheBytes() {
        var rng = SplitMix64(seed: 3119)
        for count in 0..<8 {
            for _ in 0..<64 {
                let bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
                let expected = bytes.reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
                bytes.withUnsafeBytes { raw in #expect(RunCache.packed(raw) == expected, "\(bytes)") }
            }
        }
    }

    /// A cached word is found by the same bytes and shape only: keys of every length up to
    /// 40 (matched by their first 8 bytes alone up to 8, compared after that), each byte
    /// changed in turn, another context offset, another face, each a miss; the same key a
    /// hit that copies the advances and codes kept.
    @Test func cachedWordIsFoundByItsBytesOnly() {
        var rng = SplitMix64(seed: 4127)
        let shape = RunCache.Shape(face: 7, script: 0x4C61_746E, language: 0, rtl: false)
        let other = RunCache.Shape(face: 8, script: 0x4C61_746E, language: 0, rtl: false)
        for count in 1...40 {
            var cache = RunCache()
            let word = (0..<count).map { _ in UInt8(truncatingIfNeeded: rng.next() % 0x7F) }
            var advances = (0..<count).map { _ in Int32(truncatingIfNeeded: rng.next()) }
            var codes = (0..<count).map { _ in UInt8(truncatingIfNeeded: rng.next() % 3) }
            var outAdvances = [Int32](repeating: 0, count: count)
            var outCodes = [UInt8](repeating: 0, count: count)
            word.withUnsafeBufferPointer { bytes in
                advances.withUnsafeMutableBufferPointer { a in
                    codes.withUnsafeMutableBufferPointer { u in
                        cache.insert(RunCache.key(shape, offset: 0, length: count, bytes: bytes), advances: a, u, at: 0)
                    }
                }
            }
            func found(_ bytes: [UInt8], _ shape: RunCache.Shape, offset: Int = 0) -> Bool {
                bytes.withUnsafeBufferPointer { b in
                    outAdvances.withUnsafeMutableBufferPointer { a in
                        outCodes.withUnsafeMutableBufferPointer { u in
                            cache.copy(RunCache.key(shape, offset: offset, length: count, bytes: b), into: a, u, at: 0)
                        }
                    }
                }
            }
            for at in 0..<count {
                var changed = word
                changed[at] ^= UInt8(truncatingIfNeeded: rng.next() % 0x7F + 1)
                #expect(!found(changed, shape), "\(count) \(at)")
            }
            #expect(!found(word, other), "\(count)")
            #expect(!found(word, shape, offset: 1), "\(count)")
            #expect(found(word, shape), "\(count)")
            #expect(outAdvances == advances && outCodes == codes, "\(count)")
        }
    }

    /// Keys of every length in one cache: a word and the same word with zero bytes after it
    /// (what the packed head of a short key holds above its bytes) are different words; the
    /// piece's length, direction, ligatures and language each make another key; every word
    /// put in is found again with its own advances. And a key's byte count fits the id's six
    /// bits (`RunCache.Shape.form(offset:keyCount:)`): the longest piece and a character of
    /// context each side.
    @Test func keysOfEveryLengthShareOneCache() {
        #expect(ShapingBuffer.cachedRunBytes + 8 < 64)
        var rng = SplitMix64(seed: 5113)
        let shape = RunCache.Shape(face: 3, script: 0x4C61_746E, language: 0, rtl: false)
        let variants = [RunCache.Shape(face: 3, script: 0x4C61_746E, language: 0, rtl: true),
                        RunCache.Shape(face: 3, script: 0x4C61_746E, language: 0, rtl: false, ligatures: false),
                        RunCache.Shape(face: 3, script: 0x4C61_746E, language: 1, rtl: false)]
        var cache = RunCache()
        func insert(_ word: [UInt8], _ advances: [Int32]) {
            var advances = advances
            var codes = [UInt8](repeating: 0, count: word.count)
            word.withUnsafeBufferPointer { bytes in
                advances.withUnsafeMutableBufferPointer { a in
                    codes.withUnsafeMutableBufferPointer { u in
                        cache.insert(RunCache.key(shape, offset: 0, length: word.count, bytes: bytes), advances: a, u, at: 0)
                    }
                }
            }
        }
        func found(_ word: [UInt8], _ shape: RunCache.Shape, length: Int? = nil) -> [Int32]? {
            var advances = [Int32](repeating: 0, count: word.count)
            var codes = [UInt8](repeating: 0, count: word.count)
            let hit = word.withUnsafeBufferPointer { b in
                advances.withUnsafeMutableBufferPointer { a in
                    codes.withUnsafeMutableBufferPointer { u in
                        cache.copy(RunCache.key(shape, offset: 0, length: length ?? word.count, bytes: b), into: a, u, at: 0)
                    }
                }
            }
            return hit ? advances : nil
        }
        var words: [([UInt8], [Int32])] = []
        for count in 1...24 {
            let word = (0..<count).map { _ in UInt8(truncatingIfNeeded: rng.next() % 0x7E + 1) }
            let advances = (0..<count).map { _ in Int32(truncatingIfNeeded: rng.next()) }
            insert(word, advances)
            words.append((word, advances))
            #expect(found(word + [0], shape) == nil, "\(count): a zero byte after it")
            #expect(found(word + [0, 0], shape) == nil, "\(count): two zero bytes after it")
            if count > 1 { #expect(found(Array(word.dropLast()), shape) == nil, "\(count): a byte shorter") }
            #expect(found(word, shape, length: count + 1) == nil, "\(count): another piece length")
            for (k, variant) in variants.enumerated() { #expect(found(word, variant) == nil, "\(count): variant \(k)") }
        }
        for (word, advances) in words { #expect(found(word, shape) == advances, "\(word.count)") }
    }

    /// `ShapingBuffer.firstSpace` finds the first space of a range as a walk byte by byte
    /// does: every start and end in texts of letters, spaces and multibyte characters.
    @Test func firstSpaceIsTheByteWalk() {
        var rng = SplitMix64(seed: 5021)
        for _ in 0..<200 {
            let text = (0..<Int(1 + rng.next() % 40)).map { _ -> UInt8 in
                switch rng.next() % 6 { case 0: 0x20; case 1: 0xEA; case 2: 0x80; default: UInt8(0x61 + rng.next() % 26) }
            }
            text.withUnsafeBufferPointer { bytes in
                for start in 0...text.count {
                    for end in start...text.count {
                        let expected = text[start..<end].firstIndex(of: 0x20) ?? end
                        #expect(ShapingBuffer.firstSpace(bytes, from: start, to: end) == expected, "\(text) \(start) \(end)")
                    }
                }
            }
        }
    }

    /// `UTF8Scalar.decode` (which the fallback walk inlines) answers every scalar's value and
    /// length (from U+0000 to U+10FFFF, surrogates left out), at the start and inside a text.
    @Test func fallbackDecodeIsUTF8Decode() {
        var text: [UInt8] = [0x61]
        var expected: [(start: Int, scalar: UInt32, length: Int)] = []
        for value in stride(from: UInt32(0), through: 0x10FFFF, by: 1) where !(0xD800...0xDFFF).contains(value) {
            let encoded = Array(String(Character(Unicode.Scalar(value)!)).utf8)
            expected.append((text.count, value, encoded.count))
            text.append(contentsOf: encoded)
        }
        var mismatches = 0
        text.withUnsafeBufferPointer { bytes in
            for e in expected {
                let (scalar, length) = UTF8Scalar.decode(bytes, at: e.start)
                if scalar != e.scalar || length != e.length { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
    }

    /// Two keys of one set are both kept; a third pushes the older of them out, and the
    /// other keys' answers stay.
    @Test func decisionMemoKeepsTwoKeysASet() {
        let memo = _DecisionMemo()
        defer { memo.deallocate() }
        let stack: UInt64 = 5
        // Three keys landing in one set.
        let set = _DecisionMemo.setIndex(stack, 0xAC00)
        var same: [UInt64] = [0xAC00]
        var key: UInt64 = 0xAC01
        while same.count < 3 {
            if _DecisionMemo.setIndex(stack, key) == set { same.append(key) }
            key += 1
        }
        #expect(memo.value(stack: stack, key: same[0]) == nil)
        memo.set(3, stack: stack, key: same[0])
        memo.set(4, stack: stack, key: same[1])
        #expect(memo.value(stack: stack, key: same[0]) == 3)
        #expect(memo.value(stack: stack, key: same[1]) == 4)
        #expect(memo.value(stack: stack + 1, key: same[0]) == nil, "another stack's key")
        memo.set(7, stack: stack, key: same[2])
        #expect(memo.value(stack: stack, key: same[0]) == nil, "the older pushed out")
        #expect(memo.value(stack: stack, key: same[1]) == 4)
        #expect(memo.value(stack: stack, key: same[2]) == 7)
        // A value of 0 (the primary font) is an answer, not an empty entry.
        memo.set(0, stack: stack, key: same[0])
        #expect(memo.value(stack: stack, key: same[0]) == 0)
    }
}
