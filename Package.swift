// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "ChatFormLayout",
    products: [
        .library(name: "ChatFormGeometry", targets: ["ChatFormGeometry"]),
        .library(name: "ChatFormMotion", targets: ["ChatFormMotion"]),
        .library(name: "ChatFormBehaviors", targets: ["ChatFormBehaviors"]),
    ],
    targets: [
        .target(name: "ChatFormGeometry"),
        .target(name: "ChatFormMotion", dependencies: ["ChatFormGeometry"]),
        .target(name: "ChatFormBehaviors", dependencies: ["ChatFormMotion", "ChatFormGeometry"]),
        .testTarget(name: "ChatFormMotionTests", dependencies: ["ChatFormMotion"]),
        .testTarget(name: "ChatFormBehaviorsTests", dependencies: ["ChatFormBehaviors", "ChatFormMotion"]),
    ]
)
