/// A mention or custom emoji found in a text node: its UTF-8 range in the node's literal.
struct _ConventionMatch: Equatable {
    enum Kind: Equatable {
        case mention(String)
        case emoji(String)
    }
    var range: Range<Int>
    var kind: Kind
}

/// The rules of `MarkdownParseOptions` over one text node's literal.
enum _ChatConventions {
    /// Every match in `text`, in order, not overlapping.
    ///
    /// - Complexity: O(n) in the text's length.
    static func matches(in text: String, options: MarkdownParseOptions) -> [_ConventionMatch] {
        let wantsEmoji = options.emoji != .none
        guard options.mentions || wantsEmoji else { return [] }
        let bytes = Array(text.utf8)
        guard bytes.contains(where: { $0 == 0x40 || $0 == 0x3A }) else { return [] }
        let scalars = Array(text.unicodeScalars)
        // UTF-8 offset of every scalar, and of the end.
        var offsets: [Int] = []
        offsets.reserveCapacity(scalars.count + 1)
        var o = 0
        for s in scalars {
            offsets.append(o)
            o += UTF8.width(s)
        }
        offsets.append(o)

        var result: [_ConventionMatch] = []
        var i = 0
        while i < scalars.count {
            let s = scalars[i]
            if s == "@", options.mentions, i == 0 || !isMentionGuard(scalars[i - 1]),
               let end = mentionEnd(scalars, from: i + 1) {
                let name = String(String.UnicodeScalarView(scalars[(i + 1)..<end]))
                result.append(.init(range: offsets[i]..<offsets[end], kind: .mention(name)))
                i = end
                continue
            }
            if s == ":", wantsEmoji, i == 0 || !isASCIIAlnum(scalars[i - 1]),
               let close = emojiClose(scalars, from: i + 1) {
                let name = String(String.UnicodeScalarView(scalars[(i + 1)..<close]))
                let after = close + 1
                let allowed: Bool = switch options.emoji {
                case .none: false
                case .anyShortCode: true
                case .names(let set): set.contains(name)
                }
                if allowed, after == scalars.count || !isASCIIAlnum(scalars[after]) {
                    result.append(.init(range: offsets[i]..<offsets[after], kind: .emoji(name)))
                    i = after
                    continue
                }
            }
            i += 1
        }
        return result
    }

    /// Whether a name of a custom emoji matches the short-code pattern.
    static func isShortCodeName(_ name: String) -> Bool {
        let s = Array(name.unicodeScalars)
        return !s.isEmpty && s.allSatisfy(isShortCodeScalar) && s.contains(where: isASCIILetter)
    }

    private static func isMentionGuard(_ s: Unicode.Scalar) -> Bool {
        s == "@" || isNameScalar(s)
    }

    private static func isNameScalar(_ s: Unicode.Scalar) -> Bool {
        s == "_" || s.properties.isAlphabetic || s.properties.numericType == .decimal
    }

    /// The end (exclusive scalar index) of a mention name starting at `start`, or nil.
    private static func mentionEnd(_ s: [Unicode.Scalar], from start: Int) -> Int? {
        var i = start
        var end: Int? = nil
        while i < s.count {
            if isNameScalar(s[i]) {
                i += 1
                end = i
            } else if (s[i] == "." || s[i] == "-"), end != nil, i + 1 < s.count, isNameScalar(s[i + 1]) {
                i += 1
            } else {
                break
            }
        }
        return end
    }

    /// The index of the colon closing a short code whose name starts at `start`, or nil.
    private static func emojiClose(_ s: [Unicode.Scalar], from start: Int) -> Int? {
        var i = start
        var letter = false
        while i < s.count, isShortCodeScalar(s[i]) {
            letter = letter || isASCIILetter(s[i])
            i += 1
        }
        guard i > start, letter, i < s.count, s[i] == ":" else { return nil }
        return i
    }

    private static func isShortCodeScalar(_ s: Unicode.Scalar) -> Bool {
        isASCIIAlnum(s) || s == "_" || s == "+" || s == "-"
    }

    private static func isASCIILetter(_ s: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(s) || ("A"..."Z").contains(s)
    }

    private static func isASCIIAlnum(_ s: Unicode.Scalar) -> Bool {
        isASCIILetter(s) || ("0"..."9").contains(s)
    }
}
