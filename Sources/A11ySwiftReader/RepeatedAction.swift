import A11yPattern

/// Whether a control's action is also performed by another, visible control of the same view
/// code (docs/rules.md, hidden-interactive): a small icon button hidden from VoiceOver beside
/// a row that is a button calling the same function loses nothing.
extension SwiftStructure {
    /// True when some tap action of `chain` (a `Button`'s action, an `.onTapGesture`, a
    /// `TapGesture`; see `actionRanges(of:)`) is the same call as the action of a control
    /// elsewhere in the outermost container around it (a `Button`, a tap gesture, an
    /// `.accessibilityAction`) whose own chain is not hidden from VoiceOver. Actions are
    /// compared as written, white space and `self.` left out, a function reference `f` read as
    /// the call `f()`. With `buttonsOnly`, only `Button`s count (a control with a role: a row
    /// whose tap repeats the action of a visible button, `tap-gesture-without-trait`), and the
    /// `.accessibilityAction`s of chains other than `chain` (the row around a tap surface that
    /// gives VoiceOver the same action).
    public func repeatsVisibleAction(_ chain: Chain, levels: ContainerLevels, cache: ContainerCache,
                                     buttonsOnly: Bool = false) -> Bool {
        guard levels.count > 0 else { return false }
        var keys = actionRanges(of: chain).compactMap(actionKey)
        guard !keys.isEmpty else { return false }
        // A row that does the button's work only when the button is usable: `if enabled { … }`.
        if buttonsOnly { keys += keys.compactMap(Self.conditionalBody) }
        let region = levels[levels.count - 1].open
        // Buttons-only sets are kept under the bracket's complement (offsets are never negative).
        let cacheKey = buttonsOnly ? ~region : region
        let visible: VisibleActions
        if let known = cache.visibleActions[cacheKey] {
            visible = known
        } else {
            visible = VisibleActions(visibleActionKeys(in: contents(ofBracket: region), buttonsOnly: buttonsOnly,
                                                       cache: cache))
            cache.visibleActions[cacheKey] = visible
        }
        guard buttonsOnly else { return keys.contains { visible.keys.contains($0) } }
        if !visible.hasZeroByte, !keys.contains(where: { $0.contains(0) }) {
            // No key holds a 0 byte: an `.accessibilityAction` entry matches a key only whole.
            return keys.contains { key in
                visible.keys.contains(key) || visible.accessibilityChains[key, default: []].contains { $0 != chain.start }
            }
        }
        let own = Array(String(chain.start).utf8)
        return keys.contains { key in
            visible.keys.contains(key) || visible.keys.contains { other in
                other.count > key.count + 1 && other.starts(with: key) && other[key.count] == 0
                    && Array(other[(key.count + 1)...]) != own
            }
        }
    }

    /// The action keys of the visible controls inside a bracket (`visibleActionKeys`), and
    /// for the buttons-only set, each `.accessibilityAction` key's chain starts, so that a key is
    /// looked up instead of compared with every entry (a view body with a few hundred buttons
    /// compared each of them for every tap gesture in it).
    struct VisibleActions {
        var keys: Set<[UInt8]>
        /// An entry `KEY 0 START` as `KEY: [START]`, when no entry has another 0 byte.
        var accessibilityChains: [[UInt8]: [Int]] = [:]
        /// Some entry has a 0 byte other than the separator (the file's code has a NUL):
        /// entries are compared one by one.
        var hasZeroByte = false

        init(_ keys: Set<[UInt8]>) {
            self.keys = keys
            for entry in keys {
                guard let zero = entry.firstIndex(of: 0) else { continue }
                let digits = entry[(zero + 1)...]
                // Written by `visibleActionKeys` as decimal digits; anything else is compared as bytes.
                let text = String(decoding: digits, as: UTF8.self)
                guard let start = Int(text), String(start) == text else {
                    hasZeroByte = true
                    continue
                }
                accessibilityChains[Array(entry[..<zero]), default: []].append(start)
            }
        }
    }

    /// The body of an action key that is one `if COND { BODY }` (no `else`), nil otherwise.
    static func conditionalBody(_ key: [UInt8]) -> [UInt8]? {
        guard key.count > 4, key[0] == UInt8(ascii: "i"), key[1] == UInt8(ascii: "f"), key.last == UInt8(ascii: "}"),
              let open = key.firstIndex(of: UInt8(ascii: "{")) else { return nil }
        let body = key[(open + 1)..<(key.count - 1)]
        var depth = 0
        for byte in body {
            if byte == UInt8(ascii: "{") { depth += 1 }
            if byte == UInt8(ascii: "}") {
                depth -= 1
                if depth < 0 { return nil }
            }
        }
        return body.isEmpty ? nil : Array(body)
    }

    /// The action keys of every control in `range` that is not hidden from VoiceOver (with
    /// `buttonsOnly`, of every `Button`, and of every `.accessibilityAction` followed by a 0
    /// byte and its chain's start).
    private func visibleActionKeys(in range: Range<Int>, buttonsOnly: Bool, cache: ContainerCache) -> Set<[UInt8]> {
        let names = controlNames(in: range, cache: cache)
        // Sized for the names at once: the sets are not rebuilt as they grow.
        var keys: Set<[UInt8]> = []
        keys.reserveCapacity(names.count)
        var seen: Set<Int> = []
        seen.reserveCapacity(names.count)
        // The chains read last: a modifier that is one of their links is not read again (a
        // chain of 4,000 `.onTapGesture` is read once, not once per link).
        var recent: [Chain] = []
        for name in names {
            let i = name.lowerBound
            let isModifier = i > 0 && text[i - 1] == UInt8(ascii: ".")
            let site: Int
            if isModifier, buttonsOnly ? equals(name, "accessibilityAction") : isActionModifier(name) {
                site = i - 1
            } else if !isModifier || (i >= 8 && equals((i - 8)..<(i - 1), "SwiftUI")), equals(name, "Button") {
                site = i
            } else {
                continue
            }
            if isModifier, recent.contains(where: { $0.hasLink(startingAt: site) }) { continue }
            // The file's chains read so far: the tap rules' anchors are these same controls.
            let found = self.chain(at: site, cache: cache)
            recent.append(found)
            if recent.count > 8 { recent.removeFirst() }
            guard seen.insert(found.start).inserted, !isHidden(found) else { continue }
            guard buttonsOnly else {
                for action in actionRanges(of: found) + accessibilityActions(of: found) {
                    if let key = actionKey(action) { keys.insert(key) }
                }
                continue
            }
            if let action = buttonAction(in: found.head), let key = actionKey(action) { keys.insert(key) }
            // An `.accessibilityAction` counts for the other chains only: kept with its chain's start.
            for action in accessibilityActions(of: found) {
                if let key = actionKey(action) { keys.insert(key + [0] + Array(String(found.start).utf8)) }
            }
        }
        return keys
    }

    /// Each whole identifier in `range` that `visibleActionKeys` acts on, in text order
    /// (`onTapGesture`, `gesture`, `simultaneousGesture`, `highPriorityGesture` and
    /// `accessibilityAction` after a `.` in `range`; `Button` after a `.` or standing alone): the
    /// names a walk over every identifier would give, less the others. Modifiers are everywhere
    /// in SwiftUI and these names are rare, so only the places where one of them can be are
    /// looked at, and the names are kept in `cache`: the sets with and without `buttonsOnly`
    /// are built from the same ones.
    private func controlNames(in range: Range<Int>, cache: ContainerCache) -> [Range<Int>] {
        if let known = cache.controlNames[range.lowerBound] { return known }
        var found: [Range<Int>] = []
        func consider(_ start: Int, _ word: StaticString) {
            let end = start + word.utf8CodeUnitCount
            guard start >= range.lowerBound, start < range.upperBound, end <= count, equals(start..<end, word),
                  identifierEnd(from: start) == end else { return }
            let afterDot = start > range.lowerBound && text[start - 1] == UInt8(ascii: ".")
            let alone = text[start] == UInt8(ascii: "B")
                && (start == 0 || !isIdentifierByte(text[start - 1]) && text[start - 1] != UInt8(ascii: "."))
            if afterDot || alone { found.append(start..<end) }
        }
        // Each name holds a byte found in few other places: its `G`, its `A`, the `B` of
        // `Button`, the `g` of `.gesture` (less rare: checked against the `.` before it first).
        // A name that starts in `range` may end past it.
        let past = range.lowerBound..<min(range.upperBound + 13, count)
        forEachOffset(of: UInt8(ascii: "G"), in: past) { i in
            consider(i - 5, "onTapGesture")
            consider(i - 12, "simultaneousGesture")
            consider(i - 12, "highPriorityGesture")
        }
        forEachOffset(of: UInt8(ascii: "A"), in: past) { i in consider(i - 13, "accessibilityAction") }
        forEachOffset(of: UInt8(ascii: "B"), in: range) { i in consider(i, "Button") }
        forEachOffset(of: UInt8(ascii: "g"), in: range) { i in
            if i > range.lowerBound, text[i - 1] == UInt8(ascii: ".") { consider(i, "gesture") }
        }
        found.sort { $0.lowerBound < $1.lowerBound }
        cache.controlNames[range.lowerBound] = found
        return found
    }

    /// Calls `body` with each offset in `range` that holds `byte`, in order.
    private func forEachOffset(of byte: UInt8, in range: Range<Int>, _ body: (Int) -> Void) {
        guard let base = text.baseAddress else { return }
        ByteSearch.forEachOffset(of: byte, in: base, range: range, body)
    }

    /// Calls `body` with each whole identifier in `range`, in order.
    func forEachIdentifier(in range: Range<Int>, _ body: (Range<Int>) -> Void) {
        var i = range.lowerBound
        while i < range.upperBound {
            guard isIdentifierStart(text[i]), i == 0 || !isIdentifierByte(text[i - 1]) else {
                i += 1
                continue
            }
            let name = i..<identifierEnd(from: i)
            body(name)
            i = name.upperBound
        }
    }

    private func isActionModifier(_ name: Range<Int>) -> Bool {
        equals(name, "onTapGesture") || equals(name, "gesture") || equals(name, "simultaneousGesture")
            || equals(name, "highPriorityGesture") || equals(name, "accessibilityAction")
    }

    /// The closures of the chain's `.accessibilityAction` modifiers (from after the name).
    private func accessibilityActions(of chain: Chain) -> [Range<Int>] {
        chain.modifiers.compactMap { link in
            let name = (link.lowerBound + 1)..<max(link.lowerBound + 1, min(identifierEnd(from: link.lowerBound + 1), link.upperBound))
            return equals(name, "accessibilityAction") ? name.upperBound..<link.upperBound : nil
        }
    }

    /// `.accessibilityHidden(true)` / `.accessibility(hidden: true)` in the chain.
    private func isHidden(_ chain: Chain) -> Bool {
        chain.modifiers.contains { link in
            let name = (link.lowerBound + 1)..<max(link.lowerBound + 1, min(identifierEnd(from: link.lowerBound + 1), link.upperBound))
            guard equals(name, "accessibilityHidden") || equals(name, "accessibility") else { return false }
            let squeezed = squeezedRaw(name.upperBound..<link.upperBound)
            return squeezed == Array("(true)".utf8) || squeezed == Array("(hidden:true)".utf8)
        }
    }

    /// What an action does, as comparable bytes: the body of its closure (`{ x in … }`: from
    /// after `in`), else the value of its `action:` / `perform:` argument or the reference
    /// itself, followed by `()`. Nil when it is empty.
    func actionKey(_ action: Range<Int>) -> [UInt8]? {
        var body = action
        if let brace = firstBrace(in: action), let close = tables.matchingBracket(at: brace), close < action.upperBound {
            body = (brace + 1)..<close
            if let afterIn = closureParametersEnd(in: body) { body = afterIn..<body.upperBound }
        } else {
            var start = skipTrivia(from: action.lowerBound)
            if start < action.upperBound, text[start] == UInt8(ascii: "(") { start += 1 }
            if start < action.upperBound, isIdentifierStart(text[start]) {
                let labelEnd = identifierEnd(from: start)
                let colon = skipTrivia(from: labelEnd)
                if colon < action.upperBound, text[colon] == UInt8(ascii: ":") { start = colon + 1 }
            }
            var end = action.upperBound
            if let last = previousToken(before: end), last >= start, text[last] == UInt8(ascii: ")"),
               tables.matchingBracket(at: last) ?? 0 < start { end = last }
            guard start < end else { return nil }
            var key = squeezedRaw(start..<end)
            guard !key.isEmpty else { return nil }
            if key.last != UInt8(ascii: ")") { key += Array("()".utf8) }
            return key
        }
        let key = squeezedRaw(body)
        return key.isEmpty ? nil : key
    }

    private func firstBrace(in range: Range<Int>) -> Int? {
        var i = range.lowerBound
        while i < range.upperBound {
            if text[i] == UInt8(ascii: "{") { return i }
            i += 1
        }
        return nil
    }

    /// Where a closure's body starts after its parameters (`_ in`, `location in`,
    /// `(value) in`); nil when it has none.
    private func closureParametersEnd(in body: Range<Int>) -> Int? {
        var i = skipTrivia(from: body.lowerBound)
        while i < body.upperBound {
            let byte = text[i]
            if isIdentifierStart(byte) {
                let end = identifierEnd(from: i)
                if equals(i..<end, "in") { return end }
                i = end
            } else if byte == UInt8(ascii: "(") || byte == UInt8(ascii: ")") || byte == UInt8(ascii: ",")
                        || byte == UInt8(ascii: ":") || byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
                i += 1
            } else {
                return nil
            }
        }
        return nil
    }

    /// The file's own bytes in `range` without white space, comments and `self.`.
    private func squeezedRaw(_ range: Range<Int>) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(range.count)
        var i = range.lowerBound
        while i < range.upperBound {
            let byte = tables.raw[i]
            if byte == UInt8(ascii: "/"), i + 1 < range.upperBound,
               tables.raw[i + 1] == UInt8(ascii: "/") || tables.raw[i + 1] == UInt8(ascii: "*"),
               let comment = tables.comment(containing: i) {
                i = max(comment.upperBound, i + 1)
                continue
            }
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t")
                || byte == UInt8(ascii: "\r") {
                i += 1
                continue
            }
            if byte == UInt8(ascii: "s"), i + 5 <= range.upperBound, equals(i..<(i + 5), "self."),
               i == 0 || !isIdentifierByte(text[i - 1]) {
                i += 5
                continue
            }
            bytes.append(byte)
            i += 1
        }
        return bytes
    }
}
