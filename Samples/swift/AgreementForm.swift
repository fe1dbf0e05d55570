import SwiftUI

/// A sign-up form in the styles a11ylint sees in the wild. Several views here are
/// inaccessible on purpose; `a11ylint Samples/swift` points at each.
struct AgreementRow: View {
    @Binding var accepted: Bool
    let title: String

    var body: some View {
        HStack {
            Text(title)
            // A bare image as the whole control: no button trait, no label, 17 pt target.
            Image(systemName: accepted ? "checkmark.square.fill" : "square")
                .onTapGesture {
                    accepted.toggle()
                }
        }
    }
}

/// The accessible way to write the same row.
struct AccessibleAgreementRow: View {
    @Binding var accepted: Bool
    let title: String

    var body: some View {
        Toggle(title, isOn: $accepted)
            .toggleStyle(.switch)
    }
}

/// A checkbox style that wraps a button and forces the label to black: invisible
/// in dark mode.
struct SquareCheckboxStyle: ToggleStyle {
    func makeBody(configuration: Configuration) -> some View {
        Button {
            configuration.isOn.toggle()
        } label: {
            HStack {
                Image(systemName: configuration.isOn ? "checkmark.square" : "square")
                configuration.label
                    .colorMultiply(.black)
            }
        }
    }
}

struct NewsletterSection: View {
    @State private var newsletter = false
    @State private var terms = false

    var body: some View {
        VStack(alignment: .leading) {
            OUDSCheckboxItem("Send me the newsletter", isOn: $newsletter)
            // Read-only and disabled at once: forbidden by the design system.
            OUDSCheckboxItem("I accept the terms", isOn: $terms, isReadOnly: true)
                .disabled(true)
            // OUDSCheckboxItem("Commented out", isOn: $terms, isError: true).disabled(true)
            Text("Tap to see the terms")
                .onTapGesture(count: 2) { }
        }
    }
}
