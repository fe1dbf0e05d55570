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
    static func write(_ bytes: UnsafeBufferPointer<UInt8>, to path: String) throws(WriteError) {
        let writer = try Writer(path: path)
        writer.write(bytes)
        try writer.commit()
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

    /// A report written as it is produced: to a temporary file beside `path` that replaces
    /// it only at `commit()` (as `write(_:to:)` does in one go), or to standard output. Bytes
    /// are buffered and written in large pieces; after a write error nothing more is
    /// written and `commit()` throws it; a closed standard output (`| head`) ends quietly.
    public final class Writer {
        public let path: String?
        private let descriptor: Int32
        private let temporary: String?
        private var buffer: [UInt8] = []
        private let capacity = 1 << 16
        public private(set) var failure: WriteError?
        /// Standard output's reader went away: not an error, nothing more is written.
        public private(set) var isClosed = false

        /// `path` nil: standard output.
        public init(path: String?) throws(WriteError) {
            self.path = path
            buffer.reserveCapacity(capacity)
            guard let path else {
                descriptor = STDOUT_FILENO
                temporary = nil
                return
            }
            switch OutputFile.target(path) {
            case .special:
                // A device, a FIFO or a socket (`--output /dev/null`, a pipe someone reads):
                // written as it is; renaming a file over it would replace it.
                let descriptor = open(path, O_WRONLY | O_CLOEXEC)
                guard descriptor >= 0 else { throw WriteError(path: path, reason: OutputFile.errorText(errno)) }
                self.descriptor = descriptor
                self.temporary = nil
                isSpecial = true
            case .file(let real):
                // Through a symbolic link, the file it points at is replaced and the link stays.
                let (descriptor, temporary) = try OutputFile.temporaryFile(for: real, shownAs: path)
                self.descriptor = descriptor
                self.temporary = temporary
                self.real = real
            }
        }
        /// The file that is replaced (`path`, or what a link at `path` points at).
        private var real: String?
        /// Not a regular file: written directly, closed at `commit()`.
        private var isSpecial = false

        deinit {
            // Never committed (an error on the way): the target keeps what it had.
            if let temporary, !committed {
                close(descriptor)
                unlink(temporary)
            } else if isSpecial, !committed {
                close(descriptor)
            }
        }
        private var committed = false

        /// Appends `bytes` (an array, a slice, a buffer: any contiguous storage is written
        /// in place, other collections are copied once).
        public func write<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
            if let done: Void = bytes.withContiguousStorageIfAvailable({ write(buffer: $0) }) { return done }
            let copy = Array(bytes)
            copy.withUnsafeBufferPointer { write(buffer: $0) }
        }

        private func write(buffer bytes: UnsafeBufferPointer<UInt8>) {
            guard failure == nil, !isClosed, !bytes.isEmpty else { return }
            if buffer.count + bytes.count > capacity {
                flush()
                if bytes.count >= capacity {
                    send(bytes)
                    return
                }
            }
            buffer.append(contentsOf: bytes)
        }

        public func write(_ text: String) {
            var text = text
            text.withUTF8 { write(buffer: $0) }
        }

        public func write(_ bytes: [UInt8]) {
            bytes.withUnsafeBufferPointer { write(buffer: $0) }
        }

        /// Appends `count` bytes of the open file `source` from `offset`, copied by the kernel
        /// (`sendfile`); false when it cannot copy to this target (nothing was written
        /// then: the caller writes the bytes itself).
        public func write(fileDescriptor source: Int32, offset: Int, count: Int) -> Bool {
            guard failure == nil, !isClosed else { return true }
            flush()
            var position = off_t(offset)
            var sent = 0
            while sent < count {
                let n = sendfile(descriptor, source, &position, count - sent)
                if n > 0 {
                    sent += n
                    continue
                }
                if n < 0, errno == EINTR { continue }
                let code = n == 0 ? EIO : errno
                // A target the kernel cannot copy to (a terminal, say): written the usual way.
                if sent == 0, code == EINVAL || code == ENOSYS || code == EOPNOTSUPP { return false }
                if path == nil && code == EPIPE { isClosed = true; return true }
                failure = WriteError(path: path ?? "standard output", reason: OutputFile.errorText(code))
                return true
            }
            return true
        }

        private func flush() {
            guard !buffer.isEmpty else { return }
            buffer.withUnsafeBufferPointer { send($0) }
            buffer.removeAll(keepingCapacity: true)
        }

        private func send(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard failure == nil, !isClosed else { return }
            if !OutputFile.writeAll(bytes, to: descriptor) {
                let code = errno
                if path == nil && code == EPIPE { isClosed = true; return }
                failure = WriteError(path: path ?? "standard output", reason: OutputFile.errorText(code))
            }
        }

        /// Writes what is buffered and, for a file, puts it in place of the target. Throws the
        /// first write error; the target is then untouched.
        public func commit() throws(WriteError) {
            flush()
            committed = true
            guard let temporary, let path, let real else {
                if isSpecial, close(descriptor) != 0, failure == nil {
                    failure = WriteError(path: path ?? "standard output", reason: OutputFile.errorText(errno))
                }
                if let failure { throw failure }
                return
            }
            var code: Int32 = 0
            if failure == nil, fsync(descriptor) != 0, errno != EINVAL { code = errno }
            OutputFile.setOrdinaryPermissions(descriptor)
            if close(descriptor) != 0, failure == nil, code == 0 { code = errno }
            if failure == nil, code == 0, rename(temporary, real) != 0 { code = errno }
            if failure == nil, code != 0 { failure = WriteError(path: path, reason: OutputFile.errorText(code)) }
            if let failure {
                unlink(temporary)
                throw failure
            }
        }
    }

    enum Target {
        /// A regular file (or none yet) at this path, the one a link points at when `path` is one.
        case file(String)
        /// A device, FIFO or socket.
        case special
    }

    /// What writing to `path` replaces.
    static func target(_ path: String) -> Target {
        var status = stat()
        guard lstat(path, &status) == 0 else { return .file(path) }
        var real = path
        if status.st_mode & S_IFMT == S_IFLNK {
            // A dangling link is replaced by the file, as before.
            guard let resolved = realpath(path, nil) else { return .file(path) }
            real = String(cString: resolved)
            free(resolved)
            guard stat(real, &status) == 0 else { return .file(real) }
        }
        switch status.st_mode & S_IFMT {
        case S_IFCHR, S_IFBLK, S_IFIFO, S_IFSOCK: return .special
        default: return .file(real)
        }
    }

    /// A new temporary file in `path`'s folder (after checking the folder), open for writing;
    /// errors name the target as the user gave it (`shownAs`).
    static func temporaryFile(for path: String, shownAs shown: String? = nil) throws(WriteError) -> (Int32, String) {
        let shown = shown ?? path
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) {
            throw WriteError(path: shown, reason: "the folder \(folder) does not exist")
        }
        if !isDirectory.boolValue { throw WriteError(path: shown, reason: "\(folder) is not a folder") }
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw WriteError(path: shown, reason: "it is a folder")
        }
        var template = Array((folder + "/." + url.lastPathComponent + ".a11ylint-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw WriteError(path: shown, reason: errorText(errno)) }
        return (descriptor, template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
    }

    /// The permissions an ordinary write would give (mkstemp makes 0600).
    static func setOrdinaryPermissions(_ descriptor: Int32) {
        let mask = umask(0)
        umask(mask)
        fchmod(descriptor, 0o666 & ~mask)
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
