// swift-tools-version:6.0
import PackageDescription

// libFuzzer targets for a11ylint, built by scripts/fuzz with -sanitize=fuzzer,address.
// Kept out of the main package so that `swift build` there never needs the sanitizers.
let package = Package(
    name: "a11ylint-fuzz",
    dependencies: [.package(name: "a11ylint", path: "..")],
    targets: [.target(name: "FuzzDriver")] + ["FuzzSpec", "FuzzSwift", "FuzzConfig", "FuzzTokens", "FuzzColorSet"].map { name in
        // libFuzzer's main and runtime only here; the coverage instrumentation and
        // AddressSanitizer for every module come from scripts/fuzz's -Xswiftc flags.
        .executableTarget(name: name, dependencies: ["FuzzDriver", .product(name: "A11yLintKit", package: "a11ylint")],
                          linkerSettings: [.unsafeFlags(["-sanitize=fuzzer,address"])])
    }
)
