import Testing
@testable import ChatFormMarkdown

@Suite struct CollapsedTextTests {
    private func collapse(_ markdown: String) throws -> _CollapsedText {
        let doc = try MarkdownDocument(parsing: markdown)
        guard case .paragraph(let inline) = doc.blocks[0].kind else { throw MarkdownError.parserFailed }
        return _CollapsedText(inline)
    }

    @Test func runsOfWhiteSpaceBecomeOneSpace() throws {
        #expect(try collapse("a   b\t\tc").text == "a b c")
        #expect(try collapse("a *b* \n c").text == "a b c")
        #expect(try collapse("one\ntwo").text == "one two")
    }

    @Test func theSpaceKeptIsTheFirstAndInItsElement() throws {
        let c = try collapse("a` x`y")   // code span " x": the space in the code span survives
        #expect(c.text == "a xy")
        #expect(c.runs.map(\.role) == [.text, .code, .text])
        #expect(c.domOffset(1) == 1)
    }

    @Test func aSoftBreakBetweenHanCharactersIsRemovedButNotBetweenHangul() throws {
        #expect(try collapse("漢字\n仮名").text == "漢字仮名")
        #expect(try collapse("한글\n한글").text == "한글 한글")
        #expect(try collapse("漢字\nabc").text == "漢字 abc")
    }

    @Test func hardBreaksEndLinesAndEatTheWhiteSpaceAroundThem() throws {
        let c = try collapse("a\\\n   b")
        #expect(c.text == "a\nb")
        #expect(c.domOffset(2) == 2)   // "b" is after "a" and the break's "\n" in the DOM text
    }

    @Test func offsetsMapBackToTheDOMText() throws {
        let c = try collapse("x  *yy*   z")
        #expect(c.text == "x yy z")
        let dom = Array("x  yy   z".utf8)
        for (i, b) in Array(c.text.utf8).enumerated() where b != 0x20 {
            #expect(dom[c.domOffset(i)] == b)
        }
    }
}
