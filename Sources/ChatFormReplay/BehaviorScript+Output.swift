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

    /// The optional fields ``json`` writes when they are set, by JSON type, with their keys.
    private static let numbers: [(String, KeyPath<Self, Double?> & Sendable)] = [
        ("position", \.position), ("offset", \.offset), ("headerPosition", \.headerPosition), ("alpha", \.alpha),
        ("snapTargetOffset", \.snapTargetOffset), ("overlayOffset", \.overlayOffset),
        ("containerOffset", \.containerOffset), ("listOffset", \.listOffset),
        ("overlayContentHeight", \.overlayContentHeight), ("targetOffset", \.targetOffset),
    ]
    private static let flags: [(String, KeyPath<Self, Bool?> & Sendable)] = [
        ("expanded", \.expanded), ("toggled", \.toggled), ("collapsed", \.collapsed),
        ("navigationBarHidden", \.navigationBarHidden),
    ]
    private static let strings: [(String, KeyPath<Self, String?> & Sendable)] = [
        ("type", \.type), ("selectedTab", \.selectedTab), ("currentSection", \.currentSection),
        ("visibleSection", \.visibleSection), ("action", \.action), ("targetSection", \.targetSection),
        ("event", \.event?.rawValue), ("reason", \.reason?.rawValue), ("button", \.button?.rawValue),
    ]

    /// The fields that are set, as a JSON object with sorted keys.
    public var json: JSONValue {
        var members: [(String, JSONValue)] = [("kind", .string(kind)), ("time", .number(time))]
        for (key, path) in Self.numbers { if let value = self[keyPath: path] { members.append((key, .number(value))) } }
        for (key, path) in Self.flags { if let value = self[keyPath: path] { members.append((key, .bool(value))) } }
        for (key, path) in Self.strings { if let value = self[keyPath: path] { members.append((key, .string(value))) } }
        if let index { members.append(("index", .number(Double(index)))) }
        if let frame { members.append(("frame", .number(Double(frame)))) }
        if let listOffsets {
            members.append(("listOffsets", .object(listOffsets.sorted { $0.key < $1.key }.map { ($0.key, .number($0.value)) })))
        }
        return .object(members.sorted { $0.0 < $1.0 })
    }

    /// ``json`` as one line of text.
    public var jsonLine: String { JSONWriter.encode(json) }
}
