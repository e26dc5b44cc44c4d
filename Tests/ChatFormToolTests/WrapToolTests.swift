import ChatFormTesting
import Testing
import Foundation
import ChatFormText

@Suite("chatform wrap", .serialized)
struct WrapToolTests {
    @Test func jsonlOnAFixtureMatchesTheHandWrittenLines() throws {
        let input = try Data(contentsOf: Tool.fixture("mixed.txt"))
        let expected = try String(contentsOf: Tool.fixture("mixed.w8.jsonl"), encoding: .utf8)
        let r = try Tool.run(["wrap", "--width", "8", "--format", "jsonl"], stdin: input)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.text == expected)
    }

    @Test func jsonlLinesPartitionTheInputAndMatchTheLibrary() throws {
        var rng = SplitMix64(seed: 77)
        var text = ""
        for _ in 0..<400 { text += ["hello ", "안녕하세요 ", "👍🏽", "\t", "\n", "中文", "supercalifragilistic ", "\r\n"].randomElement(using: &rng)! }
        for width in [1, 7, 40] {
            let r = try Tool.run(["wrap", "--width", "\(width)", "--format", "jsonl", "--keep-all"], stdin: Data(text.utf8))
            #expect(r.status == 0)
            let objects = r.text.split(separator: "\n").map { try! JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
            let library = try TextLayout(text: text, width: Double(width), options: TextLayoutOptions(keepAll: true))
            #expect(objects.count == library.lineCount)
            var expectedStart = 0
            for (k, o) in objects.enumerated() {
                #expect(o["start"] as? Int == expectedStart)
                #expect(o["end"] as? Int == library.lines[k].end)
                #expect(o["width"] as? Int == Int(library.lines[k].width))
                #expect(o["hard"] as? Bool == library.lines[k].isHard)
                expectedStart = o["end"] as? Int ?? -1
            }
            #expect(expectedStart == text.utf8.count)
        }
    }

    @Test func textFormatPrintsEachLineWithoutItsBreak() throws {
        let r = try Tool.run(["wrap", "--width", "7"], stdin: Data("hello world foo\r\nbar\n".utf8))
        #expect(r.status == 0)
        #expect(r.text == "hello \nworld \nfoo\nbar\n\n")
    }

    @Test func tabWidthAndAmbiguousWidthOptions() throws {
        let tabs = try Tool.run(["wrap", "--width", "40", "--tab-width", "4", "--format", "jsonl"], stdin: Data("a\tb".utf8))
        #expect(tabs.text == "{\"start\":0,\"end\":3,\"width\":5,\"hard\":false}\n")
        let wide = try Tool.run(["wrap", "--width", "3", "--ambiguous-width", "2"], stdin: Data("±±±".utf8))
        #expect(wide.text == "±\n±\n±\n")
    }

    @Test func invalidUTF8ExitsTwoWithTheByteOffset() throws {
        let r = try Tool.run(["wrap", "--width", "10"], stdin: Data([0x61, 0x62, 0xE4, 0xB8, 0x41]))
        #expect(r.status == 2)
        #expect(r.stderr.contains("invalid UTF-8 at byte offset 2"))
        #expect(r.stdout.isEmpty)
    }

    @Test(arguments: [["--width", "0"], ["--width", "-3"], ["--width", "abc"], [], ["--width", "5", "--ambiguous-width", "3"], ["--width", "5", "--format", "xml"]])
    func badArgumentsAreUsageErrors(arguments: [String]) throws {
        let r = try Tool.run(["wrap"] + arguments, stdin: Data("x".utf8))
        #expect(r.status == 64, "\(arguments): \(r.stderr)")
        #expect(r.stderr.contains("Usage") || r.stderr.contains("Error"))
    }

    @Test func aLongSingleLineCompletes() throws {
        let text = String(repeating: "wordy ", count: 200_000)
        let r = try Tool.run(["wrap", "--width", "40", "--format", "jsonl"], stdin: Data(text.utf8))
        #expect(r.status == 0)
        #expect(r.text.split(separator: "\n").count == (text.utf8.count + 35) / 36)
    }
}


@Suite("chatform wrap --font")
struct WrapFontToolTests {
    static let font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    @Test(.enabled(if: FileManager.default.fileExists(atPath: WrapFontToolTests.font), "DejaVu Sans is not installed"))
    func aRealFontWrapsByPixels() throws {
        // Ten i's fit in 60 px at 16 px per em; four m's do not.
        let r = try Tool.run(["wrap", "--width", "60", "--font", Self.font, "--format", "jsonl"], stdin: Data("iiiiiiiiii mmmm".utf8))
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.text.split(separator: "\n").map { try! JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        #expect(lines.map { $0["end"] as? Int } == [11, 14, 15])
        #expect(lines.allSatisfy { ($0["width"] as? Double ?? 100) <= 60 })
    }

    @Test func aMissingFontExitsTwo() throws {
        let r = try Tool.run(["wrap", "--width", "60", "--font", "/nonexistent.ttf"], stdin: Data("x".utf8))
        #expect(r.status == 2)
        #expect(r.stderr.contains("cannot open font"))
    }
}
