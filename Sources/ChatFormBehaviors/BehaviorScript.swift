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
    /// The model a script drives.
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
    public struct Tab: Sendable, Equatable, Codable {
        /// The tab's id.
        public var id: String
        /// Its list's content height.
        public var contentHeight: Double
    }

    /// A section of a `sections` script.
    public struct Section: Sendable, Equatable, Codable {
        /// The section's id.
        public var id: String
        /// Its height.
        public var height: Double
    }

    /// Every configuration field any behaviour reads; each behaviour reads its own (see
    /// Docs/Behaviors.md) and ignores the rest.
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
        public var deadZone: Double?
        public var edgeTolerance: Double?
        public var zoomTolerance: Double?
        public var contentHeight: Double?
        public var viewportHeight: Double?
        public var topInset: Double?
        public var bottomInset: Double?
        // header
        public var headerHeight: Double?
        public var minimumHeight: Double?
        public var snapThreshold: Double?
        public var snapsToNearestOnDragEnd: Bool?
        public var fadeDistance: Double?
        public var hidesNavigationBarWhenCollapsed: Bool?
        // tabs
        public var tabBarHeight: Double?
        public var minimumHeaderHeight: Double?
        public var tabs: [Tab]?
        public var selected: String?
        // sections
        public var sections: [Section]?
        public var leadingSpace: Double?
        public var trailingSpace: Double?
        public var followsScroll: Bool?
    }

    /// One event: a `type` and the fields it needs (see Docs/Behaviors.md).
    public struct Event: Sendable, Equatable, Decodable {
        /// The event's name, e.g. "scroll".
        public var type: String
        /// When it happens, in seconds; nil = the previous event's time.
        public var at: Double?
        public var offset: Double?
        public var translation: Double?
        public var scale: Double?
        public var minimumScale: Double?
        public var contentHeight: Double?
        public var viewportHeight: Double?
        public var topInset: Double?
        public var bottomInset: Double?
        public var tab: String?
        public var height: Double?
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
            context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        }
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return "\(path(context)): \(context.debugDescription)"
        case .keyNotFound(let key, let context):
            return "\(path(context)): missing '\(key.stringValue)'"
        @unknown default:
            return String(describing: error)
        }
    }
}

/// Why a script could not be replayed.
///
/// ```swift
/// do { _ = try BehaviorScript.run(scriptData: Data("{}".utf8), frames: false) }
/// catch let error as BehaviorScriptError { print(error) } // invalid JSON: missing 'behavior'
/// ```
public enum BehaviorScriptError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The data is not JSON or does not have the script's shape.
    case invalidJSON(String)
    /// `behavior` names no known model.
    case unknownBehavior(String)
    /// A configuration field is missing or wrong.
    case invalidConfig(String)
    /// Event `index` has a type this behaviour does not know.
    case unknownEvent(index: Int, type: String)
    /// Event `index` lacks a field its type needs.
    case missingField(index: Int, field: String)
    /// Event `index` (nil: the configuration) was rejected by the model.
    case rejected(index: Int?, BehaviorError)

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .invalidJSON(let why): return "invalid JSON: \(why)"
        case .unknownBehavior(let name): return "unknown behavior '\(name)' (expected toolbar, header, tabs or sections)"
        case .invalidConfig(let why): return "invalid config: \(why)"
        case .unknownEvent(let index, let type): return "event \(index): unknown type '\(type)'"
        case .missingField(let index, let field): return "event \(index): missing field '\(field)'"
        case .rejected(let index, let error):
            return index.map { "event \($0): \(error)" } ?? "config: \(error)"
        }
    }
}
