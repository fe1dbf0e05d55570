import A11yLint
import A11yRules
import FuzzDriver

// The configuration loader (YAML through Yams, keys, rule ids, custom PCRE2 rules); a
// configuration that loads is also turned into a linter.
enum Fuzzed {
    static let catalogue = try! RuleCatalogue.embedded()
}

@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = String(decoding: fuzzInput(data, size), as: UTF8.self)
    guard let file = try? ConfigurationFile(yaml: text, path: ".a11ylint.yml", knownRules: Fuzzed.catalogue.ids) else { return 0 }
    var configuration = LintConfiguration()
    file.apply(to: &configuration)
    configuration.jobs = 1
    _ = try? Linter(catalogue: Fuzzed.catalogue, configuration: configuration)
    return 0
}

runLibFuzzer { fuzz($0, $1) }
