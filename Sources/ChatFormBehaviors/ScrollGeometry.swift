/// A snapshot of a vertical scroll view with sections: what `SectionStepper` computes from.
///
/// The viewport module is separate; this small value carries just what the stepper needs:
/// content height, viewport height, top inset, adjusted bottom inset, the current offset, and
/// each section's top (content y, in section order). Offsets follow SPEC §4: the range is
/// [−topInset, max(−topInset, contentHeight + bottomInset − viewportHeight)], and the visible
/// band is [offset + topInset, offset + viewportHeight − bottomInset].
///
/// ```swift
/// let geometry = try ScrollGeometry.stacked(sectionHeights: [400, 600, 300, 100],
///                                           viewportHeight: 700, bottomInset: 80)
/// geometry.sectionTops     // [0, 400, 1000, 1300]
/// geometry.maximumOffset   // 1400 + 80 − 700 = 780
/// ```
public struct ScrollGeometry: Sendable, Equatable, Hashable, Codable {
    /// The content's height.
    public var contentHeight: Double
    /// The viewport's height.
    public var viewportHeight: Double
    /// The top content inset.
    public var topInset: Double
    /// The adjusted bottom inset (safe area or keyboard, plus extra such as a bottom button).
    public var bottomInset: Double
    /// The current content offset.
    public var offset: Double
    /// Each section's top in content coordinates, in section order.
    public var sectionTops: [Double]

    /// A snapshot. Use `validated()` before trusting numbers from outside.
    public init(contentHeight: Double, viewportHeight: Double, topInset: Double = 0,
                bottomInset: Double = 0, offset: Double = 0, sectionTops: [Double] = []) {
        self.contentHeight = contentHeight
        self.viewportHeight = viewportHeight
        self.topInset = topInset
        self.bottomInset = bottomInset
        self.offset = offset
        self.sectionTops = sectionTops
    }

    /// Sections stacked from content y = `leadingSpace` [0] with the given heights; content
    /// height = leadingSpace + sum of heights + trailingSpace [0]. Validated.
    /// - Throws: `BehaviorError.invalidNumber` for NaN, infinite or negative sizes.
    /// - Complexity: O(sections).
    public static func stacked(sectionHeights: [Double], viewportHeight: Double, topInset: Double = 0,
                               bottomInset: Double = 0, offset: Double? = nil,
                               leadingSpace: Double = 0, trailingSpace: Double = 0) throws -> ScrollGeometry {
        var tops: [Double] = []
        var y = try _Check.size(leadingSpace, "leadingSpace")
        for height in sectionHeights {
            tops.append(y)
            y += try _Check.size(height, "sectionHeight")
        }
        y += try _Check.size(trailingSpace, "trailingSpace")
        return try ScrollGeometry(contentHeight: y, viewportHeight: viewportHeight, topInset: topInset,
                                  bottomInset: bottomInset, offset: offset ?? -topInset,
                                  sectionTops: tops).validated()
    }

    /// The snapshot itself when every size is finite and not negative, the offset finite, and the
    /// section tops finite, ascending and within [0, contentHeight].
    /// - Throws: `BehaviorError.invalidNumber` or `.invalidConfiguration`.
    /// - Complexity: O(sections).
    public func validated() throws -> ScrollGeometry {
        _ = try _Check.size(contentHeight, "contentHeight")
        _ = try _Check.size(viewportHeight, "viewportHeight")
        _ = try _Check.size(topInset, "topInset")
        _ = try _Check.size(bottomInset, "bottomInset")
        _ = try _Check.finite(offset, "offset")
        var previous = 0.0
        for top in sectionTops {
            _ = try _Check.size(top, "sectionTop")
            guard top >= previous, top <= contentHeight else {
                throw BehaviorError.invalidConfiguration("section tops must ascend within [0, contentHeight]")
            }
            previous = top
        }
        return self
    }

    /// −topInset.
    public var minimumOffset: Double { -topInset }
    /// max(−topInset, contentHeight + bottomInset − viewportHeight).
    public var maximumOffset: Double { max(-topInset, contentHeight + bottomInset - viewportHeight) }

    /// `offset` clamped into [minimumOffset, maximumOffset] (NaN reads as minimumOffset).
    public func clamp(_ offset: Double) -> Double {
        guard !offset.isNaN else { return minimumOffset }
        return min(max(offset, minimumOffset), maximumOffset)
    }

    /// The visible band's top: offset + topInset.
    public var visibleTop: Double { offset + topInset }
    /// The visible band's bottom: offset + viewportHeight − bottomInset.
    public var visibleBottom: Double { offset + viewportHeight - bottomInset }
}
