/// A Korean 2-beolsik (두벌식) composition model: jamo keys in, the text to commit and the
/// syllable still being composed (the marked text) out, one key at a time.
///
/// It is an input model for tests, replays and demos, not a system input method: it follows
/// the rules every 2-beolsik input method shares, so a sequence of keys gives the same
/// committed and marked text at every step as typing it on a phone or desktop.
///
/// - A consonant then a vowel make a syllable (ㅎ ㅏ → 하); a consonant after it becomes
///   its final (한), and a second one a final cluster where Korean has one (ㄹ ㄱ → 닭's ㄺ;
///   ㄳ ㄵ ㄶ ㄺ ㄻ ㄼ ㄽ ㄾ ㄿ ㅀ ㅄ).
/// - A vowel after a final moves the final into the next syllable (한 ㅡ → 하느); after a
///   final cluster only its second consonant moves (읽 ㅓ → 일거, 값 ㅣ → 갑시).
/// - Two vowel keys make a compound vowel where Korean has one (ㅗ ㅏ → ㅘ; ㅘ ㅙ ㅚ ㅝ ㅞ ㅟ ㅢ).
/// - Anything that cannot join the syllable commits it and starts the next one.
/// - Backspace takes back the last jamo of the syllable (닭 → 달 → 다 → ㄷ → nothing);
///   with nothing composed it is the editor's own backspace (`backspace()` returns nil).
///
/// ```swift
/// var composer = HangulComposer()
/// for key in "ㅎㅏㄴㄱ" { _ = try composer.press(key) }
/// composer.markedText                        // "ㄱ" (한 was committed when ㄱ could not join it)
/// let step = try composer.press("ㅡ")        // committed "", marked "그"
/// try HangulComposer.compose("dlfrdj")       // "읽어" (2-beolsik keys on a QWERTY keyboard)
/// ```
public struct HangulComposer: Sendable, Hashable {
    /// What one key did: text to commit in place of the marked text, then the new marked text.
    public struct Step: Sendable, Hashable, CustomStringConvertible {
        /// Text that is final: it replaces the previous marked text and is no longer marked.
        public var committed: String
        /// The syllable being composed after the key, marked after the committed text
        /// (empty: nothing is being composed).
        public var marked: String

        public init(committed: String = "", marked: String = "") {
            self.committed = committed
            self.marked = marked
        }

        public var description: String { "committed \(committed.debugDescription), marked \(marked.debugDescription)" }
    }

    /// The syllable's initial consonant.
    private var initial: HangulJamo?
    /// Its vowel keys (two for a compound vowel).
    private var medial: [HangulJamo] = []
    /// Its final consonant keys (two for a cluster).
    private var final: [HangulJamo] = []

    public init() {}

    /// Whether a syllable is being composed.
    public var isComposing: Bool { initial != nil || !medial.isEmpty }

    /// The syllable being composed: a precomposed syllable (한), or a lone jamo (ㅎ, ㅘ)
    /// while it has no vowel or no initial consonant; empty when nothing is composed.
    public var markedText: String {
        guard let vowel = combinedMedial else { return initial.map { String(Character($0.scalar)) } ?? "" }
        guard let initial, let l = initial.initialIndex, let v = vowel.medialIndex else {
            return String(Character(vowel.scalar))
        }
        let t = combinedFinal?.finalIndex ?? 0
        return String(Character(Unicode.Scalar(0xAC00 + UInt32((l * 21 + v) * 28 + t))!))
    }

    private var combinedMedial: HangulJamo? {
        guard let first = medial.first else { return nil }
        return medial.count == 2 ? first.combinedVowel(with: medial[1]) : first
    }

    private var combinedFinal: HangulJamo? {
        guard let first = final.first else { return nil }
        return final.count == 2 ? first.combinedFinal(with: final[1]) : first
    }

    /// Types one key: a compatibility jamo (ㄱ, ㅏ; a compound one such as ㅘ or ㄺ counts
    /// as its two keys) or a Latin letter read as its 2-beolsik key (`HangulJamo(key:)`).
    ///
    /// - Throws: `HangulInputError.unknownKey` for anything else; the state is unchanged.
    /// - Complexity: O(1).
    public mutating func press(_ key: Character) throws(HangulInputError) -> Step {
        guard let jamo = HangulJamo(key: key) else { throw .unknownKey(key) }
        var step = Step()
        for part in jamo.parts {
            let next = press(part)
            step.committed += next.committed
            step.marked = next.marked
        }
        return step
    }

    /// Types one jamo that is on the keyboard (not a compound one).
    private mutating func press(_ jamo: HangulJamo) -> Step {
        if jamo.isVowel { return pressVowel(jamo) }
        return pressConsonant(jamo)
    }

    private mutating func pressConsonant(_ c: HangulJamo) -> Step {
        if initial != nil, !medial.isEmpty {
            if final.isEmpty, c.finalIndex != nil {
                final = [c]
                return Step(marked: markedText)
            }
            if final.count == 1, final[0].combinedFinal(with: c) != nil {
                final.append(c)
                return Step(marked: markedText)
            }
        }
        // It cannot join: commit what is there and start a new syllable with it.
        return commitAndStart(initial: c, medial: [])
    }

    private mutating func pressVowel(_ v: HangulJamo) -> Step {
        if !final.isEmpty {
            // The final consonant (or the second of a cluster) moves to the next syllable.
            let moved = final.removeLast()
            return commitAndStart(initial: moved, medial: [v])
        }
        if medial.isEmpty {
            medial = [v]
            return Step(marked: markedText)
        }
        if medial.count == 1, medial[0].combinedVowel(with: v) != nil {
            medial.append(v)
            return Step(marked: markedText)
        }
        return commitAndStart(medial: [v])
    }

    /// Commits the syllable being composed and starts the next one with `initial` and
    /// `medial`.
    private mutating func commitAndStart(initial: HangulJamo? = nil, medial: [HangulJamo]) -> Step {
        var step = commit()
        self.initial = initial
        self.medial = medial
        step.marked = markedText
        return step
    }

    /// Takes back the last jamo of the syllable being composed.
    ///
    /// - Returns: the new marked text (possibly empty: nothing is composed any more), or
    ///   nil when nothing was being composed, so the key belongs to the editor.
    /// - Complexity: O(1).
    public mutating func backspace() -> Step? {
        if !final.isEmpty {
            final.removeLast()
        } else if !medial.isEmpty {
            medial.removeLast()
        } else if initial != nil {
            initial = nil
        } else {
            return nil
        }
        return Step(marked: markedText)
    }

    /// Ends the composition: the syllable being composed is committed as it is.
    ///
    /// - Complexity: O(1).
    public mutating func commit() -> Step {
        let committed = markedText
        self = HangulComposer()
        return Step(committed: committed)
    }

    /// Forgets the syllable being composed (when the editor committed it some other way).
    public mutating func reset() { self = HangulComposer() }

    /// The text `keys` type, everything committed at the end.
    ///
    /// - Throws: `HangulInputError.unknownKey` for a key that is not a jamo or a 2-beolsik
    ///   letter.
    /// - Complexity: O(keys).
    public static func compose(_ keys: String) throws(HangulInputError) -> String {
        var composer = HangulComposer()
        var text = ""
        for key in keys { text += try composer.press(key).committed }
        return text + composer.commit().committed
    }
}

/// A key the Korean composition model does not know.
public enum HangulInputError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Not a Hangul compatibility jamo (U+3131–U+3163) nor a letter of the 2-beolsik layout.
    case unknownKey(Character)

    public var description: String {
        switch self {
        case .unknownKey(let key):
            let scalars = key.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")
            return "\(key.debugDescription) (\(scalars)) is not a key of the Korean 2-beolsik layout"
        }
    }
}
