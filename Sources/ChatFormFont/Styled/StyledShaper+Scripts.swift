import ChatFormText

/// Fallback fonts per shaping range. A browser itemizes the paragraph's scripts once (so
/// HarfBuzz shapes `("git` after Korean text as Hangul, without Latin kerning), but picks the
/// fallback font for the characters its fonts lack from a hint: the first character of a
/// real script among them in the range it shapes (a stretch of elements in one font) and
/// script run. Common characters that open a stretch with no letter of their run after
/// them (`③ ` before a bold Korean span, ` ② ` between a Korean code span and a mention) so
/// fall back as Common text: under Noto Sans, `③` is DejaVu Sans's there (14.34 px at
/// 16 px), while in `③ 회사` or `회사 ③` in one span it is Noto Sans CJK's (16 px).
extension StyledShaper {
    /// For each element starting a stretch, the end (an element index) of the stretch: the
    /// spans after it in the same font and letter spacing (an attachment is its own). (The
    /// elements inside a stretch get 0.)
    static func stretchEnds(_ plans: [ElementPlan]) -> [Int] {
        // Appended into room made once: `Array(repeating:count:)` made its storage through
        // the unspecialized path, ~600 instructions a message.
        var ends: [Int] = []
        ends.reserveCapacity(plans.count)
        var i = 0
        while i < plans.count {
            var j = i + 1
            if plans[i].stack >= 0 {
                while j < plans.count && plans[j].stack == plans[i].stack && plans[j].letterSpacing == plans[i].letterSpacing { j += 1 }
            }
            ends.append(j)
            for _ in (i + 1)..<j { ends.append(0) }
            i = j
        }
        return ends
    }

    /// The ranges (ascending) whose clusters fall back as Common text: the pieces of items
    /// (itemized over the whole text) that open a stretch and hold no character of a real
    /// script inside it, when their item took a real script from text outside the stretch.
    ///
    /// The stretches are those `ends` (see `stretchEnds`) gives, of elements starting at
    /// `offsets`, attachments and empty stretches left out.
    ///
    /// - Complexity: O(stretches + items + the Common bytes opening the stretches).
    static func commonFallback(_ items: [TextItem], ends: [Int], plans: [ElementPlan], offsets: [Int],
                               bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var item = 0
        var i = 0
        while i < ends.count {
            let j = ends[i]
            defer { i = j }
            guard plans[i].stack >= 0 && offsets[j] > offsets[i] else { continue }
            let stretch = offsets[i]..<offsets[j]
            // The stretch's first character of a real script.
            var r = stretch.lowerBound
            while r < stretch.upperBound {
                let b = bytes[r]
                if b < 0x80 {
                    if (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A { break }
                    r += 1
                    continue
                }
                let (scalar, length) = UTF8Scalar.decode(bytes, at: r)
                if TextItemizer.script(of: scalar) != 0 { break }
                r += length
            }
            guard r > stretch.lowerBound else { continue }
            while item < items.count && items[item].range.upperBound <= stretch.lowerBound { item += 1 }
            var k = item
            while k < items.count && items[k].range.lowerBound < r {
                let t = items[k]
                // An item running past `r` holds the letter at `r`, of its own script.
                if (t.range.upperBound <= r || r == stretch.upperBound) && !t.isEmoji && t.script != TextItemizer.commonScript {
                    let piece = Swift.max(stretch.lowerBound, t.range.lowerBound)..<Swift.min(t.range.upperBound, r)
                    if let last = result.last, last.upperBound == piece.lowerBound {
                        result[result.count - 1] = last.lowerBound..<piece.upperBound
                    } else {
                        // Room for a few made at the first (a chat message has ~4: grown
                        // from empty, the array was allocated ~4 times).
                        if result.isEmpty { result.reserveCapacity(8) }
                        result.append(piece)
                    }
                }
                k += 1
            }
        }
        return result
    }
}
