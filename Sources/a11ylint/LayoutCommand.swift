import A11yJSON
import ArgumentParser
import Foundation
import A11yModel
import A11yLayout
import A11yLint
import A11yRules
import A11yReporters

struct LayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Compute a variant's geometry: indicator, box, label lines and hit area.",
        discussion: """
        Without --variant, the spec's first variant is laid out. The other options override \
        the variant's own fields. Numbers are points, unrounded, origin at the component's top left. \
        A label named by textKey is laid out in the String Catalog's source language, or in --lang, \
        once per plural form it has there, each form labelled.
        """)

    @Argument(help: "A component spec (.json) or a Swift file with checkbox calls.")
    var spec: String

    @Option(help: "The variant to lay out (by name).")
    var variant: String?

    @Option(help: "The label text (\"\" for none).")
    var text: String?

    @Option(help: "The available width in points.")
    var width: Double?

    @Option(help: "ltr or rtl.")
    var direction: LayoutDirection?

    @Option(help: "default (indicator leading) or reversed (indicator trailing).")
    var layout: LayoutOrder?

    @Option(help: "square or circle.")
    var shape: CheckboxShape?

    @Option(name: .customLong("content-size"), help: "Dynamic Type category: xS S M L xL xxL xxxL AX1 … AX5.")
    var contentSize: ContentSize?

    @Option(help: "The language of the spec's String Catalog to lay the label out in (every plural form of it).")
    var lang: String?

    @Option(name: .customLong("pseudo-locale"), help: "Lay the label out as a pseudo-locale shows it: expanded, accented or bidi.")
    var pseudoLocale: PseudoLocale?

    @Option(name: [.customShort("o"), .customLong("output")], help: "Write the layout to this file instead of standard output.")
    var outputPath: String?

    @Option(help: "json, svg or text.")
    var format: Format = .json

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case json, svg, text
        init?(argument: String) {
            guard let format: Self = caseInsensitive(argument) else { return nil }
            self = format
        }
    }

    func validate() throws {
        // `Double` parses "nan", "inf" and "1e999" too: none of them is a width in points.
        if let width, !(width.isFinite && width > 0) {
            throw ValidationError("--width must be a finite number greater than 0")
        }
    }

    func run() throws {
        let linter: Linter
        do { linter = try Linter(catalogue: try loadCatalogue()) } catch let e as CatalogueError { throw fail(e.description) }
        let (specs, errors) = linter.specs(at: spec)
        if let error = errors.first { throw fail(error.description) }
        let variants = specs.flatMap { s in s.variants.map { (s, $0) } }
        guard var (component, chosen) = variants.first else { throw fail("\(spec): no variant to lay out") }
        if let variant {
            guard let match = variants.first(where: { $0.1.name == variant }) else {
                throw fail("\(spec): no variant '\(variant)'" + Suggestions.hint(for: variant, in: variants.map(\.1.name))
                           + "; variants: " + variants.map(\.1.name).joined(separator: ", "))
            }
            (component, chosen) = match
        }
        if let text { chosen.text = text }
        if let width { chosen.width = width }
        if let direction { chosen.direction = direction }
        if let layout { chosen.layout = layout }
        if let shape {
            let shapes = component.definition?.shapes ?? CheckboxShape.allCases
            guard shapes.contains(shape) else {
                let kind = component.kind?.rawValue ?? "component"
                throw fail("\(spec): --shape applies to kinds whose indicator has shapes (checkbox); a \(kind) has none")
            }
            chosen.shape = shape
        }
        if let contentSize { chosen.contentSize = contentSize }
        var entries: [LabelledLayouts.Entry] = []
        for labelled in try labelledForms(of: chosen, in: component) {
            do { entries.append(.init(labelled: labelled, layout: try LayoutEngine.shared.layout(component, labelled.variant))) } catch {
                throw fail("\(spec): \(error.description)")
            }
        }
        let formats: [Format: LabelledLayouts.Format] = [.json: .json, .svg: .svg, .text: .text]
        var output = LabelledLayouts.render(entries, spec: component, format: formats[format]!)
        if !output.hasSuffix("\n") { output += "\n" }
        try emit(output, to: outputPath)
    }
}

extension LayoutCommand {
    /// The variant in each labelled form `layout` shows: `--text` as given; else the String
    /// Catalog's text in `--lang` (or the source language), every plural form; then
    /// `--pseudo-locale`.
    func labelledForms(of chosen: Variant, in component: ComponentSpec) throws -> [LabelledVariant] {
        var variant = chosen
        if text != nil { variant.textKey = nil }
        do {
            return try LabelledVariant.forms(of: variant, in: component, language: lang, pseudoLocale: pseudoLocale)
        } catch .unknownLanguage(let language, let known) {
            throw fail("\(spec): --lang \(language): the String Catalog has no such language"
                       + Suggestions.hint(for: language, in: known) + "; languages: " + known.joined(separator: ", "))
        }
    }
}

extension LayoutDirection: ExpressibleByArgument {
    public init?(argument: String) {
        guard let value: Self = caseInsensitive(argument) else { return nil }
        self = value
    }
}
extension LayoutOrder: ExpressibleByArgument {
    public init?(argument: String) {
        guard let value: Self = caseInsensitive(argument) else { return nil }
        self = value
    }
}
extension CheckboxShape: ExpressibleByArgument {
    public init?(argument: String) {
        guard let value: Self = caseInsensitive(argument) else { return nil }
        self = value
    }
}
extension ContentSize: ExpressibleByArgument {
    /// Dynamic Type names are case-insensitive on the command line (`--content-size XL`).
    public init?(argument: String) { self.init(name: argument) }
}
