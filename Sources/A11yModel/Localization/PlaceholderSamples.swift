/// The sample values a label's format placeholders are laid out with: a key such as
/// `"%lld items"` is never drawn as its literal placeholder.
///
/// Numbers take, per plural form, the widest realistic value of that form (digits are
/// equally wide in most UI fonts, so the one with the most digits): `zero` 0, `one` 1,
/// `two` 2, `few` 4 (24 in Russian, Ukrainian, Belarusian, Polish, Croatian, Serbian and
/// Bosnian, 29 in Lithuanian, 10 in Arabic), `many` 11 (25 in Russian, Ukrainian,
/// Belarusian and Polish, 99 in Arabic, 1000000 in French, Spanish, Italian, Portuguese and
/// Catalan), `other` and a text without plural forms 88 (100 in Arabic). Decimals (`%f`,
/// `%.1f`) are that number with its digits after the point (6 when unstated) as 8s, or 0s
/// for `zero`, `one` and `two`; strings (`%@`, `%s`) are "Alexandra"; `%c` is "W";
/// `%%` is "%". Positional placeholders (`%1$@`, `%2$lld`) take the same values.
public enum PlaceholderSamples {
    public static let string = "Alexandra"

    /// The number `category` shows in `language`.
    public static func number(category: String?, language: String) -> String {
        let base = language.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init)?.lowercased() ?? ""
        switch category {
        case "zero": return "0"
        case "one": return "1"
        case "two": return "2"
        case "few":
            if ["ru", "uk", "be", "pl", "hr", "sr", "bs"].contains(base) { return "24" }
            if base == "lt" { return "29" }
            return base == "ar" ? "10" : "4"
        case "many":
            if ["ru", "uk", "be", "pl"].contains(base) { return "25" }
            if base == "ar" { return "99" }
            return ["fr", "es", "it", "pt", "ca"].contains(base) ? "1000000" : "11"
        default: return base == "ar" ? "100" : "88"
        }
    }

    /// `text` with every format placeholder replaced by its sample value.
    public static func apply(to text: String, category: String?, language: String) -> String {
        guard text.contains("%") else { return text }
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        while i < scalars.count {
            guard scalars[i] == "%", let (end, sample) = placeholder(scalars, at: i, category: category, language: language) else {
                out.append(scalars[i])
                i += 1
                continue
            }
            out.append(contentsOf: sample.unicodeScalars)
            i = end
        }
        return String(out)
    }

    /// The placeholder starting at `start` (a `%`): where it ends and its sample; nil when
    /// the `%` starts no placeholder (it is then drawn as written).
    static func placeholder(_ s: [Unicode.Scalar], at start: Int, category: String?, language: String) -> (Int, String)? {
        var i = start + 1
        func digits() -> String {
            var d = ""
            while i < s.count, s[i].properties.numericType != nil, s[i].isASCII { d.unicodeScalars.append(s[i]); i += 1 }
            return d
        }
        guard i < s.count else { return nil }
        if s[i] == "%" { return (i + 1, "%") }
        if s[i] == "#", i + 1 < s.count, s[i + 1] == "@" {
            // A substitution the catalogue does not define: its number.
            guard let close = s[(i + 2)...].firstIndex(of: "@") else { return nil }
            return (close + 1, number(category: category, language: language))
        }
        let position = digits()
        if !position.isEmpty {
            if i < s.count, s[i] == "$" { i += 1 } else { i = start + 1 }
        }
        while i < s.count, "-+0#".unicodeScalars.contains(s[i]) { i += 1 }
        _ = digits()
        var precision: Int?
        if i < s.count, s[i] == "." { i += 1; precision = Int(digits()) ?? 0 }
        while i < s.count, "hlqLzjt".unicodeScalars.contains(s[i]) { i += 1 }
        guard i < s.count else { return nil }
        let number = self.number(category: category, language: language)
        switch s[i] {
        case "d", "i", "u", "D", "U", "o", "O", "x", "X": return (i + 1, number)
        case "f", "F", "e", "E", "g", "G", "a", "A":
            let places = precision ?? 6
            let fill: String = ["zero", "one", "two"].contains(category ?? "") ? "0" : "8"
            return (i + 1, places == 0 ? number : number + "." + String(repeating: fill, count: places))
        case "@", "s", "S": return (i + 1, string)
        case "c", "C": return (i + 1, "W")
        default: return nil
        }
    }
}
