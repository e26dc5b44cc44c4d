import ChatFormScroll
import ChatFormBehaviors

extension SectionStepper {
    /// Presses the button on a table whose rows are the sections (seed 001 on the real
    /// engine): the scroll is the table's `scrollTo(_:anchor: .top)`, which measures rows
    /// that were only estimated so the section lands exactly at the top of the band (or as
    /// near as clamping allows: a short last section cannot reach the top).
    ///
    /// ```swift
    /// var table = try TableSession(rows: terms, viewport: viewport)
    /// var stepper = try SectionStepper(sections: terms.map(\.id))
    /// try stepper.next(in: &table)     // .scroll(to: "terms", offset: …)
    /// ```
    ///
    /// - Throws: `ScrollError.unknownRow` if a section is not a row of the table.
    /// - Complexity: O(sections + log n) plus the text of the rows measured.
    @discardableResult
    public mutating func next(in table: inout TableSession<SectionID>) throws -> SectionStepAction<SectionID> {
        var tops: [Double] = []
        for id in sections { tops.append(try table.rows.frame(of: id).y) }
        let v = table.viewport
        let geometry = ScrollGeometry(contentHeight: table.rows.contentHeight, viewportHeight: v.size.height,
                                      topInset: v.topInset, bottomInset: v.bottomInset, offset: v.offset,
                                      sectionTops: tops)
        let action = try next(in: geometry)
        guard case .scroll(let id, _) = action else { return action }
        try table.scrollTo(id, anchor: .top)
        return .scroll(to: id, offset: table.viewport.offset)
    }
}
