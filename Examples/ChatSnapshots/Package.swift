// swift-tools-version:6.0
import PackageDescription

// An app's chat screen with snapshot tests of what the engine computed: the transcript's
// frame as text and as an SVG picture, recorded with pointfreeco's swift-snapshot-testing.
let package = Package(
    name: "ChatSnapshots",
    products: [
        .library(name: "ChatScreen", targets: ["ChatScreen"]),
    ],
    dependencies: [
        .package(name: "ChatFormLayout", path: "../.."),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.17.0"),
    ],
    targets: [
        .target(
            name: "ChatScreen",
            dependencies: [.product(name: "ChatFormLayout", package: "ChatFormLayout")]
        ),
        .testTarget(
            name: "ChatScreenTests",
            dependencies: [
                "ChatScreen",
                .product(name: "ChatFormLayout", package: "ChatFormLayout"),
                .product(name: "ChatFormSnapshotTesting", package: "ChatFormLayout"),
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            exclude: ["__Snapshots__"]
        ),
    ]
)
