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
}
