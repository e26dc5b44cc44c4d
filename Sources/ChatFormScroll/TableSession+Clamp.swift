import ChatFormText

/// Messages collapsed to a few lines with an ellipsis, and "show more" (SPEC §5.4: a row
/// that changes height above what is on screen keeps what is on screen still).
extension TableSession {
    /// Clamps row `id`'s display-only texts to `lines` lines with an ellipsis ("show less"),
    /// or with nil shows them whole ("show more"), and measures the row again: a row above
    /// the first visible one moves the offset by its change in height, so the content on
    /// screen stays still; the first visible row itself grows or shrinks from its top; a
    /// transcript at its end stays there (as when a message grows).
    ///
    /// ```swift
    /// try table.setLineClamp(3, ofRow: 42)      // collapsed
    /// try table.setLineClamp(nil, ofRow: 42)    // the user tapped "show more"
    /// ```
    ///
    /// - Throws: `.unknownRow`; `.invalidValue` for `lines < 1`.
    /// - Complexity: O(log n) plus laying out the row's text (its prepared text with real
    ///   fonts: no shaping).
    public mutating func setLineClamp(_ lines: Int?, ofRow id: ID) throws(ScrollError) {
        let i = try cache.requireIndex(id)
        if let lines, lines < 1 { throw .invalidValue("line clamp", Double(lines)) }
        var row = cache.source.row(at: i)
        guard row.style.lineClamp != lines else { return }
        row.style.lineClamp = lines
        cache.source.replace(at: i, with: row)
        try rowDidChange(at: i)
    }

    /// Whether row `id` shows its texts clamped with text hidden ("show more" applies); nil
    /// when the row is not measured at the current width.
    ///
    /// - Complexity: O(1) after the row's lookup.
    public func isTruncated(row id: ID) -> Bool? {
        guard let i = cache.source.index(of: id), let m = measurement(ofRow: i) else { return nil }
        return m.items.contains { $0.clamp != nil }
    }
}
