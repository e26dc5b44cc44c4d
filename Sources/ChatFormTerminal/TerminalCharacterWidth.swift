/// A rough cell-width measure for terminals, for callers without their own.
///
/// Combining marks and zero-width joiners count 0, East Asian wide and fullwidth
/// characters and emoji presentation count 2, everything else 1. The layout engine's
/// measurer should be preferred when the app has one: the screen and the layout must agree.
///
/// ```swift
/// TerminalCharacterWidth.estimate("a")    // 1
/// TerminalCharacterWidth.estimate("界")   // 2
/// TerminalCharacterWidth.estimate("\u{301}") // 0
/// ```
public enum TerminalCharacterWidth {
    /// The estimated number of cells `character` takes.
    ///
    /// - Complexity: O(scalars in the cluster).
    @Sendable
    public static func estimate(_ character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        let properties = first.properties
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format:
            if character.unicodeScalars.count == 1 { return 0 }
        case .control:
            return 1
        default:
            break
        }
        if character.unicodeScalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
        if properties.isEmojiPresentation { return 2 }
        return isWide(first.value) ? 2 : 1
    }

    private static func isWide(_ v: UInt32) -> Bool {
        switch v {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
             0x4E00...0x9FFF, 0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF,
             0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
             0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
