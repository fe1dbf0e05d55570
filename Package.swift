// swift-tools-version:6.0
import PackageDescription

// Dependencies flow one way:
//   A11yPattern            →  A11ySwiftReader (the fast Swift reader: lexer, call syntax, chains and
//                             containers, view position, suppression comments)
//   A11yJSON, A11yPattern, A11ySwiftReader  →  A11yModel  →  A11yLayout  →  A11yRules  →  A11yLint
//   A11yModel  →  A11yColorSources (tokens, asset catalogs, system colours)  →  A11yRules
//   A11yModel, A11yLayout  →  A11yReport (what a run hands the reporters; the Spool reports and
//                             the baseline being written keep their parts in)  →  A11yLint, A11yReporters
//   everything             →  a11ylint (argument parsing and wiring only)
// Release builds on Linux ask the compiler for a function per concrete generic type's
// metadata instead of a mangled name that the runtime demangles (searching every conformance
// record of the binary) at its first use: about a sixth of the one-spec run's CPU time
// otherwise. It is a frontend flag, given only to compilers known to take it (6.2 and 6.3;
// SwiftPM 6.2 no longer refuses a dependency for unsafe flags): a later compiler builds
// without it until it is checked there (docs/development.md, "Start-up"). Release builds also
// leave out the run-time exclusivity checks (one per access to a class's stored var); the
// debug build that runs the tests keeps them.
#if compiler(>=6.2) && compiler(<6.4)
let releaseSwift: [SwiftSetting] = [.unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors",
                                                  "-enforce-exclusivity=unchecked"],
                                                 .when(platforms: [.linux], configuration: .release))]
#else
let releaseSwift: [SwiftSetting] = []
#endif

let package = Package(
    name: "a11ylint",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "a11ylint", targets: ["a11ylint"]),
        // The linter as a library: for the fuzz targets (Fuzz/), the reference-parser tests
        // and the reader's differential test against SwiftSyntax (Tests/ReaderDifferential).
        .library(name: "A11yLintKit", targets: ["A11yLint", "A11yReporters", "A11yReport", "A11yRules", "A11yModel",
                                                         "A11yColorSources", "A11ySwiftReader"]),
        .plugin(name: "A11yLintBuildToolPlugin", targets: ["A11yLintBuildToolPlugin"]),
        .plugin(name: "A11yLintCommandPlugin", targets: ["A11yLintCommandPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    ],
    targets: [
        // System libraries (see scripts/bootstrap).
        .systemLibrary(name: "CPCRE2", pkgConfig: "libpcre2-8",
                       providers: [.apt(["libpcre2-dev"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz",
                       providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig",
                       providers: [.apt(["libfontconfig-dev"])]),
        // ICU is wrapped in C: Foundation ships its own ICU module, and importing the
        // system headers into Swift clashes with it.
        .target(name: "CICULineBreak",
                linkerSettings: [.linkedLibrary("icuuc")]),

        .target(name: "A11yJSON", dependencies: ["CLiteralScan"], swiftSettings: releaseSwift),
        // The literal pass's candidate scan, with SIMD byte shuffles (see A11yPattern's LiteralSet).
        .target(name: "CLiteralScan"),
        .target(name: "A11yPattern", dependencies: ["CPCRE2", "CLiteralScan"], swiftSettings: releaseSwift),
        // The fast Swift reader; its tables stay internal (see its SwiftSource.swift).
        .target(name: "A11ySwiftReader", dependencies: ["A11yPattern", "CLiteralScan"], swiftSettings: releaseSwift),
        .target(name: "A11yModel",
                dependencies: ["A11yJSON", "A11yPattern", "A11ySwiftReader", .product(name: "Yams", package: "Yams")],
                swiftSettings: releaseSwift),
        // Colours by reference: DTCG tokens, asset catalogs, the iOS system colour table.
        // The iOS system colour table is compiled in (SystemColors/ios18.json).
        .target(name: "A11yColorSources", dependencies: ["A11yJSON", "A11yModel"],
                resources: [.embedInCode("SystemColors/ios18.json")], swiftSettings: releaseSwift),
        .target(name: "A11yLayout",
                dependencies: ["A11yModel", "CHarfBuzz", "CFontconfig", "CICULineBreak"], swiftSettings: releaseSwift),
        .target(name: "A11yRules",
                dependencies: ["A11yModel", "A11yColorSources", "A11yLayout", "A11yPattern", "A11ySwiftReader",
                               .product(name: "Yams", package: "Yams")],
                swiftSettings: releaseSwift, plugins: ["EmbedRules"]),
        // The rule catalogue is compiled into the binary (see Plugins/EmbedRules).
        // It reads the rule files' YAML at build time (so a run never does), with Yams.
        .executableTarget(name: "a11ylint-embed-rules", dependencies: [.product(name: "Yams", package: "Yams")]),
        .plugin(name: "EmbedRules", capability: .buildTool(), dependencies: ["a11ylint-embed-rules"]),
        // For packages that use a11ylint: lint on every build, and `swift package a11ylint`.
        .plugin(name: "A11yLintBuildToolPlugin", capability: .buildTool(), dependencies: ["a11ylint"]),
        .plugin(name: "A11yLintCommandPlugin",
                capability: .command(intent: .custom(verb: "a11ylint",
                                                     description: "Lint component specs and SwiftUI sources for accessibility")),
                dependencies: ["a11ylint"]),
        .target(name: "A11yReport", dependencies: ["A11yModel", "A11yLayout"], swiftSettings: releaseSwift),
        .target(name: "A11yLint",
                dependencies: ["A11yRules", "A11yColorSources", "A11yPattern", "A11yReport", "A11ySwiftReader", .product(name: "Yams", package: "Yams")],
                swiftSettings: releaseSwift),
        .target(name: "A11yReporters", dependencies: ["A11yModel", "A11yLayout", "A11yReport"], swiftSettings: releaseSwift),
        // Release builds on Linux link the Swift runtime and Foundation statically: loading and
        // binding their shared libraries was over half of `a11ylint --version`. The modules are
        // compiled against the shared Foundation, which names only itself, so the libraries the
        // static Foundation needs are named here. Without PIE, the loader has no relative
        // relocations to apply at every start (docs/development.md, "Start-up").
        .executableTarget(name: "a11ylint",
                          dependencies: ["A11yLint", "A11yReporters",
                                         .product(name: "ArgumentParser", package: "swift-argument-parser")],
                          swiftSettings: releaseSwift,
                          linkerSettings: [.unsafeFlags(["-static-stdlib", "-lCoreFoundation", "-l_FoundationCollections",
                                                         "-lswiftSynchronization", "-l_FoundationICU", "-l_FoundationCShims", "-Xclang-linker", "-no-pie"],
                                                        .when(platforms: [.linux], configuration: .release)),
                                           // mimalloc in place of glibc's malloc (README, "Dependencies").
                                           .linkedLibrary("mimalloc", .when(platforms: [.linux], configuration: .release))]),

        .executableTarget(name: "a11ylint-bench",
                          dependencies: ["A11yJSON", "A11ySwiftReader", "A11yModel", "A11yLayout", "A11yRules", "A11yReport", "A11yLint", "A11yReporters"],
                          path: "Benchmarks/a11ylint-bench"),

        .testTarget(name: "A11yJSONTests", dependencies: ["A11yJSON"]),
        .testTarget(name: "A11yPatternTests", dependencies: ["A11yPattern"]),
        .testTarget(name: "A11ySwiftReaderTests", dependencies: ["A11ySwiftReader"]),
        .testTarget(name: "A11yModelTests", dependencies: ["A11yModel", "A11yRules", "A11ySwiftReader"]),
        .testTarget(name: "A11yColorSourcesTests", dependencies: ["A11yColorSources"]),
        .testTarget(name: "A11yLayoutTests", dependencies: ["A11yLayout"]),
        .testTarget(name: "A11yRulesTests", dependencies: ["A11yRules", "A11ySwiftReader"]),
        .testTarget(name: "A11yLintTests", dependencies: ["A11yLint", "A11yReport"]),
        .testTarget(name: "A11yReportersTests", dependencies: ["A11yReporters", "A11yReport"]),
        .testTarget(name: "CLITests", dependencies: ["a11ylint", "A11yModel", "A11yReport"], exclude: ["Golden", "Seeds"]),
    ]
)
