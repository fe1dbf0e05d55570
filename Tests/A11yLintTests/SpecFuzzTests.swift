import Testing
import Foundation
import A11yModel
import A11yLint

/// Specs made of random but well-formed JSON in every field a11ylint reads: the
/// linter must never crash, and every problem must be a finding or an input error
/// that points inside the file.
struct SpecFuzzTests {
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state >> 33
        }
        mutating func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }

        mutating func scalar() -> String {
            pick(["0", "-1", "24", "1e308", "-1e308", "0.5", "1e-300", "3.4028235e38", "44", "\"24\"", "true",
                  "false", "null", "\"\"", "\"   \"", "\"Accept terms\"", "\"#FFF\"", "\"#00000080\"", "\"#GG0000\"",
                  "\"circle\"", "\"square\"", "\"indeterminate\"", "\"AX5\"", "\"xS\"", "\"rtl\"", "\"reversed\"",
                  "\"component\"", "\"indicator\"", "\"No Such Font\"", "\"Roboto\"", "\"é😀\\n\\u0000\"",
                  "[]", "{}", "[\"button\"]", "[\"toggle\", 1]", "{\"white\": 0, \"alpha\": 0.5}",
                  "{\"red\": 2, \"green\": 0, \"blue\": 0}", "{\"minWidth\": 1e20, \"minHeight\": -5}"])
        }

        mutating func object(_ keys: [String], depth: Int) -> String {
            var members: [String] = []
            for key in keys where next() % 3 != 0 {
                members.append("\"\(key)\": \(value(for: key, depth: depth))")
            }
            if next() % 7 == 0 { members.append("\"\(pick(keys))x\": 1") }
            return "{" + members.joined(separator: ", ") + "}"
        }

        mutating func value(for key: String, depth: Int) -> String {
            guard depth < 4 else { return scalar() }
            switch key {
            case "a11y": return object(SpecKeys.a11y, depth: depth + 1)
            case "geometry": return object(SpecKeys.geometry, depth: depth + 1)
            case "typography": return object(SpecKeys.typography, depth: depth + 1)
            case "accessibility": return object(SpecKeys.accessibility, depth: depth + 1)
            case "themes":
                return "{\"t/light\": " + object(SpecKeys.theme, depth: depth + 1) + ", \"t/dark\": "
                    + object(SpecKeys.theme, depth: depth + 1) + "}"
            case "colors": return object(SpecKeys.colorRoles, depth: depth + 1)
            case "variants":
                return "[" + (0..<Int(next() % 4)).map { _ in object(SpecKeys.variant, depth: depth + 1) }.joined(separator: ", ") + "]"
            case "suppress": return "[" + object(SpecKeys.suppression, depth: depth + 1) + "]"
            case "usage":
                return pick(["\"box.configure(text: \\\"A\\\", shape: .circle, isChecked: true)\"",
                             "\"OUDSCheckboxItem(\\\"x\\\", isOn: $o, isError: true).disabled(true)\"",
                             "\"configure(\"", "\"box.configure(text: \\\"\\\"\\\"\\n\\\"\\\"\\\")\"", "\")))(((\"", scalar()])
            default: return scalar()
            }
        }
    }

    @Test func randomSpecsNeverCrash() {
        var generator = Generator(state: 0xA11C)
        let folder = TempFolder()
        defer { folder.cleanUp() }
        var paths: [String] = []
        for i in 0..<300 {
            var spec = generator.object(SpecKeys.base, depth: 0)
            if generator.next() % 2 == 0 { spec = "{\"name\": \"CheckboxView\", " + spec.dropFirst() }
            if spec.hasSuffix(", }") { spec = String(spec.dropLast(3)) + "}" }
            paths.append(folder.write("spec\(i).json", spec.replacingOccurrences(of: "{, ", with: "{")))
        }
        let result = lint(paths) { $0.jobs = 2 }
        #expect(result.report.files == 300)
        for finding in result.report.findings {
            #expect(finding.location.line >= 1 && finding.location.column >= 1)
        }
        for error in result.report.inputErrors {
            #expect(error.location.line >= 1 && error.location.column >= 1)
        }
        // Something of each kind happened, so the generator exercised the paths.
        #expect(!result.report.findings.isEmpty)
        #expect(!result.report.inputErrors.isEmpty)
    }
}
