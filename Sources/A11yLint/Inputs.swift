import Foundation
import A11yModel

/// One file to lint: its path as the user gave it (or as found under a folder
/// they gave), and optionally its contents (for `--staged` and tests; nil means
/// read it from disk).
public struct LintInput: Sendable, Hashable {
    public enum Kind: Sendable, Hashable { case json, swift }

    public var path: String
    public var contents: [UInt8]?
    public var kind: Kind
    /// Named by the user (not found under a folder): a JSON file that is neither a
    /// spec nor an index is then an input error instead of being skipped.
    public var explicit: Bool
    /// False for standard input given without `--stdin-path`: it has no path for
    /// `included`/`excluded` to match, so they do not apply.
    public var checksScope = true
    /// Its number among the run's Swift files read from disk (-1: none), by which the file is
    /// kept when it is read before its turn (`SwiftFilesReadAhead`).
    var swiftNumber: Int32 = -1

    public init(path: String, contents: [UInt8]? = nil, explicit: Bool = true) {
        self.path = path
        self.contents = contents
        self.explicit = explicit
        self.kind = FileDispatch.kind(ofPath: path) ?? .json
    }

    /// A file found by a walk, whose kind its name told already.
    init(path: String, kind: Kind, explicit: Bool) {
        self.path = path
        self.contents = nil
        self.explicit = explicit
        self.kind = kind
    }

    /// Standard input (`-`), read whole: linted as `path` when given (`--stdin-path`: its
    /// extension says JSON or Swift, and the configuration's globs match it), else as
    /// `<stdin>`, JSON when it starts with `{` and Swift otherwise.
    public static func standardInput(_ bytes: [UInt8], path: String?) -> LintInput {
        var input = LintInput(path: path ?? "<stdin>", contents: bytes, explicit: true)
        if path == nil {
            let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
            input.kind = first == UInt8(ascii: "{") ? .json : .swift
            input.checksScope = false
        }
        return input
    }

    /// A file a11ylint reads (`FileDispatch.kind(ofPath:)`).
    public static func isLintable(_ path: String) -> Bool { FileDispatch.kind(ofPath: path) != nil }
}

/// Turns command-line paths into inputs: files as given, folders walked (sorted; hidden
/// folders, `.build`, `node_modules`, `Pods` and `DerivedData` skipped).
///
/// Nothing here can block or loop: a FIFO, socket or device is refused by its type before
/// anything opens it; symbolic links to folders are not followed unless `followLinks`, and
/// then a folder already on the way down (by device and inode) is not entered again; every
/// real file is linted once, however many names lead to it. A name that is not valid UTF-8
/// and a folder that cannot be read are input errors, with the bytes shown escaped.
public enum InputCollector {
    public struct Options: Sendable {
        public var followLinks = false
        /// How many threads list folders at once (the run's jobs).
        public var threads = 1
        /// The folder relative paths start from: what the walk learns of each folder is kept
        /// under its absolute path too (`WalkedFolders`). Nil: under the path as walked only.
        public var workingDirectory: String?
        public init(followLinks: Bool = false, threads: Int = 1, workingDirectory: String? = nil) {
            self.followLinks = followLinks
            self.threads = threads
            self.workingDirectory = workingDirectory
        }
    }

    public static func collect(_ paths: [String], options: Options = Options()) -> (inputs: [LintInput], errors: [InputError]) {
        let walked = walk(paths, options: options)
        return (walked.inputs, walked.errors)
    }

    /// The inputs and errors of `collect`, and what the walk saw in each folder it listed.
    static func walk(_ paths: [String], options: Options) -> (inputs: [LintInput], errors: [InputError], folders: WalkedFolders) {
        var roots: [FolderJob.Item] = []
        for path in paths { root(path, options: options, into: &roots) }
        let folders = roots.compactMap { item -> FolderJob? in
            if case .folder(let job) = item { return job }
            return nil
        }
        if !folders.isEmpty { FolderWalk(options: options, roots: folders).run() }
        var collected = Collected()
        collected.add(roots)
        return (collected.inputs, collected.errors, collected.folders)
    }

    struct FileID: Hashable {
        var device: UInt64
        var inode: UInt64
        init(_ status: stat) {
            device = UInt64(status.st_dev)
            inode = UInt64(status.st_ino)
        }
        init(device: UInt64, inode: UInt64) {
            self.device = device
            self.inode = inode
        }
    }

    /// One name in a folder with what `readdir` says of it: its type (`DT_UNKNOWN` where the
    /// file system does not say) and its inode number.
    struct Entry {
        /// Where its name is in the listing's `names`.
        var start: Int
        var count: Int
        var type: Int
        var inode: UInt64
    }

    /// A folder's entries, their names' bytes one after another in one array (one array per
    /// name cost more than the rest of listing a folder).
    struct Listing {
        var names: [UInt8]
        var entries: [Entry]

        func name(_ entry: Entry) -> ArraySlice<UInt8> { names[entry.start..<entry.start + entry.count] }
    }

    static let skippedFolders: Set<String> = ["node_modules", "Pods", "DerivedData", ".build"]

    /// A path given on the command line: a file is an input (or an error) at once, a folder
    /// a job of the walk.
    static func root(_ path: String, options: Options, into items: inout [FolderJob.Item]) {
        var status = stat()
        guard stat(path, &status) == 0 else {
            let code = errno
            var link = stat()
            let dangling = code == ENOENT && lstat(path, &link) == 0
            items.append(.error(InputError(file: path, line: 1, column: 1,
                                           message: dangling ? "a symbolic link to nothing" : code == ENOENT
                                            ? "no such file or directory" : OutputFile.errorText(code))))
            return
        }
        switch status.st_mode & S_IFMT {
        case S_IFDIR:
            let absolute = options.workingDirectory.map { PathScope.absolute(path, from: $0) }
            items.append(.folder(FolderJob(path: path, absolute: absolute, status: status, parent: nil, name: nil, ancestors: [])))
        case S_IFREG:
            guard LintInput.isLintable(path) else {
                items.append(.error(InputError(file: path, message: "not a lintable file: expected a .json spec or index, or a .swift file")))
                return
            }
            items.append(.file(LintInput(path: path, explicit: true), FileID(status)))
        default:
            items.append(.error(InputError(file: path, message: "not a regular file (\(InputCollector.typeName(status))): not read")))
        }
    }

    /// The results of a walk put in order: files and errors as the folders listed them, depth
    /// first in name order, each real file once (the first name that leads to it).
    struct Collected {
        var inputs: [LintInput] = []
        var errors: [InputError] = []
        var folders = WalkedFolders()
        /// The files met so far; the first is kept apart, so that a run of one file makes no
        /// set (the first use of a set of this type costs more than the rest of collecting).
        private var seen = Set<FileID>()
        private var firstSeen: FileID?

        /// Whether the file is met for the first time (and now remembered).
        mutating func isNew(_ id: FileID) -> Bool {
            guard let firstSeen else {
                firstSeen = id
                return true
            }
            return id != firstSeen && seen.insert(id).inserted
        }

        /// `parent`: the number of the folder holding the items, nil for the roots.
        mutating func add(_ items: [FolderJob.Item], parent: Int? = nil) {
            for item in items {
                switch item {
                case .file(let input, let id):
                    if isNew(id) { inputs.append(input) }
                case .error(let error):
                    errors.append(error)
                case .folder(let job):
                    // A folder that could not be listed (or a loop) is known by nothing.
                    guard let facts = job.facts else {
                        add(job.items, parent: nil)
                        continue
                    }
                    let number = folders.add(facts, path: job.path, absolute: job.absolute, parent: parent)
                    add(job.items, parent: number)
                }
            }
        }
    }

    /// Lists one folder (`job`): its lintable files and errors go to its items in name order,
    /// each subfolder to walk as a job of its own in its place (returned, to be listed next).
    /// The folder and what it holds are opened and looked at by name in the open parent
    /// (`openat`, `fstatat`) instead of the kernel walking every whole path again.
    static func list(_ job: FolderJob, options: Options, trustedDevices: inout [UInt64: Bool]) -> [FolderJob] {
        let id = FileID(job.status)
        guard !job.ancestors.contains(id) else { return [] } // a link back up: a loop
        let location = job.parent.map { (parent: $0.descriptor, name: job.name!) }
        let opened = InputCollector.openFolder(job.path, location: location)
        let failure = errno
        job.parent = nil // the parent stays open only until its subfolders are
        guard let opened else {
            job.items.append(.error(InputError(file: job.path, message: "cannot read this folder: \(OutputFile.errorText(failure))")))
            return []
        }
        let directory = OpenFolder(opened)
        let listing = InputCollector.listing(opened)
        job.facts = FolderFacts(listing)
        let inodesAreTrusted = trustsDirectoryInodes(job.path, device: id.device, known: &trustedDevices)
        let folder = job.path
        // The folder's path and a `/`, as bytes: each entry's path is made from them and its
        // name's bytes in one go (two appends to a string cost several times more).
        var head = Array(folder.utf8)
        if head.last != UInt8(ascii: "/") { head.append(UInt8(ascii: "/")) }
        var subfolders: [FolderJob] = []
        var ancestors: [FileID]?
        for entry in listing.entries {
            let raw = listing.name(entry)
            // Most names are ASCII: valid as they are, and a regular file that is not
            // lintable is passed over before any string is made of its name.
            let asciiKind = raw.withUnsafeBufferPointer(FileDispatch.asciiKind)
            if entry.type == Int(DT_REG), case .some(let kind) = asciiKind {
                guard let kind else { continue }
                // A lintable file known by the folder's device and its inode: no string
                // but its path.
                if inodesAreTrusted, raw.first != UInt8(ascii: ".") {
                    job.items.append(.file(LintInput(path: InputCollector.path(head, raw), kind: kind, explicit: false),
                                           FileID(device: id.device, inode: entry.inode)))
                    continue
                }
            }
            let ascii = asciiKind != nil
            guard let name = ascii ? String(decoding: raw, as: UTF8.self) : String(validating: raw, as: UTF8.self) else {
                let shown = folder.hasSuffix("/") ? folder + InputCollector.escaped(Array(raw))
                    : folder + "/" + InputCollector.escaped(Array(raw))
                job.items.append(.error(InputError(file: shown, message: "the file name is not valid UTF-8; rename it to lint it")))
                continue
            }
            if name.hasPrefix(".") { continue }
            let path = InputCollector.path(head, raw)
            // The type from `readdir` spares an `lstat` for most entries: a regular file
            // that is not lintable is skipped, a lintable one is known by the folder's
            // device and its inode, a skipped folder is not looked at. Links, other
            // folders and unknown types are looked at as below.
            switch entry.type {
            case Int(DT_REG) where !LintInput.isLintable(name):
                continue
            case Int(DT_REG) where inodesAreTrusted:
                job.items.append(.file(LintInput(path: path, explicit: false), FileID(device: id.device, inode: entry.inode)))
                continue
            case Int(DT_DIR) where InputCollector.skippedFolders.contains(name):
                continue
            default:
                break
            }
            let subfolder = lookAt(name, path: path, in: directory, of: job, options: options) {
                if ancestors == nil { ancestors = job.ancestors + [id] }
                return ancestors!
            }
            if let subfolder { subfolders.append(subfolder) }
        }
        return subfolders
    }

    /// An entry of `job`'s folder that `readdir`'s type did not settle, looked at by name in
    /// the open folder: a lintable file or an error goes to the job's items; a subfolder to
    /// walk goes there too, and is returned.
    private static func lookAt(_ name: String, path: String, in directory: OpenFolder, of job: FolderJob,
                               options: Options, ancestors: () -> [FileID]) -> FolderJob? {
        var found = stat()
        guard fstatat(directory.descriptor, name, &found, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
        var target = found
        let isLink = found.st_mode & S_IFMT == S_IFLNK
        if isLink, fstatat(directory.descriptor, name, &target, 0) != 0 { return nil } // dangling link: nothing to lint
        switch target.st_mode & S_IFMT {
        case S_IFDIR:
            if isLink && !options.followLinks { return nil }
            if InputCollector.skippedFolders.contains(name) { return nil }
            let absolute = job.absolute.map { $0 == "/" ? "/" + name : $0 + "/" + name }
            let subfolder = FolderJob(path: path, absolute: absolute, status: target, parent: directory, name: name,
                                      ancestors: ancestors())
            job.items.append(.folder(subfolder))
            return subfolder
        case S_IFREG:
            if LintInput.isLintable(name) { job.items.append(.file(LintInput(path: path, explicit: false), FileID(target))) }
        default:
            if LintInput.isLintable(name) {
                job.items.append(.error(InputError(file: path, message: "not a regular file (\(InputCollector.typeName(target))): not read")))
            }
        }
        return nil
    }

    /// Whether `readdir`'s inode numbers on `device` (where `folder` is) are the ones `stat`
    /// gives, with the folder's device: true for the local Linux file systems known to
    /// keep them so (ext2/3/4, XFS, Btrfs, tmpfs); elsewhere (overlay, FUSE, network file
    /// systems, other systems) every lintable file is looked at with `lstat`.
    static func trustsDirectoryInodes(_ folder: String, device: UInt64, known: inout [UInt64: Bool]) -> Bool {
        if let trusted = known[device] { return trusted }
        var trusted = false
        if let type = InputCollector.fileSystemType(folder) {
            trusted = [0xEF53, 0x5846_5342, 0x9123_683E, 0x0102_1994].contains(type)
        }
        known[device] = trusted
        return trusted
    }

    /// The path of the entry `name` (valid UTF-8) in the folder whose path and `/` are `head`.
    static func path(_ head: [UInt8], _ name: ArraySlice<UInt8>) -> String {
        String(unsafeUninitializedCapacity: head.count + name.count) { buffer in
            _ = buffer.initialize(fromContentsOf: head)
            _ = buffer[head.count...].initialize(fromContentsOf: name)
            return head.count + name.count
        }
    }

    /// The folder `folder`, opened for reading: by its name in its open parent when
    /// `location` gives them, else by its path; nil when it cannot be (errno says why).
    static func openFolder(_ folder: String, location: (parent: Int32, name: String)?) -> OpaquePointer? {
        guard let location else { return opendir(folder) }
        let descriptor = openat(location.parent, location.name, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        guard let directory = fdopendir(descriptor) else {
            let failure = errno
            close(descriptor)
            errno = failure
            return nil
        }
        return directory
    }

    /// The entries of an open folder, names as raw bytes, sorted (by bytes), without `.`
    /// and `..`.
    static func listing(_ directory: OpaquePointer) -> Listing {
        var names: [UInt8] = []
        var entries: [Entry] = []
        names.reserveCapacity(1024)
        entries.reserveCapacity(64)
        while let entry = readdir(directory) {
            let type = Int(entry.pointee.d_type), inode = UInt64(entry.pointee.d_ino)
            withUnsafeBytes(of: entry.pointee.d_name) { raw in
                // `d_name` ends with a zero byte within its array.
                let count = strnlen(raw.baseAddress!.assumingMemoryBound(to: CChar.self), raw.count)
                let dot = UInt8(ascii: ".")
                if raw[0] == dot && (count == 1 || count == 2 && raw[1] == dot) { return }
                entries.append(Entry(start: names.count, count: count, type: type, inode: inode))
                names.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[..<count]))
            }
        }
        // Byte order, as `memcmp` gives it (then the shorter first): the generic comparison of
        // two arrays costs several times more per name.
        names.withUnsafeBytes { bytes in
            let base = bytes.baseAddress
            entries.sort { a, b in
                let order = memcmp(base! + a.start, base! + b.start, min(a.count, b.count))
                return order != 0 ? order < 0 : a.count < b.count
            }
        }
        return Listing(names: names, entries: entries)
    }

    /// The Linux file system type (`f_type` of `statfs(2)`) of the one `path` is on; nil
    /// elsewhere or when it cannot be read. The Glibc module does not bring `statfs`, so it is
    /// looked up by name; its struct starts with `f_type`, a machine word.
    static func fileSystemType(_ path: String) -> Int? {
        #if os(Linux)
        typealias StatFS = @convention(c) (UnsafePointer<CChar>, UnsafeMutableRawPointer) -> Int32
        guard let symbol = dlsym(nil, "statfs") else { return nil } // RTLD_DEFAULT
        let call = unsafeBitCast(symbol, to: StatFS.self)
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: 512, alignment: 16)
        defer { buffer.deallocate() }
        guard call(path, buffer) == 0 else { return nil }
        return buffer.load(as: Int.self)
        #else
        return nil
        #endif
    }

    /// Bytes that are not valid UTF-8 shown as `\xFF`, the rest as text.
    static func escaped(_ bytes: [UInt8]) -> String {
        var out = ""
        var index = 0
        while index < bytes.count {
            // The longest valid UTF-8 prefix from here, else one escaped byte.
            var end = min(bytes.count, index + 4)
            var decoded: String?
            while end > index {
                if let s = String(validating: bytes[index..<end], as: UTF8.self) { decoded = s; break }
                end -= 1
            }
            if let decoded, end > index {
                out += decoded
                index = end
            } else {
                out += "\\x" + String(format: "%02X", bytes[index])
                index += 1
            }
        }
        return out
    }

    static func typeName(_ status: stat) -> String {
        switch status.st_mode & S_IFMT {
        case S_IFIFO: "a FIFO"
        case S_IFSOCK: "a socket"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFDIR: "a folder"
        default: "not a regular file"
        }
    }
}
