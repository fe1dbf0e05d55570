import A11yLint
import A11yRules
import FuzzDriver

// JSON reader, spec loader, spec rules and layout: one input is one spec file.
enum Fuzzed {
    static let linter = try! Linter(catalogue: RuleCatalogue.embedded())
}

@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    _ = Fuzzed.linter.lint(inputs: [LintInput(path: "specs/components/Fuzzed.json", contents: Array(fuzzInput(data, size)))])
    return 0
}

runLibFuzzer { fuzz($0, $1) }
