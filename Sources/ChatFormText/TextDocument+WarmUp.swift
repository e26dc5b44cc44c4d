import Synchronization

/// Whether this process has run `TextDocument.warmUpEditing()`'s edits.
private let editingWarmedUp = Atomic<Bool>(false)

extension TextDocument {
    /// Once a process: types a character into a scratch document laid out like this one
    /// (its width, metrics and options), deletes it and asks for the caret each time
    /// (`editScratchDocument()`), so that what the first edit of a process builds on first
    /// use (the runtime's metadata of the generic types on the edit path, about 37,000
    /// instructions, and the code and heap pages it first touches) is built here and not
    /// on the user's first keystroke. A table's field calls it when it takes focus; later
    /// calls return at once. This document does not change.
    ///
    /// - Complexity: O(1) after the process's first call.
    package func warmUpEditing() {
        guard !editingWarmedUp.exchange(true, ordering: .relaxed) else { return }
        _ = try? editScratchDocument()
    }

    /// The warm-up's edits: a one-paragraph document of this one's width, metrics, options
    /// and paragraph sizes, a character typed at its end and deleted again, the caret
    /// placed after each edit. Returns the scratch document's text, which is its first
    /// text again.
    func editScratchDocument() throws(TextLayoutError) -> String {
        var scratch = try TextDocument(text: "warm up", width: units.width, metrics: units.metrics, options: units.options,
                                       tuning: units.tuning)
        let end = scratch.utf8Count
        _ = try scratch.replaceSubrange(end..<end, with: "s")
        _ = try scratch.caretPlacement(for: TextPosition(offset: end + 1))
        _ = try scratch.replaceSubrange(end..<end + 1, with: "")
        _ = try scratch.caretPlacement(for: TextPosition(offset: end))
        return scratch.text
    }
}
