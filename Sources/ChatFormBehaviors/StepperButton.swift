/// What the stepper's button shows.
///
/// ```swift
/// let title = stepper.button == .scrollDown ? "아래로 스크롤하기" : "동의하기"
/// ```
public enum StepperButton: String, Sendable, Equatable, Codable {
    /// "아래로 스크롤하기": scrolls to the next section.
    case scrollDown
    /// "동의하기": the agree action.
    case agree
    /// "동의 완료": agreed, disabled.
    case agreed
}
