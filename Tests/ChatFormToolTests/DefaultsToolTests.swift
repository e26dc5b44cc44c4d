import ChatFormTesting
import Foundation
import Testing

/// A first run without font options works (fontconfig's sans-serif, said once), and the
/// help texts flow as paragraphs.
@Suite("chatform defaults and help")
struct DefaultsToolTests {
    /// The file the notice names: "… using fontconfig's sans-serif, FAMILY, PATH".
    static func noticedFile(_ stderr: String) -> String? {
        guard let line = stderr.split(separator: "\n").first(where: { $0.contains("using fontconfig's sans-serif") }),
              let path = line.split(separator: ",").last?.trimmingCharacters(in: .whitespaces),
              path.hasPrefix("/") else { return nil }
        return path
    }

    @Test func measureWithoutAFontUsesSansSerifAndSaysSoOnce() throws {
        // 600 messages on one thread: three batches, one notice.
        let messages = (0..<600).map { #"{"id":\#($0),"text":"message \#($0): 안녕하세요, the keyboard is up"}"# }
        let input = Data((messages.joined(separator: "\n") + "\n").utf8)
        let plain = try Tool.run(["measure", "--width", "120", "--threads", "1"], stdin: input)
        let file = try #require(Self.noticedFile(plain.stderr), "no notice of the default font: \(plain.stderr)")
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.stderr.components(separatedBy: "using fontconfig's sans-serif").count == 2, "\(plain.stderr)")
        // The same heights as naming that font's file.
        let named = try Tool.run(["measure", "--width", "120", "--threads", "1", "--font", file], stdin: input)
        #expect(named.status == 0)
        #expect(!named.stderr.contains("sans-serif"))
        #expect(plain.text == named.text)
        #expect(plain.text.split(separator: "\n").count == 600)
    }

    @Test func wrapWithAFontSizeAloneShapesWithSansSerif() throws {
        let input = Data("The caret stays above the keyboard while the field grows.\n".utf8)
        let sized = try Tool.run(["wrap", "--font-size", "20", "--width", "150", "--format", "jsonl"], stdin: input)
        #expect(sized.status == 0, "\(sized.stderr)")
        let file = try #require(Self.noticedFile(sized.stderr), "no notice of the default font: \(sized.stderr)")
        #expect(sized.text.contains("\"height\":"), "not laid out in pixels: \(sized.text)")
        let named = try Tool.run(["wrap", "--font", file, "--font-size", "20", "--width", "150", "--format", "jsonl"], stdin: input)
        #expect(sized.text == named.text)
        // Without any font option, wrap stays in terminal cells and says nothing.
        let cells = try Tool.run(["wrap", "--width", "20", "--format", "jsonl"], stdin: input)
        #expect(cells.status == 0 && cells.stderr.isEmpty && !cells.text.contains("height"))
    }

    /// The help's prose is written as paragraphs: inside a paragraph no line ends where the
    /// next line's first word would still have fit in the 79 columns the help is wrapped to
    /// (a line broken in the source shows as such a short line).
    @Test(arguments: [["measure", "--help"], ["wrap", "--help"], ["replay", "--help"], ["demo", "--help"], ["--help"]])
    func helpTextFlows(arguments: [String]) throws {
        let help = try Tool.run(arguments)
        #expect(help.status == 0)
        let prose = help.text.components(separatedBy: "USAGE:")[0]
        for paragraph in prose.components(separatedBy: "\n\n") {
            let lines = paragraph.split(separator: "\n", omittingEmptySubsequences: true)
            if lines.first?.hasPrefix("Examples:") == true { continue }   // one command a line
            for (line, next) in zip(lines, lines.dropFirst()) {
                let word = next.split(separator: " ").first?.count ?? 0
                #expect(line.count + 1 + word >= 80,
                        "a line broken early inside a paragraph of `chatform \(arguments.joined(separator: " "))`: \"\(line)\"")
            }
        }
    }

    @Test func rootHelpListsExamples() throws {
        let help = try Tool.run(["--help"])
        #expect(help.text.contains("Examples:"))
        for command in ["chatform wrap", "chatform measure", "chatform replay", "chatform demo"] {
            #expect(help.text.contains(command), "no example of \(command)")
        }
    }
}
