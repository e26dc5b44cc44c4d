import ChatFormLayout

/// An app's "edit profile" screen (seed 004): four fields stacked in one scrolling cell,
/// the introduction growing as the user types, Cancel and Save held under the content.
///
/// The screen's logic is a `TableSession`; the app draws it and feeds it the user's keys.
/// The tests in `ProfileFormTests` hold it to the caret rule.
public struct ProfileForm {
    /// The fields, in Tab order.
    public static let fields = ["name", "email", "phone", "bio"]
    /// Rows taken by the Cancel and Save buttons under the content.
    public static let buttonRows = 3.0

    /// The table behind the screen.
    public private(set) var table: TableSession<String>

    /// A form for a screen of `width` × `height` cells, filled with `profile`'s values.
    public init(width: Double, height: Double, profile: [String: String] = [:]) throws {
        let form = Row<String>(id: "profile", content: .stack([
            .label("Name"), .field("name", text: profile["name"] ?? ""), .space(1),
            .label("Email"), .field("email", text: profile["email"] ?? ""), .space(1),
            .label("Phone"), .field("phone", text: profile["phone"] ?? ""), .space(1),
            .label("Introduction (grows as you type)"), .field("bio", text: profile["bio"] ?? ""),
        ]), style: RowStyle(padding: EdgeInsets(top: 1, left: 2, bottom: 1, right: 2)))
        table = try TableSession(rows: [form],
                                 viewport: Viewport(size: Size(width: width, height: height),
                                                    safeArea: EdgeInsets(bottom: 1),
                                                    extraBottomInset: Self.buttonRows))
    }

    /// The focused field's name, if any.
    public var focusedField: String? {
        guard let field = table.focus?.field else { return nil }
        return Self.fields.first { table.rows.field(named: $0, inRow: "profile") == field }
    }

    /// Focuses `name` with the caret at the end of its text.
    public mutating func focus(_ name: String) throws {
        guard let field = table.rows.field(named: name, inRow: "profile") else { throw ScrollError.unknownRow(name) }
        try table.field.focus(field, caret: try table.rows.text(of: field).utf8.count)
    }

    /// Tab: the next field (Shift-Tab: the previous one), wrapping around.
    public mutating func tab(backward: Bool = false) throws {
        let current = focusedField.flatMap { Self.fields.firstIndex(of: $0) } ?? (backward ? 0 : Self.fields.count - 1)
        let next = (current + (backward ? Self.fields.count - 1 : 1)) % Self.fields.count
        try focus(Self.fields[next])
    }

    /// Types `text` into the focused field.
    public mutating func type(_ text: String) throws { try table.field.type(text) }

    /// Return in the introduction: a line break.
    public mutating func newline() throws { try table.field.newline() }

    /// Shows or hides the keyboard (animated; advance the clock to see it move).
    public mutating func setKeyboard(height: Double) throws {
        if height > 0 { try table.keyboard.show(height: height) } else { try table.keyboard.hide() }
    }

    /// Advances the clock, calling `onFrame` after each animation frame.
    public mutating func advance(by seconds: Double, onFrame: (TableSession<String>) -> Void = { _ in }) throws {
        try table.advance(by: seconds, onFrame: onFrame)
    }

    /// The current text of every field.
    public func values() throws -> [String: String] {
        var values: [String: String] = [:]
        for name in Self.fields {
            if let field = table.rows.field(named: name, inRow: "profile") { values[name] = try table.rows.text(of: field) }
        }
        return values
    }
}
