import Testing
@testable import ChatFormFont
@testable import ChatFormText

/// A styled paragraph's stretch of printable ASCII that its stack's primary font draws
/// takes its runs from `FontStack.printableRuns`, without the full search: they must be the
/// runs the full search finds, and the stretches after it must find theirs as before.
@Suite("Printable stretches", .enabled(if: Fonts.available, "DejaVu Sans and Noto fonts are not installed (see .ci/run)"))
struct PrintableRunsTests {
    /// Seeded messages (ASCII words, Hangul, emoji, Arabic, marks after ASCII letters, in
    /// left-to-right and right-to-left paragraphs) cut into ascending stretches at random
    /// offsets: with the printable stretches' runs taken from `printableRuns`, every
    /// stretch's runs are those the full search finds when it searches every stretch, and
    /// enough stretches took the short path.
    @Test func printableStretchesFindTheFullSearchsRuns() throws {
        for family in ["Noto Sans", "DejaVu Sans"] {
            var short = 0, stretches = 0
            try check(try FontStack(family: family, size: 16), short: &short, stretches: &stretches)
            #expect(short > stretches / 5, "\(family): \(short) of \(stretches) stretches took the short path")
        }
    }

    /// 150 seeded messages cut into stretches, each stretch's runs found both ways in `fonts`.
    private func check(_ fonts: FontStack, short: inout Int, stretches: inout Int) throws {
        var rng = SplitMix64(seed: 1804)
        let family = fonts.primaryFaces[0].family
        for m in 0..<150 {
            let extra = ["e\u{301}clair", "(a+b)", "\u{627}\u{644}\u{633}\u{644}\u{627}\u{645}", "x\u{200D}y", "12:45"]
            let text = randomMessage(&rng) + " " + extra[Int(rng.next() % 5)] + " end"
            let direction: ParagraphDirection = m % 3 == 2 ? .rtl : .ltr
            let scratch = ShapedRunsScratch.forCurrentThread()
            let (items, clusters, opportunities) = try TextItemizer.segmentWithOpportunities(text, direction: direction,
                                                                                           scratch: scratch)
            var bytes = Array(text.utf8)
            // Ascending stretches at random offsets (some inside clusters, as spans cut them).
            var cuts = [0]
            while cuts.last! < bytes.count { cuts.append(min(bytes.count, cuts.last! + 1 + Int(rng.next() % 9))) }
            func find(short allowed: Bool) -> [[ShapedRun]] {
                var advances = [Int32](repeating: 0, count: bytes.count)
                var unsafe = [UInt8](repeating: 0, count: bytes.count)
                var found: [[ShapedRun]] = []
                bytes.withUnsafeMutableBufferPointer { all in
                    advances.withUnsafeMutableBufferPointer { advances in
                        unsafe.withUnsafeMutableBufferPointer { unsafe in
                            var out = ShapingOutput(advances: advances, unsafe: unsafe)
                            var finding = FontStack.RunFinding()
                            for k in 1..<cuts.count {
                                var runs: [ShapedRun] = []
                                let range = cuts[k - 1]..<cuts[k]
                                if allowed && fonts.printableRuns(UnsafeBufferPointer(all), range: range, items: items,
                                                                  clusters: clusters, into: &out, runs: &runs) {
                                    short += 1
                                } else {
                                    fonts.shape(UnsafeBufferPointer(all), range: range, items: items, clusters: clusters,
                                                ligatures: true, commonFallback: [], shapesRuns: false, syllables: opportunities,
                                                finding: &finding, into: &out, runs: &runs)
                                }
                                found.append(runs)
                            }
                        }
                    }
                }
                return found
            }
            let full = find(short: false), mixed = find(short: true)
            // The first stretch whose runs differ, named (the whole message's runs are too
            // long for a log to keep).
            if let k = full.indices.first(where: { mixed[$0] != full[$0] }) {
                let stretch = "\(family) message \(m), stretch \(cuts[k])..<\(cuts[k + 1]) of \(text.debugDescription)"
                Issue.record("\(stretch): \(mixed[k]) with the short path, \(full[k]) without")
            }
            stretches += cuts.count - 1
        }
    }
}
