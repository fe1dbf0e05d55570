import A11yColorSources
import FuzzDriver

// The DTCG token reader and resolver (Sources/A11yColorSources/Tokens), from memory: the
// input is split at NUL bytes. With one part it is a token file; with more, the first part
// is a resolver document and the others the files `1.json`, `2.json`, … beside it (a token
// file may also be named `t.json` by the last part). Every colour of every appearance is read.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let parts = fuzzInput(data, size).split(separator: 0, omittingEmptySubsequences: false).map(Array.init)
    var contents: [String: [UInt8]] = [:]
    for (index, part) in parts.enumerated().dropFirst() { contents["\(index).json"] = part }
    contents["t.json"] = parts.last ?? []
    let set: TokenSet?
    if parts.count <= 1 {
        set = try? TokenSet(files: ["t.json"], contents: ["t.json": parts.first ?? []])
    } else {
        contents["r.resolver.json"] = parts[0]
        set = try? TokenSet(resolver: "r.resolver.json", contexts: [:], contents: contents)
    }
    guard let set else { return 0 }
    for appearance in set.appearances {
        for name in set.colorNames {
            if set.color(named: name, in: appearance) == nil { _ = set.problem(with: name, in: appearance) }
        }
    }
    return 0
}

runLibFuzzer { fuzz($0, $1) }
