import ChatFormScroll
internal import ChatFormTesting

/// Deterministic chat messages in several scripts (English, Korean, Japanese, Chinese,
/// emoji) from a seed: the transcript the chat demo opens with and the incoming messages.
///
/// ```swift
/// var messages = DemoMessages(seed: 7)
/// let first = messages.next()   // DemoMessage(sender: "Mina", text: "…")
/// ```
public struct DemoMessages: Sendable {
    private var random: SplitMix64

    public init(seed: UInt64) {
        random = SplitMix64(seed: seed &+ 0x9E37_79B9_7F4A_7C15)
    }

    private mutating func pick<T>(_ items: [T]) -> T {
        items[Int(random.next() % UInt64(items.count))]
    }

    static let senders = ["Mina", "Joon", "Aiko", "Wei", "Sam", "Lena"]

    static let phrases: [[DemoPhrase]] = [
        // English, some styled: bold, italic, inline code, mentions.
        [DemoPhrase(("Let's ship it on ", []), ("Friday", .bold), (" if the tests stay ", []), ("green", .italic), (".", [])),
         DemoPhrase(("Run ", []), ("swift test --filter Chat", .code), (" before you push.", [])),
         DemoPhrase(("@Aiko", .mention), (" can you review the ", []), ("caret", .bold), (" fix?", [])),
         DemoPhrase(("This is ", []), ("really", [.bold, .italic]), (" important: ", []), ("never", .bold), (" hide the caret.", [])),
         DemoPhrase(("~~tomorrow~~", .strikethrough), (" today, ", []), ("@Wei", .mention), (" agreed.", [])),
         "Are we still on for lunch tomorrow?", "I pushed the fix, can you take a look when you have a minute?",
         "The keyboard covered the text field again on the small phone.",
         "Sounds good.", "Running ten minutes late, sorry!", "Did anyone try the new build on the tablet?",
         "The caret should never leave the screen, even while the keyboard animates.",
         "ok", "Thanks!", "Let's ship it on Friday if the tests stay green."],
        // Korean
        ["내일 점심 약속 그대로죠?", "텍스트뷰 높이가 늘어날 때 스크롤도 같이 따라가야 해요.",
         "키보드가 올라오면 입력 커서가 화면 밖으로 나가요.", "좋아요!", "지금 가는 중이에요.",
         "UITableView로 감싸니까 드디어 해결됐어요.", "회의는 세 시에 시작합니다."],
        // Japanese
        ["明日の会議は十時からです。", "キーボードが表示されるとカーソルが隠れてしまいます。", "了解です！",
         "新しいビルドを試してみました。"],
        // Chinese
        ["我们明天见。", "这个输入框会随着文字变高。", "谢谢你的帮助！", "测试都通过了。"],
        // Emoji
        ["👍", "🎉🎉", "🍜?", "🚀 shipped", "😀 나도요", "🙂"],
    ]

    /// The next message: a sender and one to three phrases, mostly in one script.
    public mutating func next() -> DemoMessage {
        let sender = pick(Self.senders)
        let script = pick(Self.phrases)
        let count = 1 + Int(random.next() % 3)
        var parts: [DemoPhrase] = []
        for _ in 0..<count {
            parts.append(random.next() % 5 == 0 ? pick(pick(Self.phrases)) : pick(script))
        }
        var text = ""
        var marks: [RichText.Mark] = []
        for (k, part) in parts.enumerated() {
            if k > 0 { text += " " }
            let at = text.utf8.count
            marks += part.marks.map { RichText.Mark(range: ($0.range.lowerBound + at)..<($0.range.upperBound + at), style: $0.style) }
            text += part.text
        }
        return DemoMessage(sender: sender, text: text, marks: marks)
    }
}

/// A phrase of a demo message: its text and the styled stretches in it (a string literal is a
/// plain phrase).
///
/// ```swift
/// let phrase = DemoPhrase(("Run ", []), ("make test", .code), (" first", []))
/// phrase.text    // "Run make test first"
/// ```
public struct DemoPhrase: Sendable, Hashable, ExpressibleByStringLiteral {
    /// The text.
    public var text: String
    /// Styled stretches (UTF-8 ranges in `text`).
    public var marks: [RichText.Mark]

    public init(stringLiteral value: String) {
        text = value
        marks = []
    }

    /// A phrase made of pieces, each in its style (`[]`: plain).
    public init(_ pieces: (String, RichText.Style)...) {
        text = ""
        marks = []
        for (piece, style) in pieces {
            let at = text.utf8.count
            text += piece
            if !style.isEmpty { marks.append(RichText.Mark(range: at..<text.utf8.count, style: style)) }
        }
    }
}

/// One chat message.
public struct DemoMessage: Sendable, Hashable {
    /// Who wrote it ("me" for the user).
    public var sender: String
    /// What it says.
    public var text: String
    /// Its styled stretches (bold, italic, code, mentions): UTF-8 ranges in `text`.
    public var marks: [RichText.Mark]

    public init(sender: String, text: String, marks: [RichText.Mark] = []) {
        self.sender = sender
        self.text = text
        self.marks = marks
    }

    /// The text as the transcript row shows it.
    public var rowText: String { sender == "me" ? text : "\(sender): \(text)" }

    /// The marks of `rowText`: the sender's name in bold, then the message's own marks.
    public var rowMarks: [RichText.Mark] {
        guard sender != "me" else { return marks }
        let shift = sender.utf8.count + 2
        return [RichText.Mark(range: 0..<sender.utf8.count, style: .bold)]
            + marks.map { RichText.Mark(range: ($0.range.lowerBound + shift)..<($0.range.upperBound + shift), style: $0.style) }
    }
}
