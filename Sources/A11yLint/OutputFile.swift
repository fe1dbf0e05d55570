import Foundation

/// Writing reports and baselines without losing what was there.
///
/// A file is written to a temporary file in the target's folder and renamed over the target
/// only once every byte is written and flushed, so a full disk or a killed run leaves the
/// previous report whole and no half-written file behind.
public enum OutputFile {
    public struct WriteError: Error, Sendable, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "cannot write \(path): \(reason)" }
    }

    /// Replaces `path` with `bytes`, atomically.
    public static func write(_ bytes: UnsafeBufferPointer<UInt8>, to path: String) throws(WriteError) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) {
            throw WriteError(path: path, reason: "the folder \(folder) does not exist")
        }
        if !isDirectory.boolValue { throw WriteError(path: path, reason: "\(folder) is not a folder") }
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw WriteError(path: path, reason: "it is a folder")
        }
        var template = Array((folder + "/." + url.lastPathComponent + ".a11ylint-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw WriteError(path: path, reason: errorText(errno)) }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var failure: Int32 = 0
        if !writeAll(bytes, to: descriptor) { failure = errno }
        if failure == 0, fsync(descriptor) != 0, errno != EINVAL { failure = errno }
        // Keep the permissions an ordinary write would give (mkstemp makes 0600).
        let mask = umask(0)
        umask(mask)
        fchmod(descriptor, 0o666 & ~mask)
        if close(descriptor) != 0, failure == 0 { failure = errno }
        if failure == 0, rename(temporary, path) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporary)
            throw WriteError(path: path, reason: errorText(failure))
        }
    }

    public static func write(_ bytes: [UInt8], to path: String) throws(WriteError) {
        var failure: WriteError?
        bytes.withUnsafeBufferPointer { buffer in
            do throws(WriteError) { try write(buffer, to: path) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    public static func write(_ text: String, to path: String) throws(WriteError) {
        var text = text
        var failure: WriteError?
        text.withUTF8 { bytes in
            do throws(WriteError) { try write(bytes, to: path) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    public enum StandardOutputResult: Sendable, Equatable {
        case written
        /// The reader went away (`| head`): not an error.
        case closed
        case failed(String)
    }

    /// Writes `text` to standard output with `write(2)`, resuming after short writes; never
    /// traps, whatever the descriptor is (closed, a full device, a closed pipe).
    public static func writeStandardOutput(_ text: String) -> StandardOutputResult {
        var text = text
        let ok = text.withUTF8 { writeAll($0, to: STDOUT_FILENO) }
        if ok { return .written }
        let code = errno
        if code == EPIPE { return .closed }
        return .failed(errorText(code))
    }

    /// A message on standard error; a closed or broken standard error is ignored (there is
    /// nowhere left to say anything).
    public static func writeStandardError(_ text: String) {
        var text = text
        _ = text.withUTF8 { writeAll($0, to: STDERR_FILENO) }
    }

    /// Every byte, resuming after short writes and EINTR; false on an error (errno says).
    static func writeAll(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0, errno == EINTR { continue }
            if n < 0 { return false }
            if n == 0 { errno = EIO; return false }
            offset += n
        }
        return true
    }

    static func errorText(_ code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }
}
