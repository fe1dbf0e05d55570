import Foundation

/// Runs the built `a11ylint` binary (it sits next to the test bundle).
enum CLI {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var binary: URL {
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<3 {
            let candidate = dir.appendingPathComponent("a11ylint")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        return root.appendingPathComponent(".build/debug/a11ylint")
    }

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs a11ylint with `arguments` in `directory` (default: the repository root).
    static func run(_ arguments: [String], in directory: URL? = nil, binary: URL? = nil,
                    environment: [String: String] = [:], input: String? = nil, shellScript: String? = nil,
                    timeout: Double = 60) -> Result {
        let process = Process()
        process.executableURL = binary ?? self.binary
        process.arguments = shellScript.map { ["-c", $0] } ?? arguments
        process.currentDirectoryURL = directory ?? root
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        for (k, v) in environment { env[k] = v }
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let stdin = Pipe()
        process.standardInput = input == nil ? FileHandle.nullDevice : stdin
        try! process.run()
        // A run that hangs is killed, and the test sees status 9 instead of waiting for ever.
        let pid = process.processIdentifier
        let watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
        defer { watchdog.cancel() }
        if let input {
            // Written on its own thread: a large input must not block on a full pipe.
            let writer = stdin.fileHandleForWriting
            let bytes = Data(input.utf8)
            Thread.detachNewThread {
                writer.write(bytes)
                try? writer.close()
            }
        }
        // Read before waiting so a large report cannot fill the pipe and block.
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr, as: UTF8.self))
    }
}

struct TempDir {
    let url: URL
    init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("a11ylint-cli-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    @discardableResult
    func write(_ name: String, _ bytes: [UInt8]) -> String {
        let file = url.appendingPathComponent(name)
        try! FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try! Data(bytes).write(to: file)
        return file.path
    }
    @discardableResult
    func write(_ name: String, _ text: String) -> String { write(name, Array(text.utf8)) }
    func cleanUp() { try? FileManager.default.removeItem(at: url) }
}
