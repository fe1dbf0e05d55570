import Foundation

/// Swift files read before their turn, kept for the linter's own read of them.
///
/// The first text view that names a colour member its file does not declare makes
/// `SwiftColorMembers` read every Swift file of the run (`RunInputs.shareSwiftFiles`). That
/// happens early, so nearly every file was then opened and read twice. The bytes that pass
/// reads are kept here instead, and the linter takes them when the file's turn comes: one read
/// per file, as when no member is looked up.
///
/// Files are known by their number among the run's Swift files (`LintInput.swiftNumber`): no
/// path is hashed. Kept bytes are never read again from disk, so what is linted is what the
/// pass read (a file changed on disk in between is linted as it was then). A file the linter
/// has asked for is not kept (nothing would take it), and the kept bytes stay within `budget`:
/// past it, a file is read again in its turn, as before.
final class SwiftFilesReadAhead: @unchecked Sendable {
    private let lock = NSLock()
    private var kept: [[UInt8]?] = []
    private var keptBytes = 0
    /// The files the linter has asked for (read or being read), by number.
    private var asked: [Bool] = []
    let budget: Int

    /// What the kept bytes may add to a run's memory, in any repository: the files past it are
    /// read in their turn, as before.
    init(budget: Int = 32 << 20) { self.budget = budget }

    /// Starts a run of `count` Swift files, none kept or asked for.
    func prepare(count: Int) {
        lock.lock()
        kept = Array(repeating: nil, count: count)
        asked = Array(repeating: false, count: count)
        keptBytes = 0
        lock.unlock()
    }

    /// Keeps the bytes read of file `number` for the linter, unless it asked for them already
    /// or the budget is spent.
    func keep(_ bytes: [UInt8], number: Int) {
        lock.lock()
        defer { lock.unlock() }
        guard number >= 0, number < kept.count, !asked[number], kept[number] == nil,
              keptBytes + bytes.count <= budget else { return }
        kept[number] = bytes
        keptBytes += bytes.count
    }

    /// The bytes kept of file `number`, given once (nil: read the file); marks it asked for.
    func take(number: Int) -> [UInt8]? {
        lock.lock()
        defer { lock.unlock() }
        guard number >= 0, number < kept.count else { return nil }
        asked[number] = true
        guard let bytes = kept[number] else { return nil }
        kept[number] = nil
        keptBytes -= bytes.count
        return bytes
    }
}
