import Foundation
import A11yModel
import A11yReport

/// Lints inputs and hands the results over file by file, in sorted path order, as they are
/// produced: files are linted on all cores, and their results handed over a batch at a
/// time and dropped. A run holds a few batches' results, never all of them, so a report
/// of 10,000 specs is written in the memory of a few hundred.
///
/// Results are in report order because files are: every input's findings, input errors and
/// components lie in the input itself, except an index file's (`index-consistency` points
/// at spec files, and an index names specs to lint that may not be among the inputs). So
/// inputs that may be index files (`FileDispatch.mayBeIndex`, a cheap byte test) are
/// linted first; their results wait until the files around them are handed over.
struct LintStream: Sendable {
    /// Inputs linted with one configuration (nested `.a11ylint.yml` files make several).
    struct Group: Sendable {
        let linter: Linter
        var inputs: [LintInput]
    }

    /// What the run gave besides the files' results.
    struct Totals {
        var files = 0
        var components = 0
        var suppressed = 0
        var lintedFiles: [String] = []
        var rulesRun: [String: [String]] = [:]
        var fixes: [String: ReportFix] = [:]
        /// Rules that ran (enabled rules and the rules of every finding).
        var ran = Set<String>()
        var descriptions: [RuleDescription] = []
        var outOfScope = 0
        /// The specs linted, when asked for (`keepSpecs`).
        var specs: [ComponentSpec] = []

        /// The last `ranSorted` answer: files linted alike ran the same rules (one list for
        /// every Swift file of a group), so the set and the sorted list are made once.
        private var lastRulesRun: [String] = []
        private var lastRan: Set<String> = []
        private var lastSorted: [String] = []

        /// The rules that checked the file of `outcome` (its rules run and the rules of its
        /// findings), sorted.
        mutating func ranSorted(_ outcome: Linter.FileOutcome) -> [String] {
            if outcome.rulesRun != lastRulesRun {
                lastRulesRun = outcome.rulesRun
                lastRan = Set(outcome.rulesRun)
                lastSorted = lastRan.sorted()
            }
            var extra: Set<String>?
            var previousRule = ""
            // By index: a `for` over the findings copies each one (all its fields retained
            // and released) to read one field.
            for index in outcome.findings.indices where outcome.findings[index].rule != previousRule {
                previousRule = outcome.findings[index].rule
                if !lastRan.contains(previousRule) { extra = (extra ?? lastRan).union([previousRule]) }
            }
            return extra?.sorted() ?? lastSorted
        }

        /// The run's report without findings, input errors and components (they went file by
        /// file): what reporters get at the end.
        func report(toolVersion: String = Linter.version) -> LintReport {
            var report = LintReport(toolVersion: toolVersion, files: files, components: components, findings: [],
                                    inputErrors: [], suppressed: suppressed,
                                    rules: descriptions.filter { ran.contains($0.id) },
                                    lintedFiles: lintedFiles, rulesRun: rulesRun)
            report.fixes = fixes
            return report
        }
    }

    var groups: [Group]
    /// Worker threads; nil: all cores, counted only when there is more than one file to lint.
    var chosenJobs: Int?
    var jobs: Int { chosenJobs ?? LintConfiguration.processorCount }
    /// Files per batch and core: large enough that cores rarely wait at a batch's end,
    /// small enough that a batch's findings stay a few megabytes.
    var filesPerJob = 32
    var keepSpecs = false
    /// What the walk saw in the folders it listed (`IndexCheck.mayReachOtherFiles`).
    var folders = WalkedFolders()

    /// An input and the index of its group.
    typealias Item = (input: LintInput, group: Int)

    /// Lints every group's inputs; `emit` gets each file's results once, in sorted path
    /// order (files with nothing to report are not handed over).
    func run(inputErrors: [InputError] = [], emit: (FileResults) -> Void) -> Totals {
        var totals = Totals()
        var pending: [String: FileResults] = [:]
        for error in inputErrors { pending[error.location.file, default: FileResults(file: error.location.file)].inputErrors.append(error) }
        let items = inScope(&totals)
        // First the inputs that may be index files; their results wait in `pending`.
        let (first, rest) = probeIndexes(items)
        let listed = lintIndexes(first, among: items, totals: &totals, pending: &pending)
        lintInOrder(rest + listed, pending: pending, totals: &totals, emit: emit)
        return totals
    }

    /// The inputs in scope, tagged with their group; counts those out of scope and the
    /// rules and descriptions of every group.
    private func inScope(_ totals: inout Totals) -> [Item] {
        var items: [Item] = []
        for (g, group) in groups.enumerated() {
            let inScope = group.inputs.filter(group.linter.isInScope)
            totals.outOfScope += group.inputs.count - inScope.count
            items += inScope.map { ($0, g) }
            let linter = group.linter
            totals.ran.formUnion(linter.specRules.ruleIDs)
            totals.ran.formUnion(linter.sourceRuleIDs)
            let known = Set(totals.descriptions.map(\.id))
            totals.descriptions += (linter.catalogue.entries.map(\.description) + linter.customRuleDescriptions)
                .filter { !known.contains($0.id) }
        }
        return items
    }

    /// The inputs that may be index files (with their bytes, read once), and the others.
    /// Only an index with a `components` folder beside it has results in other files or
    /// names files to lint: a file on disk is read here only when its folder has one (a
    /// folder of specs is not read twice), any other index is linted in its turn.
    private func probeIndexes(_ items: [Item]) -> (first: [Item], rest: [Item]) {
        let reaching = foldersReachingOtherFiles(items)
        let probed = parallelMap(items) { item -> LintInput? in
            guard item.input.kind == .json else { return nil }
            let linter = groups[item.group].linter
            var input = item.input
            if input.contents == nil {
                if linter.configuration.gitIndex == nil, !reaching(input.path) { return nil }
                guard case .success(let bytes) = Linter.readRegularFile(input.path, limit: linter.configuration.maxFileSize)
                else { return nil }
                guard FileDispatch.mayBeIndex(bytes) else { return nil }
                input.contents = bytes
                return input
            }
            return FileDispatch.mayBeIndex(input.contents!) ? input : nil
        }
        var first: [Item] = []
        var rest: [Item] = []
        for (item, probe) in zip(items, probed) {
            if let probe { first.append((probe, item.group)) } else { rest.append(item) }
        }
        return (first, rest)
    }

    /// A test of whether an index at a path (a file on disk) may reach other files
    /// (`IndexCheck.mayReachOtherFiles`), asked once per folder of `items`.
    private func foldersReachingOtherFiles(_ items: [Item]) -> @Sendable (String) -> Bool {
        // One file on disk (the pre-commit case) is asked about once: no table (its type's
        // first use costs more than the question).
        var onDisk = 0
        for item in items where item.input.kind == .json && item.input.contents == nil { onDisk += 1 }
        if onDisk <= 1 { return { path in IndexCheck.mayReachOtherFiles(fromIndexAt: path) } }
        var answers: [Substring: Bool] = [:]
        answers.reserveCapacity(onDisk)
        for item in items where item.input.kind == .json && item.input.contents == nil {
            guard let key = Self.folderKey(item.input.path) else { continue }
            if answers[key] == nil {
                // A folder the walk listed says whether `components` is a folder in it.
                answers[key] = switch folders.entry(\.components, in: key) {
                case .folder: true
                case .absent, .other: false
                case nil: IndexCheck.mayReachOtherFiles(fromIndexAt: item.input.path)
                }
            }
        }
        let known = answers
        return { path in Self.folderKey(path).flatMap { known[$0] } ?? IndexCheck.mayReachOtherFiles(fromIndexAt: path) }
    }

    /// `PathScope.folder(of:)` of a path to a file; nil for a path that ends with `/`.
    private static func folderKey(_ path: String) -> Substring? {
        path.utf8.last == UInt8(ascii: "/") ? nil : PathScope.folder(of: path)
    }

    /// Lints the possible index files, keeping their results in `pending`; returns the specs
    /// they name that are not inputs already (to be linted with the others).
    private func lintIndexes(_ first: [Item], among items: [Item], totals: inout Totals,
                             pending: inout [String: FileResults]) -> [Item] {
        let outcomes = parallelMap(first) { groups[$0.group].linter.lintFile($0.input) }
        var knownPaths: Set<String>?
        var listedKeys = Set<String>()
        var rest: [Item] = []
        for (item, outcome) in zip(first, outcomes) {
            let linter = groups[item.group].linter
            var listed: [String] = []
            for path in outcome.index?.existingSpecPaths ?? [] {
                let known = knownPaths ?? Set(items.map { Linter.canonical($0.input.path) })
                knownPaths = known
                let key = Linter.canonical(path)
                if !known.contains(key), listedKeys.insert(key).inserted, linter.isInScope(LintInput(path: path)) {
                    listed.append(path)
                }
            }
            if let index = linter.configuration.gitIndex {
                let contents = index.contents(of: listed)
                rest += listed.compactMap { path in contents[path].map { (LintInput(path: path, contents: $0), item.group) } }
            } else {
                rest += listed.map { (LintInput(path: $0), item.group) }
            }
            for results in add(outcome, to: &totals) { pending.gather(results) }
        }
        return rest
    }

    /// Lints `rest` in path order, a batch at a time, handing each file's results over with
    /// the pending ones that sort before it.
    private func lintInOrder(_ rest: [Item], pending: [String: FileResults], totals: inout Totals,
                             emit: (FileResults) -> Void) {
        let rest = rest.sorted { $0.input.path < $1.input.path }
        totals.rulesRun.reserveCapacity(totals.rulesRun.count + rest.count)
        var pending = pending
        let pendingKeys = pending.keys.sorted()
        var nextPending = 0
        func emitPending(before file: String?) {
            while nextPending < pendingKeys.count, file.map({ pendingKeys[nextPending] < $0 }) ?? true {
                let key = pendingKeys[nextPending]
                nextPending += 1
                if let results = pending.removeValue(forKey: key), !results.isEmpty { emit(results) }
            }
        }
        // One file is linted here: no worker to start, no core count to read.
        let parallel = rest.count > 1 && jobs > 1
        let batch = rest.count <= 1 ? 1 : max(1, jobs * filesPerJob)
        // The batches are worked out as they come, not listed: an array of ranges is a generic
        // type whose first use searches the binary's conformance records (`Int: Comparable`).
        let batchCount = (rest.count + batch - 1) / batch
        // The workers lint the files one after another, never waiting at a batch's end,
        // while this thread hands the batches over (the writer works here): they stay at
        // most `batchesAhead` batches ahead of the one being handed over.
        let conveyor = parallel ? Conveyor(count: rest.count, batch: batch, batchesAhead: 2) : nil
        if let conveyor {
            let lint: @Sendable (Int) -> Linter.FileOutcome = { [self] in groups[rest[$0].group].linter.lintFile(rest[$0].input) }
            conveyor.start(workers: min(jobs, rest.count), lint)
        }
        for index in 0..<batchCount {
            let range = index * batch..<min(rest.count, (index + 1) * batch)
            let outcomes = conveyor?.take(range) ?? rest[range].map { groups[$0.group].linter.lintFile($0.input) }
            var batchResults: [FileResults] = []
            batchResults.reserveCapacity(outcomes.count)
            // Nearly always each file's results are its own, in path order as the files are:
            // then they go out as they are, without a table by path (hashing every path,
            // sorting them again).
            var inOrder = true
            for outcome in outcomes {
                for results in add(outcome, to: &totals) {
                    if let last = batchResults.last, !(last.file < results.file) { inOrder = false }
                    batchResults.append(results)
                }
            }
            if !inOrder {
                var byFile: [String: FileResults] = [:]
                for results in batchResults { byFile.gather(results) }
                batchResults = byFile.keys.sorted().map { byFile[$0]! }
            }
            for var results in batchResults {
                emitPending(before: results.file)
                if !pending.isEmpty, let waiting = pending.removeValue(forKey: results.file) { results.merge(waiting) }
                if !results.isEmpty { emit(results) }
            }
            conveyor?.handedOver(batch: index)
        }
        emitPending(before: nil)
    }

    /// Files linted on worker threads in input order, their outcomes taken a batch at a
    /// time in that order. A worker takes the next file as soon as it is done with one, as
    /// long as that file is at most `batchesAhead` batches past the batch being handed over:
    /// so cores do not wait at a batch's end nor for the writer, and the outcomes alive at
    /// a time stay a few batches'.
    final class Conveyor: @unchecked Sendable {
        private let condition = NSCondition()
        private var slots: [Linter.FileOutcome?]
        private let batch: Int
        private let batchesAhead: Int
        /// The next file a worker takes, and the first it may not take yet.
        private var next = 0
        private var limit: Int
        /// The files `take` waits for, and how many of them are not linted yet: the last
        /// one wakes it (a wake-up per file cost two context switches each).
        private var awaited = 0..<0
        private var missing = 0

        init(count: Int, batch: Int, batchesAhead: Int) {
            slots = Array(repeating: nil, count: count)
            self.batch = batch
            self.batchesAhead = batchesAhead
            limit = min(count, batch * (batchesAhead + 1))
        }

        /// Starts `workers` threads that lint the files (`lint(index)`) until none is left.
        func start(workers: Int, _ lint: @escaping @Sendable (Int) -> Linter.FileOutcome) {
            for _ in 0..<workers {
                let thread = Thread { [self] in
                    while let index = nextFile() {
                        let outcome = lint(index)
                        condition.lock()
                        slots[index] = outcome
                        if awaited.contains(index) {
                            missing -= 1
                            if missing == 0 { condition.broadcast() }
                        }
                        condition.unlock()
                    }
                }
                // As much stack as the main thread has: a deeply nested spec is read recursively.
                thread.stackSize = 8 << 20
                thread.start()
            }
        }

        /// The next file to lint, waiting while it is too far ahead; nil when all are taken.
        private func nextFile() -> Int? {
            condition.lock()
            defer { condition.unlock() }
            while next < slots.count, next >= limit { condition.wait() }
            guard next < slots.count else { return nil }
            next += 1
            return next - 1
        }

        /// The outcomes of the files in `range`, in order, once all are linted (they are
        /// then dropped here).
        func take(_ range: Range<Int>) -> [Linter.FileOutcome] {
            condition.lock()
            defer { condition.unlock() }
            missing = range.reduce(0) { $0 + (slots[$1] == nil ? 1 : 0) }
            awaited = range
            while missing > 0 { condition.wait() }
            awaited = 0..<0
            var outcomes: [Linter.FileOutcome] = []
            outcomes.reserveCapacity(range.count)
            for index in range {
                outcomes.append(slots[index]!)
                slots[index] = nil
            }
            return outcomes
        }

        /// Batch `index` is handed over: the workers may go on `batchesAhead` batches past it.
        func handedOver(batch index: Int) {
            condition.lock()
            limit = min(slots.count, max(limit, batch * (index + 2 + batchesAhead)))
            condition.broadcast()
            condition.unlock()
        }
    }

    /// Counts `outcome` into `totals` and returns its results by file (one file, but for an
    /// index's findings about spec files).
    private func add(_ outcome: Linter.FileOutcome, to totals: inout Totals) -> [FileResults] {
        guard outcome.counted else { return [] }
        totals.files += 1
        totals.lintedFiles.append(outcome.path)
        totals.rulesRun[outcome.path] = totals.ranSorted(outcome)
        // The report lists the rules that ran everywhere, and those that found something.
        var previousRule = ""
        for index in outcome.findings.indices where outcome.findings[index].rule != previousRule {
            previousRule = outcome.findings[index].rule
            totals.ran.insert(previousRule)
        }
        totals.suppressed += outcome.suppressed
        totals.components += outcome.specs.count
        if keepSpecs { totals.specs += outcome.specs }
        for fix in outcome.fixes { totals.fixes[ReportFix.key(file: fix.file, theme: fix.theme, role: fix.role)] = fix }

        var own = FileResults(file: outcome.path)
        own.findings = outcome.findings
        own.inputErrors = outcome.errors.sorted(by: InputError.order)
        own.components = outcome.components.sorted(by: ComponentReport.order)
        own.coverage = outcome.coverage.sorted(by: ComponentCoverage.order)
        for fix in outcome.fixes { own.fixes[ReportFix.key(file: fix.file, theme: fix.theme, role: fix.role)] = fix }
        let local = own.findings.indices.allSatisfy { own.findings[$0].location.file == outcome.path }
            && own.inputErrors.allSatisfy { $0.location.file == outcome.path }
            && own.components.allSatisfy { $0.spec.file == outcome.path }
            && own.coverage.allSatisfy { $0.file == outcome.path }
        if local { return [own] }
        var byFile: [String: FileResults] = [:]
        for finding in own.findings { byFile[finding.location.file, default: FileResults(file: finding.location.file)].findings.append(finding) }
        for error in own.inputErrors { byFile[error.location.file, default: FileResults(file: error.location.file)].inputErrors.append(error) }
        for component in own.components { byFile[component.spec.file, default: FileResults(file: component.spec.file)].components.append(component) }
        for entry in own.coverage { byFile[entry.file, default: FileResults(file: entry.file)].coverage.append(entry) }
        if !own.fixes.isEmpty { byFile[outcome.path, default: FileResults(file: outcome.path)].fixes = own.fixes }
        return byFile.keys.sorted().map { byFile[$0]! }
    }

    /// Runs `body` over `items` on `jobs` threads, keeping order.
    private func parallelMap<T: Sendable, R: Sendable>(_ items: [T], _ body: @Sendable (T) -> R) -> [R] {
        guard items.count > 1 else { return items.map(body) }
        let workers = max(1, min(jobs, items.count))
        if workers <= 1 { return items.map(body) }
        let results = ResultSlots<R>(count: items.count)
        let next = ResultSlots<Int>.Counter()
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while let i = next.take(below: items.count) { results.set(i, body(items[i])) }
        }
        return results.values
    }
}

extension [String: FileResults] {
    /// `results` under its file, merged with what is there already: nearly always nothing,
    /// and then taken as it is (merging re-sorts every list, copying each finding).
    mutating func gather(_ results: FileResults) {
        if self[results.file] == nil { self[results.file] = results } else { self[results.file]!.merge(results) }
    }
}
