// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "ChatFormLayout",
    products: [
        .library(name: "ChatFormGeometry", targets: ["ChatFormGeometry"]),
        .library(name: "ChatFormRows", targets: ["ChatFormRows"]),
    ],
    targets: [
        .target(name: "ChatFormGeometry"),
        .target(name: "ChatFormRows"),
        .testTarget(name: "ChatFormRowsTests", dependencies: ["ChatFormRows"]),
    ]
)
