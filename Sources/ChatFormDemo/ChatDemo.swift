import ChatFormScroll
import ChatFormTerminal

/// The chat screen: a transcript (a bottom-aligned `TableSession`, one row a message)
/// above a growing input field (a one-row `TableSession` whose row stops growing at
/// `inputMaxLines` and then scrolls inside), a status line on top, and the simulated
/// keyboard panel below.
///
/// The transcript's bottom inset is the input block's height (its separator line plus the
/// input's lines) plus the keyboard's overlap, so the last message sits right above the
/// input and follows it up when the keyboard shows or the input grows.
///
/// ```swift
/// var chat = try ChatDemo(size: TerminalSize(rows: 24, columns: 60), options: .init(seed: 7))
/// _ = try chat.handle(.text("hello"))
/// _ = try chat.handle(.key(.enter))          // sends: a new row, stuck to the bottom
/// ```
public struct ChatDemo: DemoModel {
    /// Settings of the chat demo.
    public struct Options: Sendable, Hashable {
        /// Seeds the transcript and the incoming messages.
        public var seed: UInt64
        /// Messages in the transcript at start.
        public var historyCount: Int
        /// A message arrives every this many seconds; nil: only on F5 / Ctrl-N.
        public var incomingEvery: Double?
        /// The input grows up to this many lines, then scrolls inside.
        public var inputMaxLines: Int

        public init(seed: UInt64 = 1, historyCount: Int = 300, incomingEvery: Double? = nil, inputMaxLines: Int = 5) {
            self.seed = seed
            self.historyCount = max(0, historyCount)
            self.incomingEvery = incomingEvery.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
            self.inputMaxLines = max(1, inputMaxLines)
        }
    }

    /// The input row's id.
    public static let inputID = "input"
    /// The input field.
    public static let inputField = FieldRef(row: inputID)
    /// Rows above the transcript (the status line).
    public static let headerRows = 1
    /// Left padding of the input (the prompt "> " sits in it) and right padding (so a
    /// caret after a full line stays on screen).
    public static let inputPadding = EdgeInsets(top: 0, left: 2, bottom: 0, right: 1)
    /// Padding of other people's messages and of the user's own.
    public static let incomingPadding = EdgeInsets(top: 0, left: 1, bottom: 1, right: 6)
    public static let outgoingPadding = EdgeInsets(top: 0, left: 6, bottom: 1, right: 1)

    public let options: Options
    public private(set) var size: TerminalSize
    /// The transcript.
    public private(set) var transcript: TableSession<Int>
    /// The input field (one row).
    public private(set) var input: TableSession<String>
    /// Messages sent by the user, in order.
    public private(set) var sent: [String] = []
    /// The Korean input mode (F4 or Ctrl-Space).
    public private(set) var korean = KoreanInputMode()
    private var generator: DemoMessages
    private var nextID = 0
    private var sinceIncoming = 0.0

    /// Opens the chat with `options.historyCount` seeded messages, scrolled to the end,
    /// the input focused.
    public init(size: TerminalSize, options: Options = Options()) throws {
        self.options = options
        self.size = size
        generator = DemoMessages(seed: options.seed)
        var rows: [Row<Int>] = []
        for _ in 0..<options.historyCount {
            let message = generator.next()
            rows.append(Self.row(nextID, message))
            nextID += 1
        }
        transcript = try TableSession(
            rows: rows,
            viewport: Viewport(size: Self.transcriptSize(size), extraBottomInset: Double(1 + 1)),
            configuration: TableConfiguration(keyboardPolicy: .always, contentAlignment: .bottom))
        input = try TableSession(
            rows: [.text(Self.inputID, "", editable: true,
                         style: RowStyle(padding: Self.inputPadding, maxLines: options.inputMaxLines))],
            viewport: Viewport(size: Size(width: Double(max(1, size.columns)), height: Double(options.inputMaxLines))))
        try input.field.focus(Self.inputField, caret: 0)
        try inputDidChange()
    }

    static func transcriptSize(_ size: TerminalSize) -> Size {
        Size(width: Double(max(1, size.columns)), height: Double(max(0, size.rows - headerRows)))
    }

    /// A message's row: a rich message (display-only, laid out on the terminal's cells, its
    /// marks drawn as cell attributes) when it has styled stretches, else plain text.
    static func row(_ id: Int, _ message: DemoMessage) -> Row<Int> {
        let style = RowStyle(padding: message.sender == "me" ? outgoingPadding : incomingPadding)
        let marks = message.rowMarks
        if marks.isEmpty { return .text(id, message.rowText, style: style) }
        return Row(id: id, content: .rich(RichText(text: message.rowText, marks: marks)), style: style)
    }

    // MARK: State

    /// The input's text.
    public var inputText: String { (try? input.rows.text(of: Self.inputField)) ?? "" }

    /// The input row's height in lines (1...inputMaxLines).
    public var inputLines: Int {
        input.rows.count > 0 ? DemoText.cell(input.rows.frame(ofRow: 0).height) : 1
    }

    /// Messages appended while the user was scrolled up.
    public var unreadCount: Int { transcript.unreadCount }

    /// The badge shown on the input's separator line, if any.
    public var unreadBadge: String? { unreadCount > 0 ? "↓ \(unreadCount) new" : nil }

    public var isAnimating: Bool { transcript.keyboard.state.isAnimating(at: transcript.now) }

    /// Whether the keyboard is shown or showing.
    public var isKeyboardShown: Bool { transcript.keyboard.state.isShown }

    /// Where things are on screen: the transcript's band, the separator and the input
    /// above the keyboard, and the input caret's cell.
    public var screenLayout: DemoScreenLayout {
        var layout = TableDrawing(table: transcript, originRow: Self.headerRows)
            .screenLayout(barHeight: 1 + inputLines, screenRows: size.rows)
        layout.cursor = TableDrawing(table: input, originRow: layout.inputRows.lowerBound).caretCell
        return layout
    }

    // MARK: Events

    public mutating func handle(_ event: KeyEvent) throws -> DemoAction {
        if KoreanInputMode.isToggle(event) {
            try korean.toggle(in: &input)
            try inputDidChange()
            return .continue
        }
        switch event {
        case .text(let text):
            let clean = DemoText.sanitized(text)
            guard !clean.isEmpty else { break }
            try korean.type(clean, in: &input)
            try inputDidChange()
        case .paste(let text):
            let clean = DemoText.sanitized(text)
            guard !clean.isEmpty else { break }
            try input.field.type(clean)
            try inputDidChange()
        case .key(.character("c"), .control), .key(.escape, []):
            return .quit
        case .key(.enter, []):
            try korean.commit(in: &input)
            try send()
        case .key(.enter, .alt), .key(.character("j"), .control):
            try input.field.newline()
            try inputDidChange()
        case .key(.backspace, _):
            try korean.backspace(in: &input)
            try inputDidChange()
        case .key(.delete, _):
            try input.field.deleteForward()
            try inputDidChange()
        case .key(.left, _): try input.field.move(.left)
        case .key(.right, _): try input.field.move(.right)
        case .key(.up, []): try input.field.move(.up)
        case .key(.down, []): try input.field.move(.down)
        case .key(.home, []): try input.field.move(.lineStart)
        case .key(.end, []): try input.field.move(.lineEnd)
        case .key(.up, _): try transcript.scroll(by: -1)
        case .key(.down, _): try transcript.scroll(by: 1)
        case .key(.pageUp, _): try transcript.scroll(by: -page)
        case .key(.pageDown, _): try transcript.scroll(by: page)
        case .key(.home, _): try transcript.scroll(to: -Double.greatestFiniteMagnitude / 2)
        case .key(.end, _): try scrollToEnd()
        case .key(.function(2), _):
            try toggleKeyboard()
        case .key(.function(5), _), .key(.character("n"), .control):
            try receive()
        default:
            break
        }
        return .continue
    }

    /// One page: the band's height less one line of overlap.
    var page: Double { max(1, transcript.viewport.bandHeight - 1) }

    /// Shows the keyboard (40% of the height) or hides it, animated.
    public mutating func toggleKeyboard() throws {
        try DemoKeyboard.toggle(in: &transcript, rows: size.rows)
    }

    /// Sends the input's text as the user's message: appended, scrolled to, input cleared.
    public mutating func send() throws {
        let text = inputText
        guard !text.allSatisfy(\.isWhitespace) else { return }
        try transcript.chat.append([Self.row(nextID, DemoMessage(sender: "me", text: text))])
        nextID += 1
        sent.append(text)
        try input.field.setText("", of: Self.inputField)
        try input.field.setCaret(0)
        try inputDidChange()
        try scrollToEnd()
    }

    /// A message from someone else arrives: it follows the stick-to-bottom rule (the
    /// transcript follows it when at the end; otherwise the unread count grows).
    public mutating func receive() throws {
        try transcript.chat.append([Self.row(nextID, generator.next())])
        nextID += 1
    }

    /// Scrolls to the end. Rows coming into view may be measured for the first time at
    /// this width (after a resize) and change the content's height, so repeat until the end
    /// holds still.
    mutating func scrollToEnd() throws {
        for _ in 0..<64 {
            try transcript.scroll(to: transcript.rows.contentHeight + transcript.viewport.size.height)
            let end = transcript.rows.contentHeight + transcript.viewport.bottomInset - transcript.viewport.size.height
            if transcript.viewport.offset >= end - 1e-9 { break }
        }
    }

    /// After the input changed: the transcript's bottom inset follows the input's height,
    /// and a transcript that was at its end stays there.
    mutating func inputDidChange() throws {
        let extra = Double(1 + inputLines)
        guard transcript.viewport.extraBottomInset != extra else { return }
        let wasAtBottom = transcript.isAtBottom
        try transcript.setInsets(extraBottomInset: extra)
        if wasAtBottom { try scrollToEnd() }
    }

    public mutating func tick(elapsed: Double) throws {
        guard elapsed.isFinite, elapsed > 0 else { return }
        try transcript.advance(by: elapsed)
        if let every = options.incomingEvery {
            sinceIncoming += elapsed
            while sinceIncoming >= every {
                sinceIncoming -= every
                try receive()
            }
        }
    }

    /// A transcript that was at its end stays at its end; otherwise the first visible
    /// message keeps its place on screen (the engine's scroll anchoring).
    public mutating func resize(_ newSize: TerminalSize) throws {
        let wasAtBottom = transcript.isAtBottom
        size = newSize
        try transcript.resize(to: Self.transcriptSize(newSize))
        try input.resize(to: Size(width: Double(max(1, newSize.columns)), height: Double(options.inputMaxLines)))
        try DemoKeyboard.resize(in: &transcript, rows: newSize.rows)
        try inputDidChange()
        if wasAtBottom { try scrollToEnd() }
    }

    // MARK: Drawing

    public func render(into screen: inout ScreenBuffer) {
        screen.clear()
        let layout = screenLayout
        // Transcript, clipped to its band.
        let drawing = TableDrawing(table: transcript, originRow: Self.headerRows)
        drawing.draw(into: &screen, clip: layout.band) { row, _ in
            row.style.padding.left > Self.incomingPadding.left
                ? .init(text: CellStyle(foreground: .cyan)) : .init()
        }
        // Separator with the unread badge.
        screen.fill(row: layout.separatorRow, column: 0, height: 1, width: screen.columns,
                    with: "─", style: CellStyle(dim: true))
        if korean.isOn {
            screen.write(" \(korean.badge) ", row: layout.separatorRow, column: 2,
                         style: CellStyle(bold: true, foreground: .green), width: DemoText.width)
        }
        if let badge = unreadBadge {
            let label = " \(badge) "
            let column = max(0, screen.columns - CellWidth.of(label) - 2)
            screen.write(label, row: layout.separatorRow, column: column,
                         style: CellStyle(bold: true, foreground: .yellow), width: DemoText.width)
        }
        // Input: blank its rows, then the engine's lines, then the prompt in the padding.
        screen.fill(row: layout.inputRows.lowerBound, column: 0, height: layout.inputRows.count, width: screen.columns)
        let inputDrawing = TableDrawing(table: input, originRow: layout.inputRows.lowerBound)
        inputDrawing.draw(into: &screen, clip: layout.inputRows) { _, _ in .init() }
        inputDrawing.drawMarkedText(into: &screen, clip: layout.inputRows, style: DemoText.markedStyle)
        let prompt = input.rows.innerOffset(of: Self.inputField) > 0 ? "↑ " : "> "
        screen.write(prompt, row: layout.inputRows.lowerBound, column: 0,
                     style: CellStyle(bold: true, foreground: .green), width: DemoText.width)
        // Keyboard, status line, cursor.
        let status = " chat · Enter send · Alt-Enter/Ctrl-J newline · PgUp/PgDn scroll · F2 keyboard · F5 new message · Esc quit · F4 한/A"
        DemoText.drawChrome(into: &screen, status: status, keyboardRows: layout.keyboardRows, cursor: layout.cursor)
    }
}
