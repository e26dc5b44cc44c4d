/// The theme as CSS: the style sheet under which a browser draws cmark-gfm's HTML (from
/// ``MarkdownDocument/html(for:options:)``) as ``MarkdownLayout`` measures it.
extension MarkdownTheme {
    /// The style sheet, every rule under `scope` (the selector of the element the message's HTML
    /// goes in; give that element the bubble's width).
    ///
    /// What it sets, beyond the theme's numbers: the user agent's margins and paddings are
    /// reset; text is `white-space: normal; overflow-wrap: break-word; word-break: normal`
    /// unless ``text`` says otherwise (its properties go on the roles' rules);
    /// blocks have no top margin and the last block of each container no bottom margin, so no
    /// margins collapse; list markers sit outside (`list-style-position: outside`) in the list's
    /// padding; code blocks are `white-space: pre` (or `pre-wrap` when ``codeBlockWraps``).
    /// A right-to-left or `auto` theme (``direction``) writes the quote's border and padding
    /// and the lists' padding as `border-inline-start` and `padding-inline-start`; a
    /// right-to-left one also sets `direction: rtl` (for `auto`, give the element `dir="auto"`).
    ///
    /// - Complexity: O(roles + custom emoji).
    public func css(scope: String = ".md") -> String {
        let blocks = ["p", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "ul", "ol", "li", "pre", "hr"]
        func all(_ tags: [String]) -> String { tags.map { "\(scope) \($0)" }.joined(separator: ", ") }
        var out = ""
        func rule(_ selector: String, _ declarations: [String]) {
            out += "\(selector) { \(declarations.joined(separator: "; ")); }\n"
        }
        let body = text[.body]
        rule(scope, ["display: flow-root", "margin: 0", "padding: 0"] + (direction == .rtl ? ["direction: rtl"] : [])
             + fontDeclarations(font(.body)) +
             ["white-space: \(body?.whiteSpace?.rawValue ?? "normal")",
              "overflow-wrap: \(body?.overflowWrap?.rawValue ?? "break-word")",
              "word-break: \(body?.wordBreak?.rawValue ?? "normal")", "tab-size: 8"] +
             TextProperties(textAlign: body?.textAlign, letterSpacing: body?.letterSpacing).declarations)
        rule(all(blocks), ["margin: 0", "padding: 0"])
        rule("\(scope) p", ["margin-bottom: \(Self.px(spacing.paragraph))"])
        for level in 1...6 {
            rule("\(scope) h\(level)", fontDeclarations(font(.heading(level))) + ["margin-bottom: \(Self.px(spacing.heading))"]
                 + (text[.heading(level)]?.declarations ?? []))
        }
        // Left to right the sides are physical (the sheet the fixtures were recorded under);
        // otherwise logical, so the border, the padding and the markers follow the direction.
        let start = direction == .ltr ? "left" : "inline-start"
        rule("\(scope) blockquote", ["border-\(start): \(Self.px(quoteBorderWidth)) solid currentColor",
                                     "padding-\(start): \(Self.px(quotePadding))", "margin-bottom: \(Self.px(spacing.blockQuote))"])
        rule(all(["ul", "ol"]), ["padding-\(start): \(Self.px(listIndent))", "list-style-position: outside",
                                 "margin-bottom: \(Self.px(spacing.list))"])
        rule("\(scope) li", ["margin-bottom: \(Self.px(spacing.listItem))"])
        let p = codeBlockPadding
        rule("\(scope) pre", fontDeclarations(font(.codeBlock)) + [
            "padding: \(Self.px(p.top)) \(Self.px(p.right)) \(Self.px(p.bottom)) \(Self.px(p.left))",
            "white-space: \(codeBlockWraps ? "pre-wrap" : "pre")", "overflow: visible",
            "margin-bottom: \(Self.px(spacing.codeBlock))"] + (text[.codeBlock]?.declarations ?? []))
        rule("\(scope) pre code", ["font: inherit", "padding: 0", "white-space: inherit"]
             + (text[.code]?.letterSpacing != nil ? ["letter-spacing: inherit"] : []))
        rule("\(scope) code", fontDeclarations(font(.code)) + ["padding: 0 \(Self.px(codeSpanPadding))"]
             + (text[.code]?.declarations ?? []))
        rule("\(scope) hr", ["border: 0", "border-top: \(Self.px(thematicBreakThickness)) solid currentColor",
                             "height: 0", "overflow: visible", "margin-bottom: \(Self.px(spacing.thematicBreak))"])
        rule("\(scope) strong", ["font-weight: 700"])
        rule("\(scope) em", ["font-style: italic"])
        rule("\(scope) .mention", ["padding: 0 \(Self.px(mentionPadding))"])
        rule("\(scope) img.emoji", ["width: \(Self.px(emojiSize))", "height: \(Self.px(emojiSize))",
                                    "vertical-align: \(Self.px(emojiBaselineOffset))", "border: 0", "margin: 0", "padding: 0"])
        for name in emoji.keys.sorted() {
            let size = emojiSize(of: name)
            rule("\(scope) img.emoji[alt=\":\(name):\"]", ["width: \(Self.px(size.width))", "height: \(Self.px(size.height))"])
        }
        rule(all(blocks.map { "\($0):last-child" }), ["margin-bottom: 0"])
        return out
    }

    private func fontDeclarations(_ f: Font) -> [String] {
        ["font-family: \(f.families.map { Self.familyName($0) }.joined(separator: ", "))",
         "font-size: \(Self.px(f.size))", "font-weight: \(f.weight)", "font-style: \(f.italic ? "italic" : "normal")",
         "line-height: \(f.lineHeight.map(Self.px) ?? "normal")"]
    }

    private static func familyName(_ family: String) -> String {
        let generic = ["sans-serif", "serif", "monospace", "system-ui", "cursive", "fantasy"]
        if generic.contains(family.lowercased()) { return family }
        return "'" + family.replacingQuotes + "'"
    }

    /// Pixels as CSS writes them (`8px`, `0.5px`).
    static func px(_ v: Double) -> String {
        (v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)) + "px"
    }
}

extension String {
    fileprivate var replacingQuotes: String {
        var s = ""
        for c in unicodeScalars {
            if c == "'" || c == "\\" { s += "\\" }
            s.unicodeScalars.append(c)
        }
        return s
    }
}
