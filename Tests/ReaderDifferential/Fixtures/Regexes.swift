import SwiftUI

struct EmailField: View {
    @State private var email = ""
    private let emailPattern = /^[\w.+-]+@[\w-]+\.[a-z]{2,}$/
    private let hexColour = #/#[0-9a-fA-F]{6}/#
    private let slashes = ##/a/#b/##
    private let dateRegex = #/
        (?<year> \d{4}) - (?<month> \d{2}) # year and month
        (?: - (?<day> \d{2}) )?            # an optional day
        /#

    var isValid: Bool {
        email.wholeMatch(of: emailPattern) != nil && !email.contains(/\s/)
    }

    var body: some View {
        HStack {
            TextField("Email", text: $email)
            Image(systemName: isValid ? "checkmark" : "xmark")
                .foregroundColor(email.firstMatch(of: /x+/) == nil ? .green : .red)
                .accessibilityLabel(isValid ? "Valid" : "Invalid")
        }
        .onChange(of: email) { _, new in
            let parts = new.split(separator: /[,;]/)
            let half = Double(parts.count) / 2 / 1.5
            print(half, parts)
        }
    }

    func scale(_ width: Double, _ height: Double) -> Double {
        let aspect = width / height / 2
        return aspect/2 + (width / 3)
    }
}
