import A11yColorSources
import A11yModel
import Foundation

/// A folder of fixture files for one test, removed at the end.
struct TokenFixtures {
    let root: String

    init() {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("a11ylint-tokens-\(UUID().uuidString)").path
        try! FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    @discardableResult
    func write(_ name: String, _ text: String) -> String {
        let path = root + "/" + name
        try! FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try! Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func cleanUp() { try? FileManager.default.removeItem(atPath: root) }

    /// The token set of one file written from `text`, or the error reading it raised.
    func tokens(_ text: String, name: String = "a.tokens.json") -> Result<TokenSet, ColorSourceError> {
        let path = write(name, text)
        do { return .success(try TokenSet(files: [path])) } catch { return .failure(error as! ColorSourceError) }
    }

    func resolver(_ text: String, contexts: [String: [String]] = [:]) -> Result<TokenSet, ColorSourceError> {
        let path = write("acme.resolver.json", text)
        do { return .success(try TokenSet(resolver: path, contexts: contexts)) } catch { return .failure(error as! ColorSourceError) }
    }
}

extension Result {
    var value: Success? { if case .success(let v) = self { return v }; return nil }
    var failure: Failure? { if case .failure(let e) = self { return e }; return nil }
}

func near(_ c: RGBA?, hex: String, tolerance: Double = 0.002) -> Bool {
    guard let h = RGBA(hex: hex) else { return false }
    return near(c, h.red, h.green, h.blue, h.alpha, tolerance: tolerance)
}
