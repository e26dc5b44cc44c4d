/// The letters of modern Hangul as the 2-beolsik (두벌식, KS X 5002) keyboard types them,
/// and the tables that put them together into syllables.
///
/// Keys produce Hangul Compatibility Jamo (U+3131–U+3163: ㄱ … ㅎ, ㅏ … ㅣ), the letters a
/// keyboard shows and an input method displays while a syllable is incomplete. A complete
/// syllable is a precomposed scalar of the Hangul Syllables block (U+AC00–U+D7A3):
/// `0xAC00 + (initial × 21 + medial) × 28 + final`, with the index tables below.
///
/// ```swift
/// HangulJamo(key: "r")              // ㄱ (the 2-beolsik key R)
/// HangulJamo(key: "ㅘ")?.parts      // [ㅗ, ㅏ]: a compound vowel is typed as two keys
/// ```
public struct HangulJamo: Sendable, Hashable, CustomStringConvertible {
    /// The compatibility jamo scalar (U+3131–U+3163).
    public let scalar: Unicode.Scalar

    /// The jamo for a compatibility jamo scalar in U+3131–U+3163, else nil.
    public init?(_ scalar: Unicode.Scalar) {
        guard (0x3131...0x3163).contains(scalar.value) else { return nil }
        self.scalar = scalar
    }

    init(_ value: UInt32) { scalar = Unicode.Scalar(value)! }

    /// The jamo a key types: a compatibility jamo (ㄱ, ㅘ …) stands for itself, and a
    /// Latin letter is read as the key of the 2-beolsik layout in that place (R → ㄱ,
    /// shifted R → ㄲ). Anything else (digits, punctuation, archaic jamo such as ㆍ) is nil.
    public init?(key: Character) {
        guard key.unicodeScalars.count == 1, let scalar = key.unicodeScalars.first else { return nil }
        if let jamo = HangulJamo(scalar) {
            self = jamo
            return
        }
        guard let value = Self.qwerty[scalar] else { return nil }
        self.init(value)
    }

    public var description: String { String(Character(scalar)) }

    /// Whether the jamo is a vowel (ㅏ … ㅣ).
    public var isVowel: Bool { scalar.value >= 0x314F }

    /// The keys that type this jamo: itself for the letters on the keyboard, two keys for
    /// a compound vowel (ㅘ = ㅗ ㅏ) or a consonant cluster (ㄺ = ㄹ ㄱ).
    public var parts: [HangulJamo] {
        if let pair = Self.compoundVowels.first(where: { $0.value == scalar.value }) {
            return [HangulJamo(pair.key.first), HangulJamo(pair.key.second)]
        }
        if let pair = Self.consonantClusters.first(where: { $0.value == scalar.value }) {
            return [HangulJamo(pair.key.first), HangulJamo(pair.key.second)]
        }
        return [self]
    }

    /// Its index as a syllable's initial consonant (0 …< 19), if it can start a syllable.
    var initialIndex: Int? { Self.initials.firstIndex(of: scalar.value) }

    /// Its index as a medial vowel (0 …< 21).
    var medialIndex: Int? { isVowel ? Int(scalar.value - 0x314F) : nil }

    /// Its index as a final consonant (1 …< 28), if it can end a syllable (ㄸ, ㅃ, ㅉ cannot).
    var finalIndex: Int? { Self.finals.firstIndex(of: scalar.value) }

    /// The compound vowel `self` + `next` (ㅗ + ㅏ = ㅘ), if there is one.
    func combinedVowel(with next: HangulJamo) -> HangulJamo? {
        Self.compoundVowels[Pair(scalar.value, next.scalar.value)].map(HangulJamo.init)
    }

    /// The final cluster `self` + `next` (ㄹ + ㄱ = ㄺ), if there is one.
    func combinedFinal(with next: HangulJamo) -> HangulJamo? {
        Self.consonantClusters[Pair(scalar.value, next.scalar.value)].map(HangulJamo.init)
    }

    // MARK: Tables

    /// Two jamo typed one after the other.
    struct Pair: Hashable {
        var first: UInt32
        var second: UInt32
        init(_ first: UInt32, _ second: UInt32) {
            self.first = first
            self.second = second
        }
    }

    /// Initial consonants in syllable order: ㄱ ㄲ ㄴ ㄷ ㄸ ㄹ ㅁ ㅂ ㅃ ㅅ ㅆ ㅇ ㅈ ㅉ ㅊ ㅋ ㅌ ㅍ ㅎ.
    static let initials: [UInt32] = [0x3131, 0x3132, 0x3134, 0x3137, 0x3138, 0x3139, 0x3141, 0x3142, 0x3143,
                                     0x3145, 0x3146, 0x3147, 0x3148, 0x3149, 0x314A, 0x314B, 0x314C, 0x314D, 0x314E]

    /// Final consonants in syllable order, index 0 being "no final":
    /// ㄱ ㄲ ㄳ ㄴ ㄵ ㄶ ㄷ ㄹ ㄺ ㄻ ㄼ ㄽ ㄾ ㄿ ㅀ ㅁ ㅂ ㅄ ㅅ ㅆ ㅇ ㅈ ㅊ ㅋ ㅌ ㅍ ㅎ.
    static let finals: [UInt32] = [0, 0x3131, 0x3132, 0x3133, 0x3134, 0x3135, 0x3136, 0x3137, 0x3139, 0x313A,
                                   0x313B, 0x313C, 0x313D, 0x313E, 0x313F, 0x3140, 0x3141, 0x3142, 0x3144,
                                   0x3145, 0x3146, 0x3147, 0x3148, 0x314A, 0x314B, 0x314C, 0x314D, 0x314E]

    /// Compound vowels typed as two vowel keys: ㅘ ㅙ ㅚ ㅝ ㅞ ㅟ ㅢ.
    static let compoundVowels: [Pair: UInt32] = [
        Pair(0x3157, 0x314F): 0x3158, Pair(0x3157, 0x3150): 0x3159, Pair(0x3157, 0x3163): 0x315A,
        Pair(0x315C, 0x3153): 0x315D, Pair(0x315C, 0x3154): 0x315E, Pair(0x315C, 0x3163): 0x315F,
        Pair(0x3161, 0x3163): 0x3162,
    ]

    /// Final consonant clusters typed as two consonant keys: ㄳ ㄵ ㄶ ㄺ ㄻ ㄼ ㄽ ㄾ ㄿ ㅀ ㅄ.
    static let consonantClusters: [Pair: UInt32] = [
        Pair(0x3131, 0x3145): 0x3133, Pair(0x3134, 0x3148): 0x3135, Pair(0x3134, 0x314E): 0x3136,
        Pair(0x3139, 0x3131): 0x313A, Pair(0x3139, 0x3141): 0x313B, Pair(0x3139, 0x3142): 0x313C,
        Pair(0x3139, 0x3145): 0x313D, Pair(0x3139, 0x314C): 0x313E, Pair(0x3139, 0x314D): 0x313F,
        Pair(0x3139, 0x314E): 0x3140, Pair(0x3142, 0x3145): 0x3144,
    ]

    /// The 2-beolsik layout on a QWERTY keyboard. Shift gives the tense consonants ㄲ ㄸ ㅃ
    /// ㅆ ㅉ and the vowels ㅒ ㅖ; other shifted letters type the same jamo as unshifted.
    static let qwerty: [Unicode.Scalar: UInt32] = {
        let lower: [(Unicode.Scalar, UInt32)] = [
            ("q", 0x3142), ("w", 0x3148), ("e", 0x3137), ("r", 0x3131), ("t", 0x3145),
            ("y", 0x315B), ("u", 0x3155), ("i", 0x3151), ("o", 0x3150), ("p", 0x3154),
            ("a", 0x3141), ("s", 0x3134), ("d", 0x3147), ("f", 0x3139), ("g", 0x314E),
            ("h", 0x3157), ("j", 0x3153), ("k", 0x314F), ("l", 0x3163),
            ("z", 0x314B), ("x", 0x314C), ("c", 0x314A), ("v", 0x314D), ("b", 0x3160),
            ("n", 0x315C), ("m", 0x3161),
        ]
        var map: [Unicode.Scalar: UInt32] = [:]
        for (key, jamo) in lower {
            map[key] = jamo
            map[Unicode.Scalar(key.value - 0x20)!] = jamo
        }
        for (key, jamo): (Unicode.Scalar, UInt32) in [("Q", 0x3143), ("W", 0x3149), ("E", 0x3138), ("R", 0x3132),
                                                      ("T", 0x3146), ("O", 0x3152), ("P", 0x3156)] {
            map[key] = jamo
        }
        return map
    }()
}
