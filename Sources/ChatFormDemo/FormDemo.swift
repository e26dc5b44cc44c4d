import ChatFormScroll
import ChatFormTerminal

/// The seed-004 form: labelled fields (name, email, phone and a growing introduction)
/// stacked in one scrolling cell, with [Cancel] [Save] buttons held above the keyboard as
/// an extra bottom inset. Tab and Shift-Tab move between fields; typing grows the field
/// and the caret stays inside the visible band, at every animation frame too.
///
/// ```swift
/// var form = try FormDemo(size: TerminalSize(rows: 24, columns: 60))
/// _ = try form.handle(.key(.tab))            // email
/// _ = try form.handle(.text("@example.com"))
/// ```
public struct FormDemo: DemoModel {
    /// The form row's id.
    public static let rowID = "form"
    /// Rows above the form (the status line).
    public static let headerRows = 1
    /// Rows of the button bar (a separator and the buttons), the extra bottom inset.
    public static let buttonRows = 2
    /// The form's padding.
    public static let padding = EdgeInsets(top: 1, left: 2, bottom: 1, right: 2)

    /// The fields in Tab order: (name, label, initial text, multi-line).
    public static let fields: [(name: String, label: String, text: String, multiline: Bool)] = [
        ("name", "Name", "김민지 Minji Kim", false),
        ("email", "Email", "minji@example.com", false),
        ("phone", "Phone", "010-1234-5678", false),
        ("bio", "Introduction (grows as you type)", "", true),
    ]

    public private(set) var size: TerminalSize
    /// The form.
    public private(set) var table: TableSession<String>
    /// What the status line says after Ctrl-S.
    public private(set) var notice: String?
    /// The Korean input mode (F4 or Ctrl-Space).
    public private(set) var korean = KoreanInputMode()

    /// Opens the form with the first field focused, caret at its end.
    public init(size: TerminalSize) throws {
        self.size = size
        var items: [StackItem] = []
        for field in Self.fields {
            items.append(.label(field.label))
            items.append(.field(field.name, text: field.text))
            items.append(.space(1))
        }
        table = try TableSession(
            rows: [Row(id: Self.rowID, content: .stack(items), style: RowStyle(padding: Self.padding))],
            viewport: Viewport(size: Self.viewportSize(size), extraBottomInset: Double(Self.buttonRows)),
            configuration: TableConfiguration(keyboardPolicy: .always, contentAlignment: .top))
        try focus(fieldAt: 0)
    }

    static func viewportSize(_ size: TerminalSize) -> Size {
        Size(width: Double(max(1, size.columns)), height: Double(max(0, size.rows - headerRows)))
    }

    // MARK: State

    /// The stack item of the field at Tab position `k`.
    public static func itemIndex(ofField k: Int) -> Int { 3 * k + 1 }

    /// The Tab position of the focused field.
    public var focusedField: Int? {
        guard let item = table.focus?.field.item else { return nil }
        return (item - 1) / 3
    }

    /// The name of the focused field.
    public var focusedName: String? { focusedField.map { Self.fields[$0].name } }

    /// The text of the field named `name`.
    public func text(ofField name: String) -> String? {
        guard let k = Self.fields.firstIndex(where: { $0.name == name }) else { return nil }
        return try? table.rows.text(of: FieldRef(row: Self.rowID, item: Self.itemIndex(ofField: k)))
    }

    public var isAnimating: Bool { table.keyboard.state.isAnimating(at: table.now) }

    /// Whether the keyboard is shown or showing.
    public var isKeyboardShown: Bool { table.keyboard.state.isShown }

    /// Where things are on screen: the form's band, the button bar above the keyboard, and
    /// the caret's cell.
    public var screenLayout: DemoScreenLayout {
        TableDrawing(table: table, originRow: Self.headerRows).screenLayout(barHeight: Self.buttonRows, screenRows: size.rows)
    }

    // MARK: Events

    public mutating func handle(_ event: KeyEvent) throws -> DemoAction {
        let multiline = focusedField.map { Self.fields[$0].multiline } ?? false
        if KoreanInputMode.isToggle(event) {
            try korean.toggle(in: &table)
            return .continue
        }
        switch event {
        case .text(let text), .paste(let text):
            var clean = DemoText.sanitized(text)
            if !multiline { clean = clean.replacingLineFeeds(with: " ") }
            guard !clean.isEmpty else { break }
            if case .paste = event {
                try korean.commit(in: &table)
                try table.field.type(clean)
            } else {
                try korean.type(clean, in: &table)
            }
        case .key(.character("c"), .control), .key(.escape, []):
            return .quit
        case .key(.enter, []) where !multiline:
            try focus(fieldAt: ((focusedField ?? -1) + 1) % Self.fields.count)
        case .key(.enter, _), .key(.character("j"), .control):
            if multiline { try table.field.newline() }
        case .key(.tab, let modifiers):
            let count = Self.fields.count
            let step = modifiers.contains(.shift) ? count - 1 : 1
            try focus(fieldAt: ((focusedField ?? 0) + step) % count)
        case .key(.backspace, _): try korean.backspace(in: &table)
        case .key(.delete, _): try table.field.deleteForward()
        case .key(.left, _): try table.field.move(.left)
        case .key(.right, _): try table.field.move(.right)
        case .key(.up, _): try table.field.move(.up)
        case .key(.down, _): try table.field.move(.down)
        case .key(.home, _): try table.field.move(.lineStart)
        case .key(.end, _): try table.field.move(.lineEnd)
        case .key(.pageUp, _): try table.scroll(by: -max(1, table.viewport.bandHeight - 1))
        case .key(.pageDown, _): try table.scroll(by: max(1, table.viewport.bandHeight - 1))
        case .key(.function(2), _): try toggleKeyboard()
        case .key(.character("s"), .control):
            notice = "saved"
        default:
            break
        }
        return .continue
    }

    /// Focuses the field at Tab position `k`, caret at the end of its text.
    public mutating func focus(fieldAt k: Int) throws {
        try korean.commit(in: &table)
        let field = FieldRef(row: Self.rowID, item: Self.itemIndex(ofField: k))
        try table.field.focus(field, caret: try table.rows.text(of: field).utf8.count)
    }

    /// Shows the keyboard (40% of the height) or hides it, animated.
    public mutating func toggleKeyboard() throws {
        try DemoKeyboard.toggle(in: &table, rows: size.rows)
    }

    public mutating func tick(elapsed: Double) throws {
        guard elapsed.isFinite, elapsed > 0 else { return }
        try table.advance(by: elapsed)
    }

    public mutating func resize(_ newSize: TerminalSize) throws {
        size = newSize
        try table.resize(to: Self.viewportSize(newSize))
        try DemoKeyboard.resize(in: &table, rows: newSize.rows)
    }

    // MARK: Drawing

    public func render(into screen: inout ScreenBuffer) {
        screen.clear()
        let layout = screenLayout
        let focusedItem = table.focus?.field.item
        let drawing = TableDrawing(table: table, originRow: Self.headerRows)
        drawing.draw(into: &screen, clip: layout.band) { _, item in
            guard item.editable else { return .init(text: CellStyle(bold: true)) }
            let focused = item.index == focusedItem
            return .init(text: CellStyle(underline: true, foreground: focused ? .brightWhite : nil),
                         fill: CellStyle(underline: true))
        }
        drawing.drawMarkedText(into: &screen, clip: layout.band, style: DemoText.markedStyle)
        // Buttons, above the keyboard (or at the bottom of the screen when it is hidden).
        screen.fill(row: layout.buttonRows.lowerBound, column: 0, height: layout.buttonRows.count, width: screen.columns)
        screen.fill(row: layout.buttonRows.lowerBound, column: 0, height: 1, width: screen.columns,
                    with: "─", style: CellStyle(dim: true))
        let buttons = "[ Cancel ]  [ Save ]"
        let column = max(0, screen.columns - CellWidth.of(buttons) - 2)
        screen.write(buttons, row: layout.buttonRows.lowerBound + 1, column: column,
                     style: CellStyle(bold: true), width: DemoText.width)
        var status = " Edit profile · Tab/Shift-Tab field · F2 keyboard · Ctrl-S save · Esc quit · F4 한/A"
        if korean.isOn { status = " [한]" + status }
        if let notice { status += " · \(notice)" }
        DemoText.drawChrome(into: &screen, status: status, keyboardRows: layout.keyboardRows, cursor: layout.cursor)
    }
}

extension String {
    func replacingLineFeeds(with replacement: String) -> String {
        split(separator: "\n", omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
