import A11yLint
import A11yRules
import FuzzDriver

// JSON reader, spec loader, spec rules and layout: one input is one spec file.
enum Fuzzed {
    static let catalogue = try! RuleCatalogue.embedded()
}

@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    // Through the run's one entry point, as standard input linted under that name.
    var request = LintRequest()
    request.paths = ["-"]
    request.standardInput = Array(fuzzInput(data, size))
    request.stdinPath = "specs/components/Fuzzed.json"
    request.configuration = LintConfiguration()
    request.allowEmpty = true
    _ = try? LintSession.run(request, catalogue: Fuzzed.catalogue)
    return 0
}

runLibFuzzer { fuzz($0, $1) }
