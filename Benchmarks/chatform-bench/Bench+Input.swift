import ChatFormTesting
import ChatFormScroll

extension Bench {
    // MARK: Real input in the million-message chat

    /// Korean composed key by key into messages of the 1M chat (each key one or two
    /// marked-text edits, relayout, heights and the caret rule), and interactive keyboard
    /// drag moves (inset, content and clamping per move).
    func input(into results: inout Results) throws {
        let count = 1_000_000
        var table = try TableSession(source: GeneratedChat(count: count), viewport: Viewport(size: Size(width: 40, height: 30)),
                                     configuration: TableConfiguration(contentAlignment: .bottom, estimatedRowHeight: 3))
        try table.keyboard.show(height: 12, duration: 0)
        progress("composing Korean in messages of the chat")
        var rng = SplitMix64(seed: 12)
        var composer = HangulComposer()
        let keys = Array("gksrmf dlqfurdmf ekfrdl rkqtdl dlfrdj tnlqtmqslek ")
        var times: [Double] = []
        for k in 0..<(quick ? 500 : 3000) {
            if k % 60 == 0 {
                let target = Int.random(in: 0..<count, using: &rng)
                try table.scrollTo(target, anchor: .center)
                try table.field.focus(FieldRef(row: target))
                try table.field.move(.documentEnd)
                composer.reset()
            }
            let key = String(keys[k % keys.count])
            times.append(try Clock.time { try composer.type(key, into: &table) } * 1e6)
            if k % 89 == 0 {
                let c = table.caret!
                let band = table.viewport.visibleBand
                check(c.rect.minY >= band.lowerBound - 1e-9 && c.rect.maxY <= band.upperBound + 1e-9, "caret left the band")
                check((table.markedText?.text ?? "") == composer.markedText, "the marked text is not the composer's syllable")
            }
        }
        let c = Stats(times)
        results["compose.chat1M.p50_us"] = c.median
        results["compose.chat1M.p99_us"] = c.p99

        progress("dragging the keyboard in the chat")
        var moves: [Double] = []
        for k in 0..<(quick ? 50 : 300) {
            table.keyboard.beginDrag()
            for step in 0..<10 {
                let y = 18 + 0.4 * Double(step)
                moves.append(try Clock.time { try table.keyboard.moveDrag(toY: y) } * 1e6)
                check(abs(table.viewport.keyboardOverlap - min(12, 30 - y)) < 1e-9, "the keyboard does not follow the finger")
                check(table.viewport.offset <= table.viewport.maxOffset(contentHeight: table.rows.contentHeight) + 1e-9, "a blank band opened")
            }
            try table.keyboard.endDrag(velocity: k % 2 == 0 ? 0 : -100)   // back up
            try table.advance(by: 1)
            check(table.viewport.keyboardOverlap == 12, "the keyboard did not spring back")
        }
        let m = Stats(moves)
        results["keyboardDrag.chat1M.move_p50_us"] = m.median
        results["keyboardDrag.chat1M.move_p99_us"] = m.p99
    }
}
