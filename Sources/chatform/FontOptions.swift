import ArgumentParser
import ChatFormFont
import Foundation

/// The font options `wrap` and `measure` share: the families or file to shape with, the
/// size and a fixed line height, checked once and turned into a `FontStack` or a paragraph
/// font in one place.
struct FontOptions: ParsableArguments {
    @Option(help: "Shape with this installed font family (fontconfig; a comma-separated list works as in CSS); widths are then in pixels. Without it or --font, `measure`, --spans and --markdown shape with sans-serif (\(DefaultFont.forHelp)).")
    var fontFamily: String?

    @Option(help: "Shape with this font file (after any --font-family); widths are then in pixels.")
    var font: String?

    @Option(help: "Pixels per em [16]; `wrap --font-size` alone shapes with sans-serif.")
    var fontSize: Double?

    @Option(help: "A fixed line height in pixels (default: CSS line-height: normal).")
    var lineHeight: Double?

    func validate() throws {
        if let fontSize, !(fontSize.isFinite && FontStack.sizeRange.contains(fontSize)) {
            throw ValidationError("--font-size must be a number of pixels in \(FontStack.sizeRange) (got \(fontSize)).")
        }
        if let lineHeight, !(lineHeight.isFinite && lineHeight > 0) {
            throw ValidationError("--line-height must be a positive number of pixels (got \(lineHeight)).")
        }
    }

    /// Whether any option names a font.
    var isGiven: Bool { fontFamily != nil || font != nil || fontSize != nil }

    /// Pixels per em: the size given, or 16.
    var size: Double { fontSize ?? 16 }

    /// The line height a stack or paragraph is made with.
    var lineHeightStyle: FontStack.LineHeight { lineHeight.map { .fixed($0) } ?? .normal }

    /// The families of `--font-family` in CSS order, white space and quotes taken off each
    /// (read as a theme's family list is: `FontSpec.families(css:)`).
    var families: [String] { FontSpec.families(css: fontFamily ?? "") }

    /// The font stack the options name: the families, then the file; with neither,
    /// fontconfig's sans-serif, said once on standard error.
    func stack(tabWidth: Int, letterSpacing: Double = 0, command: String) throws -> FontStack {
        var files: [(path: String, index: Int)] = []
        var names = families
        if names.isEmpty && font == nil {
            names = [DefaultFont.family]
            writeError("chatform \(command): no --font-family or --font: using fontconfig's sans-serif, \(DefaultFont.description)")
        }
        for name in names {
            let stack = try FontStack(family: name, size: size)
            files.append((stack.primaryFaces[0].path, stack.primaryFaces[0].index))
        }
        if let font { files.append((font, 0)) }
        return try FontStack(files: files, size: size, lineHeight: lineHeightStyle, tabWidth: tabWidth, letterSpacing: letterSpacing)
    }
}
