import ChatFormBehaviors

/// One line of a replayed script's output: the model's state after an event, or at a frame.
///
/// Written as a JSON object with sorted keys; fields that do not apply are left out.
/// Common fields: `kind` ("event" or "frame"), `time`, and for events `index` and `type`.
///
/// ```swift
/// // {"alpha":1,"collapsed":true,"headerPosition":-60,"kind":"frame","time":0.15,...}
/// ```
public struct BehaviorScriptOutput: Sendable, Equatable {
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

    package init(kind: String, time: Double) {
        self.kind = kind
        self.time = time
    }

    /// The fields that are set, as a JSON object with sorted keys.
    public var json: JSONValue {
        var members: [(String, JSONValue)] = [("kind", .string(kind)), ("time", .number(time))]
        func add(_ key: String, _ value: JSONValue?) { if let value { members.append((key, value)) } }
        add("index", index.map { .number(Double($0)) })
        add("type", type.map(JSONValue.string))
        add("frame", frame.map { .number(Double($0)) })
        add("event", event.map { .string($0.rawValue) })
        add("reason", reason.map { .string($0.rawValue) })
        add("expanded", expanded.map(JSONValue.bool))
        add("position", position.map(JSONValue.number))
        add("toggled", toggled.map(JSONValue.bool))
        add("offset", offset.map(JSONValue.number))
        add("headerPosition", headerPosition.map(JSONValue.number))
        add("alpha", alpha.map(JSONValue.number))
        add("collapsed", collapsed.map(JSONValue.bool))
        add("navigationBarHidden", navigationBarHidden.map(JSONValue.bool))
        add("snapTargetOffset", snapTargetOffset.map(JSONValue.number))
        add("selectedTab", selectedTab.map(JSONValue.string))
        add("overlayOffset", overlayOffset.map(JSONValue.number))
        add("containerOffset", containerOffset.map(JSONValue.number))
        add("listOffset", listOffset.map(JSONValue.number))
        add("listOffsets", listOffsets.map { .object($0.sorted { $0.key < $1.key }.map { ($0.key, .number($0.value)) }) })
        add("overlayContentHeight", overlayContentHeight.map(JSONValue.number))
        add("currentSection", currentSection.map(JSONValue.string))
        add("visibleSection", visibleSection.map(JSONValue.string))
        add("button", button.map { .string($0.rawValue) })
        add("action", action.map(JSONValue.string))
        add("targetSection", targetSection.map(JSONValue.string))
        add("targetOffset", targetOffset.map(JSONValue.number))
        return .object(members.sorted { $0.0 < $1.0 })
    }

    /// ``json`` as one line of text.
    public var jsonLine: String { JSONWriter.encode(json) }
}
