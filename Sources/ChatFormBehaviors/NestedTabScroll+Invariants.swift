/// Invariant checks for `NestedTabScroll`, for tests and debugging.
///
/// ```swift
/// #expect(screen.invariantViolations().isEmpty)
/// ```
extension NestedTabScroll {
    /// Describes every broken invariant (empty when all hold):
    /// containerOffset + selectedListOffset == overlayOffset; container in [0, top] and equal to
    /// min(overlay, top); overlay in [0, maximumOverlayOffset]; each list offset in
    /// [0, maximumListOffset]; below top every list is at 0 and nothing is cached.
    /// - Complexity: O(number of tabs).
    public func invariantViolations(tolerance: Double = 1e-9) -> [String] {
        var problems: [String] = []
        if abs(containerOffset + selectedListOffset - overlayOffset) > tolerance {
            problems.append("container \(containerOffset) + list \(selectedListOffset) != overlay \(overlayOffset)")
        }
        if abs(containerOffset - min(overlayOffset, top)) > tolerance {
            problems.append("container \(containerOffset) != min(overlay \(overlayOffset), top \(top))")
        }
        if overlayOffset < -tolerance || overlayOffset > maximumOverlayOffset() + tolerance {
            problems.append("overlay \(overlayOffset) outside [0, \(maximumOverlayOffset())]")
        }
        for tab in tabs {
            let list = listOffsets[tab] ?? 0
            if list < -tolerance || list > maximumListOffset(for: tab) + tolerance {
                problems.append("list \(tab) offset \(list) outside [0, \(maximumListOffset(for: tab))]")
            }
            if overlayOffset < top && list != 0 {
                problems.append("list \(tab) offset \(list) not 0 below top")
            }
        }
        if overlayOffset < top && !cachedOverlayOffsets.isEmpty {
            problems.append("cached offsets kept below top")
        }
        return problems
    }
}
