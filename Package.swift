// swift-tools-version:6.0
import PackageDescription

// Layers, each a module importing only the layers below it:
// geometry, the prefix-sum tree (ChatFormRows) and the ICU shim → text layout → motion →
// tables, viewport, keyboard, caret, behaviours → terminal demos → command-line tool and benchmarks.
let package = Package(
    name: "ChatFormLayout",
    products: [
        .library(name: "ChatFormGeometry", targets: ["ChatFormGeometry"]),
        .library(name: "ChatFormText", targets: ["ChatFormText"]),
        .library(name: "ChatFormRows", targets: ["ChatFormRows"]),
        .library(name: "ChatFormMotion", targets: ["ChatFormMotion"]),
        .library(name: "ChatFormScroll", targets: ["ChatFormScroll"]),
        .library(name: "ChatFormBehaviors", targets: ["ChatFormBehaviors"]),
        .library(name: "ChatFormReplay", targets: ["ChatFormReplay"]),
        .library(name: "ChatFormTerminal", targets: ["ChatFormTerminal"]),
        .library(name: "ChatFormDemo", targets: ["ChatFormDemo"]),
        .executable(name: "chatform", targets: ["chatform"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CICU",
            pkgConfig: "icu-uc",
            providers: [.apt(["libicu-dev"]), .brew(["icu4c"])]
        ),
        .target(name: "CChatFormICU", dependencies: ["CICU"]),
        .target(name: "ChatFormGeometry"),
        .target(name: "ChatFormText", dependencies: ["ChatFormGeometry", "ChatFormRows", "CChatFormICU"]),
        .target(name: "ChatFormRows"),
        .target(name: "ChatFormMotion", dependencies: ["ChatFormGeometry"]),
        .target(name: "ChatFormScroll", dependencies: ["ChatFormText", "ChatFormRows", "ChatFormMotion"]),
        .target(name: "ChatFormBehaviors", dependencies: ["ChatFormMotion", "ChatFormGeometry"]),
        .target(name: "ChatFormReplay", dependencies: ["ChatFormScroll", "ChatFormBehaviors"]),
        .target(name: "ChatFormTerminal", dependencies: ["ChatFormGeometry"]),
        .executableTarget(name: "terminal-probe", dependencies: ["ChatFormTerminal"]),
        .target(name: "ChatFormDemo", dependencies: ["ChatFormScroll", "ChatFormTerminal"]),
        .executableTarget(
            name: "chatform",
            dependencies: [
                "ChatFormText",
                "ChatFormScroll",
                "ChatFormBehaviors",
                "ChatFormReplay",
                "ChatFormDemo",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "ChatFormTextTests", dependencies: ["ChatFormText"]),
        .testTarget(name: "ChatFormRowsTests", dependencies: ["ChatFormRows"]),
        .testTarget(name: "ChatFormMotionTests", dependencies: ["ChatFormMotion"]),
        .testTarget(name: "ChatFormBehaviorsTests", dependencies: ["ChatFormBehaviors"]),
        .testTarget(name: "ChatFormScrollTests", dependencies: ["ChatFormScroll"]),
        .testTarget(name: "ChatFormReplayTests", dependencies: ["ChatFormReplay", "chatform"], exclude: ["Fixtures"]),
        .testTarget(name: "ChatFormTerminalTests",
                    dependencies: ["ChatFormTerminal", "terminal-probe", "chatform", "ChatFormText"]),
        .testTarget(name: "ChatFormDemoTests", dependencies: ["ChatFormDemo"]),
        .testTarget(
            name: "ChatFormToolTests",
            dependencies: ["chatform", "ChatFormText"],
            exclude: ["Fixtures"]
        ),
    ]
)
