/// The platforms a piece of code is compiled for, read from the `#if os(…)` blocks around it
/// (docs/rules.md, fixed-font-size: a size only tvOS ever draws).
extension SwiftStructure {
    /// The platforms the code at `offset` is compiled for when `#if` branches around it
    /// restrict them (`#if os(tvOS)`, `#elseif os(tvOS) || os(macOS)`, the `#else` of
    /// `#if !os(tvOS)`; with nested blocks, the innermost restricted one); nil when no branch
    /// around it names its platforms.
    public func platforms(at offset: Int, cache: ContainerCache) -> Set<String>? {
        let branches: [(start: Int, platforms: Set<String>?)]
        if let known = cache.platformBranches {
            branches = known
        } else {
            branches = platformBranches()
            cache.platformBranches = branches
        }
        var low = 0, high = branches.count
        while low < high {
            let middle = (low + high) / 2
            if branches[middle].start <= offset { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : branches[low - 1].platforms
    }

    /// After each directive line of the file, the platforms its code is compiled for.
    private func platformBranches() -> [(start: Int, platforms: Set<String>?)] {
        var branches: [(start: Int, platforms: Set<String>?)] = []
        // Each open block: the conditions of its branches so far, and the platforms of its
        // current branch or, when that branch names none, of the blocks around it (so 20,000
        // nested `#if` lines are read in linear time).
        var blocks: [(conditions: [String], platforms: Set<String>?)] = []
        for lineStart in tables.lineStarts where lineStart < count {
            var first = lineStart
            while first < count, text[first] == UInt8(ascii: " ") || text[first] == UInt8(ascii: "\t") { first += 1 }
            guard first < count, text[first] == UInt8(ascii: "#"), let directive = directive(at: first) else { continue }
            let condition = String(decoding: text[identifierEnd(from: first + 1)..<directive.end], as: UTF8.self)
            let outer = blocks.count > 1 ? blocks[blocks.count - 2].platforms : nil
            switch directive.kind {
            case .if:
                blocks.append(([condition], Self.platforms(of: condition) ?? blocks.last?.platforms))
            case .elseif:
                guard !blocks.isEmpty else { continue }
                blocks[blocks.count - 1].conditions.append(condition)
                blocks[blocks.count - 1].platforms = Self.platforms(of: condition) ?? outer
            case .else:
                guard let block = blocks.last else { continue }
                let own = block.conditions.count == 1 ? Self.platforms(of: block.conditions[0], negated: true) : nil
                blocks[blocks.count - 1].platforms = own ?? outer
            case .endif:
                guard !blocks.isEmpty else { continue }
                blocks.removeLast()
            }
            branches.append((directive.end, blocks.last?.platforms))
        }
        return branches
    }

    /// The platforms a condition holds on: `os(X)`, or `os(X) || os(Y)` (each alternative may
    /// add `&& …`); `negated`: the platform X of `!os(X)` alone. Nil for any other condition.
    static func platforms(of condition: String, negated: Bool = false) -> Set<String>? {
        let squeezed = condition.filter { !$0.isWhitespace }
        if negated {
            guard squeezed.hasPrefix("!os("), squeezed.hasSuffix(")"), !squeezed.contains("&"),
                  !squeezed.contains("|") else { return nil }
            return [String(squeezed.dropFirst(4).dropLast())]
        }
        var platforms: Set<String> = []
        for alternative in squeezed.split(separator: "||") {
            let terms = alternative.split(separator: "&&").map { $0.trimmingCharacters(in: "()") }
            guard let term = terms.first(where: { $0.hasPrefix("os(") }) else { return nil }
            let name = term.dropFirst(2).trimmingCharacters(in: "()")
            guard !name.isEmpty else { return nil }
            platforms.insert(name)
        }
        return platforms.isEmpty ? nil : platforms
    }
}

private extension Substring {
    func trimmingCharacters(in set: String) -> String {
        var part = self
        while let first = part.first, set.contains(first) { part.removeFirst() }
        while let last = part.last, set.contains(last) { part.removeLast() }
        return String(part)
    }
}
