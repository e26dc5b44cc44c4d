/// What a press of the stepper's button does.
///
/// ```swift
/// if case .scroll(let id, let offset) = try stepper.next(in: geometry) { print(id, offset) }
/// ```
public enum SectionStepAction<SectionID: Hashable & Sendable>: Sendable, Equatable {
    /// Scroll to `section`; `offset` is the clamped target.
    case scroll(to: SectionID, offset: Double)
    /// The agree action ran.
    case agree
    /// Nothing (already agreed).
    case none
}
