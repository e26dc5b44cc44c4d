// swift-tools-version:6.0
import PackageDescription

// An app's form and its caret-visibility tests, written in Swift Testing.
let package = Package(
    name: "FormCaretTests",
    products: [
        .library(name: "ProfileForm", targets: ["ProfileForm"]),
    ],
    dependencies: [
        .package(name: "ChatFormLayout", path: "../.."),
    ],
    targets: [
        .target(
            name: "ProfileForm",
            dependencies: [.product(name: "ChatFormLayout", package: "ChatFormLayout")]
        ),
        .testTarget(
            name: "ProfileFormTests",
            dependencies: ["ProfileForm", .product(name: "ChatFormLayout", package: "ChatFormLayout")]
        ),
    ]
)
