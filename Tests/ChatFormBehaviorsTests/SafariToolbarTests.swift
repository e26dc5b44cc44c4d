import Testing
import ChatFormMotion
@testable import ChatFormBehaviors

@Suite("Safari toolbar (seed 000)")
struct SafariToolbarTests {
    static let extent = try! ScrollExtent(contentHeight: 3000, viewportHeight: 800)

    static func toolbar(_ mode: ToolbarMode, deadZone: Double = 8) throws -> SafariToolbar {
        try SafariToolbar(extent: extent, configuration: .init(mode: mode, deadZone: deadZone))
    }

    @Test("seed states (1)-(3): collapse on scroll down, expand on scroll up, expand on a second drag at the bottom",
          arguments: ToolbarMode.allCases)
    func seedScenario(mode: ToolbarMode) throws {
        var bar = try Self.toolbar(mode)
        #expect(bar.isExpanded)
        // (1) Expanded, scroll down: the toolbar disappears.
        try bar.handle(.dragBegan(offset: 100), at: 0)
        var update = try bar.handle(.scrolled(offset: 140, translation: -40), at: 0.1)
        #expect(update.event == .scrollDown)
        #expect(!bar.isExpanded && update.didToggle)
        try bar.handle(.dragEnded(offset: 140), at: 0.2)
        // (1') Zooming in also collapses; zooming back out expands.
        update = try bar.handle(.zoomed(scale: 1.5, minimumScale: 1), at: 0.3)
        #expect(update.event == .zoomIn && !bar.isExpanded)
        update = try bar.handle(.zoomed(scale: 1, minimumScale: 1), at: 0.4)
        #expect(update.event == .zoomOut && bar.isExpanded)
        try bar.handle(.dragBegan(offset: 140), at: 0.5)
        try bar.handle(.scrolled(offset: 200, translation: -60), at: 0.6)
        try bar.handle(.dragEnded(offset: 200), at: 0.7)
        #expect(!bar.isExpanded)
        // (2) Hidden, scroll up: it reappears.
        try bar.handle(.dragBegan(offset: 200), at: 1.0)
        update = try bar.handle(.scrolled(offset: 150, translation: 50), at: 1.1)
        #expect(update.event == .scrollUp && bar.isExpanded)
        try bar.handle(.scrolled(offset: 190, translation: 10), at: 1.2)
        try bar.handle(.dragEnded(offset: 190), at: 1.3)
        // Scroll down to the very bottom: collapsed, and the first arrival does nothing more.
        try bar.handle(.dragBegan(offset: 190), at: 2.0)
        try bar.handle(.scrolled(offset: 1000, translation: -810), at: 2.1)
        update = try bar.handle(.scrolled(offset: 2200, translation: -2010), at: 2.2)
        #expect(!bar.isExpanded)
        #expect(update.event != .reachBottom)
        try bar.handle(.dragEnded(offset: 2200), at: 2.3)
        #expect(!bar.isExpanded)
        // (3) Hidden at the bottom, swipe down once more: it expands (reachBottom).
        try bar.handle(.dragBegan(offset: 2200), at: 3.0)
        update = try bar.handle(.scrolled(offset: 2212, translation: -12), at: 3.1)
        #expect(update.event == .reachBottom)
        #expect(bar.isExpanded)
        // Releasing: the rubber band brings it back to the bottom; it stays expanded.
        try bar.handle(.dragEnded(offset: 2212), at: 3.2)
        try bar.handle(.scrolled(offset: 2205, translation: nil), at: 3.3)
        try bar.handle(.scrolled(offset: 2200, translation: nil), at: 3.4)
        #expect(bar.isExpanded)
    }

    @Test("the seed classifier, verbatim: translation sign, then the bottom flag, else scrollDown",
          arguments: [(1.0, false, ToolbarScrollEvent.scrollUp), (1.0, true, .scrollUp),
                      (0.0, false, .scrollDown), (0.0, true, .reachBottom),
                      (-5.0, false, .scrollDown), (-5.0, true, .reachBottom)])
    func seedClassifier(translation: Double, reachedOnce: Bool, expected: ToolbarScrollEvent) {
        var seed = SeedScrollClassifier()
        if reachedOnce { seed.scrollViewWillBeginDragging(offset: 2200, contentHeight: 3000, frameHeight: 800) }
        #expect(seed.isScrollViewReachedBottomOnce == reachedOnce)
        #expect(seed.scrollViewDidScroll(translationY: translation) == expected)
    }

    @Test("seed: the bottom flag survives a drag that ends at the bottom and clears away from it")
    func seedBottomFlag() {
        var seed = SeedScrollClassifier()
        seed.scrollViewWillBeginDragging(offset: 100, contentHeight: 3000, frameHeight: 800)
        #expect(!seed.isScrollViewReachedBottomOnce)
        seed.scrollViewWillBeginDragging(offset: 2200, contentHeight: 3000, frameHeight: 800)
        seed.scrollViewDidEndDragging(offset: 2250, contentHeight: 3000, frameHeight: 800)
        #expect(seed.isScrollViewReachedBottomOnce)
        // A drag beginning elsewhere does not clear it (the seed only sets it there).
        seed.scrollViewWillBeginDragging(offset: 1500, contentHeight: 3000, frameHeight: 800)
        #expect(seed.isScrollViewReachedBottomOnce)
        seed.scrollViewDidEndDragging(offset: 1500, contentHeight: 3000, frameHeight: 800)
        #expect(!seed.isScrollViewReachedBottomOnce)
        // Zoom: exact equality with the minimum.
        #expect(seed.scrollViewDidZoom(zoomScale: 1, minimumZoomScale: 1) == .zoomOut)
        #expect(seed.scrollViewDidZoom(zoomScale: 1.0000001, minimumZoomScale: 1) == .zoomIn)
    }

    @Test("seed mode flickers on finger jitter; smoothed mode does not")
    func jitter() throws {
        var seed = try Self.toolbar(.seed)
        var smooth = try Self.toolbar(.smoothed)
        for bar in [0, 1] {
            var toggles = 0
            var model = bar == 0 ? seed : smooth
            try model.handle(.dragBegan(offset: 500), at: 0)
            for step in 1...20 {
                let translation = step.isMultiple(of: 2) ? 1.0 : -1.0
                let update = try model.handle(.scrolled(offset: 500 - translation, translation: translation), at: Double(step) / 60)
                if update.didToggle { toggles += 1 }
            }
            if bar == 0 { #expect(toggles >= 19); seed = model } else { #expect(toggles == 0); smooth = model }
        }
    }

    @Test("dead zone: travel shorter than it never flips the toolbar", arguments: [4.0, 8.0, 20.0])
    func deadZone(zone: Double) throws {
        var bar = try Self.toolbar(.smoothed, deadZone: zone)
        try bar.handle(.dragBegan(offset: 500), at: 0)
        var update = try bar.handle(.scrolled(offset: 500 + zone * 0.9, translation: -zone * 0.9), at: 0.1)
        #expect(update.reason == .withinDeadZone && bar.isExpanded)
        update = try bar.handle(.scrolled(offset: 500 + zone, translation: -zone), at: 0.2)
        #expect(update.event == .scrollDown && !bar.isExpanded)
        // Back up by less than the zone: still collapsed.
        update = try bar.handle(.scrolled(offset: 500 + zone * 0.2, translation: -zone * 0.2), at: 0.3)
        #expect(!bar.isExpanded)
        update = try bar.handle(.scrolled(offset: 500, translation: 0), at: 0.4)
        #expect(bar.isExpanded)
    }

    @Test("always expanded at the top, even while rubber-banding past it")
    func topPinned() throws {
        var bar = try Self.toolbar(.smoothed)
        try bar.handle(.dragBegan(offset: 300), at: 0)
        try bar.handle(.scrolled(offset: 400, translation: -100), at: 0.1)
        #expect(!bar.isExpanded)
        // A fling to the top overshoots and settles: expanded at and above the top.
        try bar.handle(.dragEnded(offset: 400), at: 0.2)
        for (i, offset) in [200.0, 0, -30, -10, 0].enumerated() {
            let update = try bar.handle(.scrolled(offset: offset, translation: nil), at: 0.3 + Double(i) * 0.02)
            if offset <= 0 { #expect(update.reason == .pinnedAtTop) }
        }
        #expect(bar.isExpanded)
        // A downward drag that starts above the top (overscroll) cannot hide it.
        try bar.handle(.dragBegan(offset: -20), at: 1)
        try bar.handle(.scrolled(offset: -5, translation: -15), at: 1.1)
        #expect(bar.isExpanded)
    }

    @Test("content that fits one screen never hides the toolbar", arguments: ToolbarMode.allCases)
    func fits(mode: ToolbarMode) throws {
        var bar = try SafariToolbar(extent: ScrollExtent(contentHeight: 500, viewportHeight: 800),
                                    configuration: .init(mode: mode))
        try bar.handle(.dragBegan(offset: 0), at: 0)
        try bar.handle(.scrolled(offset: 40, translation: -40), at: 0.1)
        try bar.handle(.scrolled(offset: 80, translation: -80), at: 0.2)
        try bar.handle(.dragEnded(offset: 80), at: 0.3)
        try bar.handle(.scrolled(offset: 0, translation: nil), at: 0.4)
        #expect(bar.isExpanded)
        if mode == .seed {
            // The seed keeps it by accident: offset 0 >= 500 - 800 is "at the bottom", so every
            // downward scroll classifies as reachBottom.
            #expect(bar.lastEvent == .reachBottom)
        }
    }

    @Test("no flicker under rubber-band overscroll at the bottom")
    func bottomRubberBand() throws {
        var bar = try Self.toolbar(.smoothed)
        try bar.handle(.dragBegan(offset: 2000), at: 0)
        try bar.handle(.scrolled(offset: 2150, translation: -150), at: 0.1)
        #expect(!bar.isExpanded)
        try bar.handle(.dragEnded(offset: 2150), at: 0.2)
        var toggles = 0
        // Deceleration into the bottom, overshoot and spring back.
        for (i, offset) in [2190.0, 2200, 2240, 2260, 2230, 2210, 2201, 2200].enumerated() {
            if try bar.handle(.scrolled(offset: offset, translation: nil), at: 0.3 + Double(i) / 60).didToggle { toggles += 1 }
        }
        #expect(toggles == 0)
        #expect(!bar.isExpanded)
    }

    @Test("no oscillation when the toolbar's own size change resizes the viewport at the bottom")
    func resizeAtBottom() throws {
        var bar = try Self.toolbar(.smoothed)
        try bar.handle(.dragBegan(offset: 2200), at: 0)
        try bar.handle(.scrolled(offset: 2220, translation: -20), at: 0.1) // reachBottom: expands
        #expect(bar.isExpanded)
        try bar.handle(.dragEnded(offset: 2200), at: 0.2)
        var toggles = 0
        for i in 0..<10 {
            // The toolbar's height changes the viewport, which moves the bottom limit by 44 pt.
            let viewport = i.isMultiple(of: 2) ? 756.0 : 800.0
            try bar.handle(.resized(ScrollExtent(contentHeight: 3000, viewportHeight: viewport)), at: 0.3 + Double(i) * 0.1)
            let offset = 3000 - viewport
            if try bar.handle(.scrolled(offset: offset, translation: nil), at: 0.35 + Double(i) * 0.1).didToggle { toggles += 1 }
        }
        #expect(toggles == 0)
    }

    @Test("the toolbar animates on the seed's bouncy spring and retargets from where it is")
    func animation() throws {
        var bar = try Self.toolbar(.smoothed)
        guard case .spring(let duration, let bounce) = bar.configuration.curve else {
            Issue.record("not a spring"); return
        }
        #expect(duration == 0.2 && abs(bounce - 0.1) < 1e-12)
        try bar.handle(.dragBegan(offset: 500), at: 1)
        try bar.handle(.scrolled(offset: 520, translation: -20), at: 1)
        #expect(bar.position(at: 1) == 1)
        let mid = bar.position(at: 1.05)
        #expect(mid < 1 && mid > 0)
        // Overshoots below 0 a little (bounce 0.1), then settles at exactly 0.
        var lowest = 1.0
        var t = 1.0
        while !bar.isSettled(at: t) { lowest = min(lowest, bar.position(at: t)); t += 1.0 / 240 }
        #expect(lowest < 0)
        #expect(bar.position(at: t) == 0)
        // Reverse mid-flight: the new animation starts where the old one was.
        var other = try Self.toolbar(.smoothed)
        try other.handle(.dragBegan(offset: 500), at: 0)
        try other.handle(.scrolled(offset: 520, translation: -20), at: 0)
        let before = other.position(at: 0.05)
        try other.handle(.scrolled(offset: 500, translation: 0), at: 0.05)
        #expect(other.isExpanded)
        #expect(abs(other.position(at: 0.05) - before) < 1e-9)
    }

    @Test("bad input: NaN offsets, negative sizes, time going backwards")
    func badInput() throws {
        #expect(throws: BehaviorError.self) { try ScrollExtent(contentHeight: -1, viewportHeight: 800) }
        #expect(throws: BehaviorError.self) { try ScrollExtent(contentHeight: 100, viewportHeight: .nan) }
        #expect(throws: BehaviorError.self) {
            try SafariToolbar(extent: Self.extent, configuration: .init(deadZone: -3))
        }
        var bar = try Self.toolbar(.smoothed)
        #expect(throws: BehaviorError.invalidNumber(name: "offset", value: .infinity)) {
            try bar.handle(.scrolled(offset: .infinity, translation: 0), at: 0)
        }
        try bar.handle(.dragBegan(offset: 0), at: 1)
        #expect(throws: BehaviorError.timeWentBackwards(previous: 1, time: 0.5)) {
            try bar.handle(.dragEnded(offset: 0), at: 0.5)
        }
    }

    @Test("random streams: every flip follows at least a dead zone of travel since the previous flip",
          arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func randomStreams(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let deadZone = 8.0
        let extent = try ScrollExtent(contentHeight: 4000, viewportHeight: 800, topInset: 20, bottomInset: 34)
        var bar = try SafariToolbar(extent: extent, configuration: .init(deadZone: deadZone))
        var time = 0.0
        var offset = 0.0
        var clampedSinceFlip: [Double] = [extent.clamp(offset)]
        var wasExpanded = true
        for _ in 0..<60 {
            // One drag with jittery steps, overscroll allowed, then a short deceleration.
            try bar.handle(.dragBegan(offset: offset), at: time)
            var translation = 0.0
            let drift = rng.double(-40, 40)
            for _ in 0..<Int(rng.double(2, 25)) {
                let step = drift + rng.double(-6, 6)
                translation -= step
                offset = min(max(offset + step, extent.minimumOffset - 60), extent.maximumOffset + 60)
                time += 1.0 / 60
                let update = try bar.handle(.scrolled(offset: offset, translation: translation), at: time)
                try check(update)
            }
            try bar.handle(.dragEnded(offset: offset), at: time)
            for _ in 0..<Int(rng.double(0, 6)) {
                offset = extent.clamp(offset + drift * 0.5)
                time += 1.0 / 60
                try check(try bar.handle(.scrolled(offset: offset, translation: nil), at: time))
            }
            #expect(bar.position(at: time + 5) == (bar.isExpanded ? 1 : 0))
        }

        func check(_ update: ToolbarUpdate) throws {
            let clamped = extent.clamp(offset)
            clampedSinceFlip.append(clamped)
            if clamped <= extent.minimumOffset + 1 { #expect(bar.isExpanded) }
            guard update.didToggle else { return }
            #expect(bar.isExpanded != wasExpanded)
            switch update.event {
            case .scrollDown?:
                #expect(clamped - clampedSinceFlip.min()! >= deadZone - 1e-9)
            case .scrollUp?:
                #expect(clampedSinceFlip.max()! - clamped >= deadZone - 1e-9)
            case .reachBottom?:
                #expect(offset >= extent.maximumOffset - 1)
            case nil:
                #expect(update.reason == .pinnedAtTop)
            default:
                Issue.record("unexpected flip \(String(describing: update.event))")
            }
            wasExpanded = bar.isExpanded
            clampedSinceFlip = [clamped]
        }
    }
}
