import ChatFormScroll
import ChatFormTesting

/// A million-message chat whose messages are made from their index on demand.
struct GateChat: RowSource {
    static let words = "the quick brown fox jumps over lazy dog 안녕하세요 반갑습니다 오늘 날씨가 今日は 天気 中文 👍 👨‍👩‍👧 🇰🇷 https://example.com/a".split(separator: " ").map(String.init)
    let count: Int
    var edits: [Int: String] = [:]

    /// Message `index`: 1–40 words.
    static func message(_ index: Int) -> String {
        var rng = SplitMix64(seed: UInt64(truncatingIfNeeded: index) &* 0x2545_F491 &+ 3)
        return (0..<Int.random(in: 1...40, using: &rng)).map { _ in words.randomElement(using: &rng)! }.joined(separator: " ")
    }

    func row(at index: Int) -> Row<Int> {
        .text(index, edits[index] ?? Self.message(index), editable: true, style: RowStyle(padding: EdgeInsets(bottom: 1)))
    }
    func id(at index: Int) -> Int { index }
    func index(of id: Int) -> Int? { id >= 0 && id < count ? id : nil }
    mutating func insert(_ rows: [Row<Int>], at index: Int) throws(ScrollError) {
        throw .invalidValue("GateChat is fixed-size", Double(index))
    }
    mutating func remove(at index: Int) {}
    mutating func replace(at index: Int, with row: Row<Int>) {
        if case .text(let text, _) = row.content { edits[index] = text }
    }
}
