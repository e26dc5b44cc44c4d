/// What the parser accepts and which chat conventions it finds in the text.
///
/// Mentions and custom emoji are chat conventions, not Markdown: they are found in the text
/// cmark-gfm parsed (never inside code spans, code blocks, links or raw HTML), by these rules:
///
/// - **Mention**: `@` then a name of letters, digits and `_`, with `.` and `-` allowed inside
///   it (not at its end: `@ana.` is the mention `@ana` and a full stop). The `@` must not follow
///   a letter, a digit, `_` or `@` (so `ana@example.org` is no mention).
/// - **Custom emoji**: `:name:` with a name of ASCII letters, digits, `_`, `+` and `-` holding
///   at least one letter (so `10:30:45` is no emoji), not preceded or followed by an ASCII
///   letter or digit; with ``EmojiRule/names(_:)`` only the names listed.
public struct MarkdownParseOptions: Sendable, Hashable {
    /// The largest message accepted, in bytes [4 MiB]; a longer one is refused with
    /// ``MarkdownError/tooLarge(bytes:limit:)``.
    public var maximumBytes: Int
    /// How deep block quotes and lists may nest [32]; deeper is refused with
    /// ``MarkdownError/nestingTooDeep(line:limit:)``.
    public var maximumDepth: Int
    /// Whether `@name` becomes a mention [true].
    public var mentions: Bool
    /// Which `:name:` become custom emoji [any short code].
    public var emoji: EmojiRule
    /// The image address of each custom emoji, for the HTML (names not listed get an empty,
    /// transparent image of the theme's emoji size).
    public var emojiImages: [String: String]

    /// Options with the defaults in brackets above.
    public init(maximumBytes: Int = 4 << 20, maximumDepth: Int = 32, mentions: Bool = true,
                emoji: EmojiRule = .anyShortCode, emojiImages: [String: String] = [:]) {
        self.maximumBytes = maximumBytes
        self.maximumDepth = maximumDepth
        self.mentions = mentions
        self.emoji = emoji
        self.emojiImages = emojiImages
    }
}

/// Which `:name:` short codes become custom emoji.
public enum EmojiRule: Sendable, Hashable {
    /// None: short codes stay text.
    case none
    /// Every short code that matches the pattern.
    case anyShortCode
    /// Only these names.
    case names(Set<String>)
}
