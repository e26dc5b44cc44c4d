import Testing
@testable import ChatFormFont
@testable import ChatFormText

/// A thread's shaper keeps the shape plans of the runs it shapes (by face, script,
/// direction, language and feature list) and executes them, rather than having `hb_shape`
/// look its face's plans up on every call: every run must come out as `hb_shape` shapes it.
@Suite("Kept shape plans", .enabled(if: Fonts.available, "DejaVu Sans and Noto fonts are not installed (see .ci/run)"))
struct ShapePlanTests {
    /// Every run of seeded messages in many scripts (left to right and right to left, in the
    /// stack's families and its fallback faces), with optional ligatures on and off, shaped
    /// through the kept plans (the first time, when the plan is made, and again, when it is
    /// reused after other faces, scripts and feature lists were shaped) gives the glyphs'
    /// clusters, advances and flags `hb_shape` gives, in Noto Sans's stack and DejaVu Sans's.
    @Test func keptPlansShapeAsHarfBuzz() throws {
        let buffer = try #require(ShapingBuffer.forCurrentThread())
        defer { buffer.keepsShapePlans(true) }
        var throughKeptPlans = [0, 0]   // runs the kept path shaped through a kept plan (ligatures on, off)
        // The comparison of one run: through `hb_shape`, then through the kept plans.
        func compare(_ text: String, _ run: ShapedRun, _ fonts: FontStack, ligatures: Bool) -> [Glyph] {
            buffer.keepsShapePlans(false)
            let harfBuzz = glyphs(text, run, fonts, ligatures: ligatures)
            buffer.keepsShapePlans(true)
            let kept = buffer.keptPlanCalls(ligatures: ligatures)
            #expect(glyphs(text, run, fonts, ligatures: ligatures) == harfBuzz, "\(text) \(run.range) \(ligatures)")
            // (The run went through a kept plan of its feature list, not `hb_shape` again.)
            if buffer.keptPlanCalls(ligatures: ligatures) > kept { throughKeptPlans[ligatures ? 0 : 1] += 1 }
            return harfBuzz
        }
        for (seed, family) in [(105, "Noto Sans"), (106, "DejaVu Sans")] {
            let fonts = try FontStack(family: family, size: 16)
            var rng = SplitMix64(seed: UInt64(seed))
            var checked = 0, rightToLeft = 0, withLigatures = 0
            for _ in 0..<60 {
                let text = randomMessage(&rng) + " office fluffy"
                let runs = try fonts.shape(text).runs
                for run in runs {
                    let on = compare(text, run, fonts, ligatures: true), off = compare(text, run, fonts, ligatures: false)
                    checked += 2
                    if run.bidiLevel & 1 == 1 { rightToLeft += 1 }
                    // (A plan kept for one feature list and executed for the other would show here.)
                    if on != off { withLigatures += 1 }
                }
                // Each run again, now that every plan is kept.
                for run in runs { _ = compare(text, run, fonts, ligatures: true) }
            }
            #expect(checked > 500, "\(family)")
            #expect(rightToLeft > 20, "\(family): right-to-left runs were checked")
            #expect(withLigatures > 20, "\(family): runs shaped differently with ligatures off were checked")
        }
        // Nearly every kept-path call executes a kept plan (one in 4,096 goes through `hb_shape`).
        #expect(throughKeptPlans[0] > 500 && throughKeptPlans[1] > 250, "\(throughKeptPlans)")
    }

    /// The glyphs of `run` of `text` in its face: (cluster, advance, unsafe to break) each,
    /// in logical order.
    private func glyphs(_ text: String, _ run: ShapedRun, _ fonts: FontStack, ligatures: Bool) -> [Glyph] {
        var found: [Glyph] = []
        let buffer = ShapingBuffer.forCurrentThread()!
        let bytes = Array(text.utf8)
        let ok = bytes.withUnsafeBufferPointer { all in
            buffer.shape(all, range: run.range, face: fonts.face(of: run), script: run.script, rtl: run.bidiLevel & 1 == 1,
                         language: fonts.state.language, ligatures: ligatures) { cluster, advance, unsafe in
                found.append(Glyph(cluster: cluster, advance: advance, unsafe: unsafe))
            }
        }
        #expect(ok)
        return found
    }

    private struct Glyph: Equatable {
        var cluster: Int
        var advance: Int32
        var unsafe: Bool
    }
}
