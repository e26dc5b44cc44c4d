import ChatFormGeometry

/// The window onto the content (SPEC §4): a size, a content offset, and insets.
///
/// ```swift
/// var viewport = Viewport(size: Size(width: 40, height: 20), safeArea: EdgeInsets(bottom: 1))
/// viewport.keyboardOverlap = 8
/// viewport.bottomInset                        // max(1, 8) + extraBottomInset
/// viewport.offset = viewport.clampedOffset(500, contentHeight: 30)
/// ```
public struct Viewport: Sendable, Hashable, Codable {
    /// The viewport's size.
    public var size: Size
    /// The content offset: content y shown at the viewport's top edge.
    public var offset: Double
    /// Safe area insets (only top and bottom are used).
    public var safeArea: EdgeInsets
    /// Extra inset the caller adds under the content (seed 004's bottom buttons).
    public var extraBottomInset: Double
    /// How much of the viewport the keyboard covers, from the bottom.
    public var keyboardOverlap: Double

    public init(size: Size, offset: Double = 0, safeArea: EdgeInsets = .zero,
                extraBottomInset: Double = 0, keyboardOverlap: Double = 0) {
        self.size = size
        self.offset = offset
        self.safeArea = safeArea
        self.extraBottomInset = extraBottomInset
        self.keyboardOverlap = keyboardOverlap
    }

    /// The top content inset: the safe area's top.
    public var topInset: Double { safeArea.top }

    /// The adjusted bottom inset: max(safe area bottom, keyboard overlap) + extra bottom inset.
    public var bottomInset: Double { Swift.max(safeArea.bottom, keyboardOverlap) + extraBottomInset }

    /// The smallest offset: the content's top sits under the top inset.
    public var minOffset: Double { -topInset }

    /// The largest offset for `contentHeight`: the content's end sits on the bottom inset.
    public func maxOffset(contentHeight: Double) -> Double {
        Swift.max(minOffset, contentHeight + bottomInset - size.height)
    }

    /// `offset` clamped to `minOffset...maxOffset(contentHeight:)`. NaN clamps to the top.
    public func clampedOffset(_ offset: Double, contentHeight: Double) -> Double {
        if offset.isNaN { return minOffset }
        return Swift.min(Swift.max(offset, minOffset), maxOffset(contentHeight: contentHeight))
    }

    /// The height of the visible band (never negative).
    public var bandHeight: Double { Swift.max(0, size.height - topInset - bottomInset) }

    /// The visible band in content coordinates:
    /// [offset + top inset, offset + height - bottom inset].
    public var visibleBand: ClosedRange<Double> {
        let top = offset + topInset
        return top...(top + bandHeight)
    }

    /// Whether the offset is within `tolerance` of its largest value.
    public func isAtBottom(contentHeight: Double, tolerance: Double) -> Bool {
        offset >= maxOffset(contentHeight: contentHeight) - tolerance
    }

    /// Checks that every size and inset lies within `0...ScrollLimits.maximumLength` (the
    /// width above 0) and that the offset is finite.
    ///
    /// - Throws: `ScrollError.invalidValue` naming the first value out of range.
    public func validate() throws(ScrollError) {
        for (name, v) in [("width", size.width), ("height", size.height), ("safe area top", safeArea.top),
                          ("safe area bottom", safeArea.bottom), ("extra bottom inset", extraBottomInset),
                          ("keyboard overlap", keyboardOverlap)] {
            guard v.isFinite, v >= 0, v <= ScrollLimits.maximumLength else { throw .invalidValue("\(name) (0...1e12)", v) }
        }
        guard size.width > 0 else { throw .invalidValue("width (above 0)", size.width) }
        guard offset.isFinite else { throw .invalidValue("offset", offset) }
    }
}

/// Errors from the table, viewport and editing APIs.
public enum ScrollError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A size, inset, duration or offset that is negative, NaN or infinite where it must not be.
    case invalidValue(String, Double)
    /// No row has this id.
    case unknownRow(String)
    /// Two rows share an id.
    case duplicateRow(String)
    /// The row has no editable field there.
    case notEditable(String)
    /// Nothing is focused.
    case noFocus
    /// An offset outside the field's text or inside a grapheme cluster.
    case invalidCaret(offset: Int, length: Int, reason: String)
    /// A text layout failed (bad width, ICU error).
    case layout(String)
    /// Marked text (an input method's composition) with a range outside the text, inside a
    /// grapheme cluster, or a selection outside the marked text.
    case invalidMarkedRange(Range<Int>, length: Int, reason: String)
    /// A key the input model does not know (not a jamo of the Korean 2-beolsik layout).
    case unknownKey(String)

    public var description: String {
        switch self {
        case .invalidValue(let name, let v): "invalid \(name): \(v)"
        case .unknownRow(let id): "unknown row id \(id)"
        case .duplicateRow(let id): "duplicate row id \(id)"
        case .notEditable(let id): "row \(id) has no editable field"
        case .noFocus: "no field is focused"
        case .invalidCaret(let o, let n, let why): "caret offset \(o) is invalid for a text of \(n) bytes: \(why)"
        case .layout(let message): "layout failed: \(message)"
        case .invalidMarkedRange(let r, let n, let why): "marked range \(r.lowerBound)..<\(r.upperBound) is invalid for a text of \(n) bytes: \(why)"
        case .unknownKey(let why): "unknown key: \(why)"
        }
    }
}
