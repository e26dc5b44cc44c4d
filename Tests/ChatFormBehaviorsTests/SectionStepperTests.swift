import Testing
@testable import ChatFormBehaviors

@Suite("Section stepper (seed 001)")
struct SectionStepperTests {
    @Test("seed: four terms sections, next with anchor top, then agree, then disabled")
    func fourSections() throws {
        var stepper = try SectionStepper(sections: [0, 1, 2, 3])
        // Heights: title (+20 padding) and body (+60 padding); a bottom button of 90 pt.
        let heights = [620.0, 880.0, 540.0, 210.0]
        var geometry = try ScrollGeometry.stacked(sectionHeights: heights, viewportHeight: 700, bottomInset: 90)
        let maximum = heights.reduce(0, +) + 90 - 700
        #expect(geometry.maximumOffset == maximum)
        #expect(stepper.button == .scrollDown && stepper.currentSection == 0)

        var action = try stepper.next(in: geometry)
        #expect(action == .scroll(to: 1, offset: 620))
        geometry.offset = 620
        #expect(try stepper.visibleSection(in: geometry) == 1)

        action = try stepper.next(in: geometry)
        #expect(action == .scroll(to: 2, offset: 1500))
        geometry.offset = 1500
        // Section 2 is the last that can reach the top... and the content's end is close:
        #expect(stepper.button == .scrollDown)

        // Section 3 is short: its top (2040) cannot reach the band's top; the offset clamps.
        action = try stepper.next(in: geometry)
        #expect(action == .scroll(to: 3, offset: maximum))
        #expect(maximum < 2040)
        geometry.offset = maximum
        #expect(try stepper.visibleSection(in: geometry) == 3)
        #expect(stepper.button == .agree)

        action = try stepper.next(in: geometry)
        #expect(action == .agree && stepper.isAgreed && stepper.button == .agreed)
        #expect(try stepper.next(in: geometry) == .none)
    }

    @Test("target offsets put the section at the band's top, clamped (SPEC §4)",
          arguments: [31, 32, 33, 34, 35] as [UInt64])
    func randomTargets(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let count = Int(rng.next() % 12) + 1
        let ids = (0..<count).map { "s\($0)-\(rng.next() % 1000)" }
        let heights = (0..<count).map { _ in rng.double(0, 900) }
        let topInset = rng.double(0, 100)
        let geometry = try ScrollGeometry.stacked(sectionHeights: heights, viewportHeight: rng.double(100, 1000),
                                                  topInset: topInset, bottomInset: rng.double(0, 300))
        var stepper = try SectionStepper(sections: ids)
        var top = 0.0
        for (index, id) in ids.enumerated() {
            let offset = try stepper.targetOffset(for: id, in: geometry)
            let lower = -topInset
            let upper = max(-topInset, heights.reduce(0, +) + geometry.bottomInset - geometry.viewportHeight)
            #expect(offset >= lower && offset <= upper)
            if top - topInset <= upper {
                #expect(abs(offset - (top - topInset)) < 1e-9)   // reachable: exactly at the top of the band
            } else {
                #expect(offset == upper)                           // too close to the end: clamped
            }
            if index > 0 {
                #expect(try stepper.next(in: geometry) == .scroll(to: id, offset: offset))
            }
            top += heights[index]
        }
        #expect(stepper.button == .agree)
    }

    @Test("visible section follows the offset", arguments: [(-20.0, "a"), (0, "a"), (99.8, "b"), (150, "b"), (260, "b"), (270, "d"), (1000, "d")])
    func visible(offset: Double, expected: String) throws {
        // Tops 0, 100, 300, 600; max offset 250 (band top 270): "c" never reaches the top, and
        // at the bottom the last section is the visible one.
        let stepper = try SectionStepper(sections: ["a", "b", "c", "d"])
        var geometry = try ScrollGeometry.stacked(sectionHeights: [100, 200, 300, 50], viewportHeight: 400, topInset: 20)
        geometry.offset = geometry.clamp(offset - 20)  // band top = offset
        #expect(try stepper.visibleSection(in: geometry) == expected)
    }

    @Test("follow(_:) continues from where the user scrolled; jump(to:) goes anywhere")
    func followAndJump() throws {
        var stepper = try SectionStepper(sections: ["a", "b", "c", "d"])
        var geometry = try ScrollGeometry.stacked(sectionHeights: [400, 400, 400, 400], viewportHeight: 500)
        geometry.offset = 810
        try stepper.follow(geometry)
        #expect(stepper.currentSection == "c")
        #expect(try stepper.next(in: geometry) == .scroll(to: "d", offset: 1100))
        #expect(try stepper.jump(to: "a", in: geometry) == 0)
        #expect(stepper.currentSection == "a" && stepper.button == .scrollDown)
    }

    @Test("bad input: no sections, duplicates, unknown ids, bad geometry")
    func bad() throws {
        #expect(throws: BehaviorError.empty("sections")) { try SectionStepper<String>(sections: []) }
        #expect(throws: BehaviorError.duplicateID("x")) { try SectionStepper(sections: ["x", "y", "x"]) }
        var stepper = try SectionStepper(sections: ["x", "y"])
        let geometry = try ScrollGeometry.stacked(sectionHeights: [100, 100], viewportHeight: 50)
        #expect(throws: BehaviorError.unknownID("z")) { try stepper.targetOffset(for: "z", in: geometry) }
        #expect(throws: BehaviorError.self) { try ScrollGeometry.stacked(sectionHeights: [100, -1], viewportHeight: 50) }
        #expect(throws: BehaviorError.self) { try ScrollGeometry.stacked(sectionHeights: [.nan], viewportHeight: 50) }
        var broken = geometry
        broken.offset = .infinity
        #expect(throws: BehaviorError.self) { try stepper.next(in: broken) }
        broken = geometry
        broken.sectionTops = [0]
        #expect(throws: BehaviorError.self) { try stepper.next(in: broken) }
        broken = geometry
        broken.sectionTops = [100, 0]
        #expect(throws: BehaviorError.self) { try stepper.next(in: broken) }
        #expect(stepper.currentIndex == 0)
    }
}
