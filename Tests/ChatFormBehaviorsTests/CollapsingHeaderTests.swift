import Testing
import ChatFormMotion
@testable import ChatFormBehaviors

@Suite("Collapsing header (seed 002)")
struct CollapsingHeaderTests {
    @Test("seed: above 30 pt the header snaps up by its height over 0.3 s and the navigation bar hides")
    func thirtyPointSnap() throws {
        var header = try CollapsingHeader(configuration: .init(headerHeight: 120))
        for (i, offset) in [5.0, 15, 29, 30].enumerated() {
            try header.scroll(to: offset, at: Double(i) * 0.1)
            #expect(!header.isCollapsed, "offset \(offset) is not above 30")
            #expect(header.headerPosition(at: Double(i) * 0.1) == 0)
        }
        try header.scroll(to: 30.5, at: 1)
        #expect(header.isCollapsed && header.isNavigationBarHidden)
        #expect(header.headerPosition(at: 1) == 0)
        // easeInOut is symmetric: half-way in time is half-way in space.
        #expect(abs(header.headerPosition(at: 1.15) + 60) < 1e-6)
        #expect(header.headerPosition(at: 1.3) == -120)
        #expect(header.animation.isFinished(at: 1.3))
        // Between 0 and 30 the header keeps its state (hysteresis); at 0 it comes back.
        try header.scroll(to: 12, at: 2)
        #expect(header.isCollapsed)
        try header.scroll(to: 0, at: 3)
        #expect(!header.isCollapsed && !header.isNavigationBarHidden)
        #expect(header.headerPosition(at: 3.3) == 0)
    }

    @Test("seed: at offset <= 0 the alpha follows the pull", arguments: [0.0, -12, -60, -119, -120, -500])
    func alphaFollowsPull(offset: Double) throws {
        var header = try CollapsingHeader(configuration: .init(headerHeight: 120))
        try header.scroll(to: offset, at: 0)
        #expect(abs(header.alpha - max(0, 1 - (-offset) / 120)) < 1e-12)
        try header.scroll(to: 40, at: 1)
        #expect(header.alpha == 1)
    }

    @Test("the seed's literal navigation bar flag is available")
    func literalNavigationBar() throws {
        var header = try CollapsingHeader(configuration: .init(headerHeight: 80, hidesNavigationBarWhenCollapsed: false))
        #expect(header.isNavigationBarHidden)
        try header.scroll(to: 50, at: 0)
        #expect(!header.isNavigationBarHidden)
    }

    @Test("snap to nearest when a drag ends half-way (follow mode)",
          arguments: [(70.0, true, 120.0), (50.0, false, 0.0), (60.0, false, 0.0), (61.0, true, 120.0)])
    func snapToNearest(offset: Double, collapses: Bool, target: Double) throws {
        var header = try CollapsingHeader(configuration: .init(headerHeight: 120, mode: .follow))
        try header.dragBegan(at: 0)
        try header.scroll(to: offset, at: 0.1)
        #expect(header.headerPosition(at: 0.1) == -offset)
        let update = try header.dragEnded(at: 0.2)
        #expect(update.snapTargetOffset == target)
        #expect(header.isCollapsed == collapses)
        #expect(header.headerPosition(at: 0.5) == (collapses ? -120 : 0))
        // Deceleration events while the snap runs leave it alone.
        try header.scroll(to: offset + 3, at: 0.25)
        #expect(header.headerPosition(at: 0.5) == (collapses ? -120 : 0))
    }

    @Test("minimum height: the header collapses only down to it", arguments: HeaderMode.allCases)
    func minimumHeight(mode: HeaderMode) throws {
        var header = try CollapsingHeader(configuration: .init(headerHeight: 200, minimumHeight: 56, mode: mode))
        #expect(header.collapseRange == 144)
        try header.dragBegan(at: 0)
        try header.scroll(to: 400, at: 0.1)
        try header.dragEnded(at: 0.2)
        #expect(header.headerPosition(at: 5) == -144)
        #expect(header.visibleHeight(at: 5) == 56)
        #expect(header.isCollapsed)
    }

    @Test("enterAlways: any upward scroll reveals the header by the distance scrolled")
    func enterAlways() throws {
        var header = try CollapsingHeader(configuration: .init(headerHeight: 120, mode: .enterAlways,
                                                               snapsToNearestOnDragEnd: false))
        try header.dragBegan(at: 0)
        try header.scroll(to: 600, at: 0.1)
        #expect(header.headerPosition(at: 0.1) == -120)
        try header.scroll(to: 570, at: 0.2)
        #expect(header.headerPosition(at: 0.2) == -90)
        try header.scroll(to: 400, at: 0.3)
        #expect(header.headerPosition(at: 0.3) == 0)
        try header.scroll(to: 450, at: 0.4)
        #expect(header.headerPosition(at: 0.4) == -50)
    }

    @Test("bad configuration and input throw typed errors")
    func bad() throws {
        #expect(throws: BehaviorError.self) { try CollapsingHeader(configuration: .init(headerHeight: -1)) }
        #expect(throws: BehaviorError.self) { try CollapsingHeader(configuration: .init(headerHeight: .nan)) }
        #expect(throws: BehaviorError.self) { try CollapsingHeader(configuration: .init(headerHeight: 50, minimumHeight: 60)) }
        #expect(throws: BehaviorError.self) { try CollapsingHeader(configuration: .init(headerHeight: 50, duration: -0.3)) }
        #expect(throws: BehaviorError.self) {
            try CollapsingHeader(configuration: .init(headerHeight: 50, curve: .spring(duration: 0.3, bounce: 5)))
        }
        var header = try CollapsingHeader(configuration: .init(headerHeight: 50))
        #expect(throws: BehaviorError.self) { try header.scroll(to: .nan, at: 0) }
        try header.scroll(to: 10, at: 2)
        #expect(throws: BehaviorError.timeWentBackwards(previous: 2, time: 1)) { try header.scroll(to: 10, at: 1) }
    }

    @Test("random streams: the header stays within [-range, 0] at every event and frame",
          arguments: [(HeaderMode.threshold, UInt64(11)), (.follow, 12), (.enterAlways, 13),
                      (.threshold, 14), (.follow, 15), (.enterAlways, 16)])
    func randomRange(mode: HeaderMode, seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let minimum = rng.double(0, 60)
        // A bouncy spring overshoots: the position must still be clamped.
        let curve: TimingCurve = seed.isMultiple(of: 2) ? .spring(duration: 0.3, bounce: 0.6) : .easeInOut
        var header = try CollapsingHeader(configuration: .init(headerHeight: 150, minimumHeight: minimum,
                                                               curve: curve, mode: mode))
        let range = 150 - minimum
        var time = 0.0
        var offset = 0.0
        for _ in 0..<400 {
            switch rng.next() % 10 {
            case 0: try header.dragBegan(at: time)
            case 1: try header.dragEnded(at: time)
            default:
                offset = min(max(offset + rng.double(-60, 60), -150), 2000)
                try header.scroll(to: offset, at: time)
            }
            var t = time
            time += rng.double(0, 0.2)
            while t < time {
                let position = header.headerPosition(at: t)
                #expect(position >= -range && position <= 0)
                t += 1.0 / 60
            }
            #expect(header.alpha >= 0 && header.alpha <= 1)
            if mode == .threshold && offset > 30 { #expect(header.isCollapsed) }
            if offset <= 0 { #expect(!header.isCollapsed) }
        }
    }
}
