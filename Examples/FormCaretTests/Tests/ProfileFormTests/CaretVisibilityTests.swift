import ChatFormLayout
import ProfileForm
import Testing

/// The caret rule (SPEC §5.2): the caret grown by the margin, clipped to the content, is
/// inside the visible band; when the band is too short for that, the caret's line is.
func caretRuleHolds<ID>(_ table: TableSession<ID>) -> Bool {
    guard let caret = table.caret?.rect else { return true }
    let band = table.viewport.visibleBand
    let margin = table.configuration.caretMargin
    let top = max(0, caret.minY - margin)
    let bottom = min(max(table.rows.contentHeight, caret.maxY), caret.maxY + margin)
    let fits = bottom - top <= band.upperBound - band.lowerBound
    let (low, high) = fits ? (top, bottom) : (caret.minY, caret.maxY)
    return low >= band.lowerBound - 1e-9 && high <= band.upperBound + 1e-9
}

@Suite("Profile form: the caret stays visible")
struct CaretVisibilityTests {
    static let profile = ["name": "Minji Kim", "email": "minji@example.com", "phone": "010-1234-5678"]

    @Test(arguments: [(36.0, 24.0), (60.0, 20.0), (24.0, 14.0)])
    func typingAnIntroductionWithTheKeyboardUp(width: Double, height: Double) throws {
        var form = try ProfileForm(width: width, height: height, profile: Self.profile)
        try form.focus("bio")
        try form.setKeyboard(height: (height * 0.4).rounded(.down))
        var frames = 0
        try form.advance(by: 0.3) { frame in
            frames += 1
            #expect(caretRuleHolds(frame), "keyboard frame \(frames)")
        }
        #expect(frames >= 15)
        let words = "안녕하세요, 저는 iOS 개발자입니다. I build forms whose text view grows as you type. "
        for round in 0..<8 {
            for word in words.split(separator: " ") {
                try form.type(word + " ")
                #expect(caretRuleHolds(form.table), "round \(round), after \(word)")
            }
            try form.newline()
            #expect(caretRuleHolds(form.table), "newline in round \(round)")
        }
        // The introduction grew past the keyboard's top, so the table had to scroll.
        let keyboardTop = height - form.table.viewport.bottomInset
        #expect(form.table.rows.contentHeight > keyboardTop)
        #expect(form.table.viewport.offset > 0)
    }

    @Test func tabbingThroughTheFieldsRevealsEach() throws {
        var form = try ProfileForm(width: 30, height: 12, profile: Self.profile)
        try form.focus("bio")
        try form.type(String(repeating: "A long introduction fills the screen. ", count: 8))
        try form.setKeyboard(height: 5)
        try form.advance(by: 0.3) { #expect(caretRuleHolds($0)) }
        for expected in ["name", "email", "phone", "bio", "name"] {
            try form.tab()
            #expect(form.focusedField == expected)
            #expect(caretRuleHolds(form.table), "after Tab to \(expected)")
        }
        for expected in ["bio", "phone"] {
            try form.tab(backward: true)
            #expect(form.focusedField == expected)
            #expect(caretRuleHolds(form.table), "after Shift-Tab to \(expected)")
        }
        #expect(try form.values()["email"] == "minji@example.com")
    }

    @Test func hidingTheKeyboardLeavesNoBlankBand() throws {
        var form = try ProfileForm(width: 36, height: 24, profile: Self.profile)
        try form.focus("bio")
        try form.setKeyboard(height: 9)
        try form.advance(by: 0.3)
        try form.type(String(repeating: "words that wrap ", count: 30))
        try form.setKeyboard(height: 0)
        try form.advance(by: 0.3) { frame in
            #expect(caretRuleHolds(frame))
            // Clamped at every frame: the content never ends above the band's bottom.
            let end = frame.rows.contentHeight + frame.viewport.bottomInset - frame.viewport.size.height
            #expect(frame.viewport.offset <= max(0, end) + 1e-9)
        }
        #expect(form.table.viewport.keyboardOverlap == 0)
    }

    @Test func theSameSessionAsAReplayScript() throws {
        // The session as `chatform replay` reads it, checked line by line.
        let script = """
        {"viewport": {"width": 36, "height": 24}, "safeArea": {"bottom": 1}, "extraBottomInset": 3,
         "rows": [{"id": "profile", "padding": {"top": 1, "bottom": 1, "left": 2, "right": 2},
                   "stack": [{"label": "Name"}, {"field": "name", "text": "Minji Kim"}, {"space": 1},
                             {"label": "Introduction (grows as you type)"}, {"field": "bio"}]}],
         "events": [{"focus": "profile", "field": "bio"},
                    {"keyboard": {"height": 9, "duration": 0.25, "curve": "easeInOut"}}, {"advance": 0.3},
                    {"type": "I build forms whose text view grows as you type, inside a scrolling table. "},
                    {"type": "The caret stays above the keyboard and the buttons, at every frame. "},
                    {"newline": true}, {"paste": "Pasted: the quick brown fox jumps over the lazy dog."}]}
        """
        var checked = 0
        for line in try Replay.run(script: Array(script.utf8), options: Replay.Options(frames: true)) {
            let state = try JSONReader.parse(Array(line.utf8))
            guard let caret = state["caret"], !caret.isNull,
                  let offset = state["offset"]?.number, let content = state["contentHeight"]?.number,
                  let height = state["viewport"]?["height"]?.number,
                  let top = state["insets"]?["top"]?.number, let bottom = state["insets"]?["bottom"]?.number,
                  let y = caret["y"]?.number, let lineHeight = caret["height"]?.number else { continue }
            let band = (offset + top)...(offset + height - bottom)
            let grownTop = max(0, y - 1), grownBottom = min(max(content, y + lineHeight), y + lineHeight + 1)
            #expect(grownTop >= band.lowerBound - 1e-9 && grownBottom <= band.upperBound + 1e-9, "\(line)")
            checked += 1
        }
        #expect(checked > 20)
    }
}
