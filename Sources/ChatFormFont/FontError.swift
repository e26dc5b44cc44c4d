/// Errors finding or opening fonts.
public enum FontError: Error, Sendable, Hashable, CustomStringConvertible {
    /// fontconfig knows no font of this family (it would substitute another one; a browser
    /// would not use that for a named family either).
    case familyNotFound(String)
    /// FreeType could not open the file as a font (missing file, not a font, bad face index).
    case cannotOpen(path: String, freeTypeError: Int32)
    /// The pixel size is not finite and within `FontStack.sizeRange`.
    case invalidSize(Double)
    /// A fixed line height that is not finite and positive.
    case invalidLineHeight(Double)
    /// A letter spacing that is not finite and within `FontStack.letterSpacingLimit` either way.
    case invalidLetterSpacing(Double)
    /// fontconfig could not load its configuration.
    case fontconfigUnavailable
    /// No family and no file were given.
    case noFonts

    public var description: String {
        switch self {
        case .familyNotFound(let f): "no font of family \"\(f)\" is installed (fc-list lists the families fontconfig knows)"
        case .cannotOpen(let path, let e): "cannot open font \(path) (FreeType error \(e))"
        case .invalidSize(let s): "invalid font size \(s): it must be a finite number of pixels in \(FontStack.sizeRange)"
        case .invalidLineHeight(let h): "invalid line height \(h): it must be finite and positive"
        case .invalidLetterSpacing(let v): "invalid letter spacing \(v): it must be a finite number of pixels within ±\(FontStack.letterSpacingLimit)"
        case .fontconfigUnavailable: "fontconfig could not load its configuration"
        case .noFonts: "no font family or file was given"
        }
    }
}
