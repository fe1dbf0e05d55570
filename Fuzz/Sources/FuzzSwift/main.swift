import A11yLint
import A11yRules
import FuzzDriver

// The Swift source path: UTF-8 checks, the lexer and structure, source rules, the
// `configure(...)` call reader and suppression comments.
enum Fuzzed {
    static let catalogue = try! RuleCatalogue.embedded()
}

@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    // Through the run's one entry point, the bytes linted under that name.
    _ = try? LintSession.run(.bytes(Array(fuzzInput(data, size)), as: "Sources/Fuzzed.swift"), catalogue: Fuzzed.catalogue)
    return 0
}

runLibFuzzer { fuzz($0, $1) }
