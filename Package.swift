// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "ChatFormLayout",
    products: [
        .library(name: "ChatFormGeometry", targets: ["ChatFormGeometry"]),
        .library(name: "ChatFormText", targets: ["ChatFormText"]),
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
        .target(name: "ChatFormText", dependencies: ["ChatFormGeometry", "CChatFormICU"]),
        .executableTarget(
            name: "chatform",
            dependencies: [
                "ChatFormText",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "ChatFormTextTests", dependencies: ["ChatFormText"]),
        .testTarget(
            name: "ChatFormToolTests",
            dependencies: ["chatform", "ChatFormText"],
            exclude: ["Fixtures"]
        ),
    ]
)
