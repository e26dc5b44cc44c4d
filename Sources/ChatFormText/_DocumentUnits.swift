import ChatFormRows

/// The storage of a `TextDocument`: its units (paragraphs laid out on their own, in chunks;
/// see `_Paragraph`), the prefix-sum trees over them, and what every unit is laid out with.
///
/// The trees make "which unit holds byte offset o / visual line k / paragraph i" and "where
/// does unit i start" O(log n); an edit (`replace(_:with:)`, in `_DocumentUnits+Editing`)
/// lays out again only the units it touches and replaces their rows in every tree.
/// Offsets are UTF-8 byte offsets into the whole text.
struct _DocumentUnits: Sendable {
    var paragraphs: _ParagraphStore
    /// Visual line count of each unit.
    var lineTree: _CountIndex
    /// UTF-8 length of each unit.
    var byteTree: _CountIndex
    /// Mandatory breaks in each unit (a large unit may hold several paragraphs).
    var breakTree: _CountIndex
    /// Each unit's height when lines differ in height (real fonts with CSS
    /// `line-height: normal`: a line holding a fallback font may be taller); nil when every
    /// line is `lineHeight` tall.
    var heightTree: HeightIndex?
    /// The width every unit is wrapped to (`.infinity`: no wrapping).
    let width: Double
    let metrics: any TextMetrics
    let options: TextLayoutOptions
    /// The height of one line.
    let lineHeight: Double
    /// When a paragraph is stored as a rope, and the rope's sizes.
    let tuning: _ParagraphTuning

    /// Splits `text` into paragraphs and lays each out at `width` (checked by the caller).
    ///
    /// - Complexity: O(n) in the text's UTF-8 length.
    init(text: String, width: Double, metrics: any TextMetrics, options: TextLayoutOptions,
         tuning: _ParagraphTuning) throws(TextLayoutError) {
        self.tuning = tuning
        self.width = width
        self.options = options
        self.metrics = metrics
        self.lineHeight = TextMetricsLimits.lineHeight(metrics.lineHeight)
        var laidOut: [_Paragraph] = []
        try withUTF8Bytes(text) { (bytes) throws(TextLayoutError) in
            let ranges = _MandatoryBreaks.paragraphRanges(in: bytes)
            laidOut.reserveCapacity(ranges.count)
            for r in ranges {
                laidOut.append(try _Paragraph.make(UnsafeBufferPointer(rebasing: bytes[r]), width: width, metrics: metrics,
                                                   options: options, tuning: tuning))
            }
        }
        paragraphs = _ParagraphStore(laidOut)
        // Line counts and byte lengths are whole numbers, exact in a `Double` below 2^53.
        lineTree = _CountIndex(laidOut.lazy.map(\.lineCount))
        byteTree = _CountIndex(laidOut.lazy.map(\.utf8Count))
        breakTree = _CountIndex(laidOut.lazy.map(\.hardCount))
        heightTree = Self.hasVariableLineHeights(metrics) ? try! HeightIndex(heights: laidOut.lazy.map { $0.height }) : nil
    }

    /// Whether layouts made with `metrics` may have lines of different heights.
    static func hasVariableLineHeights(_ metrics: any TextMetrics) -> Bool {
        guard let shaper = metrics as? any TextShaper else { return false }
        return shaper.fixedLineHeight == nil
    }

    /// The text's UTF-8 length. O(1).
    var utf8Count: Int { byteTree.total }

    /// The number of visual lines. O(1).
    var lineCount: Int { lineTree.total }

    /// The number of paragraphs (mandatory breaks + 1). O(1).
    var paragraphCount: Int { breakTree.total + 1 }

    // MARK: Lookups

    /// The unit holding byte `offset` (`0...utf8Count`); a unit's start belongs to it, and
    /// `utf8Count` to the last unit. O(log n).
    func paragraphIndex(containingOffset offset: Int) -> Int {
        byteTree.index(containing: offset) ?? 0
    }

    /// The unit showing visual line `line` (`0..<lineCount`). O(log n).
    func paragraphIndex(containingLine line: Int) -> Int {
        lineTree.index(containing: line) ?? 0
    }

    /// The UTF-8 offset where unit `index` starts. O(log n).
    func paragraphStart(_ index: Int) -> Int { byteTree.prefix(index) }

    /// The first visual line of unit `index`. O(log n).
    func firstLine(ofParagraph index: Int) -> Int { lineTree.prefix(index) }

    /// The unit showing visual line `index`, and the line's index in it. O(log n).
    func paragraph(ofLine index: Int) -> (paragraph: Int, local: Int) {
        let p = paragraphIndex(containingLine: index)
        return (p, index - firstLine(ofParagraph: p))
    }

    /// The unit holding paragraph `index`, and the paragraph's shown lines in it. O(log n).
    func locateParagraph(_ index: Int) -> (unit: Int, first: Int, last: Int) {
        precondition(index >= 0 && index < paragraphCount, "paragraph \(index) outside 0..<\(paragraphCount)")
        let unit = breakTree.index(containing: index) ?? 0
        let k = index - breakTree.prefix(unit)
        let p = paragraphs[unit]
        let first = k == 0 ? 0 : p.hardLineIndex(k - 1) + 1
        let last = k < p.hardCount ? p.hardLineIndex(k) + 1 : p.lineCount
        return (unit, first, last)
    }

    /// The index of the paragraph (not unit) holding byte `offset` (a paragraph's start
    /// belongs to it). O(log n).
    func globalParagraphIndex(containingOffset offset: Int) -> Int {
        let unit = paragraphIndex(containingOffset: offset)
        let line: Int
        if let large = paragraphs[unit].large {
            // A large unit without a mandatory break (one paragraph, the last): no line to find.
            if large.lines.hardCount == 0 { return breakTree.prefix(unit) }
            line = large.lines.lineIndex(startingAtOrBefore: offset - paragraphStart(unit))
        } else {
            line = 0   // a flat unit's break ends it: every offset but its end is before it
        }
        return breakTree.prefix(unit) + paragraphs[unit].hardLines(before: line)
    }

    /// The byte at `offset` (`0..<utf8Count`). O(log n).
    func byte(at offset: Int) -> UInt8 {
        let unit = paragraphIndex(containingOffset: offset)
        return paragraphs[unit].byte(at: offset - paragraphStart(unit))
    }

    /// Whether `offset` lies inside a unit stored as a rope (not at its start or the text's
    /// end) between two ASCII bytes, the first not a CR: a grapheme boundary that no lone CR
    /// precedes, found with one lookup (the keystroke's common case in a large paragraph).
    /// False says nothing: the caller checks the general way.
    ///
    /// - Complexity: O(log n).
    func plainASCIIBoundary(at offset: Int) -> Bool {
        guard offset > 0 && offset < utf8Count else { return false }
        let unit = paragraphIndex(containingOffset: offset)
        let local = offset - paragraphStart(unit)
        guard local > 0, let large = paragraphs[unit].large else { return false }
        let (before, after) = large.rope.bytePair(at: local - 1)
        guard let after else { return false }
        return before < 0x80 && before != 0x0D && after < 0x80
    }

    /// The top of visual line `index` and its height. O(log n + n / 256).
    func lineFrame(_ index: Int) -> (y: Double, height: Double) {
        guard let heightTree else { return (Double(index) * lineHeight, lineHeight) }
        let (p, local) = paragraph(ofLine: index)
        let layout = paragraphs[p]
        return (heightTree.offset(ofRow: p) + layout.lineTop(local), layout.heightOfLine(local))
    }
}

/// Where mandatory breaks end in UTF-8 text (LF, VT, FF, CR, CRLF as one, NEL, LS, PS): what
/// splits a document into paragraphs and a long text into chunks for threads. The lead
/// bytes read (0x0A-0x0D, 0xC2, 0xE2) are never continuation bytes, so scanning bytes is
/// safe at any offset.
enum _MandatoryBreaks {
    /// The end of the mandatory break starting at `i`, or nil when none starts there.
    @inline(__always)
    static func end(in bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Int? {
        let b = bytes[i], n = bytes.count
        if b < 0x80 {
            guard b >= 0x0A && b <= 0x0D else { return nil }
            return b == 0x0D && i + 1 < n && bytes[i + 1] == 0x0A ? i + 2 : i + 1
        }
        if b == 0xC2 { return i + 1 < n && bytes[i + 1] == 0x85 ? i + 2 : nil }
        if b == 0xE2 { return i + 2 < n && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9) ? i + 3 : nil }
        return nil
    }

    /// Whether any of the eight bytes of `word` can start a mandatory break: one below 0x0E
    /// (LF, VT, FF, CR, and the controls below them), 0xC2 (NEL's lead) or 0xE2 (LS's and
    /// PS's). False only when none can (each test flags a word with such a byte, whichever
    /// byte it flags: a borrow reaches only bytes above the first one found).
    @inline(__always)
    static func mayStartBreak(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let below = (word &- ones &* 0x0E) & ~word & highs
        let c2 = word ^ (ones &* 0xC2), e2 = word ^ (ones &* 0xE2)
        let leads = ((c2 &- ones) & ~c2 | (e2 &- ones) & ~e2) & highs
        return below | leads != 0
    }

    /// The byte ranges of the paragraphs of `bytes`: each ends after a mandatory break, and
    /// the last one holds what follows the last break (possibly nothing).
    ///
    /// - Complexity: O(n).
    static func paragraphRanges(in bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start = 0
        var i = 0
        let n = bytes.count
        while i < n {
            // Eight bytes at a time where none can start a break (most of a paragraph).
            if i &+ 8 <= n && !mayStartBreak(UnsafeRawPointer(bytes.baseAddress!).loadUnaligned(fromByteOffset: i, as: UInt64.self)) {
                i &+= 8
                continue
            }
            if let end = end(in: bytes, at: i) {
                result.append(start..<end)
                start = end
                i = end
            } else {
                i += 1
            }
        }
        result.append(start..<bytes.count)
        return result
    }

    /// `text` split into paragraphs (see `paragraphRanges(in:)`).
    static func paragraphs(of text: String) -> [String] {
        var copy = text
        return copy.withUTF8 { bytes in
            paragraphRanges(in: bytes).map { String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self) }
        }
    }

    /// Offsets 0 = c0 < c1 < … < ck = n where every inner cut is just after a mandatory
    /// break, near the even split of `bytes` into `count` pieces.
    ///
    /// - Complexity: O(n) at most; O(count × distance to the next break) usually.
    static func chunkBoundaries(_ bytes: UnsafeBufferPointer<UInt8>, count: Int) -> [Int] {
        let n = bytes.count
        var cuts = [0]
        for k in 1..<count {
            var p = max(cuts[cuts.count - 1], n / count * k)
            while p < n {
                if let end = end(in: bytes, at: p) {
                    p = end
                    break
                }
                p += 1
            }
            if p < n && p > cuts[cuts.count - 1] { cuts.append(p) }
        }
        cuts.append(n)
        return cuts
    }
}
