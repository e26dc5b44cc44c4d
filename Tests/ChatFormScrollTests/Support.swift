import ChatFormTesting
import Testing
import ChatFormScroll
import ChatFormText

let samplePieces = ["hello ", "world", "안녕하세요 ", "반갑습니다", "👍🏽", "中文", "e\u{301}", " ", "  ",
                    "supercalifragilistic", "\n", "a", "키보드가 올라와요 ", "🇰🇷", "\t", "ok. "]

func randomText<G: RandomNumberGenerator>(_ rng: inout G, pieces: Int) -> String {
    (0..<pieces).map { _ in samplePieces.randomElement(using: &rng)! }.joined()
}

/// The row height SPEC §3 asks for, computed from the row alone (no engine state).
func expectedHeight<ID>(_ row: Row<ID>, width: Double, metrics: TerminalCellMetrics) throws -> Double {
    let lh = metrics.lineHeight
    let s = row.style
    let w = max(width - s.padding.left - s.padding.right, 1)
    func lines(_ text: String) throws -> Double { Double(try TextLayout(text: text, width: w, metrics: metrics).lineCount) }
    var content = 0.0
    switch row.content {
    case .text(let text, _):
        var limit = s.maxHeight - s.padding.top - s.padding.bottom
        if let m = s.maxLines { limit = min(limit, Double(m) * lh) }
        content = min(try lines(text) * lh, max(limit, lh))
    case .rich(let rich):
        // Laid out with the table's cells (the tests give no prepared text): as a text row.
        #expect(rich.prepared == nil)
        var limit = s.maxHeight - s.padding.top - s.padding.bottom
        if let m = s.maxLines { limit = min(limit, Double(m) * lh) }
        content = min(try lines(rich.text) * lh, max(limit, lh))
    case .fixed(let h):
        content = h
    case .stack(let items):
        for item in items {
            switch item.kind {
            case .text(let text, _, let maxLines):
                content += min(try lines(text) * lh, max(maxLines.map { Double($0) * lh } ?? .infinity, lh))
            case .space(let h):
                content += h
            }
        }
    }
    return min(s.maxHeight, max(s.minHeight, content + s.padding.top + s.padding.bottom))
}

/// Checks SPEC §3–§5's invariants on a table. `revealed`: the last change was one after
/// which the caret must be visible (an edit, a caret move, a keyboard frame, a resize).
func checkInvariants<ID>(_ t: TableSession<ID>, metrics: TerminalCellMetrics, revealed: Bool,
                         _ context: @autoclosure () -> String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let eps = 1e-6
    // Rows: heights from the rule, offsets are prefix sums, content height is their sum.
    var y = 0.0
    for i in 0..<t.rows.count {
        let f = t.rows.frame(ofRow: i)
        #expect(abs(f.y - y) < eps, "row \(i) y \(f.y) != prefix sum \(y): \(context())", sourceLocation: sourceLocation)
        if f.measured {
            let want = try expectedHeight(t.rows.row(at: i), width: t.viewport.size.width, metrics: metrics)
            #expect(abs(f.height - want) < eps, "row \(i) height \(f.height) != \(want): \(context())", sourceLocation: sourceLocation)
        }
        y += f.height
    }
    #expect(abs(t.rows.contentHeight - y) < eps, "content height \(t.rows.contentHeight) != \(y): \(context())", sourceLocation: sourceLocation)
    // Clamping (SPEC §4).
    let v = t.viewport
    let bottomAligned = t.configuration.contentAlignment == .bottom
    let minOffset = bottomAligned ? min(-v.topInset, t.rows.contentHeight + v.bottomInset - v.size.height) : -v.topInset
    let maxOffset = max(minOffset, t.rows.contentHeight + v.bottomInset - v.size.height)
    #expect(v.offset >= minOffset - eps && v.offset <= maxOffset + eps,
            "offset \(v.offset) outside [\(minOffset), \(maxOffset)]: \(context())", sourceLocation: sourceLocation)
    #expect(abs(v.bottomInset - (max(v.safeArea.bottom, v.keyboardOverlap) + v.extraBottomInset)) < eps, sourceLocation: sourceLocation)
    // The caret rule (SPEC §5.2).
    guard revealed, t.focus != nil else { return }
    guard let c = t.caret else {
        Issue.record("a focused field reports no caret: \(context())", sourceLocation: sourceLocation)
        return
    }
    let band = v.visibleBand
    let bandHeight = band.upperBound - band.lowerBound
    let margin = t.configuration.caretMargin
    let top = max(0, c.rect.minY - margin)
    let bottom = min(max(t.rows.contentHeight, c.rect.maxY), c.rect.maxY + margin)
    if bottom - top <= bandHeight + eps {
        #expect(top >= band.lowerBound - eps && bottom <= band.upperBound + eps,
                "caret \(c.rect.minY)...\(c.rect.maxY) ±\(margin) outside band \(band): \(context())", sourceLocation: sourceLocation)
    } else if bandHeight >= c.rect.height - eps {
        // Too tall for the band with its margin: the caret's line itself is shown, at the
        // band's top unless clamping holds the offset.
        #expect(c.rect.minY >= band.lowerBound - eps && c.rect.maxY <= band.upperBound + eps,
                "caret line \(c.rect.minY)...\(c.rect.maxY) outside band \(band): \(context())", sourceLocation: sourceLocation)
        let atTop = abs(c.rect.minY - band.lowerBound) < eps
        let clamped = abs(v.offset - maxOffset) < eps || abs(v.offset - minOffset) < eps
        #expect(atTop || clamped, "caret line not at the band's top: \(context())", sourceLocation: sourceLocation)
    } else {
        // The band is shorter than a line: the line's top is at the band's top.
        let clamped = abs(v.offset - maxOffset) < eps || abs(v.offset - minOffset) < eps
        #expect(abs(c.rect.minY - band.lowerBound) < eps || clamped, "caret top \(c.rect.minY) != band top \(band.lowerBound): \(context())", sourceLocation: sourceLocation)
    }
    // Inside a field past its line limit, the caret is inside the field's window.
    if let i = t.rows.index(of: c.field.row), let m = t.rows.measurement(ofRow: i), let item = m.item(at: c.field.item) {
        let fieldTop = t.rows.frame(ofRow: i).y + t.rows.row(at: i).style.padding.top + item.y
        #expect(c.rect.minY >= fieldTop - eps && c.rect.maxY <= fieldTop + item.height + eps,
                "caret outside its field's window: \(context())", sourceLocation: sourceLocation)
    }
}
