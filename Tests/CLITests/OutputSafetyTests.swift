import Foundation
import Testing

/// Output never traps and never destroys: full devices, closed descriptors, broken pipes,
/// missing folders.
@Suite struct OutputSafetyTests {
    static let seed = "Samples/specs/components/CheckboxView.json"

    /// Runs the binary through `sh -c` so the test can redirect and close descriptors.
    func shell(_ script: String) -> CLI.Result {
        CLI.run([], binary: URL(fileURLWithPath: "/bin/sh"), environment: ["A11YLINT": CLI.binary.path],
                input: nil, shellScript: script)
    }

    @Test(arguments: [["Samples/specs/components/CheckboxView.json"], ["rules"], ["rules", "text-contrast"],
                      ["layout", "Samples/specs/components/CheckboxView.json"], ["contrast", "#777", "#FFF"],
                      ["--help"], ["--version"]])
    func fullDeviceIsAClearErrorNotACrash(arguments: [String]) {
        let quoted = arguments.map { "'\($0)'" }.joined(separator: " ")
        let result = shell("\"$A11YLINT\" \(quoted) > /dev/full")
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("a11ylint: cannot write"), "\(result.stderr)")
        #expect(result.stderr.contains("no space left on device"))
        #expect(!result.stderr.contains("Fatal error"))
    }

    @Test func closedStandardOutputIsAnError() {
        let result = shell("\"$A11YLINT\" \(Self.seed) >&-")
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("cannot write the report to standard output"))
    }

    @Test func closedPipeEndsQuietly() {
        // SIGPIPE ignored, as some CI runners do: the write fails with EPIPE instead.
        let result = shell("trap '' PIPE; \"$A11YLINT\" Samples --reporter json | head -c 10 > /dev/null; echo \"status ${PIPESTATUS:-}\"")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        let big = shell("trap '' PIPE; yes Samples | head -n 200 | xargs \"$A11YLINT\" --reporter json | head -c 10 >/dev/null")
        #expect(!big.stderr.contains("Fatal error") && !big.stderr.contains("cannot write"), "\(big.stderr)")
    }

    @Test func missingFolderAndFolderTargetsAreNamed() throws {
        let dir = TempDir()
        defer { dir.cleanUp() }
        let missing = dir.url.appendingPathComponent("no/such/report.json").path
        let result = CLI.run([Self.seed, "--output", missing])
        #expect(result.status == 2)
        #expect(result.stderr == "a11ylint: cannot write \(missing): the folder \(dir.url.appendingPathComponent("no/such").path) does not exist\n")
        let folder = dir.url.appendingPathComponent("taken")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let onFolder = CLI.run([Self.seed, "--output", folder.path])
        #expect(onFolder.status == 2)
        #expect(onFolder.stderr == "a11ylint: cannot write \(folder.path): it is a folder\n")
        let baseline = CLI.run([Self.seed, "--write-baseline", missing])
        #expect(baseline.status == 2)
        #expect(baseline.stderr.contains("cannot write \(missing): the folder"))
    }

    /// `--output` to something that is not a regular file writes into it: /dev/null stays the
    /// null device (a rename over it replaced it with a file once), a FIFO stays a FIFO and
    /// its reader gets the report, a link stays a link and the file it names gets the report.
    @Test func devicesFifosAndLinksAreWrittenThroughNotReplaced() throws {
        let dir = TempDir()
        defer { dir.cleanUp() }
        let devNull = shell("\"$A11YLINT\" \(Self.seed) --reporter json --output /dev/null; echo \"status $?\"; test -c /dev/null && echo char")
        #expect(devNull.stdout == "status 1\nchar\n", "\(devNull.stderr)")
        let fifo = dir.url.appendingPathComponent("report.fifo").path
        let copy = dir.url.appendingPathComponent("copy.json").path
        let piped = shell("mkfifo '\(fifo)' && (timeout 5 cat '\(fifo)' > '\(copy)' 2>/dev/null </dev/null &) && \"$A11YLINT\" \(Self.seed) --reporter json --output '\(fifo)'; "
                          + "echo \"status $?\"; sleep 0.2; test -p '\(fifo)' && echo fifo")
        #expect(piped.stdout == "status 1\nfifo\n", "\(piped.stderr)")
        #expect(try String(contentsOfFile: copy, encoding: .utf8).hasPrefix("{\n  \"tool\""))
        let real = dir.url.appendingPathComponent("real.json").path
        let link = dir.url.appendingPathComponent("link.json").path
        try "old".write(toFile: real, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: real)
        let linked = CLI.run([Self.seed, "--reporter", "json", "--output", link])
        #expect(linked.status == 1)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == real, "the link stays")
        #expect(try String(contentsOfFile: real, encoding: .utf8).hasPrefix("{\n  \"tool\""))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path).sorted()
                == ["copy.json", "link.json", "real.json", "report.fifo"], "no temporary file left")
    }

    /// The report replaces the old file whole, and leaves no temporary file behind.
    @Test func outputReplacesTheFileWhole() throws {
        let dir = TempDir()
        defer { dir.cleanUp() }
        let target = dir.write("report.txt", String(repeating: "old report\n", count: 10_000))
        let result = CLI.run([Self.seed, "--output", target])
        #expect(result.status == 1)
        let written = try String(contentsOfFile: target, encoding: .utf8)
        #expect(written == CLI.run([Self.seed]).stdout)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path) == ["report.txt"])
    }
}
