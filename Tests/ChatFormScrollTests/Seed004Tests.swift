import Testing
import ChatFormScroll

/// Seed 004: a form in a single table cell whose text view grows as the user types, with a
/// keyboard coming up and bottom buttons under the content — the caret never escapes.
@Suite("Seed 004: the growing form")
struct Seed004Tests {
    let metrics = TerminalCellMetrics()

    func makeForm() throws -> TableSession<String> {
        let form = Row<String>(id: "form", content: .stack([
            .label("Name"), .field("name", text: "Kim"), .space(1),
            .label("Email"), .field("email", text: "kim@example.com"), .space(1),
            .label("Introduce yourself"), .field("bio"),
        ]), style: RowStyle(padding: EdgeInsets(top: 1, left: 2, bottom: 1, right: 2)))
        return try TableSession(rows: [form],
                                viewport: Viewport(size: Size(width: 36, height: 24), safeArea: EdgeInsets(bottom: 1),
                                                   extraBottomInset: 3))
    }

    @Test func theCaretStaysInTheBandWhileTheFieldGrowsPastTheKeyboard() throws {
        var t = try makeForm()
        let bio = try #require(t.rows.field(named: "bio", inRow: "form"))
        try t.field.focus(bio)
        try checkInvariants(t, metrics: metrics, revealed: true, "focus")
        try t.keyboard.show(height: 10, duration: 0.25, curve: .easeInOut)
        var frames = 0
        try t.advance(by: 0.3) { f in
            frames += 1
            try? checkInvariants(f, metrics: metrics, revealed: true, "keyboard frame \(frames)")
        }
        #expect(frames >= 15)
        #expect(t.viewport.bottomInset == 13)   // max(1, 10) + 3 buttons
        let keyboardTop = t.viewport.size.height - t.viewport.bottomInset
        var events = 0
        var grewPastKeyboard = false
        let words = "ChatFormLayout keeps the caret above the keyboard while this field grows line after line ".split(separator: " ")
        for round in 0..<12 {
            for word in words {
                try t.field.type(String(word) + " ")
                events += 1
                try checkInvariants(t, metrics: metrics, revealed: true, "type round \(round)")
                // Where the caret would be if nothing scrolled (the SwiftUI ScrollView bug).
                let unscrolledY = try #require(t.caret).rect.maxY
                if unscrolledY > keyboardTop { grewPastKeyboard = true }
            }
            if round % 3 == 2 {
                try t.field.newline()
                events += 1
                try checkInvariants(t, metrics: metrics, revealed: true, "newline")
            }
        }
        #expect(grewPastKeyboard, "the field must grow past the keyboard's top for this test to mean anything")
        #expect(events > 100)
        #expect(t.viewport.offset > 0)
        // The caret's line is on screen, above the keyboard and the buttons.
        let c = try #require(t.caret)
        let screenY = c.rect.minY - t.viewport.offset
        #expect(screenY >= 0 && c.rect.maxY - t.viewport.offset <= keyboardTop)
        // Hiding the keyboard: still visible at every frame, and no blank band.
        try t.keyboard.hide()
        try t.advance(by: 0.3) { f in try? checkInvariants(f, metrics: metrics, revealed: true, "hide") }
        #expect(abs(t.viewport.offset - (t.rows.contentHeight + 4 - 24)) < 1e-9)
    }

    @Test func otherFieldsKeepTheirPlaceWhileBioGrows() throws {
        var t = try makeForm()
        try t.field.focus(try #require(t.rows.field(named: "bio", inRow: "form")))
        let before = t.rows.measurement(ofRow: 0)!.items.map(\.y)
        try t.field.type(String(repeating: "grow ", count: 40))
        let after = t.rows.measurement(ofRow: 0)!.items.map(\.y)
        #expect(before == after)   // everything above bio stays; only bio and the row grow
        #expect(t.rows.frame(ofRow: 0).height == 10 - 1 + 7)   // 6 words of "grow " a line at width 32
    }

    @Test func tabbingToAnotherFieldRevealsIt() throws {
        var t = try makeForm()
        let bio = try #require(t.rows.field(named: "bio", inRow: "form"))
        try t.field.focus(bio)
        try t.field.type(String(repeating: "long text ", count: 60))
        try t.field.focus(try #require(t.rows.field(named: "name", inRow: "form")), caret: 3)
        try checkInvariants(t, metrics: metrics, revealed: true, "focus name")
        #expect(t.caret?.rect.minY == 2)
        #expect(t.viewport.offset <= 1)
    }
}
