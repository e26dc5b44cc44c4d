/// The arithmetic behind `text-align` (`TextLayout+Alignment`): the width a line aligns and
/// the expansion opportunities `justify` fills.
enum _LineAlignment {
    /// The width `TextLayout.lineX(_:)` aligns on line `index` of `layout`: the content's,
    /// with the white space ending a line at a mandatory break or the text's end up to the
    /// width.
    static func alignedWidth(of layout: TextLayout, line index: Int) -> Double {
        let line = layout.lines[index]
        guard line.isHard || index == layout.lines.count - 1, line.contentEnd > line.start,
              let full = try? layout.unalignedCaretX(onLine: index, at: line.contentEnd), full > line.width else { return line.width }
        return Swift.min(layout.width, full)
    }

    /// Spaces (U+0020, U+00A0, U+3000, tab) inside the content (trailing ones hang, unless
    /// `trimming` is false: a prefix of a line), and a gap before and after each ideograph,
    /// kana or emoji (not at the content's ends).
    static func expansionOpportunities(_ content: Substring, trimming: Bool = true) -> Int {
        var scalars = Array(content.unicodeScalars)
        while trimming, let last = scalars.last, last == " " || last == "\t" || last == "\u{3000}" { scalars.removeLast() }
        var count = 0
        var previousIdeograph = false
        for (k, s) in scalars.enumerated() {
            if s == " " || s == "\u{A0}" || s == "\t" || s == "\u{3000}" { count += 1; previousIdeograph = false; continue }
            let ideograph = isIdeograph(s.value)
            if ideograph && k > 0 && !previousIdeograph { count += 1 }
            if ideograph && (k + 1 < scalars.count || !trimming) { count += 1 }
            previousIdeograph = ideograph
        }
        return count
    }

    /// CJK ideographs, kana, CJK symbols and emoji: where a browser's justification adds
    /// space (Chromium's `IsCJKIdeographOrSymbol`, roughly).
    static func isIdeograph(_ v: UInt32) -> Bool {
        (0x2E80...0x2FFF).contains(v) || (0x3001...0x303F).contains(v) || (0x3040...0x30FF).contains(v)
            || (0x2600...0x27BF).contains(v) || (0x1F000...0x1FAFF).contains(v)
            || (0x3400...0x4DBF).contains(v) || (0x4E00...0x9FFF).contains(v) || (0xF900...0xFAFF).contains(v)
            || (0xFF00...0xFFEF).contains(v) || (0x20000...0x3FFFF).contains(v)
    }
}
