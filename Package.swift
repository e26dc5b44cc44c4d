// swift-tools-version:6.0
import PackageDescription

// Layers, each a module importing only the layers below it (the targets' dependencies say which):
// 1. geometry (ChatFormGeometry), the prefix-sum tree (ChatFormRows), the C shims (ICU; FreeType,
//    HarfBuzz and fontconfig; cmark-gfm; cache prefetch hints and the line-end compare), motion
//    (ChatFormMotion: Foundation only), test support (ChatFormTesting: Foundation only);
// 2. text layout (ChatFormText: geometry, rows, ICU shim, prefetch shim); the terminal
//    (ChatFormTerminal: geometry); behaviours (ChatFormBehaviors: motion only);
// 3. real fonts (ChatFormFont: text, shaping shim); tables (ChatFormScroll: text, rows, motion,
//    prefetch shim): TableSession composing a row cache (rows, heights, measurements,
//    anchoring), a field editor (focus, caret, composition) and a scroll state (viewport,
//    keyboard, drag), changed through its views (keyboard, field, chat);
// 4. Markdown messages (ChatFormMarkdown: geometry, text, fonts, cmark-gfm shim); replay scripts and the
//    behaviours' table adapters (ChatFormReplay: scroll, behaviours); terminal demos
//    (ChatFormDemo: scroll, terminal, test support's SplitMix64);
// 5. pictures (ChatFormPictures: text, scroll, replay); the fuzz targets' properties
//    (ChatFormFuzzing: text, scroll, replay, behaviours, terminal, Markdown);
// 6. the umbrella (ChatFormLayout: every public layer but Markdown and snapshot testing), snapshot
//    strategies (ChatFormSnapshotTesting: pictures, scroll, text), the command-line tool, the
//    benchmarks, the allocation gates and the fuzz driver.
let package = Package(
    name: "ChatFormLayout",
    products: [
        // Everything: `import ChatFormLayout`.
        .library(name: "ChatFormLayout", targets: ["ChatFormLayout"]),
        // One layer each, for code that wants less.
        .library(name: "ChatFormGeometry", targets: ["ChatFormGeometry"]),
        .library(name: "ChatFormText", targets: ["ChatFormText"]),
        .library(name: "ChatFormRows", targets: ["ChatFormRows"]),
        .library(name: "ChatFormFont", targets: ["ChatFormFont"]),
        // Markdown messages (cmark-gfm): its own product, so plain and span text never link cmark-gfm.
        .library(name: "ChatFormMarkdown", targets: ["ChatFormMarkdown"]),
        .library(name: "ChatFormMotion", targets: ["ChatFormMotion"]),
        .library(name: "ChatFormScroll", targets: ["ChatFormScroll"]),
        .library(name: "ChatFormBehaviors", targets: ["ChatFormBehaviors"]),
        .library(name: "ChatFormReplay", targets: ["ChatFormReplay"]),
        .library(name: "ChatFormTerminal", targets: ["ChatFormTerminal"]),
        .library(name: "ChatFormDemo", targets: ["ChatFormDemo"]),
        .library(name: "ChatFormPictures", targets: ["ChatFormPictures"]),
        // Snapshot strategies for pointfreeco's swift-snapshot-testing: only code that links
        // this product builds SnapshotTesting (the umbrella does not).
        .library(name: "ChatFormSnapshotTesting", targets: ["ChatFormSnapshotTesting"]),
        .executable(name: "chatform", targets: ["chatform"]),
        .executable(name: "chatform-bench", targets: ["chatform-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // `swift package generate-documentation` (DocC); not linked into any product.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // Allocation counting for the allocation gates (chatform-alloc-gate); not linked into any product.
        .package(url: "https://github.com/ordo-one/malloc-interposer", from: "1.6.1"),
        // Snapshot tests in the ecosystem's way (ChatFormSnapshotTesting only).
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.17.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CICU",
            pkgConfig: "icu-uc",
            providers: [.apt(["libicu-dev"]), .brew(["icu4c"])]
        ),
        .target(name: "CChatFormICU", dependencies: ["CICU"]),
        .target(name: "ChatFormGeometry"),
        .target(name: "ChatFormText", dependencies: ["ChatFormGeometry", "ChatFormRows", "CChatFormICU", "CChatFormPrefetch"]),
        .target(name: "ChatFormRows"),
        .systemLibrary(
            name: "CFreeType",
            pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"]), .brew(["freetype"])]
        ),
        .systemLibrary(
            name: "CHarfBuzz",
            pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"]), .brew(["harfbuzz"])]
        ),
        .systemLibrary(
            name: "CFontconfig",
            pkgConfig: "fontconfig",
            providers: [.apt(["libfontconfig-dev"]), .brew(["fontconfig"])]
        ),
        // FreeType, HarfBuzz and fontconfig behind one prefixed C shim (cfl_face_*, cfl_shape,
        // cfl_fc_*), as ICU is wrapped.
        .target(name: "CChatFormShaping", dependencies: ["CFreeType", "CHarfBuzz", "CFontconfig"]),
        .target(name: "ChatFormFont", dependencies: ["ChatFormText", "CChatFormShaping"]),
        // cmark-gfm, GitHub's CommonMark reference parser, and its extensions (one .pc names both).
        .systemLibrary(
            name: "CCmarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"]), .brew(["cmark-gfm"])]
        ),
        // The parser set-up and HTML renderer behind a prefixed C shim (cfm_*).
        .target(name: "CChatFormMarkdown", dependencies: ["CCmarkGFM"]),
        // Markdown messages: cmark-gfm's tree as blocks of styled runs, a theme (JSON and CSS), and
        // the blocks stacked as the browser stacks cmark-gfm's HTML. Nothing else in the package
        // but the tool, the benchmark and the tests depends on it.
        .target(name: "ChatFormMarkdown", dependencies: ["ChatFormGeometry", "ChatFormText", "ChatFormFont", "CChatFormMarkdown", "CCmarkGFM"]),
        .target(name: "ChatFormMotion"),
        // Cache prefetch hints (header only): the table's relay of every measured row; and the
        // vector compare the line walks find a line's end with (`NarrowLineSteps.lastFit`).
        .target(name: "CChatFormPrefetch"),
        .target(name: "ChatFormScroll", dependencies: ["ChatFormText", "ChatFormRows", "ChatFormMotion", "CChatFormPrefetch"]),
        .target(name: "ChatFormBehaviors", dependencies: ["ChatFormMotion"]),
        .target(name: "ChatFormReplay", dependencies: ["ChatFormScroll", "ChatFormBehaviors"]),
        .target(name: "ChatFormTerminal", dependencies: ["ChatFormGeometry"]),
        .executableTarget(name: "terminal-probe", dependencies: ["ChatFormTerminal"]),
        .target(name: "ChatFormDemo", dependencies: ["ChatFormScroll", "ChatFormTerminal", "ChatFormTesting"]),
        // Pictures of what the engine computed: layouts and table frames as SVG, replays as
        // one HTML page, and text dumps of both (`chatform replay --html`, `wrap --svg`).
        .target(name: "ChatFormPictures", dependencies: ["ChatFormGeometry", "ChatFormText", "ChatFormScroll", "ChatFormReplay"]),
        .target(name: "ChatFormSnapshotTesting",
                dependencies: ["ChatFormPictures", "ChatFormScroll", "ChatFormText",
                               .product(name: "SnapshotTesting", package: "swift-snapshot-testing")]),
        // The umbrella: re-exports every public layer above.
        .target(
            name: "ChatFormLayout",
            dependencies: [
                "ChatFormGeometry", "ChatFormRows", "ChatFormText", "ChatFormFont", "ChatFormMotion",
                "ChatFormScroll", "ChatFormBehaviors", "ChatFormReplay", "ChatFormTerminal", "ChatFormDemo",
                "ChatFormPictures",
            ]
        ),
        .executableTarget(
            name: "chatform",
            dependencies: [
                "ChatFormText",
                "ChatFormFont",
                "ChatFormScroll",
                "ChatFormBehaviors",
                "ChatFormReplay",
                "ChatFormDemo",
                "ChatFormPictures",
                "ChatFormMarkdown",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Test support shared by the test targets and the benchmark (not a product).
        .target(name: "ChatFormTesting"),
        .executableTarget(
            name: "chatform-bench",
            dependencies: [
                "ChatFormScroll",
                "ChatFormRows",
                "ChatFormFont",
                "ChatFormMarkdown",
                "ChatFormTesting",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Benchmarks/chatform-bench"
        ),
        // The allocation gates: allocations per keystroke and per warm layout, counted by
        // ordo-one's malloc interposer and held to Benchmarks/allocation-budgets.txt (CI fails past a budget).
        .executableTarget(
            name: "chatform-alloc-gate",
            dependencies: [
                "ChatFormScroll",
                "ChatFormText",
                "ChatFormTesting",
                .product(name: "MallocInterposerSwift", package: "malloc-interposer"),
            ],
            path: "Benchmarks/chatform-alloc-gate"
        ),
        // Fuzzing (README, "Fuzzing and sanitizers"): the targets' properties, and the driver that runs them
        // under libFuzzer in a fuzz build (Fuzz/run) or over a corpus in a normal one.
        .target(name: "ChatFormFuzzing",
                dependencies: ["ChatFormText", "ChatFormReplay", "ChatFormBehaviors", "ChatFormScroll", "ChatFormTerminal",
                               "ChatFormMarkdown"]),
        .target(name: "CChatFormFuzz"),
        .executableTarget(name: "chatform-fuzz", dependencies: ["ChatFormFuzzing", "CChatFormFuzz"], path: "Fuzz/chatform-fuzz"),
        .testTarget(name: "ChatFormTextTests", dependencies: ["ChatFormTesting", "ChatFormText"]),
        .testTarget(name: "ChatFormFontTests", dependencies: ["ChatFormTesting", "ChatFormFont", "ChatFormText", "ChatFormScroll"], exclude: ["Fixtures"]),
        .testTarget(name: "ChatFormMarkdownTests", dependencies: ["ChatFormTesting", "ChatFormMarkdown", "ChatFormFont"],
                    exclude: ["Fixtures"]),
        // ChatFormText/Shaping on a fake shaper: runs on machines without the fonts.
        .testTarget(name: "ChatFormShapingTests", dependencies: ["ChatFormTesting", "ChatFormText", "ChatFormScroll"]),
        .testTarget(name: "ChatFormRowsTests", dependencies: ["ChatFormTesting", "ChatFormRows"]),
        .testTarget(name: "ChatFormMotionTests", dependencies: ["ChatFormTesting", "ChatFormMotion"]),
        .testTarget(name: "ChatFormBehaviorsTests", dependencies: ["ChatFormTesting", "ChatFormBehaviors"]),
        .testTarget(name: "ChatFormScrollTests", dependencies: ["ChatFormTesting", "ChatFormScroll"]),
        .testTarget(name: "ChatFormReplayTests", dependencies: ["ChatFormTesting", "ChatFormReplay", "chatform"], exclude: ["Fixtures"]),
        .testTarget(name: "ChatFormTerminalTests",
                    dependencies: ["ChatFormTesting", "ChatFormTerminal", "terminal-probe", "chatform", "ChatFormText"]),
        .testTarget(name: "ChatFormDemoTests", dependencies: ["ChatFormTesting", "ChatFormDemo"]),
        .testTarget(name: "ChatFormSnapshotTestingTests",
                    dependencies: ["ChatFormSnapshotTesting", "ChatFormPictures", "ChatFormScroll", "ChatFormText",
                                   .product(name: "SnapshotTesting", package: "swift-snapshot-testing")],
                    exclude: ["__Snapshots__"]),
        .testTarget(name: "ChatFormPicturesTests",
                    dependencies: ["ChatFormTesting", "ChatFormPictures", "ChatFormFont", "ChatFormReplay", "chatform"],
                    exclude: ["Fixtures"]),
        // The documentation's samples, run as written, through the umbrella import.
        .testTarget(name: "ChatFormLayoutTests",
                    dependencies: ["ChatFormLayout", "ChatFormMarkdown", "ChatFormTesting", "chatform", "ChatFormSnapshotTesting",
                                   .product(name: "SnapshotTesting", package: "swift-snapshot-testing")],
                    exclude: ["Articles/__Snapshots__"]),
        .testTarget(name: "ChatFormFuzzingTests", dependencies: ["ChatFormFuzzing", "ChatFormReplay", "ChatFormScroll", "ChatFormTesting"]),
        .testTarget(
            name: "ChatFormToolTests",
            dependencies: ["chatform", "ChatFormText", "ChatFormFont", "ChatFormMarkdown", "ChatFormTesting"],
            exclude: ["Fixtures"]
        ),
    ]
)
