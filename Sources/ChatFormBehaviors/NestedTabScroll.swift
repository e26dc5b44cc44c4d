/// Seed 003's profile screen: one overlay scroll view drives a container (header + tab bar)
/// and the selected tab's list.
///
/// With top = tabContainerTop − minimumHeaderHeight (the tab container starts right under the
/// header, so tabContainerTop = headerHeight):
/// - overlay content height = headerHeight + tabBarHeight + max(tab content height,
///   viewportHeight − minimumHeaderHeight − tabBarHeight − bottomInset) + bottomInset;
/// - overlay offset < top: container offset = overlay offset, every tab list at 0, and the
///   cached offsets are cleared;
/// - overlay offset ≥ top: container offset = top, selected list offset = overlay offset − top.
/// The overlay does not bounce (the seed sets `bounces = false`): offsets are clamped to
/// [0, overlayContentHeight − viewportHeight].
///
/// Tab switches: the seed caches each tab's overlay offset (only while past top, since going
/// below top clears the cache). `selectTab` restores the cached offset or, when none, follows
/// the container's offset, so the header never jumps. Unlike the seed, the content height is
/// updated *before* the offset is restored, so a restored offset is clamped against the new
/// tab's range, not the old one's (the JXPagingView #324 / SwiftUIMaterialTabs #5 class of
/// bugs). A content-height change applies at once; stored offsets of other tabs are clamped to
/// their ranges.
///
/// Invariant (checked by `checkInvariants()`): containerOffset + selectedListOffset ==
/// overlayOffset, container offset in [0, top], every list offset in [0, maximumListOffset].
///
/// ```swift
/// var screen = try NestedTabScroll(layout: .init(headerHeight: 300, tabBarHeight: 44,
///                                                minimumHeaderHeight: 100, viewportHeight: 800),
///                                  tabs: [("posts", 2000), ("likes", 500)])
/// try screen.scroll(toOverlayOffset: 450)  // top = 200: container 200, posts list 250
/// try screen.selectTab("likes")           // no cached offset: overlay follows container (200)
/// ```
public struct NestedTabScroll<TabID: Hashable & Sendable>: Sendable, Equatable {
    /// The fixed sizes of the screen.
    ///
    /// ```swift
    /// let layout = NestedTabScroll<String>.Layout(headerHeight: 300, tabBarHeight: 44, viewportHeight: 800)
    /// ```
    public struct Layout: Sendable, Equatable, Codable {
        /// The header's height.
        public var headerHeight: Double
        /// The tab bar's height.
        public var tabBarHeight: Double
        /// How much of the header stays when collapsed (the seed's `minHeaderHeight`).
        public var minimumHeaderHeight: Double
        /// The overlay scroll view's height.
        public var viewportHeight: Double
        /// The bottom inset (tab bar controller or safe area) [0].
        public var bottomInset: Double

        /// A layout.
        public init(headerHeight: Double, tabBarHeight: Double, minimumHeaderHeight: Double = 0,
                    viewportHeight: Double, bottomInset: Double = 0) {
            self.headerHeight = headerHeight
            self.tabBarHeight = tabBarHeight
            self.minimumHeaderHeight = minimumHeaderHeight
            self.viewportHeight = viewportHeight
            self.bottomInset = bottomInset
        }

        func validated() throws -> Layout {
            _ = try _Check.size(headerHeight, "headerHeight")
            _ = try _Check.size(tabBarHeight, "tabBarHeight")
            _ = try _Check.size(minimumHeaderHeight, "minimumHeaderHeight")
            _ = try _Check.size(viewportHeight, "viewportHeight")
            _ = try _Check.size(bottomInset, "bottomInset")
            guard minimumHeaderHeight <= headerHeight else {
                throw BehaviorError.invalidConfiguration("minimumHeaderHeight \(minimumHeaderHeight) exceeds headerHeight \(headerHeight)")
            }
            return self
        }
    }

    /// The sizes.
    public private(set) var layout: Layout
    /// The tabs, in order.
    public let tabs: [TabID]
    /// Each tab's list content height.
    public private(set) var contentHeights: [TabID: Double]
    /// The selected tab.
    public private(set) var selectedTab: TabID
    /// The overlay scroll view's offset.
    public private(set) var overlayOffset: Double = 0
    /// The container's (header + tab bar) offset.
    public private(set) var containerOffset: Double = 0
    /// Each tab list's offset.
    public private(set) var listOffsets: [TabID: Double]
    /// The seed's `contentOffsets`: overlay offsets cached per tab.
    public private(set) var cachedOverlayOffsets: [TabID: Double] = [:]

    /// A screen at offset 0 with `tabs` (id, list content height); `selected` defaults to the
    /// first tab.
    /// - Throws: `BehaviorError` for no tabs, duplicate or unknown ids, and bad sizes.
    public init(layout: Layout, tabs: [(TabID, Double)], selected: TabID? = nil) throws {
        guard let first = tabs.first else { throw BehaviorError.empty("tabs") }
        self.layout = try layout.validated()
        var heights: [TabID: Double] = [:]
        for (id, height) in tabs {
            guard heights[id] == nil else { throw BehaviorError.duplicateID(String(describing: id)) }
            heights[id] = try _Check.size(height, "contentHeight of \(id)")
        }
        let selected = selected ?? first.0
        guard heights[selected] != nil else { throw BehaviorError.unknownID(String(describing: selected)) }
        self.tabs = tabs.map(\.0)
        self.contentHeights = heights
        self.selectedTab = selected
        self.listOffsets = heights.mapValues { _ in 0 }
    }

    /// top = tabContainerTop − minimumHeaderHeight = headerHeight − minimumHeaderHeight.
    public var top: Double { layout.headerHeight - layout.minimumHeaderHeight }

    /// The height a tab list shows when the header is collapsed, less the bottom inset:
    /// viewportHeight − minimumHeaderHeight − tabBarHeight − bottomInset.
    public var listViewportHeight: Double {
        layout.viewportHeight - layout.minimumHeaderHeight - layout.tabBarHeight - layout.bottomInset
    }

    /// The overlay's content height for `tab` (the selected tab by default).
    public func overlayContentHeight(for tab: TabID? = nil) -> Double {
        let content = contentHeights[tab ?? selectedTab] ?? 0
        return layout.headerHeight + layout.tabBarHeight + max(content, listViewportHeight) + layout.bottomInset
    }

    /// The overlay's content height for the selected tab.
    public var overlayContentHeight: Double { overlayContentHeight() }

    /// The largest overlay offset: max(0, overlayContentHeight − viewportHeight).
    public func maximumOverlayOffset(for tab: TabID? = nil) -> Double {
        max(0, overlayContentHeight(for: tab) - layout.viewportHeight)
    }

    /// The largest list offset of `tab`: max(0, contentHeight − listViewportHeight).
    public func maximumListOffset(for tab: TabID) -> Double {
        max(0, (contentHeights[tab] ?? 0) - listViewportHeight)
    }

    /// The selected list's offset.
    public var selectedListOffset: Double { listOffsets[selectedTab] ?? 0 }

    /// Scrolls the overlay to `offset`, clamped to [0, maximumOverlayOffset] (the seed's
    /// overlay does not bounce), and derives the container and list offsets (the seed's
    /// `scrollViewDidScroll`).
    /// - Throws: `BehaviorError.invalidNumber` for NaN or infinite offsets.
    /// - Complexity: O(number of tabs) when the offset is below top, else O(1).
    public mutating func scroll(toOverlayOffset offset: Double) throws {
        let offset = try _Check.finite(offset, "overlayOffset")
        apply(overlayOffset: offset)
    }

    /// Selects `tab`, restoring its cached overlay offset or following the container's.
    /// - Throws: `BehaviorError.unknownID`.
    public mutating func selectTab(_ tab: TabID) throws {
        guard contentHeights[tab] != nil else { throw BehaviorError.unknownID(String(describing: tab)) }
        selectedTab = tab
        apply(overlayOffset: cachedOverlayOffsets[tab] ?? containerOffset)
    }

    /// Changes `tab`'s list content height; for the selected tab the overlay's content height
    /// and offsets update at once.
    /// - Throws: `BehaviorError` for unknown tabs and bad heights.
    public mutating func setContentHeight(_ height: Double, for tab: TabID) throws {
        guard contentHeights[tab] != nil else { throw BehaviorError.unknownID(String(describing: tab)) }
        contentHeights[tab] = try _Check.size(height, "contentHeight")
        clampStoredOffsets()
        apply(overlayOffset: overlayOffset)
    }

    /// Changes the viewport height and bottom inset (rotation, keyboard, tab bar).
    /// - Throws: `BehaviorError` for bad sizes.
    public mutating func resize(viewportHeight: Double, bottomInset: Double? = nil) throws {
        var newLayout = layout
        newLayout.viewportHeight = viewportHeight
        if let bottomInset { newLayout.bottomInset = bottomInset }
        layout = try newLayout.validated()
        clampStoredOffsets()
        apply(overlayOffset: overlayOffset)
    }

    private mutating func apply(overlayOffset requested: Double) {
        let offset = min(max(requested, 0), maximumOverlayOffset())
        overlayOffset = offset
        cachedOverlayOffsets[selectedTab] = offset
        if offset < top {
            containerOffset = offset
            for tab in tabs { listOffsets[tab] = 0 }
            cachedOverlayOffsets.removeAll()
        } else {
            containerOffset = top
            listOffsets[selectedTab] = offset - top
        }
    }

    private mutating func clampStoredOffsets() {
        for tab in tabs where tab != selectedTab {
            let limit = maximumListOffset(for: tab)
            if let list = listOffsets[tab], list > limit { listOffsets[tab] = limit }
            if let cached = cachedOverlayOffsets[tab] {
                cachedOverlayOffsets[tab] = min(cached, maximumOverlayOffset(for: tab))
            }
        }
    }
}
