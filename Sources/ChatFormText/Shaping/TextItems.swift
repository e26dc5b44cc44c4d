internal import CChatFormICU

/// One item of a paragraph: a range that shapes with one script, one direction and one
/// fallback priority (SPEC §2.1). A shaper splits items further where fonts change.
public struct TextItem: Sendable, Hashable {
    /// UTF-8 range.
    public var range: Range<Int>
    /// UAX #9 embedding level (odd: right-to-left).
    public var bidiLevel: UInt8
    /// ISO 15924 script code packed big-endian (`0x4C61746E` is "Latn"); Common and
    /// Inherited characters take the script of the run around them.
    public var script: UInt32
    /// Whether the item is emoji in emoji presentation (drawn from a colour emoji font first
    /// when the primary font lacks it).
    public var isEmoji: Bool

    public init(range: Range<Int>, bidiLevel: UInt8, script: UInt32, isEmoji: Bool) {
        self.range = range
        self.bidiLevel = bidiLevel
        self.script = script
        self.isEmoji = isEmoji
    }

    /// Whether the item runs right to left.
    public var isRightToLeft: Bool { bidiLevel & 1 == 1 }

    /// The script as its four-letter code ("Latn", "Hang").
    public var scriptCode: String {
        String(decoding: [UInt8(script >> 24), UInt8((script >> 16) & 0xFF), UInt8((script >> 8) & 0xFF),
                          UInt8(script & 0xFF)], as: UTF8.self)
    }
}

/// Splits text into items the way a browser segments a paragraph before shaping: bidi
/// levels (ICU's UAX #9, at the paragraph's direction: left to right unless told), script runs (Common and
/// Inherited characters join their neighbours; a closing bracket takes its opening
/// bracket's script), and emoji-presentation clusters apart from text.
public enum TextItemizer {
    static let latin: UInt32 = 0x4C61_746E   // "Latn"

    /// ICU's general category of `scalar` (UCharCategory: 20 is Ps, 21 Pe).
    public static func generalCategory(of scalar: UInt32) -> Int32 { cfl_general_category(scalar) }

    /// ICU's East Asian Width of `scalar` (UEastAsianWidth: 3 is Fullwidth, 5 Wide).
    public static func eastAsianWidth(of scalar: UInt32) -> Int32 { cfl_east_asian_width(scalar) }
    static let common: UInt32 = 0x5A79_7979  // "Zyyy"

    /// Common's code ("Zyyy"), the script of an item with no character of a real script.
    package static let commonScript: UInt32 = common
    /// Hangul's code ("Hang").
    package static let hangulScript: UInt32 = hangul

    /// The script of `scalar` as `TextItem.script` packs it, or 0 for Common and Inherited
    /// characters (which take the script of the run around them).
    package static func script(of scalar: UInt32) -> UInt32 { scriptTag(scalar) }

    /// The items of `text`, in logical order, covering it.
    ///
    /// - Throws: `.textTooLong` past 2^31 - 1 bytes, `.icu` if ICU fails.
    /// - Complexity: O(n).
    public static func items(of text: String) throws(TextLayoutError) -> [TextItem] {
        try segment(text).items
    }

    /// The items of `text` and its grapheme cluster boundaries (UTF-8 offsets from 0 to
    /// the text's length): what a shaper needs to pick a font per cluster.
    ///
    /// - Complexity: O(n).
    public static func segment(_ text: String) throws(TextLayoutError) -> (items: [TextItem], clusters: [Int32]) {
        try segment(text, direction: .ltr)
    }

    /// `segment(_:)` in a paragraph of base direction `direction`: levels resolved at
    /// paragraph level 1 where it is right to left (``ParagraphDirection/isRightToLeft(_:)``;
    /// `auto`: the text's first strong character), as Chromium resolves a block's text with
    /// ICU's `ubidi` at the block's direction, so neutrals, numbers and explicit embeddings,
    /// isolates and marks take the levels the browser shapes them at.
    ///
    /// - Complexity: O(n).
    public static func segment(_ text: String, direction: ParagraphDirection) throws(TextLayoutError)
        -> (items: [TextItem], clusters: [Int32]) {
        let level: UInt8 = direction == .ltr ? 0 : direction.isRightToLeft(text) ? 1 : 0
        return try withBreakIterators(text) { bytes, iterators in
            var items: [TextItem] = []
            // At most one boundary a byte, and the text's start.
            let clusters = [Int32](unsafeUninitializedCapacity: bytes.count + 1) { out, count in
                (items, count) = Self.items(bytes, iterators: iterators, clusters: out.baseAddress!, opportunities: nil,
                                            paragraphLevel: level)
            }
            return (items, clusters)
        }
    }

    /// The items of `bytes` and the number of its grapheme cluster boundaries (from 0 to the
    /// length), found on the same walk and written to `clusters`, and to `opportunities`
    /// unless nil, a byte a boundary: bit 0 set where the browser's default break rules let
    /// a line end there (`iterators` must then be the browser's, `en@lb=normal`), the kind of
    /// the cluster starting there in the others (`_ClusterFlags.kind`, `_ClusterFlags.syllable`). Each has room
    /// for one a byte and one more. Levels at `paragraphLevel` (0 or 1). Without
    /// `fastClusters` every cluster takes the general path (the tests' reference). With
    /// `spares` (unretained: the caller holds it), items that fit in the builder's scratch
    /// space (16) are copied into its kept buffer when that has room for them
    /// (`ShapedRunsScratch.takeItems(copying:)`), others into an array of their own.
    ///
    /// A left-to-right paragraph is walked as if every level were 0 (no right-to-left
    /// character, no bidi control), each cluster of the general path checked on the way
    /// (`needsBidi`; the fast clusters, ASCII and Hangul syllables, hold none): on the first
    /// that holds one the walk starts again with the levels resolved. The text's bytes are
    /// read once, not once more before the walk.
    static func items(_ bytes: UnsafeBufferPointer<UInt8>, iterators: BreakIterators, clusters: UnsafeMutablePointer<Int32>,
                      opportunities: UnsafeMutablePointer<UInt8>?, paragraphLevel: UInt8 = 0, fastClusters: Bool = true,
                      spares: Unmanaged<ShapedRunsScratch>? = nil)
        -> (items: [TextItem], boundaryCount: Int) {
        if paragraphLevel == 0, let found = items(bytes, iterators: iterators, clusters: clusters, opportunities: opportunities,
                                                  levels: nil, paragraphLevel: 0, checksBidi: true, fastClusters: fastClusters,
                                                  spares: spares) {
            return found
        }
        let levels = bytes.isEmpty ? nil : resolvedLevels(bytes, paragraphLevel: paragraphLevel)
        return items(bytes, iterators: iterators, clusters: clusters, opportunities: opportunities, levels: levels,
                     paragraphLevel: paragraphLevel, checksBidi: false, fastClusters: fastClusters, spares: spares)!
    }

    /// `items(_:iterators:clusters:opportunities:paragraphLevel:fastClusters:)` at `levels`
    /// (nil: all at `paragraphLevel`), or nil, with `checksBidi`, at the first cluster that
    /// needs levels resolved.
    private static func items(_ bytes: UnsafeBufferPointer<UInt8>, iterators: BreakIterators, clusters: UnsafeMutablePointer<Int32>,
                              opportunities: UnsafeMutablePointer<UInt8>?, levels: [UInt8]?, paragraphLevel: UInt8,
                              checksBidi: Bool, fastClusters: Bool, spares: Unmanaged<ShapedRunsScratch>?)
        -> (items: [TextItem], boundaryCount: Int)? {
        withUnsafeTemporaryAllocation(of: TextItem.self, capacity: 16) { scratch in
            items(bytes, iterators: iterators, clusters: clusters, opportunities: opportunities, levels: levels,
                  paragraphLevel: paragraphLevel, checksBidi: checksBidi, fastClusters: fastClusters, scratch: scratch,
                  spares: spares)
        }
    }

    /// The walk, its first items written to `scratch` (`_ItemBuilder`), the items finished
    /// into `spares`' buffer when given.
    private static func items(_ bytes: UnsafeBufferPointer<UInt8>, iterators: BreakIterators, clusters: UnsafeMutablePointer<Int32>,
                              opportunities: UnsafeMutablePointer<UInt8>?, levels: [UInt8]?, paragraphLevel: UInt8,
                              checksBidi: Bool, fastClusters: Bool, scratch: UnsafeMutableBufferPointer<TextItem>,
                              spares: Unmanaged<ShapedRunsScratch>?) -> (items: [TextItem], boundaryCount: Int)? {
        var items = _ItemBuilder(scratch: scratch)
        let n = bytes.count
        clusters[0] = 0
        var count = 1   // boundaries written
        if n == 0 {
            opportunities?[0] = 0
            return ([], 1)
        }
        var breaker = BrowserLineBreaks.Walker(bytes: bytes, iterators: iterators, keepAll: false, breakAll: false,
                                               ideographs: true)
        var last: UInt32 = 0, lastLast: UInt32 = 0   // the two scalars before boundary i
        let walker = GraphemeWalker(bytes: bytes, iterators: iterators)
        // Opening brackets not yet closed; nil until the first (most texts have none: an empty
        // array would still be made and released on every walk).
        var brackets: [(pair: UInt32, script: UInt32)]? = nil
        var current: UInt32 = 0          // resolved script of the run so far (0: none yet)
        var pendingStart = -1            // start of leading Common text awaiting a script
        let hangulFast = FastBreakClass.hangulSyllablesAreUniform
        var i = 0
        while i < n {
            // The commonest clusters once a script is known, answered without the grapheme
            // walker, the general break rules or a property look-up: a printable ASCII
            // character (not a bracket, which the bracket pairs below track) followed by ASCII
            // or a Hangul syllable, and a Hangul syllable followed by ASCII or another
            // syllable. Each is a grapheme
            // cluster on its own (GB9 needs a non-ASCII Extend, ZWJ or SpacingMark after it;
            // GB7/GB8 a V or T jamo after a syllable), no emoji, its script Latin, Hangul, or
            // the run's.
            if current != 0 && fastClusters {
                let b0 = bytes[i]
                var c: UInt32 = 0, length = 0
                if _FastItemRuns.isFastASCII(b0) && _FastItemRuns.endsASCIICluster(bytes, i + 1, hangul: hangulFast) {
                    c = UInt32(b0)
                    length = 1
                    if levels == nil {
                        // A run of them at one level, in one tight loop: one cluster each,
                        // their item the run's script up to the first letter, Latin from it.
                        i = _FastItemRuns.asciiRun(bytes, from: i, clusters: clusters, count: &count,
                                                   opportunities: opportunities, breaker: &breaker, lastLast: &lastLast,
                                                   last: &last, items: &items, level: paragraphLevel, script: &current,
                                                   hangul: hangulFast)
                        continue
                    }
                } else if hangulFast && b0 >= 0xEA && b0 <= 0xED && i + 3 <= n {
                    let s = UTF8Scalar.decode(bytes, at: i).scalar
                    if _FastItemRuns.isHangulSyllable(s) && _FastItemRuns.startsNoJamo(bytes, i + 3) {
                        c = s
                        length = 3
                        if levels == nil {
                            // A run of them, in one tight loop (a line may end between two).
                            i = _FastItemRuns.hangulRun(bytes, from: i, first: s, clusters: clusters, count: &count,
                                                        opportunities: opportunities, breaker: &breaker,
                                                        lastLast: &lastLast, last: &last, items: &items,
                                                        level: paragraphLevel)
                            current = hangul
                            continue
                        }
                    }
                }
                if length != 0 {
                    let e = i + length
                    clusters[count] = Int32(truncatingIfNeeded: e)
                    count += 1
                    if let opportunities {
                        // (A space here is a cluster of its own that hangs, and no line ends before it.)
                        opportunities[count - 2] = c == 0x20 ? _ClusterFlags.hanging
                            : (Self.opens(&breaker, at: i, lastLast: lastLast, last: last, current: c, length: length) ? 1 : 0)
                                | (length == 3 ? _ClusterFlags.syllable : 0)
                        lastLast = last
                        last = c
                    }
                    let script = length == 3 ? hangul : (c | 0x20) &- 0x61 < 26 ? latin : current
                    items.add(i..<e, level: levels.map { $0[i] } ?? paragraphLevel, script: script, emoji: false)
                    current = script
                    i = e
                    continue
                }
            }
            let e = walker.clusterEnd(at: i)
            if checksBidi && needsBidi(bytes, i..<e) { return nil }
            clusters[count] = Int32(e)
            count += 1
            let (first, firstLength) = UTF8Scalar.decode(bytes, at: i)
            if let opportunities {
                // The break rules at this boundary (none at the start; the end's 0 is
                // written after the walk).
                let opens = i > 0 && Self.breaks(&breaker, at: i, lastLast: lastLast, last: last, current: first, length: firstLength)
                opportunities[count - 2] = (opens ? _ClusterFlags.opens : 0)
                    | _ClusterFlags.kind(of: first, length: firstLength, at: i, end: e) | _ClusterFlags.ifSyllable(first, i, e)
                BrowserLineBreaks.scalarsBefore(e, cluster: i, first: first, length: firstLength, in: bytes,
                                                last: &last, lastLast: &lastLast)
            }
            let emoji = isEmojiPresentation(bytes, i, e)
            // The cluster's script: its first scalar with a real script, else Common.
            var script = scriptTag(first)
            var j = i + firstLength
            while script == 0 && j < e {
                let (scalar, length) = UTF8Scalar.decode(bytes, at: j)
                script = scriptTag(scalar)
                j += length
            }
            if script == 0 {
                // Brackets: an opening bracket remembers the script it opened in; its
                // closing bracket takes that script.
                switch bracketType(first) {
                case 1:
                    if brackets == nil { brackets = [] }
                    brackets!.append((cfl_bracket_pair(first), current))
                case 2:
                    if let k = brackets?.lastIndex(where: { $0.pair == first }) {
                        if brackets![k].script != 0 { script = brackets![k].script }
                        brackets!.removeSubrange(k...)
                    }
                default: break
                }
            }
            if script == 0 { script = current }
            let level = levels.map { $0[i] } ?? paragraphLevel
            if script == 0 {
                if pendingStart < 0 { pendingStart = i }
            } else if pendingStart >= 0 {
                // Leading Common text takes the first real script.
                append(&items, pendingStart..<i, levels: levels, script: script, bytes: bytes, walker: walker,
                   paragraphLevel: paragraphLevel)
                pendingStart = -1
            }
            if script != 0 {
                current = script
                items.add(i..<e, level: level, script: script, emoji: emoji)
            }
            i = e
        }
        if pendingStart >= 0 {
            append(&items, pendingStart..<n, levels: levels, script: common, bytes: bytes, walker: walker,
                   paragraphLevel: paragraphLevel)
        }
        opportunities?[count - 1] = 0
        return (items.finish(spares: spares), count)
    }

    static let hangul: UInt32 = 0x4861_6E67   // "Hang"

    private static func append(_ items: inout _ItemBuilder, _ range: Range<Int>, levels: [UInt8]?, script: UInt32,
                               bytes: UnsafeBufferPointer<UInt8>, walker: GraphemeWalker, paragraphLevel: UInt8) {
        var i = range.lowerBound
        while i < range.upperBound {
            let e = walker.clusterEnd(at: i)
            items.add(i..<e, level: levels.map { $0[i] } ?? paragraphLevel, script: script, emoji: isEmojiPresentation(bytes, i, e))
            i = e
        }
    }

    /// The ISO 15924 tag of `scalar`'s script, 0 for Common and Inherited (ICU's answer,
    /// `icuScriptTag`; the commonest blocks, the joiner, VS16 and emoji answered without
    /// asking it: every Emoji scalar is Common in ICU's data, which a test checks).
    @inline(__always)
    static func scriptTag(_ scalar: UInt32) -> UInt32 {
        if scalar < 0x80 {
            return (scalar | 0x20) >= 0x61 && (scalar | 0x20) <= 0x7A ? latin : 0
        }
        switch scalar {
        case 0xAC00...0xD7A3, 0x3131...0x318E: return hangul   // syllables, compatibility letters
        case 0x4E00...0x9FFF: return 0x4861_6E69            // Hani
        case 0x3041...0x3096: return 0x4869_7261            // Hira
        case 0x30A1...0x30FA: return 0x4B61_6E61            // Kana
        case 0x200D, 0xFE0F: return 0                       // Inherited
        default: return ScalarProperties.of(scalar).isEmoji ? 0 : icuScriptTag(scalar)
        }
    }

    /// ICU's script of `scalar` as `scriptTag` gives it.
    static func icuScriptTag(_ scalar: UInt32) -> UInt32 {
        let code = cfl_script(scalar)
        return code > 1 ? cfl_script_tag(code) : 0          // 0 Common, 1 Inherited
    }

    /// ICU's Bidi_Paired_Bracket_Type of `scalar` (1 opening, 2 closing, 0 none), ASCII's
    /// answered here, and emoji's and those past the BMP (none a bracket in ICU's data, which
    /// a test checks) without asking it.
    @inline(__always)
    static func bracketType(_ scalar: UInt32) -> Int32 {
        if scalar < 0x80 {
            return scalar == 0x28 || scalar == 0x5B || scalar == 0x7B ? 1 : scalar == 0x29 || scalar == 0x5D || scalar == 0x7D ? 2 : 0
        }
        return scalar >= 0x1_0000 || ScalarProperties.of(scalar).isEmoji ? 0 : icuBracketType(scalar)
    }

    /// ICU's Bidi_Paired_Bracket_Type of `scalar`.
    static func icuBracketType(_ scalar: UInt32) -> Int32 { cfl_bracket_type(scalar) }

    /// Whether the cluster `[start, end)` is an emoji presentation sequence: an
    /// Emoji_Presentation scalar, an emoji followed by VS16 or a skin tone, a keycap, a
    /// flag, or a ZWJ sequence of emoji.
    static func isEmojiPresentation(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        if bytes[start] < 0x80 && end == start + 1 { return false }
        let (first, length) = UTF8Scalar.decode(bytes, at: start)
        let props = ScalarProperties.of(first)
        if props.isEmojiPresentation || props.isRegionalIndicator { return true }
        guard props.isEmoji || props.isExtendedPictographic else { return false }
        var j = start + length
        while j < end {
            let (scalar, l) = UTF8Scalar.decode(bytes, at: j)
            if scalar == 0xFE0F || scalar == 0x20E3 || scalar == 0x200D || ScalarProperties.of(scalar).isEmojiModifier { return true }
            if scalar == 0xFE0E { return false }
            j += l
        }
        return false
    }

    /// Whether `bytes[range]` holds a right-to-left character or a bidi control that can
    /// make one (else every level of a left-to-right paragraph is 0). The left-to-right
    /// embeddings, overrides and isolates (LRE, LRO, LRI, FSI) are not among them: ICU (and
    /// the browser, which resolves levels with it) takes a paragraph with no right-to-left
    /// class at all for left to right, every level the paragraph's.
    static func needsBidi(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        var i = range.lowerBound
        while i < range.upperBound {
            // By lead byte: ASCII, U+1000-U+1FFF (E1) and U+3000-U+EFFF (E3-EE: Hangul, CJK,
            // Yi, private use) hold none; U+05C0-U+07FF (lead bytes D7-DF) all are.
            let b = bytes[i]
            if b < 0x80 {
                // ASCII eight bytes at a time while it lasts.
                i &+= 1
                let base = UnsafeRawPointer(bytes.baseAddress!)
                while i &+ 8 <= range.upperBound && base.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                    i &+= 8
                }
                continue
            }
            if b >= 0xE3 && b <= 0xEE || b == 0xE1 {
                // Lead bytes E1 and E3-EE three bytes at a time while E3-EE last.
                i &+= 3
                while i < range.upperBound && bytes[i] &- 0xE3 <= 0xEE - 0xE3 { i &+= 3 }
                continue
            }
            if b >= 0xD7 && b <= 0xDF { return true }
            let (s, l) = UTF8Scalar.decode(bytes, at: i)
            if (s >= 0x0590 && s <= 0x08FF) || (s >= 0xFB1D && s <= 0xFDFF) || (s >= 0xFE70 && s <= 0xFEFF)
                || (s >= 0x10800 && s <= 0x10FFF) || (s >= 0x1E800 && s <= 0x1EFFF)
                || s == 0x200F || s == 0x202B || s == 0x202E || s == 0x2067 || s == 0x061C {
                return true
            }
            i += l
        }
        return false
    }

    /// Bidi levels per UTF-8 byte, or nil when the text has no right-to-left character or
    /// bidi control (every level 0). With `paragraphLevel` 1 (a right-to-left paragraph)
    /// every text is resolved (nil only when empty).
    static func bidiLevels(_ bytes: UnsafeBufferPointer<UInt8>, paragraphLevel: UInt8 = 0) -> [UInt8]? {
        guard !bytes.isEmpty, paragraphLevel != 0 || needsBidi(bytes, 0..<bytes.count) else { return nil }
        return resolvedLevels(bytes, paragraphLevel: paragraphLevel)
    }

    /// ICU's levels of any text, needed or not (for tests).
    static func resolvedLevelsForTests(_ bytes: UnsafeBufferPointer<UInt8>, paragraphLevel: UInt8) -> [UInt8]? {
        bytes.isEmpty ? [] : resolvedLevels(bytes, paragraphLevel: paragraphLevel)
    }

    /// `bidiLevels(_:paragraphLevel:)` of a text that needs them (not empty), or nil if ICU fails.
    private static func resolvedLevels(_ bytes: UnsafeBufferPointer<UInt8>, paragraphLevel: UInt8) -> [UInt8]? {
        let n = bytes.count
        var i = 0
        var utf16: [UInt16] = []
        var unitToByte: [Int] = []
        utf16.reserveCapacity(n)
        i = 0
        while i < n {
            let (s, l) = UTF8Scalar.decode(bytes, at: i)
            if s >= 0x10000 {
                let v = s - 0x10000
                utf16.append(UInt16(0xD800 + (v >> 10)))
                utf16.append(UInt16(0xDC00 + (v & 0x3FF)))
                unitToByte.append(i)
                unitToByte.append(i)
            } else {
                utf16.append(UInt16(s))
                unitToByte.append(i)
            }
            i += l
        }
        var unitLevels = [UInt8](repeating: 0, count: utf16.count)
        let status = utf16.withUnsafeBufferPointer { u in
            unitLevels.withUnsafeMutableBufferPointer { lv in
                cfl_bidi_levels(u.baseAddress!, Int32(u.count), paragraphLevel, lv.baseAddress!)
            }
        }
        if status > 0 { return nil }
        var levels = [UInt8](repeating: 0, count: n)
        for (unit, byte) in unitToByte.enumerated() {
            let lv = unitLevels[unit]
            var b = byte
            let (_, l) = UTF8Scalar.decode(bytes, at: byte)
            while b < byte + l { levels[b] = lv; b += 1 }
        }
        return levels
    }
}
