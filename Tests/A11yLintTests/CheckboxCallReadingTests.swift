import Testing
import A11yModel
import A11yLint

/// The checkbox call reader reads chains as the source rules do: across comments and
/// `#if` blocks (through the linter; the reader's own tests are in A11ySwiftReaderTests).
struct CheckboxCallReadingTests {
    func findings(_ body: [String]) -> [String] {
        let text = (["import SwiftUI", "struct Form: View {", "    @State var b = false", "    var body: some View {"]
                    + body.map { "        " + $0 } + ["    }", "}", ""]).joined(separator: "\n")
        return lintText(text, name: "Form.swift").report.findings.filter { $0.rule == "forbidden-state" }
            .map { "\($0.location.line):\($0.location.column)" }
    }

    @Test func disabledAcrossACommentAndAnIfBlock() {
        #expect(findings([#"OUDSCheckboxItem("x", isOn: $b, isError: true)"#, "    // on every platform",
                          "    .disabled(true)"]) == ["5:9"])
        #expect(findings([#"OUDSCheckboxItem("x", isOn: $b, isReadOnly: true)"#, "#if os(iOS)",
                          "    .disabled(true)", "#endif"]) == ["5:9"])
        #expect(findings([#"OUDSCheckboxItem("x", isOn: $b, isReadOnly: true)"#, "#if DEBUG",
                          #"Text("debug")"#, "#endif"]).isEmpty)
    }
}
