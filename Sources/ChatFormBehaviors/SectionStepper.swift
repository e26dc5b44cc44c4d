import ChatFormMotion

/// Seed 001's "scroll down" button (Toss terms screen): each press scrolls to the next
/// section with anchor top; at the last section the button becomes "agree".
///
/// The seed keeps `currentID` (starting at the first section); a press while it is below the
/// last id increments it and scrolls to that section; at the last id the button is the agree
/// button, and pressing it sets `isAgreeDone` and disables it. The target offset for anchor
/// top puts the section's top at the visible band's top, offset = sectionTop − topInset, then
/// clamps (SPEC §4): a short last section cannot reach the top, and stops at the bottom.
///
/// States: `currentIndex`, `isAgreed`; `button` is what the button shows.
///
/// ```swift
/// var stepper = try SectionStepper(sections: ["privacy", "terms", "payments", "marketing"])
/// let geometry = try ScrollGeometry.stacked(sectionHeights: [500, 900, 400, 150], viewportHeight: 700)
/// try stepper.next(in: geometry)   // .scroll(to: "terms", offset: 500)
/// ```
public struct SectionStepper<SectionID: Hashable & Sendable>: Sendable, Equatable {
    /// The section ids in order.
    public let sections: [SectionID]
    /// The index of the section the button last scrolled to (the seed's `currentID`).
    public private(set) var currentIndex = 0
    /// True once the agree action ran (the seed's `isAgreeDone`).
    public private(set) var isAgreed = false

    /// A stepper at the first section.
    /// - Throws: `BehaviorError.empty` for no sections, `.duplicateID` for repeated ids.
    public init(sections: [SectionID]) throws {
        guard !sections.isEmpty else { throw BehaviorError.empty("sections") }
        var seen = Set<SectionID>()
        for id in sections where !seen.insert(id).inserted {
            throw BehaviorError.duplicateID(String(describing: id))
        }
        self.sections = sections
    }

    /// The section the button last scrolled to.
    public var currentSection: SectionID { sections[currentIndex] }

    /// What the button shows now.
    public var button: StepperButton {
        if currentIndex < sections.count - 1 { return .scrollDown }
        return isAgreed ? .agreed : .agree
    }

    /// Presses the button: scrolls to the next section, or agrees at the last one, or does
    /// nothing once agreed (the seed disables the button).
    /// - Throws: `BehaviorError` when the geometry is invalid or has a different number of
    ///   section tops than the stepper has sections.
    /// - Complexity: O(sections) for validation.
    @discardableResult
    public mutating func next(in geometry: ScrollGeometry) throws -> SectionStepAction<SectionID> {
        let geometry = try checked(geometry)
        switch button {
        case .scrollDown:
            currentIndex += 1
            return .scroll(to: sections[currentIndex], offset: targetOffset(index: currentIndex, in: geometry))
        case .agree:
            isAgreed = true
            return .agree
        case .agreed:
            return .none
        }
    }

    /// The clamped offset that puts `section`'s top at the top of the visible band.
    /// - Throws: `BehaviorError.unknownID` and geometry errors.
    public func targetOffset(for section: SectionID, in geometry: ScrollGeometry) throws -> Double {
        let geometry = try checked(geometry)
        guard let index = sections.firstIndex(of: section) else {
            throw BehaviorError.unknownID(String(describing: section))
        }
        return targetOffset(index: index, in: geometry)
    }

    /// Jumps the stepper to `section` (as if the user scrolled there) and returns its target
    /// offset.
    /// - Throws: `BehaviorError.unknownID` and geometry errors.
    public mutating func jump(to section: SectionID, in geometry: ScrollGeometry) throws -> Double {
        let offset = try targetOffset(for: section, in: geometry)
        currentIndex = sections.firstIndex(of: section)!
        return offset
    }

    /// The section the viewport is reading at `geometry.offset`: the last section whose top is
    /// at or above the visible band's top (within 0.5 pt); at the bottom of a scrollable
    /// content, the last section (its top may never reach the band's top); the first section
    /// when the offset is above every section.
    /// - Complexity: O(log sections).
    public func visibleSection(in geometry: ScrollGeometry) throws -> SectionID {
        let geometry = try checked(geometry)
        let tolerance = 0.5
        if geometry.maximumOffset > geometry.minimumOffset,
           geometry.offset >= geometry.maximumOffset - tolerance {
            return sections[sections.count - 1]
        }
        let bandTop = geometry.visibleTop + tolerance
        // Binary search: the number of tops <= bandTop.
        var low = 0, high = geometry.sectionTops.count
        while low < high {
            let mid = (low + high) / 2
            if geometry.sectionTops[mid] <= bandTop { low = mid + 1 } else { high = mid }
        }
        return sections[max(low - 1, 0)]
    }

    /// Sets `currentIndex` to the visible section's, so the next press continues from where the
    /// user scrolled by hand (the seed does not do this; call it if you want it).
    public mutating func follow(_ geometry: ScrollGeometry) throws {
        let id = try visibleSection(in: geometry)
        currentIndex = sections.firstIndex(of: id)!
    }

    private func targetOffset(index: Int, in geometry: ScrollGeometry) -> Double {
        geometry.clamp(geometry.sectionTops[index] - geometry.topInset)
    }

    private func checked(_ geometry: ScrollGeometry) throws -> ScrollGeometry {
        let geometry = try geometry.validated()
        guard geometry.sectionTops.count == sections.count else {
            throw BehaviorError.invalidConfiguration("\(geometry.sectionTops.count) section tops for \(sections.count) sections")
        }
        return geometry
    }
}
