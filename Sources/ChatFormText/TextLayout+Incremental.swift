/// Incremental rewrapping after an edit (SPEC §3: only what changed is measured again).
///
/// Greedy first-fit wrapping is memoryless at a line start: the lines from a line start on
/// depend only on the text from there (ICU's line iterator restarts its rules at any
/// boundary it is asked to follow). So after an edit the wrapper restarts two lines before
/// the edit (an edit can pull a word back onto the line above, and UAX #14 looks back across
/// spaces), and stops once two consecutive lines past the edit start where old lines started
/// (shifted by the edit's change in length): from there on the old lines are the new ones.
extension TextLayout {
    /// The layout of `newText`, which must be this layout's text with the UTF-8 range
    /// `edited` replaced by `insertedCount` bytes, reusing the lines the edit cannot change.
    ///
    /// The result equals `TextLayout(text: newText, …)` with the same width, metrics and
    /// options (the tests hold it to that after every random edit).
    ///
    /// - Complexity: O(the text from two lines before the edit to where the lines meet
    ///   again) to wrap, plus O(lines) to copy and shift the reused ones.
    func relaid(newText: String, edited: Range<Int>, insertedCount: Int) throws(TextLayoutError) -> TextLayout {
        try _IncrementalWrap.relaid(self, newText: newText, edited: edited, insertedCount: insertedCount)
    }
}
