import ChatFormTesting
import ChatFormText

/// Random text built from pieces of every script and every tricky sequence the engine
/// handles: ASCII words and punctuation, Korean, CJK, Thai, Devanagari, emoji sequences,
/// combining marks, tabs, every mandatory break, hanging and non-hanging spaces.
enum RandomText {
    static let pieces: [String] = [
        "hello", "world", "a", "I", "layout", "caret", "supercalifragilistic", "x",
        "안녕하세요", "반갑습니다", "가", "한국어", "키보드가", "올라와요",
        "漢字", "中文测试", "今日は", "、", "。", "「引用」",
        "ภาษาไทย", "नमस्ते", "क्षि", "ـسلام",
        "👍", "👍🏽", "👨‍👩‍👧‍👦", "🇰🇷", "🇯🇵🇺🇸", "❤️", "☺", "☺️", "1️⃣", "🏳️‍🌈",
        "e\u{301}", "a\u{308}\u{301}", "\u{301}", "ᄀ\u{1161}\u{11A8}",
        " ", " ", " ", "  ", "\t", "\u{3000}", "\u{00A0}", "\u{2009}", "\u{200B}", "\u{00AD}",
        "\n", "\r\n", "\r", "\u{85}", "\u{2028}", "\u{2029}", "\u{0B}", "\u{0C}",
        "-", "—", "(", ")", "[x]", "\"q\"", "$1,234.50", "100%", "3.14", "e-mail", "a/b",
        "https://example.com/path?q=1", "!", "?", ",", ".", ";", "…", "§", "±",
    ]

    static func make<G: RandomNumberGenerator>(_ rng: inout G, pieceCount: Int) -> String {
        var s = ""
        for _ in 0..<pieceCount { s += pieces.randomElement(using: &rng)! }
        return s
    }
}

extension TextLayout {
    /// The text of every line (content only, no mandatory break).
    var lineTexts: [String] { (0..<lineCount).map { String(lineText($0)) } }
    /// Each line's [start, end) as a pair.
    var ranges: [[Int]] { lines.map { [$0.start, $0.end] } }
}

func layout(_ text: String, _ width: Double, keepAll: Bool = false,
            metrics: some TextMetrics = TerminalCellMetrics()) throws -> TextLayout {
    try TextLayout(text: text, width: width, metrics: metrics, options: TextLayoutOptions(keepAll: keepAll))
}
