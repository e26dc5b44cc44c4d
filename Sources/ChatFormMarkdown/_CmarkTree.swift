internal import CCmarkGFM
internal import CChatFormMarkdown
import ChatFormText
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A cmark-gfm document tree, owned: freed when the owner goes.
///
/// Parsing runs cmark-gfm in its safe mode (raw HTML is omitted) with the strikethrough,
/// autolink and table extensions; mentions and custom emoji are then put into the tree as
/// custom inline nodes, so that cmark-gfm's own HTML renderer writes them (a `<span
/// class="mention">` around the name, an `<img class="emoji">`), and the document model and the
/// HTML come from the same tree.
final class _CmarkTree {
    let root: OpaquePointer

    /// The custom inline nodes' tags (cmark's user data).
    static let mentionTag = 1
    static let emojiTag = 2

    init(parsing markdown: String, options: MarkdownParseOptions) throws(MarkdownError) {
        let count = markdown.utf8.count
        guard count <= options.maximumBytes else { throw .tooLarge(bytes: count, limit: options.maximumBytes) }
        // The length is passed, so a NUL inside the message is read too (cmark-gfm makes it U+FFFD).
        let parsed: OpaquePointer? = markdown.withCString { cfm_parse($0, count, CMARK_OPT_DEFAULT) }
        guard let parsed else { throw .parserFailed }
        root = parsed
        cmark_consolidate_text_nodes(root)
        insertConventions(options)
    }

    deinit { cmark_node_free(root) }

    /// cmark-gfm's HTML for the tree.
    func html() -> String {
        guard let c = cfm_render_html(root, CMARK_OPT_DEFAULT) else { return "" }
        defer { free(c) }
        return String(cString: c)
    }

    /// Splits text nodes around mentions and custom emoji (outside links and images).
    private func insertConventions(_ options: MarkdownParseOptions) {
        guard options.mentions || options.emoji != .none else { return }
        var texts: [OpaquePointer] = []
        guard let iter = cmark_iter_new(root) else { return }
        var linkDepth = 0
        while true {
            let event = cmark_iter_next(iter)
            if event == CMARK_EVENT_DONE { break }
            guard let node = cmark_iter_get_node(iter) else { continue }
            switch cfm_node_kind_of(node) {
            case CFM_NODE_LINK, CFM_NODE_IMAGE:
                linkDepth += event == CMARK_EVENT_ENTER ? 1 : -1
            case CFM_NODE_TEXT where linkDepth == 0:
                texts.append(node)
            default:
                break
            }
        }
        cmark_iter_free(iter)
        for node in texts {
            guard let literal = cmark_node_get_literal(node) else { continue }
            let text = String(cString: literal)
            let matches = _ChatConventions.matches(in: text, options: options)
            guard !matches.isEmpty else { continue }
            let bytes = Array(text.utf8)
            var at = 0
            func textNode(_ range: Range<Int>) -> OpaquePointer? {
                let piece = String(decoding: bytes[range], as: UTF8.self)
                let n = cmark_node_new(CMARK_NODE_TEXT)
                if let n { cmark_node_set_literal(n, piece) }
                return n
            }
            for m in matches {
                if m.range.lowerBound > at, let t = textNode(at..<m.range.lowerBound) {
                    cmark_node_insert_before(node, t)
                }
                guard let custom = cmark_node_new(CMARK_NODE_CUSTOM_INLINE) else { continue }
                switch m.kind {
                case .mention:
                    cmark_node_set_on_enter(custom, "<span class=\"mention\">")
                    cmark_node_set_on_exit(custom, "</span>")
                    cmark_node_set_user_data(custom, UnsafeMutableRawPointer(bitPattern: Self.mentionTag))
                    if let t = textNode(m.range) { cmark_node_append_child(custom, t) }
                case .emoji(let name):
                    let src = Self.attributeEscapes.escaped(options.emojiImages[name] ?? Self.emptyImage)
                    cmark_node_set_on_enter(custom, "<img class=\"emoji\" alt=\":\(name):\" src=\"\(src)\" />")
                    cmark_node_set_on_exit(custom, "")
                    cmark_node_set_user_data(custom, UnsafeMutableRawPointer(bitPattern: Self.emojiTag))
                }
                cmark_node_insert_before(node, custom)
                at = m.range.upperBound
            }
            if at < bytes.count, let t = textNode(at..<bytes.count) { cmark_node_insert_before(node, t) }
            cmark_node_unlink(node)
            cmark_node_free(node)
        }
    }

    /// A transparent image with no size of its own (the theme's CSS sizes it).
    static let emptyImage = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'/%3E"

    /// What an HTML attribute's value escapes.
    private static let attributeEscapes = ScalarEscapes(["&": "&amp;", "\"": "&quot;", "<": "&lt;", ">": "&gt;"])

    /// The emoji name of a custom emoji node (from its `alt`), or nil.
    static func emojiName(_ node: OpaquePointer) -> String? {
        guard let enter = cmark_node_get_on_enter(node) else { return nil }
        let bytes = Array(String(cString: enter).utf8)
        let key = Array("alt=\":".utf8)
        guard let a = (0...(bytes.count - key.count)).first(where: { bytes[$0..<($0 + key.count)].elementsEqual(key) }),
              let b = bytes[(a + key.count)...].firstIndex(of: UInt8(ascii: ":")) else { return nil }
        return String(decoding: bytes[(a + key.count)..<b], as: UTF8.self)
    }
}
