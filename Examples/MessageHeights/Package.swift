// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "MessageHeights",
    dependencies: [
        .package(name: "ChatFormLayout", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "message-heights",
            dependencies: [.product(name: "ChatFormLayout", package: "ChatFormLayout")]
        ),
    ]
)
