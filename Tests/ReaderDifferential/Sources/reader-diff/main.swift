import Foundation

// reader-diff: a11ylint's fast Swift reader against SwiftSyntax.
//
//   reader-diff generate DIR [--count N] [--seed S] [--keep-rejected DIR]
//       writes N Swift files (default 2000) made by the seeded generator into DIR; drafts
//       SwiftParser finds errors in are made again with another seed, and counted (and
//       written to the --keep-rejected folder when given).
//   reader-diff compare PATH…
//       compares the reader with SwiftSyntax on every .swift file under each PATH (a file
//       or a folder): comments, string literals, regex literals and modifier chains. Each
//       disagreement is printed as `file:line:column: kind: reader says X, SwiftSyntax
//       says Y`; exit 1 when there is any (or when a file does not parse).

func usage() -> Never {
    FileHandle.standardError.write(Data("""
    usage: reader-diff generate DIR [--count N] [--seed S] [--keep-rejected DIR]
           reader-diff compare PATH...

    """.utf8))
    exit(2)
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("reader-diff: \(message)\n".utf8))
    exit(2)
}

/// The .swift files under `path` (or `path` itself), sorted so that runs print alike.
func swiftFiles(under path: String) -> [String] {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { fail("no such file: \(path)") }
    guard isFolder.boolValue else { return [path] }
    guard let walker = FileManager.default.enumerator(atPath: path) else { fail("cannot read \(path)") }
    var files: [String] = []
    while let relative = walker.nextObject() as? String {
        if relative.hasSuffix(".swift") { files.append((path as NSString).appendingPathComponent(relative)) }
    }
    return files.sorted()
}

/// Calls `body` for each index in `0..<count`, on every core; the results in index order.
func inParallel<T: Sendable>(_ count: Int, _ body: @Sendable (Int) -> T) -> [T] {
    let results = ResultSlots<T>(count: count)
    DispatchQueue.concurrentPerform(iterations: count) { index in results[index] = body(index) }
    return results.values.map { $0! }
}

/// Slots written by parallel workers, each slot by one worker only.
final class ResultSlots<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [T?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    subscript(index: Int) -> T? {
        get { lock.withLock { slots[index] } }
        set { lock.withLock { slots[index] = newValue } }
    }

    var values: [T?] { lock.withLock { slots } }
}

func runGenerate(_ arguments: ArraySlice<String>) {
    var folder: String?
    var count = 2000
    var seed: UInt64 = 1
    var rejectedFolder: String?
    var rest = arguments
    while let argument = rest.popFirst() {
        switch argument {
        case "--count":
            guard let value = rest.popFirst().flatMap({ Int($0) }), value >= 0 else { usage() }
            count = value
        case "--seed":
            guard let value = rest.popFirst().flatMap({ UInt64($0) }) else { usage() }
            seed = value
        case "--keep-rejected":
            guard let value = rest.popFirst() else { usage() }
            rejectedFolder = value
        default: if folder == nil, !argument.hasPrefix("-") { folder = argument } else { usage() }
        }
    }
    guard let folder else { usage() }
    let clock = ContinuousClock()
    let started = clock.now
    do {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
        fail("cannot create \(folder): \(error)")
    }
    let corpus = CorpusGenerator(seed: seed)
    let files = inParallel(count) { index in
        let (text, rejected) = corpus.file(index)
        let path = (folder as NSString).appendingPathComponent(String(format: "generated-%05d.swift", index))
        guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else { fail("cannot write \(path)") }
        return (bytes: text.utf8.count, rejected: rejected)
    }
    let rejected = files.flatMap(\.rejected)
    if let rejectedFolder {
        try? FileManager.default.createDirectory(atPath: rejectedFolder, withIntermediateDirectories: true)
        for (index, text) in rejected.enumerated() {
            let path = (rejectedFolder as NSString).appendingPathComponent(String(format: "rejected-%05d.swift", index))
            _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        }
    }
    let bytes = files.reduce(0) { $0 + $1.bytes }
    let seconds = (clock.now - started) / .seconds(1)
    print("generated \(count) files (\(bytes) bytes, seed \(seed)) in \(folder); "
          + "\(rejected.count) drafts SwiftParser found errors in were made again; "
          + String(format: "%.1f s", seconds))
}

func runCompare(_ paths: ArraySlice<String>) -> Int32 {
    guard !paths.isEmpty else { usage() }
    let clock = ContinuousClock()
    let started = clock.now
    let files = paths.flatMap(swiftFiles(under:))
    let tallies = inParallel(files.count) { index in
        guard let data = FileManager.default.contents(atPath: files[index]) else { fail("cannot read \(files[index])") }
        return FileComparison(path: files[index], bytes: [UInt8](data)).run()
    }
    var tally = Tally()
    for fileTally in tallies { tally.add(fileTally) }
    for message in tally.messages { print(message) }
    let seconds = (clock.now - started) / .seconds(1)
    let counts = Kind.allCases.map { kind in
        "\(tally.compared[kind, default: 0]) \(kind.rawValue)s (\(tally.disagreements[kind, default: 0]) disagreeing)"
    }
    print("reader-diff: \(tally.files) files, \(tally.bytes) bytes; compared \(counts.joined(separator: ", ")); "
          + "\(tally.totalDisagreements) disagreements; \(tally.unparsable.count) files with syntax errors; "
          + String(format: "%.1f s", seconds))
    return tally.totalDisagreements == 0 && tally.unparsable.isEmpty ? 0 : 1
}

var arguments = CommandLine.arguments.dropFirst()
switch arguments.popFirst() {
case "generate": runGenerate(arguments)
case "compare": exit(runCompare(arguments))
default: usage()
}
