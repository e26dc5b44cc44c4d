import Synchronization

/// Whether this process has run `TextDocument.prewarm()`'s edits.
private let editingPrewarmed = Atomic<Bool>(false)

extension TextDocument {
    /// Warms this process's editing path, once: types a character into a scratch document
    /// laid out like this one (its width, metrics, options and paragraph sizes), deletes it
    /// and asks for the caret each time, so that what the first edit of a process builds on
    /// first use (the runtime's metadata of the generic types on the edit path, about
    /// 37,000 instructions, and the code and heap pages it first touches) is built here and
    /// not on the user's first keystroke. This document does not change.
    ///
    /// A table runs it (and the table layer's own first-use path) through
    /// `TableSession.prewarm(field:)` at a process's first focus; code that edits a
    /// `TextDocument` directly may call it when it creates its first document. Idempotent
    /// and thread-safe: one call in the process runs the edits, every other one (later or
    /// concurrent) returns false at once.
    ///
    /// - Returns: whether this call ran the warm-up's edits.
    /// - Complexity: O(1) after the process's first call.
    @discardableResult
    public func prewarm() -> Bool { prewarm(claiming: editingPrewarmed) }

    /// `prewarm()` with the once-flag given (tests give a fresh one): the caller that turns
    /// `flag` on runs the edits.
    func prewarm(claiming flag: borrowing Atomic<Bool>) -> Bool {
        guard !flag.exchange(true, ordering: .acquiringAndReleasing) else { return false }
        _ = try? editScratchDocument()
        return true
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
