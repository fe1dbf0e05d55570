/// Where an expression sits, read backwards from its first byte to what introduces it.
enum ExpressionContext: Equatable {
    /// It starts a statement of the block opened by the `{` at this offset (nil: the top
    /// level of the file). Branches of a ternary at statement level count as the statement.
    case statement(block: Int?)
    /// It is returned (`return …`) from the block opened at this offset.
    case returned(block: Int?)
    /// It is an argument in the parentheses opened at this offset.
    case argument(group: Int)
    /// Anything else: the right side of `=`, an operand of `??` or another operator, an
    /// element of an array or dictionary literal.
    case value
}

/// "Drawn as a view" (docs/rules.md, image-without-label and tap-gesture-without-trait): an
/// expression is checked where view code draws it, not where it is a value.
///
/// - Statement level in view-building code is drawn (also each branch of a ternary there);
///   view-building code is the body of a declaration typed `some View`, `AnyView`,
///   `@ViewBuilder`, `some …Content`, `makeBody`, and the closures of a view's initializer
///   or of a view modifier (`VStack { … }`, `.overlay { … }`, `Button { … } label: { … }`),
///   through `if`/`switch`/`for` blocks inside them. Closures of actions (`Button`'s
///   action, `.onTapGesture`, `.task`, `withAnimation`, `map`) are not.
/// - `return x` is drawn when the function or closure returns a view.
/// - An argument is drawn only as the content of `Text(…)` / `AnyView(…)` or the view of
///   `.overlay(…)` / `.background(…)`.
extension SwiftStructure {
    public func isDrawnAsView(_ chain: Chain, cache: ContainerCache) -> Bool {
        switch context(ofExpressionAt: chain.start) {
        case .statement(let block):
            return block.map { isViewBuilding(block: $0, cache: cache) } ?? false
        case .returned(let block):
            return block.map { returnsView(block: $0, cache: cache) } ?? false
        case .argument(let group):
            return drawsArgument(group: group)
        case .value:
            return false
        }
    }

    /// What introduces the expression starting at `start` (see `ExpressionContext`).
    func context(ofExpressionAt start: Int) -> ExpressionContext {
        var position = start
        // After a ternary's `?` or `:`, the tokens before belong to its condition and first
        // branch: operands and binary operators are skipped up to what introduces it all.
        var inTernary = false
        while true {
            guard let token = previousChainToken(before: position) else { return .statement(block: nil) }
            let byte = text[token]
            switch byte {
            case UInt8(ascii: "{"):
                return .statement(block: token)
            case UInt8(ascii: ";"):
                return .statement(block: enclosingBrace(of: token))
            case UInt8(ascii: "("):
                return .argument(group: token)
            case UInt8(ascii: "["):
                return .value
            case UInt8(ascii: ","):
                guard let open = tables.enclosingBracket(of: token), text[open] == UInt8(ascii: "(") else { return .value }
                return .argument(group: open)
            case UInt8(ascii: "?") where token > 0 && text[token - 1] == UInt8(ascii: "?"):
                return .value  // `??`
            case UInt8(ascii: "?"):
                guard isSpaced(token) else { return .value }  // a postfix `x?` cannot precede an expression
                inTernary = true
                position = skipOperand(endingBefore: token) ?? token
                if position == token { return .value }
            case UInt8(ascii: ":"):
                if let label = labelContext(colon: token) { return label }
                inTernary = true
                position = skipOperand(endingBefore: token) ?? token
                if position == token { return .value }
            case UInt8(ascii: "="):
                return .value
            default:
                if isIdentifierByte(byte) {
                    let wordStart = identifierStart(endingAt: token)
                    let word = wordStart..<(token + 1)
                    if equals(word, "return") { return .returned(block: enclosingBrace(of: token)) }
                    if equals(word, "in") { return .statement(block: enclosingBrace(of: token)) }
                    if equals(word, "try") || equals(word, "await") {
                        position = wordStart
                        continue
                    }
                    if equals(word, "else") || equals(word, "then") { return .value }
                }
                if isOperatorByte(byte) {
                    // A binary operator: inside a ternary's condition, skip its left operand.
                    guard inTernary, let operatorStart = operatorStart(endingAt: token),
                          let next = skipOperand(endingBefore: operatorStart) else { return .value }
                    position = next
                    continue
                }
                // An operand ends before: a new statement when it is on an earlier line.
                if isOnEarlierLine(token, than: position) {
                    return .statement(block: enclosingBrace(of: position))
                }
                return .value
            }
        }
    }

    /// A `:` that is not a ternary's: an argument label (`label: Image(…)`), a `case` or
    /// `default` label, a dictionary entry.
    private func labelContext(colon: Int) -> ExpressionContext? {
        // `case .x:` / `default:` start statements of the switch.
        let lineStart = lineStart(of: colon)
        let first = skipTrivia(from: lineStart)
        if first < colon, isIdentifierStart(text[first]) {
            let word = first..<identifierEnd(from: first)
            if equals(word, "case") || equals(word, "default") { return .statement(block: enclosingBrace(of: colon)) }
        }
        guard let before = previousToken(before: colon) else { return .value }
        if isIdentifierByte(text[before]) {
            let labelStart = identifierStart(endingAt: before)
            if let ahead = previousToken(before: labelStart),
               text[ahead] == UInt8(ascii: "(") || text[ahead] == UInt8(ascii: ",") {
                guard let open = tables.enclosingBracket(of: colon) else { return .value }
                return text[open] == UInt8(ascii: "(") ? .argument(group: open) : .value
            }
        }
        if let open = tables.enclosingBracket(of: colon), text[open] == UInt8(ascii: "[") { return .value }
        return nil
    }

    /// The first byte of the operand (with prefix `!`/`-`) ending just before `offset`, or
    /// nil when what is there is not an operand this reader knows.
    private func skipOperand(endingBefore offset: Int) -> Int? {
        guard let end = previousChainToken(before: offset) else { return nil }
        let byte = text[end]
        guard isIdentifierByte(byte) || byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]")
                || byte == UInt8(ascii: "}") else { return nil }
        var start = chainStart(from: primaryStart(endingAt: end))
        while start > 0, text[start - 1] == UInt8(ascii: "!") || text[start - 1] == UInt8(ascii: "-") { start -= 1 }
        return start < offset ? start : nil
    }

    private func operatorStart(endingAt end: Int) -> Int? {
        var start = end
        while start > 0, isOperatorByte(text[start - 1]) { start -= 1 }
        return start
    }

    /// A `?` with white space before it is a ternary's, not a postfix one.
    private func isSpaced(_ offset: Int) -> Bool {
        guard offset > 0 else { return false }
        let before = text[offset - 1]
        return before == UInt8(ascii: " ") || before == UInt8(ascii: "\t") || before == UInt8(ascii: "\n")
    }

    /// The innermost `{` around `offset`, past `(` and `[` groups.
    func enclosingBrace(of offset: Int) -> Int? {
        var position = offset
        while let open = tables.enclosingBracket(of: position) {
            if text[open] == UInt8(ascii: "{") { return open }
            position = open
        }
        return nil
    }

    // MARK: Blocks

    /// True when statements of the block opened at `brace` are drawn as views.
    func isViewBuilding(block brace: Int, cache: ContainerCache) -> Bool {
        guard let number = tables.openerNumber(at: brace) else { return computeViewBuilding(block: brace, cache: cache) }
        cache.prepare(openers: openerCount)
        let known = cache.viewBlocks[number]
        if known != 0 { return known == 2 }
        let verdict = computeViewBuilding(block: brace, cache: cache)
        cache.viewBlocks[number] = verdict ? 2 : 1
        return verdict
    }

    private func computeViewBuilding(block brace: Int, cache: ContainerCache) -> Bool {
        let container = tables.openerNumber(at: brace).map { self.container(number: $0, cache: cache) }
            ?? container(opening: brace, cache: cache)
        if let owner = container.chain {
            return isViewClosure(brace: brace, owner: owner, slot: container.slot)
        }
        switch declaration(openedBy: brace) {
        case .control:
            return enclosingBrace(of: brace).map { isViewBuilding(block: $0, cache: cache) } ?? false
        case .view:
            return true
        case .other:
            return false
        }
    }

    /// True when `return` in the block opened at `brace` returns a view.
    func returnsView(block brace: Int, cache: ContainerCache) -> Bool {
        var current = brace
        while true {
            let container = tables.openerNumber(at: current).map { self.container(number: $0, cache: cache) }
                ?? container(opening: current, cache: cache)
            if let owner = container.chain {
                return isViewClosure(brace: current, owner: owner, slot: container.slot)
            }
            switch declaration(openedBy: current) {
            case .control:
                guard let outer = enclosingBrace(of: current) else { return false }
                current = outer
            case .view:
                return true
            case .other:
                return false
            }
        }
    }

    private enum Declaration { case control, view, other }

    /// What the `{` at `brace` opens when no call owns it: a control-flow block, the body
    /// of a declaration that yields a view, or something else.
    private func declaration(openedBy brace: Int) -> Declaration {
        let opener = openerRange(of: brace)
        var i = opener.lowerBound
        while i < opener.upperBound {
            let byte = text[i]
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "}") {
                i += 1
                continue
            }
            if byte == UInt8(ascii: "@") {
                let end = identifierEnd(from: i + 1)
                if equals((i + 1)..<end, "ViewBuilder") { return .view }
                i = end
                if i < count, text[i] == UInt8(ascii: "("), let close = tables.matchingBracket(at: i) { i = close + 1 }
                continue
            }
            guard isIdentifierStart(text[i]) else { break }
            let end = identifierEnd(from: i)
            let word = i..<end
            for keyword in Self.controlKeywords where equals(word, keyword) { return .control }
            break
        }
        if attributeOnLineBefore(opener.lowerBound, named: "ViewBuilder") { return .view }
        return mentionsView(opener) ? .view : .other
    }

    /// The declaration yields a view: its type (after `->`, or after the `:` of a
    /// `var`/`let`) is `View`, `AnyView`, or `some`/`any` of a `…View`, `…Content`, `Scene`
    /// or `Commands` protocol; or it is `var body`, `func body(`, `makeBody`, `#Preview`.
    private func mentionsView(_ range: Range<Int>) -> Bool {
        var typeStart: Int?
        var depth = 0
        var previousWord: Range<Int>?
        var i = range.lowerBound
        while i < range.upperBound {
            let byte = text[i]
            if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") { depth += 1 }
            if byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") { depth -= 1 }
            if depth == 0, byte == UInt8(ascii: "-"), i + 1 < range.upperBound, text[i + 1] == UInt8(ascii: ">") {
                typeStart = i + 2
                i += 2
                continue
            }
            if depth == 0, byte == UInt8(ascii: ":"), typeStart == nil { typeStart = i + 1 }
            if isIdentifierStart(byte) || byte == UInt8(ascii: "#") {
                let end = min(identifierEnd(from: i), range.upperBound)
                let word = i..<end
                if equals(word, "makeBody") || equals(word, "#Preview") { return true }
                if equals(word, "body"), let previousWord, equals(previousWord, "var") || equals(previousWord, "func") {
                    return true
                }
                previousWord = word
                i = end
                continue
            }
            i += 1
        }
        guard let typeStart else { return false }
        i = typeStart
        var afterOpaque = false
        while i < range.upperBound {
            guard isIdentifierStart(text[i]) else {
                i += 1
                continue
            }
            let end = min(identifierEnd(from: i), range.upperBound)
            let word = i..<end
            if equals(word, "View") || equals(word, "AnyView") { return true }
            if afterOpaque, endsWith(word, "View") || endsWith(word, "Content") || equals(word, "Scene")
                || equals(word, "Commands") {
                return true
            }
            afterOpaque = equals(word, "some") || equals(word, "any")
            i = end
        }
        return false
    }

    private func endsWith(_ word: Range<Int>, _ suffix: StaticString) -> Bool {
        let length = suffix.utf8CodeUnitCount
        return word.count >= length && equals((word.upperBound - length)..<word.upperBound, suffix)
    }

    /// `@ViewBuilder` alone on the line before the declaration at `lineStart`.
    private func attributeOnLineBefore(_ lineStart: Int, named name: StaticString) -> Bool {
        let line = tables.line(atOffset: lineStart)
        guard line > 1 else { return false }
        var i = tables.lineStarts[line - 2]
        let end = lineStart
        while i < end {
            if text[i] == UInt8(ascii: "@") {
                let wordEnd = identifierEnd(from: i + 1)
                if equals((i + 1)..<wordEnd, name) { return true }
                i = wordEnd
                continue
            }
            i += 1
        }
        return false
    }

    private static let controlKeywords: [StaticString] = [
        "if", "else", "guard", "for", "while", "switch", "do", "catch", "repeat", "defer",
    ]

    /// Modifiers whose closures run actions rather than build views.
    private static let actionModifiers: [StaticString] = [
        "task", "refreshable", "gesture", "simultaneousGesture", "highPriorityGesture", "onEnded", "onChanged",
        "sink", "map", "flatMap", "compactMap", "filter", "forEach", "reduce", "sorted", "first", "contains",
        "perform", "receive", "handleEvents", "then", "sync", "async", "asyncAfter", "withAnimation",
        "withTransaction", "animate", "performAndWait", "allSatisfy", "removeAll", "last", "min", "max",
        "sort", "append", "insert", "dismiss", "run", "detached", "observe", "addObserver", "publisher",
    ]

    /// Closure labels that run actions.
    private static let actionSlots: [StaticString] = [
        "action", "perform", "onDismiss", "completion", "handler", "onCommit", "onEditingChanged", "primaryAction",
    ]

    /// True when the closure at `brace`, owned by `owner`, builds views.
    private func isViewClosure(brace: Int, owner: Chain, slot: Range<Int>) -> Bool {
        for name in Self.actionSlots where equals(slot, name) { return false }
        guard let link = owner.links.first(where: { $0.contains(brace) }) else { return false }
        // The name the closure belongs to: the head's callee, or the modifier's name.
        var nameStart = link.lowerBound
        if text[nameStart] == UInt8(ascii: ".") { nameStart += 1 }
        var nameEnd = identifierEnd(from: nameStart)
        // `SwiftUI.Button`, `configuration.label`: the last dotted segment before the call.
        while nameEnd + 1 < link.upperBound, text[nameEnd] == UInt8(ascii: "."), isIdentifierStart(text[nameEnd + 1]) {
            nameStart = nameEnd + 1
            nameEnd = identifierEnd(from: nameStart)
        }
        let name = nameStart..<nameEnd
        guard !name.isEmpty else { return false }
        let isHead = link == owner.head
        if isHead {
            if text[name.lowerBound] == UInt8(ascii: "#") { return true }  // `#Preview { … }`
            // A type's initializer (`VStack { … }`, `ForEach(…) { … }`) builds views; a
            // function's closure is read like a modifier's: `overlay { … }` in an extension
            // of View builds views, `withAnimation { … }` and `items.map { … }` do not.
            guard isUppercase(text[name.lowerBound]) else { return !isActionName(name) }
            if equals(name, "Task") || equals(name, "DispatchQueue") || equals(name, "Timer") { return false }
            if equals(name, "Button"), slot.isEmpty, isFirstTrailingClosure(brace, of: link),
               !hasArgumentLabel("action", inCallOf: link) {
                return false  // `Button("Save") { save() }`, `Button { go() } label: { … }`: the action
            }
            return true
        }
        return !isActionName(name)
    }

    /// `on…` handlers and the action modifiers and functions run code rather than build views.
    private func isActionName(_ name: Range<Int>) -> Bool {
        if name.count > 2, equals(name.lowerBound..<(name.lowerBound + 2), "on"), isUppercase(text[name.lowerBound + 2]) {
            return true
        }
        for action in Self.actionModifiers where equals(name, action) { return true }
        return false
    }

    private func isUppercase(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }

    /// True when `brace` is the first trailing closure of `link` (no other `{` of the link's
    /// own level comes before it).
    private func isFirstTrailingClosure(_ brace: Int, of link: Range<Int>) -> Bool {
        var i = link.lowerBound
        while i < brace {
            let byte = text[i]
            if byte == UInt8(ascii: "("), let close = tables.matchingBracket(at: i) {
                i = close + 1
                continue
            }
            if byte == UInt8(ascii: "{") { return i == brace }
            i += 1
        }
        return true
    }

    /// True when the call's parentheses in `link` have an argument labeled `label`.
    private func hasArgumentLabel(_ label: StaticString, inCallOf link: Range<Int>) -> Bool {
        var i = link.lowerBound
        while i < link.upperBound, text[i] != UInt8(ascii: "("), text[i] != UInt8(ascii: "{") { i += 1 }
        guard i < link.upperBound, text[i] == UInt8(ascii: "("), let close = tables.matchingBracket(at: i) else { return false }
        var j = i + 1
        while j < close {
            let byte = text[j]
            if byte == UInt8(ascii: "("), let inner = tables.matchingBracket(at: j) { j = inner + 1; continue }
            if isIdentifierStart(byte), j == 0 || !isIdentifierByte(text[j - 1]) {
                let end = identifierEnd(from: j)
                if equals(j..<end, label) {
                    let colon = skipTrivia(from: end)
                    if colon < close, text[colon] == UInt8(ascii: ":") { return true }
                }
                j = end
                continue
            }
            j += 1
        }
        return false
    }

    // MARK: Arguments

    /// True when an argument in the parentheses at `group` is drawn: the content of
    /// `Text(…)` / `AnyView(…)`, or the view of `.overlay(…)` / `.background(…)`.
    func drawsArgument(group: Int) -> Bool {
        guard let before = previousToken(before: group), isIdentifierByte(text[before]) else { return false }
        let name = identifierStart(endingAt: before)..<(before + 1)
        return equals(name, "Text") || equals(name, "AnyView") || equals(name, "overlay") || equals(name, "background")
    }
}
