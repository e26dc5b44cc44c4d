import ChatFormBehaviors
import ChatFormMotion

struct _ToolbarRunner: _BehaviorRunner {
    var toolbar: SafariToolbar

    init(config: BehaviorScript.Config) throws {
        var configuration = SafariToolbar.Configuration()
        if let mode = try config.mode(ToolbarMode.self, of: "toolbar", choices: "seed or smoothed") { configuration.mode = mode }
        if let value = config.deadZone { configuration.deadZone = value }
        if let value = config.edgeTolerance { configuration.edgeTolerance = value }
        if let value = config.zoomTolerance { configuration.zoomTolerance = value }
        if let value = config.curve { configuration.curve = value }
        if let value = config.duration { configuration.duration = value }
        let extent = try ScrollExtent(contentHeight: config.require(config.contentHeight, "contentHeight"),
                                      viewportHeight: config.require(config.viewportHeight, "viewportHeight"),
                                      topInset: config.topInset ?? 0, bottomInset: config.bottomInset ?? 0)
        toolbar = try SafariToolbar(extent: extent, configuration: configuration)
    }

    mutating func apply(_ event: BehaviorScript.Event, path: String, at time: Double,
                        into output: inout BehaviorScriptOutput) throws {
        let input: ToolbarInput
        switch event.type {
        case "dragBegin": input = .dragBegan(offset: try event.require(event.offset, "offset", path))
        case "scroll": input = .scrolled(offset: try event.require(event.offset, "offset", path), translation: event.translation)
        case "dragEnd": input = .dragEnded(offset: try event.require(event.offset, "offset", path))
        case "zoom":
            input = .zoomed(scale: try event.require(event.scale, "scale", path),
                            minimumScale: event.minimumScale ?? 1)
        case "resize":
            let old = toolbar.extent
            input = .resized(try ScrollExtent(contentHeight: event.contentHeight ?? old.contentHeight,
                                              viewportHeight: event.viewportHeight ?? old.viewportHeight,
                                              topInset: event.topInset ?? old.topInset,
                                              bottomInset: event.bottomInset ?? old.bottomInset))
        default: throw event.unknown(path, "toolbar", "dragBegin, scroll, dragEnd, zoom, resize, advance")
        }
        let update = try toolbar.handle(input, at: time)
        output.event = update.event
        output.reason = update.reason
        output.toggled = update.didToggle
    }

    func describe(at time: Double, into output: inout BehaviorScriptOutput) {
        output.expanded = toolbar.isExpanded
        output.position = toolbar.position(at: time)
    }

    func isSettled(at time: Double) -> Bool { toolbar.isSettled(at: time) }
}

struct _HeaderRunner: _BehaviorRunner {
    var header: CollapsingHeader

    init(config: BehaviorScript.Config) throws {
        var configuration = CollapsingHeader.Configuration(headerHeight: try config.require(config.headerHeight, "headerHeight"))
        if let mode = try config.mode(HeaderMode.self, of: "header", choices: "threshold, follow or enterAlways") {
            configuration.mode = mode
        }
        if let value = config.minimumHeight { configuration.minimumHeight = value }
        if let value = config.snapThreshold { configuration.snapThreshold = value }
        if let value = config.duration { configuration.duration = value }
        if let value = config.curve { configuration.curve = value }
        if let value = config.snapsToNearestOnDragEnd { configuration.snapsToNearestOnDragEnd = value }
        if let value = config.fadeDistance { configuration.fadeDistance = value }
        if let value = config.hidesNavigationBarWhenCollapsed { configuration.hidesNavigationBarWhenCollapsed = value }
        header = try CollapsingHeader(configuration: configuration)
    }

    mutating func apply(_ event: BehaviorScript.Event, path: String, at time: Double,
                        into output: inout BehaviorScriptOutput) throws {
        var update = HeaderUpdate()
        switch event.type {
        case "scroll": update = try header.scroll(to: event.require(event.offset, "offset", path), at: time)
        case "dragBegin":
            if let offset = event.offset { try header.scroll(to: offset, at: time) }
            try header.dragBegan(at: time)
        case "dragEnd":
            if let offset = event.offset { try header.scroll(to: offset, at: time) }
            update = try header.dragEnded(at: time)
        default: throw event.unknown(path, "header", "scroll, dragBegin, dragEnd, advance")
        }
        output.snapTargetOffset = update.snapTargetOffset
    }

    func describe(at time: Double, into output: inout BehaviorScriptOutput) {
        output.offset = header.offset
        output.headerPosition = header.headerPosition(at: time)
        output.alpha = header.alpha
        output.collapsed = header.isCollapsed
        output.navigationBarHidden = header.isNavigationBarHidden
    }

    func isSettled(at time: Double) -> Bool { header.animation.isFinished(at: time) }
}

struct _TabsRunner: _BehaviorRunner {
    var screen: NestedTabScroll<String>

    init(config: BehaviorScript.Config) throws {
        let layout = NestedTabScroll<String>.Layout(
            headerHeight: try config.require(config.headerHeight, "headerHeight"),
            tabBarHeight: config.tabBarHeight ?? 0,
            minimumHeaderHeight: config.minimumHeaderHeight ?? 0,
            viewportHeight: try config.require(config.viewportHeight, "viewportHeight"),
            bottomInset: config.bottomInset ?? 0)
        guard let tabs = config.tabs else { throw ReplayError("script.config: missing \"tabs\"") }
        screen = try NestedTabScroll(layout: layout, tabs: tabs.map { ($0.id, $0.contentHeight) }, selected: config.selected)
    }

    mutating func apply(_ event: BehaviorScript.Event, path: String, at time: Double,
                        into output: inout BehaviorScriptOutput) throws {
        switch event.type {
        case "scroll": try screen.scroll(toOverlayOffset: event.require(event.offset, "offset", path))
        case "selectTab": try screen.selectTab(event.require(event.tab, "tab", path))
        case "setContentHeight":
            try screen.setContentHeight(event.require(event.height ?? event.contentHeight, "height", path),
                                        for: event.require(event.tab, "tab", path))
        case "resize":
            try screen.resize(viewportHeight: event.require(event.viewportHeight, "viewportHeight", path),
                              bottomInset: event.bottomInset)
        default: throw event.unknown(path, "tabs", "scroll, selectTab, setContentHeight, resize, advance")
        }
    }

    func describe(at time: Double, into output: inout BehaviorScriptOutput) {
        output.selectedTab = screen.selectedTab
        output.overlayOffset = screen.overlayOffset
        output.containerOffset = screen.containerOffset
        output.listOffset = screen.selectedListOffset
        output.listOffsets = screen.listOffsets
        output.overlayContentHeight = screen.overlayContentHeight
    }

    func isSettled(at time: Double) -> Bool { true }
}

struct _SectionsRunner: _BehaviorRunner {
    var stepper: SectionStepper<String>
    var geometry: ScrollGeometry
    var scroll: AnimatedValue
    let curve: TimingCurve
    let duration: Double
    let followsScroll: Bool

    init(config: BehaviorScript.Config) throws {
        guard let sections = config.sections else { throw ReplayError("script.config: missing \"sections\"") }
        stepper = try SectionStepper(sections: sections.map(\.id))
        geometry = try ScrollGeometry.stacked(sectionHeights: sections.map(\.height),
                                              viewportHeight: config.require(config.viewportHeight, "viewportHeight"),
                                              topInset: config.topInset ?? 0, bottomInset: config.bottomInset ?? 0,
                                              leadingSpace: config.leadingSpace ?? 0, trailingSpace: config.trailingSpace ?? 0)
        scroll = AnimatedValue(constant: geometry.offset)
        curve = try (config.curve ?? .smooth(duration: 0.5)).validated()
        duration = try _RunnerCheck.size(config.duration ?? 0.35, "script.config.duration")
        followsScroll = config.followsScroll ?? false
    }

    private func geometry(at time: Double) -> ScrollGeometry {
        var current = geometry
        current.offset = scroll.value(at: time)
        return current
    }

    mutating func apply(_ event: BehaviorScript.Event, path: String, at time: Double,
                        into output: inout BehaviorScriptOutput) throws {
        switch event.type {
        case "next":
            let result = try stepper.next(in: geometry(at: time))
            switch result {
            case .scroll(let id, let offset): try animateScroll(to: offset, section: id, at: time, into: &output)
            case .agree: output.action = "agree"
            case .none: output.action = "none"
            }
        case "scroll":
            let offset = try _RunnerCheck.finite(event.require(event.offset, "offset", path), "\(path).offset")
            scroll = AnimatedValue(constant: geometry.clamp(offset))
            if followsScroll { try stepper.follow(geometry(at: time)) }
        case "jump":
            let id = try event.require(event.section, "section", path)
            try animateScroll(to: stepper.jump(to: id, in: geometry(at: time)), section: id, at: time, into: &output)
        case "resize":
            let current = scroll.value(at: time)
            var next = geometry
            if let value = event.viewportHeight { next.viewportHeight = value }
            if let value = event.topInset { next.topInset = value }
            if let value = event.bottomInset { next.bottomInset = value }
            geometry = try next.validated()
            scroll = AnimatedValue(constant: geometry.clamp(current))
        default: throw event.unknown(path, "sections", "next, scroll, jump, resize, advance")
        }
    }

    /// Animates the scroll to `offset`, the top of section `id`, as the press's action.
    private mutating func animateScroll(to offset: Double, section id: String, at time: Double,
                                        into output: inout BehaviorScriptOutput) throws {
        output.action = "scroll"
        output.targetSection = id
        output.targetOffset = offset
        try scroll.retarget(to: offset, at: time, duration: duration, curve: curve)
    }

    func describe(at time: Double, into output: inout BehaviorScriptOutput) {
        let current = geometry(at: time)
        output.offset = current.offset
        output.currentSection = stepper.currentSection
        output.visibleSection = try? stepper.visibleSection(in: current)
        output.button = stepper.button
    }

    func isSettled(at time: Double) -> Bool { scroll.isFinished(at: time) }
}

/// Number checks for what the runners read themselves (the models check their own inputs).
enum _RunnerCheck {
    /// `value` if finite and not negative.
    static func size(_ value: Double, _ path: String) throws(ReplayError) -> Double {
        guard value.isFinite, value >= 0 else { throw ReplayError("\(path): must be zero or more (got \(value))") }
        return value
    }

    /// `value` if finite.
    static func finite(_ value: Double, _ path: String) throws(ReplayError) -> Double {
        guard value.isFinite else { throw ReplayError("\(path): must be finite (got \(value))") }
        return value
    }
}
