import ChatFormText

extension MarkdownTheme {
    /// The CSS text properties a theme may set on a role, each nil where the role inherits
    /// it: a heading and a code block from the body (the message's element), a code span
    /// from the block it is in; the body from the defaults (`text-align: start;
    /// white-space: normal; word-break: normal; overflow-wrap: break-word;
    /// letter-spacing: normal`).
    ///
    /// Where CSS lets them apply: every property on the body and headings (`white-space`
    /// `normal` or `nowrap`: a message's white space is collapsed); on a code block every
    /// one but `white-space` (that is ``codeBlockWraps``); on a code span `letter-spacing`
    /// only (the others are a block's, and a span's line breaking is its paragraph's here).
    /// `text-align` moves lines and changes no break, so ``MarkdownLayout`` (line starts,
    /// heights, widths) does not show it; the style sheet carries it.
    public struct TextProperties: Sendable, Hashable {
        /// CSS `text-align`.
        public var textAlign: TextModes.TextAlign?
        /// CSS `white-space`: `normal` or `nowrap`.
        public var whiteSpace: TextModes.WhiteSpace?
        /// CSS `word-break`.
        public var wordBreak: TextModes.WordBreak?
        /// CSS `overflow-wrap`.
        public var overflowWrap: TextModes.OverflowWrap?
        /// CSS `letter-spacing` in pixels (within ±``MarkdownTheme/letterSpacingLimit``).
        public var letterSpacing: Double?

        public init(textAlign: TextModes.TextAlign? = nil, whiteSpace: TextModes.WhiteSpace? = nil,
                    wordBreak: TextModes.WordBreak? = nil, overflowWrap: TextModes.OverflowWrap? = nil,
                    letterSpacing: Double? = nil) {
            self.textAlign = textAlign
            self.whiteSpace = whiteSpace
            self.wordBreak = wordBreak
            self.overflowWrap = overflowWrap
            self.letterSpacing = letterSpacing
        }

        /// The properties as CSS declarations (those set).
        var declarations: [String] {
            var out: [String] = []
            if let textAlign { out.append("text-align: \(textAlign.rawValue)") }
            if let whiteSpace { out.append("white-space: \(whiteSpace.rawValue)") }
            if let wordBreak { out.append("word-break: \(wordBreak.rawValue)") }
            if let overflowWrap { out.append("overflow-wrap: \(overflowWrap.rawValue)") }
            if let letterSpacing { out.append("letter-spacing: \(MarkdownTheme.px(letterSpacing))") }
            return out
        }
    }

    /// The largest letter spacing a theme takes, either way (pixels).
    public static let letterSpacingLimit = 100.0

    /// The properties `role` may set (see ``TextProperties``).
    static func textKeys(_ role: Role) -> [String] {
        switch role {
        case .code: ["letterSpacing"]
        case .codeBlock: ["textAlign", "wordBreak", "overflowWrap", "letterSpacing"]
        default: ["textAlign", "whiteSpace", "wordBreak", "overflowWrap", "letterSpacing"]
        }
    }

    /// The text modes a block of `role` is laid out in, inherited as CSS inherits them
    /// (a code block: `pre`, or `pre-wrap` with ``codeBlockWraps``). A message's inline text
    /// is collapsed before it is laid out, its hard breaks kept as newlines: `normal` lays
    /// it out as `pre-wrap`, `nowrap` as `pre`.
    func textModes(_ role: Role) -> TextModes {
        let own = text[role], body = text[.body]
        var modes = TextModes()
        modes.wordBreak = own?.wordBreak ?? body?.wordBreak ?? .normal
        modes.overflowWrap = own?.overflowWrap ?? body?.overflowWrap ?? .breakWord
        modes.textAlign = own?.textAlign ?? body?.textAlign ?? .start
        if role == .codeBlock {
            modes.whiteSpace = codeBlockWraps ? .preWrap : .pre
        } else {
            modes.whiteSpace = (own?.whiteSpace ?? body?.whiteSpace) == .nowrap ? .pre : .preWrap
        }
        return modes
    }

    /// Whether the inline text of a block of `role` is collapsed before layout, as the
    /// style sheet's `white-space` collapses it (`normal`, `nowrap`, `pre-line`; a code
    /// block never is).
    func collapsesInlineText(_ role: Role) -> Bool {
        role != .codeBlock && (text[role]?.whiteSpace ?? text[.body]?.whiteSpace ?? .normal).collapsesSpaces
    }

    /// The letter spacing of text of `role` in a block of role `block` (pixels).
    func letterSpacing(_ role: Role, in block: Role) -> Double {
        if role == .code, let own = text[.code]?.letterSpacing { return own }
        return text[block]?.letterSpacing ?? text[.body]?.letterSpacing ?? 0
    }
}

extension MarkdownTheme.TextProperties: Codable {
    private static let keys = ["textAlign", "whiteSpace", "wordBreak", "overflowWrap", "letterSpacing"]

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: _ThemeKey.self)
        try c.refuseUnknownKeys(Self.keys)
        func value<T: RawRepresentable & CaseIterable>(_ key: String, _: T.Type) throws -> T? where T.RawValue == String {
            guard let raw = try c.decodeIfPresent(String.self, forKey: .init(key)) else { return nil }
            guard let v = T(rawValue: raw) else {
                throw MarkdownError.invalidTheme("\(MarkdownTheme.path(c.codingPath + [_ThemeKey(key)])): \(raw) is not one of \(T.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return v
        }
        textAlign = try value("textAlign", TextModes.TextAlign.self)
        whiteSpace = try value("whiteSpace", TextModes.WhiteSpace.self)
        if let w = whiteSpace, w != .normal, w != .nowrap {
            throw MarkdownError.invalidTheme("\(MarkdownTheme.path(c.codingPath + [_ThemeKey("whiteSpace")])): a message's text takes normal or nowrap")
        }
        wordBreak = try value("wordBreak", TextModes.WordBreak.self)
        overflowWrap = try value("overflowWrap", TextModes.OverflowWrap.self)
        if let v = try c.decodeIfPresent(Double.self, forKey: .init("letterSpacing")) {
            guard v.isFinite, abs(v) <= MarkdownTheme.letterSpacingLimit else {
                throw MarkdownError.invalidThemeValue(key: MarkdownTheme.path(c.codingPath + [_ThemeKey("letterSpacing")]), value: v)
            }
            letterSpacing = v
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: _ThemeKey.self)
        try c.encodeIfPresent(textAlign?.rawValue, forKey: .init("textAlign"))
        try c.encodeIfPresent(whiteSpace?.rawValue, forKey: .init("whiteSpace"))
        try c.encodeIfPresent(wordBreak?.rawValue, forKey: .init("wordBreak"))
        try c.encodeIfPresent(overflowWrap?.rawValue, forKey: .init("overflowWrap"))
        try c.encodeIfPresent(letterSpacing, forKey: .init("letterSpacing"))
    }
}
