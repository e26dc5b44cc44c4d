import ChatFormText

extension RowMeasurement.Item {
    /// Clamps a display-only text item to `lines` lines (`RowStyle.lineClamp`): its height
    /// becomes the clamped text's, and `clamp` holds the lines shown and the ellipsis when
    /// text is hidden. Editable fields, the focused field's document and space are left as
    /// they are.
    ///
    /// - Complexity: O(`lines` + length of the last line shown).
    mutating func applyLineClamp(_ lines: Int?) throws(TextLayoutError) {
        clamp = nil
        guard let lines, !editable, document == nil, let layout else { return }
        let clamped = try layout.clamped(toLines: lines)
        // Shorter also when only the empty line after a final break is past the clamp.
        height = Swift.min(height, clamped.height)
        if clamped.isTruncated { clamp = clamped }
    }
}
