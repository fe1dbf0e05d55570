import A11yModel
import A11yColorSources
import A11yPattern
import A11ySwiftReader

/// A colour as SwiftUI code writes it, read as far as the code fixes it (`source-text-contrast`,
/// docs/rules.md): a literal, a reference into the asset catalogs or the system colour table
/// (resolved per appearance by `ColorResolver`, the one resolver specs use too), a faded colour,
/// or a ternary of two. Anything else (a gradient, a material, `.accentColor`, a parameter) is
/// not a `SwiftColor`: the parser returns nil and the pair is not measured.
indirect enum SwiftColor: Sendable, Hashable {
    case fixed(RGBA)
    case reference(ColorReference)
    case faded(SwiftColor, Double)
    case choice(condition: String, SwiftColor, SwiftColor)

    /// Fully transparent in every appearance (`.clear`, `x.opacity(0)`): look further out.
    var isClear: Bool {
        switch self {
        case .fixed(let rgba): return rgba.alpha <= 0
        case .reference: return false
        case .faded(let base, let alpha): return alpha <= 0 || base.isClear
        case .choice(_, let a, let b): return a.isClear && b.isClear
        }
    }

    /// Opaque for sure (in every appearance and branch): nothing further out shows through.
    /// A reference counts as opaque unless it resolves translucent (checked when measured).
    var isSolid: Bool {
        switch self {
        case .fixed(let rgba): return rgba.isOpaque
        case .reference: return true
        case .faded(_, let alpha): return alpha >= 1
        case .choice(_, let a, let b): return a.isSolid && b.isSolid
        }
    }

    /// Whether its value is the same in every appearance (no reference into a source).
    var isFixed: Bool {
        switch self {
        case .fixed: return true
        case .reference: return false
        case .faded(let base, _): return base.isFixed
        case .choice(_, let a, let b): return a.isFixed && b.isFixed
        }
    }

    /// The branches of its ternaries, each with the conditions that pick it (`isOn ? … : …`
    /// gives `isOn` and `!(isOn)`); one branch with no condition when there is none.
    var branches: [(conditions: [String], color: SwiftColor)] {
        guard case .choice(let condition, let a, let b) = self else { return [([], self)] }
        let yes = a.branches.map { (conditions: [condition] + $0.conditions, color: $0.color) }
        let no = b.branches.map { (conditions: ["!(\(condition))"] + $0.conditions, color: $0.color) }
        return yes + no
    }

    /// Whether a set of branch conditions picks a disabled look (`!(isEnabled)`, `isDisabled`):
    /// WCAG exempts inactive controls, as the spec rules exempt disabled variants.
    static func isDisabledLook(_ conditions: [String]) -> Bool {
        conditions.contains { atom in
            let lower = atom.lowercased()
            if lower.hasPrefix("!(") { return lower.contains("enabled") && !lower.contains("disabled") }
            return lower.contains("disabled") && !lower.contains("!")
        }
    }

    /// Whether a set of branch conditions contradicts itself (`isOn` and `!(isOn)`): a text
    /// colour and a background chosen by the same condition go together.
    static func contradicts(_ conditions: [String]) -> Bool {
        let set = Set(conditions)
        return conditions.contains { $0.hasPrefix("!(") && $0.hasSuffix(")") && set.contains(String($0.dropFirst(2).dropLast())) }
    }

    /// The sRGB value in one iOS appearance; nil when a reference is not in the sources.
    func value(in appearance: String, resolver: ColorResolver) -> RGBA? {
        switch self {
        case .fixed(let rgba): return rgba
        case .reference(let reference): return resolver.color(reference, in: appearance)?.color
        case .faded(let base, let alpha):
            guard var rgba = base.value(in: appearance, resolver: resolver) else { return nil }
            rgba.alpha *= min(max(alpha, 0), 1)
            return rgba
        case .choice: return nil
        }
    }

    /// SwiftUI's standard colours: the iOS system colours of the same name (`.red` is
    /// `systemRed`), and the fixed black, white and clear.
    static func standard(_ name: String) -> SwiftColor? {
        switch name {
        case "white": return .fixed(.white)
        case "black": return .fixed(.black)
        case "clear": return .fixed(RGBA(white: 0, alpha: 0))
        case "red", "orange", "yellow", "green", "mint", "teal", "cyan", "blue", "indigo", "purple", "pink", "brown", "gray":
            return .reference(.system("system" + name.prefix(1).uppercased() + name.dropFirst()))
        default: return nil
        }
    }
}

/// Reads colour expressions of one file: `Color.white`, `.blue`, `Color(red:green:blue:)`,
/// `Color("Brand")`, `Color(.systemBlue)`, `Color(uiColor: .label)`, `x.opacity(0.5)`,
/// `RoundedRectangle(…).fill(C)`, `cond ? A : B`, and static members declared as one of these
/// in the same file (`static let brand = Color("Brand")`, used as `.brand` or `Palette.brand`),
/// else in another file of the run (`SwiftColorMembers`).
struct SwiftColorParser {
    let resolver: ColorResolver
    /// Static members of the file whose value is a colour expression, by member name (a name
    /// declared twice with different values is left out).
    var declarations: [String: String] { fileDeclarations.table }
    private let fileDeclarations: FileDeclarations
    /// The run's static colour members, asked when the file does not declare a name.
    var members: SwiftColorMembers? = nil

    /// `source`: the file whose declarations are looked in, read when a name is first looked up
    /// (most colours are standard ones or literals, and most files never look one up).
    init(resolver: ColorResolver, source: SwiftSource, members: SwiftColorMembers? = nil) {
        self.resolver = resolver
        fileDeclarations = FileDeclarations(source)
        self.members = members
    }

    private final class FileDeclarations {
        private let source: SwiftSource
        private(set) lazy var table: [String: String] = SwiftColorParser.declarations(in: source)

        init(_ source: SwiftSource) { self.source = source }
    }

    func parse(_ text: String) -> SwiftColor? { parse(text, depth: 0) }

    private func parse(_ text: String, depth: Int) -> SwiftColor? {
        guard depth < 8, !text.isEmpty, text.utf8.count < 2_000 else { return nil }
        let source = SwiftSource(text)
        return ColorExpressionReader(source: source, parser: self, depth: depth).color(in: 0..<source.masked.count)
    }

    fileprivate func parseNested(_ text: String, depth: Int) -> SwiftColor? { parse(text, depth: depth + 1) }

    /// A member written alone or on a type: a standard colour, a declared static member, or an
    /// Xcode-generated colour-set symbol (`Color.brandPrimary`).
    fileprivate func member(_ name: String, depth: Int) -> SwiftColor? {
        if let standard = SwiftColor.standard(name) { return standard }
        if let declared = declarations[name] { return parseNested(declared, depth: depth) }
        if let asset = resolver.assetName(forSymbol: name) { return .reference(.asset(asset)) }
        return declared(elsewhere: name, depth: depth)
    }

    /// A static member declared in another file of the run. SwiftUI's own dynamic styles
    /// (`.primary`, `.secondary`, `.accentColor`) cannot be declared again: asking for them
    /// would only read the run's files for nothing.
    fileprivate func declared(elsewhere name: String, depth: Int) -> SwiftColor? {
        guard let members, !Self.builtInStyles.contains(name) else { return nil }
        return members.value(of: name).flatMap { parseNested($0, depth: depth) }
    }

    static let builtInStyles: Set<String> = ["primary", "secondary", "tertiary", "quaternary", "quinary", "accentColor",
                                             "background", "foreground", "tint", "separator", "placeholder", "selection",
                                             "link", "label", "secondaryLabel", "tertiaryLabel", "quaternaryLabel"]

    /// `Color(.systemBlue)`, `Color(uiColor: .label)`, `Color(.brand)`: a UIKit system colour,
    /// else a generated colour-set symbol.
    fileprivate func uiColorMember(_ name: String, depth: Int) -> SwiftColor? {
        let bare = name.hasSuffix("Color") && name != "Color" ? String(name.dropLast(5)) : name
        if resolver.system?.color(named: bare, in: IOSAppearance.light.rawValue) != nil { return .reference(.system(bare)) }
        if let asset = resolver.assetName(forSymbol: name) { return .reference(.asset(asset)) }
        if let declared = declarations[name] { return parseNested(declared, depth: depth) }
        return declared(elsewhere: name, depth: depth)
    }

    /// `static let NAME = EXPR` / `static var NAME: Color = EXPR` / `static var NAME: Color { EXPR }`
    /// of a file, by name.
    static func declarations(in source: SwiftSource) -> [String: String] {
        var table = DeclarationTable()
        table.add(source)
        return table.unambiguous
    }

    /// Declarations by name over one or more files; a name declared with two different values
    /// is ambiguous and left out.
    struct DeclarationTable {
        var found: [String: String] = [:]
        var ambiguous: Set<String> = []

        mutating func add(_ source: SwiftSource) {
            let masked = source.masked
            var i = 0
            let keyword = Array("static".utf8)
            while let at = SwiftColorParser.find(keyword, in: masked, from: i) {
                i = at + keyword.count
                guard at == 0 || !isIdentifierByte(masked[at - 1]), i < masked.count, !isIdentifierByte(masked[i]) else { continue }
                guard let (name, value) = SwiftColorParser.declaration(after: i, in: source) else { continue }
                if let known = found[name], known != value { ambiguous.insert(name) }
                found[name] = value
            }
        }

        /// Adds what `other` found (from another file) for the name `name`: the result is the
        /// same in any order.
        mutating func merge(_ other: DeclarationTable, only name: String) {
            if other.ambiguous.contains(name) { ambiguous.insert(name) }
            guard let value = other.found[name] else { return }
            if let known = found[name], known != value { ambiguous.insert(name) }
            found[name] = value
        }

        var unambiguous: [String: String] {
            var result = found
            for name in ambiguous { result[name] = nil }
            return result
        }
    }

    fileprivate static func declaration(after offset: Int, in source: SwiftSource) -> (String, String)? {
        let m = source.masked
        var i = skipSpaces(m, offset)
        let word = identifier(m, at: i)
        guard word == "let" || word == "var" else { return nil }
        i = skipSpaces(m, i + 3)
        let name = identifier(m, at: i)
        guard !name.isEmpty else { return nil }
        i = skipSpaces(m, i + name.utf8.count)
        if i < m.count, m[i] == UInt8(ascii: ":") {
            // The type must be a colour (or left out).
            i = skipSpaces(m, i + 1)
            var typeEnd = i
            while typeEnd < m.count, isIdentifierByte(m[typeEnd]) || m[typeEnd] == UInt8(ascii: ".") { typeEnd += 1 }
            let type = String(decoding: m[i..<typeEnd], as: UTF8.self)
            guard type == "Color" || type == "SwiftUI.Color" || type == "UIColor" else { return nil }
            i = skipSpaces(m, typeEnd)
        }
        guard i < m.count else { return nil }
        if m[i] == UInt8(ascii: "{") {
            guard let close = source.matchingBracket(at: i) else { return nil }
            var body = String(decoding: source.bytes[(i + 1)..<close], as: UTF8.self)
            body = body.trimmingWhitespace
            if body.hasPrefix("return ") { body = String(body.dropFirst(7)).trimmingWhitespace }
            return body.contains("\n") ? nil : (name, body)
        }
        guard m[i] == UInt8(ascii: "="), i + 1 < m.count, m[i + 1] != UInt8(ascii: "=") else { return nil }
        let start = i + 1
        var end = start
        while end < m.count, m[end] != UInt8(ascii: "\n") {
            let byte = m[end]
            if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") {
                guard let close = source.matchingBracket(at: end) else { return nil }
                end = close + 1
                continue
            }
            end += 1
        }
        let value = String(decoding: source.bytes[start..<end], as: UTF8.self).trimmingWhitespace
        return value.isEmpty ? nil : (name, value)
    }

    /// The first offset at or after `start` where `needle` is in `haystack`: candidates by
    /// libc's `memchr`, checked by `memcmp` (a byte loop here was 7 % of a Swift corpus run,
    /// three searches of every file).
    /// `key`: the needle's byte `memchr` looks for (`ByteSearch.rarestKey` for a needle
    /// searched in every file).
    static func find(_ needle: [UInt8], key: Int = 0, in haystack: [UInt8], from start: Int) -> Int? {
        haystack.withUnsafeBufferPointer { ByteSearch.firstOffset(of: needle, key: key, in: $0, from: start) }
    }

    static func skipSpaces(_ m: [UInt8], _ offset: Int) -> Int {
        var i = offset
        while i < m.count, m[i] == UInt8(ascii: " ") || m[i] == UInt8(ascii: "\t") { i += 1 }
        return i
    }

    static func identifier(_ m: [UInt8], at offset: Int) -> String {
        var end = offset
        while end < m.count, isIdentifierByte(m[end]) { end += 1 }
        return String(decoding: m[offset..<end], as: UTF8.self)
    }
}

/// One colour expression's text, read from the right: its last `.member(…)`, else its call.
private struct ColorExpressionReader {
    let source: SwiftSource
    let parser: SwiftColorParser
    let depth: Int
    var m: [UInt8] { source.masked }

    static let harmless: Set<String> = ["cornerRadius", "clipShape", "ignoresSafeArea", "edgesIgnoringSafeArea", "frame",
                                        "shadow", "padding", "contentShape", "animation", "clipped", "mask", "id",
                                        "allowsHitTesting", "accessibilityHidden", "transition", "zIndex", "offset",
                                        "cornerRadius", "containerRelativeFrame", "layoutPriority", "fixedSize"]
    static let shapes: Set<String> = ["Rectangle", "RoundedRectangle", "Circle", "Capsule", "Ellipse",
                                      "UnevenRoundedRectangle", "ContainerRelativeShape"]

    func text(_ range: Range<Int>) -> String { String(decoding: source.bytes[range], as: UTF8.self) }

    func trimmed(_ range: Range<Int>) -> Range<Int> {
        var lower = range.lowerBound, upper = range.upperBound
        while lower < upper, isSpace(m[lower]) { lower += 1 }
        while upper > lower, isSpace(m[upper - 1]) { upper -= 1 }
        return lower..<upper
    }

    func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }

    func color(in whole: Range<Int>) -> SwiftColor? {
        let range = trimmed(whole)
        guard !range.isEmpty else { return nil }
        if let (question, colon) = ternary(in: range) {
            guard let yes = color(in: (question + 1)..<colon), let no = color(in: (colon + 1)..<range.upperBound) else { return nil }
            let condition = text(trimmed(range.lowerBound..<question)).split(whereSeparator: \.isWhitespace).joined(separator: " ")
            return .choice(condition: condition, yes, no)
        }
        if m[range.lowerBound] == UInt8(ascii: "("), source.matchingBracket(at: range.lowerBound) == range.upperBound - 1 {
            return color(in: (range.lowerBound + 1)..<(range.upperBound - 1))
        }
        if let member = lastMember(in: range) { return color(member: member, depth: depth) }
        return call(in: range)
    }

    /// A top-level `?` (after white space: not optional chaining) and its `:`.
    func ternary(in range: Range<Int>) -> (Int, Int)? {
        var depthCount = 0
        var question: Int?
        var nested = 0
        for i in range {
            switch m[i] {
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): depthCount += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"): depthCount -= 1
            case UInt8(ascii: "?") where depthCount == 0 && i > range.lowerBound && isSpace(m[i - 1]):
                if question == nil { question = i } else { nested += 1 }
            case UInt8(ascii: ":") where depthCount == 0 && question != nil:
                if nested == 0 { return (question!, i) }
                nested -= 1
            default: break
            }
        }
        return nil
    }

    struct Member {
        var base: Range<Int>
        var name: String
        var arguments: [SwiftArgument]?
    }

    /// The last `.name` or `.name(…)` of the expression, when it has one.
    func lastMember(in range: Range<Int>) -> Member? {
        var end = range.upperBound - 1
        var arguments: [SwiftArgument]?
        if m[end] == UInt8(ascii: ")") {
            guard let open = source.matchingBracket(at: end), open > range.lowerBound else { return nil }
            arguments = source.arguments(between: open, and: end)
            end = open - 1
            while end > range.lowerBound, isSpace(m[end]) { end -= 1 }
        }
        guard isIdentifierByte(m[end]) else { return nil }
        var start = end
        while start > range.lowerBound, isIdentifierByte(m[start - 1]) { start -= 1 }
        var dot = start - 1
        while dot >= range.lowerBound, isSpace(m[dot]) { dot -= 1 }
        guard dot >= range.lowerBound, m[dot] == UInt8(ascii: ".") else { return nil }
        return Member(base: range.lowerBound..<dot, name: text(start..<(end + 1)), arguments: arguments)
    }

    func color(member: Member, depth: Int) -> SwiftColor? {
        let base = trimmed(member.base)
        let baseText = text(base)
        let onColorType = base.isEmpty || baseText == "Color" || baseText == "SwiftUI.Color"
        if member.name == "init", baseText == "Color", let arguments = member.arguments { return colorInit(arguments) }
        if onColorType { return member.arguments == nil ? parser.member(member.name, depth: depth) : nil }
        switch member.name {
        case "opacity":
            guard let arguments = member.arguments, arguments.count == 1, let alpha = Self.number(arguments[0].value.raw),
                  let color = color(in: base) else { return nil }
            return .faded(color, alpha)
        case "fill", "foregroundColor", "foregroundStyle":
            guard let arguments = member.arguments, arguments.count == 1, arguments[0].label == nil,
                  isShape(base) else { return nil }
            return parser.parseNested(arguments[0].value.raw, depth: depth)
        case _ where Self.harmless.contains(member.name):
            return color(in: base)
        default:
            // `Palette.brand`: a static member of a type of the file.
            guard member.arguments == nil, baseText.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }),
                  baseText.first?.isUppercase == true else { return nil }
            if baseText == "UIColor" { return parser.uiColorMember(member.name, depth: depth) }
            if let declared = parser.declarations[member.name] { return parser.parseNested(declared, depth: depth) }
            return parser.declared(elsewhere: member.name, depth: depth)
        }
    }

    func isShape(_ range: Range<Int>) -> Bool {
        if let member = lastMember(in: range) {
            return Self.harmless.contains(member.name) && isShape(trimmed(member.base))
        }
        var end = range.lowerBound
        while end < range.upperBound, isIdentifierByte(m[end]) { end += 1 }
        return Self.shapes.contains(text(range.lowerBound..<end))
    }

    /// `Color(…)` (also `SwiftUI.Color(…)`), and `UIColor(…)` (`alpha:` read as `opacity:`,
    /// `UIColor(named: "Brand")!` as `Color("Brand")`).
    func call(in whole: Range<Int>) -> SwiftColor? {
        var range = whole
        if m[range.upperBound - 1] == UInt8(ascii: "!") { range = trimmed(range.lowerBound..<(range.upperBound - 1)) }
        guard !range.isEmpty, m[range.upperBound - 1] == UInt8(ascii: ")"),
              let open = source.matchingBracket(at: range.upperBound - 1), open >= range.lowerBound else { return nil }
        let callee = text(trimmed(range.lowerBound..<open))
        let arguments = source.arguments(between: open, and: range.upperBound - 1)
        if callee == "UIColor" {
            return colorInit(arguments.map { argument in
                var renamed = argument
                if argument.label == "alpha" { renamed.label = "opacity" } else if argument.label == "named" { renamed.label = nil }
                return renamed
            })
        }
        guard callee == "Color" || callee == "SwiftUI.Color", range == whole else { return nil }
        return colorInit(arguments)
    }

    func colorInit(_ all: [SwiftArgument]) -> SwiftColor? {
        var arguments = all
        // `Color(.sRGB, red: …)`: the colour space of literal components.
        if let first = arguments.first, first.label == nil, first.value.raw == ".sRGB", arguments.count > 1 {
            arguments.removeFirst()
        }
        var byLabel: [String: String] = [:]
        for argument in arguments { byLabel[argument.label ?? "_"] = argument.value.raw }
        let opacity = byLabel["opacity"].map { Self.number($0) } ?? 1
        guard let alpha = opacity else { return nil }
        if let r = byLabel["red"], let g = byLabel["green"], let b = byLabel["blue"] {
            guard let red = Self.number(r), let green = Self.number(g), let blue = Self.number(b) else { return nil }
            return .fixed(RGBA(red: Self.unit(red), green: Self.unit(green), blue: Self.unit(blue), alpha: Self.unit(alpha)))
        }
        if let w = byLabel["white"] {
            guard let white = Self.number(w) else { return nil }
            return .fixed(RGBA(white: Self.unit(white), alpha: Self.unit(alpha)))
        }
        if let h = byLabel["hue"], let s = byLabel["saturation"], let v = byLabel["brightness"] {
            guard let hue = Self.number(h), let saturation = Self.number(s), let brightness = Self.number(v) else { return nil }
            var rgba = Self.hsb(hue, saturation, brightness)
            rgba.alpha = Self.unit(alpha)
            return .fixed(rgba)
        }
        if let first = arguments.first, first.label == nil, let name = first.value.text, first.value.isStringLiteral {
            // `Color("Brand")`, `Color("Brand", bundle: .main)`.
            guard arguments.dropFirst().allSatisfy({ $0.label == "bundle" }), !name.contains("\\(") else { return nil }
            return .reference(.asset(name))
        }
        if let first = arguments.first, arguments.count == 1, first.label == nil || first.label == "uiColor" {
            var raw = first.value.raw
            if raw.hasPrefix("UIColor.") { raw = String(raw.dropFirst(7)) }
            guard raw.hasPrefix("."), raw.dropFirst().allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
            return parser.uiColorMember(String(raw.dropFirst()), depth: depth)
        }
        return nil
    }

    static func unit(_ value: Double) -> Double { min(max(value, 0), 1) }

    /// A literal number, `128/255`, `128.0 / 255.0`, `Double(0.5)`, `CGFloat(0.5)`.
    static func number(_ raw: String) -> Double? {
        var text = raw.trimmingWhitespace
        for wrapper in ["CGFloat(", "Double("] where text.hasPrefix(wrapper) && text.hasSuffix(")") {
            text = String(text.dropFirst(wrapper.count).dropLast())
        }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count <= 2, let first = Double(parts[0].trimmingWhitespace) else { return nil }
        guard parts.count == 2 else { return first }
        guard let divisor = Double(parts[1].trimmingWhitespace), divisor != 0 else { return nil }
        return first / divisor
    }

    static func hsb(_ hue: Double, _ saturation: Double, _ brightness: Double) -> RGBA {
        let h = (unit(hue) * 6).truncatingRemainder(dividingBy: 6), s = unit(saturation), v = unit(brightness)
        let c = v * s, x = c * (1 - abs(h.truncatingRemainder(dividingBy: 2) - 1)), mm = v - c
        let (r, g, b): (Double, Double, Double) = switch Int(h) {
        case 0: (c, x, 0)
        case 1: (x, c, 0)
        case 2: (0, c, x)
        case 3: (0, x, c)
        case 4: (x, 0, c)
        default: (c, 0, x)
        }
        return RGBA(red: r + mm, green: g + mm, blue: b + mm)
    }
}

extension Substring {
    var trimmingWhitespace: String { String(self).trimmingWhitespace }
}
