import ChatFormText

#if !_endian(little)
#error("ShapingBuffer.firstSpace and RunCache's packed keys read 8 bytes as a little-endian word")
#endif

/// Shaping a paragraph's runs with HarfBuzz, word by word where that is the same and each
/// short piece through this thread's cache (`RunCache`).
extension ShapingBuffer {
    /// Shapes `shaped` (runs of paragraph `bytes` in ascending order, not necessarily
    /// adjacent: a styled paragraph's stretches of one stack, each with the paragraph around
    /// it as context; in faces of the stack whose registry is `state`) into `out`'s advances
    /// and codes; the line-end trims of fullwidth closing marks go into `out` too. Without
    /// `ligatures`, optional ligatures are off. A run of a face whose lookups never touch
    /// the space is looked up word by word (the
    /// same advances: words recur where runs do not), the words not cached shaped together;
    /// a run of spaces alone in such a face takes the space glyph's advance, and a
    /// left-to-right run of Hangul syllables alone in a face that shapes them as their
    /// nominal glyphs takes each syllable's advance from the face's table
    /// (`FontFace.fillHangul`), neither shaped nor cached.
    ///
    /// - Complexity: O(the runs' bytes) plus HarfBuzz's shaping of each piece not cached.
    func shape(_ shaped: ArraySlice<ShapedRun>, of state: _FontStackState, _ bytes: UnsafeBufferPointer<UInt8>,
               clusters: [Int32], ligatures: Bool, into out: inout ShapingOutput) {
        let n = bytes.count
        let advances = out.advances, unsafe = out.unsafe
        let language = state.language
        // The families' faces are the registry's first; the list (a lock and a copy)
        // is read only for a run in a fallback face.
        let primaries = state.primaries
        var registered: [FontFace] = []
        let languageID = runs.languageID(language)
        /// What the cache keys of `run`'s pieces in `face` share (made once a run).
        func keyShape(_ run: ShapedRun, _ face: FontFace) -> RunCache.Shape {
            RunCache.Shape(face: face.serial, script: run.script, language: languageID, rtl: run.bidiLevel & 1 == 1,
                           ligatures: ligatures)
        }
        /// Shapes `range` of `run` with `face` into `advances` and `unsafe` (one HarfBuzz
        /// call), `halves` set in half width.
        func shapeNow(_ range: Range<Int>, _ run: ShapedRun, _ face: FontFace, halves: [Range<Int>]) {
            // Bytes inside a HarfBuzz cluster are unsafe to break before; cluster starts
            // take the glyphs' flag.
            for b in range { unsafe[b] = 2 }
            var previous = -1
            _ = shape(bytes, range: range, face: face, script: run.script, rtl: run.bidiLevel & 1 == 1,
                      language: language, halves: halves, ligatures: ligatures) { cluster, advance, isUnsafe in
                guard cluster >= 0 && cluster < n else { return }
                advances[cluster] &+= advance
                if cluster != previous {
                    unsafe[cluster] = isUnsafe ? 1 : 0
                    previous = cluster
                } else if isUnsafe {
                    unsafe[cluster] = 1
                }
            }
        }
        /// Shapes `range` of `run` with `face`, `halves` set in half width; a range of at
        /// most `cachedRunBytes` is looked up in (and goes into) this thread's cache unless
        /// `cacheable` is false.
        func shapePiece(_ range: Range<Int>, _ run: ShapedRun, _ face: FontFace, halves: [Range<Int>], cacheable: Bool) {
            let k = cacheable ? Self.key(range, of: bytes, keyShape(run, face), context: Self.readsContext(run.script)) : nil
            if let k, self.runs.copy(k, into: advances, unsafe, at: range.lowerBound) { return }
            shapeNow(range, run, face, halves: halves)
            if let k { self.runs.insert(k, advances: advances, unsafe, at: range.lowerBound) }
        }
        /// The end of the word of `run` starting at `a`: its spaces after it included, at a
        /// grapheme cluster boundary; and where the spaces that close it start (`end` when
        /// none), which a face whose lookups never see a space sets as the space glyph at its
        /// advance, safe to break, whatever the word (see `fillSpaces`). (A space is a
        /// cluster of its own but after a Prepend character, rule GB9b; the word then keeps
        /// that character and its advances are the same.) (Inlined: the optimizer left it
        /// out of line, a call a word.)
        @inline(__always)
        func wordEnd(_ a: Int, _ run: ShapedRun) -> (end: Int, spaces: Int) {
            let upper = run.range.upperBound
            var b = a, e = a
            repeat {
                b = Self.firstSpace(bytes, from: b, to: upper)
                e = b
                while b < upper && bytes[b] == 0x20 { b &+= 1 }
            } while b < upper && bytes[b] >= 0x80 && !Self.isBoundary(b, in: clusters)
            return (b, e)
        }
        /// Writes what shaping gives the spaces `range` closing a word in `face` (a face
        /// whose lookups never see a space): the space glyph's advance, safe to break. Such a
        /// face has a space glyph (`cfl_face_space_is_isolated` answers no without one), so
        /// `spaceAdvance` is that glyph's.
        func fillSpaces(_ range: Range<Int>, _ face: FontFace) {
            let advance = face.spaceAdvance
            var s = range.lowerBound
            while s < range.upperBound {
                advances[s] = advance
                unsafe[s] = 0
                s &+= 1
            }
        }
        /// Shapes `run` (of a face whose lookups never see a space) word by word, each word
        /// with the spaces after it: the word cached without them (so the word before a
        /// space and the same word ending the run, before other text, are mostly one entry:
        /// not where the script's key holds context, as Mongolian's does), the
        /// spaces filled (`fillSpaces`). The words not cached that follow one another are
        /// shaped in one HarfBuzz call (the same advances and codes: no lookup reaches
        /// across a space) and then cached word by word. `firstEnd` is the first word's end
        /// and where its spaces start (`wordEnd` of the run's start, found already).
        /// (Out of line: inlined into the loop over the runs, it cost ~390 instructions a
        /// message more, that loop's values spilling around it.)
        @inline(never)
        func shapeWords(_ run: ShapedRun, _ face: FontFace, firstEnd: (end: Int, spaces: Int)) {
            var a = run.range.lowerBound
            let context = Self.readsContext(run.script)
            let shape = keyShape(run, face)
            var missed = -1   // where the words not cached so far start
            var known = firstEnd   // the word at `a` when found already, else (-1, -1)
            while a <= run.range.upperBound {
                let (b, e) = a < run.range.upperBound ? (known.end >= 0 ? known : wordEnd(a, run)) : (a, a)
                known = (-1, -1)
                if b > a && e == a {
                    // Spaces alone (opening the run): nothing to shape.
                    fillSpaces(a..<b, face)
                } else if b > a, let k = Self.key(a..<e, of: bytes, shape, context: context), self.runs.copy(k, into: advances, unsafe, at: a) {
                    // A cached word ends the stretch of words to shape before it.
                    fillSpaces(e..<b, face)
                } else if b > a {
                    if missed < 0 { missed = a }
                    a = b
                    continue
                }
                if missed >= 0 {
                    shapeNow(missed..<a, run, face, halves: [])
                    var w = missed
                    while w < a {
                        let (end, spaces) = wordEnd(w, run)
                        if spaces > w, let k = Self.key(w..<spaces, of: bytes, shape, context: context) {
                            self.runs.insert(k, advances: advances, unsafe, at: w)
                        }
                        w = end
                    }
                    missed = -1
                }
                if b == a { break }
                a = b
            }
        }

        // The last two answers of `spaceIsIsolated` (a paragraph's runs alternate between a
        // fallback face and the primary font's spaces).
        var isolation = _IsolationMemo(language: state.shapingLanguage)
        // The last face (registry id) asked for its plain Hangul advances, and its answer.
        var hangul: (face: Int, table: UnsafePointer<Int32>?) = (-1, nil)
        let hangulScript = TextItemizer.hangulScript   // (read once: a global of another module)
        for run in shaped {
            // Unowned: the stack's registry holds its faces as long as the stack (and
            // `primaries` and `registered` for this call); a strong reference cost a retain
            // and a release a run.
            unowned(unsafe) let face: FontFace
            if run.face < primaries.count {
                face = primaries[run.face]
            } else {
                if registered.count <= run.face { registered = state.faceList() }
                face = registered[run.face]
            }
            let rtl = run.bidiLevel & 1 == 1
            // Spaces alone (between the words of a run in a fallback face, which the
            // primary font draws) in a face whose lookups never see a space: each the
            // space glyph's advance, safe to break.
            if !rtl && bytes[run.range.lowerBound] == 0x20 && face.spaceAdvance != 0
                && Self.onlySpaces(bytes, run.range) && isolation.isolated(run, { face }) {
                for b in run.range {
                    advances[b] = face.spaceAdvance
                    unsafe[b] = 0
                }
                continue
            }
            // Hangul syllables alone in a face that shapes them as their nominal glyphs (no
            // lookup lists them): each syllable's advance, safe to break, without HarfBuzz or
            // the cache. (Only a run opening with a syllable's lead byte asks: the
            // punctuation of a Hangul item between its words, in another face, does not
            // take the face asked last out of the memo.)
            if !rtl && run.script == hangulScript && bytes[run.range.lowerBound] &- 0xEA < 4 {
                if run.face != hangul.face { hangul = (run.face, face.plainHangulAdvances(language: isolation.language)) }
                if let table = hangul.table, FontFace.fillHangul(bytes, run.range, table: table, advances: advances, unsafe: unsafe) {
                    continue
                }
            }
            // A run with no fullwidth punctuation or CJK quotes has nothing to set in half
            // width or to trim: shaped as any other.
            guard let han = face.hanKerning, !rtl, HanKerning.mayApply(bytes, run.range) else {
                let firstEnd = rtl ? (end: run.range.upperBound, spaces: run.range.upperBound) : wordEnd(run.range.lowerBound, run)
                if !rtl && (firstEnd.end < run.range.upperBound || bytes[firstEnd.end &- 1] == 0x20)
                    && isolation.isolated(run, { face }) {
                    // Word by word (each with the spaces after it), each word cached: the
                    // face's lookups never see a space, so this is the run's shaping. (A
                    // run of one word is that word's piece, unless spaces close it: the
                    // word is then cached without them, as the same word ending a run.)
                    shapeWords(run, face, firstEnd: firstEnd)
                } else {
                    shapePiece(run.range, run, face, halves: [], cacheable: true)
                }
                continue
            }
            // Fullwidth punctuation set in half width next to another (fonts with
            // `halt` and no `chws`).
            let before = run.range.lowerBound > 0 ? UTF8Scalar.decode(bytes, at: UTF8Scalar.startOfScalar(endingAt: run.range.lowerBound, in: bytes)).0 : nil
            let after = run.range.upperBound < n ? UTF8Scalar.decode(bytes, at: run.range.upperBound).0 : nil
            let (halves, kernedUnsafe) = han.halves(bytes, run.range, before: before, after: after)
            var trimmed = false
            var c = run.range.lowerBound
            while c < run.range.upperBound {
                let (scalar, l) = UTF8Scalar.decode(bytes, at: c)
                if HanKerning.maybeClose(scalar) {
                    // How much a line ending right after it may save (see `BreakEntry.endTrim`).
                    let trim = halfWidthTrim(face: face, scalar: scalar) {
                        // The mark on its own, without the text around it: the value is
                        // kept by face and scalar, so it must not depend on where the
                        // mark was first seen (contextual spacing would make the layout
                        // depend on what this thread shaped before).
                        let alone = Array(UnsafeBufferPointer(rebasing: bytes[c..<(c + l)]))
                        return alone.withUnsafeBufferPointer { one in
                            let full = Self.advance(self, one, 0..<l, face, run, language, halves: [])
                            let half = Self.advance(self, one, 0..<l, face, run, language, halves: [0..<l])
                            return Int32(max(0, full - half))
                        }
                    }
                    if trim > 0 {
                        out.endTrims[Int32(c + l)] = trim
                        trimmed = true
                    }
                }
                c += l
            }
            shapePiece(run.range, run, face, halves: halves, cacheable: !trimmed && halves.isEmpty && kernedUnsafe.isEmpty)
            for u in kernedUnsafe where unsafe[u] == 0 { unsafe[u] = 1 }
        }
    }

    /// The cache key of `range` of `bytes` (a paragraph) in a run whose keys share `shape`,
    /// or nil when the range is too long to be cached; `context` is `readsContext(run.script)`
    /// (asked once a run). (Transparent: inlined at each use whatever the size of the loop
    /// around it, where `@inline(__always)` left it out of line, its key returned through
    /// memory, ~30 instructions a word more.)
    @_transparent
    static func key(_ range: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>, _ shape: RunCache.Shape,
                    context: Bool) -> RunCache.Key? {
        guard range.count <= ShapingBuffer.cachedRunBytes else { return nil }
        // A character of context each side is part of the key where HarfBuzz reads
        // it (the joining of Arabic and the other cursive scripts its Arabic shaper
        // takes; no other shaper looks at the context, and a mark opening the piece
        // gets no dotted circle, the text's start never being flagged), except after a
        // piece ending in a space, which nothing joins across (and a face whose
        // lookups touch the space is shaped a run at a time): so a word's key does
        // not depend on the word after it, nor, outside those scripts, before it.
        let lower = context && range.lowerBound > 0
            ? UTF8Scalar.startOfScalar(endingAt: range.lowerBound, in: bytes) : range.lowerBound
        let upper = context && range.upperBound < bytes.count && bytes[range.upperBound - 1] != 0x20
            ? UTF8Scalar.endOfScalar(startingAt: range.upperBound, in: bytes) : range.upperBound
        // (From the base address: `lower..<upper` lies in `bytes`, a slice's checks
        // would be of nothing.)
        return RunCache.key(shape, offset: range.lowerBound &- lower, length: range.count,
                            bytes: UnsafeBufferPointer(start: bytes.baseAddress.unsafelyUnwrapped + lower,
                                                       count: upper &- lower))
    }

    /// Whether HarfBuzz reads the text around a piece of `script` (ISO 15924 tag): the
    /// scripts its Arabic shaper joins (Arabic, Syriac, Mongolian, N'Ko, Phags-pa, Mandaic,
    /// Manichaean, Psalter Pahlavi, Adlam, Hanifi Rohingya, Sogdian, Chorasmian, Old
    /// Uyghur). Any other script's glyphs do not depend on the context.
    @inline(__always)
    static func readsContext(_ script: UInt32) -> Bool {
        switch script {
        case 0x4172_6162, 0x5379_7263, 0x4D6F_6E67, 0x4E6B_6F6F, 0x5068_6167, 0x4D61_6E64, 0x4D61_6E69,
             0x5068_6C70, 0x4164_6C6D, 0x526F_6867, 0x536F_6764, 0x4368_7273, 0x4F75_6772:
            return true
        default:
            return false
        }
    }

    /// Whether `bytes[range]` are all spaces (U+0020).
    @inline(__always)
    static func onlySpaces(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        for b in range where bytes[b] != 0x20 { return false }
        return true
    }

    /// The first space (U+0020) of `bytes[start..<end]`, else `end`: 8 bytes at a time
    /// while 8 are left (a word's letters are mostly fewer: one load finds its end). (The
    /// lowest set byte of a load is its first byte on the little-endian machines the package
    /// builds for: `_endian(little)` is checked at compile time.)
    @inline(__always)
    static func firstSpace(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        var b = start
        let base = UnsafeRawPointer(bytes.baseAddress!)
        while b &+ 8 <= end {
            // A space's byte is 0 after the xor; the lowest byte flagged below is the first
            // zero byte (a borrow flags only bytes above one).
            let x = base.loadUnaligned(fromByteOffset: b, as: UInt64.self) ^ 0x2020_2020_2020_2020
            let zero = (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080
            if zero != 0 { return b &+ zero.trailingZeroBitCount >> 3 }
            b &+= 8
        }
        while b < end && bytes[b] != 0x20 { b &+= 1 }
        return b
    }

    /// Whether `offset` is among `clusters` (ascending grapheme cluster boundaries).
    static func isBoundary(_ offset: Int, in clusters: [Int32]) -> Bool {
        var lo = 0, hi = clusters.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if Int(clusters[mid]) < offset { lo = mid + 1 } else { hi = mid }
        }
        return lo < clusters.count && Int(clusters[lo]) == offset
    }

    static func advance(_ buffer: ShapingBuffer, _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ face: FontFace,
                        _ run: ShapedRun, _ language: String, halves: [Range<Int>]) -> Int64 {
        var total: Int64 = 0
        _ = buffer.shape(bytes, range: range, face: face, script: run.script, rtl: run.bidiLevel & 1 == 1,
                         language: language, halves: halves) { _, advance, _ in total += Int64(advance) }
        return total
    }
}

/// The last two answers of `FontFace.spaceIsIsolated` one shaping call asked for, by the
/// run's face (registry id) and script: asked again only for another face or script.
struct _IsolationMemo {
    let language: _ShapingLanguage
    private var last = (face: -1, script: UInt32(0), answer: false)
    private var before = (face: -1, script: UInt32(0), answer: false)

    init(language: _ShapingLanguage) { self.language = language }

    /// The answer for `run`, whose face `face` gives (asked only when not kept: a run's face
    /// is held unowned, and a reference to it would cost a retain and a release a run).
    @inline(__always)
    mutating func isolated(_ run: ShapedRun, _ face: () -> FontFace) -> Bool {
        if run.face == last.face && run.script == last.script { return last.answer }
        if run.face == before.face && run.script == before.script {
            swap(&last, &before)
            return last.answer
        }
        before = last
        last = (run.face, run.script, face().spaceIsIsolated(script: run.script, language: language))
        return last.answer
    }
}
