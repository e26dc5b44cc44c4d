// swift-tools-version:6.0
import PackageDescription

// A terminal app that embeds ChatFormLayout's chat view beside a channel list of its own.
let package = Package(
    name: "TerminalChat",
    dependencies: [
        .package(name: "ChatFormLayout", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "terminal-chat",
            dependencies: [.product(name: "ChatFormLayout", package: "ChatFormLayout")]
        ),
    ]
)
