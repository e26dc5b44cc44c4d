import Testing
import ChatFormText

/// The 2-beolsik composition model, key by key: what is committed and what stays marked.
@Suite("Korean 2-beolsik composition")
struct HangulComposerTests {
    /// Types `keys` and returns, after each key, the text on screen split as
    /// (committed so far, marked).
    func steps(_ keys: String) throws -> [(committed: String, marked: String)] {
        var composer = HangulComposer()
        var committed = ""
        var result: [(String, String)] = []
        for key in keys {
            let step = try composer.press(key)
            committed += step.committed
            #expect(step.marked == composer.markedText)
            result.append((committed, step.marked))
        }
        return result
    }

    func expectSteps(_ keys: String, _ expected: [(String, String)], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let got = try steps(keys)
        #expect(got.count == expected.count, sourceLocation: sourceLocation)
        for (k, (g, e)) in zip(got, expected).enumerated() {
            #expect(g.committed == e.0 && g.marked == e.1,
                    "key \(k) of \(keys): got committed \(g.committed) marked \(g.marked), want \(e.0) / \(e.1)",
                    sourceLocation: sourceLocation)
        }
    }

    @Test func hangeul() throws {
        // ㅎ → 하 → 한 → 한ㄱ → 한그 → 한글: ㄱ cannot join 한 (ㄴㄱ is no final), so 한 commits.
        try expectSteps("ㅎㅏㄴㄱㅡㄹ", [("", "ㅎ"), ("", "하"), ("", "한"), ("한", "ㄱ"), ("한", "그"), ("한", "글")])
    }

    @Test func gapsiWithTheDoubleFinalBs() throws {
        // ㅂ then ㅅ make the final cluster ㅄ (값); ㅇ cannot join it and starts 이.
        try expectSteps("ㄱㅏㅂㅅㅇㅣ", [("", "ㄱ"), ("", "가"), ("", "갑"), ("", "값"), ("값", "ㅇ"), ("값", "이")])
    }

    @Test func ilgeoWithTheDoubleFinalLg() throws {
        try expectSteps("ㅇㅣㄹㄱㅇㅓ", [("", "ㅇ"), ("", "이"), ("", "일"), ("", "읽"), ("읽", "ㅇ"), ("읽", "어")])
    }

    @Test func dalk() throws {
        try expectSteps("ㄷㅏㄹㄱ", [("", "ㄷ"), ("", "다"), ("", "달"), ("", "닭")])
        #expect(try HangulComposer.compose("ㄷㅏㄹㄱ") == "닭")
    }

    @Test func aVowelAfterAFinalTakesItIntoTheNextSyllable() throws {
        // 한 + ㅡ → 하느: the single final moves.
        try expectSteps("ㅎㅏㄴㅡ", [("", "ㅎ"), ("", "하"), ("", "한"), ("하", "느")])
        // 값 + ㅣ → 갑시: only the second consonant of ㅄ moves.
        try expectSteps("ㄱㅏㅂㅅㅣ", [("", "ㄱ"), ("", "가"), ("", "갑"), ("", "값"), ("갑", "시")])
        // 읽 + ㅓ → 일거.
        try expectSteps("ㅇㅣㄹㄱㅓ", [("", "ㅇ"), ("", "이"), ("", "일"), ("", "읽"), ("일", "거")])
        // 닭 + ㅏ → 달가, and a tense final moves whole: 있 + ㅓ → 이써.
        #expect(try HangulComposer.compose("ㄷㅏㄹㄱㅏ") == "달가")
        #expect(try HangulComposer.compose("ㅇㅣㅆㅓ") == "이써")
    }

    @Test func compoundVowels() throws {
        try expectSteps("ㄱㅗㅏ", [("", "ㄱ"), ("", "고"), ("", "과")])
        try expectSteps("ㅇㅡㅣ", [("", "ㅇ"), ("", "으"), ("", "의")])
        #expect(try HangulComposer.compose("ㄱㅜㅓㄴ") == "권")
        #expect(try HangulComposer.compose("ㅇㅗㅐ") == "왜")
        // A compound vowel typed as one key is its two keys.
        try expectSteps("ㄱㅘ", [("", "ㄱ"), ("", "과")])
        // ㅏ + ㅗ is no vowel: the first commits.
        try expectSteps("ㄱㅏㅗ", [("", "ㄱ"), ("", "가"), ("가", "ㅗ")])
        // A lone vowel takes a second vowel, a consonant after it starts a syllable.
        try expectSteps("ㅗㅏㄱ", [("", "ㅗ"), ("", "ㅘ"), ("ㅘ", "ㄱ")])
    }

    @Test func consonantsThatCannotJoin() throws {
        // Two lone consonants stay two (no cluster before a vowel).
        try expectSteps("ㄱㄱ", [("", "ㄱ"), ("ㄱ", "ㄱ")])
        // ㄸ ㅃ ㅉ are never finals.
        try expectSteps("ㄱㅏㄸ", [("", "ㄱ"), ("", "가"), ("가", "ㄸ")])
        // A third consonant after a cluster starts a new syllable.
        try expectSteps("ㄷㅏㄹㄱㄱ", [("", "ㄷ"), ("", "다"), ("", "달"), ("", "닭"), ("닭", "ㄱ")])
    }

    @Test func backspaceTakesBackOneJamoAtATime() throws {
        var composer = HangulComposer()
        for key in "ㄷㅏㄹㄱ" { _ = try composer.press(key) }
        var marked: [String] = []
        while let step = composer.backspace() {
            #expect(step.committed.isEmpty)
            marked.append(step.marked)
        }
        #expect(marked == ["달", "다", "ㄷ", ""])
        #expect(!composer.isComposing)
        for key in "ㄱㅘ" { _ = try composer.press(key) }
        #expect(composer.backspace()?.marked == "고")
        #expect(composer.backspace()?.marked == "ㄱ")
        #expect(composer.backspace()?.marked == "")
        #expect(composer.backspace() == nil)
        // After a split, backspace takes back the moved syllable only.
        for key in "ㅎㅏㄴㅡ" { _ = try composer.press(key) }
        #expect(composer.backspace()?.marked == "ㄴ")
        #expect(composer.commit() == HangulComposer.Step(committed: "ㄴ", marked: ""))
    }

    @Test func latinLettersAreTheTwoBeolsikKeys() throws {
        #expect(try HangulComposer.compose("gksrmf") == "한글")
        #expect(try HangulComposer.compose("rkqtdl") == "값이")
        #expect(try HangulComposer.compose("dlfrdj") == "읽어")
        #expect(try HangulComposer.compose("ekfr") == "닭")
        #expect(try HangulComposer.compose("Rk") == "까")          // shift: tense consonants
        #expect(try HangulComposer.compose("dkssudgktpdy") == "안녕하세요")
        #expect(try HangulComposer.compose("GKS") == "한")         // other shifted letters type the same jamo
        #expect(HangulJamo(key: "O")?.description == "ㅒ")
    }

    @Test func unknownKeysAreATypedErrorAndChangeNothing() throws {
        var composer = HangulComposer()
        _ = try composer.press("ㅎ")
        for key: Character in ["1", "!", " ", "\u{318D}", "\u{3165}", "가", "é", "👍"] {
            #expect(throws: HangulInputError.unknownKey(key)) { try composer.press(key) }
            #expect(composer.markedText == "ㅎ")
        }
        #expect(HangulInputError.unknownKey("ㆍ").description.contains("U+318D"))
        #expect(throws: HangulInputError.self) { try HangulComposer.compose("gks1") }
    }

    // MARK: Against an independent decomposition

    /// The jamo each syllable is made of, from the Unicode arithmetic, split into keys.
    static let initials = Array("ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ")
    static let medials = ["ㅏ", "ㅐ", "ㅑ", "ㅒ", "ㅓ", "ㅔ", "ㅕ", "ㅖ", "ㅗ", "ㅗㅏ", "ㅗㅐ", "ㅗㅣ", "ㅛ", "ㅜ", "ㅜㅓ", "ㅜㅔ",
                          "ㅜㅣ", "ㅠ", "ㅡ", "ㅡㅣ", "ㅣ"]
    static let finals = ["", "ㄱ", "ㄲ", "ㄱㅅ", "ㄴ", "ㄴㅈ", "ㄴㅎ", "ㄷ", "ㄹ", "ㄹㄱ", "ㄹㅁ", "ㄹㅂ", "ㄹㅅ", "ㄹㅌ", "ㄹㅍ",
                         "ㄹㅎ", "ㅁ", "ㅂ", "ㅂㅅ", "ㅅ", "ㅆ", "ㅇ", "ㅈ", "ㅊ", "ㅋ", "ㅌ", "ㅍ", "ㅎ"]
    static let lone: [Character: String] = ["ㅘ": "ㅗㅏ", "ㅙ": "ㅗㅐ", "ㅚ": "ㅗㅣ", "ㅝ": "ㅜㅓ", "ㅞ": "ㅜㅔ", "ㅟ": "ㅜㅣ", "ㅢ": "ㅡㅣ"]

    static func keys(of text: String) -> String {
        var keys = ""
        for scalar in text.unicodeScalars {
            let v = Int(scalar.value)
            if (0xAC00...0xD7A3).contains(v) {
                let s = v - 0xAC00
                keys += String(initials[s / (21 * 28)]) + medials[(s / 28) % 21] + finals[s % 28]
            } else {
                keys += lone[Character(scalar)] ?? String(Character(scalar))
            }
        }
        return keys
    }

    /// Random key sequences: no key is lost or invented (the jamo of the committed and
    /// marked text are the keys typed, in order), every step's marked text is one
    /// syllable or one jamo, and a backspace undoes exactly the last key when that key
    /// committed nothing.
    @Test(arguments: 0..<4)
    func randomKeySequencesKeepEveryKey(seed: Int) throws {
        var rng = SplitMix64(seed: UInt64(seed) &+ 0xC0FFEE)
        let alphabet = Array("ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎㅏㅐㅑㅒㅓㅔㅕㅖㅗㅛㅜㅠㅡㅣ")
        for _ in 0..<200 {
            var composer = HangulComposer()
            var committed = ""
            var typed = ""
            for _ in 0..<Int.random(in: 1...24, using: &rng) {
                let key = alphabet.randomElement(using: &rng)!
                let before = composer
                let step = try composer.press(key)
                committed += step.committed
                typed.append(key)
                #expect(Self.keys(of: committed + step.marked) == typed, "\(typed): \(committed)|\(step.marked)")
                #expect(step.marked.unicodeScalars.count == 1)
                if step.committed.isEmpty {
                    var undo = composer
                    #expect(undo.backspace()?.marked == before.markedText, "backspace after \(typed)")
                }
            }
        }
    }
}
