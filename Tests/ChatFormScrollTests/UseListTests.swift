@testable import ChatFormScroll
import ChatFormTesting
import Testing

/// The row cache's list of uses (least recently used measurements go first) while a field
/// is typed into: the list does not grow with keystrokes, and the field's row keeps its
/// place as the most recently used.
@Suite("Measurement cache: uses while typing")
struct UseListTests {
    @Test(arguments: [3, 17] as [UInt64])
    func typingKeepsTheUseListShortAndTheFieldMostRecentlyUsed(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let words = ["hello", "안녕하세요", "message", "👍🏽", "layout", "中文", "scroll", "caret"]
        let rows = (0..<300).map { i in
            Row<Int>.text(i, (0..<(1 + i % 9)).map { _ in words.randomElement(using: &rng)! }.joined(separator: " "), editable: true)
        }
        var t = try TableSession(rows: rows, viewport: Viewport(size: Size(width: 30, height: 20)),
                                 configuration: TableConfiguration(estimatedRowHeight: 2))
        t.cacheLimit = 64
        try t.scrollTo(150, anchor: .center)
        try t.field.focus(FieldRef(row: 150))
        let measuredAtFocus = Set((0..<300).filter { t.rows.isMeasured(row: $0) && $0 != 150 })
        let usesAtFocus = t.cache.uses.pendingCount
        let measurementsAtFocus = t.rows.measurementsMade
        for k in 0..<2_000 {
            try t.field.type(k % 7 == 6 ? " " : String(words[k % words.count].first!))
        }
        // Each keystroke moved the field's use; only rows measured meanwhile (brought into
        // view as the field grew) added uses, with the field's use again after each.
        let measuredWhileTyping = t.rows.measurementsMade - measurementsAtFocus
        #expect(t.cache.uses.pendingCount <= usesAtFocus + 1 + 2 * measuredWhileTyping,
                "\(t.cache.uses.pendingCount) uses after 2,000 keystrokes (\(usesAtFocus) at focus, \(measuredWhileTyping) rows measured)")
        t.field.blur()
        // Scrolling away measures new rows; eviction drops the least recently used first:
        // while any row measured before the typing is still kept (and never in view since),
        // the typed row is kept too. Far enough away, the typed row goes as well.
        var evictedTypedRow = false
        // Rows in view when an eviction runs are kept and queued again as if used then.
        var everInView = Set<Int>()
        for top in stride(from: 0, to: 100, by: 4) {   // never near the rows measured at focus
            try t.scrollTo(top, anchor: .top)
            everInView.formUnion(t.rows.inViewport())
            let olderKept = measuredAtFocus.subtracting(everInView).filter { t.rows.isMeasured(row: $0) }
            if !t.rows.isMeasured(row: 150) {
                evictedTypedRow = true
                #expect(olderKept.isEmpty, "row 150 evicted before rows used earlier: \(olderKept.sorted())")
            }
        }
        #expect(evictedTypedRow, "the typed row was never evicted")
        #expect(t.rows.cachedMeasurementCount <= 64 + 20)
    }
}
