import ChatFormTerminal

/// Where things are on a demo's screen, from the engine's state: the table's visible band,
/// the bar resting on the keyboard (the chat's separator line and input, the form's
/// buttons), the keyboard panel and the caret's cell.
public struct DemoScreenLayout: Sendable, Hashable {
    /// Screen rows of the table's visible band (ending where the bar starts at the latest).
    public var band: Range<Int>
    /// Screen rows of the bar right above the keyboard panel.
    public var barRows: Range<Int>
    /// Screen rows of the keyboard panel (empty when hidden).
    public var keyboardRows: Range<Int>
    /// The terminal cursor: the caret's cell.
    public var cursor: ScreenCursor?

    /// The chat's separator line above its input: the bar's first row.
    public var separatorRow: Int { barRows.lowerBound }
    /// Screen rows of the chat input's lines: the bar below the separator.
    public var inputRows: Range<Int> { Swift.min(barRows.lowerBound + 1, barRows.upperBound)..<barRows.upperBound }
    /// Screen rows of the form's button bar: the whole bar.
    public var buttonRows: Range<Int> { barRows }
}

extension TableDrawing {
    /// This table's screen with a bar of `barHeight` rows on the keyboard (or at the bottom
    /// of a screen of `screenRows` rows when it is hidden); the cursor is the table's caret
    /// cell.
    public func screenLayout(barHeight: Int, screenRows: Int) -> DemoScreenLayout {
        let keyboardTop = keyboardTopRow
        let bar = (keyboardTop - barHeight)..<keyboardTop
        let band = bandRows
        return DemoScreenLayout(band: band.lowerBound..<max(band.lowerBound, min(band.upperBound, bar.lowerBound)),
                                barRows: bar, keyboardRows: keyboardTop..<max(keyboardTop, screenRows), cursor: caretCell)
    }
}
