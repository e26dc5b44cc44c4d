import ChatFormText

/// Shaping a styled paragraph's stretches (spans in one font and letter spacing) as ranges
/// of the whole text, in three passes: each stretch's runs found in text order (its stack's
/// fonts per cluster); the runs shaped a stack at a time, one pass through this thread's
/// word cache and HarfBuzz for all the stretches in that font, as a plain paragraph is
/// shaped; then, in text order, each run's face made the paragraph's, letter spacing and
/// edges added and attachments given their boxes. Shaping the runs of one font together
/// gives the same advances as a stretch at a time (each run is shaped on its own, the
/// text around it as context), with one call where there were as many as stretches.
extension StyledShaper {
    /// A stretch of elements `element..<end` (an attachment alone, `group` -1) whose runs
    /// are `runs` among the paragraph's; `group` names its stack and ligature setting.
    struct Stretch {
        var element: Int
        var end: Int
        var runs: Range<Int>
        var group: Int
    }

    /// Shapes `elements` (planned as `plans`, starting at `offsets` in the joined text
    /// `bytes`, itemized as `items`, `clusters` and `opportunities`: its Hangul syllables
    /// alone are flagged there) into `out` and `runs`, the faces, extras
    /// and hanging edges found on the way.
    ///
    /// - Complexity: O(text + elements × stacks) plus the shaping.
    static func shapeStretches(_ elements: [StyledElement], _ plans: [ElementPlan], offsets: [Int], stacks: [FontStack],
                               bytes: UnsafeBufferPointer<UInt8>, items: [TextItem], clusters: [Int32],
                               opportunities: [UInt8], into out: inout ShapingOutput, runs: inout [ShapedRun], faces: inout Faces,
                               extras: inout Extras, hangingEdges: inout [Int32: Int32]) {
        // Each element's stretch end (an element index), found once.
        let ends = Self.stretchEnds(plans)
        let commonFallback = Self.commonFallback(items, ends: ends, plans: plans, offsets: offsets, bytes: bytes)
        // 1. The runs, in text order, faces the stacks' own.
        var stretches: [Stretch] = []
        stretches.reserveCapacity(elements.count)
        // Each group's stack and ligature setting, and its run count (then, see below, where
        // its runs end among all groups' runs).
        var groups: [(stack: Int, ligatures: Bool, runs: Int)] = []
        groups.reserveCapacity(4)
        // What finding runs reads of each stack, kept from one of its stretches to the next.
        // (Appended: `Array(repeating:count:)` made its storage through the unspecialized
        // path, a look-up of its type's metadata, ~300 instructions.)
        var findings: [FontStack.RunFinding] = []
        findings.reserveCapacity(stacks.count)
        for _ in stacks.indices { findings.append(FontStack.RunFinding()) }
        var item = 0   // the item holding the current attachment
        var i = 0
        while i < elements.count {
            let start = offsets[i], j = ends[i]
            guard plans[i].stack >= 0 else {
                // An attachment: one cluster, one run, at the level around it.
                while item + 1 < items.count && items[item].range.upperBound <= start { item += 1 }
                let level = item < items.count ? items[item].bidiLevel : 0
                runs.append(ShapedRun(range: start..<(start + 3), face: 0, bidiLevel: level, script: 0x5A79_7979, item: item))
                stretches.append(Stretch(element: i, end: i + 1, runs: (runs.count - 1)..<runs.count, group: -1))
                i += 1
                continue
            }
            // A stretch of spans in one font, shaped as one range of the text.
            // (Letter spacing is part of a browser's font: spans spaced apart are shaped
            // apart, and optional ligatures are off where it is not zero.)
            let end = offsets[j]
            guard end > start else { i = j; continue }
            let k = plans[i].stack, ligatures = plans[i].letterSpacing == 0
            var group = 0
            while group < groups.count && !(groups[group].stack == k && groups[group].ligatures == ligatures) { group += 1 }
            if group == groups.count { groups.append((k, ligatures, 0)) }
            let first = runs.count
            // (Printable ASCII the stack's primary font draws, mostly: its runs found without
            // the full search's set-up.)
            if !stacks[k].printableRuns(bytes, range: start..<end, items: items, clusters: clusters, into: &out, runs: &runs) {
                stacks[k].shape(bytes, range: start..<end, items: items, clusters: clusters, ligatures: ligatures,
                                commonFallback: commonFallback, shapesRuns: false, syllables: opportunities,
                                finding: &findings[k], into: &out, runs: &runs)
            }
            stretches.append(Stretch(element: i, end: j, runs: first..<runs.count, group: group))
            groups[group].runs += runs.count - first
            i = j
        }
        // 2. Shaped a stack (and ligature setting) at a time.
        if let buffer = ShapingBuffer.forCurrentThread() {
            if groups.count == 1 && stretches.allSatisfy({ $0.group == 0 }) {
                buffer.shape(runs[...], of: stacks[groups[0].stack].state, bytes, clusters: clusters,
                             ligatures: groups[0].ligatures, into: &out)
            } else if !groups.isEmpty {
                // The runs by group, each group's in text order: placed in one pass, each at
                // its group's next place (a counting sort; gathered group by group, the
                // stretches were walked once a group and each run appended on its own).
                var total = 0
                for g in groups.indices {
                    let count = groups[g].runs
                    groups[g].runs = total   // where the group's runs start, then its next place
                    total += count
                }
                // (A copy of the runs written over: `Array(unsafeUninitializedCapacity:)` made
                // its storage through the unspecialized path, ~300 instructions. The first
                // `total` are the groups' runs; attachments' runs leave as many after them.)
                var gathered = runs
                runs.withUnsafeBufferPointer { runs in
                    gathered.withUnsafeMutableBufferPointer { gathered in
                        for s in stretches where s.group >= 0 {
                            var at = groups[s.group].runs
                            for r in s.runs {
                                gathered[at] = runs[r]
                                at += 1
                            }
                            groups[s.group].runs = at
                        }
                    }
                }
                var start = 0
                for g in groups.indices {
                    let end = groups[g].runs   // (its runs placed, its next place is its end)
                    buffer.shape(gathered[start..<end], of: stacks[groups[g].stack].state, bytes, clusters: clusters,
                                 ligatures: groups[g].ligatures, into: &out)
                    start = end
                }
            }
        }
        // 3. In text order: faces, attachments' boxes, letter spacing and edges (the runs
        // through a pointer: the array's uniqueness checked once, not a run).
        var spaced = 0    // the item holding the cluster letter spacing is asked of
        runs.withUnsafeMutableBufferPointer { runs in
            for s in stretches {
                if s.group < 0 {
                    guard case .attachment(let a) = elements[s.element] else { continue }
                    let start = offsets[s.element]
                    let amount = Int32(((a.width + a.edges.start + a.edges.end) * 65536).rounded())
                    out.advances[start] = amount
                    extras.add(start, amount)
                    runs[s.runs.lowerBound].face = faces.attachment(a)
                    continue
                }
                let k = groups[s.group].stack, ligatures = groups[s.group].ligatures
                var local = -1, face = 0   // the last face looked up (a stretch's runs are mostly in one)
                for r in s.runs {
                    if runs[r].face != local {
                        local = runs[r].face
                        face = faces.face(stacks, index: k, local: local, ligatures: ligatures)
                    }
                    runs[r].face = face
                }
                // Letter spacing after every cluster, edges on the first and last.
                for e in s.element..<s.end {
                    let plan = plans[e]
                    let s0 = offsets[e], s1 = offsets[e + 1]
                    guard s1 > s0, plan.spacing != 0 || plan.startEdge != 0 || plan.endEdge != 0 else { continue }
                    // The span's HarfBuzz clusters (as shaped: a byte inside one is marked 2
                    // in `unsafe`), its start first. Chromium adds letter spacing after each
                    // cluster of its shaping result, which in Indic scripts is finer than a
                    // grapheme cluster (a half form's consonant: `प्त` is two).
                    var lastClusterStart = s0, lastClusterEnd = s0
                    var at = s0
                    while at < s1 {
                        while spaced < items.count - 1 && items[spaced].range.upperBound <= at { spaced += 1 }
                        var amount = plan.spacing != 0 && _LetterSpacing.takes(bytes, at, script: items[spaced].script)
                            ? plan.spacing : 0
                        if at == s0 { amount &+= plan.startEdge }
                        if amount != 0 {
                            out.advances[at] &+= amount
                            extras.add(at, amount)
                        }
                        var next = at + 1
                        while next < s1 && out.unsafe[next] == 2 { next += 1 }
                        // The end edge goes after the last cluster that is not a collapsible
                        // space: a space ending the span hangs at a line end, and the
                        // inline box's end padding stays on the line before it (the box's
                        // last fragment ends there; `box-decoration-break: slice`).
                        if at == s0 || !(next == at + 1 && bytes[at] == 0x20) { (lastClusterStart, lastClusterEnd) = (at, next) }
                        at = next
                    }
                    if plan.endEdge != 0 {
                        out.advances[lastClusterStart] &+= plan.endEdge
                        extras.add(lastClusterStart, plan.endEdge)
                        // Spaces after it: a line ending in them is fitted without the edge.
                        if plan.endEdge > 0 && lastClusterEnd < s1 { hangingEdges[Int32(lastClusterEnd), default: 0] &+= plan.endEdge }
                    }
                }
            }
        }
    }
}
