import Foundation
import A11yJSON
import A11yModel
import A11yReport
import A11yRules

/// The configuration stage: the configuration files (`--config`, else every `.a11ylint.yml`
/// from the working directory up to the repository's top; or the configuration a library
/// caller gives whole), then the command line's options on top.
struct RunSettings {
    /// The request, its `--only-rule` ids resolved through the SwiftLint aliases.
    let request: LintRequest
    let catalogue: RuleCatalogue
    /// The run's configuration files (none when the request gives its configuration).
    let chain: ConfigurationChain
    /// Configuration warnings and notes for standard error, in the order they arose.
    var messages: [String] = []
    /// The run's settings: `chain`, then the request's options.
    private(set) var configuration = LintConfiguration()

    init(_ request: LintRequest, catalogue: RuleCatalogue) throws(LintSessionError) {
        var request = request
        let aliases = catalogue.swiftlintAliases
        request.onlyRules = request.onlyRules.map { aliases[$0] ?? $0 }
        self.request = request
        self.catalogue = catalogue
        var messages: [String] = []
        chain = request.configuration == nil
            ? try Self.loadConfiguration(request, catalogue: catalogue, messages: &messages) : ConfigurationChain()
        self.messages = messages
        if !request.onlyRules.isEmpty {
            let known = Set(catalogue.ids + chain.customRules.map(\.id))
            for id in request.onlyRules where !known.contains(id) {
                throw LintSessionError(message: "--only-rule: unknown rule '\(id)'"
                                       + Suggestions.hint(for: id, in: Array(known).sorted()), messages: messages)
            }
        }
        configuration = configured([chain])
    }

    /// `--strict`, or `strict: true` in the configuration.
    var strict: Bool { request.strict || chain.strict == true }

    /// The configuration files' settings (`chains` in order), then the command line's on top.
    func configured(_ chains: [ConfigurationChain]) -> LintConfiguration {
        var configuration = request.configuration ?? LintConfiguration()
        for chain in chains { chain.apply(to: &configuration) }
        if let level = request.level { configuration.ruleOptions.level = level }
        if let jobs = request.jobs { configuration.jobs = jobs }
        if let size = request.maxFileSize { configuration.maxFileSize = size }
        if let locale = request.pseudoLocale { configuration.pseudoLocale = locale }
        configuration.reportNeeds.formUnion(request.reportNeeds)
        configuration.reportFixes = configuration.reportFixes || request.reportFixes
        // Spec findings' baseline keys, when the caller keeps them or a baseline reads them.
        configuration.baselineKeys = configuration.baselineKeys && (request.baselineKeysWithoutBaseline
            || request.baseline != nil || request.writeBaseline != nil || chain.baseline != nil)
        if !request.onlyRules.isEmpty {
            configuration.onlyRules = Set(request.onlyRules)
            configuration.disabledRules.subtract(request.onlyRules)
        }
        return configuration
    }

    /// Sets what the inputs stage found out about paths (`--staged`: git's index, and the
    /// repository root that relative paths start from).
    mutating func readFromGitIndex(_ index: GitIndexSnapshot) {
        configuration.gitIndex = index
        configuration.relativePathBase = index.root
    }

    /// The `--config` files (merged in order), else every `.a11ylint.yml` from the working
    /// directory up to the git top level (or the filesystem root), the nearer on top, each
    /// after its `parent_config` chain; their warnings join `messages`, an unusable file is
    /// an error that shows every problem found in it. Run-wide keys (`baseline`, `strict`)
    /// and `included` come from these; each linted file gets its own chain (`RunGroups`).
    static func loadConfiguration(_ request: LintRequest, catalogue: RuleCatalogue,
                                  messages: inout [String]) throws(LintSessionError) -> ConfigurationChain {
        var paths = request.configPaths
        if paths.isEmpty {
            var discovery = ConfigurationDiscovery()
            paths = discovery.files(in: PathScope.standardized(request.workingDirectory))
                .map { PathScope.display($0, workingDirectory: request.workingDirectory) }
        }
        return try load(paths, catalogue: catalogue, messages: &messages)
    }

    /// Configuration files and their parents; warnings join `messages`.
    static func load(_ paths: [String], catalogue: RuleCatalogue,
                     messages: inout [String]) throws(LintSessionError) -> ConfigurationChain {
        do {
            let chain = try ConfigurationChain.load(paths, knownRules: catalogue.ids, aliases: catalogue.swiftlintAliases,
                                                    toolVersion: Linter.version)
            messages += chain.warnings.map(\.line)
            return chain
        } catch {
            throw LintSessionError(message: error.description, messages: messages,
                                   configuration: [error] + error.others)
        }
    }

    /// A configuration that cannot be used: nothing is linted, but the report is still
    /// complete and valid, with the configuration's errors as input errors (exit 2). Its
    /// warnings, and its errors unless the report shows them itself, go to standard error.
    static func report(_ error: LintSessionError, request: LintRequest, writer: any ReportWriter,
                       to sink: inout some ReportSink) -> LintSessionResult {
        let sorted = error.configuration.sorted { ($0.location.file, $0.location.line, $0.location.column)
            < ($1.location.file, $1.location.line, $1.location.column) }
        var messages = error.messages
        for diagnostic in sorted where diagnostic.severity != .error || request.echoConfigurationErrors {
            messages.append(diagnostic.line)
        }
        let report = LintReport(toolVersion: Linter.version, files: 0, components: 0, findings: [],
                                inputErrors: sorted.filter { $0.severity == .error }.map {
                                    InputError(file: $0.location.file, line: $0.location.line,
                                               column: $0.location.column, message: $0.message)
                                })
        var writer = writer
        var tally = Tally()
        let totals = LintReport(toolVersion: Linter.version, files: 0, components: 0, findings: [], inputErrors: [])
        for part in FileResults.split(report) {
            tally.count(part)
            writer.file(part, to: &sink)
        }
        writer.finish(totals, to: &sink)
        var result = LintSessionResult(report: totals, specs: [], ruleOptions: RuleOptions(), strict: false,
                                       messages: messages)
        result.tally = tally
        return result
    }
}
