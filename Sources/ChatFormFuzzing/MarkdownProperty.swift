import ChatFormMarkdown
import ChatFormText

/// The `markdown` target. Input: a width byte, an options byte, then the message's bytes (any
/// bytes). The message is parsed by cmark-gfm into a `MarkdownDocument` and laid out under the
/// default theme at three widths, left to right, or right to left (options bit 16) or `auto`
/// (bit 32, both: `auto`). Properties: bytes that are not UTF-8 give
/// `MarkdownError.invalidUTF8` at the first bad byte, other refusals are the typed errors the
/// parser documents (a table, an image, nesting too deep), never a crash; every layout has a
/// finite height ≥ 0 holding its blocks; each text's lines start at 0 and rise on grapheme
/// boundaries inside it (they partition it); and no line reaches past the width unless it is
/// a code block's (`pre` does not wrap), holds a single grapheme cluster (an unbreakable item),
/// or passes it by no more than a pill's end padding hanging after the white space it ends in;
/// right to left, no line starts left of the message's left edge, with the same exceptions.
enum MarkdownProperty {
    /// The typesetter, made once (the default theme's fonts resolved by fontconfig); nil
    /// when the fonts are missing, and then only parsing is checked.
    static let typesetter: MarkdownTypesetter? = try? MarkdownTypesetter(theme: .default)
    /// The same theme right to left, and `auto`.
    static let rightToLeft: MarkdownTypesetter? = try? MarkdownTypesetter(theme: themed(.rtl))
    static let auto: MarkdownTypesetter? = try? MarkdownTypesetter(theme: themed(.auto))

    static func themed(_ direction: ParagraphDirection) -> MarkdownTheme {
        var theme = MarkdownTheme.default
        theme.direction = direction
        return theme
    }

    static func check(_ data: [UInt8]) throws(PropertyFailure) {
        var input = FuzzBytes(data)
        let widthChoice = input.byte()
        let optionBits = input.byte()
        let bytes = input.rest()
        let options = MarkdownParseOptions(maximumBytes: optionBits & 1 != 0 ? 64 : 4 << 20,
                                           maximumDepth: optionBits & 2 != 0 ? 3 : 32,
                                           mentions: optionBits & 4 == 0,
                                           emoji: optionBits & 8 == 0 ? .anyShortCode : .none)
        let document: MarkdownDocument
        do {
            document = try MarkdownDocument(parsing: bytes, options: options)
        } catch {
            try checkRefusal(error, bytes, options)
            return
        }
        try require(String(validating: bytes, as: UTF8.self) != nil, "invalid UTF-8 was parsed")
        guard let typesetter = optionBits & 32 != 0 ? auto : optionBits & 16 != 0 ? rightToLeft : typesetter else { return }
        let base = [1.0, 7.5, 33, 120, 240, 377.25, 1000][Int(widthChoice % 7)]
        for width in [base, base / 3 + 0.5, base * 2.5] {
            let layout: MarkdownLayout
            do {
                layout = try typesetter.layout(document, width: width)
            } catch {
                throw PropertyFailure("layout at \(width) failed: \(error)")
            }
            try check(layout, width: width)
        }
    }

    /// A refusal must be the one the bytes call for.
    static func checkRefusal(_ error: MarkdownError, _ bytes: [UInt8], _ options: MarkdownParseOptions) throws(PropertyFailure) {
        switch error {
        case .invalidUTF8(let offset):
            try require(String(validating: bytes, as: UTF8.self) == nil, "valid UTF-8 refused at \(offset)")
            try require(offset >= 0 && offset < bytes.count && String(validating: bytes[0..<offset], as: UTF8.self) != nil,
                        "the bad byte is not at \(offset)")
        case .tooLarge(let count, let limit):
            try require(count == bytes.count && limit == options.maximumBytes && count > limit, "tooLarge \(count) of \(limit)")
        case .nestingTooDeep(let line, let limit):
            try require(limit == options.maximumDepth && line >= 1, "nestingTooDeep line \(line) limit \(limit)")
        case .unsupported(_, let line):
            try require(line >= 1, "unsupported at line \(line)")
        case .parserFailed:
            break
        default:
            throw PropertyFailure("parsing threw a layout or theme error: \(error)")
        }
    }

    static func check(_ layout: MarkdownLayout, width: Double) throws(PropertyFailure) {
        let eps = 1.0 / 64 + 1e-9
        try require(layout.height.isFinite && layout.height >= 0, "height \(layout.height) at \(width)")
        try require(layout.usedWidth.isFinite && layout.usedWidth >= 0, "used width \(layout.usedWidth)")
        try require(layout.fitWidth.isFinite && layout.fitWidth >= 0 && layout.fitWidth <= width + eps,
                    "fit width \(layout.fitWidth) at \(width)")
        for block in layout.blocks {
            try require(block.top.isFinite && block.height.isFinite && block.top >= -eps && block.height >= 0
                            && block.top + block.height <= layout.height + eps,
                        "block \(block.kind.tag) \(block.top)+\(block.height) outside 0...\(layout.height)")
        }
        for text in layout.texts {
            let bytes = Array(text.text.utf8)
            let boundaries = graphemeStarts(text.text)
            let isCode = layout.blocks.indices.contains(text.block) && layout.blocks[text.block].kind == .codeBlock
            for (k, line) in text.lines.enumerated() {
                let end = k + 1 < text.lines.count ? text.lines[k + 1].start : bytes.count
                try require(k > 0 || line.start == 0, "the first line starts at \(line.start)")
                try require(line.start < end || (bytes.isEmpty && end == 0), "line \(k) is empty or goes back: \(line.start)..<\(end)")
                try require(boundaries.contains(line.start), "line \(k) starts inside a grapheme cluster at \(line.start)")
                try require(line.top.isFinite && line.height.isFinite && line.top >= -eps && line.height >= 0
                                && line.top + line.height <= layout.height + eps,
                            "line \(k) \(line.top)+\(line.height) outside 0...\(layout.height)")
                try require(line.width.isFinite && line.width >= 0 && line.left.isFinite, "line \(k) width \(line.width) left \(line.left)")
                // A pill's end padding after the white space a line ends in hangs past the
                // width, as Chromium sets it: the line is fitted without it (the seed
                // `code-span-padding-hangs`: a code span ending in a space, its 3 px padding
                // 1.02 px past 120 px).
                let content = String(decoding: bytes[line.start..<end], as: UTF8.self)
                let hanging = content.last?.isWhitespace == true ? pillPadding : 0
                // Right to left the line ends at the left: what passes the width passes the left edge.
                let past = Swift.max(line.left + line.width - width, -line.left)
                if past > eps + hanging && !isCode {
                    let clusters = boundaries.filter { $0 >= line.start && $0 < end }.count
                    // Controls (C0, C1) draw nothing, and Chromium too sets a run of them on a
                    // line of its own with no width (the seed `controls-in-code-spans`: two
                    // U+008C in a code span of a list item, 0 px after the 24 px indent, at 33
                    // and 11.5 px; MarkdownBadInputTests.controlsInCodeSpansLineUpWithChromium
                    // pins Chromium 156's line starts). Such a line is past the width only by
                    // its indent or a padding that cannot break.
                    let drawn = content.filter { c in
                        !c.isWhitespace && !c.unicodeScalars.allSatisfy { $0.properties.generalCategory == .control }
                    }
                    try require(clusters <= 1 || drawn.count <= 1,
                                "line \(k) \(content.debugDescription) is \(past) past the width \(width) (\(layout.direction))")
                }
            }
        }
    }

    /// The widest end padding of a pill (a code span's or a mention's) in the default theme.
    static let pillPadding = Swift.max(MarkdownTheme.default.codeSpanPadding, MarkdownTheme.default.mentionPadding)

    /// The UTF-8 offsets where grapheme clusters start.
    static func graphemeStarts(_ text: String) -> Set<Int> {
        var out = Set<Int>()
        var offset = 0
        for character in text {
            out.insert(offset)
            offset += character.utf8.count
        }
        return out
    }
}
