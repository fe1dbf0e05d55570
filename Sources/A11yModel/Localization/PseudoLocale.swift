/// Pseudo-localization: labels changed the way translation changes them, so clipping and
/// touch-target problems show before translations exist.
///
/// - `expanded`: the label grows by the share IBM's globalization guidelines give for text
///   of its length (short strings grow most; table below), with filler words appended
///   (`one two three …`, as Android's `en-XA` pseudo-locale does) so that line breaking
///   behaves as with real words, and the result bracketed so its ends show.
/// - `accented`: every ASCII letter replaced by an accented look-alike (same length): fonts
///   and fallback for Latin diacritics, and hard-coded strings that stay plain.
/// - `bidi`: each word forced right-to-left (U+202E … U+202C) after a right-to-left mark,
///   as Android's `ar-XB` does; the variant is also laid out right to left.
public enum PseudoLocale: String, Sendable, Hashable, CaseIterable {
    case expanded, accented, bidi

    /// Growth by label length in characters (IBM, "Guidelines to design global solutions":
    /// up to 10 characters 100–200 %, 11–20 80–100 %, 21–30 60–80 %, 31–50 40–60 %,
    /// 51–70 31–40 %, over 70 30 %). a11ylint takes the top of each band: a linter should
    /// find the clipping the longest translation would cause.
    public static let expansion: [(maxLength: Int, growth: Double)] = [
        (10, 2.0), (20, 1.0), (30, 0.8), (50, 0.6), (70, 0.4), (Int.max, 0.3),
    ]

    public static func growth(forLength length: Int) -> Double {
        expansion.first { length <= $0.maxLength }?.growth ?? 0.3
    }

    static let filler = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]

    /// The label as this pseudo-locale shows it.
    public func apply(to text: String) -> String {
        switch self {
        case .expanded: return Self.expand(text)
        case .accented: return Self.accent(text)
        case .bidi: return Self.bidi(text)
        }
    }

    static func expand(_ text: String) -> String {
        let length = text.count
        let target = length + Int((Double(length) * growth(forLength: length)).rounded(.up))
        var result = text
        var index = 0
        // The two brackets count toward the growth.
        while result.count + 2 < target {
            result += " " + filler[index % filler.count]
            index += 1
        }
        return "[" + result + "]"
    }

    static let accents: [Character: Character] = [
        "a": "á", "b": "ƀ", "c": "ç", "d": "ð", "e": "é", "f": "ƒ", "g": "ĝ", "h": "ĥ", "i": "î", "j": "ĵ",
        "k": "ķ", "l": "ļ", "m": "ɱ", "n": "ñ", "o": "ö", "p": "þ", "q": "ǫ", "r": "ŕ", "s": "š", "t": "ţ",
        "u": "û", "v": "ṽ", "w": "ŵ", "x": "ẋ", "y": "ý", "z": "ž",
        "A": "Å", "B": "Ɓ", "C": "Ç", "D": "Ð", "E": "É", "F": "Ƒ", "G": "Ĝ", "H": "Ĥ", "I": "Î", "J": "Ĵ",
        "K": "Ķ", "L": "Ļ", "M": "Ṁ", "N": "Ñ", "O": "Ö", "P": "Þ", "Q": "Ǫ", "R": "Ŕ", "S": "Š", "T": "Ţ",
        "U": "Û", "V": "Ṽ", "W": "Ŵ", "X": "Ẋ", "Y": "Ý", "Z": "Ž",
    ]

    static func accent(_ text: String) -> String {
        String(text.map { accents[$0] ?? $0 })
    }

    static func bidi(_ text: String) -> String {
        "\u{200F}" + text.split(separator: " ", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? "" : "\u{202E}" + $0 + "\u{202C}" }
            .joined(separator: " ")
    }
}

extension ComponentSpec {
    /// This spec with every variant's visible label as `locale` shows it (and, for `bidi`,
    /// laid out right to left, as a right-to-left locale is).
    public func pseudoLocalized(_ locale: PseudoLocale) -> ComponentSpec {
        var spec = self
        for index in spec.variants.indices {
            if let text = spec.variants[index].visibleText { spec.variants[index].text = locale.apply(to: text) }
            if locale == .bidi { spec.variants[index].direction = .rtl }
        }
        return spec
    }
}
