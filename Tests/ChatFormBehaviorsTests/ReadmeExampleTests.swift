import Testing
import ChatFormScroll
import ChatFormBehaviors

/// The README's code samples, run as written (so they keep compiling and mean what they say).
@Suite("README examples")
struct ReadmeExampleTests {
    @Test func theFormExample() throws {
        let form = Row<String>(id: "form", content: .stack([
            .label("Name"), .field("name", text: "Kim"), .space(1),
            .label("Introduce yourself"), .field("bio"),
        ]), style: RowStyle(padding: EdgeInsets(top: 1, left: 2, bottom: 1, right: 2)))
        var table = try TableSession(rows: [form],
                                     viewport: Viewport(size: Size(width: 36, height: 24), extraBottomInset: 3))
        try table.focus(table.field(named: "bio", inRow: "form")!)
        try table.showKeyboard(height: 10, duration: 0.25, curve: .easeInOut)
        var frames = 0
        try table.advance(by: 0.3) { frame in
            frames += 1
            let band = frame.viewport.visibleBand
            #expect(frame.caret!.rect.minY >= band.lowerBound && frame.caret!.rect.maxY <= band.upperBound)
        }
        try table.type("The field grows, the table scrolls, the caret stays above the keyboard.")
        #expect(frames > 10)
        #expect(table.frame(ofRow: 0).lines == 1 + 1 + 1 + 3)   // labels and name, then bio in 3 lines at width 32
    }

    @Test func theBehaviourExamples() throws {
        var toolbar = try SafariToolbar(extent: ScrollExtent(contentHeight: 3000, viewportHeight: 800))
        _ = try toolbar.handle(.dragBegan(offset: 0), at: 0)
        let update = try toolbar.handle(.scrolled(offset: 40, translation: -40), at: 0.1)
        #expect(update.isExpanded == false)

        var header = try CollapsingHeader(configuration: .init(headerHeight: 120))
        _ = try header.scroll(to: 31, at: 0)
        #expect(header.isCollapsed)
        #expect(header.headerPosition(at: 0.3) == -120)

        var tabs = try NestedTabScroll(layout: .init(headerHeight: 300, tabBarHeight: 44, minimumHeaderHeight: 100,
                                                     viewportHeight: 800),
                                       tabs: [("posts", 2000), ("likes", 500)])
        try tabs.scroll(toOverlayOffset: 450)
        #expect(tabs.containerOffset == 200 && tabs.selectedListOffset == 250)
        try tabs.selectTab("likes")

        var termsTable = try TableSession(rows: ["privacy", "terms", "payments", "marketing"].map { .text($0, String(repeating: "\($0) ", count: 200)) },
                                          viewport: Viewport(size: Size(width: 40, height: 20)))
        var stepper = try SectionStepper(sections: ["privacy", "terms", "payments", "marketing"])
        try stepper.next(in: &termsTable)
        #expect(try termsTable.frame(of: "terms").y == termsTable.viewport.offset)
    }
}
