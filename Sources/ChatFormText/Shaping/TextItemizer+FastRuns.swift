/// The itemizer's fast clusters in runs (`TextItemizer.items`): printable ASCII and Hangul
/// syllables, a run at a time in a tight loop, with what the general loop would find for each
/// cluster (`ItemizerFastPathTests` holds them to it).
extension TextItemizer {
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

    /// The fast ASCII clusters (`isFastASCII`, each followed by what `endsASCIICluster` allows)
    /// from `start`, which is one, at `level`, after text of `script` (not 0): each one's
    /// cluster end and opportunity written as the general loop writes them, the items added
    /// (the run's script up to its first letter, Latin from there), `script` and the two
    /// scalars before the next boundary moved on. Returns the run's end.
    @inline(__always)
    static func asciiRun(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, clusters: UnsafeMutablePointer<Int32>,
                                 count: inout Int, opportunities: UnsafeMutablePointer<UInt8>?,
                                 breaker: inout BrowserLineBreaks.Walker, lastLast: inout UInt32, last: inout UInt32,
                                 items: inout _ItemBuilder, level: UInt8, script: inout UInt32, hangul: Bool) -> Int {
        let n = bytes.count
        let pairs = BrowserLineBreaks.PairTable.shared
        var j = start
        var k = count
        var runScript = script, itemStart = start
        var previous = last, beforePrevious = lastLast
        while true {
            let c = UInt32(bytes[j])
            clusters[k] = Int32(truncatingIfNeeded: j &+ 1)
            if let opportunities {
                // `opens` with `previous` known to be printable ASCII after the run's first
                // character (and not a space past the first branches).
                let byte: UInt8
                if c == 0x20 {
                    // A space is a cluster of its own here, which hangs (`_ClusterFlags.kind`),
                    // and no line ends before it.
                    byte = _ClusterFlags.hanging
                } else if j == start {
                    byte = Self.opens(&breaker, at: j, lastLast: beforePrevious, last: previous, current: c, length: 1)
                        ? _ClusterFlags.opens : 0
                } else if previous == 0x20 {
                    byte = _ClusterFlags.opens
                } else if previous == 0x2D && c &- 0x30 < 10 {
                    byte = BrowserLineBreaks.isASCIIAlphanumeric(beforePrevious) ? _ClusterFlags.opens : 0
                } else {
                    byte = pairs.canBreakPrintable(previous, c) ? _ClusterFlags.opens : 0
                }
                opportunities[k &- 1] = byte
                beforePrevious = previous
                previous = c
            }
            k &+= 1
            if runScript != latin && (c | 0x20) &- 0x61 < 26 {
                if j > itemStart { items.add(itemStart..<j, level: level, script: runScript, emoji: false) }
                itemStart = j
                runScript = latin
            }
            j &+= 1
            // The rest of a word: letters and digits after a letter or a digit in a Latin run.
            // No line ends between them (after a letter or a digit the pair table's answer
            // is always no: `PairTable`'s `noBreakAfter`) and their item goes on, so only
            // their clusters and opportunities are written, in a tighter loop, the last one
            // taken back if what follows may join it (`endsASCIICluster`).
            if runScript == latin && BrowserLineBreaks.isASCIIAlphanumeric(c) {
                let from = j
                while j < n && BrowserLineBreaks.isASCIIAlphanumeric(UInt32(bytes[j])) {
                    j &+= 1
                    clusters[k] = Int32(truncatingIfNeeded: j)
                    opportunities?[k &- 1] = 0
                    k &+= 1
                }
                if j > from && !endsASCIICluster(bytes, j, hangul: hangul) {
                    j &-= 1
                    k &-= 1
                }
                if j > from && opportunities != nil {
                    previous = UInt32(bytes[j &- 1])
                    beforePrevious = UInt32(bytes[j &- 2])
                }
            }
            guard j < n, isFastASCII(bytes[j]), endsASCIICluster(bytes, j &+ 1, hangul: hangul) else { break }
        }
        items.add(itemStart..<j, level: level, script: runScript, emoji: false)
        count = k
        script = runScript
        last = previous
        lastLast = beforePrevious
        return j
    }

    /// The fast Hangul clusters (a syllable followed by the text's end, ASCII or another
    /// syllable: nothing that may join it) from
    /// `start`, which is one (`first`), at `level`, and the single spaces between two of them
    /// (Korean words): each one's cluster end and opportunity written as the general loop
    /// and `asciiRun` write them (after the first, a line may always end before a syllable,
    /// after another (LB31) or after a space), one Hangul item added (a space in it takes
    /// the script of the run around it), the two scalars before the next boundary moved on.
    /// Returns the run's end.
    ///
    /// Each syllable's cluster is written as it is found (`UTF8Scalar.isHangulSyllable`:
    /// nothing decoded), and taken back if it is not a fast cluster (the last of a stretch
    /// that what follows may join) with a space before it that no other syllable follows.
    /// Only the last two scalars are decoded, at the run's end.
    ///
    /// - Complexity: O(run length).
    @inline(__always)
    static func hangulRun(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, first: UInt32,
                                  clusters: UnsafeMutablePointer<Int32>, count: inout Int,
                                  opportunities: UnsafeMutablePointer<UInt8>?, breaker: inout BrowserLineBreaks.Walker,
                                  lastLast: inout UInt32, last: inout UInt32, items: inout _ItemBuilder, level: UInt8) -> Int {
        let n = bytes.count
        var k = count
        clusters[k] = Int32(truncatingIfNeeded: start &+ 3)
        if let opportunities {
            let opens = Self.opens(&breaker, at: start, lastLast: lastLast, last: last, current: first, length: 3)
            opportunities[k &- 1] = opens ? _ClusterFlags.opens | _ClusterFlags.syllable : _ClusterFlags.syllable
        }
        k &+= 1
        var j = start &+ 3
        // Where the stretch of syllables being read starts: after the first one (a fast cluster:
        // the text's end, ASCII or a syllable follows it), or after a space.
        var from = j
        while true {
            while j &+ 3 <= n && UTF8Scalar.isHangulSyllable(bytes, at: j) {
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
            } else if j < n && bytes[j] >= 0x80 {
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
            guard j < n, bytes[j] == 0x20 else { break }
            clusters[k] = Int32(truncatingIfNeeded: j &+ 1)
            opportunities?[k &- 1] = _ClusterFlags.hanging
            k &+= 1
            j &+= 1
            from = j
        }
        items.add(start..<j, level: level, script: hangul, emoji: false)
        count = k
        // The run ends with a syllable; before it, the first one's scalars, a space or
        // another syllable.
        let single = j == start &+ 3
        lastLast = single ? last : bytes[j &- 4] == 0x20 ? 0x20 : UTF8Scalar.decode(bytes, at: j &- 6).scalar
        last = single ? first : UTF8Scalar.decode(bytes, at: j &- 3).scalar
        return j
    }
}
