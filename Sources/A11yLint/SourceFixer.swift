import Foundation
import A11yModel
import A11yColorSources

/// Why a colour source is not edited: said on the `not fixed` line of each pair it leaves failing.
struct SourceFixRefusal: Error, Hashable {
    var reason: String
}

/// `--fix` for colours that came from a token or a colour set (docs/colour-sources.md, "--fix
/// and colour sources"): the theme fixes' `SourceFixRequest`s become edits of the token files
/// and colour sets, kept in memory (`overlay`) until the run writes them.
///
/// Requests for the same token (or colour set) of the same sources are one `Unit`, planned
/// together: the value is edited where it is written (aliases followed to the token that owns
/// it) when only the appearances that need the change read it, and otherwise overridden for
/// those appearances alone (a resolver context's token file; a colour set's entry for that
/// appearance). Each unit is checked by reading the edited source back: the appearances asked
/// for get the new colour, every other appearance of the reference keeps its own.
struct SourceFixer {
    struct Unit {
        var requests: [(theme: String, fix: ReportFix)] = []
        var edits: [String: [ByteEdit]] = [:]
        var changes: [SpecFixer.Change] = []
        /// Every reference whose colour the edits change, in some appearance.
        var changed: Set<String> = []
        var refusal: String?
        var themes: Set<String> { Set(requests.map(\.theme)) }
    }

    let settings: ColorSettings
    /// Source files as the fix leaves them so far (only those it changed), and as they were.
    private(set) var overlay: [String: [UInt8]] = [:]
    private(set) var original: [String: [UInt8]] = [:]

    init(settings: ColorSettings) { self.settings = settings }

    func bytes(_ file: String) -> [UInt8]? {
        overlay[file] ?? FileManager.default.contents(atPath: file).map { [UInt8]($0) }
    }

    /// The sources with `units`' edits applied too.
    func overlay(with units: [Unit]) -> [String: [UInt8]] {
        var edits: [String: Set<ByteEdit>] = [:]
        for unit in units where unit.refusal == nil { for (file, list) in unit.edits { edits[file, default: []].formUnion(list) } }
        var result = overlay
        for (file, list) in edits {
            guard let bytes = bytes(file) else { continue }
            result[file] = ByteEdit.apply(Array(list), to: bytes)
        }
        return result
    }

    /// Keeps `units`' edits (the run writes them at the end).
    mutating func apply(_ units: [Unit]) {
        let next = overlay(with: units)
        for file in next.keys where original[file] == nil { original[file] = bytes(file) }
        overlay = next
    }

    /// The requests of `fixes` by unit, each planned.
    func plan(_ fixes: [(theme: String, fix: ReportFix)], cache: ColorSourceCache) -> [Unit] {
        var units: [String: Unit] = [:]
        for item in fixes {
            guard let request = item.fix.source else { continue }
            let key = (request.tokenAppearance != nil ? "T" + request.tokenPaths.joined(separator: "\u{1F}") : "A" + request.definition.file)
                + "\u{1F}" + request.definition.reference
            units[key, default: Unit()].requests.append(item)
        }
        return units.keys.sorted().map { key in
            var unit = units[key]!
            do {
                if unit.requests[0].fix.source!.tokenAppearance != nil { try planTokens(&unit, cache: cache) } else { try planAsset(&unit) }
            } catch {
                unit.refusal = "\(unit.requests[0].fix.source!.definition.reference) cannot be edited: \((error as? SourceFixRefusal)?.reason ?? "\(error)")"
            }
            return unit
        }
    }

    /// Each appearance's new colour: where two pairs ask different ones, the one farther from `current`.
    static func targets(_ unit: Unit, appearance: (SourceFixRequest) -> String?, current: (String) -> RGBA?) -> [String: RGBA] {
        var targets: [String: RGBA] = [:]
        for (_, fix) in unit.requests {
            guard let request = fix.source, let name = appearance(request) else { continue }
            let now = current(name) ?? request.to
            func solid(_ c: RGBA) -> RGBA { RGBA(red: c.red, green: c.green, blue: c.blue) }
            if let known = targets[name], JointColorFix.distance(solid(known), solid(now)) >= JointColorFix.distance(solid(request.to), solid(now)) { continue }
            targets[name] = request.to
        }
        return targets
    }

    /// Checks the edited source read back (`before` and `after` give a reference's colour in an
    /// appearance): asked appearances get their colour, the others keep theirs.
    static func verify(_ unit: inout Unit, reference: String, appearances: [String], targets: [String: RGBA],
                       before: (String, String) -> RGBA?, after: (String, String) -> RGBA?) throws(SourceFixRefusal) {
        for appearance in appearances {
            let old = before(reference, appearance)?.hexString, new = after(reference, appearance)?.hexString
            if let target = targets[appearance] {
                guard new == target.hexString else {
                    throw SourceFixRefusal(reason: "the edit does not reach it in \(appearance) (a later source sets it there)")
                }
            } else if old != new {
                throw SourceFixRefusal(reason: "its value is shared with \(appearance), where it passes, and no override can hold the failing appearances alone")
            }
        }
    }

    func change(_ file: String, _ edit: ByteEdit, _ reference: String, _ appearances: [String], from: RGBA?, to: RGBA) -> SpecFixer.Change {
        SpecFixer.Change(file: file, line: edit.line, column: edit.column,
                         old: "\(reference) in \(appearances.joined(separator: ", ")) \(from?.hexString ?? "")",
                         new: to.hexString + (edit.range.isEmpty ? " (override added)" : ""))
    }
}

extension SourceFixRefusal {
    init(_ error: ColorSourceError) { reason = error.message }
}
