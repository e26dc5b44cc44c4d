import Foundation
import ChatFormFont
@testable import ChatFormText

/// The fonts the tests need (CI installs them: fonts-dejavu-core, fonts-noto-core,
/// fonts-noto-cjk, fonts-noto-color-emoji).
enum Fonts {
    static let dejaVuPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static var available: Bool {
        (try? FontStack(family: "DejaVu Sans", size: 16)) != nil && (try? FontStack(family: "Noto Sans", size: 16)) != nil
    }
    static func dejaVu(_ size: Double = 16) throws -> FontStack { try FontStack(family: "DejaVu Sans", size: size) }
    static func noto(_ size: Double = 16) throws -> FontStack { try FontStack(family: "Noto Sans", size: size) }
}

extension TextLayout {
    var lineTexts: [String] { (0..<lineCount).map { String(lineText($0)) } }
    var starts: [Int] { lines.map(\.start) }
}

/// Seeded chat-like texts across scripts.
func randomMessage(_ rng: inout SplitMix64) -> String {
    let pools: [[String]] = [
        ["the", "quick", "brown", "fox", "AVATAR", "Toyota", "office", "affine", "fluffy", "WAVE", "keyboard", "caret"],
        ["안녕하세요", "키보드가", "올라오면", "입력", "커서가", "화면", "밖으로", "해결됐어요"],
        ["今日は", "会議が", "あります", "我们明天见", "测试都通过了", "漢字"],
        ["😀", "👍🏽", "👩‍💻", "🇰🇷", "❤️", "🎉", "1️⃣"],
        ["https://example.com/a/very/long/path?q=1", "user@example.org", "$12.50", "(paren)", "well-known", "Supercalifragilisticexpialidocious"],
        ["مرحبا", "بالعالم", "שלום", "עולם", "สวัสดีครับ", "नमस्ते", "दुनिया"],
    ]
    let count = Int(rng.next() % 30) + 1
    var words: [String] = []
    for _ in 0..<count {
        let pool = pools[Int(rng.next() % UInt64(pools.count))]
        words.append(pool[Int(rng.next() % UInt64(pool.count))])
    }
    var text = words.joined(separator: rng.next() % 7 == 0 ? "  " : " ")
    if rng.next() % 8 == 0 { text += "\n" + words.prefix(3).joined(separator: " ") }
    return text
}

/// The texts of a corpus in `Fixtures` (JSONL of `{"id", "text"}`), by id.
func corpusTexts(_ file: String) throws -> [String: String] {
    let corpus = try String(contentsOf: BrowserParityTests.fixtures.appendingPathComponent(file), encoding: .utf8)
    var texts: [String: String] = [:]
    for line in corpus.split(separator: "\n") {
        let p = try JSONDecoder().decode(BrowserParityTests.Paragraph.self, from: Data(line.utf8))
        texts[p.id] = p.text
    }
    return texts
}

/// Font stacks by family and size, each made once.
struct StackCache {
    private var stacks: [String: FontStack] = [:]

    mutating func stack(_ family: String, _ size: Double) throws -> FontStack {
        let key = "\(family)@\(size)"
        if let s = stacks[key] { return s }
        let s = try FontStack(family: family, size: size)
        stacks[key] = s
        return s
    }
}
