internal import CCmarkGFM
internal import CChatFormMarkdown

/// Turns a cmark-gfm tree into `MarkdownBlock`s with one iterative walk (no recursion, so a
/// deep tree cannot overflow the stack before the depth check refuses it).
enum _DocumentBuilder {
    private enum Container {
        case document
        case quote(line: Int)
        case list(MarkdownList.Marker, tight: Bool, line: Int, items: [[MarkdownBlock]])
        case item
    }

    private struct Frame {
        var container: Container
        var blocks: [MarkdownBlock] = []
    }

    /// Inline content being collected for one paragraph or heading.
    private struct InlineBuilder {
        var text = ""
        var runs: [InlineRun] = []
        var marks: [InlineMarks] = []
        var links: [String] = []
        var mention: String? = nil

        var currentMarks: InlineMarks { marks.reduce(into: []) { $0.formUnion($1) } }

        mutating func append(_ piece: String, role: InlineRole) {
            guard !piece.isEmpty else { return }
            let start = text.utf8.count
            text += piece
            let run = InlineRun(range: start..<text.utf8.count, role: role, marks: currentMarks, link: links.last)
            if let last = runs.last, last.role == run.role, last.marks == run.marks, last.link == run.link,
               last.range.upperBound == start, run.role == .text {
                runs[runs.count - 1].range = last.range.lowerBound..<run.range.upperBound
            } else {
                runs.append(run)
            }
        }

        var result: InlineText { InlineText(text: text, runs: runs) }
    }

    static func blocks(of tree: _CmarkTree, maximumDepth: Int) throws(MarkdownError) -> [MarkdownBlock] {
        guard let iter = cmark_iter_new(tree.root) else { throw .parserFailed }
        defer { cmark_iter_free(iter) }
        var stack: [Frame] = []
        var inline: InlineBuilder? = nil
        var depth = 0
        var result: [MarkdownBlock] = []

        func literal(_ node: OpaquePointer) -> String {
            cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
        }
        /// The node's first line; cmark-gfm gives 0 to inline nodes whose paragraph the table
        /// extension cut (an image on the line before a table's header row), so such a node
        /// takes the line of its nearest ancestor that has one.
        func line(_ node: OpaquePointer) -> Int {
            var current: OpaquePointer? = node
            while let n = current {
                let found = Int(cmark_node_get_start_line(n))
                if found >= 1 { return found }
                current = cmark_node_parent(n)
            }
            return 1
        }
        func add(_ block: MarkdownBlock) { stack[stack.count - 1].blocks.append(block) }

        while true {
            let event = cmark_iter_next(iter)
            if event == CMARK_EVENT_DONE { break }
            guard let node = cmark_iter_get_node(iter) else { continue }
            let entering = event == CMARK_EVENT_ENTER
            switch cfm_node_kind_of(node) {
            case CFM_NODE_DOCUMENT:
                if entering {
                    stack.append(Frame(container: .document))
                } else {
                    result = stack.removeLast().blocks
                }
            case CFM_NODE_BLOCK_QUOTE, CFM_NODE_LIST:
                if entering {
                    depth += 1
                    if depth > maximumDepth { throw .nestingTooDeep(line: line(node), limit: maximumDepth) }
                    if cfm_node_kind_of(node) == CFM_NODE_BLOCK_QUOTE {
                        stack.append(Frame(container: .quote(line: line(node))))
                    } else {
                        let marker: MarkdownList.Marker = cmark_node_get_list_type(node) == CMARK_ORDERED_LIST
                            ? .ordered(start: Int(cmark_node_get_list_start(node))) : .bullet
                        stack.append(Frame(container: .list(marker, tight: cmark_node_get_list_tight(node) != 0,
                                                             line: line(node), items: [])))
                    }
                } else {
                    depth -= 1
                    let frame = stack.removeLast()
                    switch frame.container {
                    case .quote(let l):
                        add(MarkdownBlock(.blockQuote(frame.blocks), line: l))
                    case .list(let marker, let tight, let l, let items):
                        add(MarkdownBlock(.list(MarkdownList(marker: marker, isTight: tight, items: items)), line: l))
                    default:
                        break
                    }
                }
            case CFM_NODE_ITEM:
                if entering {
                    stack.append(Frame(container: .item))
                } else {
                    let frame = stack.removeLast()
                    if case .list(let m, let t, let l, var items) = stack[stack.count - 1].container {
                        items.append(frame.blocks)
                        stack[stack.count - 1].container = .list(m, tight: t, line: l, items: items)
                    }
                }
            case CFM_NODE_PARAGRAPH, CFM_NODE_HEADING:
                if entering {
                    inline = InlineBuilder()
                } else if let built = inline?.result {
                    inline = nil
                    if cfm_node_kind_of(node) == CFM_NODE_HEADING {
                        add(MarkdownBlock(.heading(level: Int(cmark_node_get_heading_level(node)), built), line: line(node)))
                    } else {
                        add(MarkdownBlock(.paragraph(built), line: line(node)))
                    }
                }
            case CFM_NODE_CODE_BLOCK:
                let info = cmark_node_get_fence_info(node).map { String(cString: $0) } ?? ""
                add(MarkdownBlock(.codeBlock(info: info, code: literal(node)), line: line(node)))
            case CFM_NODE_THEMATIC_BREAK:
                add(MarkdownBlock(.thematicBreak, line: line(node)))
            case CFM_NODE_HTML_BLOCK, CFM_NODE_HTML_INLINE, CFM_NODE_CUSTOM_BLOCK:
                break   // rendered as an HTML comment (safe mode): nothing drawn
            case CFM_NODE_TABLE, CFM_NODE_TABLE_ROW, CFM_NODE_TABLE_CELL:
                throw .unsupported(construct: "a table", line: line(node))
            case CFM_NODE_IMAGE:
                throw .unsupported(construct: "an image", line: line(node))
            case CFM_NODE_FOOTNOTE_DEFINITION, CFM_NODE_FOOTNOTE_REFERENCE:
                throw .unsupported(construct: "a footnote", line: line(node))
            case CFM_NODE_TEXT:
                if let name = inline?.mention {
                    inline?.append(literal(node), role: .mention(name))
                } else {
                    inline?.append(literal(node), role: .text)
                }
            case CFM_NODE_SOFTBREAK:
                inline?.append("\n", role: .softBreak)
            case CFM_NODE_LINEBREAK:
                inline?.append("\n", role: .hardBreak)
            case CFM_NODE_CODE:
                inline?.append(literal(node), role: .code)
            case CFM_NODE_EMPH, CFM_NODE_STRONG, CFM_NODE_STRIKETHROUGH:
                let mark: InlineMarks = switch cfm_node_kind_of(node) {
                case CFM_NODE_EMPH: .emphasis
                case CFM_NODE_STRONG: .strong
                default: .strikethrough
                }
                if entering { inline?.marks.append(mark) } else { inline?.marks.removeLast() }
            case CFM_NODE_LINK:
                if entering {
                    inline?.marks.append(.link)
                    inline?.links.append(cmark_node_get_url(node).map { String(cString: $0) } ?? "")
                } else {
                    inline?.marks.removeLast()
                    inline?.links.removeLast()
                }
            case CFM_NODE_CUSTOM_INLINE:
                let tag = Int(bitPattern: cmark_node_get_user_data(node))
                if tag == _CmarkTree.mentionTag {
                    if entering {
                        let child = cmark_node_first_child(node).map(literal) ?? ""
                        inline?.mention = String(child.dropFirst())
                    } else {
                        inline?.mention = nil
                    }
                } else if tag == _CmarkTree.emojiTag, entering {
                    inline?.append("\u{FFFC}", role: .emoji(_CmarkTree.emojiName(node) ?? ""))
                }
            default:
                throw .unsupported(construct: "a \(cmark_node_get_type_string(node).map { String(cString: $0) } ?? "node") node",
                                   line: line(node))
            }
        }
        return result
    }
}
