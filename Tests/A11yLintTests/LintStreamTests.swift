import Testing
import Foundation
import A11yModel
import A11yReport
import A11yLint

/// A run hands its results over file by file as it goes: each file once, in sorted path
/// order, each file's findings in report order, across batch boundaries and with an index
/// whose findings point at spec files that sort before it.
struct LintStreamTests {
    static func spec(_ name: String) -> String {
        """
        {"name": "\(name)", "a11y": {"kind": "checkbox",
          "themes": {"t": {"background": "#FFFFFF", "colors": {"textEnabled": "#999999"}}},
          "variants": [{"name": "a", "text": "Accept"}, {"name": "b", "text": "Remember me"}]}}
        """
    }

    /// 70 listed specs (more than one batch of 32 per core), one unlisted (`Z`), an index that
    /// lists a missing one.
    static func designSystem() -> TempFolder {
        let folder = TempFolder()
        let names = (0..<70).map { String(format: "C%02d", $0) }
        for name in names + ["Z"] { folder.write("specs/components/\(name).json", spec(name)) }
        let entries = (names + ["Missing"]).map { #"{"name": "\#($0)"}"# }.joined(separator: ", ")
        folder.write("specs/index.json", #"{"version": "1.0.0", "components": [\#(entries)]}"#)
        return folder
    }

    static func stream(_ paths: [String], jobs: Int) throws -> (files: [FileResults], result: LintSessionResult) {
        var request = LintRequest()
        request.paths = paths
        request.jobs = jobs
        let files = FilesAsTheyCome()
        var nowhere = ""
        let result = try LintSession.run(request, catalogue: Repo.catalogue, writer: { _ in files }, to: &nowhere)
        return (files.files, result)
    }

    /// A writer that keeps each file's results as the run hands them over.
    final class FilesAsTheyCome: ReportWriter {
        var files: [FileResults] = []
        func file(_ results: FileResults, to sink: inout some ReportSink) { files.append(results) }
        func finish(_ totals: LintReport, to sink: inout some ReportSink) {}
    }

    static func summary(_ files: [FileResults]) -> [String] {
        files.flatMap { file in
            file.findings.map { "\(($0.location.file as NSString).lastPathComponent):\($0.location.line):\($0.location.column) \($0.rule) \($0.variant ?? "-")" }
        }
    }

    @Test func filesComeOnceInSortedOrderAcrossBatches() throws {
        let folder = Self.designSystem()
        defer { folder.cleanUp() }
        let (files, result) = try Self.stream([folder.url.appendingPathComponent("specs").path], jobs: 1)
        let paths = files.map(\.file)
        #expect(paths == paths.sorted() && Set(paths).count == paths.count, "each file once, in order")
        // 71 specs with two failing labels and two small targets each, the missing spec and
        // the unlisted one.
        let findings = files.flatMap(\.findings)
        #expect(findings.count == 71 * 4 + 2)
        #expect(findings == findings.sorted(by: Finding.reportOrder), "the concatenation is in report order")
        // The index sorts after every spec, yet its finding about Z.json comes with Z's own,
        // in line order.
        let z = try #require(files.first { $0.file.hasSuffix("/Z.json") })
        #expect(z.findings.map(\.rule) == ["index-consistency", "text-contrast", "touch-target", "text-contrast", "touch-target"])
        #expect(z.findings.map { "\($0.location.line):\($0.location.column)" } == ["1:1", "3:16", "3:16", "3:49", "3:49"])
        let index = try #require(files.last)
        #expect(index.file.hasSuffix("specs/index.json"))
        #expect(index.findings.map(\.message) == ["Index lists 'Missing' but \(folder.url.path)/specs/components/Missing.json does not exist"])
        #expect(result.report.files == 72 && result.report.components == 71)
        #expect(result.tally.errors == 142 && result.tally.warnings == 144 && result.exitCode == 1)
        #expect(result.report.findings.isEmpty, "the totals carry no findings: they went by")
    }

    @Test func theSameWithEveryNumberOfJobsAndFromTheIndexAlone() throws {
        let folder = Self.designSystem()
        defer { folder.cleanUp() }
        let specs = folder.url.appendingPathComponent("specs").path
        let one = Self.summary(try Self.stream([specs], jobs: 1).files)
        #expect(Self.summary(try Self.stream([specs], jobs: 2).files) == one)
        #expect(Self.summary(try Self.stream([specs], jobs: 8).files) == one)
        // Given only the index, its specs are linted through it; Z.json, not listed and not
        // given, has only the index's finding.
        let fromIndex = try Self.stream([specs + "/index.json"], jobs: 2).files
        let summary = Self.summary(fromIndex)
        #expect(summary == one.filter { !$0.hasPrefix("Z.json:3:") })
        // The whole report is the same findings.
        var request = LintRequest()
        request.paths = [specs]
        request.jobs = 2
        let whole = try LintSession.run(request, catalogue: Repo.catalogue)
        #expect(Self.summary(FileResults.split(whole.report)) == one)
    }

    /// An index with no `components` folder beside it points at no other file (its specs
    /// cannot exist): it is linted in its turn, not read ahead of the others, and its
    /// findings are the same; one with the folder still has its findings in the files they
    /// point at.
    @Test func anIndexWithoutAComponentsFolderIsLintedInItsTurn() throws {
        let folder = TempFolder()
        defer { folder.cleanUp() }
        for name in ["A", "B", "M"] { folder.write("flat/\(name).json", Self.spec(name)) }
        folder.write("flat/index.json", #"{"version": "1.0.0", "components": [{"name": "A"}, {"name": "Gone"}]}"#)
        folder.write("flat/z.json", Self.spec("Z"))
        folder.write("nested/components/C.json", Self.spec("C"))
        folder.write("nested/index.json", #"{"version": "1.0.0", "components": []}"#)
        let root = folder.url.path
        for jobs in [1, 2, 8] {
            let files = try Self.stream([root + "/flat", root + "/nested"], jobs: jobs).files
            #expect(files.map { String($0.file.dropFirst(root.count + 1)) }
                    == ["flat/A.json", "flat/B.json", "flat/M.json", "flat/index.json", "flat/z.json",
                        "nested/components/C.json"], "the nested index, with nothing to report, is not handed over")
            let index = try #require(files.first { $0.file.hasSuffix("flat/index.json") })
            #expect(index.findings.map(\.message) == [
                "Index lists 'A' but \(root)/flat/components/A.json does not exist",
                "Index lists 'Gone' but \(root)/flat/components/Gone.json does not exist",
            ])
            let c = try #require(files.first { $0.file.hasSuffix("/C.json") })
            #expect(c.findings.first?.rule == "index-consistency")
            #expect(files.allSatisfy { file in file.findings.allSatisfy { $0.location.file == file.file } })
        }
    }

    @Test func theBaselineWrittenAsTheRunGoesIsTheWholeRunsBaseline() throws {
        let folder = Self.designSystem()
        defer { folder.cleanUp() }
        var request = LintRequest()
        request.paths = [folder.url.appendingPathComponent("specs").path]
        request.jobs = 2
        let whole = try LintSession.run(request, catalogue: Repo.catalogue)
        request.writeBaseline = folder.url.appendingPathComponent("baseline.json").path
        let written = try LintSession.run(request, catalogue: Repo.catalogue)
        #expect(written.messages == ["a11ylint: wrote 286 findings to the baseline \(request.writeBaseline!)"])
        let bytes = try String(contentsOfFile: request.writeBaseline!, encoding: .utf8)
        #expect(bytes == Baseline(findings: whole.report.findings).serialized())
        // And it knows every finding of the next run.
        request.writeBaseline = nil
        request.baseline = folder.url.appendingPathComponent("baseline.json").path
        let next = try LintSession.run(request, catalogue: Repo.catalogue)
        #expect(next.report.findings.isEmpty && next.report.baselined == 286 && next.exitCode == 0)
        // A run with nothing to write writes an empty baseline.
        let clean = TempFolder()
        defer { clean.cleanUp() }
        clean.write("Clean.swift", "let x = 1\n")
        var empty = LintRequest()
        empty.paths = [clean.url.appendingPathComponent("Clean.swift").path]
        empty.writeBaseline = clean.url.appendingPathComponent("b.json").path
        _ = try LintSession.run(empty, catalogue: Repo.catalogue)
        #expect(try String(contentsOfFile: empty.writeBaseline!, encoding: .utf8) == Baseline(findings: []).serialized())
    }
}
