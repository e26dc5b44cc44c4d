import ChatFormLayout
import Foundation
import Testing

/// SeedBehaviors.md, run as written.
@Suite("Article: the seed behaviours")
struct SeedBehaviorsArticle {
    @Test func theToolbar() throws {
        var toolbar = try SafariToolbar(extent: ScrollExtent(contentHeight: 3000, viewportHeight: 800))
        _ = try toolbar.handle(.dragBegan(offset: 0), at: 0)
        let update = try toolbar.handle(.scrolled(offset: 40, translation: -40), at: 0.1)
        let expanded = update.isExpanded   // false: scrolled down past the dead zone
        let position = toolbar.position(at: 0.1 + 0.2)   // 0 when collapsed; the spring may overshoot
        #expect(expanded == false)
        #expect(update.event == .scrollDown)
        #expect(abs(position) < 0.05)
        #expect(toolbar.position(at: 0.1) == 1)
    }

    @Test func theHeader() throws {
        var header = try CollapsingHeader(configuration: .init(headerHeight: 120))
        _ = try header.scroll(to: 31, at: 0)
        let collapsed = header.isCollapsed            // true
        let halfway = header.headerPosition(at: 0.15) // on its way up, between 0 and -120
        let done = header.headerPosition(at: 0.3)     // -120
        #expect(collapsed)
        #expect(halfway < 0 && halfway > -120)
        #expect(done == -120)
        #expect(header.isNavigationBarHidden)
    }

    @Test func theTabs() throws {
        var tabs = try NestedTabScroll(layout: .init(headerHeight: 300, tabBarHeight: 44, minimumHeaderHeight: 100,
                                                     viewportHeight: 800),
                                       tabs: [("posts", 2000), ("likes", 500)])
        try tabs.scroll(toOverlayOffset: 450)   // the container stops at 200, the list takes 250
        try tabs.selectTab("likes")
        #expect(tabs.selectedTab == "likes")
        try tabs.selectTab("posts")             // posts kept its 250
        #expect(tabs.containerOffset == 200 && tabs.selectedListOffset == 250)
        #expect(tabs.containerOffset == 200)
        #expect(throws: BehaviorError.unknownID("reposts")) { try tabs.selectTab("reposts") }
    }

    @Test func theSections() throws {
        var termsTable = try TableSession(rows: ["privacy", "terms", "payments", "marketing"].map {
            Row.text($0, String(repeating: "\($0) ", count: 200))
        }, viewport: Viewport(size: Size(width: 40, height: 20)))
        var stepper = try SectionStepper(sections: ["privacy", "terms", "payments", "marketing"])
        let action = try stepper.next(in: &termsTable)   // scrolls "terms" to the top
        #expect(action == .scroll(to: "terms", offset: try termsTable.rows.frame(of: "terms").y))
        #expect(try termsTable.rows.frame(of: "terms").y == termsTable.viewport.offset)
        #expect(stepper.currentSection == "terms")
        _ = try stepper.next(in: &termsTable)
        _ = try stepper.next(in: &termsTable)
        #expect(stepper.button == .agree)
    }

    @Test func aBehaviourScript() throws {
        let script = #"{"behavior": "header", "config": {"headerHeight": 120}, "events": [{"type": "scroll", "offset": 31, "at": 0}]}"#
        let lines = try BehaviorScript.run(script: Array(script.utf8), frames: true)
        // {"alpha":1,"collapsed":true,"headerPosition":0,"index":0,"kind":"event",...}, then 18 frames
        #expect(lines.count == 1 + 18)
        #expect(lines[0].hasPrefix(#"{"alpha":1,"collapsed":true,"headerPosition":0,"index":0,"kind":"event","#))
        let last = try JSONReader.parse(Array(lines.last!.utf8))
        #expect(last["headerPosition"]?.number == -120 && last["kind"]?.string == "frame")
        // The command prints the same lines.
        let command = try ToolProcessCheck.replay(script, frames: true)
        #expect(command == lines)
    }

    @Test func motion() throws {
        var clock = try AnimationClock(frameRate: 60)
        var inset = AnimatedValue(constant: 0)
        try inset.retarget(to: 10, at: clock.now, duration: 0.25, curve: .easeInOut)
        let frameTimes = try clock.advance(by: 0.25)            // the 15 frames crossed
        let insets = frameTimes.map { inset.value(at: $0) }     // eased from 0 to 10
        #expect(frameTimes.count == 15)
        #expect(insets.last == 10)
        #expect(zip(insets, insets.dropFirst()).allSatisfy { $0 < $1 })
        // Ease in and out: the middle steps are the largest.
        let steps = zip(insets, insets.dropFirst()).map { $1 - $0 }
        #expect(steps[6] > steps[0] && steps[6] > steps[steps.count - 1])
    }
}
