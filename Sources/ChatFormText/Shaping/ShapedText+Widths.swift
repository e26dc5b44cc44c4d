/// Widths of stretches of a prepared text, as a browser measures them: exact sums of the
/// prepared advances, edges that are not safe to break shaped again, tabs at their stops.
extension ShapedText {
    /// The width of boundaries `s..<e` as a browser sums a line of inline items: each
    /// item's piece (see `items`) rounded up to a layout unit on its own; `hyphen` is added
    /// to the last piece.
    func itemizedWidth(from s: Int, to e: Int, hyphen: Int64 = 0) -> Int64 {
        if e <= s { return 0 }
        let items = self.items
        // The first item start after `s`.
        var lo = 0, hi = items.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if Int(items[mid].boundary) <= s { lo = mid + 1 } else { hi = mid }
        }
        var total: Int64 = 0
        var a = s
        while lo < items.count && Int(items[lo].boundary) < e {
            let b = Int(items[lo].boundary)
            total += _LayoutUnit.ceil(rawWidth(from: a, to: b))
            a = b
            lo += 1
        }
        return total + _LayoutUnit.ceil(rawWidth(from: a, to: e) + hyphen)
    }

    /// The UTF-8 offsets inside `range` where an inline item rounded on its own starts
    /// (`items`), ascending.
    ///
    /// - Complexity: O(log items + those in the range).
    func itemStartOffsets(in range: Range<Int>) -> [Int] {
        let items = self.items
        guard !items.isEmpty else { return [] }
        let first = boundary(of: range.lowerBound)
        var lo = 0, hi = items.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if Int(items[mid].boundary) <= first { lo = mid + 1 } else { hi = mid }
        }
        var result: [Int] = []
        while lo < items.count, case let o = Int(offsets[Int(items[lo].boundary)]), o < range.upperBound {
            result.append(o)
            lo += 1
        }
        return result
    }

    /// The boundary index of UTF-8 `offset` (which must be a boundary).
    func boundary(of offset: Int) -> Int {
        var lo = 0, hi = offsets.count - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            if Int(offsets[mid]) < offset { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The exact width of boundaries `s..<e` (unsafe edges reshaped, tabs at their stops).
    func rawWidth(from s: Int, to e: Int) -> Int64 {
        if e <= s { return 0 }
        if hasTabs, let w = widthWithTabs(from: s, to: e) { return w }
        return pieceWidth(from: s, to: e)
    }

    /// The width of boundaries `a..<b`, with unsafe edges reshaped.
    func pieceWidth(from a: Int, to b: Int) -> Int64 {
        let last = offsets.count - 1
        let startUnsafe = has(a, Flags.unsafe)
        let endUnsafe = b < last && has(b, Flags.unsafe)
        if !startUnsafe && !endUnsafe { return x[b] - x[a] }
        // The first safe boundary after `a` and the last safe one before `b`.
        var t = a
        if startUnsafe {
            t = a + 1
            while t < b && has(t, Flags.unsafe) { t += 1 }
        }
        var u = b
        if endUnsafe {
            u = b - 1
            while u > t && has(u, Flags.unsafe) { u -= 1 }
        }
        if t >= u { return reshaped(from: a, to: b) }
        var w = x[u] - x[t]
        if startUnsafe { w += reshaped(from: a, to: t) }
        if endUnsafe { w += reshaped(from: u, to: b) }
        return w
    }

    /// Whether a tab is among boundaries `s..<e`.
    func containsTab(from s: Int, to e: Int) -> Bool {
        var k = s
        while k < e {
            if has(k, Flags.tab) { return true }
            k += 1
        }
        return false
    }

    /// Boundaries `a..<b` (inside one run) shaped on their own.
    func reshaped(from a: Int, to b: Int) -> Int64 {
        let key = Int64(a) << 32 | Int64(b)
        return edgeCache.value(key) {
            let start = Int(offsets[a])
            let run = runList[runIndex(containing: start)]
            return shaper.advance(of: start..<Int(offsets[b]), in: text, run: run)
        }
    }

    /// The index of the run containing UTF-8 `offset`.
    func runIndex(containing offset: Int) -> Int {
        var lo = 0, hi = runList.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if runList[mid].range.lowerBound <= offset { lo = mid } else { hi = mid - 1 }
        }
        return Swift.max(0, lo)
    }

    /// With a tab among boundaries `s..<e`: walk the clusters, tabs advancing to their stops
    /// (measured from the line's start). Nil when there is no tab.
    private func widthWithTabs(from s: Int, to e: Int) -> Int64? {
        var k = s
        while k < e && !has(k, Flags.tab) { k += 1 }
        if k == e { return nil }
        return walkingTabs(from: s, to: e) { a, b in pieceWidth(from: a, to: b) }
    }

    /// The advance of boundaries `s..<e` on one line, each stretch between tabs measured by
    /// `piece`, each tab advancing to its stop.
    func walkingTabs(from s: Int, to e: Int, _ piece: (Int, Int) -> Int64) -> Int64 {
        var w: Int64 = 0
        var a = s
        while a < e {
            var k = a
            while k < e && !has(k, Flags.tab) { k += 1 }
            if k > a { w += piece(a, k) }
            if k < e {
                w = shaper.tabStop(afterFixed: w)
                k += 1
            }
            a = k
        }
        return w
    }

    /// The height of a line's box: the caller's fixed line height, or the strut of the
    /// primary font united with the box of every font used on the line (CSS
    /// `line-height: normal`).
    func lineBoxHeight(from s: Int, to e: Int) -> Double {
        if let fixed = fixedLineHeight { return fixed }
        if !usesFallbackFonts { return strutHeight }
        let strut = faces[0].box(lineHeight: faces[0].lineSpacing)
        var ascent = strut.ascent
        var descent = strut.descent
        let start = Int(offsets[s])
        var end = Int(offsets[e])
        if e > s && has(e - 1, Flags.terminator) { end = Int(offsets[e - 1]) }
        if end > start && !runList.isEmpty {
            var r = runIndex(containing: start)
            while r < runList.count && runList[r].range.lowerBound < end {
                let face = runList[r].face
                if face != 0 && face < faces.count {
                    let box = faces[face].box(lineHeight: faces[face].lineSpacing)
                    ascent = Swift.max(ascent, box.ascent)
                    descent = Swift.max(descent, box.descent)
                }
                r += 1
            }
        }
        return ascent + descent
    }
}
