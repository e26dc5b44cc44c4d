/// One line of a replayed script's output: the model's state after an event, or at a frame.
///
/// Encoded as a JSON object with sorted keys; fields that do not apply are left out.
/// Common fields: `kind` ("event" or "frame"), `time`, and for events `index` and `type`.
///
/// ```swift
/// // {"alpha":1,"collapsed":true,"headerPosition":-60,"kind":"frame","time":0.15,...}
/// ```
public struct BehaviorScriptOutput: Sendable, Equatable, Codable {
    /// "event" or "frame".
    public var kind: String
    /// The clock time of the sample.
    public var time: Double
    /// The event's index in the script (events only).
    public var index: Int?
    /// The event's type (events only).
    public var type: String?
    /// The frame number k, at time k / frameRate (frames only).
    public var frame: Int64?

    // toolbar
    /// toolbar: the classification of this event, when it had one.
    public var event: ToolbarScrollEvent?
    /// toolbar: why the event did what it did.
    public var reason: ToolbarReason?
    /// toolbar: expanded (target state).
    public var expanded: Bool?
    /// toolbar: animated position, 1 expanded, 0 collapsed.
    public var position: Double?
    /// toolbar: the event flipped the toolbar.
    public var toggled: Bool?

    // header
    /// header: the content offset; sections: the (animated) scroll offset.
    public var offset: Double?
    /// header: the header's animated y translation.
    public var headerPosition: Double?
    /// header: the header's alpha.
    public var alpha: Double?
    /// header: collapsed (target state).
    public var collapsed: Bool?
    /// header: the navigation bar is hidden.
    public var navigationBarHidden: Bool?
    /// header (`follow` mode, drag end): where the host should scroll.
    public var snapTargetOffset: Double?

    // tabs
    /// tabs: the selected tab.
    public var selectedTab: String?
    /// tabs: the overlay offset.
    public var overlayOffset: Double?
    /// tabs: the container offset.
    public var containerOffset: Double?
    /// tabs: the selected list's offset.
    public var listOffset: Double?
    /// tabs: every list's offset.
    public var listOffsets: [String: Double]?
    /// tabs: the overlay's content height.
    public var overlayContentHeight: Double?

    // sections
    /// sections: the section the button last went to.
    public var currentSection: String?
    /// sections: the section the viewport shows at the top of its band.
    public var visibleSection: String?
    /// sections: what the button shows: scrollDown, agree, agreed.
    public var button: StepperButton?
    /// sections: what the press did: "scroll", "agree" or "none".
    public var action: String?
    /// sections: the section a "scroll" action targets.
    public var targetSection: String?
    /// sections: the clamped target offset of a "scroll" action.
    public var targetOffset: Double?

    init(kind: String, time: Double) {
        self.kind = kind
        self.time = time
    }
}
