/// Caret movements of the editing session.
public enum CaretMove: String, Sendable, Hashable, Codable, CaseIterable {
    case left, right, up, down, lineStart, lineEnd, documentStart, documentEnd
}
