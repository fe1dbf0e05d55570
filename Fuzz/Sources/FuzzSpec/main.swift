import A11yLint
import A11yRules
import FuzzDriver

// JSON reader, spec loader, spec rules and layout: one input is one spec file.
enum Fuzzed {
    static let catalogue = try! RuleCatalogue.embedded()
}

@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    // Through the run's one entry point, the bytes linted under that name.
    _ = try? LintSession.run(.bytes(Array(fuzzInput(data, size)), as: "specs/components/Fuzzed.json"), catalogue: Fuzzed.catalogue)
    return 0
}

runLibFuzzer { fuzz($0, $1) }
