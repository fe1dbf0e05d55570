// swift-tools-version:6.0
import PackageDescription

// A differential test of a11ylint's fast Swift reader (`SwiftSource`, `SwiftStructure`)
// against Apple's SwiftSyntax. A package of its own so that swift-syntax never enters
// what users of a11ylint build: only `Tests/ReaderDifferential/run` builds it.
let package = Package(
    name: "ReaderDifferential",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "a11ylint", path: "../.."),
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "602.0.0"),
    ],
    targets: [
        .executableTarget(
            name: "reader-diff",
            dependencies: [
                .product(name: "A11yLintKit", package: "a11ylint"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
    ]
)
