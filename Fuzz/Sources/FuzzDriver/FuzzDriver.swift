import Foundation

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<Int32>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32

/// Runs libFuzzer's driver on `callback` with this process's arguments, then exits. Each
/// target calls it from its main (SwiftPM gives every executable a main of its own; targets
/// also export `LLVMFuzzerTestOneInput`, so whichever main the linker keeps runs the same).
public func runLibFuzzer(_ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Never {
    var argc = CommandLine.argc
    var argv = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, callback))
}

/// The input as a buffer (libFuzzer passes a null pointer for the empty input).
public func fuzzInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: size > 0 ? data : nil, count: size)
}
