internal import CChatFormICU

/// The itemizer's fast clusters in runs (`TextItemizer.items`): printable ASCII and Hangul
/// syllables, a run at a time in a tight loop, with what the general loop would find for each
/// cluster (`ItemizerFastPathTests` holds them to it).
///
/// The loops keep their state in locals and read the text through its base pointer, their
/// tables through `tables`, taken once a run: the clusters and opportunities they write are
/// written through pointers, which the compiler must otherwise assume may change the
/// caller's variables, reloading them on every character.
enum _FastItemRuns {
    /// Printable ASCII but the brackets `( ) [ ] { }` (which the bracket pairs track): the
    /// characters of the fast clusters, by two 64-bit masks.
    @inline(__always)
    static func isFastASCII(_ b: UInt8) -> Bool {
        // 0x20-0x3F but ( ): bits 32-63 of the low mask; 0x40-0x7E but [ ] { }.
        let low: UInt64 = 0xFFFF_FCFF_0000_0000
        let high: UInt64 = 0x57FF_FFFF_D7FF_FFFF
        return b < 0x40 ? low >> UInt64(b) & 1 != 0 : b < 0x80 && high >> UInt64(b & 0x3F) & 1 != 0
    }

    /// Whether what starts at `j` cannot join an ASCII character before it in one grapheme
    /// cluster, as far as the fast clusters tell: the text's end, ASCII, or (with `hangul`,
    /// `FastBreakClass.hangulSyllablesAreUniform`) a Hangul syllable, an LV or LVT that
    /// only an L jamo joins (GB6), not a mark, a joiner or a spacing mark (GB9, GB9a).
    @inline(__always)
    static func endsASCIICluster(_ bytes: UnsafeBufferPointer<UInt8>, _ j: Int, hangul: Bool) -> Bool {
        j == bytes.count || bytes[j] < 0x80 || hangul && j &+ 3 <= bytes.count && UTF8Scalar.isHangulSyllable(bytes, at: j)
    }

    /// U+AC00-U+D7A3.
    @inline(__always)
    static func isHangulSyllable(_ s: UInt32) -> Bool { s &- 0xAC00 <= 0xD7A3 - 0xAC00 }

    /// Whether what starts at `j` cannot join a Hangul syllable before it in one grapheme
    /// cluster: the text's end, ASCII or another syllable (not a mark, a joiner or a V or T
    /// jamo): what `endsASCIICluster` allows after an ASCII character where syllables are
    /// fast.
    @inline(__always)
    static func startsNoJamo(_ bytes: UnsafeBufferPointer<UInt8>, _ j: Int) -> Bool {
        endsASCIICluster(bytes, j, hangul: true)
    }

    /// `UTF8Scalar.isHangulSyllable` at `j`, false past the text's end: where four bytes are
    /// left, one 32-bit load, its first three bytes read as one big-endian number.
    @inline(__always)
    static func isSyllable(_ bytes: UnsafeBufferPointer<UInt8>, at j: Int) -> Bool {
        let n = bytes.count
        if j &+ 4 <= n {
            let word = UnsafeRawPointer(bytes.baseAddress! + j).loadUnaligned(as: UInt32.self)
            return UInt32(bigEndian: word) &>> 8 &- 0xEA_B080 <= 0xED_9EA3 - 0xEA_B080
        }
        return j &+ 3 <= n && UTF8Scalar.isHangulSyllable(bytes, at: j)
    }

    /// The scalar of the Hangul syllable at `j` (three bytes, `isSyllable`).
    @inline(__always)
    static func syllable(_ bytes: UnsafeBufferPointer<UInt8>, at j: Int) -> UInt32 {
        (UInt32(bytes[j]) & 0x0F) << 12 | (UInt32(bytes[j &+ 1]) & 0x3F) << 6 | UInt32(bytes[j &+ 2]) & 0x3F
    }

    // MARK: Tables

    /// A byte's facts in `asciiRun`, one bit each (0 for every byte from 0x80).
    static let fast: UInt8 = 1, alphanumeric: UInt8 = 2, letter: UInt8 = 4

    /// `fast` (`isFastASCII`), `alphanumeric` and `letter` of every byte value.
    static let asciiFacts: [UInt8] = (0..<256).map { (b: Int) -> UInt8 in
        let c = UInt32(b)
        return (isFastASCII(UInt8(b)) ? fast : 0) | (BrowserLineBreaks.isASCIIAlphanumeric(c) ? alphanumeric : 0)
            | (b < 0x80 && (c | 0x20) &- 0x61 < 26 ? letter : 0)
    }

    /// In `pairOpportunities`: the opportunity depends on the character before the pair (a
    /// hyphen before a digit).
    static let afterHyphen: UInt8 = 0xFF

    /// The opportunity byte the general loop writes for a printable ASCII character (U+0020
    /// to U+007E) after another, indexed `(before - 0x20) * 95 + (character - 0x20)`: a space
    /// hangs and no line ends before it, after a space one may, and the pair table
    /// (`PairTable.canBreakPrintable`) decides the rest but a digit after a hyphen
    /// (`afterHyphen`: a line ends there only after a letter or digit and the hyphen).
    static let pairOpportunities: [UInt8] = {
        let pairs = BrowserLineBreaks.PairTable.shared
        var table = [UInt8](repeating: 0, count: 95 * 95)
        for before in UInt32(0x20)...0x7E {
            for c in UInt32(0x20)...0x7E {
                let byte: UInt8 = c == 0x20 ? _ClusterFlags.hanging
                    : before == 0x20 ? _ClusterFlags.opens
                    : before == 0x2D && c &- 0x30 < 10 ? afterHyphen
                    : pairs.canBreakPrintable(before, c) ? _ClusterFlags.opens : 0
                table[Int(before - 0x20) * 95 + Int(c - 0x20)] = byte
            }
        }
        return table
    }()

    /// `asciiFacts` (256 bytes) then `pairOpportunities` (95 × 95) in one block, made once
    /// a process and never freed (published as `CFL_TABLE_ITEM_RUNS` as it is made). Never
    /// written once made: shared by all threads.
    nonisolated(unsafe) private static let madeTables: UnsafePointer<UInt8> = {
        let block = UnsafeMutablePointer<UInt8>.allocate(capacity: 256 + 95 * 95)
        block.initialize(from: asciiFacts, count: 256)
        (block + 256).initialize(from: pairOpportunities, count: 95 * 95)
        cfl_publish_table(Int32(CFL_TABLE_ITEM_RUNS), block)
        return UnsafePointer(block)
    }()

    /// `madeTables`: what `asciiRun` reads, one read a run, where it is published (a C
    /// global, `cfl_table`). (A static table is read through its lazy initializer, a
    /// `swift_once` call each time: the two arrays read in each run were about 7 calls a
    /// message of the chat corpus, the block about 3. Handed to `asciiRun` by the itemizer,
    /// read once a text, the extra argument cost the run's loop more than the calls saved.)
    @inline(__always)
    static var tables: UnsafePointer<UInt8> {
        if let published = cfl_table(Int32(CFL_TABLE_ITEM_RUNS)) { return published.assumingMemoryBound(to: UInt8.self) }
        return madeTables
    }

    // MARK: Runs

    /// The fast ASCII clusters (`isFastASCII`, each followed by what `endsASCIICluster` allows)
    /// from `start`, which is one, at `level`, after text of `script` (not 0): each one's
    /// cluster end and opportunity written as the general loop writes them, the items added
    /// (the run's script up to its first letter, Latin from there), `script` and the two
    /// scalars before the next boundary moved on. Returns the run's end.
    ///
    /// Past its first character (which meets what came before through the general rules,
    /// `TextItemizer.opens`), a character's opportunity is one look-up of
    /// `pairOpportunities` with the byte before it: every character of the run is printable
    /// ASCII, and a text's first cluster never starts a run (`start` > 0), so the two bytes
    /// before any character past the first are what the general loop's two scalars would be
    /// for every question asked of them (a byte of a longer scalar is no letter or digit,
    /// as that scalar is not).
    ///
    /// - Complexity: O(run length).
    @inline(__always)
    static func asciiRun(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, clusters: UnsafeMutablePointer<Int32>,
                         count: inout Int, opportunities: UnsafeMutablePointer<UInt8>?,
                         breaker: inout BrowserLineBreaks.Walker, lastLast: inout UInt32, last: inout UInt32,
                         items: inout _ItemBuilder, level: UInt8, script: inout UInt32, hangul: Bool) -> Int {
        assert(start > 0, "an ASCII run follows a cluster (its pair table reads the byte before)")
        let n = bytes.count
        let base = bytes.baseAddress!
        let latin = TextItemizer.latin
        let first = UInt32(base[start])
        if let opportunities {
            // A space is a cluster of its own here, which hangs (`_ClusterFlags.kind`), and no
            // line ends before it.
            opportunities[count &- 1] = first == 0x20 ? _ClusterFlags.hanging
                : TextItemizer.opens(&breaker, at: start, lastLast: lastLast, last: last, current: first, length: 1)
                    ? _ClusterFlags.opens : 0
        }
        var runScript = script, itemStart = start
        var j = start, k = count
        let facts = tables, pairs = facts + 256
        // `j` is a fast cluster whose opportunity is written.
        while true {
            let c = base[j]
            let cFacts = facts[Int(c)]
            clusters[k] = Int32(truncatingIfNeeded: j &+ 1)
            k &+= 1
            if runScript != latin && cFacts & letter != 0 {
                if j > itemStart { items.add(itemStart..<j, level: level, script: runScript, emoji: false) }
                itemStart = j
                runScript = latin
            }
            j &+= 1
            // The rest of a word: letters and digits after a letter or a digit in a Latin
            // run. No line ends between them (after a letter or a digit the pair table's
            // answer is always no: `PairTable`'s `noBreakAfter`) and their item goes on,
            // so only their clusters and opportunities are written, in a tighter loop, the
            // last one taken back if what follows may join it (`endsASCIICluster`).
            if runScript == latin && cFacts & alphanumeric != 0 {
                let from = j
                while j < n && facts[Int(base[j])] & alphanumeric != 0 {
                    j &+= 1
                    clusters[k] = Int32(truncatingIfNeeded: j)
                    opportunities?[k &- 1] = 0
                    k &+= 1
                }
                if j > from && !endsASCIICluster(bytes, j, hangul: hangul) {
                    j &-= 1
                    k &-= 1
                }
            }
            guard j < n, facts[Int(base[j])] & fast != 0, endsASCIICluster(bytes, j &+ 1, hangul: hangul) else { break }
            if let opportunities {
                let before = Int(base[j &- 1]) &- 0x20
                var byte = pairs[before &* 95 &+ (Int(base[j]) &- 0x20)]
                if byte == afterHyphen {
                    byte = BrowserLineBreaks.isASCIIAlphanumeric(UInt32(base[j &- 2])) ? _ClusterFlags.opens : 0
                }
                opportunities[k &- 1] = byte
            }
        }
        items.add(itemStart..<j, level: level, script: runScript, emoji: false)
        count = k
        script = runScript
        lastLast = j &- 1 > start ? UInt32(base[j &- 2]) : last
        last = UInt32(base[j &- 1])
        return j
    }

    /// The fast Hangul clusters (a syllable followed by the text's end, ASCII or another
    /// syllable: nothing that may join it) from
    /// `start`, which is one (`first`), at `level`, and the single spaces between two of them
    /// (Korean words): each one's cluster end and opportunity written as the general loop
    /// and `asciiRun` write them (after the first, a line may always end before a syllable,
    /// after another (LB31) or after a space), one Hangul item added (a space in it takes
    /// the script of the run around it), the two scalars before the next boundary moved on
    /// (when opportunities are written: nothing else reads them). Returns the run's end.
    ///
    /// Each syllable's cluster is written as it is found (`isSyllable`: nothing decoded),
    /// and taken back if it is not a fast cluster (the last of a stretch that what follows
    /// may join) with a space before it that no other syllable follows. Only the last two
    /// scalars are decoded, at the run's end.
    ///
    /// - Complexity: O(run length).
    @inline(__always)
    static func hangulRun(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, first: UInt32,
                          clusters: UnsafeMutablePointer<Int32>, count: inout Int,
                          opportunities: UnsafeMutablePointer<UInt8>?, breaker: inout BrowserLineBreaks.Walker,
                          lastLast: inout UInt32, last: inout UInt32, items: inout _ItemBuilder, level: UInt8) -> Int {
        let n = bytes.count
        let base = bytes.baseAddress!
        var k = count
        clusters[k] = Int32(truncatingIfNeeded: start &+ 3)
        if let opportunities {
            let opens = TextItemizer.opens(&breaker, at: start, lastLast: lastLast, last: last, current: first, length: 3)
            opportunities[k &- 1] = opens ? _ClusterFlags.opens | _ClusterFlags.syllable : _ClusterFlags.syllable
        }
        k &+= 1
        var j = start &+ 3
        // Where the stretch of syllables being read starts: after the first one (a fast cluster:
        // the text's end, ASCII or a syllable follows it), or after a space.
        var from = j
        while true {
            while isSyllable(bytes, at: j) {
                j &+= 3
                clusters[k] = Int32(truncatingIfNeeded: j)
                opportunities?[k &- 1] = _ClusterFlags.opens | _ClusterFlags.syllable
                k &+= 1
            }
            if j == from {
                if from != start &+ 3 {
                    // The space before the stretch, with no syllable after it.
                    j &-= 1
                    k &-= 1
                    break
                }
            } else if j < n && base[j] >= 0x80 {
                // The stretch's last syllable, which what follows may join.
                j &-= 3
                k &-= 1
                if j == from && from != start &+ 3 {
                    // And the space before it, with no fast cluster after it.
                    j &-= 1
                    k &-= 1
                }
                break
            }
            // A space, written as `asciiRun` writes it (a cluster that hangs, no line ending
            // before it, in the run's item), then the stretch after it.
            guard j < n, base[j] == 0x20 else { break }
            j &+= 1
            clusters[k] = Int32(truncatingIfNeeded: j)
            opportunities?[k &- 1] = _ClusterFlags.hanging
            k &+= 1
            from = j
        }
        items.add(start..<j, level: level, script: TextItemizer.hangul, emoji: false)
        count = k
        if opportunities != nil {
            // The run ends with a syllable; before it, the first one's scalars, a space or
            // another syllable.
            let single = j == start &+ 3
            lastLast = single ? last : base[j &- 4] == 0x20 ? 0x20 : syllable(bytes, at: j &- 6)
            last = single ? first : syllable(bytes, at: j &- 3)
        }
        return j
    }
}
