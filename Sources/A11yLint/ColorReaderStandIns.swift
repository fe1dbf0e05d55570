import A11yModel
import A11yColorSources

// TEMPORARY: stand-ins for the readers helpers "tokens" and "assets" write (same entry points);
// deleted when they land on main.

struct TokenSet: ColorSource {
    var appearances: [String] { ["default"] }
    var colorNames: [String] { [] }
    func color(named name: String, in appearance: String) -> SourcedColor? { nil }
    init(resolver path: String, contexts: [String: [String]] = [:]) throws {
        throw ColorSourceError(file: path, line: 0, column: 0, message: "design tokens are not read yet")
    }
    init(files paths: [String]) throws {
        throw ColorSourceError(file: paths.first ?? "", line: 0, column: 0, message: "design tokens are not read yet")
    }
}

struct AssetCatalog: ColorSource {
    var appearances: [String] { IOSAppearance.allCases.map(\.rawValue) }
    var colorNames: [String] { [] }
    func color(named name: String, in appearance: String) -> SourcedColor? { nil }
    init(path: String, system: SystemColors) throws {
        throw ColorSourceError(file: path, line: 0, column: 0, message: "asset catalogs are not read yet")
    }
}

struct SystemColors: ColorSource {
    var appearances: [String] { IOSAppearance.allCases.map(\.rawValue) }
    var colorNames: [String] { [] }
    func color(named name: String, in appearance: String) -> SourcedColor? { nil }
    static let ios18 = SystemColors()
    static func named(_ release: String) -> SystemColors? { release == "ios18" ? ios18 : nil }
}
