import ChatFormFont

/// A theme's fonts as the styled-text engine names them, one per role, every family checked
/// against fontconfig at its weight and style.
struct _ThemeFonts: Sendable {
    let specs: [MarkdownTheme.Role: FontSpec]
    let lineHeights: [MarkdownTheme.Role: FontStack.LineHeight]

    init(_ theme: MarkdownTheme) throws(MarkdownError) {
        var specs: [MarkdownTheme.Role: FontSpec] = [:]
        var lineHeights: [MarkdownTheme.Role: FontStack.LineHeight] = [:]
        for role in MarkdownTheme.Role.allCases {
            let font = theme.font(role)
            guard !font.families.isEmpty else { throw .unknownFontFamily(role: role.rawValue, family: font.family) }
            let spec = FontSpec(families: font.families, size: font.size, weight: font.weight, italic: font.italic)
            let lineHeight: FontStack.LineHeight = font.lineHeight.map { .fixed($0) } ?? .normal
            do {
                _ = try FontStack(spec: spec, lineHeight: lineHeight)
            } catch .familyNotFound(let family) {
                throw .unknownFontFamily(role: role.rawValue, family: family)
            } catch {
                throw .layoutFailed("\(role.rawValue): \(error)")
            }
            specs[role] = spec
            lineHeights[role] = lineHeight
        }
        self.specs = specs
        self.lineHeights = lineHeights
    }

    subscript(role: MarkdownTheme.Role) -> FontSpec { specs[role]! }
}
