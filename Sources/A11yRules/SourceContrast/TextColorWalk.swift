import A11yModel
import A11ySwiftReader

/// What a text view is drawn with, read from its own chain and the chains of the containers
/// around it in the same view code (`source-text-contrast`, docs/rules.md): the nearest
/// foreground, the backgrounds behind it down to the first solid one, whether it is large,
/// and which appearances the code allows.
struct TextColors {
    /// A colour written in the code: its text (for the message) and what it reads as; `color`
    /// nil when it is not one the rule can measure (the walk then stops looking for that role).
    struct Site {
        var expression: String
        var color: SwiftColor?
    }

    /// Its `color` is parsed only when needed (`TextColorWalk.readForeground`).
    var foreground: Site?
    var foregroundDecided = false
    /// The foreground's colour has been parsed.
    var foregroundRead = false
    /// Nearest first; ends at the first solid layer, or at one that cannot be measured.
    var backgrounds: [Site] = []
    var backgroundDecided = false
    /// The first `.font(…)` found: large (true) or not; nil when none.
    var fontIsLarge: Bool?
    var fontSize: Double?
    var bold = false
    /// `.preferredColorScheme(.light)` / `.environment(\.colorScheme, .dark)`: only those appearances.
    var scheme: String?
    /// The text is in preview code.
    var inPreview = false

    mutating func decideBackground(_ site: Site) {
        guard !backgroundDecided else { return }
        if let color = site.color, color.isClear { return }
        backgrounds.append(site)
        if site.color == nil || site.color!.isSolid { backgroundDecided = true }
    }

    /// A role is decided by a colour that cannot be measured (or by none): nothing found
    /// further out can change that, so the walk stops.
    var cannotBeMeasured: Bool {
        (foregroundRead && foreground?.color == nil) || (backgroundDecided && backgrounds.last?.color == nil)
    }

    /// The foreground and background are both known and measurable.
    var isMeasurable: Bool {
        guard let foreground, foreground.color != nil, backgroundDecided, let last = backgrounds.last,
              last.color != nil else { return false }
        return backgrounds.allSatisfy { $0.color != nil }
    }

    /// Large text by WCAG: a title text style, ≥ 18 pt, or ≥ 14 pt bold (semibold is not bold).
    func isLarge(options: RuleOptions) -> Bool {
        if let size = fontSize { return size >= options.largeTextSize || (bold && size >= options.largeBoldTextSize) }
        return fontIsLarge ?? false
    }
}

/// Walks outward from one text view through the chains around it.
struct TextColorWalk {
    let structure: SwiftStructure
    let source: SwiftSource
    let parser: SwiftColorParser
    let cache: ContainerCache

    /// Containers whose background never shows behind their content (rows of a list, pushed
    /// screens, menus, pickers): looking for a background stops there.
    static let opaqueHosts = ["List", "Form", "NavigationView", "NavigationStack", "NavigationSplitView",
                              "TabView", "Menu", "Picker", "TextField", "SecureField", "TextEditor",
                              "Table", "OutlineGroup", "DisclosureGroup", "ControlGroup"].map { Array($0.utf8) }
    /// Button styles that draw no fill of their own.
    static let plainButtonStyles = ["plain", "borderless", "PlainButtonStyle()", "BorderlessButtonStyle()", ".plain",
                                    ".borderless"]

    private static let previewProvider = Array("PreviewProvider".utf8)
    private static let previewMacro = Array("#Preview".utf8)
    private static let preview = Array("Preview".utf8)
    private static let button = Array("Button".utf8), link = Array("Link".utf8), zStack = Array("ZStack".utf8)
    private static let swiftUI = Array("SwiftUI".utf8)

    /// Colours are parsed only while the text may still be measured: the foreground's once a
    /// background is to be read (most texts have none in the code) or at the end, and neither
    /// once one role is decided by a colour that cannot be measured. A colour member declared
    /// in another file makes the run's first such parse read all its files (`SwiftColorMembers`).
    func walk(_ chain: Chain) -> TextColors {
        var colors = gather(chain)
        if !colors.inPreview, colors.backgroundDecided, !colors.cannotBeMeasured {
            _ = readForeground(&colors)
        }
        return colors
    }

    /// `walk`, the foreground's colour not parsed unless a background was to be read.
    private func gather(_ chain: Chain) -> TextColors {
        var colors = TextColors()
        let head = headName(chain)
        read(chain.links.dropFirst(), into: &colors, tintApplies: isButton(head), styled: hasFillingStyle(chain))
        if colors.cannotBeMeasured { return colors }
        let levels = structure.containerLevels(of: chain, cache: cache)
        var inner = chain
        for level in 0..<levels.count {
            let container = levels[level]
            let opener = structure.openerRange(of: container.open)
            // Both hold `Preview`: one search of most lines.
            if contains(Self.preview, in: opener),
               contains(Self.previewProvider, in: opener) || contains(Self.previewMacro, in: opener) {
                colors.inPreview = true
                return colors
            }
            guard let owner = container.chain else { continue }
            let ownerHead = headName(owner)
            if bytes(ownerHead, are: Self.previewMacro) { colors.inPreview = true; return colors }
            guard let index = owner.links.firstIndex(where: { $0.contains(container.open) }) else { continue }
            if index == 0 {
                if Self.opaqueHosts.contains(where: { bytes(ownerHead, are: $0) }) { colors.backgroundDecided = true }
                if bytes(ownerHead, are: Self.zStack), !colors.backgroundDecided {
                    layersBehind(inner, in: container.open, into: &colors)
                }
                let styled = hasFillingStyle(owner)
                if styled, isButton(ownerHead) { colors.backgroundDecided = true }
                read(owner.links.dropFirst(), into: &colors, tintApplies: isButton(ownerHead), styled: styled)
            } else if modifier(owner.links[index]) == .overlay {
                hostFill(owner, overlay: index, into: &colors)
                read(owner.links[(index + 1)...], into: &colors, tintApplies: false, styled: false)
            } else {
                // A sheet, toolbar, background, mask, alert…: drawn somewhere else.
                break
            }
            inner = owner
            if colors.cannotBeMeasured { return colors }
            if colors.foregroundDecided && colors.backgroundDecided && colors.fontIsLarge != nil { break }
        }
        return colors
    }

    /// The modifiers of one chain, inner to outer.
    private func read(_ links: ArraySlice<Range<Int>>, into colors: inout TextColors, tintApplies: Bool, styled: Bool) {
        for link in links {
            let modifier = modifier(link)
            switch modifier {
            case .foregroundColor, .foregroundStyle:
                guard !colors.foregroundDecided else { continue }
                colors.foregroundDecided = true
                colors.foreground = TextColors.Site(expression: singleArgument(link) ?? "", color: nil)
            case .tint:
                guard tintApplies, !styled, !colors.foregroundDecided else { continue }
                colors.foregroundDecided = true
                colors.foreground = TextColors.Site(expression: singleArgument(link) ?? "", color: nil)
            case .background:
                guard !colors.backgroundDecided, readForeground(&colors) else { continue }
                colors.decideBackground(background(link))
            case .font:
                guard colors.fontIsLarge == nil, let argument = singleArgument(link) else { continue }
                Self.readFont(argument, into: &colors)
            case .bold:
                colors.bold = true
            case .fontWeight:
                if let argument = singleArgument(link), [".bold", ".heavy", ".black"].contains(argument) { colors.bold = true }
            case .preferredColorScheme, .environment:
                guard colors.scheme == nil else { continue }
                let text = source.text(link)
                if modifier == .environment, !text.containsUTF8("colorScheme".utf8) { continue }
                if text.containsUTF8(".dark".utf8) {
                    colors.scheme = "dark"
                } else if text.containsUTF8(".light".utf8) {
                    colors.scheme = "light"
                }
            case .overlay, .buttonStyle, .textFieldStyle, .other:
                continue
            }
        }
    }

    /// `.font(…)`: its size (`size:`, `fixedSize:`), weight and text style. Source code is
    /// ASCII nearly always: read as bytes then (`FontArgument`), the same answers as the
    /// `String` reading below, which pays for Unicode's rules on every character.
    static func readFont(_ argument: String, into colors: inout TextColors) {
        if let ascii = FontArgument(argument) {
            ascii.read(into: &colors)
        } else {
            readFont(text: argument, into: &colors)
        }
    }

    static func readFont(text argument: String, into colors: inout TextColors) {
        let text = argument.replacing("Font.", with: ".")
        if text.contains("weight: .bold") || text.contains("weight: .heavy") || text.contains("weight: .black")
            || text.contains(".bold()") { colors.bold = true }
        for label in ["size:", "fixedSize:"] {
            guard let range = text.firstRange(of: label) else { continue }
            let digits = text[range.upperBound...].trimmingWhitespace.prefix { $0.isNumber || $0 == "." }
            colors.fontSize = Double(digits)
            colors.fontIsLarge = colors.fontSize != nil
            return
        }
        // The first text style named decides (`.title2.bold()`, `.system(.title, design: .rounded)`).
        var words = text.split(whereSeparator: { !($0.isLetter || $0.isNumber) })[...]
        while let word = words.popFirst() {
            if Self.largeStyles.contains(String(word)) { colors.fontIsLarge = true; return }
            if Self.smallStyles.contains(String(word)) { colors.fontIsLarge = false; return }
        }
        colors.fontIsLarge = false
    }

    static let largeStyles: Set<String> = ["largeTitle", "title", "title2", "title3", "extraLargeTitle", "extraLargeTitle2"]
    static let smallStyles: Set<String> = ["body", "callout", "caption", "caption2", "footnote", "headline", "subheadline"]

    /// Whether the text may still be measured as far as its foreground goes: not decided yet,
    /// or a colour (parsed here, once).
    private func readForeground(_ colors: inout TextColors) -> Bool {
        guard colors.foregroundDecided else { return true }
        if !colors.foregroundRead {
            colors.foregroundRead = true
            let expression = colors.foreground?.expression ?? ""
            colors.foreground?.color = expression.isEmpty ? nil : parser.parse(expression)
        }
        return colors.foreground?.color != nil
    }

    /// A `.buttonStyle(…)`/`.textFieldStyle(…)` that may draw a fill of its own.
    private func hasFillingStyle(_ chain: Chain) -> Bool {
        for link in chain.modifiers {
            let modifier = modifier(link)
            guard modifier == .buttonStyle || modifier == .textFieldStyle else { continue }
            guard let argument = singleArgument(link), Self.plainButtonStyles.contains(argument) else { return true }
        }
        return false
    }

    /// `.background(C)`, `.background(C, in: Shape)`, `.background(Shape().fill(C))`,
    /// `.background { C }`, `.background(alignment: …) { C }`.
    private func background(_ link: Range<Int>) -> TextColors.Site {
        let (arguments, closure) = parts(of: link)
        var expression: String?
        if let closure {
            expression = closure
        } else if let first = arguments.first, first.label == nil,
                  arguments.dropFirst().allSatisfy({ $0.label == "in" || $0.label == "ignoresSafeAreaEdges" }) {
            expression = first.value.raw
        }
        guard let expression else { return TextColors.Site(expression: source.text(link), color: nil) }
        return TextColors.Site(expression: expression, color: parser.parse(expression))
    }

    /// Text in `.overlay { … }` sits on the host view: its own colour or shape fill, else its background.
    private func hostFill(_ owner: Chain, overlay index: Int, into colors: inout TextColors) {
        guard !colors.backgroundDecided, readForeground(&colors) else { return }
        let host = source.text(owner.start..<owner.links[index - 1].upperBound)
        if let color = parser.parse(host) {
            colors.decideBackground(TextColors.Site(expression: host.split(whereSeparator: \.isNewline)
                .map { $0.trimmingWhitespace }.joined(), color: color))
            return
        }
        for link in owner.links[1..<index] where modifier(link) == .background && !colors.backgroundDecided {
            colors.decideBackground(background(link))
        }
    }

    /// The layers of a `ZStack` drawn before the one holding the text: the nearest decides.
    private func layersBehind(_ child: Chain, in open: Int, into colors: inout TextColors) {
        var position = child.start
        while !colors.backgroundDecided, readForeground(&colors) {
            guard let last = structure.previousToken(before: position), last > open else { return }
            guard let sibling = chainEnding(at: last, after: open) else {
                colors.backgroundDecided = true
                return
            }
            let text = source.text(sibling.start..<sibling.end)
            // A layer that is not a colour ends the walk unmeasured: its text is never shown.
            let color = parser.parse(text)
            colors.decideBackground(TextColors.Site(expression: color == nil ? text : text.split(whereSeparator: \.isNewline)
                .map { $0.trimmingWhitespace }.joined(), color: color))
            position = sibling.start
        }
    }

    /// The statement-level chain whose last byte is at `last`, inside the block opened at `open`.
    private func chainEnding(at last: Int, after open: Int) -> Chain? {
        var i = last
        while true {
            let byte = structure[i]
            if byte == UInt8(ascii: ")") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                guard let partner = source.matchingBracket(at: i), partner > open,
                      let before = structure.previousToken(before: partner), before > open else { return nil }
                i = before
                continue
            }
            guard isIdentifierByte(byte) else { return nil }
            let start = structure.identifierStart(endingAt: i)
            let chain = structure.chain(at: structure.chainStart(from: start))
            guard chain.start > open, let before = structure.previousToken(before: chain.start) else { return nil }
            // The statement must start on its own: after the block's `{` or another statement.
            let word = headWord(before)
            guard before == open || (!["if", "else", "return", "in", "guard", "switch", "case", "for", "while"].contains(word)
                                     && structure[before] != UInt8(ascii: "=")
                                     && structure[before] != UInt8(ascii: ",")
                                     && structure[before] != UInt8(ascii: "(")) else { return nil }
            return chain
        }
    }

    private func headWord(_ last: Int) -> String {
        guard isIdentifierByte(structure[last]) else { return "" }
        return source.text(structure.identifierStart(endingAt: last)..<(last + 1))
    }

    // MARK: - reading links

    // Names are told apart by their bytes, with no string made for each link of each chain:
    // for the ASCII names looked for, equal bytes is what equal strings would give.

    /// Where a chain's head names its view: `Button`, `#Preview`, `ZStack` of `SwiftUI.ZStack`.
    func headName(_ chain: Chain) -> Range<Int> {
        var i = chain.head.lowerBound
        if structure[i] == UInt8(ascii: "#") { i += 1 }
        var end = i
        while end < chain.head.upperBound, isIdentifierByte(structure[end]) { end += 1 }
        var name = chain.head.lowerBound..<end
        if bytes(name, are: Self.swiftUI), end < chain.head.upperBound, structure[end] == UInt8(ascii: ".") {
            var next = end + 1
            while next < chain.head.upperBound, isIdentifierByte(structure[next]) { next += 1 }
            name = (end + 1)..<next
        }
        return name
    }

    /// The modifiers the walk tells apart.
    enum Modifier {
        case foregroundColor, foregroundStyle, tint, background, font, bold, fontWeight, preferredColorScheme, environment
        case overlay, buttonStyle, textFieldStyle, other
    }

    private static let modifierNames: [(name: [UInt8], modifier: Modifier)] = ([
        ("foregroundColor", .foregroundColor), ("foregroundStyle", .foregroundStyle), ("tint", .tint),
        ("background", .background), ("font", .font), ("bold", .bold), ("fontWeight", .fontWeight),
        ("preferredColorScheme", .preferredColorScheme), ("environment", .environment), ("overlay", .overlay),
        ("buttonStyle", .buttonStyle), ("textFieldStyle", .textFieldStyle),
    ] as [(String, Modifier)]).map { (Array($0.0.utf8), $0.1) }

    /// The modifier a link (`.name…`) calls.
    func modifier(_ link: Range<Int>) -> Modifier {
        var i = link.lowerBound
        guard structure[i] == UInt8(ascii: ".") else { return .other }
        i += 1
        var end = i
        while end < link.upperBound, isIdentifierByte(structure[end]) { end += 1 }
        for entry in Self.modifierNames where bytes(i..<end, are: entry.name) { return entry.modifier }
        return .other
    }

    private func isButton(_ head: Range<Int>) -> Bool { bytes(head, are: Self.button) || bytes(head, are: Self.link) }

    /// Whether the file's bytes in `range` are `word`.
    private func bytes(_ range: Range<Int>, are word: [UInt8]) -> Bool {
        range.count == word.count && source.bytes[range].elementsEqual(word)
    }

    /// Whether the file's bytes in `range` hold `word` (an ASCII word: the same answer as a
    /// search of the text decoded from them).
    private func contains(_ word: [UInt8], in range: Range<Int>) -> Bool {
        guard word.count <= range.count else { return false }
        for start in range.lowerBound...(range.upperBound - word.count) where source.bytes[start] == word[0] {
            if source.bytes[start..<(start + word.count)].elementsEqual(word) { return true }
        }
        return false
    }

    /// The call arguments and the trailing closure's contents (one statement) of a link.
    func parts(of link: Range<Int>) -> (arguments: [SwiftArgument], closure: String?) {
        var i = link.lowerBound + 1
        while i < link.upperBound, isIdentifierByte(structure[i]) { i += 1 }
        i = structure.skipTrivia(from: i)
        var arguments: [SwiftArgument] = []
        if i < link.upperBound, structure[i] == UInt8(ascii: "("), let close = source.matchingBracket(at: i) {
            arguments = source.arguments(between: i, and: close)
            i = structure.skipTrivia(from: close + 1)
        }
        var closure: String?
        if i < link.upperBound, structure[i] == UInt8(ascii: "{"), let close = source.matchingBracket(at: i) {
            closure = source.text((i + 1)..<close).trimmingWhitespace
        }
        return (arguments, closure)
    }

    /// The one unlabeled argument of a link (`.foregroundColor(.white)`), or its closure's contents.
    func singleArgument(_ link: Range<Int>) -> String? {
        let (arguments, closure) = parts(of: link)
        if arguments.count == 1, arguments[0].label == nil { return arguments[0].value.raw }
        if arguments.isEmpty, let closure, !closure.isEmpty { return closure }
        return nil
    }
}

extension SwiftSource {
    /// The file's text in `range` (bytes as written).
    func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
}

/// A `.font(…)` argument that is all ASCII, read as bytes: in ASCII a character is a byte, a
/// letter `A`–`Z`/`a`–`z`, a number `0`–`9`, white space a tab, line feed, vertical tab, form
/// feed, carriage return or space, so each step gives what `TextColorWalk.readFont`'s
/// `String` reading gives.
struct FontArgument {
    /// The argument with every `Font.` replaced by `.`, left to right.
    let text: [UInt8]

    init?(_ argument: String) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(argument.utf8.count)
        let font = Self.fontPrefix
        var pending = 0 // bytes of `Font.` matched so far, not yet copied
        for byte in argument.utf8 {
            guard byte < 0x80 else { return nil }
            if byte == font[pending] {
                pending += 1
                if pending == font.count {
                    bytes.append(UInt8(ascii: "."))
                    pending = 0
                }
                continue
            }
            if pending > 0 { bytes += font[0..<pending] }
            // `Font.` has no repeated start: a mismatch may only start a new match at this byte.
            pending = 0
            if byte == font[0] { pending = 1 } else { bytes.append(byte) }
        }
        bytes += font[0..<pending]
        text = bytes
    }

    private static let fontPrefix = Array("Font.".utf8)
    private static let boldWords = ["weight: .bold", "weight: .heavy", "weight: .black", ".bold()"].map { Array($0.utf8) }
    private static let sizeLabels = ["size:", "fixedSize:"].map { Array($0.utf8) }

    func read(into colors: inout TextColors) {
        if Self.boldWords.contains(where: { SwiftColorParser.find($0, in: text, from: 0) != nil }) {
            colors.bold = true
        }
        for word in Self.sizeLabels {
            guard let at = SwiftColorParser.find(word, in: text, from: 0) else { continue }
            var start = at + word.count
            while start < text.count, Self.isSpace(text[start]) { start += 1 }
            var end = start
            while end < text.count, Self.isDigit(text[end]) || text[end] == UInt8(ascii: ".") { end += 1 }
            colors.fontSize = Double(String(decoding: text[start..<end], as: UTF8.self))
            colors.fontIsLarge = colors.fontSize != nil
            return
        }
        // The first text style named decides (`.title2.bold()`, `.system(.title, design: .rounded)`).
        var i = 0
        while i < text.count {
            guard Self.isLetterOrDigit(text[i]) else { i += 1; continue }
            var end = i
            while end < text.count, Self.isLetterOrDigit(text[end]) { end += 1 }
            let word = String(decoding: text[i..<end], as: UTF8.self)
            if TextColorWalk.largeStyles.contains(word) { colors.fontIsLarge = true; return }
            if TextColorWalk.smallStyles.contains(word) { colors.fontIsLarge = false; return }
            i = end
        }
        colors.fontIsLarge = false
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
    static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
    static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }
}
