internal import CChatFormShaping
import ChatFormText

/// Fullwidth punctuation spacing (CSS `text-spacing-trim: normal`) for fonts with the
/// OpenType `halt` feature but no `chws`, as Chromium applies it: a fullwidth closing mark
/// followed by another closing or middle mark, or an opening mark after an opening,
/// middle or closing one, is set in half its width. At a line's end a closing mark is set
/// in half only when the line's width ends inside that mark (`maybeClose`, and the layout's
/// `BreakEntry.endTrim`); an opening mark starting a wrapped line keeps its width.
///
/// Character classes follow CSS Text 4's text-spacing classes; which class the dots,
/// colons and quotes of a font fall in is read from where their glyphs' ink sits in the em.
struct HanKerning: Sendable {
    enum Kind: UInt8, Sendable {
        case other, open, close, middle, openNarrow, closeNarrow, dot, colon, semicolon, openQuote, closeQuote
    }

    var dot: Kind
    var colon: Kind
    var semicolon: Kind
    var quotesAreFullwidth: Bool

    /// The font's data, or nil when the rules do not apply to it (no `halt`, or `chws`
    /// handles it in shaping).
    init?(face: OpaquePointer) {
        guard cfl_face_has_feature(face, Self.tag("halt")) != 0, cfl_face_has_feature(face, Self.tag("chws")) == 0 else {
            return nil
        }
        func glyph(_ c: UInt32) -> UInt32 { cfl_face_glyph(face, c) }
        func kind(of chars: [UInt32]) -> Kind {
            var first: (advance: Int32, kind: Kind)? = nil
            for c in chars {
                let g = glyph(c)
                guard g != 0 else { return .other }
                let advance = cfl_face_advance(face, g)
                var left: Float = 0, width: Float = 0
                cfl_face_glyph_ink(face, g, &left, &width)
                let half = Float(first?.advance ?? advance) / 65536 / 2
                let k: Kind
                if left + width <= half { k = .close }
                else if left >= half { k = .open }
                else if width <= half && left >= half / 2 { k = .middle }
                else { k = .other }
                if let f = first {
                    if f.advance != advance || f.kind != k { return .other }
                } else {
                    first = (advance, k)
                }
            }
            return first?.kind ?? .other
        }
        for c in [0x3001, 0x3002, 0xFF0C, 0xFF0E, 0xFF1A, 0xFF1B, 0x201C, 0x2018, 0x201D, 0x2019] as [UInt32] where glyph(c) == 0 {
            return nil
        }
        dot = kind(of: [0x3001, 0x3002, 0xFF0C, 0xFF0E])
        colon = kind(of: [0xFF1A])
        semicolon = kind(of: [0xFF1B])
        quotesAreFullwidth = kind(of: [0x201C, 0x2018]) == .open && kind(of: [0x201D, 0x2019]) == .close
    }

    static func tag(_ s: String) -> UInt32 { s.utf8.reduce(0) { $0 << 8 | UInt32($1) } }

    /// The class of `c` before the font is asked.
    static func baseKind(_ c: UInt32) -> Kind {
        switch c {
        case 0x2018, 0x201C: return .openQuote
        case 0x2019, 0x201D: return .closeQuote
        case 0x3000, 0x00B7, 0x2027, 0x30FB: return .middle
        case 0x3001, 0x3002, 0xFF0C, 0xFF0E: return .dot
        case 0xFF1A: return .colon
        case 0xFF1B: return .semicolon
        default: break
        }
        // Letters of the commonest blocks (Hangul, ideographs, kana) are none of these.
        if (0xAC00...0xD7A3).contains(c) || (0x4E00...0x9FFF).contains(c) || (0x3041...0x30FA).contains(c) { return .other }
        if c < 0x2000 && c != 0x0028 && c != 0x0029 && c != 0x005B && c != 0x005D && c != 0x007B && c != 0x007D
            && !(0x0F3A...0x0F3D).contains(c) && !(0x169B...0x169C).contains(c) && c != 0x00AB && c != 0x00BB { return .other }
        let category = FontStack.generalCategory(c)
        let wideBlock = (0x3000...0x303F).contains(c) || FontStack.isFullwidth(c)
        switch category {
        case 20: return wideBlock ? .open : .openNarrow    // Ps
        case 21: return wideBlock ? .close : .closeNarrow  // Pe
        default: return .other
        }
    }

    /// Whether `c` may be closing punctuation set flush at a line's end: a closing mark or
    /// quotation mark of the CJK and fullwidth blocks, whatever the font.
    static func maybeClose(_ c: UInt32) -> Bool {
        guard (0x2018...0x301F).contains(c) || (0xFF08...0xFF60).contains(c) else { return false }
        let k = baseKind(c)
        return k == .close || k == .closeQuote
    }

    /// Whether bytes `range` of `bytes` may hold a character these rules set in half width
    /// or trim at a line's end: one of U+2000–U+203F (the quotes), U+3000–U+303F (CJK
    /// punctuation) or U+FF00–U+FF7F (fullwidth forms). Every character `halves` and
    /// `maybeClose` act on is one of these (an opening or closing mark in half width is a
    /// fullwidth one, a dot, colon or semicolon of these blocks, or a quote), so without them
    /// both find nothing; looked at lead byte by lead byte (a character's length from its
    /// first byte: a Hangul or Han run is looked at once every three bytes), nothing decoded.
    /// `range` starts a character (a continuation byte is stepped over one at a time).
    ///
    /// - Complexity: O(range).
    static func mayApply(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        var i = range.lowerBound
        let end = Swift.min(range.upperBound, bytes.count) - 1
        while i < end {
            let b = bytes[i]
            if b < 0xC0 {
                i += 1          // ASCII, or a continuation byte
            } else if b < 0xE0 {
                i += 2
            } else if b < 0xF0 {
                if b == 0xE2 || b == 0xE3 {
                    if bytes[i + 1] == 0x80 { return true }
                } else if b == 0xEF {
                    if bytes[i + 1] == 0xBC || bytes[i + 1] == 0xBD { return true }
                }
                i += 3
            } else {
                i += 4
            }
        }
        return false
    }

    /// The class of `c` in this font.
    func kind(_ c: UInt32) -> Kind {
        switch Self.baseKind(c) {
        case .dot: return dot
        case .colon: return colon
        case .semicolon: return semicolon
        case .openQuote: return quotesAreFullwidth ? .open : .openNarrow
        case .closeQuote: return quotesAreFullwidth ? .close : .closeNarrow
        case let k: return k
        }
    }

    static func shouldKern(_ kind: Kind, after last: Kind) -> Bool {
        kind == .open && (last == .open || last == .middle || last == .close || last == .openNarrow)
    }

    static func shouldKernLast(_ kind: Kind, after last: Kind) -> Bool {
        last == .close && (kind == .close || kind == .middle || kind == .closeNarrow)
    }

    /// The characters of `range` to set in half width (their byte ranges) and the offsets
    /// that become unsafe to break before. `before` and `after` are the characters around
    /// the range (nil at a line's or the text's edge).
    func halves(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, before: UInt32?, after: UInt32?)
        -> (halves: [Range<Int>], unsafe: [Int]) {
        var halves: [Range<Int>] = []
        var unsafe: [Int] = []
        var i = range.lowerBound
        var previous: Range<Int>? = nil
        var last: Kind = .other
        while i < range.upperBound {
            let (c, l) = UTF8Scalar.decode(bytes, at: i)
            let k = kind(c)
            if let previous {
                if Self.shouldKernLast(k, after: last) {
                    halves.append(previous)
                    unsafe.append(i)
                } else if Self.shouldKern(k, after: last) {
                    halves.append(i..<(i + l))
                    unsafe.append(i)
                }
            } else if let before, Self.shouldKern(k, after: kind(before)) {
                halves.append(i..<(i + l))
                unsafe.append(i)
            }
            previous = i..<(i + l)
            last = k
            i += l
        }
        if let after, let previous, Self.shouldKernLast(kind(after), after: last) {
            halves.append(previous)
        }
        return (halves, unsafe)
    }
}

extension FontStack {
    static func generalCategory(_ c: UInt32) -> Int32 { TextItemizer.generalCategory(of: c) }
    static func isFullwidth(_ c: UInt32) -> Bool { TextItemizer.eastAsianWidth(of: c) == 3 }
}
