import ChatFormPictures
import ChatFormScroll
import ChatFormText
import SnapshotTesting

/// Snapshot strategies for pointfreeco's swift-snapshot-testing: a text layout or a table's
/// frame recorded as the readable text dump of ChatFormPictures (`.dump`, diffed line by
/// line) or as its SVG picture (`.svg`, which a browser opens), so a layout or caret
/// regression shows as a diff of what the engine computed.
///
/// ```swift
/// import ChatFormSnapshotTesting
/// import SnapshotTesting
///
/// @Test func theFormWithTheKeyboardUp() throws {
///     var table = try TableSession(rows: rows, viewport: viewport)
///     try table.field.focus(field)
///     try table.keyboard.show(height: 10)
///     try table.advance(by: 0.3)
///     assertSnapshot(of: table, as: .tableDump())    // __Snapshots__/…/theFormWithTheKeyboardUp.1.txt
///     assertSnapshot(of: table, as: .tableSVG())     // …2.svg
/// }
/// ```
extension Snapshotting where Value == TextLayout, Format == String {
    /// The layout as text: each line's offsets, top, height, width and text.
    public static var dump: Snapshotting {
        SimplySnapshotting.lines.pullback { LayoutPicture($0, drawing: .terminalCells).dump }
    }

    /// The layout as an SVG picture drawn as `drawing` (terminal cells of 9 × 18 pixels by
    /// default; for a layout made with real fonts, `.font(family:size:)`).
    public static func svg(drawing: LayoutPicture.Drawing = .terminalCells) -> Snapshotting {
        var strategy = SimplySnapshotting.lines.pullback { (layout: TextLayout) in LayoutPicture(layout, drawing: drawing).svg }
        strategy.pathExtension = "svg"
        return strategy
    }

    /// The layout as an SVG picture in terminal cells.
    public static var svg: Snapshotting { svg() }
}

extension Snapshotting where Value == TableFrame, Format == String {
    /// The frame as text: the figures, the rows on screen with their lines, the caret, the
    /// caret rule's verdict.
    public static var dump: Snapshotting {
        SimplySnapshotting.lines.pullback { $0.dump }
    }

    /// The frame as an SVG picture drawn as `drawing`.
    public static func svg(drawing: LayoutPicture.Drawing = .terminalCells) -> Snapshotting {
        var strategy = SimplySnapshotting.lines.pullback { (frame: TableFrame) in frame.svg(drawing: drawing) }
        strategy.pathExtension = "svg"
        return strategy
    }

    /// The frame as an SVG picture in terminal cells.
    public static var svg: Snapshotting { svg() }
}

extension Snapshotting where Format == String {
    /// A table session's current frame as text (see `TableFrame.dump`); the caret rule's
    /// verdict is included.
    public static func tableDump<ID>() -> Snapshotting where Value == TableSession<ID> {
        Snapshotting<TableFrame, String>.dump.pullback { TableFrame($0) }
    }

    /// A table session's current frame as an SVG picture.
    public static func tableSVG<ID>(drawing: LayoutPicture.Drawing = .terminalCells) -> Snapshotting where Value == TableSession<ID> {
        Snapshotting<TableFrame, String>.svg(drawing: drawing).pullback { TableFrame($0) }
    }
}
