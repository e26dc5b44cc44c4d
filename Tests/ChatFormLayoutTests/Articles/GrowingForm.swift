import ChatFormLayout
import Testing

/// GrowingForm.md, run as written.
@Suite("Article: a growing form with a keyboard")
struct GrowingFormArticle {
    @Test func theFormWalkthrough() throws {
        let form = Row<String>(id: "profile", content: .stack([
            .label("Name"), .field("name", text: "Kim"), .space(1),
            .label("Email"), .field("email", text: "kim@example.com"), .space(1),
            .label("Introduce yourself"), .field("bio"),
        ]), style: RowStyle(padding: EdgeInsets(top: 1, left: 2, bottom: 1, right: 2)))

        var table = try TableSession(
            rows: [form],
            viewport: Viewport(size: Size(width: 36, height: 24),
                               safeArea: EdgeInsets(bottom: 1),   // the home indicator
                               extraBottomInset: 3))              // Cancel and Save under the content
        // Labels and fields: 2 + 1 + 2 + 1 + 2 lines of content (an empty field is one line), 2 of padding.
        #expect(try table.rows.frame(of: "profile").height == 10)

        let bio = table.rows.field(named: "bio", inRow: "profile")!
        try table.field.focus(bio)
        try table.keyboard.show(height: 10, duration: 0.25, curve: .easeInOut)
        var keyboardTops: [Double] = []
        try table.advance(by: 0.3) { frame in
            keyboardTops.append(frame.viewport.size.height - frame.viewport.bottomInset)
        }
        // 0.25 s at 60 Hz and one frame after; the keyboard's top only comes up, and the band
        // starts to shrink once the keyboard overlaps more than the safe area.
        #expect(keyboardTops.count == 16)
        #expect(zip(keyboardTops, keyboardTops.dropFirst()).allSatisfy { $0 >= $1 })
        #expect(keyboardTops.first == 20.0 && keyboardTops.last == 11.0)
        #expect(table.viewport.bottomInset == 13)

        try table.field.type("I build forms whose text view grows as you type, inside a scrolling table. ")
        try table.field.newline()
        try table.field.type("The table scrolls just enough to keep the caret above the keyboard.")
        let caret = table.caret!.rect
        let band = table.viewport.visibleBand
        // The field grew past the keyboard's top, the table scrolled, and the caret with a
        // line of margin is inside the band, touching its bottom (scrolled as little as needed).
        #expect(try table.rows.frame(of: "profile").height == 10 + 5)   // the bio took 6 lines
        #expect(table.viewport.offset > 0)
        #expect(caret.minY - 1 >= band.lowerBound && caret.maxY + 1 <= band.upperBound)
        #expect(abs(caret.maxY + 1 - band.upperBound) < 1e-9)
        #expect(try table.rows.text(of: bio).hasSuffix("the caret above the keyboard."))

        let email = table.rows.field(named: "email", inRow: "profile")!
        try table.field.focus(email, caret: try table.rows.text(of: email).utf8.count)
        let emailCaret = table.caret!
        #expect(emailCaret.field == email && emailCaret.position.offset == "kim@example.com".utf8.count)
        let emailBand = table.viewport.visibleBand
        #expect(emailCaret.rect.minY - 1 >= emailBand.lowerBound && emailCaret.rect.maxY + 1 <= emailBand.upperBound)
        // The bio's text went back into the row when the focus left it.
        #expect(try table.rows.text(of: bio).hasPrefix("I build forms"))

        try table.keyboard.hide()
        try table.advance(by: 0.3)
        #expect(table.viewport.keyboardOverlap == 0)
        #expect(table.viewport.bottomInset == 4)
        // No blank band: the offset is within the clamped range for the new insets.
        #expect(table.viewport.offset <= max(0, table.rows.contentHeight + 4 - 24) + 1e-9)

        var screenLines: [(y: Double, x: Double, text: String)] = []
        let lineHeight = table.configuration.lineHeight
        for index in table.rows.inViewport() {
            let frame = table.rows.frame(ofRow: index)
            guard let measurement = table.rows.measurement(ofRow: index) else { continue }
            for item in measurement.items {
                guard let text = item.text else { continue }
                let inner = table.rows.innerOffset(of: FieldRef(row: frame.id, item: item.index))
                for line in 0..<text.lineCount {
                    let top = Double(line) * lineHeight - inner   // the line's top in the item's window
                    guard top >= 0, top + lineHeight <= item.height else { continue }
                    let y = frame.y + measurement.style.padding.top + item.y + top - table.viewport.offset
                    screenLines.append((y: y, x: measurement.style.padding.left, text: text.text(ofLine: line)))
                }
            }
        }
        // Every line of the form in order (the table is back at the top: the form fits now),
        // with the email's line where the caret is.
        let texts = screenLines.map(\.text)
        #expect(texts.prefix(5) == ["Name", "Kim", "Email", "kim@example.com", "Introduce yourself"])
        #expect(screenLines.map(\.y) == [1, 2, 4, 5, 7, 8, 9, 10, 11, 12, 13])
        #expect(screenLines.allSatisfy { $0.x == 2 })
        let emailLine = try #require(screenLines.first { $0.text == "kim@example.com" })
        #expect(emailLine.y == emailCaret.rect.minY - table.viewport.offset)
        #expect(texts.contains { $0.hasPrefix("I build forms") })
    }

    @Test func aCappedField() throws {
        var notes = try TableSession(
            rows: [Row(id: "notes", content: .stack([.label("Notes"), .field("body", maxLines: 3)]))],
            viewport: Viewport(size: Size(width: 20, height: 10)))
        let body = notes.rows.field(named: "body", inRow: "notes")!
        try notes.field.focus(body)
        try notes.field.type("one two three four five six seven eight nine ten eleven twelve")
        let rowHeight = try notes.rows.frame(of: "notes").height   // the label and three lines
        let scrolledInside = notes.rows.innerOffset(of: body)  // the field's own scroll
        #expect(rowHeight == 4)
        // Four lines at width 20; the caret on the last, so the window shows lines 2–4.
        #expect(scrolledInside == 1)
        #expect(try notes.rows.text(of: body).hasSuffix("twelve"))
    }
}
