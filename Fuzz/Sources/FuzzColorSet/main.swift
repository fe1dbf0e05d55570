import A11yColorSources
import FuzzDriver

// One colour set's Contents.json (JSON, idioms, appearances, colour spaces, component
// notations, system references), resolved in the four iOS appearances.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Array(fuzzInput(data, size))
    if let colors = try? AssetCatalog.colorSet(named: "Fuzzed", contents: bytes, file: "Fuzzed.colorset/Contents.json",
                                               system: .ios18) {
        for color in colors {
            guard let color else { continue }
            precondition((0...1).contains(color.color.red) && (0...1).contains(color.color.green)
                         && (0...1).contains(color.color.blue) && (0...1).contains(color.color.alpha))
        }
    }
    return 0
}

runLibFuzzer { fuzz($0, $1) }
