import Foundation
import A11yLint
import A11yRules

// The Swift source path: UTF-8 checks, the lexer and structure, source rules, the
// `configure(...)` call reader and suppression comments.
enum Fuzzed {
    static let linter = try! Linter(catalogue: RuleCatalogue.embedded())
}

@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = Fuzzed.linter.lint(inputs: [LintInput(path: "Sources/Fuzzed.swift", contents: bytes)])
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
