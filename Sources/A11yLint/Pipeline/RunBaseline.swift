import Foundation
import A11yModel
import A11yReport

/// The baseline stage: results go through it file by file. The baseline to write
/// (`--write-baseline`) sees them before the baseline in use (`--baseline`, or `baseline:`
/// of the configuration) filters them, as the file it writes must match the next run's
/// findings.
struct RunBaseline {
    private var matcher: Baseline.Matcher?
    private let toWrite: Baseline.Gathering?
    private let writePath: String?
    /// Findings the baseline in use matched.
    private(set) var baselined = 0

    init(_ settings: RunSettings) throws(LintSessionError) {
        let request = settings.request
        writePath = request.writeBaseline
        toWrite = request.writeBaseline == nil ? nil : Baseline.Gathering()
        guard let path = request.baseline ?? settings.chain.baseline else { return }
        if let written = request.writeBaseline, Linter.canonical(written) == Linter.canonical(path) {
            // The baseline in use is the one this run writes: it knows every finding.
            matcher = .everything
        } else {
            do {
                matcher = try Baseline(contentsOf: path).matcher()
            } catch {
                throw LintSessionError(message: error.description, messages: settings.messages)
            }
        }
    }

    /// Whether a baseline is in use (the report then says how many findings it matched).
    var isInUse: Bool { matcher != nil }

    /// One file's results: gathered for the baseline to write, then filtered.
    mutating func pass(_ results: inout FileResults) {
        toWrite?.add(results.findings)
        if matcher != nil { baselined += matcher!.filter(&results.findings) }
    }

    /// Writes `--write-baseline`'s file; returns the note to show (nil when quiet or when
    /// there is nothing to write).
    func write(quiet: Bool, messages: [String]) throws(LintSessionError) -> String? {
        guard let path = writePath, let toWrite else { return nil }
        do {
            try toWrite.write(to: path)
        } catch {
            throw LintSessionError(message: error.description, messages: messages)
        }
        let count = toWrite.count
        return quiet ? nil : "a11ylint: wrote \(count) finding\(count == 1 ? "" : "s") to the baseline \(path)"
    }
}
