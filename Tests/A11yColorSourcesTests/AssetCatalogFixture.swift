import A11yColorSources
import A11yModel
import Foundation

/// A throwaway `.xcassets` folder written file by file, as Xcode lays one out.
struct CatalogFixture {
    let root: String

    init() {
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("a11ylint-assets-\(UUID().uuidString)/Colors.xcassets").path
        try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    /// Writes `text` at `relative` inside the catalog (folders made as needed).
    @discardableResult
    func write(_ relative: String, _ text: String) -> String {
        let path = root + "/" + relative
        try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                 withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }

    /// A colour set `NAME.colorset/Contents.json` with these entries, in Xcode's layout.
    @discardableResult
    func colorSet(_ name: String, _ entries: [String]) -> String {
        write(name + ".colorset/Contents.json", """
        {
          "colors" : [
        \(entries.joined(separator: ",\n"))
          ],
          "info" : {
            "author" : "xcode",
            "version" : 1
          }
        }
        """)
    }

    func catalog() throws(ColorSourceError) -> AssetCatalog { try AssetCatalog(path: root, system: .ios18) }

    func remove() { try? FileManager.default.removeItem(atPath: (root as NSString).deletingLastPathComponent) }
}

/// One colour entry as Xcode writes it: `appearances` first, then `color`, then `idiom`.
func setEntry(_ components: [String: String], space: String = "srgb", appearances: [(String, String)] = [],
              idiom: String = "universal") -> String {
    let parts = components.sorted { $0.key < $1.key }.map { "          \"\($0.key)\" : \($0.value)" }
    var lines = ["    {"]
    if !appearances.isEmpty {
        lines.append("      \"appearances\" : [")
        lines.append(appearances.map { "        {\n          \"appearance\" : \"\($0.0)\",\n          \"value\" : \"\($0.1)\"\n        }" }
            .joined(separator: ",\n"))
        lines.append("      ],")
    }
    lines.append("      \"color\" : {")
    lines.append("        \"color-space\" : \"\(space)\",")
    lines.append("        \"components\" : {")
    lines.append(parts.joined(separator: ",\n"))
    lines.append("        }")
    lines.append("      },")
    lines.append("      \"idiom\" : \"\(idiom)\"")
    lines.append("    }")
    return lines.joined(separator: "\n")
}

/// An sRGB gray entry `"0.VVV"` (string, as Xcode's floating-point input writes it).
func gray(_ value: String, _ appearances: [(String, String)] = []) -> String {
    setEntry(["red": "\"\(value)\"", "green": "\"\(value)\"", "blue": "\"\(value)\"", "alpha": "\"1.000\""], appearances: appearances)
}

let dark = ("luminosity", "dark")
let light = ("luminosity", "light")
let high = ("contrast", "high")

func near(_ c: RGBA?, _ r: Double, _ g: Double, _ b: Double, _ a: Double = 1, tolerance: Double = 0.0005) -> Bool {
    guard let c else { return false }
    return abs(c.red - r) < tolerance && abs(c.green - g) < tolerance && abs(c.blue - b) < tolerance && abs(c.alpha - a) < tolerance
}
