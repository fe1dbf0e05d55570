// Benchmarks print figures; they assert nothing. Run in release:
//   swift run -c release a11ylint-bench [json] [layout] [source] [lint] [writers]
// With no argument every benchmark runs.
import Foundation

let benchmarks: [(name: String, run: () -> Void)] = [
    ("json", JSONBenchmark.run),
    ("layout", LayoutBenchmark.run),
    ("source", SourceBenchmark.run),
    ("lint", LintBenchmark.run),
    ("writers", WritersBenchmark.run),
]

// The layout benchmark's first-use figure runs this binary again for one layout.
if CommandLine.arguments.count == 4, CommandLine.arguments[1] == "--first-layout" {
    LayoutBenchmark.firstLayout(text: CommandLine.arguments[2], lang: CommandLine.arguments[3])
    exit(0)
}

let requested = Set(CommandLine.arguments.dropFirst())
let unknown = requested.subtracting(benchmarks.map(\.name))
if !unknown.isEmpty {
    FileHandle.standardError.write(Data("unknown benchmark(s): \(unknown.sorted().joined(separator: ", ")); known: \(benchmarks.map(\.name).joined(separator: ", "))\n".utf8))
    exit(2)
}
#if DEBUG
print("warning: debug build; figures are meaningful only with -c release")
#endif
for benchmark in benchmarks where requested.isEmpty || requested.contains(benchmark.name) {
    benchmark.run()
}
