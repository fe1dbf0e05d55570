import A11yJSON

/// The appearances of a resolver (Resolver Module 4.1.5.4, 6.2): every combination of one
/// context per modifier in `resolutionOrder`, named by the chosen contexts in that order
/// joined by `+` (`default` when there is no modifier), each with its token sources in
/// resolution order.
enum TokenPermutations {
    struct Combination {
        var name: String
        var sources: [[TokenGroup]]
        /// The context chosen of each modifier, in resolution order.
        var contexts: [String] = []
    }

    /// Each context kept of each modifier, with its files and the appearances that take it.
    static func contexts(of layers: [ResolverLayer], in combinations: [Combination]) -> [TokenContext] {
        var result: [TokenContext] = []
        var modifierIndex = 0
        for case .modifier(let name, let contexts) in layers {
            for context in contexts {
                let appearances = combinations.filter { $0.contexts.indices.contains(modifierIndex) && $0.contexts[modifierIndex] == context.name }
                guard !appearances.isEmpty else { continue }
                result.append(TokenContext(modifier: name, name: context.name, files: context.sources.map(\.file),
                                           appearances: appearances.map(\.name)))
            }
            modifierIndex += 1
        }
        return result
    }

    static func combinations(of layers: [ResolverLayer], filter: [String: [String]],
                             reader: ResolverReader) throws(ColorSourceError) -> [Combination] {
        let modifiers = layers.compactMap { layer -> (name: String, contexts: [String])? in
            if case .modifier(let name, let contexts) = layer { return (name, contexts.map(\.name)) }
            return nil
        }
        let chosen = try narrowed(modifiers, by: filter, reader: reader)
        let count = chosen.reduce(1) { min($0 * max($1.count, 1), 1 << 40) }  // no overflow: at most 2^40 × a context count
        if count > TokenSet.maxAppearances {
            let counts = zip(modifiers, chosen).map { "\($0.name): \($1.count)" }.joined(separator: " × ")
            throw reader.error(reader.document.root["resolutionOrder"] ?? reader.document.root,
                               "the resolver's modifiers make \(count) appearances (\(counts)), more than \(TokenSet.maxAppearances): narrow them with colors.contexts: {modifier: [context, …]}")
        }
        var out = [Combination(name: "", sources: [])]
        var modifierIndex = 0
        for layer in layers {
            switch layer {
            case .set(let groups):
                for i in out.indices { out[i].sources.append(groups) }
            case .modifier(_, let contexts):
                let keep = chosen[modifierIndex]
                modifierIndex += 1
                out = out.flatMap { combination in
                    contexts.filter { keep.contains($0.name) }.map { context in
                        Combination(name: combination.name.isEmpty ? context.name : combination.name + "+" + context.name,
                                    sources: combination.sources + [context.sources], contexts: combination.contexts + [context.name])
                    }
                }
            }
        }
        if modifiers.isEmpty { out[0].name = "default" }
        return out
    }

    /// Each modifier's contexts, narrowed by the filter (modifier and context names matched
    /// without regard to case, Resolver 5.1); a name the resolver lacks is an error.
    private static func narrowed(_ modifiers: [(name: String, contexts: [String])], by filter: [String: [String]],
                                 reader: ResolverReader) throws(ColorSourceError) -> [[String]] {
        var chosen = modifiers.map(\.contexts)
        let where_ = reader.document.root["resolutionOrder"] ?? reader.document.root
        for (key, wanted) in filter.sorted(by: { $0.key < $1.key }) {
            guard let index = modifiers.firstIndex(where: { $0.name.lowercased() == key.lowercased() }) else {
                throw reader.error(where_, "colors.contexts names the modifier '\(key)', which the resolver's resolutionOrder does not have\(Suggestions.hint(for: key, in: modifiers.map(\.name)))")
            }
            var keep: [String] = []
            for context in wanted {
                guard let found = modifiers[index].contexts.first(where: { $0.lowercased() == context.lowercased() }) else {
                    throw reader.error(where_, "colors.contexts names the context '\(context)', which the modifier '\(modifiers[index].name)' does not have\(Suggestions.hint(for: context, in: modifiers[index].contexts))")
                }
                keep.append(found)
            }
            guard !keep.isEmpty else {
                throw reader.error(where_, "colors.contexts gives the modifier '\(modifiers[index].name)' no context")
            }
            chosen[index] = keep
        }
        return chosen
    }
}

/// One context of a resolver's modifier: the files of its token sources in order (the
/// resolver's own path for inline tokens), and the appearances that take it.
public struct TokenContext: Sendable, Hashable {
    public var modifier: String
    public var name: String
    public var files: [String]
    public var appearances: [String]
}
