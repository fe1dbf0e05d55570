import Foundation
import A11yJSON
import A11yModel
import A11ySwiftReader

extension Linter {
    /// The component specs in one file (a spec, or the checkbox calls of a Swift
    /// file), for commands that look at specs rather than lint them (`layout`).
    public func specs(at path: String) -> (specs: [ComponentSpec], errors: [InputError]) {
        let bytes: [UInt8]
        switch Self.readRegularFile(path, limit: configuration.maxFileSize) {
        case .success(let contents): bytes = contents
        case .failure(let problem): return ([], [InputError(file: path, message: problem.message)])
        }
        if FileDispatch.kind(ofPath: path) == .swift {
            guard let text = String(validating: bytes, as: UTF8.self) else {
                return ([], [InputError(file: path, message: "the file is not valid UTF-8")])
            }
            return (loader.swiftFileSpecs(SwiftSource(text), file: path), [])
        }
        do {
            let document = try JSONDocument(bytes: bytes)
            if FileDispatch.isIndex(document) {
                return ([], [InputError(file: path, message: "this is an index file: give one of the component specs it lists")])
            }
            let result = loader.loadSpec(document, file: path)
            guard var spec = result.spec else { return ([], result.errors) }
            // Its String Catalog too, so that `layout` shows the translated labels.
            let stringsError = Self.loadStrings(&spec)
            return ([spec], result.errors + (stringsError.map { [$0] } ?? []))
        } catch {
            return ([], [InputError(file: path, line: error.position.line, column: error.position.column, message: error.message)])
        }
    }
}
