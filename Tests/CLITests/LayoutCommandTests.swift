import A11yJSON
import Foundation
import FoundationXML
import Testing

/// `a11ylint layout` through the built binary: each option changes exactly the fields
/// it should, numbers follow docs/spec-format.md: layout (recomputed here from the text
/// width the command reports for one line), and bad input exits 2 with a clear message.
@Suite struct LayoutCommandTests {
    static let longText = "I agree to the terms and conditions and the privacy policy"
    static let spec = """
    {"name": "CheckboxView",
     "a11y": {"variants": [
       {"name": "accept-terms", "text": "Accept terms"},
       {"name": "privacy", "text": "\(longText)", "isChecked": true},
       {"name": "bare", "isChecked": "indeterminate"}
     ]}}
    """

    // MARK: Running and reading

    struct Output {
        var result: CLI.Result
        /// The JSON object, flattened to `path → value` ("label.lineWidths.1" → 41.5).
        var fields: [String: Field]

        func number(_ path: String) -> Double? {
            if case .number(let value)? = fields[path] { return value }
            return nil
        }

        func string(_ path: String) -> String? {
            if case .string(let value)? = fields[path] { return value }
            return nil
        }
    }

    enum Field: Equatable {
        case number(Double)
        case string(String)
        case null
    }

    /// Flattens a parsed JSON value. Numbers are read from their literal with Swift's
    /// correctly rounded `Double(_:)`: JSONSerialization on Linux can be off by an ulp.
    static func flatten(_ node: JSONNode, path: String, into fields: inout [String: Field]) {
        switch node.value {
        case .object(let members):
            for member in members {
                flatten(member.value, path: path.isEmpty ? member.key : path + "." + member.key, into: &fields)
            }
        case .array(let items):
            for (index, child) in items.enumerated() { flatten(child, path: path + ".\(index)", into: &fields) }
        case .string(let string):
            fields[path] = .string(string)
        case .number(_, let literal):
            fields[path] = .number(Double(literal)!)
        case .bool(let bool):
            fields[path] = .string(String(bool))
        case .null:
            fields[path] = .null
        }
    }

    /// Runs `a11ylint layout spec.json ARGUMENTS` in a folder holding `Self.spec`.
    static func layout(_ arguments: [String], spec: String = Self.spec) throws -> Output {
        let dir = TempDir()
        defer { dir.cleanUp() }
        dir.write("spec.json", spec)
        let result = CLI.run(["layout", "spec.json"] + arguments, in: dir.url)
        try #require(result.status == 0, "exit \(result.status): \(result.stderr)")
        #expect(result.stderr.isEmpty)
        return try parse(result)
    }

    static func parse(_ result: CLI.Result) throws -> Output {
        // A standard parser accepts it too.
        #expect(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) is [String: Any])
        var fields: [String: Field] = [:]
        flatten(try JSONDocument(text: result.stdout).root, path: "", into: &fields)
        return Output(result: result, fields: fields)
    }

    /// The paths whose values differ between two outputs (or exist in only one).
    static func changes(_ a: Output, _ b: Output) -> Set<String> {
        Set(a.fields.keys).union(b.fields.keys).filter { a.fields[$0] != b.fields[$0] }
    }

    static func close(_ a: Double?, _ b: Double, tolerance: Double = 1e-9) -> Bool {
        guard let a else { return false }
        return abs(a - b) <= tolerance * max(1, abs(b))
    }

    /// The frame at `path` ("indicator", "box", "label", "hitArea").
    static func frame(_ output: Output, _ path: String) -> [Double?] {
        ["x", "y", "width", "height"].map { output.number("\(path).\($0)") }
    }

    // MARK: The default variant and the geometry rules

    @Test func defaultsToTheFirstVariantLaidOutByTheRules() throws {
        let output = try Self.layout([])
        #expect(output.result.stdout.hasPrefix("{\n  \"component\": \"CheckboxView\",\n  \"variant\": \"accept-terms\","))
        #expect(output.result.stdout.hasSuffix("}\n"))
        #expect(output.string("direction") == "ltr")
        #expect(output.string("layout") == "default")
        #expect(output.string("contentSize") == "L")
        #expect(output.string("font.file")?.hasSuffix("Roboto-Regular.ttf") == true)
        #expect(output.number("font.size") == 14)
        #expect(output.number("font.lineHeight") == 16)

        // Everything follows from the one line's width.
        let textWidth = try #require(output.number("label.lineWidths.0"))
        #expect(textWidth == 12197.0 * 14 / 2048) // Roboto's shaped advances for "Accept terms"
        #expect(output.number("label.lines") == 1)
        #expect(output.fields["label.lineWidths.1"] == nil)
        let width = 24 + 8 + textWidth
        #expect(output.number("size.width") == width)
        #expect(output.number("size.width") == 115.3779296875)
        #expect(output.number("size.height") == 24)
        #expect(output.string("alignment") == "center")
        #expect(Self.frame(output, "indicator") == [0, 0, 24, 24])
        #expect(Self.frame(output, "box") == [2, 2, 20, 20])
        #expect(output.number("box.cornerRadius") == 6)
        #expect(output.number("box.borderWidth") == 2)
        #expect(Self.frame(output, "label") == [32, (24 - 16) / 2, textWidth, 16])
        #expect(Self.frame(output, "hitArea") == [0, 0, width, 24])
        #expect(output.result.stdout.contains("\"width\": 115.3779296875,"))
    }

    @Test func variantPicksTheNamedVariant() throws {
        let base = try Self.layout([])
        let privacy = try Self.layout(["--variant", "privacy", "--width", "200"])
        #expect(privacy.string("variant") == "privacy")
        let lines = try #require(privacy.number("label.lines"))
        #expect(lines == 3)
        // Several lines: label as wide as the room left, top-aligned with the indicator.
        #expect(privacy.string("alignment") == "top")
        #expect(Self.frame(privacy, "label") == [32, 0, 200 - 32, lines * 16])
        #expect(Self.frame(privacy, "indicator") == [0, 0, 24, 24])
        #expect(privacy.number("size.width") == 200)
        #expect(privacy.number("size.height") == lines * 16)
        for index in 0..<Int(lines) {
            let lineWidth = try #require(privacy.number("label.lineWidths.\(index)"))
            #expect(lineWidth > 0 && lineWidth <= 200 - 32)
        }

        // A variant without text has no label and is only its indicator.
        let bare = try Self.layout(["--variant", "bare"])
        #expect(bare.string("variant") == "bare")
        #expect(bare.fields["label"] == .null)
        #expect(bare.result.stdout.contains("\"label\": null"))
        #expect(Self.frame(bare, "indicator") == [0, 0, 24, 24])
        #expect(Self.frame(bare, "hitArea") == [0, 0, 24, 24])
        #expect(bare.number("size.width") == 24)
        // The same spec, the same font, the same geometry apart from what the text decides.
        #expect(Self.changes(base, bare).isSubset(of: ["variant", "size.width", "hitArea.width", "label", "label.x",
                                                      "label.y", "label.width", "label.height", "label.lines",
                                                      "label.lineWidths.0"]))
    }

    @Test func textReplacesTheLabelOnly() throws {
        let base = try Self.layout([])
        let hello = try Self.layout(["--text", "Hello"])
        let textWidth = try #require(hello.number("label.lineWidths.0"))
        #expect(textWidth < base.number("label.lineWidths.0")!)
        #expect(Self.changes(base, hello) == ["size.width", "label.width", "label.lineWidths.0", "hitArea.width"])
        #expect(hello.number("size.width") == 32 + textWidth)
        #expect(hello.number("label.width") == textWidth)
        #expect(hello.number("hitArea.width") == 32 + textWidth)
        #expect(hello.string("variant") == "accept-terms")

        for empty in ["", "   "] {
            let none = try Self.layout(["--text", empty])
            #expect(none.fields["label"] == .null, "--text '\(empty)'")
            #expect(Self.changes(base, none) == ["size.width", "hitArea.width", "label", "label.x", "label.y",
                                                 "label.width", "label.height", "label.lines", "label.lineWidths.0"])
            #expect(none.number("size.width") == 24)
        }
    }

    @Test func widthOnlyMattersOnceTheTextNoLongerFits() throws {
        let base = try Self.layout([])
        // 200 − 32 leaves room for "Accept terms": nothing changes.
        #expect(Self.changes(base, try Self.layout(["--width", "200"])).isEmpty)
        // Exactly the text's width of room still fits on one line.
        let exact = String(base.number("size.width")!)
        #expect(Self.changes(base, try Self.layout(["--width", exact])).isEmpty)

        let narrow = try Self.layout(["--width", "100"])
        #expect(Self.changes(base, narrow) == ["size.width", "size.height", "alignment", "label.y", "label.width",
                                               "label.height", "label.lines", "label.lineWidths.0", "label.lineWidths.1",
                                               "hitArea.width", "hitArea.height"])
        #expect(narrow.number("label.lines") == 2)
        #expect(narrow.string("alignment") == "top")
        #expect(Self.frame(narrow, "label") == [32, 0, 100 - 32, 32])
        #expect(Self.frame(narrow, "indicator") == [0, 0, 24, 24])
        #expect(narrow.number("size.width") == 100)
        #expect(narrow.number("size.height") == 32)
        #expect(Self.frame(narrow, "hitArea") == [0, 0, 100, 32])
        let first = try #require(narrow.number("label.lineWidths.0"))
        let second = try #require(narrow.number("label.lineWidths.1"))
        // "Accept" and "terms": the trailing space does not count, so they add up to less than the whole.
        #expect(first <= 68 && second <= 68)
        #expect(first + second < base.number("label.width")!)
    }

    @Test func directionMirrorsTheFrames() throws {
        let ltr = try Self.layout([])
        let rtl = try Self.layout(["--direction", "rtl"])
        #expect(Self.changes(ltr, rtl) == ["direction", "indicator.x", "box.x", "label.x"])
        #expect(rtl.string("direction") == "rtl")
        let width = try #require(rtl.number("size.width"))
        // x′ = componentWidth − x − w, for every frame.
        for name in ["indicator", "box", "label", "hitArea"] {
            let x = try #require(ltr.number("\(name).x")), w = try #require(ltr.number("\(name).width"))
            #expect(rtl.number("\(name).x") == width - x - w, "\(name)")
        }
        #expect(rtl.number("label.x") == 0)
        #expect(rtl.number("indicator.x") == width - 24)
        #expect(rtl.number("box.x") == width - 24 + 2)

        // Several lines mirror the same way (the label is then the available width).
        let narrowLTR = try Self.layout(["--width", "100"])
        let narrowRTL = try Self.layout(["--width", "100", "--direction", "rtl"])
        #expect(Self.changes(narrowLTR, narrowRTL) == ["direction", "indicator.x", "box.x", "label.x"])
        #expect(narrowRTL.number("indicator.x") == 76)
        #expect(narrowRTL.number("label.x") == 0)
    }

    @Test func reversedLayoutPutsTheIndicatorAfterTheLabel() throws {
        let base = try Self.layout([])
        let reversed = try Self.layout(["--layout", "reversed"])
        #expect(Self.changes(base, reversed) == ["layout", "indicator.x", "box.x", "label.x"])
        #expect(reversed.string("layout") == "reversed")
        let textWidth = try #require(reversed.number("label.width"))
        #expect(reversed.number("label.x") == 0)
        #expect(reversed.number("indicator.x") == textWidth + 8)
        #expect(reversed.number("box.x") == textWidth + 8 + 2)

        // Reversed and mirrored: the indicator is back at the left, the label at its right.
        let both = try Self.layout(["--layout", "reversed", "--direction", "rtl"])
        #expect(Self.changes(base, both) == ["layout", "direction"])
    }

    @Test func shapeChangesOnlyTheCornerRadius() throws {
        let square = try Self.layout([])
        let circle = try Self.layout(["--shape", "circle"])
        #expect(Self.changes(square, circle) == ["box.cornerRadius"])
        #expect(square.number("box.cornerRadius") == 6)
        #expect(circle.number("box.cornerRadius") == 10)
        #expect(Self.changes(square, try Self.layout(["--shape", "square"])).isEmpty)
    }

    @Test(arguments: [("xS", 14.0), ("M", 16), ("xL", 19), ("AX1", 28), ("AX3", 40), ("AX5", 53)])
    func contentSizeScalesTheTextNotTheIndicator(category: String, bodySize: Double) throws {
        let base = try Self.layout([])
        let scaled = try Self.layout(["--content-size", category])
        let scale = bodySize / 17
        #expect(scaled.string("contentSize") == category)
        #expect(scaled.number("font.size") == 14 * scale)
        #expect(scaled.number("font.lineHeight") == 16 * scale)
        // Shaped advances scale linearly with the size.
        let textWidth = try #require(scaled.number("label.lineWidths.0"))
        #expect(Self.close(textWidth, base.number("label.lineWidths.0")! * scale))
        #expect(scaled.number("label.lines") == 1)

        // One line: label and indicator centered in max(outerSize, lineHeight).
        let lineHeight = 16 * scale
        let height = max(24, lineHeight)
        #expect(scaled.number("size.width") == 32 + textWidth)
        #expect(scaled.number("size.height") == height)
        #expect(Self.frame(scaled, "indicator") == [0, (height - 24) / 2, 24, 24])
        #expect(Self.frame(scaled, "box") == [2, (height - 24) / 2 + 2, 20, 20])
        #expect(Self.frame(scaled, "label") == [32, (height - lineHeight) / 2, textWidth, lineHeight])
        #expect(Self.frame(scaled, "hitArea") == [0, 0, 32 + textWidth, height])
        #expect(Self.changes(base, scaled).isSubset(of: [
            "contentSize", "font.size", "font.lineHeight", "size.width", "size.height", "indicator.y", "box.y",
            "label.y", "label.width", "label.height", "label.lineWidths.0", "hitArea.width", "hitArea.height",
        ]))
    }

    @Test func contentSizeAX3OnALongLabelWrapsAtTheScaledSize() throws {
        let large = try Self.layout(["--content-size", "AX3", "--variant", "privacy"])
        let lineHeight = 16 * (40 / 17.0)
        let lines = try #require(large.number("label.lines"))
        let atL = try Self.layout(["--variant", "privacy"])
        #expect(lines > atL.number("label.lines")!)
        #expect(large.string("alignment") == "top")
        #expect(Self.frame(large, "label") == [32, 0, 343 - 32, lines * lineHeight])
        #expect(large.number("size.height") == lines * lineHeight)
        #expect(large.number("indicator.y") == 0)
    }

    @Test func lineFeedInTextForcesASecondLine() throws {
        let output = try Self.layout(["--text", "One\nTwo"])
        #expect(output.number("label.lines") == 2)
        #expect(output.string("alignment") == "top")
        // Not one line, so the label takes the whole available width.
        #expect(Self.frame(output, "label") == [32, 0, 343 - 32, 32])
        #expect(output.number("size.width") == 343)
        let first = try #require(output.number("label.lineWidths.0"))
        let second = try #require(output.number("label.lineWidths.1"))
        let one = try Self.layout(["--text", "One"]), two = try Self.layout(["--text", "Two"])
        #expect(first == one.number("label.width"))
        #expect(second == two.number("label.width"))
    }

    // MARK: Formats

    @Test func textFormatListsTheSameFrames() throws {
        let json = try Self.layout(["--direction", "rtl", "--width", "100"])
        let dir = TempDir()
        defer { dir.cleanUp() }
        dir.write("spec.json", Self.spec)
        let result = CLI.run(["layout", "spec.json", "--direction", "rtl", "--width", "100", "--format", "text"], in: dir.url)
        #expect(result.status == 0)
        let rows = result.stdout.split(separator: "\n")
        #expect(rows.first.map(String.init) == "CheckboxView / accept-terms  rtl default  contentSize L")
        #expect(result.stdout.contains("alignment top"))
        for name in ["indicator", "box", "label", "hitArea"] {
            let row = try #require(rows.first { $0.split(separator: " ").first == Substring(name) }, "no \(name) row")
            let numbers = row.split(separator: " ").dropFirst().prefix(4).compactMap { Double($0) }
            let expected = Self.frame(json, name)
            try #require(numbers.count == 4, "\(row)")
            for (shown, value) in zip(numbers, expected) {
                #expect(Self.close(shown, value!, tolerance: 0.0005), "\(name): \(shown) vs \(value!)")
            }
        }
        #expect(rows.contains { $0.hasPrefix("  line 1 ") && $0.hasSuffix("\"Accept\"") })
        #expect(rows.contains { $0.hasPrefix("  line 2 ") && $0.hasSuffix("\"terms\"") })
    }

    @Test func svgFormatIsAWellFormedDrawingOfTheLayout() throws {
        let json = try Self.layout(["--direction", "rtl", "--shape", "circle", "--variant", "privacy"])
        let dir = TempDir()
        defer { dir.cleanUp() }
        dir.write("spec.json", Self.spec)
        let result = CLI.run(["layout", "spec.json", "--direction", "rtl", "--shape", "circle", "--variant", "privacy",
                              "--format", "svg"], in: dir.url)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(result.stdout.hasSuffix("</svg>\n"))
        let document = try XMLDocument(xmlString: result.stdout, options: [])
        let root = try #require(document.rootElement())
        #expect(root.localName == "svg")
        #expect(root.value("viewBox")?.split(separator: " ").count == 4)
        // The checked circle's filled box, where the JSON puts it.
        var rounded: [XMLElement] = []
        func walk(_ element: XMLElement) {
            if element.localName == "rect", element.value("rx") != nil { rounded.append(element) }
            for case let child as XMLElement in element.children ?? [] { walk(child) }
        }
        walk(root)
        try #require(rounded.count == 1)
        func attribute(_ name: String) -> Double? { rounded[0].value(name).flatMap { Double($0) } }
        #expect(Self.close(attribute("x"), json.number("box.x")!, tolerance: 0.0005))
        #expect(Self.close(attribute("y"), json.number("box.y")!, tolerance: 0.0005))
        #expect(attribute("rx") == 10)
    }

    @Test func formatsAreDeterministic() throws {
        for format in ["json", "svg", "text"] {
            let first = CLI.run(["layout", "Samples/specs/components/CheckboxView.json", "--format", format])
            let second = CLI.run(["layout", "Samples/specs/components/CheckboxView.json", "--format", format])
            #expect(first.status == 0)
            #expect(!first.stdout.isEmpty)
            #expect(first.stdout == second.stdout, "\(format)")
        }
    }

    // MARK: Swift files

    @Test func swiftFileCallIsLaidOut() throws {
        let dir = TempDir()
        defer { dir.cleanUp() }
        dir.write("Terms.swift", """
        import SwiftUI

        struct TermsView: View {
            @State private var x = false
            var body: some View {
                OUDSCheckboxItem("Hello", isOn: $x)
            }
        }

        """)
        let result = CLI.run(["layout", "Terms.swift"], in: dir.url)
        try #require(result.status == 0, "\(result.stderr)")
        let output = try Self.parse(result)
        #expect(output.string("component") == "OUDSCheckboxItem")
        let textWidth = try #require(output.number("label.lineWidths.0"))
        #expect(output.number("label.lines") == 1)
        // OUDS geometry (Rules/presets/component-calls.yml): 24 pt indicator, 12 pt gap,
        // square corners, a 48 × 48 minimum touch area centered on the component.
        let width = 24 + 12 + textWidth
        #expect(Self.frame(output, "label") == [36, 4, textWidth, 16])
        #expect(output.number("size.width") == width)
        #expect(output.number("box.cornerRadius") == 0)
        let hitWidth = max(width, 48)
        #expect(Self.frame(output, "hitArea") == [(width - hitWidth) / 2, (24 - 48) / 2, hitWidth, 48])
        // The text measured the same way as in a JSON spec.
        let fromSpec = try Self.layout(["--text", "Hello"])
        #expect(fromSpec.number("label.lineWidths.0") == textWidth)
    }

    // MARK: Errors

    static func failing(_ arguments: [String], files: [String: String] = ["spec.json": spec]) -> CLI.Result {
        let dir = TempDir()
        defer { dir.cleanUp() }
        for (name, text) in files { dir.write(name, text) }
        return CLI.run(arguments, in: dir.url)
    }

    @Test func nothingToLayOutExits2() {
        let swift = Self.failing(["layout", "Plain.swift"], files: ["Plain.swift": "let answer = 42\n"])
        #expect(swift.status == 2)
        #expect(swift.stdout.isEmpty)
        #expect(swift.stderr.contains("Plain.swift: no variant to lay out"), "\(swift.stderr)")

        let index = Self.failing(["layout", "index.json"],
                                 files: ["index.json": #"{"version": "1.0.0", "components": [{"name": "CheckboxView"}]}"#])
        #expect(index.status == 2)
        #expect(index.stderr.contains("index file"), "\(index.stderr)")
    }

    @Test func unknownVariantSuggestsTheClosestName() {
        let result = Self.failing(["layout", "spec.json", "--variant", "acept-terms"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("spec.json: no variant 'acept-terms' (did you mean 'accept-terms'?)"), "\(result.stderr)")
        #expect(result.stderr.contains("variants: accept-terms, privacy, bare"))
    }

    @Test func missingFileExits2() {
        let result = Self.failing(["layout", "nope.json"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("nope.json"), "\(result.stderr)")
        #expect(result.stderr.contains("cannot read the file"))
    }

    @Test func malformedJSONNamesLineAndColumn() {
        let result = Self.failing(["layout", "bad.json"], files: ["bad.json": "{\n  \"name\": \"X\",\n}\n"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        // Line 2, column 14: the trailing comma.
        #expect(result.stderr.contains("bad.json:2:14: "), "\(result.stderr)")
        #expect(result.stderr.contains("trailing comma"))
    }

    @Test(arguments: ["0", "-3", "nan", "inf"])
    func widthMustBeAPositiveNumber(width: String) {
        let result = Self.failing(["layout", "spec.json", "--width=\(width)"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("--width must be a finite number greater than 0"), "\(result.stderr)")
    }

    @Test(arguments: [("--content-size", "XXXXL"), ("--content-size", "ax6"), ("--direction", "up"),
                      ("--layout", "mirrored"), ("--shape", "star"), ("--format", "pdf"), ("--width", "wide")])
    func badOptionValuesAreRejected(option: String, value: String) {
        let result = Self.failing(["layout", "spec.json", option, value])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("'\(value)' is invalid for '\(option)"), "\(result.stderr)")
        if option == "--content-size" {
            // The valid categories are listed.
            for category in ["xS", "L", "xxxL", "AX3", "AX5"] { #expect(result.stderr.contains("- \(category)\n")) }
        }
    }

    /// Dynamic Type names are case-insensitive: `XL`, `xl` and `xL` are one category.
    @Test(arguments: [("XL", "xL"), ("xxl", "xxL"), ("ax3", "AX3"), ("l", "L")])
    func contentSizeNamesAreCaseInsensitive(given: String, category: String) {
        let result = CLI.run(["layout", "Samples/specs/components/CheckboxView.json", "--content-size", given,
                              "--format", "text"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("CheckboxView / accept-terms  ltr default  contentSize \(category)\n"))
    }

    @Test func missingFontFamilyNamesTheFoldersSearched() {
        let spec = #"{"name": "CheckboxView", "a11y": {"typography": {"font": "No Such Family Xyz"}}}"#
        let result = Self.failing(["layout", "spec.json"], files: ["spec.json": spec])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("spec.json: font 'No Such Family Xyz' not found (searched: "), "\(result.stderr)")
        // fontconfig's folders, and the one Roboto came from among them.
        let searched = result.stderr.components(separatedBy: "(searched: ").last?.dropLast(2) ?? ""
        let folders = searched.components(separatedBy: ", ")
        #expect(!folders.isEmpty)
        #expect(folders.allSatisfy { $0.hasPrefix("/") })
        let roboto = try? Self.layout([])
        if let file = roboto?.string("font.file") {
            #expect(folders.contains { file.hasPrefix($0 + "/") }, "\(file) not under \(folders)")
        }
    }

    @Test func missingFontFileNamesThePathTried() {
        let dir = TempDir()
        defer { dir.cleanUp() }
        let specPath = dir.write("specs/spec.json", #"{"name": "CheckboxView", "a11y": {"typography": {"font": "../fonts/Brand.ttf"}}}"#)
        let result = CLI.run(["layout", specPath], in: dir.url)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        // Relative to the spec's folder.
        #expect(result.stderr.contains("font '../fonts/Brand.ttf' not found (searched: \(dir.url.path)/specs/../fonts/Brand.ttf)"),
                "\(result.stderr)")
    }

    @Test func textlessVariantDoesNotNeedTheFont() throws {
        let spec = #"{"name": "CheckboxView", "a11y": {"typography": {"font": "No Such Family Xyz"}, "variants": [{"name": "dot"}]}}"#
        let output = try Self.layout([], spec: spec)
        #expect(output.fields["label"] == .null)
        #expect(output.fields["font.file"] == .null)
        #expect(Self.frame(output, "indicator") == [0, 0, 24, 24])
        // Adding text makes the font necessary.
        let result = Self.failing(["layout", "spec.json", "--text", "Now with text"], files: ["spec.json": spec])
        #expect(result.status == 2)
        #expect(result.stderr.contains("font 'No Such Family Xyz' not found"))
    }
}

extension XMLElement {
    /// An attribute's value by name. (`attribute(forName:)` finds nothing in a document
    /// with a default namespace on swift-corelibs-foundation.)
    fileprivate func value(_ name: String) -> String? {
        attributes?.first { $0.name == name }?.stringValue
    }
}
