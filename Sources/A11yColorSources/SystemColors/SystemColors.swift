import A11yJSON
import A11yModel

/// iOS's system and semantic colours (`label`, `systemBlue`, …) in the four iOS
/// appearances, from a table compiled into the binary that names its sources and iOS
/// release (SystemColors/ios18.json). Names are UIKit's without the `Color` suffix
/// (`system:label`, `system:systemBlue`); asset catalogs reference them with it
/// (`systemBlueColor`). An unknown name resolves to nil: the caller reports the pair as
/// unverified.
public struct SystemColors: ColorSource {
    /// The table's release, as `colors.system_colors` names it (`ios18`).
    public let release: String
    public var appearances: [String] { IOSAppearance.allCases.map(\.rawValue) }
    public let colorNames: [String]
    /// Each colour in `IOSAppearance.allCases` order, with the table line it is on.
    private let table: [String: (line: Int, values: [(color: RGBA, written: String)])]
    /// Where origins point: the table's name in the project.
    private let file: String

    /// iOS 18's colours (the same as iOS 13 to 17's), the default table.
    public static let ios18: SystemColors = load(release: "ios18", file: "a11ylint:SystemColors/ios18.json",
                                                 bytes: PackageResources.ios18_json)

    /// The table of a release (`"ios18"`), or nil for one not in the data.
    public static func named(_ release: String) -> SystemColors? {
        release == "ios18" ? ios18 : nil
    }

    /// The releases `named(_:)` knows, for did-you-mean.
    public static let releases = ["ios18"]

    public func color(named name: String, in appearance: String) -> SourcedColor? {
        guard let appearance = IOSAppearance(rawValue: appearance),
              let index = IOSAppearance.allCases.firstIndex(of: appearance),
              let row = table[name] else { return nil }
        let value = row.values[index]
        return SourcedColor(color: value.color,
                            origin: ColorDefinition(reference: "system:" + name, file: file, line: row.line, value: value.written))
    }

    /// The table's name for a UIKit name as asset catalogs write it: `systemBlueColor` is
    /// `systemBlue`; nil when the table has no such colour.
    public func tableName(forUIKitName name: String) -> String? {
        guard name.hasSuffix("Color") else { return nil }
        let bare = String(name.dropLast(5))
        return table[bare] == nil ? nil : bare
    }

    /// Reads the table: `colors` maps each name to its four appearances' values,
    /// `#RRGGBB` or `#RRGGBB/ALPHA`. A row that cannot be read is left out (the table's
    /// own tests read every row).
    static func load(release: String, file: String, bytes: [UInt8]) -> SystemColors {
        var table: [String: (line: Int, values: [(color: RGBA, written: String)])] = [:]
        if let document = try? JSONDocument(bytes: bytes), let rows = document.root["colors"]?.objectMembers {
            for row in rows {
                let values = IOSAppearance.allCases.compactMap { appearance -> (color: RGBA, written: String)? in
                    guard let written = row.value[appearance.rawValue]?.stringValue,
                          let color = parse(written) else { return nil }
                    return (color, written)
                }
                if values.count == IOSAppearance.allCases.count {
                    table[row.key] = (row.keyPosition.line, values)
                }
            }
        }
        return SystemColors(release: release, colorNames: table.keys.sorted(), table: table, file: file)
    }

    /// `#RRGGBB` or `#RRGGBB/ALPHA` (ALPHA 0–1).
    static func parse(_ written: String) -> RGBA? {
        let parts = written.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count <= 2, parts[0].count == 7, var color = RGBA(hex: String(parts[0])) else { return nil }
        if parts.count == 2 {
            guard let alpha = Double(parts[1]), (0...1).contains(alpha) else { return nil }
            color.alpha = alpha
        }
        return color
    }

    private init(release: String, colorNames: [String],
                 table: [String: (line: Int, values: [(color: RGBA, written: String)])], file: String) {
        self.release = release
        self.colorNames = colorNames
        self.table = table
        self.file = file
    }
}
