import Testing
import Foundation
@testable import ChatFormFuzzing
import ChatFormText
import ChatFormTesting
import ChatFormMarkdown

/// The fuzz targets' seed corpora (`Fuzz/Corpus/<target>`, which also hold every input a
/// fuzzer found breaking a property, once fixed) and seeded random inputs, through the
/// same properties `chatform-fuzz` checks.
@Suite("Fuzz corpora")
struct FuzzCorpusTests {
    static func corpus(_ target: FuzzTarget) -> [URL] {
        let folder = ToolProcess.packageRoot.appendingPathComponent("Fuzz/Corpus/\(target.rawValue)")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().map { folder.appendingPathComponent($0) }
    }

    @Test("every input of the seed corpus keeps the property", arguments: FuzzTarget.allCases)
    func seedCorpus(target: FuzzTarget) throws {
        let files = Self.corpus(target)
        #expect(files.count >= 5, "the \(target) corpus is missing")
        for file in files {
            let data = try [UInt8](Data(contentsOf: file))
            do {
                try target.check(data)
            } catch {
                Issue.record("\(file.lastPathComponent): \(error)")
            }
        }
    }

    /// Random mutations of the seeds (fixed seeds): flipped, inserted and deleted bytes.
    @Test("mutated seeds keep the property", arguments: FuzzTarget.allCases)
    func mutatedSeeds(target: FuzzTarget) throws {
        var random = SplitMix64(seed: 13)
        let seeds = try Self.corpus(target).map { try [UInt8](Data(contentsOf: $0)) }
        for _ in 0..<300 {
            var data = seeds.randomElement(using: &random) ?? []
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let position = data.isEmpty ? 0 : Int.random(in: 0..<data.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0 where !data.isEmpty: data[position] ^= UInt8(1 << Int.random(in: 0..<8, using: &random))
                case 1: data.insert(UInt8.random(in: 0...255, using: &random), at: position)
                default: if !data.isEmpty { data.remove(at: position) }
                }
            }
            do {
                try target.check(data)
            } catch {
                Issue.record("\(target) \(data): \(error)")
                return
            }
        }
    }

    /// The Markdown property refuses a right-to-left layout whose lines pass the left edge:
    /// a layout made at 400 px checked as if made at 120 px (its lines start right of 120,
    /// past the width), and one at 120 px checked at 400 px holds.
    @Test("the Markdown line check refuses right-to-left lines past the width")
    func markdownRightToLeftCheckCanFail() throws {
        guard let typesetter = MarkdownProperty.rightToLeft else { return }
        let text = "> - مرحبا **بالعالم** `make check` @أحمد و نص طويل جدا للتجربة في سطور كثيرة"
        let wide = try typesetter.layout(text, width: 400)
        #expect(wide.direction == .rtl)
        #expect(throws: PropertyFailure.self) { try MarkdownProperty.check(wide, width: 120) }
        let narrow = try typesetter.layout(text, width: 120)
        #expect(throws: Never.self) { try MarkdownProperty.check(narrow, width: 120) }
        #expect(narrow.texts.allSatisfy { $0.lines.allSatisfy { $0.left >= 0 && $0.left + $0.width <= 120 + 1.0 / 64 } })
    }

    /// The right-to-left Markdown corpus (`markdown-rtl-tuning.jsonl`, real Arabic, Hebrew and
    /// Persian Markdown) through the `markdown` target's property, right to left (options bit
    /// 16) and `auto` (bit 32), at every width the target picks (fixed order).
    @Test("right-to-left Markdown messages keep the property")
    func rightToLeftMarkdownCorpus() throws {
        guard MarkdownProperty.rightToLeft != nil else { return }
        let corpus = ToolProcess.packageRoot.appendingPathComponent("Tests/ChatFormMarkdownTests/Fixtures/markdown-rtl-tuning.jsonl")
        let lines = try String(contentsOf: corpus, encoding: .utf8).split(separator: "\n").prefix(120)
        for (k, line) in lines.enumerated() {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            let markdown = try #require(object?["markdown"] as? String)
            let data = [UInt8(k % 7), k % 2 == 0 ? 16 : 32] + Array(markdown.utf8)
            do { try FuzzTarget.markdown.check(data) } catch { Issue.record("\(object?["id"] ?? k): \(error)") }
        }
    }

    /// The properties catch wrong results, not only crashes: lines that skip a byte, run
    /// past a mandatory break, split a cluster or overflow with two clusters are refused.
    @Test("the line checks refuse broken lines", arguments: [
        [LineFragment(start: 0, end: 2, width: 2, terminatorLength: 0), LineFragment(start: 3, end: 5, width: 2, terminatorLength: 0)],
        [LineFragment(start: 0, end: 5, width: 4, terminatorLength: 0)],
        [LineFragment(start: 0, end: 3, width: 3, terminatorLength: 0), LineFragment(start: 3, end: 5, width: 1, terminatorLength: 0)],
        [LineFragment(start: 0, end: 1, width: 1, terminatorLength: 0), LineFragment(start: 1, end: 5, width: 3, terminatorLength: 0)],
    ])
    func lineChecksCanFail(lines: [LineFragment]) {
        // "ab\nc\u{301}": the LF ends line 1; "c" and its mark are one cluster.
        #expect(throws: PropertyFailure.self) {
            try TextLayoutProperty.checkLines(lines, text: "ab\nc\u{301}", width: 2)
        }
        let good = [LineFragment(start: 0, end: 3, width: 2, terminatorLength: 1), LineFragment(start: 3, end: 6, width: 1, terminatorLength: 0)]
        #expect(throws: Never.self) { try TextLayoutProperty.checkLines(good, text: "ab\nc\u{301}", width: 2) }
    }
}
