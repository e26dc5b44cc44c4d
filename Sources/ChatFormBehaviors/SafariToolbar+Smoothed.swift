/// The smoothed classifier: the seed's states, with the fixes users ask for.
///
/// Offsets are first clamped into the extent's range (SPEC §4), so rubber-band overscroll at
/// either end never counts as movement. Then, in this order:
/// 1. Content that fits the viewport: always expanded (`contentFits`).
/// 2. At the top (clamped offset within `edgeTolerance` of the minimum): expanded (`pinnedAtTop`).
/// 3. "Reached bottom once" (the seed's rule, kept): a drag that began within `edgeTolerance`
///    of the bottom and pulls further down (translation ≤ −deadZone) while still at the bottom
///    classifies as `reachBottom` and expands. The flag is cleared when a drag ends away from
///    the bottom.
/// 4. Otherwise the direction of travel of the clamped offset decides: a run is the travel
///    since the last change of direction; when it reaches `deadZone` it classifies as
///    scrollDown (offset grew) or scrollUp (offset shrank). Shorter runs are `withinDeadZone`.
/// A `resized` event restarts the run at the new clamped offset, and a step whose start and end
/// both sit at the bottom is not travel, so a viewport that changes because the toolbar itself
/// moved never flips it (no oscillation at the bottom).
/// Zoom: zoomOut when scale ≤ minimumScale × (1 + zoomTolerance), else zoomIn.
extension SafariToolbar {
    mutating func handleSmoothed(_ input: ToolbarInput) -> ToolbarDecision {
        let tolerance = configuration.edgeTolerance
        switch input {
        case .dragBegan(let offset):
            isDragging = true
            translation = 0
            reachedBottomOnce = isAtBottom(offset)
            if lastOffset == nil {
                restartRun(at: extent.clamp(offset))
                lastAtBottom = reachedBottomOnce
            }
            return ToolbarDecision(reason: .dragBoundary)
        case .dragEnded(let offset):
            isDragging = false
            reachedBottomOnce = reachedBottomOnce && isAtBottom(offset)
            return ToolbarDecision(reason: .dragBoundary)
        case .zoomed(let scale, let minimumScale):
            let atMinimum = scale <= minimumScale * (1 + configuration.zoomTolerance)
            let event: ToolbarScrollEvent = atMinimum ? .zoomOut : .zoomIn
            return ToolbarDecision(event: event, expand: event.expandsToolbar, reason: .classified)
        case .resized(let newExtent):
            if let lastOffset { lastAtBottom = isAtBottom(lastOffset) }
            extent = newExtent
            if let lastOffset { restartRun(at: extent.clamp(lastOffset)) }
            return ToolbarDecision(reason: .resized)
        case .scrolled(let offset, let newTranslation):
            if let newTranslation { translation = newTranslation }
            let clamped = extent.clamp(offset)
            let previous = lastOffset ?? clamped
            lastOffset = clamped
            let wasAtBottom = lastAtBottom
            lastAtBottom = isAtBottom(offset)
            if extent.contentFits {
                restartRun(at: clamped)
                return ToolbarDecision(expand: true, reason: .contentFits)
            }
            if clamped <= extent.minimumOffset + tolerance {
                restartRun(at: clamped)
                return ToolbarDecision(expand: true, reason: .pinnedAtTop)
            }
            if isDragging && reachedBottomOnce && isAtBottom(offset) && translation <= -configuration.deadZone {
                restartRun(at: clamped)
                return ToolbarDecision(event: .reachBottom, expand: true, reason: .classified)
            }
            if wasAtBottom && lastAtBottom {
                // Both ends of this step sit at the bottom (it moved only because the bottom
                // limit moved, e.g. the viewport resized): not travel.
                restartRun(at: clamped)
                return ToolbarDecision(reason: .noMovement)
            }
            let delta = clamped - previous
            guard delta != 0 else { return ToolbarDecision(reason: .noMovement) }
            let direction = delta > 0 ? 1 : -1
            if direction != runDirection {
                runDirection = direction
                runStart = previous
            }
            guard abs(clamped - runStart) >= configuration.deadZone else {
                return ToolbarDecision(reason: .withinDeadZone)
            }
            let event: ToolbarScrollEvent = direction > 0 ? .scrollDown : .scrollUp
            return ToolbarDecision(event: event, expand: event.expandsToolbar, reason: .classified)
        }
    }

    /// True within `edgeTolerance` of the bottom, or past it.
    func isAtBottom(_ offset: Double) -> Bool {
        offset >= extent.maximumOffset - configuration.edgeTolerance
    }

    mutating func restartRun(at offset: Double) {
        lastOffset = offset
        runStart = offset
        runDirection = 0
    }
}
