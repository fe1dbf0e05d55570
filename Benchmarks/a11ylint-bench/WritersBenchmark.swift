import Foundation
import A11yModel
import A11yReport
import A11yReporters
#if canImport(Glibc)
import Glibc
let RUSAGE_SELF_WHO = RUSAGE_SELF.rawValue
#else
let RUSAGE_SELF_WHO = RUSAGE_SELF
#endif

/// The report writers fed file by file, as a run hands results over: 10,000 generated
/// spec files (24 findings each, one in fifty with an input error) and 5,000 Swift files
/// (6 findings each), written to a sink that counts and drops the bytes. Prints each
/// format's time, size and the process's peak resident memory so far; for one format's
/// peak alone, name it: `A11YLINT_BENCH_REPORTER=sarif a11ylint-bench writers` under
/// `/usr/bin/time -v`.
enum WritersBenchmark {
    struct CountingSink: ReportSink {
        var bytes = 0
        mutating func write(_ text: String) { bytes += text.utf8.count }
        mutating func write<Bytes: Collection<UInt8>>(bytes more: Bytes) { bytes += more.count }
    }

    static let specs = 10_000, swiftFiles = 5_000

    static func run() {
        let only = ProcessInfo.processInfo.environment["A11YLINT_BENCH_REPORTER"]
        let formats = ["text", "json", "sarif", "github", "checkstyle", "codeclimate", "junit"]
        for format in formats where only == nil || only == format {
            let reporter = Reporters.named(format)!
            var options = ReportOptions()
            options.paths = ReportPaths(workingDirectory: FileManager.default.currentDirectoryPath,
                                        root: FileManager.default.currentDirectoryPath)
            var writer = reporter.writer(options: options)
            var sink = CountingSink()
            var lintedFiles: [String] = []
            var findings = 0
            let clock = ContinuousClock()
            let start = clock.now
            for index in 0..<(specs + swiftFiles) {
                let part = results(index)
                findings += part.findings.count
                if part.inputErrors.isEmpty { lintedFiles.append(part.file) }
                writer.file(part, to: &sink)
            }
            var totals = LintReport(toolVersion: "1.0.0", files: specs + swiftFiles, components: specs,
                                    findings: [], inputErrors: [], lintedFiles: lintedFiles)
            totals.lintedFiles = lintedFiles
            writer.finish(totals, to: &sink)
            let elapsed = clock.now - start
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            var usage = rusage()
            getrusage(RUSAGE_SELF_WHO, &usage)
            print("writers \(format): \(findings) findings, \(sink.bytes / 1_000_000) MB in "
                  + "\(String(format: "%.2f", seconds)) s; peak resident \(usage.ru_maxrss / 1024) MB")
        }
    }

    /// File `index` (names sorted as the index grows).
    static func results(_ index: Int) -> FileResults {
        let isSwift = index >= specs
        let file = isSwift ? String(format: "Sources/App/View%05d.swift", index - specs)
                           : String(format: "specs/components/Component%05d.json", index)
        var part = FileResults(file: file)
        if !isSwift && index % 50 == 7 {
            part.inputErrors = [InputError(file: file, line: 3, column: 9, message: "expected ',' or '}' after object member")]
            return part
        }
        let rules = isSwift ? ["tap-gesture-without-trait", "image-without-label"]
                            : ["text-contrast", "touch-target", "text-clipped", "forbidden-state"]
        for i in 0..<(isSwift ? 6 : 24) {
            let severity: Severity = [.error, .warning, .note][i % 3]
            part.findings.append(Finding(
                rule: rules[i % rules.count], severity: severity,
                message: "Label text contrast 3.\(i % 10)8:1 is below 4.5:1 (WCAG 1.4.3) in variant number \(i)",
                location: SourceLocation(file: file, line: 10 + i, column: 5 + i % 7),
                component: isSwift ? nil : "Component\(index)", variant: isSwift ? nil : "variant-\(i % 6)",
                theme: isSwift ? nil : ["default/light", "default/dark"][i % 2], wcag: ["1.4.3"],
                measured: isSwift ? Measured() : Measured([("ratio", .number(3.977)), ("required", .number(4.5)),
                                                           ("foreground", .string("#808080")),
                                                           ("background", .string("#FFFFFF"))])))
        }
        return part
    }
}
