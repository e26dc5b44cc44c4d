import ChatFormReplay

/// One frame of a seed behaviour's replay (`{"behavior": …}` scripts): the state
/// `chatform replay` prints for it, drawn as the screen it drives. The toolbar grows and
/// shrinks at the bottom of the page it scrolls; the collapsing header moves up and fades over
/// the content, the navigation bar above it hidden or shown; nested tabs draw the header and
/// tab bar moved by the container's offset and the selected list moved by its own; the
/// section stepper draws the sections under the band, the bottom button and what it says.
/// The state's every field is listed beside the drawing.
public struct BehaviorFrame: Sendable, Equatable {
    /// The behaviour: `toolbar`, `header`, `tabs` or `sections`.
    public var behavior: String
    /// The script's `config` object.
    public var config: JSONValue
    /// The state after an event or at a frame: one output line of the replay, parsed.
    public var state: JSONValue
    /// The scroll offset of the last event that gave one (the toolbar's state has none).
    public var eventOffset: Double?

    /// A frame of `behavior` with `config`, in `state`.
    public init(behavior: String, config: JSONValue, state: JSONValue, eventOffset: Double? = nil) {
        self.behavior = behavior
        self.config = config
        self.state = state
        self.eventOffset = eventOffset
    }

    /// The state as text, one `key value` a line in the order the replay writes them.
    public var dump: String {
        state.keys.map { "\($0) \(JSONWriter.encode(state[$0] ?? .null))" }.joined(separator: "\n") + "\n"
    }

    /// The height the drawing gives the viewport, in pixels.
    static let screenHeight = 420.0

    /// The frame as one SVG document.
    ///
    /// - Parameters:
    ///   - caption: a line written above the picture.
    ///   - id: a name unique in the page the picture goes into.
    public func svg(caption: String? = nil, id: String = "behavior") -> String {
        let margin = 12.0, captionHeight = caption == nil ? 0.0 : 20.0, panelWidth = 260.0
        // The header's config has no viewport height: a phone's 800 points then.
        let viewportHeight = number("viewportHeight", in: config) ?? 800
        let scale = Self.screenHeight / Swift.max(1, viewportHeight)
        let screenWidth = 240.0
        let width = screenWidth + panelWidth + 3 * margin
        let lines = state.keys.count
        let height = Swift.max(Self.screenHeight, Double(lines) * 15 + 10) + 2 * margin + captionHeight
        var svg = SVG()
        svg.open("svg", ["xmlns": "http://www.w3.org/2000/svg", "width": width, "height": height,
                         "viewBox": "0 0 \(SVG.number(width)) \(SVG.number(height))", "class": "frame behavior \(behavior)"])
        svg.raw(TableFrame.style)
        svg.raw("<style>.stripe { fill: #eef1f5; } .bar { fill: #3c4043; } .bar-text { font: 11px 'DejaVu Sans', sans-serif; fill: #fff; } .header { fill: #8ab4f8; } .tab { fill: #e8eaed; stroke: #999; stroke-width: 0.5; } .tab.selected { fill: #1a73e8; } .section { stroke: #999; stroke-width: 0.5; } .label { font: 11px 'DejaVu Sans', sans-serif; fill: #222; }</style>\n")
        svg.element("rect", ["class": "background", "x": 0.0, "y": 0.0, "width": width, "height": height])
        if let caption { svg.element("text", ["class": "caption", "x": margin, "y": margin + 8], text: caption) }
        let top = margin + captionHeight
        svg.open("g", ["transform": "translate(\(SVG.number(margin)),\(SVG.number(top)))"])
        svg.raw("<clipPath id=\"screen-\(SVG.escape(id))\"><rect x=\"0\" y=\"0\" width=\"\(SVG.number(screenWidth))\" height=\"\(SVG.number(Self.screenHeight))\"/></clipPath>\n")
        svg.element("rect", ["class": "window", "x": 0.0, "y": 0.0, "width": screenWidth, "height": Self.screenHeight])
        svg.open("g", ["clip-path": "url(#screen-\(id))"])
        switch behavior {
        case "toolbar": drawToolbar(into: &svg, width: screenWidth, scale: scale)
        case "header": drawHeader(into: &svg, width: screenWidth, scale: scale)
        case "tabs": drawTabs(into: &svg, width: screenWidth, scale: scale)
        case "sections": drawSections(into: &svg, width: screenWidth, scale: scale)
        default: break
        }
        svg.close("g")
        svg.element("rect", ["class": "window-edge", "x": 0.0, "y": 0.0, "width": screenWidth, "height": Self.screenHeight])
        svg.close("g")
        for (k, key) in state.keys.enumerated() {
            svg.element("text", ["class": "panel", "x": 2 * margin + screenWidth, "y": top + 12 + Double(k) * 15],
                        text: "\(key) \(JSONWriter.encode(state[key] ?? .null))")
        }
        svg.close("svg")
        return svg.markup
    }

    func number(_ key: String, in value: JSONValue) -> Double? { value[key]?.number }

    /// Horizontal stripes every 100 points of content, moved up by `offset` from `top`.
    func stripes(into svg: inout SVG, width: Double, scale: Double, offset: Double, top: Double, contentHeight: Double) {
        var y = 0.0
        var k = 0
        while y < contentHeight && (y - offset) * scale + top < Self.screenHeight {
            let screenY = top + (y - offset) * scale
            if screenY + 50 * scale > 0, k % 2 == 0 {
                svg.element("rect", ["class": "stripe", "x": 0.0, "y": screenY, "width": width, "height": 50 * scale])
                svg.element("text", ["class": "label", "x": 4.0, "y": screenY + 11], text: SVG.number(y))
            }
            y += 50
            k += 1
        }
    }

    private func drawToolbar(into svg: inout SVG, width: Double, scale: Double) {
        let contentHeight = number("contentHeight", in: config) ?? 3000
        stripes(into: &svg, width: width, scale: scale, offset: eventOffset ?? 0, top: 0, contentHeight: contentHeight)
        // Expanded: a bar of 83 points; collapsed: 44 (Safari's), in between as it animates.
        let position = state["position"]?.number ?? (state["expanded"]?.bool == false ? 0 : 1)
        let bar = (44 + 39 * position) * scale
        svg.element("rect", ["class": "bar", "x": 0.0, "y": Self.screenHeight - bar, "width": width, "height": bar])
        svg.element("text", ["class": "bar-text", "x": 6.0, "y": Self.screenHeight - bar + 14],
                    text: "toolbar \(state["expanded"]?.bool == false ? "collapsed" : "expanded") \(SVG.number(position))")
    }

    private func drawHeader(into svg: inout SVG, width: Double, scale: Double) {
        let headerHeight = number("headerHeight", in: config) ?? 120
        let offset = state["offset"]?.number ?? 0
        let navigation = 44 * scale
        let hidden = state["navigationBarHidden"]?.bool == true
        let contentTop = (hidden ? 0 : navigation) + headerHeight * scale
        stripes(into: &svg, width: width, scale: scale, offset: offset, top: contentTop, contentHeight: 10_000)
        let headerY = (hidden ? 0 : navigation) + (state["headerPosition"]?.number ?? 0) * scale
        let alpha = state["alpha"]?.number ?? 1
        svg.raw("<rect class=\"header\" x=\"0\" y=\"\(SVG.number(headerY))\" width=\"\(SVG.number(width))\" height=\"\(SVG.number(headerHeight * scale))\" fill-opacity=\"\(SVG.number(Swift.max(0, Swift.min(1, alpha))))\"/>\n")
        svg.element("text", ["class": "label", "x": 6.0, "y": headerY + 14], text: "header, alpha \(SVG.number(alpha))")
        if !hidden {
            svg.element("rect", ["class": "bar", "x": 0.0, "y": 0.0, "width": width, "height": navigation])
            svg.element("text", ["class": "bar-text", "x": 6.0, "y": 14.0], text: "navigation bar")
        }
    }

    private func drawTabs(into svg: inout SVG, width: Double, scale: Double) {
        let headerHeight = number("headerHeight", in: config) ?? 300
        let tabBarHeight = number("tabBarHeight", in: config) ?? 0
        let container = state["containerOffset"]?.number ?? 0
        let list = state["listOffset"]?.number ?? 0
        let listTop = (headerHeight + tabBarHeight - container) * scale
        let selected = state["selectedTab"]?.string ?? ""
        let tabs = config["tabs"]?.array ?? []
        let contentHeight = tabs.first { $0["id"]?.string == selected }?["contentHeight"]?.number ?? 2000
        stripes(into: &svg, width: width, scale: scale, offset: list, top: listTop, contentHeight: contentHeight)
        svg.element("rect", ["class": "header", "x": 0.0, "y": -container * scale, "width": width, "height": headerHeight * scale])
        svg.element("text", ["class": "label", "x": 6.0, "y": -container * scale + 14], text: "header")
        let tabWidth = width / Double(Swift.max(1, tabs.count))
        for (k, tab) in tabs.enumerated() {
            let name = tab["id"]?.string ?? ""
            let y = (headerHeight - container) * scale
            svg.element("rect", ["class": name == selected ? "tab selected" : "tab", "x": Double(k) * tabWidth, "y": y,
                                 "width": tabWidth, "height": Swift.max(tabBarHeight * scale, 12)])
            svg.element("text", ["class": "label", "x": Double(k) * tabWidth + 4, "y": y + 11], text: name)
        }
    }

    private func drawSections(into svg: inout SVG, width: Double, scale: Double) {
        let offset = state["offset"]?.number ?? 0
        let topInset = number("topInset", in: config) ?? 0
        let bottomInset = number("bottomInset", in: config) ?? 0
        var y = number("leadingSpace", in: config) ?? 0
        let current = state["currentSection"]?.string
        for (k, section) in (config["sections"]?.array ?? []).enumerated() {
            let height = section["height"]?.number ?? 0
            let name = section["id"]?.string ?? String(k)
            let screenY = (y - offset) * scale
            svg.raw("<rect class=\"section\" x=\"0\" y=\"\(SVG.number(screenY))\" width=\"\(SVG.number(width))\" height=\"\(SVG.number(height * scale))\" fill=\"\(k % 2 == 0 ? "#eef1f5" : "#fdf6e3")\"/>\n")
            svg.element("text", ["class": "label", "x": 6.0, "y": screenY + 14], text: "section \(name)\(name == current ? " (current)" : "")")
            y += height
        }
        if topInset > 0 { svg.element("rect", ["class": "safe-area", "x": 0.0, "y": 0.0, "width": width, "height": topInset * scale]) }
        if bottomInset > 0 {
            svg.element("rect", ["class": "bar", "x": 0.0, "y": Self.screenHeight - bottomInset * scale, "width": width, "height": bottomInset * scale])
            svg.element("text", ["class": "bar-text", "x": 6.0, "y": Self.screenHeight - bottomInset * scale + 14],
                        text: "button: \(state["button"]?.string ?? "")")
        }
    }
}
