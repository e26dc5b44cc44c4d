import Testing
@testable import ChatFormBehaviors

@Suite("Nested tab scroll (seed 003)")
struct NestedTabScrollTests {
    static let layout = NestedTabScroll<String>.Layout(headerHeight: 300, tabBarHeight: 44, minimumHeaderHeight: 100,
                                                       viewportHeight: 800, bottomInset: 34)

    static func screen() throws -> NestedTabScroll<String> {
        try NestedTabScroll(layout: layout, tabs: [("posts", 2000), ("likes", 700), ("tags", 100)])
    }

    @Test("seed formulas: overlay content height and the offset split around top")
    func seedFormulas() throws {
        var s = try Self.screen()
        // header + tabBar + max(content, viewport − minHeader − tabBar − bottomInset) + bottomInset
        let fill = 800.0 - 100 - 44 - 34
        let postsHeight: Double = 300 + 44 + max(2000, fill) + 34
        #expect(s.overlayContentHeight(for: "posts") == postsHeight)
        let tagsHeight: Double = 300 + 44 + fill + 34
        #expect(s.overlayContentHeight(for: "tags") == tagsHeight)
        #expect(s.top == 300 - 100)
        // Below top: the container takes the whole offset, every list stays at 0.
        try s.scroll(toOverlayOffset: 150)
        #expect(s.containerOffset == 150 && s.selectedListOffset == 0)
        #expect(s.cachedOverlayOffsets.isEmpty)
        // At top: the container stops; past it the list takes the rest.
        try s.scroll(toOverlayOffset: 200)
        #expect(s.containerOffset == 200 && s.selectedListOffset == 0)
        try s.scroll(toOverlayOffset: 450)
        #expect(s.containerOffset == 200 && s.selectedListOffset == 250)
        #expect(s.cachedOverlayOffsets["posts"] == 450)
        #expect(s.invariantViolations().isEmpty)
    }

    @Test("per-tab offsets are remembered and restored on tab switch")
    func restore() throws {
        var s = try Self.screen()
        try s.scroll(toOverlayOffset: 450)
        try s.selectTab("likes")
        // No cached offset: the overlay follows the container, the header does not move.
        #expect(s.overlayOffset == 200 && s.containerOffset == 200 && s.selectedListOffset == 0)
        try s.scroll(toOverlayOffset: 260)
        #expect(s.selectedListOffset == 60)
        try s.selectTab("posts")
        #expect(s.overlayOffset == 450 && s.selectedListOffset == 250 && s.containerOffset == 200)
        try s.selectTab("likes")
        #expect(s.overlayOffset == 260 && s.selectedListOffset == 60)
        #expect(s.invariantViolations().isEmpty)
    }

    @Test("going back below top clears the caches and puts every list at 0")
    func belowTopClears() throws {
        var s = try Self.screen()
        try s.scroll(toOverlayOffset: 450)
        try s.selectTab("likes")
        try s.scroll(toOverlayOffset: 260)
        try s.scroll(toOverlayOffset: 120)
        #expect(s.cachedOverlayOffsets.isEmpty)
        #expect(s.listOffsets.values.allSatisfy { $0 == 0 })
        try s.selectTab("posts")
        #expect(s.overlayOffset == 120 && s.containerOffset == 120)
    }

    @Test("switching tabs mid-scroll keeps the header where it is", arguments: [0.0, 75, 199.5, 200])
    func switchMidScroll(offset: Double) throws {
        var s = try Self.screen()
        try s.scroll(toOverlayOffset: offset)
        let container = s.containerOffset
        for tab in ["likes", "tags", "posts", "tags"] {
            try s.selectTab(tab)
            #expect(s.containerOffset == container)
            #expect(s.invariantViolations().isEmpty)
        }
    }

    @Test("a content height change updates the overlay at once; restored offsets fit the new range")
    func contentHeightChange() throws {
        var s = try Self.screen()
        try s.scroll(toOverlayOffset: 1500)
        #expect(s.overlayOffset == 1500)
        try s.setContentHeight(3000, for: "posts")
        let expectedHeight: Double = 300 + 44 + 3000 + 34
        #expect(s.overlayContentHeight == expectedHeight)
        try s.setContentHeight(900, for: "posts")
        // Max overlay = 300 + 44 + 900 + 34 − 800 = 478: the offset is pulled in at once.
        #expect(s.overlayOffset == 478 && s.selectedListOffset == 278)
        // A short tab's restore is clamped against its own range (the seed set the offset first).
        try s.selectTab("likes")
        try s.scroll(toOverlayOffset: 10_000)
        #expect(s.overlayOffset == s.maximumOverlayOffset())
        try s.selectTab("posts")
        try s.setContentHeight(200, for: "likes")
        try s.selectTab("likes")
        #expect(s.overlayOffset == 200 && s.selectedListOffset == 0)
        #expect(s.invariantViolations().isEmpty)
    }

    @Test("bad input: unknown tabs, duplicates, negative heights")
    func bad() throws {
        var s = try Self.screen()
        #expect(throws: BehaviorError.unknownID("nope")) { try s.selectTab("nope") }
        #expect(throws: BehaviorError.unknownID("nope")) { try s.setContentHeight(10, for: "nope") }
        #expect(throws: BehaviorError.self) { try s.setContentHeight(-10, for: "posts") }
        #expect(throws: BehaviorError.self) { try s.scroll(toOverlayOffset: .nan) }
        #expect(throws: BehaviorError.self) { try s.resize(viewportHeight: .infinity) }
        #expect(throws: BehaviorError.duplicateID("a")) {
            try NestedTabScroll(layout: Self.layout, tabs: [("a", 1), ("a", 2)])
        }
        #expect(throws: BehaviorError.empty("tabs")) { try NestedTabScroll<String>(layout: Self.layout, tabs: []) }
        var bad = Self.layout
        bad.minimumHeaderHeight = 400
        #expect(throws: BehaviorError.self) { try NestedTabScroll(layout: bad, tabs: [("a", 1)]) }
        #expect(throws: BehaviorError.unknownID("z")) { try NestedTabScroll(layout: Self.layout, tabs: [("a", 1)], selected: "z") }
        // Out-of-range offsets clamp (documented): the seed's overlay does not bounce.
        try s.scroll(toOverlayOffset: -50)
        #expect(s.overlayOffset == 0)
    }

    @Test("random streams: offsets sum to the overlay offset and stay within range",
          arguments: [21, 22, 23, 24, 25, 26] as [UInt64])
    func randomInvariants(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let tabs = ["a", "b", "c", "d"]
        let layout = NestedTabScroll<String>.Layout(headerHeight: rng.double(100, 400), tabBarHeight: rng.double(0, 60),
                                                    minimumHeaderHeight: rng.double(0, 100),
                                                    viewportHeight: rng.double(300, 900), bottomInset: rng.double(0, 40))
        var s = try NestedTabScroll(layout: layout, tabs: tabs.map { ($0, rng.double(0, 3000)) })
        for _ in 0..<500 {
            let before = s
            switch rng.next() % 8 {
            case 0: try s.selectTab(tabs[Int(rng.next() % 4)])
            case 1: try s.setContentHeight(rng.double(0, 3000), for: tabs[Int(rng.next() % 4)])
            case 2: try s.resize(viewportHeight: rng.double(300, 900))
            default: try s.scroll(toOverlayOffset: s.overlayOffset + rng.double(-300, 300))
            }
            let problems = s.invariantViolations(tolerance: 1e-6)
            #expect(problems.isEmpty, "\(problems)")
            // Independent check of the split.
            #expect(abs(s.containerOffset - min(s.overlayOffset, s.top)) < 1e-6)
            #expect(abs(s.containerOffset + s.selectedListOffset - s.overlayOffset) < 1e-6)
            if before.selectedTab != s.selectedTab {
                // A tab switch never moves the header unless the new tab has a cached offset.
                if before.cachedOverlayOffsets[s.selectedTab] == nil {
                    #expect(abs(s.containerOffset - before.containerOffset) < 1e-6)
                }
            }
        }
    }
}
