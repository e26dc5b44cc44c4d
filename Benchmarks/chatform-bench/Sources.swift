import ChatFormScroll

/// The million-message chat: each row's text is generated from its index on demand (what a
/// server or a database-backed app provides), editable so a keystroke can land in any row.
struct GeneratedChat: RowSource {
    let count: Int
    var edits: [Int: String] = [:]
    static let style = RowStyle(padding: EdgeInsets(bottom: 1))

    func row(at index: Int) -> Row<Int> {
        .text(index, edits[index] ?? Corpus.chatMessage(index), editable: true, style: Self.style)
    }
    func id(at index: Int) -> Int { index }
    func index(of id: Int) -> Int? { id >= 0 && id < count ? id : nil }
    mutating func insert(_ rows: [Row<Int>], at index: Int) throws(ScrollError) {
        throw .invalidValue("GeneratedChat is fixed-size", Double(index))
    }
    mutating func remove(at index: Int) {}
    mutating func replace(at index: Int, with row: Row<Int>) {
        if case .text(let text, _) = row.content { edits[index] = text }
    }
}
