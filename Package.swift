// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "ChatFormLayout",
    products: [
        .library(name: "ChatFormGeometry", targets: ["ChatFormGeometry"]),
    ],
    targets: [
        .target(name: "ChatFormGeometry"),
    ]
)
