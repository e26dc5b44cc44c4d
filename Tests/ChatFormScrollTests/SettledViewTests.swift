@testable import ChatFormScroll
import ChatFormTesting
import Testing

/// What a keystroke reads instead of walking the prefix sums again: the rows in view kept
/// by the last settle (`_KeptReads`) and the focused row's index and top
/// . After every step of random chat sessions (typing, deleting,
/// rows added and removed, scrolls, resizes, the keyboard, eviction), whatever is still
/// valid must equal what a fresh walk gives, and every row in a settled view must be exact.
@Suite("Settled view and remembered row")
struct SettledViewTests {
    @Test(arguments: [1, 7, 23] as [UInt64])
    func keptRowsEqualAFreshWalk(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let words = ["hello", "안녕하세요", "message", "👍🏽", "layout", "中文", "scroll", "caret", "a", "longerword"]
        func text(_ n: Int) -> String { (0..<n).map { _ in words.randomElement(using: &rng)! }.joined(separator: " ") }
        var next = 0
        func rows(_ n: Int) -> [Row<Int>] {
            (0..<n).map { _ in
                next += 1
                return Row<Int>.text(next, text(Int.random(in: 1...12, using: &rng)), editable: true)
            }
        }
        var t = try TableSession(rows: rows(200), viewport: Viewport(size: Size(width: 30, height: 16)),
                                 configuration: TableConfiguration(estimatedRowHeight: 2))
        t.cacheLimit = 48
        var settledSteps = 0, rememberedSteps = 0
        for step in 0..<600 {
            let count = t.cache.rowCount
            switch Int.random(in: 0..<20, using: &rng) {
            case 0..<8:
                if t.focus == nil { try t.field.focus(FieldRef(row: t.cache.source.id(at: Int.random(in: 0..<count, using: &rng)))) }
                try t.field.type(Int.random(in: 0..<6, using: &rng) == 0 ? "\n" : text(1) + " ")
            case 8:
                if t.focus != nil { try t.field.deleteBackward(Int.random(in: 1...8, using: &rng)) }
            case 9:
                try t.field.focus(FieldRef(row: t.cache.source.id(at: Int.random(in: 0..<count, using: &rng))))
            case 10:
                try t.scroll(by: Double(Int.random(in: -40...40, using: &rng)))
            case 11:
                try t.scrollTo(t.cache.source.id(at: Int.random(in: 0..<count, using: &rng)), anchor: .center)
            case 12:
                try t.chat.append(rows(Int.random(in: 1...3, using: &rng)))
            case 13:
                try t.chat.insert(rows(Int.random(in: 1...3, using: &rng)), at: Int.random(in: 0...count, using: &rng))
            case 14:
                let id = t.cache.source.id(at: Int.random(in: 0..<count, using: &rng))
                if count > 20 && t.focus?.field.row != id { try t.chat.remove(id) }
            case 15:
                try t.resize(to: Size(width: Double(Int.random(in: 12...40, using: &rng)), height: Double(Int.random(in: 8...24, using: &rng))))
            case 16:
                try t.keyboard.show(height: Double(Int.random(in: 3...8, using: &rng)), duration: 0.2, curve: .easeInOut)
                try t.advance(by: 0.3)
            case 17:
                try t.keyboard.hide(duration: 0.2, curve: .easeInOut)
                try t.advance(by: 0.3)
            case 18:
                try t.chat.setText(text(Int.random(in: 1...20, using: &rng)), ofRow: t.cache.source.id(at: Int.random(in: 0..<count, using: &rng)))
            default:
                if t.focus != nil { try t.field.move(.down) }
            }
            let cache = t.cache, viewport = t.viewport
            let context = "seed \(seed) step \(step)"
            if let settled = cache.settled(viewport) {
                settledSteps += 1
                let band = viewport.visibleBand
                let inView = cache.heights.rows(intersecting: viewport.offset..<(viewport.offset + viewport.size.height))
                let inBand = cache.heights.rows(intersecting: band.lowerBound..<Swift.max(band.upperBound, band.lowerBound + 1e-9))
                #expect(settled.inView == inView, "\(context)")
                #expect(settled.inBand == inBand, "\(context)")
                #expect(settled.firstInBand?.index == inBand.first, "\(context)")
                if let first = inBand.first {
                    #expect(settled.firstInBand?.screenY == cache.heights.offset(ofRow: first) - band.lowerBound, "\(context)")
                }
                for i in inView {
                    let exact = cache.entries.widthAndPending(of: cache.source.id(at: i))
                    #expect(exact?.width == viewport.size.width && exact?.linesPending == false, "\(context): row \(i) in a settled view is not exact")
                }
            }
            if let r = cache.kept.row, r.generation == cache.kept.generation {
                rememberedSteps += 1
                #expect(cache.source.index(of: r.id) == r.index, "\(context)")
                #expect(cache.heights.offset(ofRow: r.index) == r.offset, "\(context)")
            }
        }
        // The keystrokes read what was kept (else this test checks nothing).
        #expect(settledSteps > 100 && rememberedSteps > 100, "settled \(settledSteps), remembered \(rememberedSteps)")
    }
}
