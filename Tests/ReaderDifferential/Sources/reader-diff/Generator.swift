import SwiftParser
import SwiftSyntax

/// SplitMix64: small, fast and the same on every platform, so a seed names a corpus.
struct SeededRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound`.
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// True with probability `percent`/100.
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }
}

/// Makes the generated corpus: files shaped like SwiftUI code (views, themes, previews,
/// button styles, helpers) that mix every construct the reader must get right — raw
/// strings of `#` depth 0–3 on one line and on many (`#"""#` included), nested
/// interpolations, escapes, line, nested block and doc comments, regex literals (`#/…/#`
/// and bare `/…/` where Swift reads one) next to division, `#if` blocks inside modifier
/// chains, multi-line chains, trailing and labeled trailing closures, ternaries, `??`.
///
/// Every file is checked with SwiftParser: a draft with syntax errors is made again from
/// another seed (and reported), so the corpus holds valid Swift only. File `index` depends
/// only on the corpus seed and `index`, so files can be made in any order, in parallel.
struct CorpusGenerator: Sendable {
    let seed: UInt64

    /// File `index` of the corpus, and the drafts rejected on the way to it.
    func file(_ index: Int) -> (text: String, rejected: [String]) {
        var rejected: [String] = []
        for attempt in 0... {
            var mixer = SeededRandom(seed: seed ^ (UInt64(index) &* 0xD1B5_4A32_D192_ED03)
                                         ^ (UInt64(attempt) &* 0x8CB9_2BA7_2F3D_8DD7))
            var writer = FileWriter(random: SeededRandom(seed: mixer.next()))
            let text = writer.file()
            if !Parser.parse(source: text).hasError { return (text, rejected) }
            rejected.append(text)
        }
        fatalError("unreachable")
    }
}

/// Writes one file. Indentation is four spaces per level; `indent` is the current level.
private struct FileWriter {
    var random: SeededRandom
    var indent = 0

    init(random: SeededRandom) { self.random = random }

    private var pad: String { String(repeating: "    ", count: indent) }
    private var innerPad: String { String(repeating: "    ", count: indent + 1) }

    // MARK: File and declarations

    mutating func file() -> String {
        var out = random.chance(70) ? "import SwiftUI\n\n" : "// Generated.\nimport SwiftUI\nimport Foundation\n\n"
        for _ in 0..<(2 + random.below(4)) {
            if random.chance(40) { out += comment(ownLine: true) + "\n" }
            switch random.below(6) {
            case 0, 1: out += view()
            case 2: out += theme()
            case 3: out += preview()
            case 4: out += buttonStyle()
            default: out += helpers()
            }
            out += "\n"
        }
        return out
    }

    private mutating func view() -> String {
        let name = random.pick(["Badge", "Profile", "Settings", "Row", "Banner", "Card"]) + "View"
        var out = pad + "struct \(name): View {\n"
        indent += 1
        out += pad + "let title: String\n"
        out += pad + "var count = \(random.below(10))\n"
        if random.chance(50) { out += pad + "let note = \(stringLiteral())\n" }
        if random.chance(40) { out += pad + "private let pattern = \(regexLiteral(bare: random.chance(50)))\n" }
        if random.chance(30) { out += pad + "@State private var flag = false\n" }
        out += "\n"
        out += docComment()
        out += pad + "var body: some View {\n"
        indent += 1
        out += pad + random.pick(["VStack", "ZStack", "List", "Group"]) + " {\n"
        indent += 1
        for _ in 0..<(1 + random.below(4)) { out += statement() }
        indent -= 1
        out += pad + "}\n"
        indent -= 1
        out += pad + "}\n"
        if random.chance(50) {
            out += "\n" + pad + "private func matches(_ s: String) -> Bool {\n"
            indent += 1
            out += helperBody()
            indent -= 1
            out += pad + "}\n"
        }
        indent -= 1
        out += pad + "}\n"
        return out
    }

    /// A theme: images, texts and strings as values.
    private mutating func theme() -> String {
        var out = pad + "enum \(random.pick(["Theme", "Brand", "Assets"])) {\n"
        indent += 1
        for index in 0..<(2 + random.below(4)) {
            if random.chance(30) { out += docComment() }
            switch random.below(5) {
            case 0: out += pad + "static let icon\(index) = \(chain())\n"
            case 1: out += pad + "static let title\(index) = \(stringLiteral())\n"
            case 2: out += pad + "static var label\(index): some View { \(chain(multiline: false)) }\n"
            case 3: out += pad + "static let check\(index) = \(regexLiteral(bare: random.chance(50)))\n"
            default: out += pad + "static let image\(index) = flag ? Image(\(stringLiteral())) : Image(systemName: \"star\")\n"
            }
        }
        indent -= 1
        return out + pad + "}\n"
    }

    private mutating func preview() -> String {
        var out = pad + (random.chance(50) ? "#Preview {\n" : "#Preview(\(stringLiteral(multiline: false))) {\n")
        indent += 1
        out += statement()
        indent -= 1
        return out + pad + "}\n"
    }

    private mutating func buttonStyle() -> String {
        var out = pad + "struct PillStyle: ButtonStyle {\n"
        indent += 1
        out += pad + "func makeBody(configuration: Configuration) -> some View {\n"
        indent += 1
        out += pad + "configuration.label" + modifiers() + "\n"
        indent -= 1
        out += pad + "}\n"
        indent -= 1
        return out + pad + "}\n"
    }

    /// Free functions with division, regex literals and strings.
    private mutating func helpers() -> String {
        var out = docComment()
        out += pad + "func helper\(random.below(100))(_ s: String, a: Double, b: Double, c: Double) -> Bool {\n"
        indent += 1
        out += helperBody()
        indent -= 1
        return out + pad + "}\n"
    }

    private mutating func helperBody() -> String {
        var out = ""
        for _ in 0..<(1 + random.below(4)) {
            switch random.below(9) {
            case 0: out += pad + "let q = \(division())\n"
            case 1: out += pad + "let r = \(regexLiteral(bare: true))\n"
            case 2: out += pad + "_ = s.firstMatch(of: \(regexLiteral(bare: random.chance(60))))\n"
            case 3: out += pad + "if s.contains(\(regexLiteral(bare: random.chance(60)))) { return true }\n"
            case 4: out += pad + "var x = a\n" + pad + "x /= 2 \(comment(ownLine: false))\n"
            case 5: out += pad + "let t = \(stringLiteral())\n"
            case 6: out += pad + "let u = s.isEmpty ? \(stringLiteral(multiline: false)) : s ?? \(stringLiteral(multiline: false))\n"
            case 7:
                // Regex literals after `[`, `,`, `?`, `:`, `??` and a prefix `!`.
                out += pad + "let rs = [/a/, #/b/#, " + regexLiteral(bare: true) + "]\n"
                out += pad + "let pick = flag ? /x/ : " + regexLiteral(bare: random.chance(50)) + "\n"
                out += pad + "let any = maybe ?? /y+/\n"
                if random.chance(30) { out += pad + "let none = !" + regexLiteral(bare: true) + ".isEmpty\n" }
            default: out += comment(ownLine: true) + "\n"
            }
        }
        out += pad + "return " + random.pick(["a / b > c", "s.wholeMatch(of: /[a-z]+/) != nil", "true",
                                               "(a + b) / 2 < c / a", "!s.isEmpty", "s.contains(/\\d/)",
                                               "a /= b / c"]) + "\n"
        return out
    }

    // MARK: Views

    /// One statement of a view builder.
    private mutating func statement() -> String {
        var out = ""
        if random.chance(25) { out += comment(ownLine: true) + "\n" }
        switch random.below(10) {
        case 0:
            out += pad + "if flag {\n"
            indent += 1
            out += pad + chain() + "\n"
            indent -= 1
            out += pad + "} else {\n"
            indent += 1
            out += pad + chain() + "\n"
            indent -= 1
            out += pad + "}\n"
        case 1:
            // A `#if` around whole statements, not inside a chain.
            out += "#if os(iOS)\n" + pad + chain() + "\n#else\n" + pad + chain() + "\n#endif\n"
        case 2:
            out += pad + "ForEach(items, id: \\.self) { item in\n"
            indent += 1
            out += pad + chain() + "\n"
            indent -= 1
            out += pad + "}\n"
        case 3:
            out += pad + "flag ? \(chain(multiline: false)) : \(chain(multiline: false))\n"
        case 4:
            out += pad + "Text(\(stringLiteral(multiline: false))) + Text(title ?? \(stringLiteral(multiline: false)))\n"
        default:
            out += pad + chain()
            if random.chance(30) { out += " " + comment(ownLine: false) }
            out += "\n"
        }
        return out
    }

    /// A view expression and its modifiers.
    private mutating func chain(multiline: Bool = true) -> String {
        var out = head()
        let allowMultiline = multiline && indent < 8
        let count = random.below(5)
        var afterDirective = false
        for _ in 0..<count {
            if allowMultiline, random.chance(15) {
                out += postfixIf()
                afterDirective = true
            } else if allowMultiline, afterDirective || random.chance(50) {
                // Nothing may follow `#endif` on its line.
                afterDirective = false
                if random.chance(15) { out += "\n" + innerPad + comment(ownLine: false) }
                out += "\n" + innerPad + modifier()
            } else {
                out += modifier()
            }
        }
        return out
    }

    /// A `#if … #elseif … #else … #endif` block of modifiers inside a chain.
    private mutating func postfixIf() -> String {
        var out = "\n#if " + random.pick(["os(iOS)", "DEBUG", "canImport(UIKit)", "os(macOS) || os(tvOS)"]) + "\n"
        out += innerPad + modifier()
        if random.chance(40) {
            out += "\n#elseif " + random.pick(["os(macOS)", "swift(>=5.9)", "targetEnvironment(simulator)"]) + "\n"
            out += innerPad + modifier()
        }
        if random.chance(50) {
            out += "\n#else\n" + innerPad + modifier()
            if random.chance(30) { out += "\n" + innerPad + modifier() }
        }
        out += "\n#endif"
        return out
    }

    private mutating func head() -> String {
        let nested = indent < 7 && random.chance(50)
        switch random.below(12) {
        case 0: return "Image(\(stringLiteral(multiline: false)))"
        case 1: return "Image(systemName: \(stringLiteral(multiline: false)))"
        case 2: return "SwiftUI.Image(decorative: \"bg\")"
        case 3: return "Text(\(stringLiteral()))"
        case 4: return "Text(verbatim: \(stringLiteral(multiline: false)))"
        case 5: return "Text(title ?? \(stringLiteral(multiline: false)))"
        case 6: return "Button(\(stringLiteral(multiline: false))) { count += 1 }"
        case 7: return "Button {\n" + closureBody(nested) + pad + "} label: {\n" + closureBody(nested) + pad + "}"
        case 8: return "Button(action: { flag.toggle() }) {\n" + closureBody(nested) + pad + "}"
        case 9: return "HStack {\n" + closureBody(nested) + pad + "}"
        case 10: return "HStack(spacing: \(random.below(20))) {\n" + closureBody(nested) + pad + "}"
        default: return "Label {\n" + closureBody(nested) + pad + "} icon: {\n" + closureBody(nested) + pad + "}"
        }
    }

    /// The lines of a closure holding views, one level in.
    private mutating func closureBody(_ nested: Bool) -> String {
        indent += 1
        var out = ""
        if nested {
            for _ in 0..<(1 + random.below(2)) { out += statement() }
        } else {
            out += pad + random.pick(["Image(\"x\")", "Text(\"Go\")", "EmptyView()", "Text(\"\\(count)\")"]) + "\n"
        }
        indent -= 1
        return out
    }

    private mutating func modifier() -> String {
        switch random.below(16) {
        case 0: return ".padding()"
        case 1: return ".accessibilityLabel(\(stringLiteral()))"
        case 2: return ".accessibilityLabel(title ?? \(stringLiteral(multiline: false)))"
        case 3: return ".foregroundColor(flag ? .red : .blue)"
        case 4: return ".frame(width: \(division()), height: 44)"
        case 5: return ".accessibilityHidden(true)"
        case 6: return ".font(.title)"
        case 7: return ".onTapGesture { count += 1 }"
        case 8: return ".overlay(alignment: .top) { Image(systemName: \"lock\") }"
        case 9: return ".background(Color.red.opacity(0.5))"
        case 10: return ".opacity(flag ? 1 : 0.5)"
        case 11: return ".accessibilityValue(Text(\"\\(count) of \\(total)\"))"
        case 12: return ".onChange(of: title) { old, new in flag = new.contains(\(regexLiteral(bare: random.chance(50)))) }"
        case 13: return ".tag(items[0])"
        case 14: return ".help(\(stringLiteral(multiline: false)))"
        default: return ".accessibilityAddTraits(.isButton)"
        }
    }

    private mutating func modifiers() -> String {
        var out = ""
        for _ in 0..<(1 + random.below(3)) {
            out += random.chance(50) ? "\n" + innerPad + modifier() : modifier()
        }
        return out
    }

    // MARK: Literals, comments, operators

    /// Division, never a regex: binary `/` after an operand.
    private mutating func division() -> String {
        random.pick(["a / b / c", "width / 2", "(a + b) / 2", "a/b", "size / 3 * 2", "a / b /* half */ / c",
                     "Double(count) / 4", "x / y / z", "a/b/c", "(a)/b", "sizes[0] / 2 / scale", "x! / 2",
                     "f() / g()", "(a / b) / (c / a)"])
    }

    /// A regex literal: bare `/…/` (only where Swift reads one: after `=`, `(`, `:`) or
    /// `#/…/#` with one to three `#`, sometimes extended over several lines.
    private mutating func regexLiteral(bare: Bool) -> String {
        if bare {
            return random.pick(["/[a-z]+/", "/x+/", "/\\d{2,}/", "/a\\/b/", "/(\\w+)@(\\w+)/", "/[\"']/",
                                "/\\(x\\)/", "/[\\/]/", "/a|b/", "/^#[0-9a-f]{6}$/"])
        }
        switch random.below(5) {
        case 0: return "#/a/b+/#"
        case 1: return "##/\"x\"/#y/##"
        case 2: return "###/[a-z]//##z/###"
        case 3: return "#/(?<year>\\d{4})-(?<month>\\d{2})/#"
        default:
            // Extended syntax: `#/` ends its line, `/#` starts one; `#` comments inside.
            return "#/\n" + innerPad + "(?<name> [a-z]+ ) # a name\n" + innerPad + "\\s* \" quote\n" + pad + "/#"
        }
    }

    /// A string literal, plain or raw with zero to three `#`, on one line or (when
    /// `multiline`) on several.
    private mutating func stringLiteral(multiline: Bool = true) -> String {
        let hashes = String(repeating: "#", count: random.chance(50) ? 0 : 1 + random.below(3))
        if multiline, random.chance(20) { return multilineLiteral(hashes: hashes) }
        if random.chance(8) {
            // `#"""#` and its kin: `"""` not followed by a line break opens no multi-line literal.
            return random.pick(["#\"\"\"#", "##\"\"\"##", "###\"\"\"###", "#\"\"\"\"#", "##\"\"\"\"\"##", "\"\"", "#\"\"#"])
        }
        var content = ""
        for _ in 0..<(1 + random.below(3)) { content += segment(hashes: hashes, multiline: false) }
        return hashes + "\"" + content + "\"" + hashes
    }

    private mutating func multilineLiteral(hashes: String) -> String {
        var out = hashes + "\"\"\"\n"
        let lines = 1 + random.below(3)
        for line in 0..<lines {
            out += innerPad
            for _ in 0..<(1 + random.below(3)) { out += segment(hashes: hashes, multiline: true) }
            // A `\` at the end of a line joins it with the next (raw: `\#`); not on the last.
            if line < lines - 1, random.chance(15) { out += "\\" + hashes }
            out += "\n"
        }
        return out + innerPad + "\"\"\"" + hashes
    }

    /// A piece of string content for a literal with `hashes`.
    private mutating func segment(hashes: String, multiline: Bool) -> String {
        let escape = "\\" + hashes
        switch random.below(12) {
        case 0: return "Hello, world"
        case 1: return "caf\u{E9} \u{1F600} "
        case 2: return escape + "n" + escape + "t" + escape + "\\" + escape + "\""
        case 3: return escape + "u{1F44D} "
        case 4: return escape + "(count)"
        case 5: return escape + "(a ? \"x\" : \"\\(b)\")"
        case 6: return escape + "(items.map { \"\\($0)\" }.joined(separator: \", \"))"
        case 7: return escape + "(a /* a comment */ + b)"
        case 8: return "// not a comment /* nor this */ "
        case 9:
            // Quotes and `#`s that do not close: fewer `#` than the literal's, or none.
            if hashes.isEmpty { return multiline ? "\"quoted\" and \"\" " : "\\\"quoted\\\" " }
            return "\"" + String(hashes.dropLast()) + " \\(not) \\n "
        case 10:
            // `"""` inside a multi-line literal: escaped unless the literal is raw.
            guard multiline else { return "/[a-z]/ " }
            return (hashes.isEmpty ? "\\\"\"\"" : "\"\"\"") + " "
        default: return escape + "(title ?? \"\\(count)\") "
        }
    }

    /// A comment: `//`, `///`, `/* */` (nested), `/** */`. `ownLine` puts it on a line of
    /// its own (with the indentation); else it goes at the end of a line, and the caller
    /// ends that line (a line comment must not swallow code).
    private mutating func comment(ownLine: Bool) -> String {
        let text = random.pick([
            "// plain \"not a string\" /* not a block", "/// doc with `code` and #\"raw\"#",
            "/* block /* nested */ still */", "/** doc block */", "/* \"quote\" // slash */",
            "//: playground style", "/*/ odd opener */", "// regex /x+/ here",
        ])
        return ownLine ? pad + text : text
    }

    private mutating func docComment() -> String {
        random.chance(50) ? pad + "/// Shows \\(things) with \"quotes\".\n" : ""
    }
}
