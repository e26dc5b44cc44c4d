internal import CChatFormShaping
import Synchronization

extension FontFace {
    /// The advances of the Hangul syllables (11,172, U+AC00 first, 1/65536 px) when HarfBuzz
    /// shapes left-to-right syllables in `language` with this face as each syllable's
    /// nominal glyph at its own advance, safe to break everywhere (the face draws them all,
    /// none is a mark, no lookup of the shape plan lists any of them, no legacy `kern` or
    /// AAT table applies: `cfl_face_hangul_is_plain`); nil otherwise. A run of syllables
    /// alone then needs neither HarfBuzz nor the cache of shaped words (`fillHangul`; Noto
    /// Sans CJK's Korean words are such runs). Valid as long as the face.
    ///
    /// - Complexity: O(1) once asked for `language`; the first time, a walk of the shape
    ///   plan's lookups and of the 11,172 syllables.
    func plainHangulAdvances(language: _ShapingLanguage) -> UnsafePointer<Int32>? {
        let tag = UInt64(language.number) << 2
        // (Acquiring: a thread that reads a plain answer here reads the table published
        // before it.)
        let last = lastHangulPlain.load(ordering: .acquiring)
        let answer: Bool
        if last & 2 != 0 && last & ~3 == tag {
            answer = last & 1 != 0
        } else {
            if let known = hangulPlain.withLock({ $0[language.number] }) {
                answer = known
            } else {
                // The table read in the same walk of the syllables as the answer, kept by
                // the first thread to publish it (the same for every language).
                var plain = hangulSyllableCoverage().all
                if plain {
                    let fresh = UnsafeMutablePointer<Int32>.allocate(capacity: 11_172)
                    plain = language.tag.withCString { cfl_face_hangul_is_plain(handle, $0, fresh) != 0 }
                    if !plain || !hangulTable.compareExchange(expected: 0, desired: UInt(bitPattern: fresh),
                                                              successOrdering: .releasing, failureOrdering: .relaxed).exchanged {
                        fresh.deallocate()
                    }
                }
                answer = plain
                hangulPlain.withLock { $0[language.number] = answer }
            }
            lastHangulPlain.store(tag | 2 | (answer ? 1 : 0), ordering: .releasing)
        }
        guard answer else { return nil }
        return UnsafePointer<Int32>(bitPattern: hangulTable.load(ordering: .acquiring))
    }

    /// When `range` of `bytes` is Hangul syllables alone, writes what shaping gives them in a
    /// face whose syllable advances are `table` (`plainHangulAdvances(language:)`) into the
    /// whole paragraph's `advances` and `unsafe` (zeroed where `range` lies: only what is not
    /// 0 is written): each syllable's advance at its first byte, 0 (safe to break) there and
    /// 2 (inside a cluster) after it.
    /// False when the range holds anything else, the range then zeroed again (as the caller's
    /// HarfBuzz shaping, which adds the glyphs' advances up, needs it).
    ///
    /// Checked and written in one walk (a chat message's Korean words are syllables alone
    /// far more often than not: a walk to check them first cost ~16 instructions a syllable).
    ///
    /// (Kept out of line: inlined into the caller's large loop, it made the loop's values
    /// spill to the stack.)
    ///
    /// - Complexity: O(range).
    @inline(never)
    static func fillHangul(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, table: UnsafePointer<Int32>,
                           advances: UnsafeMutableBufferPointer<Int32>, unsafe: UnsafeMutableBufferPointer<UInt8>) -> Bool {
        var i = range.lowerBound
        while i &+ 3 <= range.upperBound {
            // A syllable: lead byte EA-ED (the text is UTF-8, so two continuation bytes
            // follow), U+AC00-U+D7A3.
            let b0 = bytes[i]
            let scalar = Int(b0 & 0x0F) << 12 | Int(bytes[i &+ 1] & 0x3F) << 6 | Int(bytes[i &+ 2] & 0x3F)
            guard b0 &- 0xEA < 4 && scalar >= 0xAC00 && scalar <= 0xD7A3 else { break }
            // (The advances after the first byte and the first byte's code stay 0.)
            advances[i] = table[scalar - 0xAC00]
            unsafe[i &+ 1] = 2
            unsafe[i &+ 2] = 2
            i &+= 3
        }
        // Something else, or a piece shorter than a syllable at the end: refused.
        if i != range.upperBound {
            for j in range.lowerBound..<i {
                advances[j] = 0
                unsafe[j] = 0
            }
            return false
        }
        return true
    }
}
