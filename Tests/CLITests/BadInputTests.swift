import Testing
import Foundation

/// Malformed and invalid inputs: exit 2, `file:line:column: message`, no crash,
/// and a valid spec linted beside them is still reported in full.
struct BadInputTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let bytes: [UInt8]
        let line: Int
        let column: Int
        let message: String
        var testDescription: String { name }
        init(_ name: String, _ text: String, _ line: Int, _ column: Int, _ message: String) {
            self.init(name, Array(text.utf8), line, column, message)
        }
        init(_ name: String, _ bytes: [UInt8], _ line: Int, _ column: Int, _ message: String) {
            self.name = name
            self.bytes = bytes
            self.line = line
            self.column = column
            self.message = message
        }
    }

    static let cases: [Case] = [
        Case("trailing comma", "{\n  \"name\": \"CheckboxView\",\n}\n", 2, 25, "trailing comma"),
        Case("missing colon", "{\"name\" \"CheckboxView\"}", 1, 9, "':'"),
        Case("unterminated string", "{\"name\": \"Checkbox", 1, 10, "unterminated string"),
        Case("empty file", "", 1, 1, "empty"),
        Case("invalid UTF-8", [0x7B, 0x22, 0x6E, 0x22, 0x3A, 0x22, 0xFF, 0x22, 0x7D], 1, 7, "UTF-8"),
        Case("deep nesting", String(repeating: "[", count: 200_000), 1, 513, "nesting"),
        Case("root not an object", "[1, 2]", 1, 1, "object"),
        Case("missing name", "{\"tags\": [\"checkbox\"]}", 1, 1, "\"name\""),
        Case("wrong type", "{\"name\": \"CheckboxView\",\n \"a11y\": {\"geometry\": {\"outerSize\": \"24\"}}}", 2, 37, "must be a number"),
        Case("bad enum with suggestion", "{\"name\": \"CheckboxView\",\n \"a11y\": {\"variants\": [{\"text\": \"A\", \"shape\": \"cirle\"}]}}", 2, 47, "did you mean 'circle'"),
        Case("bad color", "{\"name\": \"CheckboxView\", \"a11y\": {\"themes\": {\"t\": {\"background\": \"#GGG\"}}}}", 1, 66, "invalid color"),
        Case("translucent background", "{\"name\": \"CheckboxView\", \"a11y\": {\"themes\": {\"t\": {\"background\": \"#FFFFFF80\"}}}}", 1, 66, "backdrop"),
        Case("unknown theme", "{\"name\": \"CheckboxView\", \"a11y\": {\"themes\": {\"light\": {}}, \"variants\": [{\"text\": \"A\", \"themes\": [\"lihgt\"]}]}}", 1, 98, "did you mean 'light'"),
        Case("unknown kind with suggestion", "{\"name\": \"Agree\",\n \"a11y\": {\"kind\": \"chekbox\"}}", 2, 19, "invalid \"kind\" 'chekbox' (did you mean 'checkbox'?)"),
        Case("width out of range", "{\"name\": \"CheckboxView\",\n \"a11y\": {\"variants\": [{\"text\": \"A\", \"width\": 1e308}]}}", 2, 47, "\"width\" must be at most 10000 pt, got 1e308"),
        Case("infinite geometry", "{\"name\": \"CheckboxView\",\n \"a11y\": {\"geometry\": {\"gap\": 1e400}}}", 2, 31, "\"gap\" must be at most 10000 pt, got 1e400"),
        Case("font size out of range", "{\"name\": \"CheckboxView\",\n \"a11y\": {\"typography\": {\"size\": 0.5}}}", 2, 34, "\"size\" must be a font size from 1 to 1000 pt, got 0.5"),
        Case("suppression without reason", "{\"name\": \"CheckboxView\", \"a11y\": {\"suppress\": [{\"rule\": \"text-contrast\"}]}}", 1, 48, "reason"),
    ]

    static let validSpec = """
    {"name": "CheckboxView", "a11y": {"variants": [{"name": "ok", "text": "Agree", "isError": true}]}}
    """

    @Test("bad input", arguments: cases)
    func badInput(_ c: Case) throws {
        let dir = TempDir()
        defer { dir.cleanUp() }
        dir.write("bad.json", c.bytes)
        dir.write("good.json", Self.validSpec)
        let text = CLI.run(["bad.json", "good.json"], in: dir.url)
        #expect(text.status == 2)
        #expect(text.stdout.contains("bad.json:\(c.line):\(c.column): error: "), "\(text.stdout)")
        #expect(text.stdout.contains(c.message), "\(text.stdout)")
        // The valid spec beside it is still linted.
        #expect(text.stdout.contains("good.json:1:48: warning: "), "\(text.stdout)")

        let json = CLI.run(["bad.json", "good.json", "--reporter", "json"], in: dir.url)
        #expect(json.status == 2)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let errors = try #require(object["inputErrors"] as? [[String: Any]])
        #expect(errors.count == 1)
        #expect(errors.first?["file"] as? String == "bad.json")
        #expect(errors.first?["line"] as? Int == c.line)
        #expect(errors.first?["column"] as? Int == c.column)
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(findings.contains { $0["rule"] as? String == "error-without-message" && $0["file"] as? String == "good.json" })
    }

    @Test func missingPathIsExit2AndOthersStillLinted() {
        let dir = TempDir()
        defer { dir.cleanUp() }
        dir.write("good.json", Self.validSpec)
        let result = CLI.run(["nope.json", "good.json"], in: dir.url)
        #expect(result.status == 2)
        #expect(result.stdout.contains("nope.json:1:1: error: no such file or directory"))
        #expect(result.stdout.contains("good.json:1:48: warning: "))
    }

    @Test func badUsageIsExit2() {
        #expect(CLI.run(["--reporter", "yaml", "x.json"]).status == 2)
        #expect(CLI.run(["--level", "AAAA", "x.json"]).status == 2)
        #expect(CLI.run([]).status == 2)
        let unknown = CLI.run(["rules", "text-contrat"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("did you mean 'text-contrast'"))
    }
}
