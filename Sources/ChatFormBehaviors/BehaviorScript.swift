import ChatFormMotion
import Foundation

/// A replayable behaviour script: which model, its configuration, and a list of events.
///
/// The JSON form is `{"behavior": "toolbar"|"header"|"tabs"|"sections", "config": {...},
/// "events": [...]}`. Each event is an object with a `"type"` and the fields that type needs;
/// `"at"` (seconds, optional) is when it happens, defaulting to the previous event's time.
/// The vocabulary is in Docs/Behaviors.md. `run(scriptData:frames:)` replays it and returns
/// one JSON line per event (and per animation frame when `frames` is true).
///
/// ```swift
/// let json = #"{"behavior":"header","config":{"headerHeight":120},"#
///          + #""events":[{"type":"scroll","offset":31,"at":0}]}"#
/// let lines = try BehaviorScript.run(scriptData: Data(json.utf8), frames: false)
/// // [#"{"alpha":1,"collapsed":true,...}"#]
/// ```
public struct BehaviorScript: Sendable, Equatable, Decodable {
    /// The model a script drives: the `"behavior"` string.
    ///
    /// ```swift
    /// BehaviorScript.Kind(rawValue: "tabs") // .tabs
    /// ```
    public enum Kind: String, Sendable, Equatable, Codable, CaseIterable {
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
    public struct Tab: Sendable, Equatable, Codable {
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
    public struct Section: Sendable, Equatable, Codable {
        /// The section's id.
        public var id: String
        /// Its height.
        public var height: Double
    }

    /// Every configuration field any behaviour reads; each behaviour reads its own (see
    /// Docs/Behaviors.md) and ignores the rest.
    ///
    /// ```json
    /// {"headerHeight": 120, "snapThreshold": 30, "curve": "easeInOut", "frameRate": 60}
    /// ```
    public struct Config: Sendable, Equatable, Decodable {
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
    }

    /// One event: a `type` and the fields it needs (see Docs/Behaviors.md).
    ///
    /// ```json
    /// {"type": "scroll", "offset": 42, "translation": -42, "at": 0.25}
    /// ```
    public struct Event: Sendable, Equatable, Decodable {
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
    }

    /// The model.
    public var behavior: Kind
    /// Its configuration.
    public var config: Config
    /// The events, in order.
    public var events: [Event]

    private enum CodingKeys: String, CodingKey { case behavior, config, events }

    /// Decodes a script; an unknown behaviour name throws `BehaviorScriptError.unknownBehavior`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let name = try container.decode(String.self, forKey: .behavior)
        guard let kind = Kind(rawValue: name) else { throw BehaviorScriptError.unknownBehavior(name) }
        behavior = kind
        config = try container.decodeIfPresent(Config.self, forKey: .config) ?? Config()
        events = try container.decodeIfPresent([Event].self, forKey: .events) ?? []
    }

    /// Parses a script from JSON.
    /// - Throws: `BehaviorScriptError.invalidJSON` (with the decoder's reason),
    ///   `.unknownBehavior`, or `.invalidConfig` for a bad curve.
    public static func decode(from data: Data) throws -> BehaviorScript {
        do {
            return try JSONDecoder().decode(BehaviorScript.self, from: data)
        } catch let error as BehaviorScriptError {
            throw error
        } catch let error as MotionError {
            throw BehaviorScriptError.invalidConfig(error.description)
        } catch let error as DecodingError {
            throw BehaviorScriptError.invalidJSON(Self.describe(error))
        } catch {
            throw BehaviorScriptError.invalidJSON(String(describing: error))
        }
    }

    /// Parses and replays a script, returning one JSON object per line: one per event, and when
    /// `frames` is true also one per animation frame the clock crosses (before the event that
    /// moves the clock past it) and, after the last event, one per frame until every animation
    /// has finished (at most 10 s of frames).
    /// - Throws: `BehaviorScriptError`.
    public static func run(scriptData: Data, frames: Bool) throws -> [String] {
        let script = try decode(from: scriptData)
        return try script.run(frames: frames)
    }

    private static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let text = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return text.isEmpty ? "" : text + ": "
        }
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return path(context) + context.debugDescription
        case .keyNotFound(let key, let context):
            return path(context) + "missing '\(key.stringValue)'"
        @unknown default:
            return String(describing: error)
        }
    }
}
