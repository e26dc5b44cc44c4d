import ChatFormBehaviors
import ChatFormMotion

/// A replayable behaviour script: which model, its configuration, and a list of events.
///
/// The JSON form is `{"behavior": "toolbar"|"header"|"tabs"|"sections", "config": {...},
/// "events": [...]}`. Each event is an object with a `"type"` and the fields that type needs;
/// `"at"` (seconds, optional) is when it happens, defaulting to the previous event's time.
/// Scripts are read by the same ``JSONReader`` as the table scripts, so malformed JSON is
/// reported with its line and column, and every problem is a ``ReplayError`` naming its path
/// (`script.config.curve`, `events[2].offset`). Unknown keys are errors, not ignored.
///
/// `Replay.run(script:options:)` runs a behaviour script when the top-level object has a
/// `"behavior"` key, so `chatform replay` reads both kinds.
///
/// ```swift
/// let json = #"{"behavior":"header","config":{"headerHeight":120},"#
///          + #""events":[{"type":"scroll","offset":31,"at":0}]}"#
/// let lines = try BehaviorScript.run(script: Array(json.utf8), frames: false)
/// // [#"{"alpha":1,"collapsed":true,...}"#]
/// ```
public struct BehaviorScript: Sendable, Equatable {
    /// The model a script drives: the `"behavior"` string.
    ///
    /// ```swift
    /// BehaviorScript.Kind(rawValue: "tabs") // .tabs
    /// ```
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        /// `SafariToolbar` (seed 000).
        case toolbar
        /// `CollapsingHeader` (seed 002).
        case header
        /// `NestedTabScroll` (seed 003).
        case tabs
        /// `SectionStepper` (seed 001).
        case sections
    }

    /// A tab of a `tabs` script.
    ///
    /// ```json
    /// {"id": "posts", "contentHeight": 2000}
    /// ```
    public struct Tab: Sendable, Equatable {
        /// The tab's id.
        public var id: String
        /// Its list's content height.
        public var contentHeight: Double
    }

    /// A section of a `sections` script.
    ///
    /// ```json
    /// {"id": "terms", "height": 640}
    /// ```
    public struct Section: Sendable, Equatable {
        /// The section's id.
        public var id: String
        /// Its height.
        public var height: Double
    }

    /// Every configuration field any behaviour reads; each behaviour reads its own (see the
    /// seed behaviours article) and ignores the rest.
    ///
    /// ```json
    /// {"headerHeight": 120, "snapThreshold": 30, "curve": "easeInOut", "frameRate": 60}
    /// ```
    public struct Config: Sendable, Equatable {
        /// Frames per second of the clock [60].
        public var frameRate: Double?
        /// toolbar: "seed" | "smoothed"; header: "threshold" | "follow" | "enterAlways".
        public var mode: String?
        /// Animation curve.
        public var curve: TimingCurve?
        /// Animation duration (cubic curves).
        public var duration: Double?
        // toolbar
        /// toolbar: `SafariToolbar.Configuration.deadZone`.
        public var deadZone: Double?
        /// toolbar: `SafariToolbar.Configuration.edgeTolerance`.
        public var edgeTolerance: Double?
        /// toolbar: `SafariToolbar.Configuration.zoomTolerance`.
        public var zoomTolerance: Double?
        /// toolbar: the content height; resize event: the new one.
        public var contentHeight: Double?
        /// The viewport height (toolbar, tabs, sections); resize event: the new one.
        public var viewportHeight: Double?
        /// The top content inset (toolbar, sections); resize event: the new one.
        public var topInset: Double?
        /// The adjusted bottom inset; resize event: the new one.
        public var bottomInset: Double?
        // header
        /// header, tabs: the header height.
        public var headerHeight: Double?
        /// header: `CollapsingHeader.Configuration.minimumHeight`.
        public var minimumHeight: Double?
        /// header: `CollapsingHeader.Configuration.snapThreshold`.
        public var snapThreshold: Double?
        /// header: `CollapsingHeader.Configuration.snapsToNearestOnDragEnd`.
        public var snapsToNearestOnDragEnd: Bool?
        /// header: `CollapsingHeader.Configuration.fadeDistance`.
        public var fadeDistance: Double?
        /// header: `CollapsingHeader.Configuration.hidesNavigationBarWhenCollapsed`.
        public var hidesNavigationBarWhenCollapsed: Bool?
        // tabs
        /// tabs: the tab bar height.
        public var tabBarHeight: Double?
        /// tabs: the seed's `minHeaderHeight`.
        public var minimumHeaderHeight: Double?
        /// tabs: the tabs in order.
        public var tabs: [Tab]?
        /// tabs: the initially selected tab.
        public var selected: String?
        // sections
        /// sections: the sections in order.
        public var sections: [Section]?
        /// sections: space above the first section.
        public var leadingSpace: Double?
        /// sections: space below the last section.
        public var trailingSpace: Double?
        /// sections: manual scrolling moves the stepper (`SectionStepper.follow(_:)`).
        public var followsScroll: Bool?

        /// An empty configuration (every field nil: the behaviour's defaults).
        public init() {}
    }

    /// One event: a `type` and the fields it needs (see the seed behaviours article).
    ///
    /// ```json
    /// {"type": "scroll", "offset": 42, "translation": -42, "at": 0.25}
    /// ```
    public struct Event: Sendable, Equatable {
        /// The event's name, e.g. "scroll".
        public var type: String
        /// When it happens, in seconds; nil = the previous event's time.
        public var at: Double?
        /// dragBegin, scroll, dragEnd: the content (or overlay) offset.
        public var offset: Double?
        /// toolbar scroll: the pan's y translation since the drag began.
        public var translation: Double?
        /// toolbar zoom: the zoom scale.
        public var scale: Double?
        /// toolbar zoom: the minimum zoom scale [1].
        public var minimumScale: Double?
        /// toolbar: the content height; resize event: the new one.
        public var contentHeight: Double?
        /// The viewport height (toolbar, tabs, sections); resize event: the new one.
        public var viewportHeight: Double?
        /// The top content inset (toolbar, sections); resize event: the new one.
        public var topInset: Double?
        /// The adjusted bottom inset; resize event: the new one.
        public var bottomInset: Double?
        /// tabs: the tab an event names.
        public var tab: String?
        /// tabs setContentHeight: the new content height.
        public var height: Double?
        /// sections jump: the section to go to.
        public var section: String?
        /// `advance`: seconds to move the clock.
        public var by: Double?

        /// An event of `type` with no fields set.
        public init(type: String) { self.type = type }
    }

    /// The model.
    public var behavior: Kind
    /// Its configuration.
    public var config: Config
    /// The events, in order.
    public var events: [Event]

    /// Reads a script from a parsed JSON value.
    ///
    /// - Throws: ``ReplayError`` naming the path of the first problem: a missing or unknown
    ///   `behavior`, an unknown key, a value of the wrong type, a bad curve.
    /// - Complexity: O(n) in the size of the script.
    public init(json: JSONValue) throws(ReplayError) {
        let top = try Fields(json, "script")
        try top.allow(["behavior", "config", "events"])
        let name = try top.required("behavior", top.string)
        guard let kind = Kind(rawValue: name) else {
            throw ReplayError("script.behavior: unknown behavior \"\(name)\" (toolbar, header, tabs or sections)")
        }
        behavior = kind
        config = try Self.config(try top.object("config"))
        events = []
        if let list = top.value["events"], list != .null {
            guard let array = list.array else { throw ReplayError("script.events: expected an array") }
            for (k, event) in array.enumerated() { events.append(try Self.event(event, "events[\(k)]")) }
        }
    }

    /// Parses a script from JSON text (UTF-8).
    ///
    /// - Throws: ``ReplayError``: malformed JSON with its line and column, or what
    ///   ``init(json:)`` rejects.
    /// - Complexity: O(n) in the length of the text.
    public static func parse(_ script: [UInt8]) throws(ReplayError) -> BehaviorScript {
        let json: JSONValue
        do { json = try JSONReader.parse(script) } catch { throw ReplayError(error.description) }
        return try BehaviorScript(json: json)
    }

    /// Parses and replays a script, returning one JSON object per line: one per event, and when
    /// `frames` is true also one per frame the clock crosses while an animation runs (before
    /// the event that moves the clock past it; once everything has settled the clock jumps)
    /// and, after the last event, one per frame until every animation has finished (at most
    /// 10 s of frames).
    /// - Throws: ``ReplayError``.
    /// - Complexity: O(events + frames).
    public static func run(script: [UInt8], frames: Bool) throws(ReplayError) -> [String] {
        try parse(script).run(frames: frames)
    }

    private static func config(_ f: Fields?) throws(ReplayError) -> Config {
        var config = Config()
        guard let f else { return config }
        try f.allow(["frameRate", "mode", "curve", "duration", "deadZone", "edgeTolerance", "zoomTolerance",
                     "contentHeight", "viewportHeight", "topInset", "bottomInset", "headerHeight", "minimumHeight",
                     "snapThreshold", "snapsToNearestOnDragEnd", "fadeDistance", "hidesNavigationBarWhenCollapsed",
                     "tabBarHeight", "minimumHeaderHeight", "tabs", "selected", "sections", "leadingSpace",
                     "trailingSpace", "followsScroll"])
        config.frameRate = try f.number("frameRate")
        config.mode = try f.string("mode")
        if let curve = f.value["curve"], curve != .null { config.curve = try decodeCurve(curve, "\(f.path).curve") }
        config.duration = try f.number("duration")
        config.deadZone = try f.number("deadZone")
        config.edgeTolerance = try f.number("edgeTolerance")
        config.zoomTolerance = try f.number("zoomTolerance")
        config.contentHeight = try f.number("contentHeight")
        config.viewportHeight = try f.number("viewportHeight")
        config.topInset = try f.number("topInset")
        config.bottomInset = try f.number("bottomInset")
        config.headerHeight = try f.number("headerHeight")
        config.minimumHeight = try f.number("minimumHeight")
        config.snapThreshold = try f.number("snapThreshold")
        config.snapsToNearestOnDragEnd = try f.bool("snapsToNearestOnDragEnd")
        config.fadeDistance = try f.number("fadeDistance")
        config.hidesNavigationBarWhenCollapsed = try f.bool("hidesNavigationBarWhenCollapsed")
        config.tabBarHeight = try f.number("tabBarHeight")
        config.minimumHeaderHeight = try f.number("minimumHeaderHeight")
        config.selected = try f.string("selected")
        config.leadingSpace = try f.number("leadingSpace")
        config.trailingSpace = try f.number("trailingSpace")
        config.followsScroll = try f.bool("followsScroll")
        config.tabs = try list(f, "tabs") { (g: Fields) throws(ReplayError) in
            try g.allow(["id", "contentHeight"])
            return Tab(id: try g.required("id", g.string), contentHeight: try g.required("contentHeight", g.number))
        }
        config.sections = try list(f, "sections") { (g: Fields) throws(ReplayError) in
            try g.allow(["id", "height"])
            return Section(id: try g.required("id", g.string), height: try g.required("height", g.number))
        }
        return config
    }

    private static func list<T>(_ f: Fields, _ key: String,
                                _ read: (Fields) throws(ReplayError) -> T) throws(ReplayError) -> [T]? {
        guard let value = f.value[key], value != .null else { return nil }
        guard let array = value.array else { throw ReplayError("\(f.path).\(key): expected an array") }
        var out: [T] = []
        for (k, item) in array.enumerated() { out.append(try read(try Fields(item, "\(f.path).\(key)[\(k)]"))) }
        return out
    }

    private static func event(_ value: JSONValue, _ path: String) throws(ReplayError) -> Event {
        let f = try Fields(value, path)
        try f.allow(["type", "at", "offset", "translation", "scale", "minimumScale", "contentHeight", "viewportHeight",
                     "topInset", "bottomInset", "tab", "height", "section", "by"])
        var event = Event(type: try f.required("type", f.string))
        event.at = try f.number("at")
        event.offset = try f.number("offset")
        event.translation = try f.number("translation")
        event.scale = try f.number("scale")
        event.minimumScale = try f.number("minimumScale")
        event.contentHeight = try f.number("contentHeight")
        event.viewportHeight = try f.number("viewportHeight")
        event.topInset = try f.number("topInset")
        event.bottomInset = try f.number("bottomInset")
        event.tab = try f.string("tab")
        event.height = try f.number("height")
        event.section = try f.string("section")
        event.by = try f.number("by")
        return event
    }
}
