import Foundation
import A11yModel

/// One folder of a walk (`InputCollector.walk`): listed by one thread, its files and errors
/// kept in name order with each subfolder in its place as a job of its own, so that the
/// whole walk is put together afterwards in the order a one-thread walk finds it.
final class FolderJob: @unchecked Sendable {
    enum Item {
        /// A lintable file and the real file it is (each is linted once, however many names
        /// lead to it: the first in walk order counts).
        case file(LintInput, InputCollector.FileID)
        case error(InputError)
        case folder(FolderJob)
    }

    /// The folder's path as walked (the path given, then names below it).
    let path: String
    /// Its absolute path, when the walk knows the working directory.
    let absolute: String?
    let status: stat
    /// The open folder holding it, and its name there: it is opened by name in its parent.
    /// Let go of once it is open (the parent closes when its last subfolder has opened).
    var parent: OpenFolder?
    let name: String?
    /// The folders on the way down to it (a folder met again among them is a loop).
    let ancestors: [InputCollector.FileID]
    /// Filled by the thread that lists the folder.
    var items: [Item] = []
    var facts: FolderFacts?

    init(path: String, absolute: String?, status: stat, parent: OpenFolder?, name: String?,
         ancestors: [InputCollector.FileID]) {
        self.path = path
        self.absolute = absolute
        self.status = status
        self.parent = parent
        self.name = name
        self.ancestors = ancestors
    }
}

/// An open folder, closed when the last job that opens a subfolder in it lets go of it.
final class OpenFolder: @unchecked Sendable {
    let directory: OpaquePointer
    init(_ directory: OpaquePointer) { self.directory = directory }
    var descriptor: Int32 { dirfd(directory) }
    deinit { closedir(directory) }
}

/// Folders listed on `options.threads` threads: each takes the most recently found folder
/// (depth first, so few folders are open at once), lists it and hands on its subfolders.
/// Listing a large tree is mostly system calls that wait on the kernel, and this runs before
/// any file is linted, with every other core idle.
struct FolderWalk {
    let options: InputCollector.Options
    let roots: [FolderJob]

    func run() {
        let queue = Queue(roots.reversed())
        let threads = max(1, options.threads)
        if threads == 1 {
            work(queue)
        } else {
            DispatchQueue.concurrentPerform(iterations: threads) { _ in work(queue) }
        }
    }

    private func work(_ queue: Queue) {
        var trustedDevices: [UInt64: Bool] = [:]
        while let job = queue.next() {
            let subfolders = InputCollector.list(job, options: options, trustedDevices: &trustedDevices)
            queue.finished(adding: subfolders)
        }
    }

    /// The folders still to list, and how many are being listed (the walk ends when both
    /// are none).
    final class Queue: @unchecked Sendable {
        private let condition = NSCondition()
        private var stack: [FolderJob]
        private var busy = 0

        init(_ jobs: [FolderJob]) { stack = Array(jobs) }

        func next() -> FolderJob? {
            condition.lock()
            defer { condition.unlock() }
            while stack.isEmpty && busy > 0 { condition.wait() }
            guard let job = stack.popLast() else { return nil }
            busy += 1
            return job
        }

        /// The first subfolder is taken next.
        func finished(adding subfolders: [FolderJob]) {
            condition.lock()
            busy -= 1
            stack.append(contentsOf: subfolders.reversed())
            condition.broadcast()
            condition.unlock()
        }
    }
}

/// What a folder's listing says of the names a run asks about after the walk: `.git` and
/// `.a11ylint.yml` (configuration discovery) and `components` (where an index's specs are).
/// Each asked of a folder the walk listed is answered from its listing, not with a `stat`
/// of the whole path: thousands of those, one core busy, before the first file is linted.
struct FolderFacts: Sendable {
    /// What is at a name, as `stat` would answer (nil: not known from the listing, a symbolic
    /// link or a file system that gives no types: then `stat` it).
    enum Entry: Sendable, Equatable {
        case absent, folder, other
    }

    var git: Entry? = .absent
    var configuration: Entry? = .absent
    var components: Entry? = .absent

    init(_ listing: InputCollector.Listing) {
        for entry in listing.entries where entry.count == 4 || entry.count == 10 || entry.count == 13 {
            let name = listing.name(entry)
            let kind: Entry? = switch Int32(entry.type) {
            case Int32(DT_DIR): .folder
            case Int32(DT_LNK), Int32(DT_UNKNOWN): nil
            default: .other
            }
            if name.elementsEqual(".git".utf8) { git = kind }
            if name.elementsEqual("components".utf8) { components = kind }
            if name.elementsEqual(ConfigurationFile.fileName.utf8) { configuration = kind }
        }
    }
}

/// What a walk saw in each folder it listed (`FolderFacts`), by the folder's path as walked
/// (without a `/` at its end) and by its absolute path, and which folder holds which (so a
/// question that climbs the tree, such as configuration discovery, climbs by number).
struct WalkedFolders: Sendable {
    private var numbers: [String: Int] = [:]
    private var facts: [FolderFacts] = []
    private var absolutes: [String?] = []
    private var parents: [Int] = []

    var count: Int { facts.count }

    /// Adds a folder; returns its number. `parent`: the number of the listed folder holding it.
    @discardableResult
    mutating func add(_ facts: FolderFacts, path: String, absolute: String?, parent: Int?) -> Int {
        let number = self.facts.count
        self.facts.append(facts)
        absolutes.append(absolute)
        parents.append(parent ?? -1)
        var key = path
        if key.utf8.count > 1, key.utf8.last == UInt8(ascii: "/") { key.removeLast() }
        numbers[key] = number
        if let absolute, absolute != key { numbers[absolute] = number }
        return number
    }

    /// The number of the folder at `path` (as walked, or absolute), when the walk listed it.
    func number(of path: some StringProtocol) -> Int? {
        numbers.isEmpty ? nil : numbers[String(path)]
    }

    /// The absolute path of folder `number` (nil when the walk did not know it).
    func absolute(_ number: Int) -> String? { absolutes[number] }

    /// The listed folder holding folder `number`, nil for a folder the walk started from.
    func parent(_ number: Int) -> Int? { parents[number] < 0 ? nil : parents[number] }

    /// What the listing of `folder` says is at `name`; nil when the walk did not list the
    /// folder or cannot tell from its listing.
    func entry(_ name: KeyPath<FolderFacts, FolderFacts.Entry?>, in folder: some StringProtocol) -> FolderFacts.Entry? {
        guard let number = number(of: folder) else { return nil }
        return facts[number][keyPath: name]
    }

    /// What is at `name` in folder `number`, as `FileStatus.of(path)` answers (`path` is the
    /// folder's path and `name`); `FileStatus` is asked only when the listing does not tell.
    func status(of name: KeyPath<FolderFacts, FolderFacts.Entry?>, inFolder number: Int?,
                path: @autoclosure () -> String) -> FileStatus? {
        switch number.flatMap({ facts[$0][keyPath: name] }) {
        case .absent: nil
        case .folder: .directory
        case .other: .other
        case nil: FileStatus.of(path())
        }
    }
}
