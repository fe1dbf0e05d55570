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
    // Through the run's one entry point, as standard input linted under that name.
    var request = LintRequest()
    request.paths = ["-"]
    request.standardInput = Array(fuzzInput(data, size))
    request.stdinPath = "Sources/Fuzzed.swift"
    request.configuration = LintConfiguration()
    request.allowEmpty = true
    _ = try? LintSession.run(request, catalogue: Fuzzed.catalogue)
    return 0
}

runLibFuzzer { fuzz($0, $1) }
