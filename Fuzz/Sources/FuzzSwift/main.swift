import A11yLint
import A11yRules
import FuzzDriver

// The Swift source path: UTF-8 checks, the lexer and structure, source rules, the
// `configure(...)` call reader and suppression comments.
enum Fuzzed {
    static let linter = try! Linter(catalogue: RuleCatalogue.embedded())
}

@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    _ = Fuzzed.linter.lint(inputs: [LintInput(path: "Sources/Fuzzed.swift", contents: Array(fuzzInput(data, size)))])
    return 0
}

runLibFuzzer { fuzz($0, $1) }
