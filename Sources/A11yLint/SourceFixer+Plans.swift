import Foundation
import A11yModel
import A11yColorSources

/// Planning one unit of `SourceFixer`: a token of a token set, or a colour set.
extension SourceFixer {
    func planTokens(_ unit: inout Unit, cache: ColorSourceCache) throws(SourceFixRefusal) {
        let first = unit.requests[0].fix.source!
        let reference = first.definition.reference
        guard case .success(let source) = cache.tokens(first.tokenPaths, isList: first.tokensIsList, contexts: settings.contexts),
              let set = source as? TokenSet else { throw SourceFixRefusal(reason: "its token set cannot be read") }
        let name = String(reference.dropFirst().dropLast())
        let targets = Self.targets(unit, appearance: \.tokenAppearance) { set.color(named: name, in: $0)?.color }
        var edits: [String: Set<ByteEdit>] = [:]
        var places: [String: [String]] = [:]  // "file offset" → the asked appearances that read it
        for appearance in set.appearances where targets[appearance] != nil {
            guard let place = set.place(of: name, in: appearance) else { throw SourceFixRefusal(reason: "it has no value in \(appearance)") }
            places["\(place.offset) \(place.file)", default: []].append(appearance)
        }
        var contextsDone = Set<String>()
        for (_, asked) in places.sorted(by: { $0.key < $1.key }) {
            let place = set.place(of: name, in: asked[0])!
            let readers = set.appearances.filter { set.place(of: name, in: $0).map { $0 == place } ?? false }
            let values = Set(asked.map { targets[$0]!.hexString })
            guard let owner = bytes(place.file) else { throw SourceFixRefusal(reason: "\(place.file) cannot be read") }
            if Set(readers).isSubset(of: asked), values.count == 1 {
                let list = try Self.attempt { () throws(ColorSourceError) in try TokenEdits.valueEdits(owner, at: place.offset, to: targets[asked[0]]!) }
                edits[place.file, default: []].formUnion(list)
                unit.changes += list.prefix(1).map { change(place.file, $0, reference, asked, from: set.color(named: name, in: asked[0])?.color, to: targets[asked[0]]!) }
                continue
            }
            // Shared with appearances that keep their colour: an override in a context only the asked ones take.
            for appearance in asked {
                let same = Set(targets.filter { $0.value.hexString == targets[appearance]!.hexString }.keys)
                guard let context = set.contexts.first(where: { $0.appearances.contains(appearance) && Set($0.appearances).isSubset(of: same) }) else {
                    throw SourceFixRefusal(reason: "its value (\(place.file)) is shared by \(readers.filter { !asked.contains($0) || targets[$0] == nil }.joined(separator: ", ")) where it passes, and no context of the resolver is taken by \(appearance) alone")
                }
                guard contextsDone.insert(context.modifier + "\u{1F}" + context.name).inserted else { continue }
                guard let file = context.files.last, file != first.tokenPaths.first, let target = bytes(file) else {
                    throw SourceFixRefusal(reason: "the context \(context.name) has no token file of its own to hold an override")
                }
                let text = try Self.attempt { () throws(ColorSourceError) in try TokenEdits.valueText(targets[appearance]!, like: owner, at: place.offset) }
                let list = try Self.attempt { () throws(ColorSourceError) in
                    try TokenEdits.overrideEdits(target, path: name.split(separator: ".").map(String.init), valueText: text)
                }
                edits[file, default: []].formUnion(list)
                unit.changes += list.prefix(1).map { change(file, $0, reference, context.appearances, from: set.color(named: name, in: appearance)?.color, to: targets[appearance]!) }
            }
        }
        unit.edits = edits.mapValues { Array($0) }
        try verifyTokens(&unit, set: set, name: name, targets: targets, first: first)
    }

    func verifyTokens(_ unit: inout Unit, set: TokenSet, name: String, targets: [String: RGBA], first: SourceFixRequest) throws(SourceFixRefusal) {
        let edited = overlay(with: [unit])
        let after: TokenSet
        do {
            after = first.tokensIsList || first.tokenPaths.count != 1
                ? try TokenSet(files: first.tokenPaths, contents: nil, overlay: edited)
                : try TokenSet(resolver: first.tokenPaths[0], contexts: settings.contexts, contents: nil, overlay: edited)
        } catch {
            throw SourceFixRefusal(reason: "the edited tokens cannot be read back (\(error))")
        }
        try Self.verify(&unit, reference: name, appearances: set.appearances, targets: targets,
                        before: { set.color(named: $0, in: $1)?.color }, after: { after.color(named: $0, in: $1)?.color })
        for token in set.colorNames where set.appearances.contains(where: {
            set.color(named: token, in: $0)?.color.hexString != after.color(named: token, in: $0)?.color.hexString
        }) { unit.changed.insert("{\(token)}") }
    }

    func planAsset(_ unit: inout Unit) throws(SourceFixRefusal) {
        let first = unit.requests[0].fix.source!
        let file = first.definition.file, reference = first.definition.reference
        let name = String(reference.dropFirst("asset:".count))
        let system = SystemColors.named(settings.systemColors) ?? .ios18
        guard let bytes = bytes(file) else { throw SourceFixRefusal(reason: "\(file) cannot be read") }
        let before = try Self.attempt { () throws(ColorSourceError) in try AssetCatalog.colorSet(named: name, contents: bytes, file: file, system: system) }
        let all = IOSAppearance.allCases
        let targets = Self.targets(unit, appearance: \.iosAppearance) { a in IOSAppearance(rawValue: a).flatMap { all.firstIndex(of: $0) }.flatMap { before[$0]?.color } }
        var asked: [IOSAppearance: RGBA] = [:]
        for (key, color) in targets { if let appearance = IOSAppearance(rawValue: key) { asked[appearance] = color } }
        let edits = try Self.attempt { () throws(ColorSourceError) in try AssetEdits.edits(bytes, file: file, targets: asked, system: system) }
        unit.edits = [file: edits]
        let afterBytes = ByteEdit.apply(edits, to: bytes)
        let after = try Self.attempt { () throws(ColorSourceError) in try AssetCatalog.colorSet(named: name, contents: afterBytes, file: file, system: system) }
        func color(_ list: [SourcedColor?], _ appearance: String) -> RGBA? {
            IOSAppearance(rawValue: appearance).flatMap { all.firstIndex(of: $0) }.flatMap { list[$0]?.color }
        }
        try Self.verify(&unit, reference: reference, appearances: all.map(\.rawValue), targets: targets,
                        before: { color(before, $1) }, after: { color(after, $1) })
        unit.changed = [reference]
        let shown = all.map(\.rawValue).filter { targets[$0] != nil }
        unit.changes = edits.prefix(1).map { change(file, $0, reference, shown, from: color(before, shown[0]), to: targets[shown[0]]!) }
    }

    static func attempt<T>(_ body: () throws(ColorSourceError) -> T) throws(SourceFixRefusal) -> T {
        do { return try body() } catch { throw SourceFixRefusal(error) }
    }
}
