import ChatFormTesting
import ChatFormScroll

/// The chat's keystrokes by kind, for an instruction count of each (callgrind, inclusive
/// cost of the three functions below): the first keystroke in a newly focused message, a
/// keystroke that changes its row's height (the field wraps to a new line, or back), and
/// the typical one (neither).
enum ChatKeystrokeKind: Int, CaseIterable {
    case first, newLine, typical

    var name: String { ["first", "new-line", "typical"][rawValue] }
}

extension Bench {
    /// `keystrokes` keystrokes of the chat benchmark, typed twice into two fresh tables with
    /// the same seed: the first time to learn each keystroke's kind, the second time
    /// through the function of that kind (`typeFirstKey`, `typeNewLineKey`,
    /// `typeTypicalKey`), so that callgrind's inclusive cost of each function is that kind's
    /// instructions. Prints how many of each kind were typed the second time.
    func chatKeystrokeKinds(_ keystrokes: Int) throws {
        var kinds: [ChatKeystrokeKind] = []
        kinds.reserveCapacity(keystrokes)
        var table = try chatTable()
        var rng = SplitMix64(seed: 77)
        for k in 0..<keystrokes {
            if k % Self.keystrokesPerMessage == 0 { try Self.focusChatMessage(in: &table, rng: &rng) }
            let height = table.rows.contentHeight
            try table.field.type(Self.chatKey(k))
            kinds.append(k % Self.keystrokesPerMessage == 0 ? .first : table.rows.contentHeight != height ? .newLine : .typical)
        }
        var replay = try chatTable()
        rng = SplitMix64(seed: 77)
        var counts = [0, 0, 0]
        var lines = 0, bytes: [Int] = []
        bytes.reserveCapacity(keystrokes)
        for k in 0..<keystrokes {
            if k % Self.keystrokesPerMessage == 0 { try Self.focusChatMessage(in: &replay, rng: &rng) }
            let key = Self.chatKey(k)
            switch kinds[k] {
            case .first: try Self.typeFirstKey(key, into: &replay)
            case .newLine: try Self.typeNewLineKey(key, into: &replay, lines: &lines)
            case .typical: try Self.typeTypicalKey(key, into: &replay, bytes: &bytes)
            }
            counts[kinds[k].rawValue] += 1
        }
        precondition(replay.rows.contentHeight == table.rows.contentHeight && lines == counts[ChatKeystrokeKind.newLine.rawValue]
                     && bytes.count == counts[ChatKeystrokeKind.typical.rawValue], "the replay typed differently")
        let summary = ChatKeystrokeKind.allCases.map { "\($0.name)=\(counts[$0.rawValue])" }.joined(separator: " ")
        print("chat-key-kinds keystrokes=\(keystrokes) \(summary) check=\(replay.rows.contentHeight)")
    }

    /// The process's first keystroke, as the chat benchmark types it (a message scrolled to
    /// and focused, the caret at its end), through `typeKeyZero`, then `keystrokes - 1`
    /// more into the same message through `typeTypicalKey`: callgrind's inclusive cost of
    /// the first function is keystroke 0 of a process, the second's divided by its calls a
    /// later keystroke. Prints the keystrokes typed.
    func chatKeystrokeZero(_ keystrokes: Int) throws {
        var table = try chatTable()
        var rng = SplitMix64(seed: 77)
        try Self.focusChatMessage(in: &table, rng: &rng)
        var typed = 0
        try Self.typeKeyZero(Self.chatKey(0), into: &table, typed: &typed)
        var bytes: [Int] = []
        bytes.reserveCapacity(keystrokes)
        for k in 1..<Swift.max(2, keystrokes) { try Self.typeTypicalKey(Self.chatKey(k), into: &table, bytes: &bytes) }
        print("chat-key-zero keystrokes=\(bytes.count + 1) check=\(table.rows.contentHeight + Double(typed))")
    }

    /// The chat benchmark's sequence: `scrolls` never-measured rows scrolled to (seed 77),
    /// then `keystrokes` keystrokes (a random message focused every 60), each typed through
    /// `typeEachKey`. Prints one line a keystroke: its index and its kind.
    func chatKeystrokeEach(scrolls: Int, keystrokes: Int) throws {
        var table = try chatTable()
        var rng = SplitMix64(seed: 77)
        var done = 0
        while done < scrolls {
            let target = Int.random(in: 0..<Self.chatCount, using: &rng)
            if table.rows.isMeasured(row: target) { continue }
            try table.scrollTo(target, anchor: .top)
            done += 1
        }
        var lines: [String] = []
        lines.reserveCapacity(keystrokes)
        for k in 0..<keystrokes {
            if k % Self.keystrokesPerMessage == 0 { try Self.focusChatMessage(in: &table, rng: &rng) }
            let height = table.rows.contentHeight
            try Self.typeEachKey(Self.chatKey(k), into: &table)
            let kind: ChatKeystrokeKind = k % Self.keystrokesPerMessage == 0 ? .first : table.rows.contentHeight != height ? .newLine : .typical
            lines.append("key \(k) \(kind.name)")
        }
        print(lines.joined(separator: "\n"))
    }

    @inline(never)
    static func typeEachKey(_ key: String, into table: inout TableSession<Int>) throws {
        try table.field.type(key)
        if table.rows.contentHeight < 0 { print("negative height") }
    }

    // Four bodies of different shapes: identical ones would be merged into one function.

    @inline(never)
    static func typeFirstKey(_ key: String, into table: inout TableSession<Int>) throws { try table.field.type(key) }

    @inline(never)
    static func typeKeyZero(_ key: String, into table: inout TableSession<Int>, typed: inout Int) throws {
        try table.field.type(key)
        typed &+= key.utf8.count
    }

    @inline(never)
    static func typeNewLineKey(_ key: String, into table: inout TableSession<Int>, lines: inout Int) throws {
        try table.field.type(key)
        lines &+= 1
    }

    @inline(never)
    static func typeTypicalKey(_ key: String, into table: inout TableSession<Int>, bytes: inout [Int]) throws {
        try table.field.type(key)
        bytes.append(key.utf8.count)
    }
}
