import ChatFormText

/// A block's inline text after the browser's white-space processing for `white-space: normal`
/// (CSS Text 3 §4.1, as Blink does it), with the way back to the DOM text's offsets.
///
/// - Spaces, tabs and newlines are collapsible. In a run of them holding a newline (a soft
///   break), the newline is removed when the characters on both sides are East Asian wide,
///   fullwidth or halfwidth and not Hangul, or when either is U+200B; otherwise the run
///   becomes one space. Any other run becomes one space, kept at its first character (so in
///   the element that character is in).
/// - Collapsible white space at the start of the block, at its end, and before and after a
///   hard break is removed.
/// - A hard break is a `"\n"` (a mandatory break for the line breaker).
struct _CollapsedText {
    /// The text the line breaker sees.
    var text: String
    /// For each UTF-8 byte of `text` (and one past the end), the DOM text offset it comes from.
    var domOffsets: [Int]
    /// The runs, over `text`: one for each run of the DOM text that kept a character (so a
    /// code span or a mention is still one run).
    var runs: [InlineRun]
    /// Bytes of collapsible white space at the start of the DOM text (line starts are counted
    /// after them).
    var leadingTrim: Int

    init(_ inline: InlineText) {
        let dom = Array(inline.text.utf8)
        var lead = 0
        while lead < dom.count, Self.isCollapsible(dom[lead]), !Self.isHardBreak(at: lead, in: inline.runs) { lead += 1 }
        leadingTrim = lead

        var out: [UInt8] = []
        var map: [Int] = []
        var runs: [InlineRun] = []
        var lastSource = -1
        out.reserveCapacity(dom.count)
        map.reserveCapacity(dom.count + 1)

        func emit(_ bytes: some Collection<UInt8>, from offset: Int, run: InlineRun, source: Int) {
            let start = out.count
            var o = offset
            for b in bytes {
                out.append(b)
                map.append(o)
                o += 1
            }
            let range = start..<out.count
            if source == lastSource, let last = runs.last, last.range.upperBound == start {
                runs[runs.count - 1].range = last.range.lowerBound..<range.upperBound
            } else {
                runs.append(InlineRun(range: range, role: run.role, marks: run.marks, link: run.link))
            }
            lastSource = source
        }

        // Walk the DOM text run by run; `pending` is a run of collapsible white space not yet emitted.
        var pending: (start: Int, run: InlineRun, source: Int, hasNewline: Bool)? = nil
        var lastEmittedScalar: Unicode.Scalar? = nil
        var atLineStart = true

        func flushPending(next: Unicode.Scalar?) {
            guard let p = pending else { return }
            pending = nil
            if atLineStart || next == nil { return }
            if p.hasNewline, let before = lastEmittedScalar, let after = next, Self.removesNewline(before, after) { return }
            emit([0x20], from: p.start, run: p.run, source: p.source)
            lastEmittedScalar = " "
        }

        for (source, run) in inline.runs.enumerated() {
            if run.role == .hardBreak {
                pending = nil   // white space before a forced break is removed
                emit([0x0A], from: run.range.lowerBound, run: run, source: source)
                lastEmittedScalar = "\n"
                atLineStart = true
                continue
            }
            var i = run.range.lowerBound
            while i < run.range.upperBound {
                let b = dom[i]
                if i < lead { i += 1; continue }
                if Self.isCollapsible(b) {
                    if pending == nil { pending = (i, run, source, false) }
                    if b == 0x0A { pending!.hasNewline = true }
                    i += 1
                    continue
                }
                let length = Self.scalarLength(b)
                let end = min(i + length, run.range.upperBound)
                let scalar = String(decoding: dom[i..<end], as: UTF8.self).unicodeScalars.first
                flushPending(next: scalar)
                emit(dom[i..<end], from: i, run: run, source: source)
                lastEmittedScalar = scalar
                atLineStart = false
                i = end
            }
        }
        pending = nil   // trailing white space is removed
        map.append(dom.count)
        text = String(decoding: out, as: UTF8.self)
        domOffsets = map
        self.runs = runs
    }

    /// The DOM offset (after the leading trim) of a byte offset in `text`.
    func domOffset(_ offset: Int) -> Int { domOffsets[min(offset, domOffsets.count - 1)] - leadingTrim }

    static func isCollapsible(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    private static func isHardBreak(at offset: Int, in runs: [InlineRun]) -> Bool {
        runs.contains { $0.role == .hardBreak && $0.range.contains(offset) }
    }

    private static func scalarLength(_ lead: UInt8) -> Int {
        lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    }

    /// Blink's rule for a segment break between two characters: removed next to U+200B, or
    /// between two East Asian wide, fullwidth or halfwidth characters that are not Hangul.
    static func removesNewline(_ before: Unicode.Scalar, _ after: Unicode.Scalar) -> Bool {
        if before.value == 0x200B || after.value == 0x200B { return true }
        return isEastAsianWideNonHangul(before) && isEastAsianWideNonHangul(after)
    }

    private static func isEastAsianWideNonHangul(_ s: Unicode.Scalar) -> Bool {
        let ea = TextItemizer.eastAsianWidth(of: s.value)
        // UEastAsianWidth: 2 halfwidth, 3 fullwidth, 5 wide.
        guard ea == 2 || ea == 3 || ea == 5 else { return false }
        let v = s.value
        let hangul = (0x1100...0x11FF).contains(v) || (0x3130...0x318F).contains(v) || (0xA960...0xA97F).contains(v)
            || (0xAC00...0xD7AF).contains(v) || (0xD7B0...0xD7FF).contains(v) || (0xFFA0...0xFFDC).contains(v)
        return !hangul
    }
}
