import A11yJSON

/// One localization of a String Catalog key, read whole: a plain `stringUnit`, `variations`
/// by `device` and by `plural` (nested in either order), and `substitutions` (`%#@name@`,
/// each varying by number).
///
/// Devices: the `iphone` variation, else `other`, else the first by name (a11ylint checks
/// the iPhone text, as docs/spec-format.md says). Plural forms come out in CLDR order; a text with
/// several plural substitutions has one form per category any of them has, each substitution
/// taking its form of that category (else its `other`).
enum XCStringsLocalization {
    static func entry(_ localization: JSONNode) -> StringCatalog.Entry? {
        guard var forms = forms(localization), !forms.isEmpty else { return nil }
        forms = substituted(forms, localization["substitutions"]?.objectMembers ?? [])
        let state = forms.first { $0.state != "translated" }?.state ?? forms[0].state
        guard forms.count > 1 || !forms[0].category.isEmpty else {
            return StringCatalog.Entry(value: forms[0].value, state: state)
        }
        forms.sort(by: StringCatalog.PluralForm.order)
        let other = forms.last { $0.category == "other" } ?? forms[forms.count - 1]
        return StringCatalog.Entry(value: other.value, state: state, forms: forms)
    }

    /// The node's text(s): one form with no category for a plain text.
    static func forms(_ node: JSONNode) -> [StringCatalog.PluralForm]? {
        if let unit = node["stringUnit"], let value = unit["value"]?.stringValue {
            return [StringCatalog.PluralForm(category: "", value: value, state: unit["state"]?.stringValue ?? "translated")]
        }
        guard let variations = node["variations"] else { return nil }
        if let devices = variations["device"]?.objectMembers, !devices.isEmpty {
            let chosen = devices.last { $0.key == "iphone" } ?? devices.last { $0.key == "other" }
                ?? devices.min { $0.key < $1.key }!
            return forms(chosen.value)
        }
        guard let plural = variations["plural"]?.objectMembers else { return nil }
        var result: [StringCatalog.PluralForm] = []
        for member in plural {
            // A form may itself vary by device; its text is the one chosen there.
            guard let inner = forms(member.value)?.first else { continue }
            result.removeAll { $0.category == member.key }
            result.append(StringCatalog.PluralForm(category: member.key, value: inner.value, state: inner.state))
        }
        return result.isEmpty ? nil : result
    }

    /// `forms` with each `%#@name@` replaced by the substitution's form of the same plural
    /// category (its `%arg` becoming the substitution's format specifier).
    static func substituted(_ forms: [StringCatalog.PluralForm], _ substitutions: [JSONMember]) -> [StringCatalog.PluralForm] {
        guard !substitutions.isEmpty else { return forms }
        var table: [(name: String, forms: [StringCatalog.PluralForm])] = []
        for member in substitutions {
            guard let own = self.forms(member.value) else { continue }
            let specifier = "%" + (member.value["formatSpecifier"]?.stringValue ?? "lld")
            table.append((member.key, own.map { form in
                var form = form
                form.value = form.value.replacingOccurrences(of: "%arg", with: specifier)
                return form
            }))
        }
        let categories = StringCatalog.PluralForm.categories.filter { category in
            table.contains { $0.forms.contains { $0.category == category } }
        } + Set(table.flatMap { $0.forms.map(\.category) }).subtracting(StringCatalog.PluralForm.categories + [""]).sorted()
        var result: [StringCatalog.PluralForm] = []
        for base in forms {
            let wanted = base.category.isEmpty ? (categories.isEmpty ? [""] : categories) : [base.category]
            for category in wanted {
                var text = base.value
                var state = base.state
                for (name, options) in table {
                    guard let form = options.first(where: { $0.category == category })
                            ?? options.first(where: { $0.category == "other" }) ?? options.last else { continue }
                    text = text.replacingOccurrences(of: "%#@\(name)@", with: form.value)
                    if form.state != "translated" { state = form.state }
                }
                result.append(StringCatalog.PluralForm(category: category, value: text, state: state))
            }
        }
        return result
    }
}
