// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "ChatFormLayout",
    products: [
        .library(name: "ChatFormGeometry", targets: ["ChatFormGeometry"]),
        .library(name: "ChatFormTerminal", targets: ["ChatFormTerminal"]),
    ],
    targets: [
        .target(name: "ChatFormGeometry"),
        .target(name: "ChatFormTerminal", dependencies: ["ChatFormGeometry"]),
        .executableTarget(name: "terminal-probe", dependencies: ["ChatFormTerminal"]),
        .testTarget(name: "ChatFormTerminalTests", dependencies: ["ChatFormTerminal"]),
    ]
)
