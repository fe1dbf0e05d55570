/// A Bool that a view's own tap action flips, and how the view shows it (docs/rules.md,
/// toggle-without-state): the custom checkbox `Image(systemName: isOn ? "checkmark.square" :
/// "square").onTapGesture { isOn.toggle() }`.
public struct ToggledState: Sendable, Equatable {
    /// `X` as the action writes it, without `self.`, `$`/`_` and `.wrappedValue`
    /// (`isChecked`, `configuration.isOn`).
    public var name: String
    /// The view's own label or chain uses `X` outside its action: a ternary, an `if`, a
    /// `switch`, an argument. Uses inside `.opacity(…)`, `.overlay`/`.background` content,
    /// presentations (`.sheet(isPresented:)`), animations, `on…` handlers and
    /// `.accessibility…` modifiers do not count.
    public var isDrawn: Bool
    /// What VoiceOver reads changes with `X` in words: a ternary on `X` whose branch is a
    /// string literal with letters (or `Text("…")`), not an SF Symbol or image name, or an
    /// `if X { … }` whose branches hold `Text("…")` / `Label("…", …)` with letters.
    public var isAnnounced: Bool
}

extension SwiftStructure {
    /// The Bool the chain's tap action toggles (`X.toggle()`, `X = !X`,
    /// `X.wrappedValue.toggle()`), nil when it toggles none. The action is a `Button`'s
    /// (its `action:` argument, else its first trailing closure), an `.onTapGesture`, or a
    /// `.gesture`/`.simultaneousGesture`/`.highPriorityGesture` holding a `TapGesture`.
    public func toggledState(of chain: Chain, cache: ContainerCache) -> ToggledState? {
        // One entry per byte, and one for the end of the file.
        if cache.toggleSlots.count <= count {
            cache.toggleSlots.append(contentsOf: repeatElement(-1, count: count + 1 - cache.toggleSlots.count))
        }
        let known = cache.toggleSlots[chain.start]
        if known >= 0 { return cache.toggles[Int(known)].state }
        let state = toggledState(of: chain)
        cache.toggleSlots[chain.start] = Int32(cache.toggles.count)
        cache.toggles.append((chain.start, state))
        return state
    }

    func toggledState(of chain: Chain) -> ToggledState? {
        guard mayToggle(in: chain.start..<chain.end) else { return nil }
        let actions = actionRanges(of: chain)
        var toggled: [UInt8]?
        for action in actions {
            toggled = toggledName(in: action)
            if toggled != nil { break }
        }
        guard let name = toggled else { return nil }
        var drawn = false
        var announced = false
        var from = chain.start
        while !(drawn && announced), let found = occurrence(of: name, in: from..<chain.end) {
            from = found.upperBound
            if actions.contains(where: { $0.contains(found.lowerBound) }) || isToggled(found) { continue }
            if !announced, isAnnounced(found) { announced = true }
            if !drawn, !isInUndrawnModifier(found.lowerBound, chainStart: chain.start) { drawn = true }
        }
        return ToggledState(name: String(decoding: name, as: UTF8.self), isDrawn: drawn, isAnnounced: announced)
    }

    // MARK: The action

    func actionRanges(of chain: Chain) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        if let action = buttonAction(in: chain.head) { ranges.append(action) }
        for link in chain.modifiers where link.count > 1 {
            let name = (link.lowerBound + 1)..<identifierEnd(from: link.lowerBound + 1)
            if equals(name, "onTapGesture") {
                ranges.append(name.upperBound..<link.upperBound)
            } else if equals(name, "gesture") || equals(name, "simultaneousGesture") || equals(name, "highPriorityGesture"),
                      contains("TapGesture", in: name.upperBound..<link.upperBound) {
                ranges.append(name.upperBound..<link.upperBound)
            }
        }
        return ranges
    }

    /// The action of a `Button(…)` head: its `action:` argument, else its first trailing closure.
    func buttonAction(in head: Range<Int>) -> Range<Int>? {
        var nameStart = head.lowerBound
        var nameEnd = identifierEnd(from: nameStart)
        while nameEnd + 1 < head.upperBound, text[nameEnd] == UInt8(ascii: "."), isIdentifierStart(text[nameEnd + 1]) {
            nameStart = nameEnd + 1
            nameEnd = identifierEnd(from: nameStart)
        }
        guard equals(nameStart..<nameEnd, "Button") else { return nil }
        var i = skipTrivia(from: nameEnd)
        if i < head.upperBound, text[i] == UInt8(ascii: "("), let close = tables.matchingBracket(at: i) {
            if let action = argument(labeled: "action", inGroup: i, closingAt: close) { return action }
            i = skipTrivia(from: close + 1)
        }
        guard i < head.upperBound, text[i] == UInt8(ascii: "{"), let close = tables.matchingBracket(at: i) else { return nil }
        return i..<(close + 1)
    }

    /// The value of the top-level argument labeled `label` in the group `open…close`.
    private func argument(labeled label: StaticString, inGroup open: Int, closingAt close: Int) -> Range<Int>? {
        var i = open + 1
        var atArgumentStart = true
        while i < close {
            let byte = text[i]
            if isOpeningBracket(byte), let partner = tables.matchingBracket(at: i) {
                i = partner + 1
                atArgumentStart = false
                continue
            }
            if byte == UInt8(ascii: ",") {
                atArgumentStart = true
                i += 1
                continue
            }
            if atArgumentStart, isIdentifierStart(byte) {
                let end = identifierEnd(from: i)
                let colon = skipTrivia(from: end)
                if equals(i..<end, label), colon < close, text[colon] == UInt8(ascii: ":") {
                    var valueEnd = colon + 1
                    while valueEnd < close, text[valueEnd] != UInt8(ascii: ",") {
                        if isOpeningBracket(text[valueEnd]), let partner = tables.matchingBracket(at: valueEnd) {
                            valueEnd = partner + 1
                        } else {
                            valueEnd += 1
                        }
                    }
                    return (colon + 1)..<valueEnd
                }
                atArgumentStart = false
                i = end
                continue
            }
            if !isSpace(byte) { atArgumentStart = false }
            i += 1
        }
        return nil
    }

    /// False when no action inside `range` can toggle anything (`toggledName(in:)` needs
    /// `toggle` after a `.`, or a lone `=` followed by `!`): most chains are told apart by a
    /// search for those bytes alone, before their actions are looked for.
    private func mayToggle(in range: Range<Int>) -> Bool {
        // `.toggle` starting in `range` may end past it.
        let window = range.lowerBound..<min(range.upperBound + 7, count)
        var from = window.lowerBound + 2
        while from < window.upperBound, let g = firstOffset(of: UInt8(ascii: "g"), in: from..<window.upperBound) {
            if g + 4 <= window.upperBound, equals((g - 2)..<(g + 4), "toggle") { return true }
            from = g + 1
        }
        from = range.lowerBound
        while from < range.upperBound, let equal = firstOffset(of: UInt8(ascii: "="), in: from..<range.upperBound) {
            if isAssignment(at: equal) {
                let bang = skipTrivia(from: equal + 1)
                if bang < count, text[bang] == UInt8(ascii: "!") { return true }
            }
            from = equal + 1
        }
        return false
    }

    /// The Bool toggled in `range`: `X.toggle()`, `X.wrappedValue.toggle()` or `X = !X`.
    func toggledName(in range: Range<Int>) -> [UInt8]? {
        var i = range.lowerBound
        while i < range.upperBound {
            let byte = text[i]
            // (`toggle` starts with `t`: most member names are told apart by their first byte.)
            if byte == UInt8(ascii: "."), i > range.lowerBound, isIdentifierByte(text[i - 1]),
               i + 1 < count, text[i + 1] == UInt8(ascii: "t"),
               equals((i + 1)..<identifierEnd(from: i + 1), "toggle") {
                let open = skipTrivia(from: i + 7)
                if open < range.upperBound, text[open] == UInt8(ascii: "("), skipTrivia(from: open + 1) < count,
                   text[skipTrivia(from: open + 1)] == UInt8(ascii: ")"), let path = path(endingAt: i - 1) {
                    return normalized(path)
                }
            }
            if byte == UInt8(ascii: "="), isAssignment(at: i), let lhsEnd = previousToken(before: i),
               let lhs = path(endingAt: lhsEnd) {
                let bang = skipTrivia(from: i + 1)
                if bang < range.upperBound, text[bang] == UInt8(ascii: "!") {
                    let rhs = path(startingAt: bang + 1)
                    if !rhs.isEmpty, normalized(rhs) == normalized(lhs) { return normalized(lhs) }
                }
            }
            i += 1
        }
        return nil
    }

    private func isAssignment(at offset: Int) -> Bool {
        guard offset > 0, offset + 1 < count else { return false }
        let after = text[offset + 1]
        return !isOperatorByte(text[offset - 1]) && after != UInt8(ascii: "=") && after != UInt8(ascii: ">")
    }

    /// A property path (`self.isOn`, `configuration.isOn`, `$model.flag`) ending at `end`;
    /// nil when it hangs off a call or subscript (`items[i].done`).
    private func path(endingAt end: Int) -> Range<Int>? {
        guard isIdentifierByte(text[end]) else { return nil }
        var start = end
        while start > 0, isPathByte(text[start - 1]) { start -= 1 }
        if start > 0 {
            let before = text[start - 1]
            if before == UInt8(ascii: ")") || before == UInt8(ascii: "]") || before == UInt8(ascii: "?")
                || before == UInt8(ascii: "!") { return nil }
        }
        while start <= end, text[start] == UInt8(ascii: ".") { start += 1 }
        return start..<(end + 1)
    }

    private func path(startingAt offset: Int) -> Range<Int> {
        var end = offset
        while end < count, isPathByte(text[end]) { end += 1 }
        while end > offset, text[end - 1] == UInt8(ascii: ".") { end -= 1 }
        return offset..<end
    }

    private func isPathByte(_ byte: UInt8) -> Bool {
        isIdentifierByte(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "$")
    }

    /// The path without `self.`, a leading `$` or `_`, and a trailing `.wrappedValue`.
    private func normalized(_ path: Range<Int>) -> [UInt8] {
        // Trimmed as offsets, then copied once.
        var start = path.lowerBound
        var end = path.upperBound
        if end - start >= 5, equals(start..<(start + 5), "self.") { start += 5 }
        if start < end, text[start] == UInt8(ascii: "$") || text[start] == UInt8(ascii: "_") { start += 1 }
        let suffix = ".wrappedValue".utf8.count
        if end - start > suffix, equals((end - suffix)..<end, ".wrappedValue") { end -= suffix }
        return Array(text[start..<end])
    }

    // MARK: Where the state is used

    /// The next use of the path `name` in `range` (also as `self.X`, `$X`, `_X`), the
    /// prefix included.
    private func occurrence(of name: [UInt8], in range: Range<Int>) -> Range<Int>? {
        guard let first = name.first, range.count >= name.count else { return nil }
        var i = range.lowerBound
        while i + name.count <= range.upperBound {
            guard let candidate = firstOffset(of: first, in: i..<(range.upperBound - name.count + 1)) else { return nil }
            i = candidate
            defer { i += 1 }
            var same = true
            for k in 1..<name.count where text[i + k] != name[k] {
                same = false
                break
            }
            guard same else { continue }
            let end = i + name.count
            if end < count, isIdentifierByte(text[end]) { continue }
            guard i > 0 else { return i..<end }
            let before = text[i - 1]
            if before == UInt8(ascii: "$") || before == UInt8(ascii: "_") {
                if i < 2 || !(isPathByte(text[i - 2])) { return (i - 1)..<end }
                continue
            }
            if before == UInt8(ascii: "."), i >= 5, equals((i - 5)..<(i - 1), "self"),
               i < 6 || !isPathByte(text[i - 6]) {
                return (i - 5)..<end
            }
            if isPathByte(before) { continue }
            return i..<end
        }
        return nil
    }

    /// True when the use at `offset` sits inside the arguments or closure of a modifier
    /// that does not draw the control (see `ToggledState.isDrawn`), up to `chainStart`.
    private func isInUndrawnModifier(_ offset: Int, chainStart: Int) -> Bool {
        var position = offset
        while let open = tables.enclosingBracket(of: position), open >= chainStart {
            if let name = modifierName(owning: open), isUndrawn(name) { return true }
            position = open
        }
        return false
    }

    /// The name of the `.modifier` whose `(` or trailing `{` is at `open`.
    private func modifierName(owning open: Int) -> Range<Int>? {
        guard var before = previousToken(before: open) else { return nil }
        if text[open] == UInt8(ascii: "{"), text[before] == UInt8(ascii: ")"),
           let partner = tables.matchingBracket(at: before), let callee = previousToken(before: partner) {
            before = callee
        }
        guard isIdentifierByte(text[before]) else { return nil }
        let start = identifierStart(endingAt: before)
        guard start > 0, text[start - 1] == UInt8(ascii: ".") else { return nil }
        return start..<(before + 1)
    }

    private static let undrawnModifiers: [StaticString] = [
        "opacity", "overlay", "background", "animation", "transaction", "transition", "sensoryFeedback", "id",
        "sheet", "fullScreenCover", "popover", "alert", "confirmationDialog", "inspector", "fileImporter",
        "fileExporter", "navigationDestination", "task", "gesture", "simultaneousGesture", "highPriorityGesture",
        "disabled",
    ]

    private func isUndrawn(_ name: Range<Int>) -> Bool {
        if name.count > 2, equals(name.lowerBound..<(name.lowerBound + 2), "on"),
           text[name.lowerBound + 2] >= UInt8(ascii: "A"), text[name.lowerBound + 2] <= UInt8(ascii: "Z") { return true }
        if name.count >= 13, equals(name.lowerBound..<(name.lowerBound + 13), "accessibility") { return true }
        for modifier in Self.undrawnModifiers where equals(name, modifier) { return true }
        return false
    }

    /// The use is itself a toggle (`X.toggle()`, `X = …`): an action nested in the label
    /// (a row's own button), not a drawing.
    private func isToggled(_ found: Range<Int>) -> Bool {
        let after = skipWrappedValue(after: found.upperBound)
        let next = skipTrivia(from: after)
        guard next + 1 < count else { return false }
        if text[next] == UInt8(ascii: "=") { return isAssignment(at: next) }
        return text[next] == UInt8(ascii: ".") && equals((next + 1)..<identifierEnd(from: next + 1), "toggle")
    }

    private func skipWrappedValue(after offset: Int) -> Int {
        guard offset + 1 < count, text[offset] == UInt8(ascii: "."),
              equals((offset + 1)..<identifierEnd(from: offset + 1), "wrappedValue") else { return offset }
        return identifierEnd(from: offset + 1)
    }

    // MARK: Words that change with the state

    private func isAnnounced(_ found: Range<Int>) -> Bool {
        let after = skipWrappedValue(after: found.upperBound)
        let next = skipTrivia(from: after)
        if next < count, text[next] == UInt8(ascii: "?"), isSpace(text[next - 1]) {
            let branch = skipTrivia(from: next + 1)
            guard namesImage(expressionAt: found.lowerBound) else {
                // A literal branch is words when it has letters (`"●"` is not); any other branch
                // of a label's ternary is (`L10n.expand`).
                guard branch < count, text[branch] != UInt8(ascii: "\"") else { return startsWords(at: branch) }
                return startsWords(at: branch) || isInLabelArgument(found.lowerBound)
            }
            // `play.fill` / `pause.fill`: the symbols VoiceOver reads as the words "Play" and "Pause".
            return branch < count && text[branch] == UInt8(ascii: "\"")
                && (literal(at: branch, startsWith: "play") || literal(at: branch, startsWith: "pause"))
        }
        // `if X {` / `if !X {`, and its `else`.
        guard var before = previousToken(before: found.lowerBound) else { return false }
        if text[before] == UInt8(ascii: "!"), let earlier = previousToken(before: before) { before = earlier }
        guard isIdentifierByte(text[before]), equals(identifierStart(endingAt: before)..<(before + 1), "if") else { return false }
        var brace = after
        while brace < count, text[brace] != UInt8(ascii: "{") {
            if isOpeningBracket(text[brace]), let partner = tables.matchingBracket(at: brace) {
                brace = partner + 1
            } else {
                brace += 1
            }
        }
        guard brace < count, let close = tables.matchingBracket(at: brace) else { return false }
        var end = close + 1
        let elseWord = skipTrivia(from: end)
        if equals(elseWord..<identifierEnd(from: elseWord), "else") {
            let elseBrace = skipTrivia(from: elseWord + 4)
            if elseBrace < count, text[elseBrace] == UInt8(ascii: "{"),
               let elseClose = tables.matchingBracket(at: elseBrace) { end = elseClose + 1 }
        }
        return hasWordsCall(in: brace..<end)
    }

    /// The use at `offset` is the argument of an `.accessibilityLabel(…)` (or of the `Text(…)` /
    /// `Label(…)` / `LocalizedStringKey(…)` / `String(localized:…)` holding a label): whatever
    /// the branches are (`L10n.collapse`, a localized constant), they are read as words.
    private func isInLabelArgument(_ offset: Int) -> Bool {
        guard let open = tables.enclosingBracket(of: offset), text[open] == UInt8(ascii: "("),
              let callee = previousToken(before: open), isIdentifierByte(text[callee]) else { return false }
        let name = identifierStart(endingAt: callee)..<(callee + 1)
        return equals(name, "accessibilityLabel") || equals(name, "Text") || equals(name, "Label")
            || equals(name, "LocalizedStringKey") || equals(name, "String") || equals(name, "NSLocalizedString")
    }

    /// The expression at `start` is an image or symbol name: the argument of `systemName:`,
    /// `systemImage:`, `named:`, `image:`, or the first argument of `Image(…)`.
    private func namesImage(expressionAt start: Int) -> Bool {
        guard var before = previousToken(before: start) else { return false }
        if text[before] == UInt8(ascii: "!"), let earlier = previousToken(before: before) { before = earlier }
        if text[before] == UInt8(ascii: ":"), let labelEnd = previousToken(before: before), isIdentifierByte(text[labelEnd]) {
            let label = identifierStart(endingAt: labelEnd)..<(labelEnd + 1)
            return equals(label, "systemName") || equals(label, "systemImage") || equals(label, "named")
                || equals(label, "image") || equals(label, "imageName") || equals(label, "icon")
        }
        if text[before] == UInt8(ascii: "("), let callee = previousToken(before: before), isIdentifierByte(text[callee]) {
            let name = identifierStart(endingAt: callee)..<(callee + 1)
            return equals(name, "Image") || equals(name, "UIImage")
        }
        return false
    }

    /// A string literal with letters at `offset`, or `Text("…")` / `String(localized: "…")`
    /// / `LocalizedStringKey("…")` holding one.
    private func startsWords(at offset: Int) -> Bool {
        guard offset < count else { return false }
        if text[offset] == UInt8(ascii: "\"") { return literalHasLetters(at: offset) }
        guard isIdentifierStart(text[offset]) else { return false }
        let name = offset..<identifierEnd(from: offset)
        guard equals(name, "Text") || equals(name, "String") || equals(name, "LocalizedStringKey")
                || equals(name, "NSLocalizedString") else { return false }
        let open = skipTrivia(from: name.upperBound)
        guard open < count, text[open] == UInt8(ascii: "(") else { return false }
        var argument = skipTrivia(from: open + 1)
        if argument < count, isIdentifierStart(text[argument]) {
            let labelEnd = identifierEnd(from: argument)
            let colon = skipTrivia(from: labelEnd)
            if colon < count, text[colon] == UInt8(ascii: ":") { argument = skipTrivia(from: colon + 1) }
        }
        return argument < count && text[argument] == UInt8(ascii: "\"") && literalHasLetters(at: argument)
    }

    /// `Text("…")` or `Label("…", …)` with letters somewhere in `range`.
    private func hasWordsCall(in range: Range<Int>) -> Bool {
        var found = false
        forEachIdentifier(in: range) { name in
            guard !found, equals(name, "Text") || equals(name, "Label") else { return }
            let open = skipTrivia(from: name.upperBound)
            guard open < count, text[open] == UInt8(ascii: "(") else { return }
            let quote = skipTrivia(from: open + 1)
            found = quote < count && text[quote] == UInt8(ascii: "\"") && literalHasLetters(at: quote)
        }
        return found
    }

    /// The one-line string literal opening at `quote` holds a letter (any non-ASCII
    /// character counts: words in other scripts).
    private func literalHasLetters(at quote: Int) -> Bool {
        var i = quote + 1
        while i < count, text[i] != UInt8(ascii: "\""), text[i] != UInt8(ascii: "\n") {
            let byte = tables.raw[i]
            if byte >= 0x80 || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) { return true }
            i += 1
        }
        return false
    }

    private func literal(at quote: Int, startsWith prefix: StaticString) -> Bool {
        let length = prefix.utf8CodeUnitCount
        guard quote + 1 + length < count else { return false }
        return prefix.withUTF8Buffer { bytes in
            for k in 0..<length where tables.raw[quote + 1 + k] != bytes[k] { return false }
            let after = tables.raw[quote + 1 + length]
            return after == UInt8(ascii: ".") || after == UInt8(ascii: "\"")
        }
    }

    // MARK: Bytes

    private func contains(_ word: StaticString, in range: Range<Int>) -> Bool {
        let length = word.utf8CodeUnitCount
        guard range.count >= length else { return false }
        for start in range.lowerBound...(range.upperBound - length) where equals(start..<(start + length), word) {
            return true
        }
        return false
    }

    private func isOpeningBracket(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{")
    }

    private func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }
}
