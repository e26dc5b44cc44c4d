import Testing
import Foundation
import ChatFormFont
@testable import ChatFormMarkdown

/// A Markdown message lays out the same whatever this thread's cache of shaped words holds:
/// the tuning corpus laid out with an empty cache before each message, then again after
/// all the others filled it in reverse order, in both families, at two widths.
@Suite("Markdown cache", .enabled(if: MarkdownFonts.available, "DejaVu, Noto and Liberation fonts are not installed (see .ci/run)"))
struct MarkdownCacheTests {
    struct Laid: Equatable {
        var tops: [Double]
        var starts: [[Int]]
        var height: Double
        var widest: Double
    }

    static func lay(_ typesetter: MarkdownTypesetter, _ markdown: String) throws -> [Laid] {
        try [240.0, 480].map { width in
            let layout = try typesetter.layout(markdown, width: width)
            return Laid(tops: layout.blocks.map(\.top), starts: layout.texts.map { $0.lines.map(\.start) },
                        height: layout.height, widest: layout.usedWidth)
        }
    }

    @Test(arguments: ["DejaVu Sans", "Noto Sans"])
    func coldAndWarmCachesLayOutAlike(family: String) throws {
        let (header, _, messages) = try MarkdownBrowserParityTests.load("tuning")
        let typesetter = try MarkdownTypesetter(theme: MarkdownBrowserParityTests.theme(header, family: family))
        let ids = messages.keys.sorted()
        #expect(ids.count >= 2000)
        var cold: [[Laid]] = []
        for id in ids {
            FontStack.clearShapedWordCache()
            cold.append(try Self.lay(typesetter, messages[id]!))
        }
        FontStack.clearShapedWordCache()
        for id in ids.reversed() { _ = try Self.lay(typesetter, messages[id]!) }
        var differing: [String] = []
        for (k, id) in ids.enumerated() where try Self.lay(typesetter, messages[id]!) != cold[k] { differing.append(id) }
        #expect(differing.isEmpty, "laid out apart from a cold cache: \(differing.prefix(10))")
    }
}
