import ChatFormTesting
import ChatFormText

/// The generated documents: chat text of mixed lengths and scripts.
enum Corpus {
    static let english = "the quick brown fox jumps over lazy dog message hello world layout engine keyboard caret scroll table form field grows text view bottom inset".split(separator: " ").map(String.init)
    static let korean = "안녕하세요 반갑습니다 오늘 날씨가 좋네요 메시지를 보냈어요 키보드가 올라와요 커서가 화면 밖으로 나가지 않아요 텍스트뷰 높이".split(separator: " ").map(String.init)
    static let cjk = ["今日は", "天気", "良い", "中文", "测试", "文字", "排版", "日本語", "漢字"]
    static let emoji = ["👍", "😀", "👨‍👩‍👧", "🇰🇷", "👍🏽", "❤️", "1️⃣", "🎉", "🙏🏻"]
    static let urls = ["https://example.com/a/b?c=1", "http://x.org/path-to/page.html", "https://chat.example/m/12345"]

    /// One message of 1–40 words.
    static func message<G: RandomNumberGenerator>(_ rng: inout G) -> String {
        var words: [String] = []
        for _ in 0..<Int.random(in: 1...40, using: &rng) {
            let k = Double.random(in: 0..<1, using: &rng)
            if k < 0.45 { words.append(english.randomElement(using: &rng)!) }
            else if k < 0.75 { words.append(korean.randomElement(using: &rng)!) }
            else if k < 0.85 { words.append(cjk.randomElement(using: &rng)!) }
            else if k < 0.95 { words.append(emoji.randomElement(using: &rng)!) }
            else { words.append(urls.randomElement(using: &rng)!) }
        }
        return words.joined(separator: " ")
    }

    /// Messages adding up to about `bytes` bytes.
    static func messages(bytes: Int, seed: UInt64) -> [String] {
        var rng = SplitMix64(seed: seed)
        var parts: [String] = []
        var size = 0
        while size < bytes {
            let m = message(&rng)
            size += m.utf8.count + 1
            parts.append(m)
        }
        return parts
    }

    /// Chat text of about `bytes` bytes: messages separated by newlines.
    static func chatText(bytes: Int, seed: UInt64 = 42) -> String {
        messages(bytes: bytes, seed: seed).joined(separator: "\n") + "\n"
    }

    /// Message `index` of the generated million-message chat (no state: a hash of the index).
    static func chatMessage(_ index: Int) -> String {
        var rng = SplitMix64(seed: UInt64(truncatingIfNeeded: index) &* 0x9E37_79B9 &+ 7)
        return message(&rng)
    }

    /// A single paragraph of `bytes` bytes (no mandatory breaks).
    static func paragraph(bytes: Int, seed: UInt64 = 9) -> String {
        messages(bytes: bytes, seed: seed).joined(separator: " ")
    }

    /// A field of `lines` short lines (hard breaks), for the large-field keystroke test.
    static func fieldText(lines: Int, seed: UInt64 = 11) -> String {
        var rng = SplitMix64(seed: seed)
        return (0..<lines).map { _ in
            (0..<Int.random(in: 1...8, using: &rng)).map { _ in english.randomElement(using: &rng)! }.joined(separator: " ")
        }.joined(separator: "\n")
    }
}
