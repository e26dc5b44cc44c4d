internal import CChatFormMarkdown
import ChatFormFont

/// A theme's fonts as font stacks, one per role; every family checked against fontconfig.
struct _ThemeFonts: Sendable {
    let stacks: [MarkdownTheme.Role: FontStack]

    init(_ theme: MarkdownTheme) throws(MarkdownError) {
        var stacks: [MarkdownTheme.Role: FontStack] = [:]
        for role in MarkdownTheme.Role.allCases {
            let font = theme.font(role)
            var files: [(path: String, index: Int)] = []
            for family in font.families {
                guard let file = Self.face(family: family, weight: font.weight, italic: font.italic) else {
                    throw .unknownFontFamily(role: role.rawValue, family: family)
                }
                files.append(file)
            }
            guard !files.isEmpty else { throw .unknownFontFamily(role: role.rawValue, family: font.family) }
            do {
                stacks[role] = try FontStack(files: files, size: font.size,
                                             lineHeight: font.lineHeight.map { .fixed($0) } ?? .normal)
            } catch {
                throw .layoutFailed("\(role.rawValue): \(error)")
            }
        }
        self.stacks = stacks
    }

    subscript(role: MarkdownTheme.Role) -> FontStack { stacks[role]! }

    /// The face of `family` at a weight and slant, or nil when fontconfig would substitute another family.
    static func face(family: String, weight: Int, italic: Bool) -> (path: String, index: Int)? {
        var buffer = [CChar](repeating: 0, count: 4096)
        var index: Int32 = 0
        var exact: Int32 = 0
        let found = family.withCString {
            cfm_match_face($0, Int32(weight), italic ? 1 : 0, &buffer, Int32(buffer.count), &index, &exact)
        }
        let generic = ["sans-serif", "serif", "monospace", "system-ui"].contains(family.lowercased())
        guard found != 0, exact != 0 || generic else { return nil }
        return (String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self), Int(index))
    }
}
