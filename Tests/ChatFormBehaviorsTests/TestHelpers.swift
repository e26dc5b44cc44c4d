import ChatFormTesting

extension SplitMix64 {
    /// A Double in [low, high).
    mutating func double(_ low: Double, _ high: Double) -> Double {
        low + (high - low) * Double(next() >> 11) / Double(1 << 53)
    }
}
