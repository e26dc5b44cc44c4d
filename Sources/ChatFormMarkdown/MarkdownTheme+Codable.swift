internal import FoundationEssentials
import ChatFormGeometry
import ChatFormText

/// The theme as JSON: the keys are the property names; a key left out keeps the default
/// theme's value; an unknown key, a font role that does not exist, a size that is not finite
/// and positive or a length that is negative is refused with a ``MarkdownError`` naming it.
///
/// ```json
/// {"fonts": {"body": {"family": "Noto Sans", "size": 15}, "code": {"family": "Liberation Mono", "size": 13}},
///  "spacing": {"paragraph": 6}, "mentionPadding": 3,
///  "emoji": {"party": {"src": "https://example.org/party.png", "width": 22, "height": 22}}}
/// ```
extension MarkdownTheme: Codable {
    /// Decodes a theme from JSON bytes and checks every font family against fontconfig.
    ///
    /// - Throws: ``MarkdownError/invalidTheme(_:)`` for JSON that is not a theme (unknown keys
    ///   and roles included), ``MarkdownError/invalidThemeValue(key:value:)``,
    ///   ``MarkdownError/unknownFontFamily(role:family:)``.
    public init(json: [UInt8]) throws(MarkdownError) {
        do {
            self = try JSONDecoder().decode(MarkdownTheme.self, from: Data(json))
        } catch let error as MarkdownError {
            throw error
        } catch let DecodingError.dataCorrupted(context) {
            throw .invalidTheme("\(Self.path(context.codingPath)): \(context.debugDescription)")
        } catch let DecodingError.typeMismatch(_, context) {
            throw .invalidTheme("\(Self.path(context.codingPath)): \(context.debugDescription)")
        } catch let DecodingError.valueNotFound(_, context) {
            throw .invalidTheme("\(Self.path(context.codingPath)): \(context.debugDescription)")
        } catch let DecodingError.keyNotFound(key, context) {
            throw .invalidTheme("\(Self.path(context.codingPath + [key])): missing")
        } catch {
            throw .invalidTheme("\(error)")
        }
        _ = try _ThemeFonts(self)
    }

    /// The keys after "fonts", in the order `encode(to:)` writes them.
    private static let keys = ["spacing", "quoteBorderWidth", "quotePadding", "listIndent", "codeBlockPadding",
                               "codeBlockWraps", "thematicBreakThickness", "codeSpanPadding", "mentionPadding", "emojiSize",
                               "emojiBaselineOffset", "emoji", "onlyListedEmoji", "direction", "text"]

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: _ThemeKey.self)
        try c.refuseUnknownKeys(["fonts"] + Self.keys)
        let d = MarkdownTheme.default
        var fonts = d.fonts
        if c.contains(.init("fonts")) {
            let f = try c.nestedContainer(keyedBy: _ThemeKey.self, forKey: .init("fonts"))
            for key in f.allKeys {
                guard let role = Role(rawValue: key.stringValue) else {
                    throw MarkdownError.invalidTheme("fonts.\(key.stringValue): unknown role (roles: \(Role.allCases.map(\.rawValue).joined(separator: ", ")))")
                }
                fonts[role] = try f.decode(Font.self, forKey: key)
            }
        }
        self.fonts = fonts
        spacing = try c.decodeIfPresent(Spacing.self, forKey: .init("spacing")) ?? d.spacing
        quoteBorderWidth = try c.length("quoteBorderWidth", d.quoteBorderWidth)
        quotePadding = try c.length("quotePadding", d.quotePadding)
        listIndent = try c.length("listIndent", d.listIndent)
        codeBlockPadding = try c.insets("codeBlockPadding", d.codeBlockPadding)
        codeBlockWraps = try c.decodeIfPresent(Bool.self, forKey: .init("codeBlockWraps")) ?? d.codeBlockWraps
        thematicBreakThickness = try c.length("thematicBreakThickness", d.thematicBreakThickness)
        codeSpanPadding = try c.length("codeSpanPadding", d.codeSpanPadding)
        mentionPadding = try c.length("mentionPadding", d.mentionPadding)
        emojiSize = try c.size("emojiSize", d.emojiSize)
        emojiBaselineOffset = try c.offset("emojiBaselineOffset", d.emojiBaselineOffset)
        emoji = try c.decodeIfPresent([String: EmojiImage].self, forKey: .init("emoji")) ?? d.emoji
        for name in emoji.keys where !_ChatConventions.isShortCodeName(name) {
            throw MarkdownError.invalidTheme("emoji.\(name): a name is ASCII letters, digits, _, + and - with at least one letter")
        }
        onlyListedEmoji = try c.decodeIfPresent(Bool.self, forKey: .init("onlyListedEmoji")) ?? d.onlyListedEmoji
        direction = try c.decodeIfPresent(ParagraphDirection.self, forKey: .init("direction")) ?? d.direction
        text = d.text
        if c.contains(.init("text")) {
            let t = try c.nestedContainer(keyedBy: _ThemeKey.self, forKey: .init("text"))
            for key in t.allKeys {
                guard let role = Role(rawValue: key.stringValue) else {
                    throw MarkdownError.invalidTheme("text.\(key.stringValue): unknown role (roles: \(Role.allCases.map(\.rawValue).joined(separator: ", ")))")
                }
                let properties = try t.nestedContainer(keyedBy: _ThemeKey.self, forKey: key)
                try properties.refuseUnknownKeys(Self.textKeys(role))
                text[role] = try t.decode(TextProperties.self, forKey: key)
            }
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: _ThemeKey.self)
        var f = c.nestedContainer(keyedBy: _ThemeKey.self, forKey: .init("fonts"))
        for role in Role.allCases { if let font = fonts[role] { try f.encode(font, forKey: .init(role.rawValue)) } }
        try c.encode([spacing, quoteBorderWidth, quotePadding, listIndent, codeBlockPadding, codeBlockWraps,
                      thematicBreakThickness, codeSpanPadding, mentionPadding, emojiSize, emojiBaselineOffset, emoji,
                      onlyListedEmoji, direction == .ltr ? nil : direction], forKeys: Array(Self.keys.dropLast()))
        if !text.isEmpty {
            var t = c.nestedContainer(keyedBy: _ThemeKey.self, forKey: .init("text"))
            for role in Role.allCases { if let p = text[role] { try t.encode(p, forKey: .init(role.rawValue)) } }
        }
    }

    static func path(_ keys: [any CodingKey]) -> String {
        keys.isEmpty ? "theme" : keys.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }
}

extension MarkdownTheme.Font: Codable {
    private static let keys = ["family", "size", "weight", "italic", "lineHeight"]

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: _ThemeKey.self)
        try c.refuseUnknownKeys(Self.keys)
        family = try c.decode(String.self, forKey: .init("family"))
        size = try c.size("size", nil)
        weight = try c.decodeIfPresent(Int.self, forKey: .init("weight")) ?? 400
        guard (1...1000).contains(weight) else {
            throw MarkdownError.invalidThemeValue(key: MarkdownTheme.path(c.codingPath + [_ThemeKey("weight")]), value: Double(weight))
        }
        italic = try c.decodeIfPresent(Bool.self, forKey: .init("italic")) ?? false
        let hasLineHeight = try c.contains(.init("lineHeight")) && !c.decodeNil(forKey: .init("lineHeight"))
        lineHeight = hasLineHeight ? try c.size("lineHeight", nil) : nil
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: _ThemeKey.self)
        try c.encode([family, size, weight, italic, lineHeight], forKeys: Self.keys)
    }
}

extension MarkdownTheme.Spacing: Codable {
    private static let keys = ["paragraph", "heading", "blockQuote", "list", "listItem", "codeBlock", "thematicBreak"]

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: _ThemeKey.self)
        try c.refuseUnknownKeys(Self.keys)
        let d = MarkdownTheme.default.spacing
        paragraph = try c.length("paragraph", d.paragraph)
        heading = try c.length("heading", d.heading)
        blockQuote = try c.length("blockQuote", d.blockQuote)
        list = try c.length("list", d.list)
        listItem = try c.length("listItem", d.listItem)
        codeBlock = try c.length("codeBlock", d.codeBlock)
        thematicBreak = try c.length("thematicBreak", d.thematicBreak)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: _ThemeKey.self)
        try c.encode([paragraph, heading, blockQuote, list, listItem, codeBlock, thematicBreak], forKeys: Self.keys)
    }
}

extension MarkdownTheme.EmojiImage: Codable {
    private static let keys = ["src", "width", "height"]

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: _ThemeKey.self)
        try c.refuseUnknownKeys(Self.keys)
        src = try c.decode(String.self, forKey: .init("src"))
        width = c.contains(.init("width")) ? try c.size("width", nil) : nil
        height = c.contains(.init("height")) ? try c.size("height", nil) : nil
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: _ThemeKey.self)
        try c.encode([src, width, height], forKeys: Self.keys)
    }
}

/// Any JSON key.
struct _ThemeKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ s: String) { stringValue = s }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

extension KeyedEncodingContainer where K == _ThemeKey {
    /// Encodes `values[i]` under `keys[i]`, in order, leaving out nil values: every theme
    /// type writes its members so, from the one key list its decoding also checks.
    mutating func encode(_ values: [(any Encodable)?], forKeys keys: [String]) throws {
        precondition(values.count == keys.count, "one key a value")
        for (key, value) in zip(keys, values) {
            if let value { try encode(value, forKey: .init(key)) }
        }
    }
}

extension KeyedDecodingContainer where K == _ThemeKey {
    func refuseUnknownKeys(_ known: [String]) throws {
        for key in allKeys where !known.contains(key.stringValue) {
            throw MarkdownError.invalidTheme("\(MarkdownTheme.path(codingPath + [key])): unknown key (known: \(known.joined(separator: ", ")))")
        }
    }

    /// Insets: an object of `top`, `right`, `bottom` and `left` lengths, each 0 when left out.
    func insets(_ key: String, _ fallback: EdgeInsets) throws -> EdgeInsets {
        guard contains(.init(key)), try !decodeNil(forKey: .init(key)) else { return fallback }
        let c = try nestedContainer(keyedBy: _ThemeKey.self, forKey: .init(key))
        try c.refuseUnknownKeys(["top", "right", "bottom", "left"])
        return EdgeInsets(top: try c.length("top", 0), left: try c.length("left", 0),
                          bottom: try c.length("bottom", 0), right: try c.length("right", 0))
    }

    /// A length: finite, not negative.
    func length(_ key: String, _ fallback: Double) throws -> Double {
        guard let v = try decodeIfPresent(Double.self, forKey: .init(key)) else { return fallback }
        guard v.isFinite, v >= 0 else { throw MarkdownError.invalidThemeValue(key: MarkdownTheme.path(codingPath + [_ThemeKey(key)]), value: v) }
        return v
    }

    /// An offset: finite, within ±4096.
    func offset(_ key: String, _ fallback: Double) throws -> Double {
        guard let v = try decodeIfPresent(Double.self, forKey: .init(key)) else { return fallback }
        guard v.isFinite, abs(v) <= 4096 else { throw MarkdownError.invalidThemeValue(key: MarkdownTheme.path(codingPath + [_ThemeKey(key)]), value: v) }
        return v
    }

    /// A size: finite, positive; required when `fallback` is nil.
    func size(_ key: String, _ fallback: Double?) throws -> Double {
        let v: Double
        if let fallback {
            v = try decodeIfPresent(Double.self, forKey: .init(key)) ?? fallback
        } else {
            v = try decode(Double.self, forKey: .init(key))
        }
        guard v.isFinite, v > 0, v <= 4096 else { throw MarkdownError.invalidThemeValue(key: MarkdownTheme.path(codingPath + [_ThemeKey(key)]), value: v) }
        return v
    }
}
