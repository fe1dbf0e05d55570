import Foundation
import A11yModel
import A11yRules
import A11ySwiftReader

/// Lints 5,000 generated SwiftUI files of about 200 lines with every shipped source rule,
/// in process and in parallel, and prints the time.
///
/// Environment:
/// - `A11YLINT_BENCH_SOURCE_DIR`: write the files there and keep them (scripts/bench
///   reuses them for ripgrep); the anchor patterns go to `<dir>.patterns` (one per line).
/// - `A11YLINT_BENCH_SOURCE_FILES`: number of files (default 5,000).
/// - `A11YLINT_BENCH_THREADS`: worker threads (default: all cores).
/// - `A11YLINT_BENCH_SOURCE_REUSE=1`: keep the files already in the folder (profiling).
/// - `A11YLINT_BENCH_SOURCE_GENERATE_ONLY=1`: write the files and patterns, measure nothing
///   (scripts/bench times whole processes on them).
enum SourceBenchmark {
    static func run() {
        let environment = ProcessInfo.processInfo.environment
        let fileCount = environment["A11YLINT_BENCH_SOURCE_FILES"].flatMap(Int.init) ?? 5_000
        let keep = environment["A11YLINT_BENCH_SOURCE_DIR"].map { URL(fileURLWithPath: $0) }
        let folder = keep ?? FileManager.default.temporaryDirectory
            .appendingPathComponent("a11ylint-source-bench-\(ProcessInfo.processInfo.processIdentifier)")
        defer { if keep == nil { try? FileManager.default.removeItem(at: folder) } }

        let catalogue: RuleCatalogue
        let rules: SourceRuleSet
        do {
            catalogue = try RuleCatalogue.shipped.get()
            rules = try SourceRuleSet(entries: catalogue.entries)
        } catch {
            print("source: cannot load the source rules: \(error)")
            return
        }

        let paths: [String]
        do {
            if environment["A11YLINT_BENCH_SOURCE_REUSE"] == "1", keep != nil,
               let existing = existingFiles(in: folder), existing.count == fileCount {
                paths = existing
            } else {
                paths = try generate(fileCount: fileCount, into: folder)
            }
            let patterns = catalogue.entries.compactMap { entry -> String? in
                guard entry.description.kind == .source else { return nil }
                return entry.node.mapping?["pattern"]?.string
            }
            try (patterns.joined(separator: "\n") + "\n")
                .write(to: folder.appendingPathExtension("patterns"), atomically: true, encoding: .utf8)
        } catch {
            print("source: cannot write the benchmark files: \(error)")
            return
        }
        if environment["A11YLINT_BENCH_SOURCE_GENERATE_ONLY"] == "1" {
            print("source: wrote \(paths.count) files to \(folder.path)")
            return
        }

        // One warm-up pass (page cache, lazy initialisation), then the measured passes.
        _ = lintAll(paths, rules: rules)
        // Wall time is what users see; CPU time (all threads) is steadier on a busy machine.
        var best = Double.infinity
        var bestCPU = Double.infinity
        var result = LintTotals()
        for _ in 0..<3 {
            let start = DispatchTime.now().uptimeNanoseconds
            let cpuStart = processCPUSeconds()
            result = lintAll(paths, rules: rules)
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            bestCPU = min(bestCPU, processCPUSeconds() - cpuStart)
        }
        let megabytes = Double(result.bytes) / 1_048_576
        print(String(format: "source: %d files, %.1f MB, %d lines, %d findings (%@) in %.3f s (best of 3), cpu %.3f s, %.0f MB/s, %d threads",
                     paths.count, megabytes, result.lines, result.findings,
                     result.byRule.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "),
                     best, bestCPU, megabytes / best, result.workers))
    }

    struct LintTotals {
        var workers = 0
        var bytes = 0
        var lines = 0
        var findings = 0
        var byRule: [String: Int] = [:]
    }

    /// Per-file results written by the worker that owns the index.
    private final class Slots: @unchecked Sendable {
        var totals: [LintTotals]
        init(count: Int) { totals = Array(repeating: LintTotals(), count: count) }
    }

    static func lintAll(_ paths: [String], rules: SourceRuleSet) -> LintTotals {
        let workers = ProcessInfo.processInfo.environment["A11YLINT_BENCH_THREADS"].flatMap(Int.init)
            ?? max(1, ProcessInfo.processInfo.activeProcessorCount)
        let slots = Slots(count: workers)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var totals = LintTotals()
            var index = worker
            while index < paths.count {
                if let bytes = readFile(paths[index]) {
                    let source = SwiftSource(utf8: bytes)
                    let findings = rules.lint(source, path: paths[index])
                    totals.bytes += source.bytes.count
                    totals.lines += source.lineCount
                    totals.findings += findings.count
                    for finding in findings { totals.byRule[finding.rule, default: 0] += 1 }
                }
                index += workers
            }
            slots.totals[worker] = totals
        }
        return slots.totals.reduce(into: LintTotals(workers: workers)) { sum, part in
            sum.bytes += part.bytes
            sum.lines += part.lines
            sum.findings += part.findings
            sum.byRule.merge(part.byRule, uniquingKeysWith: +)
        }
    }

    /// User plus system time of the whole process so far.
    static func processCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// The whole file in one `read`, straight into the array the lexer uses.
    static func readFile(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        let size = Int(status.st_size)
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            var done = 0
            while done < size {
                let n = read(descriptor, buffer.baseAddress! + done, size - done)
                if n <= 0 { failed = n < 0; break }
                done += n
            }
            count = done
        }
        return failed ? nil : bytes
    }

    // MARK: Generated files

    static func existingFiles(in folder: URL) -> [String]? {
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return nil }
        var paths: [String] = []
        for case let relative as String in walker where relative.hasSuffix(".swift") {
            paths.append(folder.appendingPathComponent(relative).path)
        }
        return paths.sorted()
    }

    /// Writes `fileCount` files under `folder` (in sub-folders of 500) and returns their paths.
    static func generate(fileCount: Int, into folder: URL) throws -> [String] {
        let fm = FileManager.default
        try? fm.removeItem(at: folder)
        var paths: [String] = []
        paths.reserveCapacity(fileCount)
        var random = SplitMix(seed: 0xA11F)
        for index in 0..<fileCount {
            let subfolder = folder.appendingPathComponent("Module\(index / 500)")
            if index % 500 == 0 { try fm.createDirectory(at: subfolder, withIntermediateDirectories: true) }
            let url = subfolder.appendingPathComponent("Screen\(index)View.swift")
            try file(index: index, random: &random).write(to: url, atomically: false, encoding: .utf8)
            paths.append(url.path)
        }
        return paths
    }

    /// About 200 lines of SwiftUI with real findings and decoys: tap gestures and images
    /// in comments and strings, calls split over lines, labeled and hidden images.
    static func file(index: Int, random: inout SplitMix) -> String {
        var lines: [String] = [
            "import SwiftUI",
            "",
            "/// Screen \(index): generated for the source-rule benchmark.",
            "struct Screen\(index)View: View {",
            "    @State private var isOn = false",
            "    @State private var count = \(index % 17)",
            "    let title: String",
            "",
            "    var body: some View {",
            "        VStack(alignment: .leading, spacing: 8) {",
        ]
        var row = 0
        while lines.count < 150 {
            lines += block(random.next() % 12, row: row, file: index)
            row += 1
        }
        lines += [
            "        }",
            "        .padding()",
            "    }",
            "",
        ]
        while lines.count < 196 {
            lines += helper(random.next() % 4, row: row)
            row += 1
        }
        lines += [
            "}",
            "",
            "// Image(\"end\").onTapGesture { } — a decoy at the end of the file.",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    private static func block(_ kind: UInt64, row: Int, file: Int) -> [String] {
        switch kind {
        case 0:
            return [
                "            Image(systemName: \"star.\(row)\")",
                "                .accessibilityLabel(\"Favorite \(row)\")",
            ]
        case 1:
            return [
                "            Image(",
                "                \"photo-\(file)-\(row)\"",
                "            )",
                "            .resizable()",
                "            .frame(width: 44, height: 44)",
            ]
        case 2:
            return [
                "            Text(\"Row \(row)\")",
                "                .onTapGesture { count += 1 }",
                "                .accessibilityAddTraits(.isButton)",
            ]
        case 3:
            return [
                "            HStack {",
                "                Text(title)",
                "                Spacer()",
                "            }",
                "            // tapping the row selects it",
                "            .onTapGesture {",
                "                isOn.toggle()",
                "            }",
            ]
        case 4:
            return [
                "            // Image(\"old-\(row)\").onTapGesture { legacy() }",
                "            /* Text(\"x\").gesture(TapGesture().onEnded { })",
                "               Image(systemName: \"trash\") */",
                "            Text(\"Image(\\\"not-an-image\\\") .onTapGesture {}\")",
            ]
        case 5:
            return [
                "            Button {",
                "                count -= 1",
                "            } label: {",
                "                Label(\"Remove \(row)\", systemImage: \"minus\")",
                "            }",
            ]
        case 6:
            return [
                "            Text(\"\"\"",
                "                Image(\"in-a-string\")",
                "                    .onTapGesture { }",
                "                \"\"\")",
            ]
        case 7:
            return [
                "            Toggle(isOn: $isOn) {",
                "                Text(\"Option \(row)\").foregroundColor(.primary)",
                "            }",
            ]
        case 8:
            return [
                "            Image(decorative: \"divider\")",
                "            Image(\"logo\", label: Text(\"Logo\"))",
            ]
        case 9:
            return [
                "            HStack {",
                "                Image(systemName: \"wifi\")",
                "                Text(\"Connected \\(count)\")",
                "            }",
                "            .accessibilityElement(children: .combine)",
            ]
        case 10:
            return [
                "            Button(action: { isOn.toggle() }) {",
                "                Text(\"Agree\").colorMultiply(.black)",
                "            }",
            ]
        default:
            return [
                "            Text(verbatim: \"Plain row \(row) with \\(count) items\")",
                "                .font(.body)",
                "                .foregroundStyle(.secondary)",
            ]
        }
    }

    private static func helper(_ kind: UInt64, row: Int) -> [String] {
        switch kind {
        case 0:
            return [
                "",
                "    private func value\(row)(_ input: Int) -> Int {",
                "        let doubled = input * 2 // not a view",
                "        return doubled + \(row)",
                "    }",
            ]
        case 1:
            return [
                "",
                "    private var caption\(row): some View {",
                "        Text(\"Caption \(row)\").font(.caption)",
                "    }",
            ]
        case 2:
            return [
                "",
                "    /// Builds the URL for row \(row); \"Image(\" in docs is not code.",
                "    private func url\(row)() -> URL? { URL(string: \"https://example.com/\(row)\") }",
            ]
        default:
            return [
                "",
                "    private let names\(row) = [\"a\", \"b\", \"c\"].map { $0.uppercased() }",
            ]
        }
    }

    /// A small deterministic generator, so every run lints the same files.
    struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
