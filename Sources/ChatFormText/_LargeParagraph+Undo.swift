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
        storage.lastEdit = nil   // read below: its arrays are recycled after the lines go back
        let rewrapped = last.restartLine..<last.restartLine + last.freshCount
        storage.keepLastEdit(range, inserted, lines: rewrapped, freshCount: last.replaced.count, reused: last.reused)
        storage.rope.replaceSubrange(range, with: inserted)
        storage.lines.replaceSubrange(rewrapped, with: last.replaced)
        storage.recycle(last)
        return (last.restartLine, last.replaced.count, last.reused)
    }
}

extension _LargeParagraphStorage {
    /// Keeps the undo of replacing `range` with `inserted` and lines `lines` with
    /// `freshCount` rewrapped ones (read before the edit), or nothing when the edit is too
    /// large to keep. The bytes and lines go into arrays of edits kept before (`recycle`),
    /// so that an edit allocates nothing for its undo once they have grown to its size.
    ///
    /// - Complexity: O(log n + range.count + lines.count).
    func keepLastEdit(_ range: Range<Int>, _ inserted: [UInt8], lines replaced: Range<Int>, freshCount: Int,
                      reused: Bool) {
        if let previous = lastEdit {
            lastEdit = nil
            recycle(previous)
        }
        guard range.count <= _LastEdit.maxRemovedBytes && replaced.count <= _LastEdit.maxReplacedLines else { return }
        var removed = spareBytes.popLast() ?? []
        var kept = spareLines.popLast() ?? []
        removed.removeAll(keepingCapacity: true)
        kept.removeAll(keepingCapacity: true)
        rope.appendBytes(range, to: &removed)
        lines.append(lines: replaced, to: &kept)
        lastEdit = _LastEdit(range: range.lowerBound..<range.lowerBound + inserted.count, removed: removed,
                             restartLine: replaced.lowerBound, replaced: kept, freshCount: freshCount, reused: reused)
    }

    /// Keeps `edit`'s arrays (no longer its paragraph's undo) for later edits to fill: up to
    /// two of each kind, the larger ones (an undo keeps its own undo while the edit it undoes
    /// is still being read).
    func recycle(_ edit: _LastEdit) {
        Self.keep(edit.removed, in: &spareBytes)
        Self.keep(edit.replaced, in: &spareLines)
    }

    private static func keep<T>(_ array: [T], in spares: inout [[T]]) {
        guard array.capacity > 0 else { return }
        if spares.count < 2 {
            spares.append(array)
        } else if let k = spares.indices.min(by: { spares[$0].capacity < spares[$1].capacity }),
                  spares[k].capacity < array.capacity {
            spares[k] = array
        }
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
}
