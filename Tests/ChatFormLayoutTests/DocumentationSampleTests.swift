import ChatFormLayout
import ChatFormTesting
import Foundation
import Testing

/// The documentation's code, held to what the tests run.
///
/// Every ```swift block of an article (any `.md` file in a `.docc` catalog under `Sources/`,
/// and README.md)
/// must appear, line for line, in `Tests/ChatFormLayoutTests/Articles/<article>.swift`, where
/// a test runs it and checks what it does. Lines are compared without their leading white
/// space, so a test may indent a sample inside its function; blank lines count. Editing a
/// sample without its test (or the test without the sample) fails here, and a sample that no
/// longer compiles fails the build. A package manifest must be one of `Examples/*/Package.swift`
/// (CI builds those). Every ```json block must be valid JSON (or JSON Lines),
/// and one that is a replay script (a `"viewport"` or `"behavior"` key, and not an output
/// line) must run without an error.
@Suite("Documentation samples")
struct DocumentationSampleTests {
    /// One fenced block of a Markdown file.
    struct Block {
        var language: String
        var lines: [String]
        /// 1-based line of the opening fence.
        var line: Int
        /// 1-based line of the closing fence.
        var end = 0
    }

    static let root = ToolProcess.packageRoot
    static let articleTests = root.appendingPathComponent("Tests/ChatFormLayoutTests/Articles")

    /// Every `.md` file inside a `.docc` catalog under `Sources/`, and the README (its samples
    /// are tested in `Articles/README.swift`).
    static func articles() throws -> [URL] {
        let sources = root.appendingPathComponent("Sources")
        var found: [URL] = [root.appendingPathComponent("README.md")]
        for module in try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted() {
            let folder = sources.appendingPathComponent(module)
            guard let walker = FileManager.default.enumerator(atPath: folder.path) else { continue }
            for case let path as String in walker where path.hasSuffix(".md") && path.contains(".docc/") {
                found.append(folder.appendingPathComponent(path))
            }
        }
        return found.sorted { $0.path < $1.path }
    }

    /// The fenced blocks of a Markdown text (fences of three backticks at any indentation).
    static func blocks(in text: String) -> [Block] {
        var blocks: [Block] = []
        var open: Block?
        for (k, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(raw)
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if var block = open {
                if trimmed == "```" {
                    // Drop the indentation the block shares (a block inside a list item).
                    let indent = block.lines.filter { !$0.allSatisfy(\.isWhitespace) }
                        .map { $0.prefix { $0 == " " }.count }.min() ?? 0
                    block.lines = block.lines.map { $0.allSatisfy(\.isWhitespace) ? "" : String($0.dropFirst(indent)) }
                    block.end = k + 1
                    blocks.append(block)
                    open = nil
                } else {
                    block.lines.append(line)
                    open = block
                }
            } else if trimmed.hasPrefix("```") {
                open = Block(language: String(trimmed.dropFirst(3)).trimmingCharacters(in: .whitespaces), lines: [], line: k + 1)
            }
        }
        return blocks
    }

    /// Whether `sample` appears as consecutive lines of `source`, each compared without its
    /// leading white space (and trailing spaces). The `import` lines a sample opens with (and
    /// the blank line after them) need only appear somewhere in `source`.
    static func contains(_ source: String, _ sample: [String]) -> Bool {
        func norm(_ s: Substring) -> String { s.trimmingCharacters(in: .whitespaces) }
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(norm)
        var want = sample.map { norm(Substring($0)) }
        while let first = want.first, first.hasPrefix("import ") {
            guard lines.contains(first) else { return false }
            want.removeFirst()
            if want.first == "" { want.removeFirst() }
        }
        guard !want.isEmpty, want.count <= lines.count else { return want.isEmpty }
        return (0...(lines.count - want.count)).contains { start in
            want.indices.allSatisfy { lines[start + $0] == want[$0] }
        }
    }

    /// The manifests of the packages under `Examples/`.
    static func exampleManifests() throws -> [String] {
        let examples = root.appendingPathComponent("Examples")
        return try FileManager.default.contentsOfDirectory(atPath: examples.path).sorted().compactMap {
            try? String(contentsOf: examples.appendingPathComponent($0).appendingPathComponent("Package.swift"), encoding: .utf8)
        }
    }

    static func name(_ url: URL) -> String { url.deletingPathExtension().lastPathComponent }

    @Test func theCatalogsAreFound() throws {
        let names = try Self.articles().map(Self.name)
        for expected in ["README", "ChatFormLayout", "GrowingForm", "ChatAtScale", "CaretVisibilityTests", "SeedBehaviors",
                         "CommandLineTool", "TextLayoutRules", "TableRules"] {
            #expect(names.contains(expected), "no article \(expected).md in a catalog")
        }
    }

    @Test func everySwiftSampleIsRunByItsTest() throws {
        var checked = 0
        for article in try Self.articles() {
            let text = try String(contentsOf: article, encoding: .utf8)
            let samples = Self.blocks(in: text).filter { $0.language == "swift" }
            guard !samples.isEmpty else { continue }
            let testFile = Self.articleTests.appendingPathComponent(Self.name(article) + ".swift")
            guard let source = try? String(contentsOf: testFile, encoding: .utf8) else {
                Issue.record("\(article.lastPathComponent) has Swift samples but no test file Articles/\(testFile.lastPathComponent)")
                continue
            }
            for sample in samples {
                checked += 1
                if sample.lines.contains(where: { $0.hasPrefix("let package = Package(") }) {
                    // A manifest: it must be one of the example packages', which CI builds.
                    if try !Self.exampleManifests().contains(where: { Self.contains($0, sample.lines) }) {
                        Issue.record("\(article.lastPathComponent):\(sample.line): this manifest is not an Examples/*/Package.swift")
                    }
                    continue
                }
                if !Self.contains(source, sample.lines) {
                    Issue.record("\(article.lastPathComponent):\(sample.line): this sample is not in Articles/\(testFile.lastPathComponent) as written")
                }
            }
        }
        #expect(checked >= 20)
    }

    @Test func everyArticleTestBelongsToAnArticle() throws {
        let articles = Set(try Self.articles().map(Self.name))
        for file in try FileManager.default.contentsOfDirectory(atPath: Self.articleTests.path) where file.hasSuffix(".swift") {
            #expect(articles.contains(String(file.dropLast(6))), "Articles/\(file) tests no article")
        }
    }

    @Test func everyJSONSampleParsesAndEveryScriptRuns() throws {
        var scripts = 0
        for article in try Self.articles() {
            let text = try String(contentsOf: article, encoding: .utf8)
            for block in Self.blocks(in: text) where block.language == "json" {
                let where_ = "\(article.lastPathComponent):\(block.line)"
                let bytes = Array(block.lines.joined(separator: "\n").utf8)
                let value: JSONValue
                do { value = try JSONReader.parse(bytes) } catch {
                    // JSON Lines (a tool's output): every line a value of its own.
                    let lines = block.lines.filter { !$0.isEmpty }
                    if lines.count < 2 || lines.contains(where: { (try? JSONReader.parse(Array($0.utf8))) == nil }) {
                        Issue.record("\(where_): \(error)")
                    }
                    continue
                }
                // A replay script (an output line has "event" or "kind" beside the same keys).
                guard value["event"] == nil && value["kind"] == nil,
                      value["viewport"] != nil || value["behavior"] != nil else { continue }
                scripts += 1
                do { _ = try Replay.run(script: bytes, options: Replay.Options(frames: true)) } catch {
                    Issue.record("\(where_): \(error)")
                }
            }
        }
        #expect(scripts >= 6)
    }

    @Test func theCheckerFindsSamplesAndMisses() {
        let markdown = "text\n```swift\nlet a = 1\n\nlet b = a\n```\n- item\n  ```json\n  {\"x\": 1}\n  ```\n"
        let found = Self.blocks(in: markdown)
        #expect(found.map(\.language) == ["swift", "json"])
        #expect(found[0].lines == ["let a = 1", "", "let b = a"])
        #expect(found[1].lines == ["{\"x\": 1}"])
        let source = "func f() {\n    let a = 1\n\n    let b = a\n}\n"
        #expect(Self.contains(source, found[0].lines))
        #expect(!Self.contains(source, ["let a = 1", "let b = a"]))       // the blank line counts
        #expect(!Self.contains(source, ["let a = 2"]))
        #expect(Self.contains("import A\n\nlet a = 1\n", ["import A", "", "let a = 1"]))
        #expect(!Self.contains("let a = 1\n", ["import A", "", "let a = 1"]))   // the import is missing
    }
}
