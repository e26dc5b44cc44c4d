import ChatFormText

/// Input-method composition in the focused field: its marked text is real text in the
/// field's live document, so composing re-wraps as typing does; committing it changes no
/// layout. Korean typed key by key goes through a `HangulComposer` the caller keeps.
extension FieldEditor {
    /// Commits the focused field's marked text, if any (the text stays; no layout changes).
    mutating func endComposition(in cache: inout RowCache<ID>) {
        guard let field = focus?.field else { return }
        // One look-up of the row; its document is read in place (see `CachedRow.withDocument`).
        _ = try? cache.modify(field.row) { (entry) throws(ScrollError) in
            guard entry.withDocument(ofItem: field.item, { (document, _, _) in document.markedText != nil }) == true else { return }
            _ = try? entry.editDocument(ofItem: field.item) { (document) throws(TextLayoutError) in document.unmarkText() }
        }
    }

    /// The marked text's new selection after an edit of `document`: the input method's
    /// selection inside the marked text, or a caret at `caret` when nothing is marked.
    static func selection(after document: TextDocument, caret: Int) -> (anchor: Int, caret: Int) {
        guard let marked = document.markedText else { return (caret, caret) }
        return (marked.selectedRange.lowerBound, marked.selectedRange.upperBound)
    }

    /// Checks that every key of `keys` is a 2-beolsik key or a space.
    ///
    /// - Throws: `.unknownKey` for the first other character.
    static func checkKoreanKeys(_ keys: String) throws(ScrollError) {
        for key in keys where key != " " && HangulJamo(key: key) == nil {
            throw .unknownKey(HangulInputError.unknownKey(key).description)
        }
    }

    /// Resets `composer` when the focused field's marked text is no longer its syllable (a
    /// caret move committed it).
    func sync(_ composer: inout HangulComposer, in cache: RowCache<ID>) {
        guard composer.isComposing else { return }
        let marked = focus.flatMap { cache.document(of: $0.field) }.flatMap { document in
            document.markedText.flatMap { try? document.substring($0.range) }
        }
        if marked != composer.markedText { composer.reset() }
    }
}
