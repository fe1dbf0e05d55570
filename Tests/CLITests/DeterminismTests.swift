import Foundation
import Testing

/// The same input gives byte-identical output whatever the thread count, in every reporter.
@Suite struct DeterminismTests {
    @Test(arguments: ["text", "json", "sarif", "junit", "github", "checkstyle", "codeclimate", "html"])
    func identicalAcrossJobs(reporter: String) {
        let outputs = ["1", "2", "8"].map { jobs in
            CLI.run(["Samples", "--reporter", reporter, "--jobs", jobs]).stdout
        }
        #expect(!outputs[0].isEmpty)
        #expect(outputs[1] == outputs[0], "--jobs 2 differs from --jobs 1 in \(reporter)")
        #expect(outputs[2] == outputs[0], "--jobs 8 differs from --jobs 1 in \(reporter)")
        #expect(CLI.run(["Samples", "--reporter", reporter]).stdout == outputs[0], "a second run differs")
    }

    /// Enough specs for several batches of the stream (32 files per job), linted while the
    /// previous batch is written, with failing contrast in every theme (measurements shared
    /// by variants, fixes and suggestions cached across files): the same bytes at any --jobs.
    @Test(arguments: ["json", "text", "sarif"])
    func identicalAcrossJobsOverManyBatches(reporter: String) throws {
        let dir = TempDir()
        defer { dir.cleanUp() }
        let fills = ["#40B259", "#3E87DD", "#C7964F", "#EA5355"]
        for i in 0..<150 {
            let themes = (0..<4).map { t in
                "\"t\(t)\": {\"background\": \"\(t % 2 == 0 ? "#FFFFFF" : "#313131")\", \"colors\": {"
                    + "\"checkedFill\": \"\(fills[(i + t) % fills.count])\", \"checkmark\": \"#FFFFFF\", "
                    + "\"textEnabled\": \"\(t % 2 == 0 ? "#00000080" : "#FFFFFF80")\", \"borderEnabled\": \"#0000008C\"}}"
            }.joined(separator: ", ")
            let variants = (0..<4).map { v in
                "{\"name\": \"v\(v)\", \"text\": \"Accept terms \(v)\", \"isChecked\": \(v % 2 == 1)}"
            }.joined(separator: ", ")
            dir.write("specs/Check\(String(format: "%03d", i)).json",
                      "{\"name\": \"Check\(i)\", \"a11y\": {\"kind\": \"checkbox\", \"themes\": {\(themes)}, "
                      + "\"variants\": [\(variants)]}}\n")
        }
        let outputs = ["1", "2", "8"].map { jobs in
            CLI.run(["specs", "--reporter", reporter, "--jobs", jobs], in: dir.url).stdout
        }
        #expect(outputs[0].contains("Check149"))
        #expect(outputs[1] == outputs[0], "--jobs 2 differs from --jobs 1 in \(reporter)")
        #expect(outputs[2] == outputs[0], "--jobs 8 differs from --jobs 1 in \(reporter)")
    }
}
