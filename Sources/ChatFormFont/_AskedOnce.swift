import Synchronization

/// An answer asked of the fonts once and kept in an object threads share: a small number
/// from 1 (0 is "not asked yet") in an atomic byte. Relaxed loads and stores are enough:
/// the byte publishes no other memory, and two threads asking at once ask the same fonts
/// and keep the same answer.
struct _AskedOnce: ~Copyable, Sendable {
    private let answer = Atomic<UInt8>(0)

    init() {}

    /// The kept answer, else `ask()`'s (1 or more), kept.
    ///
    /// - Complexity: O(1) once asked.
    func callAsFunction(_ ask: () -> UInt8) -> UInt8 {
        let known = answer.load(ordering: .relaxed)
        if known != 0 { return known }
        let asked = ask()
        assert(asked != 0, "0 is kept for an answer not asked yet")
        answer.store(asked, ordering: .relaxed)
        return asked
    }
}
