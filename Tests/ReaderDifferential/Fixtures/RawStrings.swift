import SwiftUI

struct RawStringsView: View {
    let user = "ana"
    let quote = #"""#
    let two = ##"""##
    let pair = #""""#
    let json = #"{"name": "\#(user)", "path": "C:\Users"}"#
    let deeper = ###"a "## b "# c \###(user) \(not)"###
    let block = #"""
        He said: """Hello""" and left.
        Interpolated: \#(user), literal: \(user)
        """#
    let escaped = "tab\tnewline\n quote\" backslash\\ unicode\u{2603} \u{1F496}"
    let nested = "outer \(user.isEmpty ? "none" : "\(user.count) chars, \("deep \(1 + 2)")")"

    var body: some View {
        Text(#"Use "quotes" freely"#)
            .accessibilityLabel(#"Use quotes freely"#)
        Text("""
            Multi-line with a "quote", an \(user) and a \
            continued line
            """)
        Button(#"Delete "\#(user)""#) { delete() }
        Text(verbatim: #"/* not a comment */ // nor this"#)
    }

    func delete() {}
}
