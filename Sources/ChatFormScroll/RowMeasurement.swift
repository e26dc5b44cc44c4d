import ChatFormText

/// A row measured at one width: its height and where each of its items sits.
///
/// The same measurement serves layout and drawing: the text layouts in it are what a
/// renderer draws, and the height is what the table's prefix sums hold.
public struct RowMeasurement: Sendable {
    /// One measured item of the row (a `.text` row has one, a `.fixed` row none).
    public struct Item: Sendable {
        /// The item's index in the row's stack (0 for a `.text` row).
        public var index: Int
        /// Top of the item relative to the top of the row's content (below the padding).
        public var y: Double
        /// The visible height of the item (a text past its line limit shows a window).
        public var height: Double
        // What a relay reads and writes of an item comes first, near `y` and `height`.
        /// The most lines shown before the text scrolls inside the item.
        public var maxVisibleHeight: Double
        /// Set when the item's lines at the row's current width are not made yet: the
        /// width, line count and text height its prepared text gives there.
        var pendingLines: PendingLines?
        /// Where the prepared text of `storedLayout` lays out on one line, and that line's
        /// height (see `OneLineMeasure`): a relay to such a width reads nothing else. Nil
        /// for other texts, space and the focused field.
        var oneLine: OneLineMeasure?
        /// The laid-out text of a text item that is not the focused field; nil for space
        /// and for the focused field.
        ///
        /// After a width change, a row out of view has its height from its prepared text
        /// but its lines are made when first needed (see `pendingLines`): reading this
        /// property then lays the text out at the new width, the same lines as a fresh
        /// layout; the table makes them once for good when the row comes into view.
        public var layout: TextLayout? {
            get {
                guard let pendingLines, let prepared = storedLayout?.shapedText else { return storedLayout }
                // The width was checked when the height was tallied: it cannot fail here.
                return try? prepared.layout(width: pendingLines.width)
            }
            set {
                // The one-line measure of the prepared text the layout was made from (O(1), its
                // header just read; none without one).
                oneLine = newValue?.shapedText.flatMap(OneLineMeasure.init)
                storedLayout = newValue
                pendingLines = nil
            }
        }
        /// The layout as last made: with `pendingLines`, at an earlier width (it keeps the
        /// prepared text the lines will be made from).
        var storedLayout: TextLayout?
        /// The focused field's live text, which edits in place (an edit relays out only the
        /// paragraphs it touches); nil for every other item.
        public var document: TextDocument?
        /// Whether the item is an editable field.
        public var editable: Bool
        /// The text clamped to the row style's `lineClamp` when that hides text: the lines
        /// shown (`layout` keeps every line) and the ellipsis; nil otherwise.
        public var clamp: ClampedLayout? = nil

        /// The laid-out text of a text item, whichever it is (the live document of the
        /// focused field, else the layout); nil for space. Renderers and caret queries read
        /// it through `LineLayout`.
        public var text: (any LineLayout)? {
            if let document { return document }
            return layout
        }

        /// The height of the item's whole text (nil for space).
        public var textHeight: Double? { document?.height ?? pendingLines?.height ?? storedLayout?.height }

        /// The number of lines of the item's whole text (0 for space), without making
        /// lines that are pending.
        public var lineCount: Int { document?.lineCount ?? pendingLines?.lineCount ?? storedLayout?.lineCount ?? 0 }

        /// The prepared text the item's layout was made from (real fonts), if any.
        var preparedText: ShapedText? { storedLayout?.shapedText }

        /// How far the text can scroll inside the item.
        public var maxInnerOffset: Double {
            guard let textHeight else { return 0 }
            return Self.maxInnerOffset(textHeight: textHeight, height: height)
        }

        /// How far a text `textHeight` tall scrolls inside an item `height` tall: the one rule
        /// `maxInnerOffset` and the field editor's caret rule (which reads the item in place)
        /// share.
        static func maxInnerOffset(textHeight: Double, height: Double) -> Double {
            Swift.max(0, textHeight - height)
        }
    }

    /// The row's height: padding + content, clamped to the style's min and max.
    public var height: Double
    /// The viewport width the row was measured for.
    public var width: Double
    /// The style the row was measured with.
    public var style: RowStyle
    /// The width the text was laid out at.
    public var contentWidth: Double
    public var items: [Item]
    /// Whether the row can be laid out again at another width from its prepared texts
    /// alone: it has text, every text item keeps a prepared text (real fonts), and none is
    /// the live document of the focused field.
    var relaysWithoutShaping = false
    /// Whether some text item's lines at `width` are not made yet (`Item.pendingLines`): a
    /// row re-laid out of view, its heights exact.
    var linesPending = false
    /// Whether the row is a rich message laid out from its own preparation (its prepared
    /// text is no plain text's to reuse).
    var holdsRichText = false

    /// Measures `row` for a viewport of `width`.
    ///
    /// The text is laid out at `width - padding.left - padding.right`, but at least one
    /// `minimumContentWidth` (a documented clamp: a row narrower than its padding still lays
    /// its text out, one grapheme a line).
    ///
    /// - Complexity: O(text length of the row).
    /// `live` supplies the laid-out text of one item (the focused field's edit buffer),
    /// already at the right width, instead of laying its text out again. `previous`, the
    /// row's measurement at another width, lends the prepared text of each item whose text
    /// is unchanged (real fonts: the item is re-laid by arithmetic, not shaped again); pass
    /// it only with the same metrics and options.
    ///
    /// - Complexity: O(text length of the row); O(lines) for an item re-laid from its
    ///   prepared text.
    public static func measure<ID>(_ row: Row<ID>, width: Double, metrics: any TextMetrics,
                                   options: TextLayoutOptions,
                                   live: (item: Int, document: TextDocument)? = nil,
                                   reusing previous: RowMeasurement? = nil) throws(TextLayoutError) -> RowMeasurement {
        guard width.isFinite || width == .infinity, width > 0 else { throw .invalidWidth(width) }
        let style = row.style
        let options = style.textOptions(options)
        let contentWidth = Self.contentWidth(of: style, in: width)
        let lineHeight = metrics.lineHeight
        var items: [Item] = []
        var y = 0.0
        func addText(_ index: Int, _ text: String, editable: Bool, maxLines: Int?, rowLimit: Double) throws(TextLayoutError) {
            var item = Item(index: index, y: y, height: 0, maxVisibleHeight: 0, editable: editable)
            if let live, live.item == index {
                item.document = live.document
            } else if previous?.holdsRichText != true, let prepared = previous?.item(at: index)?.preparedText, prepared.text == text {
                item.layout = try prepared.layout(width: contentWidth)
            } else {
                item.layout = try TextLayout(text: text, width: contentWidth, metrics: metrics, options: options)
            }
            var limit = rowLimit
            if let maxLines { limit = Swift.min(limit, Double(maxLines) * lineHeight) }
            // A window shows at least one line.
            limit = Swift.max(limit, lineHeight)
            let visible = Swift.min(item.textHeight ?? 0, limit)
            item.height = visible
            item.maxVisibleHeight = limit
            try item.applyLineClamp(style.lineClamp)
            items.append(item)
            y += item.height
        }
        switch row.content {
        case .text(let text, let editable):
            try addText(0, text, editable: editable, maxLines: style.maxLines,
                        rowLimit: style.maxHeight - style.padding.vertical)
        case .rich(let rich):
            // Laid out from its own preparation (its fonts), or with the table's metrics.
            var item = Item(index: 0, y: 0, height: 0, maxVisibleHeight: 0, editable: false)
            let layout: TextLayout
            if let prepared = rich.prepared {
                layout = try prepared.layout(width: contentWidth)
            } else {
                layout = try TextLayout(text: rich.text, width: contentWidth, metrics: metrics, options: options)
            }
            var limit = style.maxHeight - style.padding.vertical
            if let maxLines = style.maxLines, maxLines < layout.lineCount { limit = Swift.min(limit, layout.lineTop(maxLines)) }
            limit = Swift.max(limit, layout.heightOfLine(0))
            item.layout = layout
            item.height = Swift.min(layout.height, limit)
            item.maxVisibleHeight = limit
            try item.applyLineClamp(style.lineClamp)
            items.append(item)
            y = item.height
        case .fixed(let h):
            y = ScrollLimits.clampedLength(h)
        case .stack(let stack):
            for (k, item) in stack.enumerated() {
                switch item.kind {
                case .text(let text, let editable, let maxLines):
                    try addText(k, text, editable: editable, maxLines: maxLines, rowLimit: .infinity)
                case .space(let h):
                    let h = ScrollLimits.clampedLength(h)
                    items.append(Item(index: k, y: y, height: h, maxVisibleHeight: h, editable: false))
                    y += h
                }
            }
        }
        let height = Swift.min(style.maxHeight, Swift.max(style.minHeight, y + style.padding.vertical))
        var measurement = RowMeasurement(height: height, width: width, style: style, contentWidth: contentWidth, items: items)
        measurement.relaysWithoutShaping = items.contains { $0.storedLayout != nil }
            && items.allSatisfy { $0.document == nil && ($0.storedLayout == nil || $0.preparedText != nil) }
        if case .rich(let rich) = row.content {
            measurement.holdsRichText = rich.prepared != nil
            // A line limit's window depends on the line tops at each width: measured again.
            if style.maxLines != nil { measurement.relaysWithoutShaping = false }
        }
        return measurement
    }

    /// Where item `index` lies in `items`, if the row has it.
    ///
    /// - Complexity: O(items).
    func position(ofItem index: Int) -> Int? { items.firstIndex { $0.index == index } }

    /// Takes item `index`'s live document out (leaving nil), so the caller holds the only
    /// reference and can edit it in place.
    mutating func takeDocument(ofItem index: Int) -> TextDocument? {
        guard let k = position(ofItem: index) else { return nil }
        // Moved out (no copy of the document to retain and release).
        return items[k].document.take()
    }

    /// Makes `document` item `index`'s live text (its layout, if any, is dropped) and
    /// recomputes the items below it and the row's height, without laying anything else out.
    ///
    /// - Complexity: O(items).
    mutating func setDocument(_ document: consuming TextDocument, ofItem index: Int, style: RowStyle) {
        guard let k = position(ofItem: index) else { return }
        // (Most calls put back an edited document: the item holds no layout then.)
        if items[k].storedLayout != nil || items[k].pendingLines != nil || items[k].oneLine != nil { items[k].layout = nil }
        let textHeight = document.height
        // Moved in, not copied (a copy retains the document's storage).
        items[k].document = consume document
        relaysWithoutShaping = false
        items[k].height = Swift.min(textHeight, items[k].maxVisibleHeight)
        var y = k == 0 ? 0 : items[k - 1].y + items[k - 1].height
        for j in k..<items.count {
            items[j].y = y
            y += items[j].height
        }
        height = Swift.min(style.maxHeight, Swift.max(style.minHeight, y + style.padding.vertical))
    }

    /// The narrowest width text is laid out at.
    public static let minimumContentWidth = 1.0

    /// The width a row's text is laid out at in a viewport of `width`: minus the horizontal
    /// padding, but at least `minimumContentWidth`.
    public static func contentWidth(of style: RowStyle, in width: Double) -> Double {
        Swift.max(width - style.padding.horizontal, minimumContentWidth)
    }

    /// The item at stack index `index`.
    public func item(at index: Int) -> Item? { items.first { $0.index == index } }
}
