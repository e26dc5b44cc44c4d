/// Undoing a large paragraph's last edit without rewrapping: typing a character and deleting
/// it, or a newline and the backspace that joins its lines back, is common, and a newline's
/// rewrap runs until the new lines meet the old ones (tens of lines in running text).
///
/// An edit keeps the lines its rewrap replaced (`_LastEdit`). When the next edit puts back the
/// bytes it removed in place of the bytes it inserted, the text is again the text before it,
/// and lines are a function of the text (the paragraph's width, metrics and options never
/// change): the kept lines go back in place of the rewrapped ones, exactly the lines a rewrap
/// would find. The undone edit is kept the other way round, so the same edit and its undo can
/// alternate without rewrapping.
extension _LargeParagraph {
    /// Undoes the last edit when replacing `range` with `inserted` is its exact inverse; nil
    /// (and nothing changed) otherwise.
    ///
    /// - Complexity: O(log n + maxLeaf + maxChunk + the lines put back).
    mutating func undoLastEdit(_ range: Range<Int>, _ inserted: [UInt8]) -> (restartLine: Int, freshCount: Int, reused: Bool)? {
        guard let last = storage.lastEdit, last.range == range, last.removed == inserted else { return nil }
        let storage = uniqueStorage()
        let rewrapped = last.restartLine..<last.restartLine + last.freshCount
        storage.lastEdit = _LastEdit(storage, range, inserted, lines: rewrapped, freshCount: last.replaced.count,
                                     reused: last.reused)
        storage.rope.replaceSubrange(range, with: inserted)
        storage.lines.replaceSubrange(rewrapped, with: last.replaced)
        return (last.restartLine, last.replaced.count, last.reused)
    }
}

/// A large paragraph's last edit, as its undo needs it: where its replacement lies, the bytes
/// it removed, and the lines its rewrap replaced (offsets in the text before the edit).
struct _LastEdit: Sendable {
    /// The edit's replacement, in the text after the edit.
    let range: Range<Int>
    /// The bytes the replacement took the place of.
    let removed: [UInt8]
    /// The first line the edit rewrapped.
    let restartLine: Int
    /// The lines from `restartLine` on that the rewrap replaced, with the offsets of the text
    /// before the edit.
    let replaced: [LineFragment]
    /// How many lines the rewrap made in their place.
    let freshCount: Int
    /// Whether the lines after the rewrapped ones are old ones moved (else the rewrap ran to
    /// the end).
    let reused: Bool

    /// The most bytes removed and lines replaced that an edit keeps for its undo [4 KiB, 1,024
    /// lines]: a larger edit keeps nothing (what it would keep grows with it).
    static let maxRemovedBytes = 4_096
    static let maxReplacedLines = 1_024

    /// The undo of replacing `range` with `inserted` in `storage` and its `lines` with
    /// `freshCount` rewrapped ones, read before the edit; nil when the edit is too large to
    /// keep.
    ///
    /// - Complexity: O(log n + range.count + lines.count).
    init?(_ storage: _LargeParagraphStorage, _ range: Range<Int>, _ inserted: [UInt8], lines: Range<Int>,
          freshCount: Int, reused: Bool) {
        guard range.count <= Self.maxRemovedBytes && lines.count <= Self.maxReplacedLines else { return nil }
        self.range = range.lowerBound..<range.lowerBound + inserted.count
        removed = storage.rope.bytes(in: range)
        restartLine = lines.lowerBound
        var replaced: [LineFragment] = []
        replaced.reserveCapacity(lines.count)
        storage.lines.forEach(in: lines) { replaced.append($0); return true }
        self.replaced = replaced
        self.freshCount = freshCount
        self.reused = reused
    }
}
