import Testing
import Foundation
import ChatFormFont
import ChatFormText

/// The engine on a real font's advances (DejaVu Sans through FreeType).
@Suite("Font metrics")
struct FontMetricsTests {
    static let path = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static var available: Bool { FileManager.default.fileExists(atPath: path) }

    @Test(.enabled(if: FontMetricsTests.available, "DejaVu Sans is not installed (fonts-dejavu-core)"))
    func advancesAreProportional() throws {
        let face = try FontFace(path: Self.path, pixelSize: 16)
        #expect(face.family == "DejaVu Sans")
        let i = try #require(face.advance(of: "i"))
        let m = try #require(face.advance(of: "m"))
        #expect(i > 0 && m > 2 * i)
        #expect(face.lineHeight >= 16 && face.lineHeight < 32)
        // DejaVu Sans has no Hangul: the fallback is two cells of half an em.
        #expect(face.advance(of: "가") == nil)
        #expect(FontMetrics(face: face).advance(of: GraphemeCluster(string: "가", cells: 2, isAmbiguous: false)) == 16)
    }

    @Test(.enabled(if: FontMetricsTests.available, "DejaVu Sans is not installed (fonts-dejavu-core)"))
    func wrappingFollowsTheGlyphAdvances() throws {
        let face = try FontFace(path: Self.path, pixelSize: 16)
        let metrics = FontMetrics(face: face)
        let i = face.advance(of: "i")!, m = face.advance(of: "m")!, space = face.advance(of: " ")!
        // Ten i's fit where ten m's do not.
        let width = 10 * i + 1
        let narrow = try TextLayout(text: "iiiiiiiiii iiii", width: width, metrics: metrics)
        let wide = try TextLayout(text: "mmmmmmmmmm", width: width, metrics: metrics)
        #expect(narrow.lineTexts == ["iiiiiiiiii ", "iiii"])
        #expect(abs(narrow.lines[0].width - 10 * i) < 1e-9)
        #expect(wide.lineCount > 1)
        // Every line fits, measured independently from the glyph advances.
        for (k, line) in wide.lines.enumerated() {
            let sum = wide.lineTexts[k].unicodeScalars.reduce(0.0) { $0 + face.advance(of: $1)! }
            #expect(abs(line.width - sum) < 1e-9)
            #expect(line.width <= width || wide.lineTexts[k].count == 1)
        }
        // The caret's x is the sum of the advances before it; lines are a line height apart.
        let caret = try narrow.caretRect(for: TextPosition(offset: 12))
        #expect(abs(caret.minX - i) < 1e-9)
        #expect(caret.minY == face.lineHeight)
        _ = space
    }

    @Test func badFontsAreTypedErrors() {
        #expect(throws: FontError.self) { try FontFace(path: "/nonexistent.ttf", pixelSize: 16) }
        #expect(throws: FontError.invalidSize(0)) { try FontFace(path: Self.path, pixelSize: 0) }
        let notAFont = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-font-\(UUID().uuidString).ttf")
        try? Data("hello".utf8).write(to: notAFont)
        defer { try? FileManager.default.removeItem(at: notAFont) }
        #expect(throws: FontError.self) { try FontFace(path: notAFont.path, pixelSize: 16) }
    }
}

extension TextLayout {
    var lineTexts: [String] { (0..<lineCount).map { String(lineText($0)) } }
}
