import ChatFormTesting

extension SplitMix64 {
    /// A uniform integer in `range`.
    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }

    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }

    /// A row height on a quarter-point grid (sums stay exact), zero about one time in eight.
    mutating func height() -> Double {
        chance(0.125) ? 0 : Double(int(1...200)) / 4
    }
}
