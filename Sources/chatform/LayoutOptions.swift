import ArgumentParser
import ChatFormMarkdown
import ChatFormText
import Foundation

/// The layout options `wrap` and `measure` share, checked once and turned into the engine's
/// `TextLayoutOptions` in one place: the CSS text modes (`TextModes`: each takes its CSS
/// value; left out, the engine's defaults `pre-wrap`, `normal`, `break-word`, `normal`,
/// `start`), Korean word priority, tab stops, letter spacing, the line clamp and the
/// paragraph's direction.
struct LayoutOptions: ParsableArguments {
    @Option(help: "CSS white-space: normal, pre-wrap (default), pre-line, pre or nowrap.")
    var whiteSpace: String?

    @Option(help: "CSS word-break: normal (default), break-all or keep-all.")
    var wordBreak: String?

    @Option(help: "CSS overflow-wrap: normal, break-word (default) or anywhere.")
    var overflowWrap: String?

    @Option(help: "CSS line-break: strict, normal (default), loose or anywhere (ICU's @lb= rules).")
    var lineBreak: String?

    @Option(help: "CSS text-align: start (default), end, center or justify: each line's x (jsonl \"x\"; cells: indented).")
    var textAlign: String?

    @Flag(help: "Korean word priority (CSS word-break: keep-all): do not break between letters with no space between them.")
    var keepAll = false

    @Option(help: "Tab stops every N cells, or with a font every N spaces of the primary font (CSS tab-size).")
    var tabWidth: Int = 8

    @Option(help: "CSS letter-spacing in pixels (with a font; text messages in `measure`): after every cluster, tab stops counting it.")
    var letterSpacing: Double = 0

    @Option(help: "Show at most N lines, the last ending in an ellipsis when text is hidden (CSS -webkit-line-clamp).")
    var lineClamp: Int?

    @Option(name: .customLong("dir"), help: "The paragraph's direction, ltr, rtl or auto (HTML dir): its bidi levels and shaping, and --line-clamp's ellipsis side (default: ltr; for measure's Markdown messages the theme's, which a --dir given replaces).")
    var givenDirection: ParagraphDirection?

    /// The direction of text and spans: `--dir`, left to right when not given.
    var direction: ParagraphDirection { givenDirection ?? .ltr }

    /// The modes given, over the defaults.
    func modes() throws -> TextModes {
        var modes = TextModes()
        let given: [(String, String?)] = [("white-space", whiteSpace), ("word-break", wordBreak), ("overflow-wrap", overflowWrap),
                                          ("line-break", lineBreak), ("text-align", textAlign)]
        for (property, value) in given {
            guard let value else { continue }
            do throws(TextModesError) {
                try modes.set(property, to: value)
            } catch {
                throw ValidationError("--\(property) \(value): \(error)")
            }
        }
        return modes
    }

    /// The engine's options for what was given.
    func textLayoutOptions() throws -> TextLayoutOptions {
        TextLayoutOptions(keepAll: keepAll, modes: try modes(), direction: direction)
    }

    func validate() throws {
        _ = try modes()
        guard (1...TextMetricsLimits.maximumTabWidth).contains(tabWidth) else {
            throw ValidationError("--tab-width must be in 1...\(TextMetricsLimits.maximumTabWidth) (got \(tabWidth)).")
        }
        guard letterSpacing.isFinite, abs(letterSpacing) <= 1000 else {
            throw ValidationError("--letter-spacing must be a number of pixels in -1000...1000 (got \(letterSpacing)).")
        }
        if let lineClamp, lineClamp < 1 { throw ValidationError("--line-clamp must be at least 1 (got \(lineClamp)).") }
    }
}

/// The Markdown theme of `markdown`, `measure` and `wrap --markdown`.
struct ThemeOptions: ParsableArguments {
    @Option(name: .customLong("theme"), help: "A JSON theme file for Markdown (default: the built-in theme).")
    var path: String?

    /// The theme of `--theme` (or the built-in one), its text and code families and its
    /// direction replaced where given.
    ///
    /// - Throws: `MarkdownError.invalidTheme` for a file that cannot be read or is not a
    ///   theme, and what decoding the theme throws.
    func load(textFamily: String?, codeFamily: String? = nil,
              direction: ParagraphDirection? = nil) throws(MarkdownError) -> MarkdownTheme {
        var chosen = MarkdownTheme.default
        if let path {
            guard let data = FileManager.default.contents(atPath: path) else { throw .invalidTheme("cannot read \(path)") }
            chosen = try MarkdownTheme(json: [UInt8](data))
        }
        if textFamily != nil || codeFamily != nil {
            chosen = chosen.withFamilies(text: textFamily ?? chosen.font(.body).family, code: codeFamily ?? chosen.font(.code).family)
        }
        if let direction { chosen.direction = direction }
        return chosen
    }
}
