import A11yJSON
import A11yPattern
import A11ySwiftReader

/// What reading one spec file produced. `spec` is nil when the file has input
/// errors (it is then not linted; the errors say why).
public struct SpecLoadResult: Sendable {
    public var spec: ComponentSpec?
    /// Findings about the spec text itself (`spec-unknown-key`, `spec-unknown-kind`,
    /// `spec-duplicate-key`).
    public var findings: [Finding] = []
    public var errors: [InputError] = []
}

/// An index file: `{"version": "1.0.0", "components": [{"name", "description"}]}`.
public struct SpecIndex: Sendable, Hashable {
    public struct Entry: Sendable, Hashable {
        public var name: String
        public var location: SourceLocation
    }
    public var file: String
    public var entries: [Entry]
}

/// Reads component specs (docs/spec-format.md: the base file, the a11y object, variants
/// from usage) from parsed JSON, keeping every position so that findings and errors point
/// into the file.
public struct SpecLoader: Sendable {
    public var presets: [String: ColorSchemePreset]
    public var usageReader: UsageVariantReader
    /// The severities of the findings reading makes (`spec-unknown-key`, `spec-unknown-kind`).
    public var rules: RuleBook

    public init(presets: [String: ColorSchemePreset], usageReader: UsageVariantReader, rules: RuleBook = RuleBook()) {
        self.presets = presets
        self.usageReader = usageReader
        self.rules = rules
    }

    /// True when the document looks like an index file rather than a spec.
    public static func isIndex(_ document: JSONDocument) -> Bool {
        document.root["components"]?.arrayValue != nil && document.root["name"] == nil
    }

    public func loadIndex(_ document: JSONDocument, file: String) -> (SpecIndex?, [InputError]) {
        var reader = NodeReader(file: file)
        guard reader.expectObject(document.root, "an index file") else { return (nil, reader.errors) }
        var entries: [SpecIndex.Entry] = []
        if let version = document.root["version"] { _ = reader.string(version, "version") }
        if let components = reader.array(document.root["components"]!, "components") {
            for item in components where reader.expectObject(item, "an index entry") {
                guard let nameNode = item["name"] else {
                    reader.error(item, "index entry is missing \"name\"")
                    continue
                }
                if let name = reader.string(nameNode, "name") {
                    entries.append(.init(name: name, location: SourceLocation(file: file, nameNode.position)))
                }
            }
        }
        return reader.errors.isEmpty ? (SpecIndex(file: file, entries: entries), []) : (nil, reader.errors)
    }

    public func loadSpec(_ document: JSONDocument, file: String) -> SpecLoadResult {
        var reader = NodeReader(file: file, rules: rules)
        let root = document.root
        guard reader.expectObject(root, "a component spec") else { return SpecLoadResult(errors: reader.errors) }
        guard let nameNode = root["name"] else {
            reader.error(root, "spec is missing the required key \"name\"")
            return SpecLoadResult(errors: reader.errors)
        }
        let name = reader.string(nameNode, "name") ?? ""
        var spec = ComponentSpec(file: file, name: name, location: SourceLocation(file: file, nameNode.position))
        if let node = root["description"] { spec.description = reader.string(node, "description") }
        if let node = root["import"] { spec.importLine = reader.string(node, "import") }
        if let node = root["tags"], let items = reader.array(node, "tags") {
            spec.tags = items.compactMap { reader.string($0, "a tag") }
        }
        if let node = root["properties"], let items = reader.array(node, "properties") {
            for item in items where reader.expectObject(item, "a property") {
                for key in ["name", "type", "description"] { if let v = item[key] { _ = reader.string(v, key) } }
            }
        }
        var usageNode: JSONNode?
        if let node = root["usage"], reader.string(node, "usage") != nil { usageNode = node; spec.usage = node.stringValue }

        let a11y = root["a11y"]
        if let a11y { spec.hasA11yBlock = reader.expectObject(a11y, "the \"a11y\" block") }
        let block = spec.hasA11yBlock ? a11y : nil

        readKind(block, into: &spec, reader: &reader)
        if let lang = block?["lang"] { spec.lang = reader.string(lang, "lang") }
        if let strings = block?["strings"] {
            spec.stringsPath = reader.string(strings, "strings")
            spec.stringsLocation = SourceLocation(file: file, strings.position)
        }
        let definition = spec.definition
        // A spec of no known kind may use any kind's keys.
        let blockKeys = definition.map(\.blockKeys) ?? Kinds.all.flatMap(\.blockKeys)
        if let block { reader.unknownKeys(block, known: SpecKeys.a11y + blockKeys, context: "a11y") }
        if let definition { spec.geometry = definition.defaultGeometry }
        if let geometry = block?["geometry"] {
            reader.readGeometry(geometry, keys: definition?.geometryKeys ?? SpecKeys.geometry, into: &spec.geometry)
        }
        if let group = block?["group"], blockKeys.contains("group") { readGroup(group, into: &spec, reader: &reader) }
        if let size = block?["size"], blockKeys.contains("size") { spec.size = readSize(size, reader: &reader) }
        if let pairs = block?["pairs"], blockKeys.contains("pairs") { spec.pairs = readPairs(pairs, reader: &reader) }
        if let typography = block?["typography"] { readTypography(typography, into: &spec.typography, reader: &reader) }
        if let accessibility = block?["accessibility"] {
            spec.accessibility = readAccessibility(accessibility, reader: &reader)
        }
        let declaredThemes = block?["themes"].map {
            readThemes($0, roles: definition.map(\.colorRoles) ?? SpecKeys.colorRoles,
                       fallback: definition?.usesDefaultColorScheme ?? true, reader: &reader)
        }
        spec.themes = declaredThemes ?? []
        let themeless = declaredThemes == nil ? readThemelessColors(block, definition: definition, reader: &reader) : nil
        if let themeless { spec.themes = [themeless] }
        if let sources = block?["colorSources"] { spec.colorSources = readColorSources(sources, reader: &reader) }
        if let suppress = block?["suppress"] { spec.suppressions = readSuppressions(suppress, reader: &reader) }

        if let variantsNode = block?["variants"] {
            spec.variants = readVariants(variantsNode, spec: spec, reader: &reader)
        } else if let kind = spec.kind {
            spec.variants = deriveVariants(kind: kind, usageNode: usageNode, document: document, file: file)
        }
        if declaredThemes == nil, themeless == nil { assignPresetThemes(&spec) }
        uniquifyVariantNames(&spec.variants)

        // The last of repeated keys is the one read: the others are said, not dropped in silence.
        for duplicate in document.duplicateKeys {
            reader.findings.append(rules.finding(
                ModelRuleID.duplicateKey, fallback: .warning,
                ["key": duplicate.key, "line": String(duplicate.first.line), "column": String(duplicate.first.column)],
                location: SourceLocation(file: file, duplicate.repeated), component: spec.name))
        }
        // A spec that did not load is an input error: what kind it might be is no news then.
        let findings = reader.errors.isEmpty ? reader.findings : reader.findings.filter { $0.rule != ModelRuleID.unknownKind }
        return SpecLoadResult(spec: reader.errors.isEmpty ? spec : nil, findings: findings, errors: reader.errors)
    }

    // MARK: - kind

    private func readKind(_ block: JSONNode?, into spec: inout ComponentSpec, reader: inout NodeReader) {
        if let kindNode = block?["kind"] {
            guard let kindText = reader.string(kindNode, "kind") else { return }
            if let kind = ComponentKind(rawValue: kindText) {
                spec.kind = kind
            } else {
                // A misspelt kind would otherwise pass with no component rule run.
                let kinds = ComponentKind.allCases.map(\.rawValue)
                reader.badEnum(kindNode, "kind", kindText, kinds)
            }
            return
        }
        if let kind = Kinds.infer(name: spec.name, tags: spec.tags) {
            spec.kind = kind
            spec.kindWasInferred = true
        } else {
            reader.findings.append(rules.finding(
                ModelRuleID.unknownKind, fallback: .note, message: "notInferred", ["component": spec.name],
                location: spec.location, component: spec.name))
        }
    }

    // MARK: - kind-specific blocks

    private func readGroup(_ node: JSONNode, into spec: inout ComponentSpec, reader: inout NodeReader) {
        guard reader.expectObject(node, "\"group\"") else { return }
        reader.unknownKeys(node, known: ["label"], context: "group")
        spec.groupLocation = SourceLocation(file: reader.file, node.position)
        if let label = node["label"] { spec.groupLabel = label.isNull ? nil : reader.string(label, "label") }
    }

    private func readSize(_ node: JSONNode, reader: inout NodeReader) -> ComponentSize? {
        guard reader.expectObject(node, "\"size\"") else { return nil }
        reader.unknownKeys(node, known: ["width", "height"], context: "size")
        guard let w = node["width"], let h = node["height"] else {
            reader.error(node, "\"size\" needs \"width\" and \"height\"")
            return nil
        }
        guard let width = reader.nonNegative(w, "width"), let height = reader.nonNegative(h, "height") else { return nil }
        return ComponentSize(width: width, height: height)
    }

    private func readPairs(_ node: JSONNode, reader: inout NodeReader) -> [DeclaredColorPair] {
        guard let items = reader.array(node, "pairs") else { return [] }
        var pairs: [DeclaredColorPair] = []
        for item in items where reader.expectObject(item, "a colour pair") {
            reader.unknownKeys(item, known: ["foreground", "background", "role"], context: "pairs")
            guard let fg = item["foreground"].flatMap({ reader.string($0, "foreground") }),
                  let bg = item["background"].flatMap({ reader.string($0, "background") }) else {
                if item["foreground"] == nil || item["background"] == nil {
                    reader.error(item, "a colour pair needs \"foreground\" and \"background\"")
                }
                continue
            }
            var role = DeclaredColorPair.Role.nontext
            if let r = item["role"] { role = reader.enumValue(r, "role", DeclaredColorPair.Role.self) ?? role }
            pairs.append(DeclaredColorPair(foreground: fg, background: bg, role: role,
                                           location: SourceLocation(file: reader.file, item.position)))
        }
        return pairs
    }

    // MARK: - typography (geometry: `GeometryKeys`)

    private func readTypography(_ node: JSONNode, into typography: inout Typography, reader: inout NodeReader) {
        guard reader.expectObject(node, "\"typography\"") else { return }
        reader.unknownKeys(node, known: SpecKeys.typography, context: "typography")
        if let v = node["font"] {
            typography.font = reader.string(v, "font")
            typography.fontLocation = SourceLocation(file: reader.file, v.position)
        }
        if let v = node["fallback"], let items = reader.array(v, "fallback") {
            typography.fallback = items.compactMap { reader.string($0, "a fallback font") }
        }
        if let v = node["size"].flatMap({ reader.fontSize($0, "size") }) { typography.size = v }
        if let v = node["lineHeight"].flatMap({ reader.positive($0, "lineHeight") }) { typography.lineHeight = v }
        if let v = node["weight"] {
            if let w = reader.string(v, "weight") {
                if SpecKeys.weights.contains(w.lowercased()) || Int(w) != nil { typography.weight = w.lowercased() } else {
                    reader.badEnum(v, "weight", w, SpecKeys.weights)
                }
            }
        }
        if let v = node["textStyle"], let s = reader.string(v, "textStyle") { typography.textStyle = s }
        if let v = node["maxLines"] {
            if let d = reader.number(v, "maxLines") {
                if d >= 0, d == d.rounded(), d < 10_000 { typography.maxLines = Int(d) } else {
                    reader.error(v, "\"maxLines\" must be a whole number ≥ 0, got \(JSONOutput.format(d))")
                }
            }
        }
    }

    // MARK: - accessibility

    private func readAccessibility(_ node: JSONNode, reader: inout NodeReader) -> AccessibilityOverride {
        var result = AccessibilityOverride()
        guard reader.expectObject(node, "\"accessibility\"") else { return result }
        reader.unknownKeys(node, known: SpecKeys.accessibility, context: "accessibility")
        func optionalString(_ key: String) -> Override<String> {
            guard let v = node[key] else { return .inherit }
            if v.isNull { return .null }
            return reader.string(v, key).map(Override.value) ?? .inherit
        }
        result.label = optionalString("label")
        result.value = optionalString("value")
        if let v = node["traits"] {
            if v.isNull { result.traits = .null } else if let items = reader.array(v, "traits") {
                result.traits = .value(items.compactMap { reader.string($0, "a trait") })
            }
        }
        return result
    }

    // MARK: - themes and colors

    /// `roles`: the colour roles the kind knows (nil: any). `fallback`: roles a theme does
    /// not set take the `default` colour scheme's colours (the checkbox's).
    private func readThemes(_ node: JSONNode, roles: [String]?, fallback useFallback: Bool,
                            reader: inout NodeReader) -> [Theme] {
        guard reader.expectObject(node, "\"themes\"") else { return [] }
        let fallback = useFallback ? presets["default"]?.themes.first : nil
        var themes: [Theme] = []
        // The themes of a spec mostly repeat one another's roles: an unknown one's hint is
        // looked for once.
        var hints: [String: String] = [:]
        for member in node.objectMembers ?? [] {
            let themeNode = member.value
            guard reader.expectObject(themeNode, "theme \"\(member.key)\"") else { continue }
            reader.unknownKeys(themeNode, known: SpecKeys.theme, context: "theme \"\(member.key)\"")
            themes.append(readTheme(themeNode, name: member.key, roles: roles, fallback: fallback, reader: &reader,
                                    location: SourceLocation(file: reader.file, member.keyPosition), hints: &hints))
        }
        return themes
    }

    /// One theme's `background`, `backdrop` and `colors` (in `node`: a theme, or the `a11y`
    /// block of a spec without `themes`).
    private func readTheme(_ node: JSONNode, name: String, roles: [String]?, fallback: Theme?,
                           reader: inout NodeReader, location: SourceLocation, hints: inout [String: String]) -> Theme {
        var background = ThemeColor(color: .white)
        if let bg = node["background"], let color = reader.color(bg, "background") { background = color }
        let backdrop = node["backdrop"].flatMap { reader.color($0, "backdrop") }
        if let backdrop, backdrop.reference == nil, !backdrop.color.isOpaque {
            reader.error(node["backdrop"]!, "\"backdrop\" must be an opaque color, got \(backdrop.color.hexString)")
        }
        // A reference's alpha is known once it is resolved (translucent-backdrop then).
        if background.reference == nil, !background.color.isOpaque, backdrop == nil {
            reader.error(node["background"]!, "background \(background.color.hexString) is translucent: add an opaque \"backdrop\" that it lies on")
        }
        // Roles the theme does not set keep the component's built-in default colors.
        var colors = fallback?.colors ?? [:]
        if let colorsNode = node["colors"], reader.expectObject(colorsNode, "\"colors\"") {
            colors.reserveCapacity(colors.count + (colorsNode.objectMembers?.count ?? 0))
            for role in colorsNode.objectMembers ?? [] {
                if let roles, !roles.contains(role.key) {
                    let hint = hints[role.key] ?? Suggestions.hint(for: role.key, in: roles)
                    hints[role.key] = hint
                    reader.finding(ModelRuleID.unknownKey, .warning, role.value, message: "colorRole",
                                   ["role": role.key, "theme": name, "hint": hint], keyPosition: role.keyPosition)
                }
                if let color = reader.color(role.value, role.key) { colors[role.key] = color }
            }
        }
        return Theme(name: name, background: background, backdrop: backdrop, colors: colors, location: location)
    }

    /// `a11y.colors` (with `background`, `backdrop`) in a spec without `themes`: one theme `default`.
    private func readThemelessColors(_ block: JSONNode?, definition: (any KindDefinition)?,
                                     reader: inout NodeReader) -> Theme? {
        guard let block, let colors = block["colors"] else { return nil }
        let fallback = definition?.usesDefaultColorScheme ?? true ? presets["default"]?.themes.first : nil
        var hints: [String: String] = [:]
        return readTheme(block, name: "default", roles: definition.map(\.colorRoles) ?? SpecKeys.colorRoles,
                         fallback: fallback, reader: &reader, location: SourceLocation(file: reader.file, colors.position),
                         hints: &hints)
    }

    /// `a11y.colorSources`: `tokens` (a resolver document, or token files) and `assetCatalogs`.
    private func readColorSources(_ node: JSONNode, reader: inout NodeReader) -> SpecColorSources? {
        guard reader.expectObject(node, "\"colorSources\"") else { return nil }
        reader.unknownKeys(node, known: SpecKeys.colorSources, context: "colorSources")
        var sources = SpecColorSources(location: SourceLocation(file: reader.file, node.position))
        if let tokens = node["tokens"] {
            if tokens.stringValue != nil {
                sources.tokens = reader.string(tokens, "tokens").map { [$0] } ?? []
            } else if let items = reader.array(tokens, "tokens") {
                sources.tokens = items.compactMap { reader.string($0, "a token file") }
                sources.tokensIsList = true
            }
        }
        if let catalogs = node["assetCatalogs"], let items = reader.array(catalogs, "assetCatalogs") {
            sources.assetCatalogs = items.compactMap { reader.string($0, "an asset catalog") }
        }
        return sources
    }

    /// With no declared themes: every variant gets the themes of its `colorScheme`
    /// preset, `default` when it names none.
    func assignPresetThemes(_ spec: inout ComponentSpec) {
        var used: [String] = []
        for i in spec.variants.indices {
            let name = spec.variants[i].colorScheme.flatMap { presets[$0] != nil ? $0 : nil } ?? "default"
            if !used.contains(name) { used.append(name) }
            spec.variants[i].themes = presets[name]?.themes.map(\.name) ?? []
        }
        if used.isEmpty { used = ["default"] }
        spec.themes = used.flatMap { presets[$0]?.themes ?? [] }
        if spec.themes.isEmpty {
            // No preset data at all: still lint against plain white.
            spec.themes = [Theme(name: "default/light", background: ThemeColor(color: .white), colors: [:])]
        }
    }

    // MARK: - variants

    private func readVariants(_ node: JSONNode, spec: ComponentSpec, reader: inout NodeReader) -> [Variant] {
        guard let items = reader.array(node, "variants") else { return [] }
        let themeNames = spec.themes.map(\.name)
        let definition = spec.definition
        let keys = definition?.variantKeys ?? SpecKeys.variant
        // Which of the kind-specific keys the kind has, looked up once for all its variants.
        let readsShape = keys.contains("shape"), readsChecked = keys.contains("isChecked")
        let readsSize = keys.contains("size"), readsColors = keys.contains("colors")
        var variants: [Variant] = []
        for (index, item) in items.enumerated() {
            guard reader.expectObject(item, "a variant") else { continue }
            reader.unknownKeys(item, known: keys, context: "variant")
            var v = Variant(name: "variant-\(index + 1)", location: SourceLocation(file: reader.file, item.position), origin: .declared)
            if let n = item["name"], let s = reader.string(n, "name") { v.name = s }
            if let t = item["text"] { v.text = t.isNull ? nil : reader.string(t, "text") }
            if let l = item["lang"] { v.lang = reader.string(l, "lang") }
            if let k = item["textKey"] {
                v.textKey = reader.string(k, "textKey")
                v.textKeyLocation = SourceLocation(file: reader.file, k.position)
                if spec.stringsPath == nil {
                    reader.error(k, "\"textKey\" needs a String Catalog: add \"a11y\": {\"strings\": \"Localizable.xcstrings\"}")
                }
            }
            if item["name"] == nil, let text = v.visibleText { v.name = VariantNaming.slug(text) }
            if readsShape, let s = item["shape"] {
                v.shape = reader.enumValue(s, "shape", CheckboxShape.self) ?? v.shape
            }
            if readsChecked, let c = item["isChecked"] {
                if let b = c.boolValue { v.checkState = b ? .checked : .unchecked } else if let s = c.stringValue {
                    if s == CheckState.indeterminate.rawValue, definition?.allowsIndeterminate == false {
                        reader.error(c, "a \(definition!.kind.rawValue) has no indeterminate state: \"isChecked\" must be true or false")
                    } else if let state = CheckState(rawValue: s) { v.checkState = state } else {
                        reader.badEnum(c, "isChecked", s, ["indeterminate"], extra: ", true or false")
                    }
                } else {
                    reader.error(c, "\"isChecked\" must be true, false or \"indeterminate\", got \(c.typeName)")
                }
            }
            if let b = item["isEnabled"].flatMap({ reader.bool($0, "isEnabled") }) { v.isEnabled = b }
            if let b = item["isError"].flatMap({ reader.bool($0, "isError") }) { v.isError = b }
            if let e = item["errorText"] { v.errorText = e.isNull ? nil : reader.string(e, "errorText") }
            if let b = item["isReadOnly"].flatMap({ reader.bool($0, "isReadOnly") }) { v.isReadOnly = b }
            if let l = item["layout"] { v.layout = reader.enumValue(l, "layout", LayoutOrder.self) ?? v.layout }
            if let d = item["layoutDirection"] { v.direction = reader.enumValue(d, "layoutDirection", LayoutDirection.self) ?? v.direction }
            if let w = item["width"].flatMap({ reader.positive($0, "width") }) { v.width = w }
            if let c = item["contentSize"] { v.contentSize = reader.enumValue(c, "contentSize", ContentSize.self, caseInsensitive: true) ?? v.contentSize }
            if let t = item["themes"], let list = reader.array(t, "themes") {
                var names: [String] = []
                for entry in list {
                    guard let name = reader.string(entry, "a theme name") else { continue }
                    if !spec.themes.isEmpty, !themeNames.contains(name) {
                        reader.error(entry, "unknown theme '\(name)'" + Suggestions.hint(for: name, in: themeNames))
                    }
                    names.append(name)
                }
                v.themes = names
            }
            if let a = item["accessibility"] { v.accessibility = readAccessibility(a, reader: &reader) }
            if readsSize, let size = item["size"] { v.size = readSize(size, reader: &reader) }
            if readsColors, let colors = item["colors"], reader.expectObject(colors, "\"colors\"") {
                for role in colors.objectMembers ?? [] {
                    if let color = reader.color(role.value, role.key) { v.colors[role.key] = color }
                }
            }
            variants.append(v)
        }
        return variants
    }

    private func deriveVariants(kind: ComponentKind, usageNode: JSONNode?, document: JSONDocument,
                                file: String) -> [Variant] {
        let location = SourceLocation(file: file, document.root["name"]?.position ?? document.root.position)
        if let usageNode, let usage = usageNode.stringValue {
            let source = SwiftSource(usage)
            let derived = usageReader.variants(in: source, file: file, context: .specUsage, kind: kind) { offset in
                let scalarIndex = source.scalarIndex(atOffset: offset)
                let position = document.sourcePosition(inString: usageNode, decodedScalarIndex: scalarIndex) ?? usageNode.position
                return SourceLocation(file: file, position)
            }
            if !derived.isEmpty { return derived }
        }
        return VariantNaming.defaultSet(for: kind, location: location)
    }

    func uniquifyVariantNames(_ variants: inout [Variant]) {
        guard variants.count > 1 else { return }
        if variants.count <= 16 {
            // A spec's few variants are compared pairwise: no table is built and no name hashed.
            let names = variants.map(\.name)
            for later in 1..<names.count {
                var count = 1
                for earlier in 0..<later where names[earlier] == names[later] { count += 1 }
                if count > 1 { variants[later].name = "\(names[later])-\(count)" }
            }
            return
        }
        var seen: [String: Int] = [:]
        for i in variants.indices {
            let base = variants[i].name
            let count = seen[base, default: 0] + 1
            seen[base] = count
            if count > 1 { variants[i].name = "\(base)-\(count)" }
        }
    }

    // MARK: - suppressions

    private func readSuppressions(_ node: JSONNode, reader: inout NodeReader) -> [SpecSuppression] {
        guard let items = reader.array(node, "suppress") else { return [] }
        var result: [SpecSuppression] = []
        for item in items where reader.expectObject(item, "a suppression") {
            reader.unknownKeys(item, known: SpecKeys.suppression, context: "suppress")
            guard let ruleNode = item["rule"], let rule = reader.string(ruleNode, "rule") else {
                if item["rule"] == nil { reader.error(item, "a suppression needs \"rule\"") }
                continue
            }
            guard let reasonNode = item["reason"], let reason = reader.string(reasonNode, "reason"),
                  !reason.allSatisfy(\.isWhitespace) else {
                reader.error(item["reason"] ?? item, "a suppression needs a non-empty \"reason\" saying why the finding is acceptable")
                continue
            }
            let variant = item["variant"].flatMap { reader.string($0, "variant") }
            let theme = item["theme"].flatMap { reader.string($0, "theme") }
            result.append(SpecSuppression(rule: rule, variant: variant, theme: theme, reason: reason,
                                          location: SourceLocation(file: reader.file, item.position)))
        }
        return result
    }
}

/// Variants a spec leaves unnamed or undeclared: the names they get, and a kind's default set.
public enum VariantNaming {
    /// "Accept terms" → "accept-terms".
    public static func slug(_ text: String) -> String {
        var out = ""
        var pendingDash = false
        for scalar in text.lowercased().unicodeScalars {
            if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                if pendingDash, !out.isEmpty { out += "-" }
                pendingDash = false
                out.unicodeScalars.append(scalar)
            } else {
                pendingDash = true
            }
            if out.unicodeScalars.count >= 40 { break }
        }
        return out.isEmpty ? "variant" : out
    }

    /// A name for a derived variant: its text's slug, else its shape and state.
    public static func name(for variant: Variant) -> String {
        if let text = variant.visibleText { return slug(text) }
        var name = "\(variant.shape.rawValue)-\(variant.checkState.rawValue)"
        if !variant.isEnabled { name += "-disabled" }
        return name
    }

    /// A kind's variants when the spec declares none: the text "Label", enabled and
    /// disabled, and for kinds with a state, off and on (a button or a generic component
    /// has no checked state).
    public static func defaultSet(for kind: ComponentKind, location: SourceLocation) -> [Variant] {
        guard !Kinds.definition(kind).hasState else { return defaultSet(location: location) }
        return [true, false].map { enabled in
            var v = Variant(name: enabled ? "label" : "label-disabled", location: location, origin: .defaults)
            v.text = "Label"
            v.isEnabled = enabled
            return v
        }
    }

    /// With neither `variants` nor usable `usage`: "Label", unchecked and checked,
    /// enabled and disabled.
    public static func defaultSet(location: SourceLocation) -> [Variant] {
        var result: [Variant] = []
        for enabled in [true, false] {
            for checked in [CheckState.unchecked, .checked] {
                var v = Variant(name: "", location: location, origin: .defaults)
                v.text = "Label"
                v.checkState = checked
                v.isEnabled = enabled
                v.name = "label-\(checked.rawValue)" + (enabled ? "" : "-disabled")
                result.append(v)
            }
        }
        return result
    }
}

extension SpecLoader {
    /// Checkbox variants configured in a Swift file, one spec per component the
    /// calls belong to (`CheckboxView` for `configure(`, `OUDSCheckboxItem`, …),
    /// with default geometry and the color scheme each call names (or the call's
    /// default scheme).
    public func swiftFileSpecs(_ source: SwiftSource, file: String, literals: LiteralOffsets? = nil) -> [ComponentSpec] {
        let calls = usageReader.derivedCalls(in: source, file: file, context: .swiftFile, literals: literals) { offset in
            let p = source.position(atOffset: offset)
            return SourceLocation(file: file, line: p.line, column: p.column)
        }
        var order: [ComponentCall] = []
        var groups: [String: [Variant]] = [:]
        for call in calls {
            if groups[call.call.component] == nil { order.append(call.call) }
            groups[call.call.component, default: []].append(call.variant)
        }
        return order.map { call in
            let variants = groups[call.component]!
            var spec = ComponentSpec(file: file, name: call.component, location: variants[0].location)
            spec.kind = call.kind
            spec.geometry = call.geometry
            // A group in app code is labelled by the code around the items, which a call does
            // not show: only specs are asked for `group.label`.
            spec.groupLabel = UsageVariantReader.dynamicValue
            spec.variants = variants
            assignPresetThemes(&spec)
            uniquifyVariantNames(&spec.variants)
            return spec
        }
    }
}
