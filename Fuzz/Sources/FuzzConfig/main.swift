import Foundation
import A11yLint
import A11yRules

// The configuration loader (YAML through Yams, keys, rule ids, custom PCRE2 rules); a
// configuration that loads is also turned into a linter.
enum Fuzzed {
    static let catalogue = try! RuleCatalogue.embedded()
}

@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let file = try? ConfigurationFile(yaml: text, path: ".a11ylint.yml", knownRules: Fuzzed.catalogue.ids) else { return 0 }
    var configuration = LintConfiguration()
    file.apply(to: &configuration)
    configuration.jobs = 1
    _ = try? Linter(catalogue: Fuzzed.catalogue, configuration: configuration)
    return 0
}

// libFuzzer's driver, called from this target's main (SwiftPM gives every executable a main
// of its own; whichever main the linker keeps, the same driver runs with `fuzz`).
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<Int32>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32

var argc = CommandLine.argc
var argv = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
    guard let data else { return fuzz(UnsafePointer(bitPattern: 1)!, 0) }
    return fuzz(data, size)
})
