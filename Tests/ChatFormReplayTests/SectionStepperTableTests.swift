import Testing
import ChatFormBehaviors
import ChatFormScroll
import ChatFormReplay

/// Seed 001 on the real engine: the terms screen's sections are rows of a table whose
/// heights start as estimates; each press lands the next section exactly at the band's top.
@Suite("Section stepper on a table")
struct SectionStepperTableTests {
    func terms(_ estimate: Double?) throws -> TableSession<String> {
        let texts = ["privacy": String(repeating: "We keep your data safe. ", count: 20),
                     "terms": String(repeating: "You agree to these terms. ", count: 40),
                     "payments": String(repeating: "Payments are processed by us. ", count: 12),
                     "marketing": "Marketing messages are optional."]
        let ids = ["privacy", "terms", "payments", "marketing"]
        return try TableSession(rows: ids.map { .text($0, texts[$0]!, style: RowStyle(padding: EdgeInsets(top: 1, bottom: 1))) },
                                viewport: Viewport(size: Size(width: 30, height: 20), safeArea: EdgeInsets(top: 2, bottom: 1),
                                                   extraBottomInset: 3),
                                configuration: TableConfiguration(estimatedRowHeight: estimate))
    }

    @Test(arguments: [nil, 1.0, 50.0])
    func eachPressLandsTheNextSectionAtTheTopThenAgrees(estimate: Double?) throws {
        var table = try terms(estimate)
        var stepper = try SectionStepper(sections: ["privacy", "terms", "payments", "marketing"])
        #expect(stepper.button == .scrollDown)
        for id in ["terms", "payments"] {
            let action = try stepper.next(in: &table)
            #expect(action == .scroll(to: id, offset: table.viewport.offset))
            let f = try table.rows.frame(of: id)
            #expect(abs(f.y - table.viewport.visibleBand.lowerBound) < 1e-9, "\(id) at the top")
        }
        // The last section is short: it cannot reach the top; the offset is clamped at the end.
        let last = try stepper.next(in: &table)
        guard case .scroll(to: "marketing", _) = last else { Issue.record("expected a scroll"); return }
        #expect(stepper.button == .agree)
        let maxOffset = table.rows.contentHeight + table.viewport.bottomInset - table.viewport.size.height
        #expect(abs(table.viewport.offset - maxOffset) < 1e-9)
        #expect(try table.rows.frame(of: "marketing").y > table.viewport.visibleBand.lowerBound)
        #expect(try stepper.next(in: &table) == .agree)
        #expect(stepper.button == .agreed)
        #expect(try stepper.next(in: &table) == SectionStepAction.none)
    }

    @Test func unknownSectionsAreErrors() throws {
        var table = try terms(nil)
        var stepper = try SectionStepper(sections: ["privacy", "nope"])
        #expect(throws: ScrollError.unknownRow("nope")) { try stepper.next(in: &table) }
    }
}
