import ChatFormLayout
import Testing

/// Messages sorted by id; a message's text is fetched only when its row is shown.
struct Archive: RowSource {
    var ids: [Int]
    var texts: [Int: String] = [:]   // messages that are new or edited since the fetch

    static func fetch(_ id: Int) -> String {
        "Message \(id): " + String(repeating: "lorem ipsum ", count: id % 7)
    }

    var count: Int { ids.count }
    func id(at index: Int) -> Int { ids[index] }
    func row(at index: Int) -> Row<Int> {
        .text(ids[index], texts[ids[index]] ?? Self.fetch(ids[index]),
              style: RowStyle(padding: EdgeInsets(bottom: 1)))
    }
    func index(of id: Int) -> Int? {
        var (low, high) = (0, ids.count)
        while low < high {
            let middle = (low + high) / 2
            if ids[middle] < id { low = middle + 1 } else { high = middle }
        }
        return low < ids.count && ids[low] == id ? low : nil
    }
    mutating func insert(_ rows: [Row<Int>], at index: Int) throws(ScrollError) {
        let new = rows.map(\.id)
        if let taken = new.first(where: { self.index(of: $0) != nil }) { throw .duplicateRow("\(taken)") }
        let before = index > 0 ? ids[index - 1] : Int.min
        let after = index < ids.count ? ids[index] : Int.max
        guard zip([before] + new, new + [after]).allSatisfy({ $0 < $1 }) else {
            throw .invalidValue("message id out of order at index", Double(index))
        }
        for row in rows { texts[row.id] = row.text(ofItem: 0) }
        ids.insert(contentsOf: new, at: index)
    }
    mutating func remove(at index: Int) { texts[ids.remove(at: index)] = nil }
    mutating func replace(at index: Int, with row: Row<Int>) { texts[row.id] = row.text(ofItem: 0) }
}

/// ChatAtScale.md, run as written.
@Suite("Article: a chat at scale")
struct ChatAtScaleArticle {
    @Test func aMillionMessages() throws {
        var chat = try TableSession(
            source: Archive(ids: Array(0..<1_000_000)),
            viewport: Viewport(size: Size(width: 40, height: 30)),
            configuration: TableConfiguration(contentAlignment: .bottom, estimatedRowHeight: 2))
        try chat.scrollTo(999_999, anchor: .bottom)   // open at the newest message
        let measured = chat.rows.cachedMeasurementCount     // a screenful, not a million
        #expect(measured > 0 && measured <= 30)
        #expect(chat.rows.frame(ofRow: 999_999).measured && !chat.rows.frame(ofRow: 0).measured)
        #expect(chat.isAtBottom)
        let last = chat.rows.frame(ofRow: 999_999)
        #expect(abs(last.y + last.height - chat.viewport.visibleBand.upperBound) < 1e-9)

        try chat.scrollTo(500_000, anchor: .center)
        let target = try chat.rows.frame(of: 500_000)
        let band = chat.viewport.visibleBand
        let centered = target.y + target.height / 2 - (band.lowerBound + band.upperBound) / 2   // 0
        #expect(abs(centered) < 1e-9)
        #expect(target.measured)
        // Everything above it is still an estimate, and the index stays small.
        #expect(!chat.rows.frame(ofRow: 250_000).measured)
        #expect(chat.rows.cachedMeasurementCount < 100)

        let first = chat.rows.firstVisible()!
        try chat.resize(to: Size(width: 24, height: 30))
        let sameRow = chat.rows.firstVisible()!.index == first.index
        #expect(sameRow)
        #expect(abs(chat.rows.firstVisible()!.screenY - first.screenY) < 1e-9)
    }

    @Test func historyNewMessagesAndAPinnedQuestion() throws {
        var history = try TableSession(
            source: Archive(ids: Array(1_000...1_099)),
            viewport: Viewport(size: Size(width: 40, height: 30)),
            configuration: TableConfiguration(contentAlignment: .bottom, estimatedRowHeight: 2))
        try history.scrollTo(1_000, anchor: .top)      // the user reached the oldest loaded message
        let before = history.rows.firstVisible()!
        try history.chat.prepend((900..<1_000).map { .text($0, Archive.fetch($0)) })
        let after = history.rows.firstVisible()!             // the same message, at the same place
        #expect(history.rows.row(at: after.index).id == 1_000 && history.rows.row(at: before.index).id == 900)
        #expect(after.index == before.index + 100)
        #expect(abs(after.screenY - before.screenY) < 1e-9)
        // The store kept its order: a message out of order is refused with a typed error.
        #expect(throws: ScrollError.self) { try history.chat.insert([.text(5, "too old")], at: 200) }
        #expect(throws: ScrollError.duplicateRow("1000")) { try history.chat.append([.text(1_000, "again")]) }

        try history.scrollTo(1_099, anchor: .bottom)
        try history.chat.append([.text(1_100, "A new message at the end")])
        let following = history.isAtBottom               // true: the transcript followed
        try history.scroll(by: -20)                      // the user reads further up
        try history.chat.append([.text(1_101, "Another one")])
        let unread = history.unreadCount                 // 1, and nothing moved
        #expect(following)
        #expect(unread == 1)
        // Scrolled up by 20 from the end and held there: the new row is below the band.
        let newest = try history.rows.frame(of: 1_101)
        #expect(newest.y >= history.viewport.visibleBand.upperBound)
        #expect(!history.isAtBottom)

        try history.chat.append([.text(1_102, "What does the caret rule say?"), .text(1_103, "")])
        try history.chat.pin(1_102)
        var answer = ""
        for word in "The caret grown by a line above and below stays inside the visible band".split(separator: " ") {
            answer += word + " "
            try history.chat.setText(answer, ofRow: 1_103)  // one streamed chunk
        }
        let questionTop = try history.rows.frame(of: 1_102).y - history.viewport.visibleBand.lowerBound   // 0
        #expect(questionTop == 0)
        #expect(history.pinnedRow == 1_102)
        // The answer fills the band: the pin lets go, and the end is followed from then on.
        for _ in 0..<40 {
            answer += "and more words that make the answer longer than the screen "
            try history.chat.setText(answer, ofRow: 1_103)
        }
        #expect(history.pinnedRow == nil)
        #expect(history.isAtBottom)
        // Removing goes through the store too.
        try history.chat.remove(1_101)
        #expect(history.rows.index(of: 1_101) == nil && history.rows.index(of: 1_102) != nil)
    }
}
