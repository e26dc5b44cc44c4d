import ChatFormText

/// Korean typed key by key through the 2-beolsik model (`HangulComposer`): each key is one
/// composition step on the focused field, with UIKit's marked-text semantics, so the caret
/// rule is checked after every key (ㅎ → 하 → 한 → 한ㄱ → 한글).
///
/// ```swift
/// var composer = HangulComposer()
/// try table.typeKorean("ㅎㅏㄴㄱㅡㄹ", composer: &composer)   // "한" committed, "글" marked
/// try table.deleteBackward(composer: &composer)               // "그" marked
/// try table.commitComposition(composer: &composer)            // "한그" committed
/// ```
extension TableSession {
    /// Applies one input-method step: `step.committed` replaces the marked text (or the
    /// selection) and is committed, then `step.marked` is marked after it (an empty
    /// `marked` ends the composition).
    ///
    /// - Throws: `.noFocus` when nothing is focused.
    /// - Complexity: as `type(_:)`, twice at most.
    public mutating func applyComposition(_ step: HangulComposer.Step) throws(ScrollError) {
        _ = try editor.requireFocus()
        if !step.committed.isEmpty {
            try setMarkedText(step.committed)
            try unmarkText()
        }
        if !step.marked.isEmpty || markedText != nil {
            try setMarkedText(step.marked)
        }
    }

    /// Types `keys` through `composer`, one composition step per key (calling `afterEachKey`
    /// after each). Keys are compatibility jamo (ㄱ, ㅏ, also ㅘ or ㄺ as their two keys),
    /// Latin letters read as 2-beolsik keys (`gksrmf` is 한글), and spaces, which commit
    /// the syllable and type a space. The marked text stays marked at the end.
    ///
    /// If the field's marked text is not the composer's syllable any more (a caret move
    /// committed it), the composer starts afresh.
    ///
    /// - Throws: `.unknownKey` for any other character (checked before anything is typed);
    ///   `.noFocus` when nothing is focused.
    /// - Complexity: O(keys) composition steps, each as `type(_:)`.
    public mutating func typeKorean(_ keys: String, composer: inout HangulComposer,
                                    afterEachKey: (TableSession) -> Void = { _ in }) throws(ScrollError) {
        _ = try editor.requireFocus()
        try FieldEditor<ID>.checkKoreanKeys(keys)
        editor.sync(&composer, in: cache)
        for key in keys {
            if key == " " {
                try applyComposition(composer.commit())
                try type(" ")
            } else {
                let step: HangulComposer.Step
                do throws(HangulInputError) { step = try composer.press(key) } catch { throw .unknownKey(error.description) }
                try applyComposition(step)
            }
            afterEachKey(self)
        }
    }

    /// Backspace with the composer: takes back the last jamo of the syllable being composed
    /// (닭 → 달), or, with nothing composed, deletes the grapheme before the caret.
    ///
    /// - Throws: `.noFocus` when nothing is focused.
    public mutating func deleteBackward(composer: inout HangulComposer) throws(ScrollError) {
        _ = try editor.requireFocus()
        editor.sync(&composer, in: cache)
        if let step = composer.backspace() {
            try applyComposition(step)
        } else {
            try deleteBackward()
        }
    }

    /// Commits the syllable being composed and ends the composition.
    ///
    /// - Throws: `.noFocus` when nothing is focused.
    public mutating func commitComposition(composer: inout HangulComposer) throws(ScrollError) {
        _ = try editor.requireFocus()
        editor.sync(&composer, in: cache)
        if composer.isComposing { try applyComposition(composer.commit()) }
        try unmarkText()
    }
}
