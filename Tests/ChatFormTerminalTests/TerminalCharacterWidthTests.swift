import Testing
import ChatFormTerminal

@Suite("TerminalCharacterWidth")
struct TerminalCharacterWidthTests {
    struct WidthCase: Sendable, CustomTestStringConvertible {
        let character: Character
        let width: Int
        var testDescription: String { "\(character.unicodeScalars.map { String($0.value, radix: 16) }) → \(width)" }
    }

    @Test("estimates common clusters", arguments: [
        WidthCase(character: "a", width: 1),
        WidthCase(character: "é", width: 1),
        WidthCase(character: "e\u{301}", width: 1),
        WidthCase(character: "\u{301}", width: 0),
        WidthCase(character: "\u{200D}", width: 0),
        WidthCase(character: "世", width: 2),
        WidthCase(character: "한", width: 2),
        WidthCase(character: "Ａ", width: 2),
        WidthCase(character: "🙂", width: 2),
        WidthCase(character: "👩‍👩‍👧", width: 2),
        WidthCase(character: "❤️", width: 2),
        WidthCase(character: "─", width: 1),
    ])
    func estimate(_ widthCase: WidthCase) {
        #expect(TerminalCharacterWidth.estimate(widthCase.character) == widthCase.width)
    }
}
