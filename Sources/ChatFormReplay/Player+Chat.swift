import ChatFormScroll

extension Player {
    /// Chat events (issue 4) are added here.
    mutating func applyChatEvent(_ name: String, _ f: Fields, index k: Int) throws {
        throw ReplayError("events[\(k)]: unknown event \"\(name)\"")
    }
}
