/// What the content does when the keyboard shows (SPEC §5.1).
public enum KeyboardPolicy: String, Sendable, Hashable, Codable, CaseIterable {
    /// Lift the content with the keyboard, so the caret (or the last message) keeps its
    /// distance to the keyboard's top; lower it again when the keyboard hides.
    case always
    /// Lift only if the content was scrolled to its end when the keyboard began to show.
    case whenAtEnd
    /// Lift, and keep the lift when the keyboard hides (as far as clamping allows).
    case persistent
    /// Never lift (the caret rule still reveals a focused caret).
    case never
}
