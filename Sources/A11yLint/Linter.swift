import Foundation
import A11yJSON
import A11yModel
import A11yPattern
import A11yReport
import A11yLayout
import A11yRules
import A11ySwiftReader

/// What to check and how strictly: defaults, then `.a11ylint.yml`, then the
/// command line.
public struct LintConfiguration: Sendable {
    public var ruleOptions = RuleOptions()
    public var disabledRules: Set<String> = []
    /// When set, only these rules run.
    public var onlyRules: Set<String>?
    /// `opt_in_rules`: the catalogue's opt-in rules (off by default) that run.
    public var optInRules: Set<String> = []
    public var severityOverrides: [String: Severity] = [:]
    /// `custom_rules` of `.a11ylint.yml`.
    public var customRules: [CustomSourceRule] = []
    /// `included` / `excluded` of `.a11ylint.yml`: inputs outside it are skipped.
    public var scope: PathScope?
    /// The folder relative input paths are resolved against for `scope`: the working
    /// directory when nil; `--staged` sets the repository root (git's paths are
    /// relative to it).
    public var relativePathBase: String?
    /// Set by `--staged`: specs named by index files are read from git's index, not
    /// from the working tree.
    public var gitIndex: GitIndexSnapshot?
    /// Worker threads; 1 lints serially. All cores unless set: counted only when asked (it
    /// reads the system's and the cgroup's files, twice per run when every configuration
    /// counted them; a run of one file never asks).
    public var jobs: Int {
        get { chosenJobs ?? Self.processorCount }
        set { chosenJobs = newValue }
    }
    /// `jobs` as set; nil: all cores.
    private(set) var chosenJobs: Int?
    /// The cores this process may use, counted once.
    static var processorCount: Int { processorCountOnce }
    private static let processorCountOnce = ProcessInfo.processInfo.activeProcessorCount
    /// Files larger than this many bytes are input errors, not minutes of work.
    public var maxFileSize = 16 * 1_048_576

    /// `max_file_size` / `--max-file-size` (MB, positive, finite) in bytes: a fraction of a
    /// byte rounds down, and more than an `Int` holds is no limit (`1e13` MB trapped the
    /// conversion: found by fuzzing the configuration loader).
    public static func byteLimit(megabytes: Double) -> Int {
        let bytes = megabytes * 1_048_576
        return bytes >= Double(Int.max) ? Int.max : Int(bytes)
    }
    /// `--pseudo-locale` / `pseudo_locale`: check every label as this pseudo-locale shows it.
    public var pseudoLocale: PseudoLocale?
    /// What the reporter needs kept per component (contrast measurements, layouts at every
    /// Dynamic Type size): `LintReport.componentReports` is filled only when not empty.
    public var reportNeeds: ReportNeeds = []
    /// Work out the `--fix` edits of every contrast finding during the run, from the
    /// measurements the rules used (`LintReport.fixes`; SARIF shows them, `--fix` writes them).
    public var reportFixes = false
    /// Whether each spec finding gets its baseline key (`Finding.baselineKey`: its JSON path and
    /// value, found by a walk of the spec's document). Only a baseline reads them: a session
    /// that neither reads nor writes one skips the walk. A Swift finding's key is its line's
    /// text, trimmed: its rule took the text anyway, and only the trimming is skipped (the
    /// finding then has no key).
    public var baselineKeys = true
    /// `colors:` of `.a11ylint.yml`: where colour references resolve.
    public var colors = ColorSettings()
    /// The colour sources read so far, shared by every group's linter of a run (and by the runs
    /// of a configuration a library caller keeps).
    public var colorSources = ColorSourceCache()

    public init() {}

    /// Which rules run, as `disabledRules`, `onlyRules` and `optInRules` say.
    public var ruleSelection: RuleSelection { RuleSelection(disabled: disabledRules, only: onlyRules, optedIn: optInRules) }

    public func isEnabled(_ rule: String) -> Bool { ruleSelection.isEnabled(rule) }
}

/// Lints specs, index files and Swift files. Stateless between runs and safe to
/// share across threads.
public final class Linter: Sendable {
    public static let version = "0.1.0"

    public let catalogue: RuleCatalogue
    public let configuration: LintConfiguration
    let loader: SpecLoader
    let specRules: SpecRuleRunner
    /// The catalogue's source rules and the configuration's custom rules, with
    /// `source-text-contrast` when it runs, compiled when the first Swift file is linted: a run
    /// of specs compiles none of their patterns.
    private let swiftRules: LazySwiftRules
    /// The ids of the source rules, known without compiling them.
    let sourceRuleIDs: [String]
    let customRuleDescriptions: [RuleDescription]
    /// Catalogue and custom rule ids (what suppressions may name).
    let knownRuleIDs: [String]
    /// The rules as this run sees them (severity, criteria, texts, whether they run), resolved
    /// once: looked up for every finding.
    let ruleBook: RuleBook
    /// SwiftLint rule ids → a11ylint's, for `// swiftlint:disable…` comments.
    let swiftlintAliases: [String: String]
    /// Lays out variants for reports that draw them (`ReportNeeds.layouts`).
    let layoutEngine: LayoutEngine?
    /// `specRulesRun(_:)` of each registered kind (a `HashKeyedTable`: a dictionary keyed by
    /// the kind would search the conformance records when made, on the one-spec path).
    let specRulesRunByKind: HashKeyedTable<ComponentKind, [String]>
    /// The rules that check every Swift file (`FileOutcome.rulesRun`), listed once: each
    /// file's outcome shares this one array.
    let swiftRulesRun: [String]

    public init(catalogue: RuleCatalogue, configuration: LintConfiguration = LintConfiguration(),
                layoutEngine: LayoutEngine? = LayoutEngine.shared) throws(CatalogueError) {
        self.catalogue = catalogue
        self.configuration = configuration
        self.layoutEngine = layoutEngine
        // Every rule's severity (the configuration's, else the catalogue's), criteria and texts,
        // and which rules run, once.
        let ruleBook = catalogue.ruleBook(severityOverrides: configuration.severityOverrides,
                                          selection: configuration.ruleSelection)
        self.ruleBook = ruleBook
        // The component calls are read (their patterns compiled) when a `usage` or a Swift file needs them.
        let loader = SpecLoader(presets: catalogue.colorSchemes,
                                usageReader: UsageVariantReader(callsFrom: ComponentCallSource { catalogue.componentCalls }),
                                rules: ruleBook)
        self.loader = loader
        let specRules = SpecRuleRunner(catalogue: catalogue, options: configuration.ruleOptions, layoutEngine: layoutEngine,
                                       isEnabled: ruleBook.isEnabled)
        self.specRules = specRules
        var runByKind = HashKeyedTable<ComponentKind, [String]>()
        for kind in ComponentKind.allCases {
            runByKind.set(Self.specRulesRun(kind, specRules: specRules, isEnabled: ruleBook.isEnabled), for: kind)
        }
        specRulesRunByKind = runByKind
        // A rules folder's patterns and the custom rules' are checked now (their errors are
        // the run's); the built-in ones are tested, and compiled when a Swift file comes.
        if catalogue.origin != RuleCatalogue.builtInOrigin { _ = try catalogue.sourceRules() }
        let custom = configuration.customRules.filter { ruleBook.isEnabled($0.id) }
        let customRules = custom.isEmpty ? nil : try SourceRuleSet(customRules: custom)
        sourceRuleIDs = catalogue.sourceRuleIDs.filter(ruleBook.isEnabled) + (customRules?.ruleIDs ?? [])
        let checksTextContrast = ruleBook.isEnabled(SourceTextContrast.ruleID)
            && catalogue.entry(SourceTextContrast.ruleID) != nil
        let (colors, colorSources) = (configuration.colors, configuration.colorSources)
        swiftRules = LazySwiftRules {
            var rules = ((try? catalogue.sourceRules()) ?? SourceRuleSet()).filter(ruleBook.isEnabled)
            if let customRules { rules = rules.merging(customRules) }
            rules.ruleBook = ruleBook
            // One pass over each Swift file finds the rules' texts and the component calls'.
            rules = rules.findingTexts(of: loader.usageReader.calls.filter(\.inSwiftFiles).map(\.pattern))
            return LazySwiftRules.Rules(rules, checksTextContrast ? SwiftTextContrast(settings: colors, cache: colorSources) : nil)
        }
        customRuleDescriptions = configuration.customRules.map { rule in
            RuleDescription(id: rule.id, name: rule.id, kind: .source, defaultSeverity: rule.severity, wcag: rule.wcag,
                            category: "custom", summary: rule.message, rationale: "", howToFix: "")
        }
        knownRuleIDs = catalogue.ids + configuration.customRules.map(\.id)
        swiftlintAliases = catalogue.swiftlintAliases
        swiftRulesRun = sourceRuleIDs + [SuppressionRuleID.unused].filter(configuration.isEnabled)
            + (checksTextContrast ? [SourceTextContrast.ruleID] : [])
    }

    /// Reads the spec's String Catalog (`a11y.strings`, relative to the spec) into it; an
    /// input error when it cannot be read (the spec is then checked in its own text).
    static func loadStrings(_ spec: inout ComponentSpec) -> InputError? {
        guard let path = spec.stringsPath else { return nil }
        let folder = (spec.file as NSString).deletingLastPathComponent
        let resolved = path.hasPrefix("/") || folder.isEmpty ? path : (folder as NSString).appendingPathComponent(path)
        do {
            spec.strings = try StringCatalog.read(resolved)
            return nil
        } catch {
            let at = spec.stringsLocation ?? spec.location
            let where_ = error.line > 1 || error.column > 1 ? " (\(error.file):\(error.line):\(error.column))" : ""
            return InputError(location: at, message: "\"strings\": \(resolved): \(error.message)\(where_)")
        }
    }

    /// The spec rules on `spec`: with a String Catalog, in every language it has and in
    /// every plural form its labels have there (`labelPasses`; each finding of a translated
    /// variant names its language, and its plural form when the label varies by number).
    /// Findings of other passes than the source language's first come only from the rules
    /// that read the text (`perLanguage: true` in their YAML) and only for the variants the
    /// pass checks; the others, contrast among them, once.
    ///
    /// The contrast pairs are measured once per spec (in the source language: translations
    /// change no colour) and handed to every rule that reads them, to the fixer and to the
    /// report.
    func runSpecRules(_ spec: ComponentSpec) -> SpecRun {
        let passes = spec.labelPasses()
        guard let first = passes.first else {
            let (contrast, tally) = measureContrast(spec)
            return SpecRun(findings: runSpecRulesInText(spec, contrast: contrast, tally: tally), contrast: contrast, spec: spec,
                           contrastTally: tally)
        }
        let translated = spec.translatedVariants
        let (contrast, tally) = measureContrast(first.spec)
        var run = SpecRun(findings: [], contrast: contrast, spec: first.spec, contrastTally: tally)
        for (index, pass) in passes.enumerated() {
            // The checks were counted on the first pass's spec (the source language).
            for var finding in runSpecRulesInText(pass.spec, contrast: contrast, tally: index == 0 ? tally : nil) {
                let variant = finding.variant.flatMap { name in translated.contains(name) ? name : nil }
                let perLanguage = ruleBook.entry(finding.rule)?.perLanguage == true
                if let variant, perLanguage {
                    guard pass.checkedVariants.contains(variant) else { continue }
                    if finding.plural == nil { finding.plural = pass.spec.variants.first { $0.name == variant }?.plural }
                } else if index > 0 {
                    continue
                }
                if variant != nil, finding.lang == nil { finding.lang = pass.language }
                run.findings.append(finding)
            }
        }
        run.passes = passes
        return run
    }

    /// What running the spec rules on one spec gives: the findings, and the contrast pairs
    /// measured (nil when nothing reads them) on `spec`, the spec as checked in its source
    /// language.
    struct SpecRun {
        var findings: [Finding]
        var contrast: [ContrastMeasurement]?
        var spec: ComponentSpec
        /// The contrast checks counted while they were measured (nil when nothing measured them).
        var contrastTally: ContrastTally?
        /// The languages and plural forms the labels were checked in (empty without a
        /// String Catalog).
        var passes: [LabelPass] = []
        /// The languages the rules read the labels in (1 without a String Catalog).
        var languages: Int { passes.isEmpty ? 1 : Set(passes.map(\.language)).count }
    }

    /// The spec's contrast pairs, when a rule, the fixer or the report reads them, and its
    /// checks counted in the same pass (the coverage entry's pairs).
    func measureContrast(_ spec: ComponentSpec) -> ([ContrastMeasurement]?, ContrastTally?) {
        guard specRules.readsContrast(spec.kind) || configuration.reportFixes
                || configuration.reportNeeds.contains(.contrast) else { return (nil, nil) }
        var tally = ContrastTally()
        var measurements = ContrastMeasurements.measure(spec, options: configuration.ruleOptions, tally: &tally)
        SuggestedTokens.fill(&measurements, spec: spec, settings: configuration.colors, cache: configuration.colorSources)
        return (measurements, tally)
    }

    /// What the report keeps of a linted spec, when the reporter needs more than findings.
    func componentReport(_ run: SpecRun) -> ComponentReport? {
        let needs = configuration.reportNeeds
        guard !needs.isEmpty else { return nil }
        var component = ComponentReport(spec: run.spec, touchTarget: configuration.ruleOptions.touchTargetWarning,
                                        touchTargetError: configuration.ruleOptions.touchTargetError)
        if needs.contains(.contrast) { component.contrast = run.contrast ?? [] }
        if needs.contains(.layouts), run.spec.kind != nil, let engine = layoutEngine {
            component.layouts = run.spec.variants.map { VariantLayouts.compute(run.spec, $0, engine: engine) }
            component.translations = translatedLayouts(run, engine: engine)
        }
        return component
    }

    /// Each translated variant with a finding in a language and plural form other than the
    /// source language's first pass, laid out there (the HTML report draws them).
    func translatedLayouts(_ run: SpecRun, engine: LayoutEngine) -> [VariantLayouts] {
        var result: [VariantLayouts] = []
        for (index, pass) in run.passes.enumerated() where index > 0 {
            for variant in pass.spec.variants where pass.checkedVariants.contains(variant.name) {
                let found = run.findings.contains {
                    $0.variant == variant.name && $0.lang == pass.language && $0.plural == variant.plural
                        && $0.rule != "missing-translation"
                }
                if found { result.append(VariantLayouts.compute(pass.spec, variant, engine: engine)) }
            }
        }
        return result
    }

    /// The spec rules on `spec`, or on its labels as the pseudo-locale shows them (the
    /// findings then say which pseudo-locale). `tally`: the contrast checks counted on `spec`
    /// while measuring (not on the pseudo-localized one).
    func runSpecRulesInText(_ spec: ComponentSpec, contrast: [ContrastMeasurement]?, tally: ContrastTally?) -> [Finding] {
        guard let locale = configuration.pseudoLocale else { return specRules.run(spec, contrast: contrast, tally: tally) }
        var findings = specRules.run(spec.pseudoLocalized(locale), contrast: contrast)
        for index in findings.indices where findings[index].variant != nil {
            findings[index].pseudoLocale = locale.rawValue
        }
        return findings
    }

    /// The rules that check a spec of `kind` (what reading it checks, then its kind's rules),
    /// enabled ones only: worked out once per registered kind, one array shared by their files.
    func specRulesRun(_ kind: ComponentKind?) -> [String] {
        kind.flatMap { specRulesRunByKind[$0] } ?? Self.specRulesRun(kind, specRules: specRules, isEnabled: ruleBook.isEnabled)
    }

    static func specRulesRun(_ kind: ComponentKind?, specRules: SpecRuleRunner, isEnabled: (String) -> Bool) -> [String] {
        ([ModelRuleID.unknownKey, ModelRuleID.unknownKind, ModelRuleID.duplicateKey] + specRules.ruleIDs(for: kind))
            .filter(isEnabled)
    }

    /// The ids among `ids` that this run's configuration enables.
    func enabled(_ ids: [String]) -> [String] { ids.filter(configuration.isEnabled) }

    /// Inside `included` and not `excluded` (always true without a scope).
    func isInScope(_ input: LintInput) -> Bool {
        guard let scope = configuration.scope, input.checksScope else { return true }
        let base = configuration.relativePathBase ?? FileManager.default.currentDirectoryPath
        return scope.contains(absolutePath: PathScope.absolute(input.path, from: base))
    }

    private var suppressionContext: SuppressionContext {
        SuppressionContext(knownRules: knownRuleIDs, isEnabled: ruleBook.isEnabled,
                           rules: ruleBook)
    }

    /// `applyConfiguration(_:)` on every finding, in place (a finding is a large value:
    /// copying each one into a new array cost more than the rest of this).
    private func applyConfiguration(to findings: inout [Finding]) {
        // A rule's findings come together: the book is read once per run of them.
        var rule = ""
        var enabled = true
        func isDisabled(_ id: String) -> Bool {
            if id != rule { (rule, enabled) = (id, ruleBook.isEnabled(id)) }
            return !enabled
        }
        // Looked for by index first: `removeAll` copies each finding it tests, and nearly
        // always there is nothing to remove.
        if findings.indices.contains(where: { isDisabled(findings[$0].rule) }) {
            findings.removeAll { isDisabled($0.rule) }
        }
        rule = ""
        var override: Severity?
        var wcag: [String]?
        for index in findings.indices {
            if findings[index].rule != rule {
                rule = findings[index].rule
                (override, wcag) = (ruleBook.configuredSeverity(rule), ruleBook.entry(rule)?.wcag)
            }
            if let override { findings[index].severity = override }
            if findings[index].wcag.isEmpty, let wcag { findings[index].wcag = wcag }
        }
    }

    /// The rule book, applied once to every finding whatever made it: disabled rules
    /// removed, and a severity the configuration sets wins over the one the rule chose
    /// (`touch-target` chooses warning or error by size). Severities and criteria by
    /// default come from the rule book where the finding was made.
    func applyConfiguration(_ finding: Finding) -> Finding? {
        guard ruleBook.isEnabled(finding.rule) else { return nil }
        var f = finding
        if let override = ruleBook.configuredSeverity(f.rule) { f.severity = override }
        if f.wcag.isEmpty, let wcag = ruleBook.entry(f.rule)?.wcag { f.wcag = wcag }
        return f
    }

    // MARK: - one file

    struct FileOutcome: Sendable {
        var path: String
        var findings: [Finding] = []
        var errors: [InputError] = []
        var specs: [ComponentSpec] = []
        var index: IndexCheck?
        /// Findings silenced by suppression comments or a spec's `a11y.suppress`.
        var suppressed = 0
        /// False for JSON files found under a folder that are neither spec nor index.
        var counted = true
        /// The rules that checked this file (JUnit lists one test case for each).
        var rulesRun: [String] = []
        /// What the reporter needs of each spec (`LintConfiguration.reportNeeds`).
        var components: [ComponentReport] = []
        /// `LintConfiguration.reportFixes`: the fixes of the file's contrast findings.
        var fixes: [ReportFix] = []
        /// What the rules could check in each component (every run).
        var coverage: [ComponentCoverage] = []
    }

    func lintFile(_ input: LintInput) -> FileOutcome {
        var outcome = FileOutcome(path: input.path)
        let bytes: [UInt8]
        if let contents = input.contents {
            bytes = contents
        } else if input.swiftNumber >= 0,
                  let kept = configuration.colorSources.swiftFilesReadAhead.take(number: Int(input.swiftNumber)) {
            bytes = kept
        } else {
            switch Self.readRegularFile(input.path, limit: configuration.maxFileSize) {
            case .success(let contents): bytes = contents
            case .failure(let problem):
                outcome.errors.append(InputError(file: input.path, message: problem.message))
                return outcome
            }
        }
        if bytes.count > configuration.maxFileSize {
            outcome.errors.append(InputError(file: input.path, message: ReadProblem.tooLarge(bytes.count, configuration.maxFileSize).message))
            return outcome
        }
        switch input.kind {
        case .json: lintJSON(bytes, input: input, into: &outcome)
        case .swift: lintSwift(bytes, path: input.path, into: &outcome)
        }
        // In report order already, so that sorting the whole report (on one thread) finds
        // one long sorted run instead of doing the work itself.
        Self.sortInReportOrder(&outcome.findings)
        return outcome
    }

    /// Stable sort by `Finding.reportOrder`, moving indices rather than the large values.
    static func sortInReportOrder(_ findings: inout [Finding]) {
        guard findings.count > 1 else { return }
        let order: [Int]? = findings.withUnsafeBufferPointer { items in
            // A file's findings nearly always share its path: then the order is read from
            // plain integers (line, column, and each text field's rank among the file's
            // distinct values), and only findings equal in all of them compare messages.
            let file = items[0].location.file
            guard items.allSatisfy({ $0.location.file == file }) else {
                return sortedOrder(items.count) { Finding.reportOrder(items[$0], items[$1]) }
            }
            let keys = ReportOrderKeys(items)
            return sortedOrder(items.count) { a, b in
                let ka = keys.keys[a], kb = keys.keys[b]
                if ka != kb { return ka < kb }
                return items[a].message < items[b].message
            }
        }
        guard var order else { return }
        // Apply the permutation with swaps: position `index` takes the finding at
        // `order[index]`, cycle by cycle. A buffer's `swapAt` moves the values; the
        // array's copies each finding (retaining and releasing all its fields).
        findings.withUnsafeMutableBufferPointer { items in
            for start in order.indices where order[start] != start {
                var index = start
                while order[index] != start {
                    let next = order[index]
                    items.swapAt(index, next)
                    order[index] = index
                    index = next
                }
                order[index] = index
            }
        }
    }

    /// The permutation that sorts `0..<count` by `precedes` (stable: ties keep their
    /// order), nil when they are in order already.
    private static func sortedOrder(_ count: Int, _ precedes: (Int, Int) -> Bool) -> [Int]? {
        var isSorted = true
        for index in 1..<count where precedes(index, index - 1) {
            isSorted = false
            break
        }
        if isSorted { return nil }
        var order = Array(0..<count)
        order.sort(by: precedes)
        return order
    }

    struct ReadProblem: Error {
        var message: String

        static func tooLarge(_ size: Int, _ limit: Int) -> ReadProblem {
            ReadProblem(message: "the file is \(megabytes(size)), over the \(megabytes(limit)) limit for one file "
                        + "(max_file_size in .a11ylint.yml, or --max-file-size): not linted")
        }

        static func megabytes(_ bytes: Int) -> String {
            let mb = Double(bytes) / 1_048_576
            return mb >= 10 || mb == mb.rounded() ? "\(Int(mb.rounded())) MB" : String(format: "%.1f MB", mb)
        }
    }

    /// A regular file's bytes in one `read` into the array the lexer uses (no `Data` and no
    /// second copy). Opened without blocking and checked by type first, so a FIFO, socket
    /// or device is refused instead of waited on; a file over `limit` bytes is refused
    /// before it is read. The read asks for one byte more than `fstat` gave: a shorter
    /// answer is the end of the file, so a file that did not grow costs one `read` call and
    /// no buffer besides its own.
    static func readRegularFile(_ path: String, limit: Int = .max) -> Result<[UInt8], ReadProblem> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else {
            return .failure(ReadProblem(message: "cannot read the file: \(OutputFile.errorText(errno))"))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            return .failure(ReadProblem(message: "cannot read the file: \(OutputFile.errorText(errno))"))
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            return .failure(ReadProblem(message: "not a regular file (\(InputCollector.typeName(status))): not read"))
        }
        let size = Int(status.st_size)
        if size > limit { return .failure(.tooLarge(size, limit)) }
        var bytes: [UInt8] = []
        var capacity = size + 1
        while true {
            // Fill the array's spare capacity; grow it only for a file that grew since `fstat`.
            let (more, failure) = readAppending(descriptor, to: &bytes, capacity: capacity, expected: size)
            if failure != 0 { return .failure(ReadProblem(message: "cannot read the file: \(OutputFile.errorText(failure))")) }
            if bytes.count > limit { return .failure(.tooLarge(bytes.count, limit)) }
            if !more { return .success(bytes) }
            capacity = bytes.count + max(65_536, bytes.count)
        }
    }

    /// Reads from `descriptor` onto the end of `bytes`, up to `capacity` bytes in all: whether
    /// the file may go on, and the `errno` of a failure. The file has ended at a `read` that
    /// returns nothing, or that returns less than asked once the `expected` size is reached
    /// (a regular file's short read is its end).
    private static func readAppending(_ descriptor: Int32, to bytes: inout [UInt8], capacity: Int,
                                      expected: Int) -> (more: Bool, failure: Int32) {
        var failure: Int32 = 0
        var ended = false
        var grown = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            count = bytes.count
            bytes.withUnsafeBufferPointer { old in
                if let base = old.baseAddress { buffer.baseAddress!.initialize(from: base, count: old.count) }
            }
            while count < capacity {
                let asked = capacity - count
                let n = read(descriptor, buffer.baseAddress! + count, asked)
                if n < 0, errno == EINTR || errno == EAGAIN { continue }
                if n < 0 { failure = errno; break }
                count += n
                if n == 0 || (n < asked && count >= expected) { ended = true; break }
            }
        }
        swap(&bytes, &grown)
        return (!ended && failure == 0, failure)
    }

    /// Where specs live, for a JSON file found by walking a folder: in a folder named `specs`
    /// or below it, or named by the configuration's `included` globs (the file is in scope
    /// by now). Index-listed specs are inputs of their own and always count.
    func isWhereSpecsLive(_ input: LintInput) -> Bool {
        if let scope = configuration.scope, !scope.included.isEmpty { return true }
        return Self.hasSpecsFolder(input.path)
    }

    /// Whether a folder of `path` (a component followed by a slash) is named `specs`, read in
    /// one pass over its bytes (no array of components, no Foundation search).
    static func hasSpecsFolder(_ path: String) -> Bool {
        if let answer = path.utf8.withContiguousStorageIfAvailable(hasSpecsFolder(bytes:)) { return answer }
        return Array(path.utf8).withUnsafeBufferPointer(hasSpecsFolder(bytes:))
    }

    private static let specsName = Array("specs".utf8)

    private static func hasSpecsFolder(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let name = specsName
        // How much of `name` the current component has matched; -1 once it differs.
        var matched = 0
        for byte in bytes {
            if byte == UInt8(ascii: "/") {
                if matched == name.count { return true }
                matched = 0
            } else if matched >= 0, matched < name.count, name[matched] == byte {
                matched += 1
            } else {
                matched = -1
            }
        }
        return false
    }

    /// Whether a JSON document found by a walk is a11ylint's: an index, a spec with an
    /// `a11y` block, or a `name` with at least one of `properties`, `usage`, `tags` (or
    /// any JSON file `included` names).
    func isSpecOrIndex(_ document: JSONDocument, _ input: LintInput) -> Bool {
        let root = document.root
        if FileDispatch.isIndex(document) || root["a11y"]?.objectMembers != nil { return true }
        if root["name"] != nil, root["properties"] != nil || root["usage"] != nil || root["tags"] != nil { return true }
        if let scope = configuration.scope, !scope.included.isEmpty { return true }
        return false
    }

    private func lintJSON(_ bytes: [UInt8], input: LintInput, into outcome: inout FileOutcome) {
        let path = input.path
        // Found by a walk outside where specs live and holding none of the keys of ours: not
        // parsed (the parser's verdict below would be the same).
        if !input.explicit && !isWhereSpecsLive(input) && !FileDispatch.mayBeOurs(bytes) {
            outcome.counted = false
            return
        }
        let document: JSONDocument
        do {
            document = try JSONDocument(bytes: bytes)
        } catch {
            // Found by a walk outside where specs live (a localization table, a fixture): not ours.
            if !input.explicit && !isWhereSpecsLive(input) {
                outcome.counted = false
                return
            }
            outcome.errors.append(InputError(file: path, line: error.position.line, column: error.position.column,
                                             message: error.message))
            return
        }
        if FileDispatch.isIndex(document) {
            let (index, errors) = loader.loadIndex(document, file: path)
            outcome.errors += errors
            if let index {
                let check = IndexCheck(index: index, fileManager: configuration.gitIndex?.fileManager ?? .default)
                outcome.index = check
                outcome.findings = check.findings(rules: ruleBook)
                    .compactMap(applyConfiguration)
                outcome.rulesRun = enabled([ModelRuleID.indexConsistency])
            }
            return
        }
        if !input.explicit, !isSpecOrIndex(document, input) {
            outcome.counted = false // some other JSON file in a folder the user named
            return
        }
        var result = loader.loadSpec(document, file: path)
        outcome.errors += result.errors
        var findings = result.findings
        if var spec = result.spec {
            let colorErrors = ColorResolution.resolve(&spec, settings: configuration.colors, cache: configuration.colorSources)
            // A spec whose colours cannot be resolved is not checked (its other findings stand).
            if !colorErrors.isEmpty { outcome.errors += colorErrors; result.spec = nil } else { result.spec = spec }
        }
        if var spec = result.spec {
            if let error = Self.loadStrings(&spec) { outcome.errors.append(error) }
            outcome.specs.append(spec)
            var run = runSpecRules(spec)
            record(run, into: &outcome)
            // The rules' findings are moved, not copied (a finding is a large value): the few
            // that reading the spec found go after them. Their order here does not show: the
            // file's findings are sorted into report order below, and the two never share a rule.
            if !findings.isEmpty { run.findings += findings }
            findings = run.findings
            run.findings = []
            if configuration.reportFixes, let contrast = run.contrast {
                outcome.fixes = SpecFixer.fixes(for: spec, measurements: contrast, document: document, bytes: bytes,
                                                colors: configuration.colors)
            }
            // What reading the spec checks, and its rules where the kind has them.
            outcome.rulesRun = specRulesRun(spec.kind)
            if !spec.suppressions.isEmpty { outcome.rulesRun += enabled([SuppressionRuleID.unused]) }
        }
        applyConfiguration(to: &findings)
        if let spec = result.spec, !spec.suppressions.isEmpty {
            var suppressions = SpecSuppressionFilter(spec.suppressions)
            outcome.suppressed = suppressions.filter(&findings)
            findings += suppressions.unusedFindings(suppressionContext, spec: spec).compactMap(applyConfiguration)
        }
        if configuration.baselineKeys { Baseline.setKeys(&findings, root: document.root) }
        if outcome.findings.isEmpty { outcome.findings = findings } else { outcome.findings += findings }
    }

    private func lintSwift(_ bytes: [UInt8], path: String, into outcome: inout FileOutcome) {
        // Valid UTF-8 is kept as it is (the same array: comparing is instant); invalid
        // bytes are repaired, so the arrays differ. One validation pass either way.
        let source = SwiftSource(utf8: bytes)
        guard source.bytes == bytes else {
            let offset = Self.firstInvalidUTF8Offset(bytes)
            let line = bytes[..<offset].filter { $0 == 0x0A }.count + 1
            let lineStart = bytes[..<offset].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
            let column = bytes[lineStart..<offset].filter { $0 & 0xC0 != 0x80 }.count + 1
            outcome.errors.append(InputError(file: path, line: line, column: column,
                                             message: String(format: "invalid UTF-8 byte 0x%02X", bytes[offset])))
            return
        }
        // The compiled rules, read in place in their holder (`LazySwiftRules.Rules`).
        let swift = swiftRules.get()
        // The rules' texts and the component calls' found in one pass, shared by both.
        var (findings, literals) = swift.lint(source, path: path)
        outcome.rulesRun = swiftRulesRun
        if let textContrast = swift.textContrast {
            findings += textContrast.lint(source, path: path, options: configuration.ruleOptions, ruleBook: ruleBook)
        }
        for spec in loader.swiftFileSpecs(source, file: path, literals: literals) {
            if outcome.specs.isEmpty { outcome.rulesRun += specRules.ruleIDs }
            outcome.specs.append(spec)
            var run = runSpecRules(spec)
            record(run, into: &outcome)
            // Moved, not copied, when they are the first (a finding is a large value).
            if findings.isEmpty { findings = run.findings } else { findings += run.findings }
            run.findings = []
        }
        applyConfiguration(to: &findings)
        var suppressions = SourceSuppressions(source: source, path: path, aliases: swiftlintAliases)
        outcome.suppressed = suppressions.filter(&findings)
        var unused = suppressions.unusedFindings(suppressionContext, source: source)
        applyConfiguration(to: &unused)
        findings += unused
        if configuration.baselineKeys {
            Baseline.setKeys(&findings) { source.lineKeyText($0) }
        } else {
            // No baseline reads them in this run: the line texts the rules took are let go
            // untrimmed, as a spec finding gets no key here either.
            for index in findings.indices { findings[index].baselineKey = nil }
        }
        if outcome.findings.isEmpty { outcome.findings = findings } else { outcome.findings += findings }
    }

    static func firstInvalidUTF8Offset(_ bytes: [UInt8]) -> Int {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return max(0, bytes.count - 1)
            case .error: return min(offset, bytes.count - 1)
            }
        }
    }

    static func canonical(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }
}

/// Thread-safe result storage for `parallelMap`.
final class ResultSlots<R: Sendable>: @unchecked Sendable {
    private var slots: [R?]
    private let lock = NSLock()
    init(count: Int) { slots = Array(repeating: nil, count: count) }
    func set(_ i: Int, _ value: R) { lock.lock(); slots[i] = value; lock.unlock() }
    var values: [R] { lock.lock(); defer { lock.unlock() }; return slots.map { $0! } }

    final class Counter: @unchecked Sendable {
        private var value = 0
        private let lock = NSLock()
        func take(below limit: Int) -> Int? {
            lock.lock(); defer { lock.unlock() }
            guard value < limit else { return nil }
            value += 1
            return value - 1
        }
    }
}

/// A linter's source rules and `source-text-contrast` (its patterns), made the first time they
/// are asked for, under a lock: a run of specs compiles none of them.
final class LazySwiftRules: @unchecked Sendable {
    final class Rules: @unchecked Sendable {
        /// The rule set, in memory of its own that nothing changes after `init`: each file's
        /// lint reads it in place through the pointer. Read as a stored property of this class,
        /// it was copied for every file (each of its arrays retained and released, on objects
        /// every worker thread shares).
        private let stored: UnsafeMutablePointer<SourceRuleSet>
        let textContrast: SwiftTextContrast?

        init(_ rules: SourceRuleSet, _ textContrast: SwiftTextContrast?) {
            stored = .allocate(capacity: 1)
            stored.initialize(to: rules)
            self.textContrast = textContrast
        }

        deinit {
            stored.deinitialize(count: 1)
            stored.deallocate()
        }

        /// `SourceRuleSet.lint` on the rule set in place, and the pass of its texts over `source`
        /// it made, for the component calls to share.
        func lint(_ source: SwiftSource, path: String) -> (findings: [Finding], literals: LiteralOffsets) {
            let literals = LiteralOffsets(set: stored.pointee.literals)
            return (stored.pointee.lint(source, path: path, literals: literals), literals)
        }
    }
    private let lock = NSLock()
    private var rules: Rules?
    private let make: @Sendable () -> Rules

    init(_ make: @escaping @Sendable () -> Rules) { self.make = make }

    func get() -> Rules {
        lock.lock()
        defer { lock.unlock() }
        if let rules { return rules }
        let made = make()
        rules = made
        return made
    }
}

/// `Finding.reportOrder` as integers, for findings of one file: line, column, and the rank
/// of the rule, component, variant and theme among the file's distinct values (ranks follow
/// `String`'s `<`, equal texts share one). Two findings with different keys are in the order
/// of their keys; with equal keys, their messages decide.
private struct ReportOrderKeys {
    struct Key: Comparable {
        var line: Int, column: Int, rule: Int32, component: Int32, variant: Int32, theme: Int32

        static func < (a: Key, b: Key) -> Bool {
            if a.line != b.line { return a.line < b.line }
            if a.column != b.column { return a.column < b.column }
            if a.rule != b.rule { return a.rule < b.rule }
            if a.component != b.component { return a.component < b.component }
            if a.variant != b.variant { return a.variant < b.variant }
            return a.theme < b.theme
        }
    }

    let keys: [Key]

    init(_ items: UnsafeBufferPointer<Finding>) {
        let rules = Self.ranks(items) { $0.rule }
        let components = Self.ranks(items) { $0.component ?? "" }
        let variants = Self.ranks(items) { $0.variant ?? "" }
        let themes = Self.ranks(items) { $0.theme ?? "" }
        keys = items.indices.map { i in
            Key(line: items[i].location.line, column: items[i].location.column,
                rule: rules[i], component: components[i], variant: variants[i], theme: themes[i])
        }
    }

    /// Up to this many distinct texts, `ranks` finds a text's id by looking along them.
    private static let fewTexts = 16

    /// Each item's `field` as its rank among the distinct values of all items.
    private static func ranks(_ items: UnsafeBufferPointer<Finding>, _ field: (Finding) -> String) -> [Int32] {
        var ids: [String: Int32] = [:]
        var distinct: [String] = []
        var result = [Int32](repeating: 0, count: items.count)
        var last: (text: String, id: Int32)?
        for i in items.indices {
            let text = field(items[i])
            // A rule's findings come together, and so do a variant's: most texts are the
            // previous one again.
            if let last, last.text == text { result[i] = last.id; continue }
            let id: Int32
            // A file's findings mostly have few distinct texts (its themes, its variants): a
            // look along them is cheaper than hashing the text, and the dictionary is made
            // only once there are more.
            if let known = ids.isEmpty ? distinct.firstIndex(of: text).map({ Int32($0) }) : ids[text] {
                id = known
            } else {
                id = Int32(distinct.count)
                distinct.append(text)
                if !ids.isEmpty {
                    ids[text] = id
                } else if distinct.count > Self.fewTexts {
                    ids.reserveCapacity(distinct.count * 2)
                    for (index, text) in distinct.enumerated() { ids[text] = Int32(index) }
                }
            }
            result[i] = id
            last = (text, id)
        }
        guard distinct.count > 1 else { return result }
        // Ids in first-seen order become ranks in `<` order.
        var rankOf = [Int32](repeating: 0, count: distinct.count)
        for (rank, id) in distinct.indices.sorted(by: { distinct[$0] < distinct[$1] }).enumerated() {
            rankOf[id] = Int32(rank)
        }
        for i in result.indices { result[i] = rankOf[Int(result[i])] }
        return result
    }
}
