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

    /// The fast ASCII clusters (`isFastASCII`, each followed by ASCII or the text's end)
    /// from `start`, which is one, at `level`, after text of `script` (not 0): each one's
    /// cluster end and opportunity written as the general loop writes them, the items added
    /// (the run's script up to its first letter, Latin from there), `script` and the two
    /// scalars before the next boundary moved on. Returns the run's end.
    @inline(__always)
    static func asciiRun(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, clusters: UnsafeMutablePointer<Int32>,
                                 count: inout Int, opportunities: UnsafeMutablePointer<UInt8>?,
                                 breaker: inout BrowserLineBreaks.Walker, lastLast: inout UInt32, last: inout UInt32,
                                 items: inout ItemBuilder, level: UInt8, script: inout UInt32) -> Int {
        let n = bytes.count
        let pairs = BrowserLineBreaks.PairTable.shared
        var j = start
        var k = count
        var runScript = script, itemStart = start
        var previous = last, beforePrevious = lastLast
        while true {
            let c = UInt32(bytes[j])
            clusters[k] = Int32(truncatingIfNeeded: j + 1)
            if let opportunities {
                // `opens` with `previous` known to be ASCII after the run's first character.
                let opens: Bool
                if j == start {
                    opens = Self.opens(&breaker, at: j, lastLast: beforePrevious, last: previous, current: c, length: 1)
                } else if c == 0x20 {
                    opens = false
                } else if previous == 0x20 {
                    opens = true
                } else if previous == 0x2D && c &- 0x30 < 10 {
                    opens = BrowserLineBreaks.isASCIIAlphanumeric(beforePrevious)
                } else {
                    opens = pairs.canBreak(previous, c)
                }
                opportunities[k - 1] = opens ? 1 : 0
                beforePrevious = previous
                previous = c
            }
            k += 1
            if runScript != latin && (c | 0x20) &- 0x61 < 26 {
                if j > itemStart { items.add(itemStart..<j, level: level, script: runScript, emoji: false) }
                itemStart = j
                runScript = latin
            }
            j += 1
            guard j < n, isFastASCII(bytes[j]), j + 1 == n || bytes[j + 1] < 0x80 else { break }
        }
        items.add(itemStart..<j, level: level, script: runScript, emoji: false)
        count = k
        script = runScript
        last = previous
        lastLast = beforePrevious
        return j
    }

    /// The fast Hangul clusters (a syllable not followed by a jamo, a joiner or a mark) from
    /// `start`, which is one (`first`), at `level`: each one's cluster end and opportunity
    /// written as the general loop writes them (after the first, a line may always end
    /// between two syllables: LB31), one Hangul item added, the two scalars before the next
    /// boundary moved on. Returns the run's end.
    @inline(__always)
    static func hangulRun(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, first: UInt32,
                                  clusters: UnsafeMutablePointer<Int32>, count: inout Int,
                                  opportunities: UnsafeMutablePointer<UInt8>?, breaker: inout BrowserLineBreaks.Walker,
                                  lastLast: inout UInt32, last: inout UInt32, items: inout ItemBuilder, level: UInt8) -> Int {
        let n = bytes.count
        var j = start, k = count
        var c = first
        var previous = last, beforePrevious = lastLast
        while true {
            clusters[k] = Int32(truncatingIfNeeded: j + 3)
            if let opportunities {
                let opens = j == start
                    ? Self.opens(&breaker, at: j, lastLast: beforePrevious, last: previous, current: c, length: 3) : true
                opportunities[k - 1] = opens ? 1 : 0
                beforePrevious = previous
                previous = c
            }
            k += 1
            j += 3
            guard j + 3 <= n, bytes[j] >= 0xEA && bytes[j] <= 0xED else { break }
            let s = UTF8Scalar.decode(bytes, at: j).scalar
            guard isHangulSyllable(s) && startsNoJamo(bytes, j + 3) else { break }
            c = s
        }
        items.add(start..<j, level: level, script: hangul, emoji: false)
        count = k
        last = previous
        lastLast = beforePrevious
        return j
    }
}
