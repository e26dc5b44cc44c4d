import ChatFormText

/// Korean typed key by key into a table's focused field through the 2-beolsik model: the
/// composer turns each key into one composition step and hands it to the table
/// (`TableField.applyComposition(_:)`), with UIKit's marked-text semantics, so the caret
/// rule is checked after every key (ㅎ → 하 → 한 → 한ㄱ → 한글).
///
/// ```swift
/// var composer = HangulComposer()
/// try composer.type("ㅎㅏㄴㄱㅡㄹ", into: &table)   // "한" committed, "글" marked
/// try composer.deleteBackward(in: &table)          // "그" marked
/// try composer.commit(in: &table)                  // "한그" committed
/// ```
extension HangulComposer {
    /// Types `keys` into `table`'s focused field, one composition step per key (calling
    /// `afterEachKey` after each). Keys are compatibility jamo (ㄱ, ㅏ, also ㅘ or ㄺ as their
    /// two keys), Latin letters read as 2-beolsik keys (`gksrmf` is 한글), and spaces, which
    /// commit the syllable and type a space. The marked text stays marked at the end.
    ///
    /// If the field's marked text is not this composer's syllable any more (a caret move
    /// committed it), the composer starts afresh.
    ///
    /// - Throws: `.unknownKey` for any other character (checked before anything is typed);
    ///   `.noFocus` when nothing is focused.
    /// - Complexity: O(keys) composition steps, each as `TableField.type(_:)`.
    public mutating func type<ID>(_ keys: String, into table: inout TableSession<ID>,
                                  afterEachKey: (TableSession<ID>) -> Void = { _ in }) throws(ScrollError) {
        _ = try table.editor.requireFocus()
        try FieldEditor<ID>.checkKoreanKeys(keys)
        table.editor.sync(&self, in: table.cache)
        for key in keys {
            if key == " " {
                try table.field.applyComposition(commit())
                try table.field.type(" ")
            } else {
                let step: HangulComposer.Step
                do throws(HangulInputError) { step = try press(key) } catch { throw .unknownKey(error.description) }
                try table.field.applyComposition(step)
            }
            afterEachKey(table)
        }
    }

    /// Backspace in `table`'s focused field: takes back the last jamo of the syllable being
    /// composed (닭 → 달), or, with nothing composed, deletes the grapheme before the caret.
    ///
    /// - Throws: `.noFocus` when nothing is focused.
    /// - Complexity: as `TableField.type(_:)`, twice at most.
    public mutating func deleteBackward<ID>(in table: inout TableSession<ID>) throws(ScrollError) {
        _ = try table.editor.requireFocus()
        table.editor.sync(&self, in: table.cache)
        if let step = backspace() {
            try table.field.applyComposition(step)
        } else {
            try table.field.deleteBackward()
        }
    }

    /// Commits the syllable being composed in `table`'s focused field and ends the
    /// composition.
    ///
    /// - Throws: `.noFocus` when nothing is focused.
    /// - Complexity: as `TableField.type(_:)`, twice at most.
    public mutating func commit<ID>(in table: inout TableSession<ID>) throws(ScrollError) {
        _ = try table.editor.requireFocus()
        table.editor.sync(&self, in: table.cache)
        if isComposing { try table.field.applyComposition(commit()) }
        try table.field.unmarkText()
    }
}
